/*
 * steer.h: the steering rules of one boid, as the seeds write them down.
 *
 * A rule reads a boid's place and velocity, and what it gathered from the
 * boids around it, and returns the change it asks of the velocity; then
 * the limits turn that velocity by at most the turn rate and cut it to the
 * speed limit. The step's inner loops (kernel.c), what it does boid by
 * boid (chunk.c), fear and the leaders (fear.h, fear.c, lead.c), the
 * predators (agents.c) and the tests all call these, and nothing here
 * calls them back: the rules know only their parameters, worked out
 * once in struct rules.
 *
 * In the pseudocode's terms, for boid b with place p and velocity v:
 *
 *   v1 cohesion    m1 (pc - p) / 100, pc the perceived centre
 *   v2 separation  m2 s sum over |pj - p| < D of (p - pj) (1/r^2 - 1/D^2)
 *                  r = |pj - p|, s = SEPARATION_STRENGTH x D x speed limit
 *   v3 alignment   m3 (pv - v) / 8, pv the perceived velocity
 *   wind           the air's own motion: it carries every boid, p +=
 *                  v + wind, and leaves v, the boid's flight through
 *                  the air, to the rules (the pseudocode adds it to v,
 *                  where no rule resists it and any wind in time pins
 *                  the flock to the downwind edge)
 *   goal           seek: (place - p) / 100, capped gently;
 *                  flee: away from the place, strongest at it, fading to
 *                  nothing at the flight radius
 *   bounds         inside a margin nothing pushes a boid further out, and
 *                  a spring pulls it back in proportion to its depth
 *   limits         turn by at most the turn rate, then the speed limit
 *
 * Fear (Delgado-Mata et al. 2007) weights a boid's rules by how afraid
 * it is, k from 0 to 1: cohesion by 1 + STEER_FEAR_COHESION k, alignment
 * by 1 + STEER_FEAR_ALIGNMENT k, a push along its heading of
 * STEER_FEAR_THRUST k of the speed limit, and a speed limit raised by
 * STEER_FEAR_SPEED k of itself: afraid boids keep closer, align harder
 * and fly faster. A leader (Hartman and Benes 2006) has no cohesion and
 * no alignment: lead.c steers it.
 *
 * Every rule, the bounds included, asks for a change that the limits then
 * bound, so no boid ever turns faster than the turn rate; a boid may leave
 * the world for a moment and turn back, as the pseudocode says.
 *
 * The functions here that the step runs for every boid are inline and
 * written without branches, as selects between values worked out either
 * way, so a loop over many boids becomes vector instructions; a value not
 * selected may be infinite or not a number, and is dropped.
 */
#ifndef BOIDS_STEER_H
#define BOIDS_STEER_H

#include <math.h>

#include "flock_params.h"

#define FLOCK_PI 3.14159265358979323846

/* The pseudocode's own factors. */
#define STEER_COHESION_FACTOR (1.0f / 100.0f)
#define STEER_ALIGNMENT_FACTOR (1.0f / 8.0f)
#define STEER_GOAL_FACTOR (1.0f / 100.0f)

/* The wander: a direction out of this many, drawn anew for each boid
 * every STEER_WANDER_PERIOD steps, and blended from one to the next. */
#define STEER_WANDER_WAYS 64
#define STEER_WANDER_PERIOD 96
/* The wander's push across a boid's heading, as a share of the push
 * along it: at a half, groups in an 80x24 world held their headings to
 * an order of 0.76-0.86 over 16 seeds; at 0.35, 0.81-0.86, and a
 * 120x40 world stays as loose (hexatic order 0.34-0.36). */
#define STEER_WANDER_ACROSS 0.35f

/* How fear changes the rules; see the paragraph at the top. The speed
 * stays below a predator's (1.25 times the limit), so that the chase is
 * not lost for good. */
#define STEER_FEAR_COHESION 1.0f
#define STEER_FEAR_ALIGNMENT 2.0f
#define STEER_FEAR_THRUST 0.1f
#define STEER_FEAR_SPEED 0.2f

/* Species: a boid flees the centre of the other kinds it perceives with
 * at most this share of the speed limit. */
#define STEER_KIN_FLEE 1.0f

/*
 * What the parameters mean for one step, worked out once: squares instead
 * of lengths so that no pair needs a square root, cosines instead of
 * angles, the goal in world units.
 */
struct rules {
	float m1, m3;              /* m1 already negative when scattering */
	float radius2, distance2;
	float inv_distance2;       /* 1/D^2, or 0 when D is 0 */
	float separation;          /* s of v2, with m2 in it */
	int whole_flock;           /* radius 0 */
	int nearest;               /* at most this many perceived; 0 all */
	int cells;                 /* cohesion and alignment through the
	                            * sight's cells (sight.h) */
	int fov_all;
	int fov_wide;              /* fov above 180 degrees */
	float fov_cos2;
	float max_speed;
	float top_speed;           /* the fastest any boid may fly: afraid */
	int turn_limited;
	float turn_cos, turn_sin;
	int turn_wide;             /* turn limit above 90 degrees */
	float wind_x, wind_y;
	int goal_on;
	float goal_x, goal_y, goal_weight, goal_cap;
	float flight;              /* flee's reach from the goal */
	int bounds;
	float left, right, top, bottom;
	float spring_x, spring_y;  /* push per unit of depth in a margin */
	int perch;
	float ground;
	float fear, flee;
	float look;                /* obstacle look-ahead */
	float clearance;
	float wander;              /* the wander's push, world units */
	int species;               /* kinds flocking apart; 1: one flock */
	int fearful, leaders;      /* the extensions on: --fear, --leaders */
	float fear_thrust;         /* an afraid boid's push, world units */
	float kin_flee, kin_reach; /* species: flight from other kinds */
	float wander_x[STEER_WANDER_WAYS], wander_y[STEER_WANDER_WAYS];
};

/* The rules for parameters p in a w by h world. */
void steer_derive(struct rules *r, const struct flock_params *p, float w,
    float h);

/*
 * Whether two vectors are at most an angle apart, without square roots:
 * dot is their dot product, bound the squared cosine of the angle times
 * both squared lengths, wide whether the angle exceeds 90 degrees.
 */
static inline int
steer_within(float dot, float bound, int wide)
{
	if (wide)
		return dot >= 0.0f || dot * dot <= bound;
	return dot >= 0.0f && dot * dot >= bound;
}

/* Field of view, without a square root: boid (vx, vy) sees a neighbour
 * (dx, dy) d2 away when the angle between its heading and the neighbour
 * is at most half the fov. A boid with no heading, or a neighbour at its
 * own place, sees all round. */
static inline int
steer_in_view(const struct rules *r, float dx, float dy, float d2, float vx,
    float vy)
{
	return steer_within(dx * vx + dy * vy,
	    r->fov_cos2 * (vx * vx + vy * vy) * d2, r->fov_wide);
}

/*
 * The weight of one neighbour r away (r^2 = d2) in the separation sum:
 * 1/r^2 (Reynolds' steering behaviours scale the offset so, a push that
 * falls as 1/r) less its value at the distance D, so the push grows as
 * boids close in and fades to nothing at D rather than starting with a
 * jolt. Only for 0 < d2 < D^2.
 */
static inline float
steer_repel_weight(const struct rules *r, float d2)
{
	return 1.0f / d2 - r->inv_distance2;
}

/*
 * v1 + v2 + v3, from what the boid gathered: count
 * neighbours, the sum (dx, dy) of their places relative to the boid, the
 * sum (svx, svy) of their velocities, and the separation sum (sx, sy) of
 * (pj - p) times steer_repel_weight().
 */
static inline void
steer_flock_weighted(const struct rules *r, float m1, float m3, float count,
    float dx, float dy, float svx, float svy, float sx, float sy, float vx,
    float vy, float *ax, float *ay)
{
	float inv = 1.0f / count;
	float cx = m1 * (dx * inv) * STEER_COHESION_FACTOR;
	float cy = m1 * (dy * inv) * STEER_COHESION_FACTOR;
	float lx = m3 * (svx * inv - vx) * STEER_ALIGNMENT_FACTOR;
	float ly = m3 * (svy * inv - vy) * STEER_ALIGNMENT_FACTOR;
	float x = count > 0.0f ? cx + lx : 0.0f;
	float y = count > 0.0f ? cy + ly : 0.0f;

	*ax = x - r->separation * sx;
	*ay = y - r->separation * sy;
}

/* The same with the multipliers m1 and m3 themselves; weighted, the
 * multipliers of one boid (fear, leadership). */
static inline void
steer_flock(const struct rules *r, float count, float dx, float dy,
    float svx, float svy, float sx, float sy, float vx, float vy, float *ax,
    float *ay)
{
	steer_flock_weighted(r, r->m1, r->m3, count, dx, dy, svx, svy, sx, sy,
	    vx, vy, ax, ay);
}

/*
 * Soft bounds on one axis, for a boid at p asking for a: inside the low
 * margin (p < lo) nothing may push it lower and a spring pushes it back
 * up in proportion to its depth; the same mirrored at the high one. Plain
 * comparisons, so the loop that calls it stays vector code.
 */
static inline float
steer_bound_axis(float p, float a, float lo, float hi, float spring)
{
	float up = a > 0.0f ? a : 0.0f, down = a < 0.0f ? a : 0.0f;

	return p < lo ? up + spring * (lo - p) :
	    p > hi ? down + spring * (hi - p) : a;
}

static inline void
steer_bounds(const struct rules *r, float x, float y, float *ax, float *ay)
{
	*ax = steer_bound_axis(x, *ax, r->left, r->right, r->spring_x);
	*ay = steer_bound_axis(y, *ay, r->top, r->bottom, r->spring_y);
}

/*
 * Turn (ox, oy) toward (nx, ny) by at most the angle whose cosine and
 * sine are given. A turn within the limit is taken as asked; one cut
 * short keeps the new speed or the old, whichever is higher, so a boid
 * asked to turn about (at the edge of the world, say) swings round at the
 * limit rather than braking to a stop first. wide: the angle exceeds 90
 * degrees. The tests are steer_within(), spelt with & and | so that
 * nothing branches. From rest, any heading may be taken.
 */
static inline void
steer_limit_turn(float ox, float oy, float *nx, float *ny, float cosmax,
    float sinmax, int wide)
{
	float o2 = ox * ox + oy * oy, n2 = *nx * *nx + *ny * *ny;
	float dot = ox * *nx + oy * *ny;
	float bound = cosmax * cosmax * o2 * n2, dd = dot * dot;
	int ahead = dot >= 0.0f;
	int within = wide ? ahead | (dd <= bound) : ahead & (dd >= bound);
	int keep = (o2 <= 0.0f) | (n2 <= 0.0f) | within;
	float s = ox * *ny - oy * *nx >= 0.0f ? 1.0f : -1.0f;
	float ol = sqrtf(o2), nl = sqrtf(n2 > o2 ? n2 : o2);
	float ux = ox / ol, uy = oy / ol;
	float tx = (ux * cosmax - s * uy * sinmax) * nl;
	float ty = (uy * cosmax + s * ux * sinmax) * nl;

	*nx = keep ? *nx : tx;
	*ny = keep ? *ny : ty;
}

/* The pseudocode's limit_velocity: same direction, speed at most max. */
static inline void
steer_limit_speed(float *vx, float *vy, float max_speed)
{
	float v2 = *vx * *vx + *vy * *vy;
	float k = max_speed / sqrtf(v2);
	int over = v2 > max_speed * max_speed;

	*vx = over ? *vx * k : *vx;
	*vy = over ? *vy * k : *vy;
}

/*
 * The goal, seek or flee by the sign of its weight, for a boid at (x, y);
 * added to (*ax, *ay). Only while the goal is on.
 */
void steer_goal(const struct rules *r, float x, float y, float *ax,
    float *ay);

/*
 * Flight from a point (dx, dy) away from the boid's place (the boid minus
 * the point), with push `most` at the point falling linearly to nothing
 * at `reach`; added to (*ax, *ay). At the point itself there is no
 * direction to flee in, and nothing is added.
 */
void steer_flee(float dx, float dy, float most, float reach, float *ax,
    float *ay);

/*
 * A whole move for one agent that steers alone (a predator): bounds on
 * the asked change (ax, ay), the turn limit at cos/sin, the speed limit.
 * The new velocity is written to (*nvx, *nvy).
 */
void steer_move(const struct rules *r, float x, float y, float vx, float vy,
    float ax, float ay, float turn_cos, float turn_sin, float top,
    float *nvx, float *nvy);

#endif
