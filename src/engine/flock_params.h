/*
 * flock_params.h: the numbers the flock flies by.
 *
 * The rule weights, lengths and limits, the wind and the goal, and the
 * behaviours switched on: what the options set, the keys change and
 * the steering rules (steer.h) work out once per step. A type of its
 * own, below both the engine and its rules, so that the rules need
 * nothing else of the engine.
 */
#ifndef BOIDS_FLOCK_PARAMS_H
#define BOIDS_FLOCK_PARAMS_H

/* The three rules' weights (m1, m2, m3), by name: Tab walks through
 * them, + and - change one, the status line shows which. */
enum flock_weight { WEIGHT_COHESION, WEIGHT_SEPARATION, WEIGHT_ALIGNMENT,
	WEIGHT_COUNT };

/* How a boid perceives the boids around it for cohesion and alignment:
 * each one within the radius, or, in a big flock, through the sums of
 * the cells around it (sight.h); flock_params_fit() chooses. */
enum flock_perceive { FLOCK_PERCEIVE_EACH, FLOCK_PERCEIVE_CELLS };

struct flock_params {
	float cohesion;      /* m1; scatter makes it act as -|m1| */
	float separation;    /* m2 */
	float alignment;     /* m3 */
	float radius;        /* neighbourhood radius; 0 = the whole flock */
	float distance;      /* separation distance */
	float max_speed;     /* world units per step */
	float max_turn;      /* degrees per step; 180 turns freely */
	float fov;           /* field of view in degrees, 1 to 360 */
	float wind_x, wind_y;
	int goal_on;
	float goal_x, goal_y; /* fractions of the world, 0..1 */
	float goal_weight;   /* negative: flee the goal */
	int scatter;
	int perch;
	int bounds;          /* soft bounds on; tests of single rules turn it off */
	int start;           /* enum flock_start: how flock_reset places boids */
	float wander;        /* a drifting push, share of the speed limit */
	int nearest;         /* perceive at most this many; 0 = all in reach */
	int perceive;        /* enum flock_perceive */
	/* The extensions, fixed when the flock is made (flock_new()): */
	int fear;            /* fear spreads from boid to boid */
	int leaders;         /* now and then a boid leads a break-away */
	int species;         /* kinds that flock with their own, 1 to 4 */
};

#endif
