/*
 * pilot.h: the autopilot that keeps an unattended sky changing.
 *
 * Left alone, a flock settles into one group that flies the same way for
 * ever. With --screensaver nobody presses keys, so the autopilot does, as
 * a person idly playing would: after a quiet spell a gust of wind blows,
 * a predator or a few strike and leave, or the goal wanders across the
 * sky and goes; a flock that has flown as one for long is scattered until
 * it parts, and now and then a fresh flock flies in. Each scene lasts
 * well under a minute. The pilot counts steps, not seconds, so that a
 * headless run sees what the terminal shows, and draws its choices from
 * the seed, so the same seed gives the same sky. It only says what to
 * do; the session does it with the actions the keys use.
 */
#ifndef BOIDS_PILOT_H
#define BOIDS_PILOT_H

#include <stddef.h>
#include <stdint.h>

#include "lib/rng.h"

enum pilot_act {
	PILOT_WIND,             /* blow x, y notches of wind */
	PILOT_CALM,             /* the wind back to nothing */
	PILOT_STRIKE,           /* add a predator */
	PILOT_PREDATORS_OFF,    /* remove every predator */
	PILOT_GOAL,             /* the goal at x, y, fractions of the world */
	PILOT_GOAL_OFF,         /* no goal */
	PILOT_SCATTER,          /* scatter on */
	PILOT_REGROUP,          /* scatter off */
	PILOT_NEW_FLOCK         /* a fresh flock flies in */
};

struct pilot_action {
	enum pilot_act act;
	double x, y;
};

enum pilot_scene { PILOT_QUIET, PILOT_GUST, PILOT_HUNT, PILOT_WANDER,
	PILOT_BURST, PILOT_SCENES };

/* The longest any scene lasts, in seconds. */
#define PILOT_SCENE_MAX_S 45
/* How long one group may hold the flock before it is scattered. */
#define PILOT_ONE_FLOCK_S 40
/* A scattering lasts at least PILOT_BURST_S seconds, and goes on while
 * one group still holds the flock, up to PILOT_BURST_MAX_S: a flock that
 * sees all of itself (radius 0) only parts when scattered for longer. */
#define PILOT_BURST_S 1.5
#define PILOT_BURST_MAX_S 6
/* The most actions one step can ask for. */
#define PILOT_ACTIONS_MAX 4
/* Whether one group holds the flock is measured once a second of flight
 * for up to this many boids, and as many times less often as a larger
 * flock is larger: the measure costs a big flock several steps' time,
 * and the frames come first. */
#define PILOT_MEASURE_BOIDS 100000

struct pilot {
	struct rng rng;
	int rate;               /* steps a second */
	enum pilot_scene scene;
	long scene_end;         /* the step the scene ends at */
	long one_since;         /* since when one group holds them; -1 */
	long burst_end;         /* the latest step a scattering may last to */
	long next_goal;         /* the step the wandering goal moves next */
	double gx, gy, gvx, gvy;
	int scenes_since_new;   /* scenes since the last fresh flock */
};

/* Start at step, rate steps a second, drawing from seed. */
void pilot_start(struct pilot *p, uint64_t seed, int rate, long step);

/* The steps from one measure of a flock of n boids to the next. */
long pilot_measure_every(const struct pilot *p, size_t n);

/*
 * After step: what to do now, into out (at most PILOT_ACTIONS_MAX);
 * how many. one_flock is 1 when one group holds nearly every boid, 0
 * when not, -1 when not measured this step (the last answer stands).
 */
int pilot_step(struct pilot *p, long step, int one_flock,
    struct pilot_action *out);

#endif
