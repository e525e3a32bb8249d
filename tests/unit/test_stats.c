/*
 * test_stats.c: the flock's measures (src/engine/stats.c) on scenes built by
 * hand: groups and how they wheel, spacing, order.
 */
#include <math.h>

#include "check.h"
#include "engine/flock.h"

#define FIELD 1000.0f
#define PI 3.14159265358979323846

static struct flock *
empty_flock(size_t n)
{
	struct flock_params p;

	flock_params_default(&p);
	return flock_new(n, FIELD, FIELD, &p, 1, 0, 0);
}

static struct flock_stats
measured(struct flock *f)
{
	struct flock_stats s;

	flock_measure(f, &s);
	return s;
}

/* k boids round a circle of radius r about (cx, cy), flying round it
 * (turn = 1 anticlockwise on screen, -1 the other way, 0 straight right),
 * from boid first on. */
static void
ring(struct flock *f, size_t first, size_t k, double cx, double cy,
    double r, int turn)
{
	size_t i;

	for (i = 0; i < k; i++) {
		double a = 2.0 * PI * (double)i / (double)k;
		double x = cx + r * cos(a), y = cy + r * sin(a);
		double vx = turn ? -turn * 0.5 * sin(a) : 0.5;
		double vy = turn ? turn * 0.5 * cos(a) : 0.0;

		flock_place(f, first + i, (float)x, (float)y, (float)vx,
		    (float)vy);
	}
}

/* A ring flying round its centre is one group that mills perfectly,
 * either way round; the same ring flying straight does not mill. */
static void
test_mill(void)
{
	struct flock *f = empty_flock(24);
	struct flock_stats s;

	/* 24 round a circle of 12: 3.1 apart, within two distances (4). */
	ring(f, 0, 24, 500, 500, 12, 1);
	s = measured(f);
	CHECK_INT(s.groups, 1);
	CHECK_INT(s.largest, 24);
	CHECK_NEAR(s.mill, 1.0, 1e-5);
	CHECK_NEAR(s.order, 0.0, 1e-5);
	ring(f, 0, 24, 500, 500, 12, -1);
	CHECK_NEAR(measured(f).mill, 1.0, 1e-5);
	ring(f, 0, 24, 500, 500, 12, 0);
	s = measured(f);
	CHECK_NEAR(s.mill, 0.0, 1e-5);
	CHECK_NEAR(s.order, 1.0, 1e-5);
	flock_free(f);
}

/* Two clumps far apart are two groups; the median of a ring's mill (1)
 * and a straight clump's (0) is their mean. */
static void
test_two_groups(void)
{
	struct flock *f = empty_flock(34);
	struct flock_stats s;
	size_t i;

	ring(f, 0, 24, 200, 200, 12, 1);
	for (i = 0; i < 10; i++)
		flock_place(f, 24 + i, 800.0f + (float)(i % 5), 800.0f +
		    (float)(i / 5), 0.5f, 0.0f);
	s = measured(f);
	CHECK_INT(s.groups, 2);
	CHECK_INT(s.largest, 24);
	CHECK_NEAR(s.mill, 0.5, 1e-5);
	flock_free(f);
}

/* Four boids are no group; a fifth within reach makes one. */
static void
test_least_group(void)
{
	struct flock *f = empty_flock(5);
	size_t i;

	for (i = 0; i < 4; i++)
		flock_place(f, i, 500.0f + 3.0f * (float)i, 500, 0.5f, 0);
	flock_place(f, 4, 100, 100, 0.5f, 0);
	CHECK_INT(measured(f).groups, 0);
	CHECK_INT(measured(f).largest, 4);
	CHECK_NEAR(measured(f).mill, 0.0, 0);
	flock_place(f, 4, 512, 500, 0.5f, 0);
	CHECK_INT(measured(f).groups, 1);
	CHECK_INT(measured(f).largest, 5);
	flock_free(f);
}

/* Boids link through a chain: a line 3.9 apart (within twice the
 * distance of 2) is one group however long; 4.1 apart, none. */
static void
test_chain(void)
{
	struct flock *f = empty_flock(40);
	size_t i;

	for (i = 0; i < 40; i++)
		flock_place(f, i, 100.0f + 3.9f * (float)i, 300, 0, 0.5f);
	CHECK_INT(measured(f).groups, 1);
	CHECK_INT(measured(f).largest, 40);
	for (i = 0; i < 40; i++)
		flock_place(f, i, 100.0f + 4.1f * (float)i, 300, 0, 0.5f);
	CHECK_INT(measured(f).groups, 0);
	CHECK_INT(measured(f).largest, 1);
	flock_free(f);
}

/* Groups against a count by brute force over a random scatter, which
 * makes many groups of every size: the grid finds the same ones. */
static void
test_groups_brute_force(void)
{
	enum { N = 400 };
	static float x[N], y[N];
	static int label[N];
	struct flock *f = empty_flock(N);
	unsigned long r = 12345;
	size_t i, j, groups = 0, largest = 0;
	int changed = 1;

	for (i = 0; i < N; i++) {
		r = r * 6364136223846793005UL + 1442695040888963407UL;
		x[i] = 300.0f + (float)((r >> 33) % 4000) / 36.0f;
		r = r * 6364136223846793005UL + 1442695040888963407UL;
		y[i] = 300.0f + (float)((r >> 33) % 4000) / 36.0f;
		flock_place(f, i, x[i], y[i], 0.3f, 0.1f);
		label[i] = (int)i;
	}
	while (changed) {
		changed = 0;
		for (i = 0; i < N; i++)
			for (j = 0; j < N; j++) {
				float dx = x[i] - x[j], dy = y[i] - y[j];

				if (dx * dx + dy * dy <= 16.0f &&
				    label[j] < label[i]) {
					label[i] = label[j];
					changed = 1;
				}
			}
	}
	for (i = 0; i < N; i++) {
		size_t size = 0;

		for (j = 0; j < N; j++)
			size += label[j] == (int)i;
		groups += size >= 5;
		if (size > largest)
			largest = size;
	}
	CHECK(groups > 3);
	CHECK_INT(measured(f).groups, groups);
	CHECK_INT(measured(f).largest, largest);
	flock_free(f);
}

int
main(void)
{
	test_mill();
	test_two_groups();
	test_least_group();
	test_chain();
	test_groups_brute_force();
	return check_exit("test_stats");
}
