/*
 * test_pilot.c: the screensaver's autopilot (src/session/pilot.c).
 */
#include <string.h>

#include "check.h"
#include "session/pilot.h"

#define RATE 30
#define MINUTES(m) ((long)(m) * 60 * RATE)

/* What a flight of the pilot did, step by step. */
struct sky {
	long wind_on, hunt_on, goal_on, scatter_on;  /* since when; -1 off */
	long longest_wind, longest_hunt, longest_goal, longest_scatter;
	long last_change, longest_still;
	int count[PILOT_NEW_FLOCK + 1];
	int predators;
};

static void
sky_start(struct sky *k)
{
	memset(k, 0, sizeof *k);
	k->wind_on = k->hunt_on = k->goal_on = k->scatter_on = -1;
}

static void
held(long *since, long *longest, long step, int on)
{
	if (on && *since < 0)
		*since = step;
	if (!on && *since >= 0) {
		if (step - *since > *longest)
			*longest = step - *since;
		*since = -1;
	}
}

static void
sky_apply(struct sky *k, long step, const struct pilot_action *a, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		k->count[a[i].act]++;
		switch (a[i].act) {
		case PILOT_WIND:
			CHECK(fabs(a[i].x) + fabs(a[i].y) == 1);
			held(&k->wind_on, &k->longest_wind, step, 1);
			break;
		case PILOT_CALM:
			held(&k->wind_on, &k->longest_wind, step, 0);
			break;
		case PILOT_STRIKE:
			k->predators++;
			held(&k->hunt_on, &k->longest_hunt, step, 1);
			break;
		case PILOT_PREDATORS_OFF:
			k->predators = 0;
			held(&k->hunt_on, &k->longest_hunt, step, 0);
			break;
		case PILOT_GOAL:
			CHECK(a[i].x >= 0.1 && a[i].x <= 0.9);
			CHECK(a[i].y >= 0.1 && a[i].y <= 0.9);
			held(&k->goal_on, &k->longest_goal, step, 1);
			break;
		case PILOT_GOAL_OFF:
			held(&k->goal_on, &k->longest_goal, step, 0);
			break;
		case PILOT_SCATTER:
			held(&k->scatter_on, &k->longest_scatter, step, 1);
			break;
		case PILOT_REGROUP:
			held(&k->scatter_on, &k->longest_scatter, step, 0);
			break;
		case PILOT_NEW_FLOCK:
			break;
		}
	}
	if (n > 0) {
		if (step - k->last_change > k->longest_still)
			k->longest_still = step - k->last_change;
		k->last_change = step;
	}
}

/* Ten minutes of a flock that never gathers into one: every kind of
 * scene comes, none lasts a minute, and the sky never stays the same
 * for a minute either. */
static void
test_scenes(void)
{
	struct pilot p;
	struct pilot_action a[PILOT_ACTIONS_MAX];
	struct sky k;
	long step;

	sky_start(&k);
	pilot_start(&p, 1, RATE, 0);
	for (step = 1; step <= MINUTES(10); step++)
		sky_apply(&k, step, a, pilot_step(&p, step, 0, a));
	CHECK(k.count[PILOT_WIND] >= 2);
	CHECK(k.count[PILOT_CALM] >= 2);
	CHECK(k.count[PILOT_STRIKE] >= 2);
	CHECK(k.count[PILOT_PREDATORS_OFF] >= 1);
	CHECK(k.count[PILOT_GOAL] >= 20);
	CHECK(k.count[PILOT_GOAL_OFF] >= 1);
	CHECK_INT(k.count[PILOT_SCATTER], 0);   /* never one flock */
	CHECK(k.count[PILOT_NEW_FLOCK] <= 3);
	CHECK(k.longest_wind <= MINUTES(1));
	CHECK(k.longest_hunt <= MINUTES(1));
	CHECK(k.longest_goal <= MINUTES(1));
	CHECK(k.longest_still <= MINUTES(1));
	CHECK(k.predators <= 3);
}

/* One group that holds the flock for PILOT_ONE_FLOCK_S seconds is
 * scattered, whatever scene is on; a flock that stays one however it is
 * scattered (one that sees all of itself) is scattered for
 * PILOT_BURST_MAX_S seconds, and no longer. */
static void
test_one_flock(void)
{
	struct pilot p;
	struct pilot_action a[PILOT_ACTIONS_MAX];
	struct sky k;
	long step, scattered = -1;

	sky_start(&k);
	pilot_start(&p, 2, RATE, 0);
	for (step = 1; step <= MINUTES(5); step++) {
		/* measured every second, as the session does */
		int one = step % RATE == 0 ? 1 : -1;
		int n = pilot_step(&p, step, one, a);

		sky_apply(&k, step, a, n);
		if (k.count[PILOT_SCATTER] == 1 && scattered < 0)
			scattered = step;
	}
	CHECK(scattered > 0 && scattered <= (PILOT_ONE_FLOCK_S + 1) * RATE);
	CHECK(k.count[PILOT_SCATTER] >= 5);
	CHECK_INT(k.count[PILOT_REGROUP], k.count[PILOT_SCATTER]);
	CHECK(k.longest_scatter >= PILOT_BURST_MAX_S * RATE);
	CHECK(k.longest_scatter <= (PILOT_BURST_MAX_S + 1) * RATE);
	CHECK(k.longest_still <= MINUTES(1));
}

/* A flock that parts within a second of being scattered is scattered
 * for PILOT_BURST_S seconds only, and again once one group has held it
 * for PILOT_ONE_FLOCK_S seconds more. */
static void
test_parting(void)
{
	struct pilot p;
	struct pilot_action a[PILOT_ACTIONS_MAX];
	struct sky k;
	long step;

	sky_start(&k);
	pilot_start(&p, 3, RATE, 0);
	for (step = 1; step <= MINUTES(5); step++) {
		int one = -1, n;

		if (step % RATE == 0)
			one = k.scatter_on < 0 || step - k.scatter_on < RATE;
		n = pilot_step(&p, step, one, a);
		sky_apply(&k, step, a, n);
	}
	CHECK(k.count[PILOT_SCATTER] >= 5);
	CHECK(k.longest_scatter >= PILOT_BURST_S * RATE);
	CHECK(k.longest_scatter <= (PILOT_BURST_S + 0.5) * RATE);
}

/* Whether one group holds the flock is measured once a second up to
 * PILOT_MEASURE_BOIDS boids, ten times less often at a million; a
 * million held by one group, measured that often, is still scattered
 * within ten seconds of its time. */
static void
test_measure_every(void)
{
	struct pilot p;
	struct pilot_action a[PILOT_ACTIONS_MAX];
	struct sky k;
	long step, every, scattered = -1;

	pilot_start(&p, 2, RATE, 0);
	CHECK_INT(pilot_measure_every(&p, 0), RATE);
	CHECK_INT(pilot_measure_every(&p, 2000), RATE);
	CHECK_INT(pilot_measure_every(&p, PILOT_MEASURE_BOIDS), RATE);
	CHECK_INT(pilot_measure_every(&p, PILOT_MEASURE_BOIDS + 1), 2 * RATE);
	CHECK_INT(pilot_measure_every(&p, 1000000), 10 * RATE);
	every = pilot_measure_every(&p, 1000000);
	sky_start(&k);
	for (step = 1; step <= MINUTES(2) && scattered < 0; step++) {
		int n = pilot_step(&p, step, step % every == 0 ? 1 : -1, a);

		sky_apply(&k, step, a, n);
		if (k.count[PILOT_SCATTER] == 1)
			scattered = step;
	}
	CHECK(scattered >= PILOT_ONE_FLOCK_S * RATE);
	CHECK(scattered <= (PILOT_ONE_FLOCK_S + 10) * RATE);
}

/* The same seed, the same sky; another seed, another. */
static void
test_seeded(void)
{
	struct pilot p, q, r;
	struct pilot_action a[PILOT_ACTIONS_MAX], b[PILOT_ACTIONS_MAX];
	long step;
	int same = 1, differ = 0, n, m, i;

	pilot_start(&p, 7, RATE, 0);
	pilot_start(&q, 7, RATE, 0);
	pilot_start(&r, 8, RATE, 0);
	for (step = 1; step <= MINUTES(3); step++) {
		n = pilot_step(&p, step, 0, a);
		m = pilot_step(&q, step, 0, b);
		same &= n == m;
		for (i = 0; i < n && i < m; i++)
			same &= a[i].act == b[i].act && a[i].x == b[i].x &&
			    a[i].y == b[i].y;
		m = pilot_step(&r, step, 0, b);
		differ |= n != m;
	}
	CHECK(same);
	CHECK(differ);
}

int
main(void)
{
	test_scenes();
	test_one_flock();
	test_parting();
	test_measure_every();
	test_seeded();
	return check_exit("test_pilot");
}
