/*
 * lapse.c: the flight's speed against real time.
 *
 * Auto follows the camera: at a scale of K world units per column a
 * flock moving at its top speed crosses K times fewer cells a second
 * than at 1:1, so the flight runs K times faster and looks the same on
 * screen. The loop takes steps when they are due on the period worked
 * out here; when the processor cannot take them that fast, it steps as
 * fast as it can and the speed reached, measured here from the steps
 * counted each second, says how fast that is.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lapse.h"

#define NS_PER_S 1000000000LL

void
lapse_start(struct lapse *l, double factor, long long now)
{
	l->factor = factor;
	l->reached = 0;
	l->aimed = 0;
	lapse_restart(l, now);
}

void
lapse_aim(struct lapse *l, double scale, long long now)
{
	double want = lapse_wanted(l, scale);

	if (fabs(want - l->aimed) <= 0.01 * want)
		return;
	l->aimed = want;
	l->reached = 0;
	lapse_restart(l, now);
}

void
lapse_restart(struct lapse *l, long long now)
{
	l->since = now;
	l->steps = 0;
}

double
lapse_wanted(const struct lapse *l, double scale)
{
	if (l->factor > 0)
		return l->factor;
	if (!(scale > 1.0))
		return 1.0;
	return scale < LAPSE_MAX ? scale : LAPSE_MAX;
}

long long
lapse_period(const struct lapse *l, int rate, double scale)
{
	double ns = (double)NS_PER_S / ((rate > 0 ? rate : 1) *
	    lapse_wanted(l, scale));

	return ns >= 1.0 ? (long long)ns : 1;
}

void
lapse_count(struct lapse *l, unsigned long steps, long long now, int rate)
{
	long long span = now - l->since;

	l->steps += steps;
	if (span < NS_PER_S)
		return;
	l->reached = (double)l->steps * NS_PER_S / ((double)span *
	    (rate > 0 ? rate : 1));
	lapse_restart(l, now);
}

int
lapse_behind(const struct lapse *l, double scale)
{
	double want = lapse_wanted(l, scale);

	return want > 1.0 && l->reached > 0 && l->reached < 0.9 * want;
}

/* The factors the keys step through: powers of two. */
static double
lapse_notch(double from, int up)
{
	double f = LAPSE_MIN;

	if (up) {
		while (f <= from * 1.01 && f < LAPSE_MAX)
			f *= 2;
	} else {
		while (f * 2 < from * 0.99 && f * 2 <= LAPSE_MAX)
			f *= 2;
	}
	return f;
}

void
lapse_slower(struct lapse *l, double scale)
{
	l->factor = lapse_notch(lapse_wanted(l, scale), 0);
}

void
lapse_faster(struct lapse *l, double scale)
{
	l->factor = lapse_notch(lapse_wanted(l, scale), 1);
}

void
lapse_token(const struct lapse *l, double scale, char *buf, size_t len)
{
	double x = l->reached > 0 ? l->reached : lapse_wanted(l, scale);

	if (len == 0)
		return;
	buf[0] = '\0';
	if (fabs(x - 1.0) <= 0.05)
		return;
	if (x >= 9.95)
		snprintf(buf, len, "x%.0f", x);
	else if (x >= 0.995)
		snprintf(buf, len, "x%.1f", x);
	else
		snprintf(buf, len, "x%.2g", x);
	/* x2.0 reads as x2 */
	if (strlen(buf) > 2 && strcmp(buf + strlen(buf) - 2, ".0") == 0)
		buf[strlen(buf) - 2] = '\0';
}
