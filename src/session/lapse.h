/*
 * lapse.h: the flight's speed against real time.
 *
 * The flock flies -R steps a second at speed 1. A big flock seen from
 * far away crosses a cell of the screen only every few seconds at that
 * speed, so by default (auto) the flight runs faster the farther out the
 * camera is: as many times faster as the camera shows world units per
 * column, so that a flock crosses the screen as fast at any zoom, as far
 * as the processor allows. The keys < and > and --speed set a factor
 * instead. The speed reached is measured from the steps actually taken,
 * and shown whenever it is not 1x: x4 in a time-lapse, x0.3 when the
 * machine cannot keep up with -R. Nothing here reads a clock or draws:
 * the caller passes the time in.
 */
#ifndef BOIDS_LAPSE_H
#define BOIDS_LAPSE_H

#include <stddef.h>

#include "options/optable.h"

/* The factors < and > step through, and the most auto asks for. */
#define LAPSE_MIN OPTABLE_SPEED_MIN
#define LAPSE_MAX OPTABLE_SPEED_MAX

struct lapse {
	double factor;          /* asked for; 0 for auto */
	double reached;         /* measured over the last second; 0 unknown */
	long long since;        /* when the measuring second began, in ns */
	unsigned long steps;    /* steps taken in it */
	double aimed;           /* the speed wanted as it was measured */
};

/* Start at factor (0 for auto) at time now, in ns. */
void lapse_start(struct lapse *l, double factor, long long now);

/* The factor wanted now: the one asked for, or in auto the camera's
 * world units per column (at least 1, at most LAPSE_MAX). */
double lapse_wanted(const struct lapse *l, double scale);

/* The time between steps, in ns, for rate steps a second at the factor
 * wanted; at least 1. */
long long lapse_period(const struct lapse *l, int rate, double scale);

/* The speed wanted at the camera's scale now; when it is not the one
 * being measured (a key, a zoom), the speed reached is unknown again
 * and its measuring starts over, so that a second at the old speed does
 * not stand for the new one. */
void lapse_aim(struct lapse *l, double scale, long long now);

/* Count steps taken at time now; once a second, the speed reached is
 * worked out from them against rate. A pause restarts the count. */
void lapse_count(struct lapse *l, unsigned long steps, long long now,
    int rate);
void lapse_restart(struct lapse *l, long long now);

/* Whether the flight runs faster than real time and still slower than
 * wanted: the processor is the limit, and drawing less often gives it
 * more steps. */
int lapse_behind(const struct lapse *l, double scale);

/* < and >: the next factor below or above the one wanted now, out of
 * 1/8, 1/4, 1/2, 1, 2, 4 ... 64; auto ends. */
void lapse_slower(struct lapse *l, double scale);
void lapse_faster(struct lapse *l, double scale);

/* The status token: "x4", "x2.5", "x0.3", or "" while the speed reached
 * (or, before it is known, the one wanted) is 1x within 5%. */
void lapse_token(const struct lapse *l, double scale, char *buf,
    size_t len);

#endif
