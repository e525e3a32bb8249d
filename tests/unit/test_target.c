/*
 * test_target.c: boids given targets (src/engine/target.c), on scenes
 * built by hand with the rules off: a boid far from its target flies
 * straight at it at the speed limit; one coming in arrives without
 * overshooting and then hovers in its cell, a quarter cell each way;
 * one passing by, or circling it, under a turn limit, stops, turns
 * and settles in its cell; the wind's drift is made up for. A boid
 * without a target inside the targets' area is pushed out toward its
 * nearest edge, by the hand-worked amount. Targets taken away leave a
 * flight bit for bit as if there had never been any; a new start takes
 * them away, and a resize moves them with the world.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "probe.h"

#define FIELD 1000.0f

/* Only the targets: rules off, bounds off, turns free, speed 1. */
static struct flock_params
quiet(void)
{
	struct flock_params p;

	flock_params_default(&p);
	p.cohesion = p.separation = p.alignment = 0.0f;
	p.wander = 0.0f;
	p.bounds = 0;
	p.max_turn = 180.0f;
	p.max_speed = 1.0f;
	return p;
}

/* Whether boid id lies in the hover's ellipse round (x, y). */
static int
hovers(const struct flock *f, size_t id, float x, float y)
{
	struct probe b = probe_boid(f, id);
	double ex = (b.x - x) / 0.25, ey = (b.y - y) / 0.5;

	return ex * ex + ey * ey <= 1.0 + 1e-4;
}

/* 20 units off: at the speed limit, straight at it (the hover moves
 * the point at most half a unit: within 1.5 degrees). */
static void
test_seek(void)
{
	struct flock_params p = quiet();
	struct flock *f = flock_new(1, FIELD, FIELD, &p, 1, 0, 0);
	struct probe b;

	flock_place(f, 0, 500, 500, 0, 0);
	CHECK_INT(flock_target(f, 0, 520, 500), 0);
	CHECK_INT(flock_targeted(f), 1);
	flock_step(f);
	b = probe_boid(f, 0);
	CHECK_NEAR(hypot(b.vx, b.vy), 1.0, 1e-5);
	CHECK(b.vx >= cos(1.5 * 3.14159265 / 180.0));
	flock_free(f);
}

/* Coming in at full speed: never past the far side of its ellipse,
 * then round its point within it, slowly, for good. */
static void
test_arrive(void)
{
	struct flock_params p = quiet();
	struct flock *f = flock_new(1, FIELD, FIELD, &p, 1, 0, 0);
	int k, past = 0, out = 0;
	double fastest = 0.0;

	flock_place(f, 0, 500, 500, 1, 0);
	(void)flock_target(f, 0, 520, 500);
	for (k = 0; k < 200; k++) {
		struct probe b;

		flock_step(f);
		b = probe_boid(f, 0);
		past += b.x > 520.25 + 1e-4;
		if (k >= 60) {
			out += !hovers(f, 0, 520, 500);
			fastest = fmax(fastest, hypot(b.vx, b.vy));
		}
	}
	CHECK_INT(past, 0);
	CHECK_INT(out, 0);
	/* A circle of 0.25 by 0.5 in 64 steps: at most pi / 32 a step. */
	CHECK(fastest > 0.0 && fastest < 0.1);
	flock_free(f);
}

/* Steps until boid 0, placed at (x, y) flying (vx, vy) under a turn
 * limit of 15 degrees at a speed limit of 0.5, is round its target at
 * (500, 500) for good; 300 when it never is. */
static int
settles(float x, float y, float vx, float vy)
{
	struct flock_params p = quiet();
	struct flock *f;
	int k, last = -1;

	p.max_turn = 15.0f;
	p.max_speed = 0.5f;
	f = flock_new(1, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, x, y, vx, vy);
	(void)flock_target(f, 0, 500, 500);
	for (k = 0; k < 300; k++) {
		flock_step(f);
		if (!hovers(f, 0, 500, 500))
			last = k;
	}
	flock_free(f);
	return last + 1;
}

/* Under a turn limit, a boid flying past its target, or round it at
 * the speed limit as close as the limit would keep it circling (a
 * radius of 0.5 / 15 degrees, 1.9 units), stops, turns and settles in
 * its cell within a second and a half. */
static void
test_turn_limit(void)
{
	CHECK(settles(497, 503, 0.5f, 0) <= 45);
	CHECK(settles(480, 500, 0.5f, 0) <= 60);
	CHECK(settles(501.9f, 500, 0, 0.5f) <= 45);
	CHECK(settles(501, 500, 0, 0.5f) <= 45);
	CHECK(settles(500.5f, 500, 0, -0.5f) <= 45);
	CHECK(settles(510, 510, -0.5f, 0) <= 45);
}

/* A wind of 0.3 a step carries every boid; the hovering one makes up
 * for it and stays round its point. */
static void
test_wind(void)
{
	struct flock_params p = quiet();
	struct flock *f;
	int k, out = 0;

	p.wind_x = 0.3f;
	f = flock_new(1, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 500, 500, 0, 0);
	(void)flock_target(f, 0, 500, 500);
	for (k = 0; k < 200; k++) {
		flock_step(f);
		if (k >= 60)
			out += !hovers(f, 0, 500, 500);
	}
	CHECK_INT(out, 0);
	flock_free(f);
}

/*
 * The area 400 to 600 across, 400 to 460 down: a boid one unit inside
 * its left edge is pushed left by 0.2 (1 + 1) = 0.4 of the speed limit;
 * one five units below its top, up by 0.2 (1 + 5) = 1.2, held to the
 * limit, 1; one outside, not at all. With no target set there is no
 * area.
 */
static void
test_keep_out(void)
{
	struct flock_params p = quiet();
	struct flock *f = flock_new(4, FIELD, FIELD, &p, 1, 0, 0);
	struct probe b;

	flock_place(f, 0, 100, 100, 0, 0);
	flock_place(f, 1, 401, 430, 0, 0);
	flock_place(f, 2, 500, 405, 0, 0);
	flock_place(f, 3, 500, 470, 0, 0);
	(void)flock_target(f, 0, 100, 100);
	flock_target_area(f, 400, 400, 600, 460);
	flock_step(f);
	b = probe_boid(f, 1);
	CHECK_NEAR(b.vx, -0.4, 1e-6);
	CHECK_NEAR(b.vy, 0.0, 0.0);
	b = probe_boid(f, 2);
	CHECK_NEAR(b.vx, 0.0, 0.0);
	CHECK_NEAR(b.vy, -1.0, 1e-6);
	b = probe_boid(f, 3);
	CHECK(b.vx == 0.0f && b.vy == 0.0f);
	flock_target_none(f);
	CHECK_INT(flock_targeted(f), 0);
	flock_place(f, 1, 401, 430, 0, 0);
	flock_step(f);
	b = probe_boid(f, 1);
	CHECK(b.vx == 0.0f && b.vy == 0.0f);
	flock_free(f);
}

/* Two flocks of one seed: one given targets that are taken away again
 * flies as the other, bit for bit; one that keeps them does not. */
static void
test_none_costs_nothing(void)
{
	struct flock_params p;
	struct flock *a, *b, *c;
	struct flock_view va, vb, vc;
	size_t k, same = 1, moved = 0;

	flock_params_default(&p);
	a = flock_new(300, 200, 100, &p, 5, 0, 0);
	b = flock_new(300, 200, 100, &p, 5, 0, 0);
	c = flock_new(300, 200, 100, &p, 5, 0, 0);
	for (k = 0; k < 30; k++) {
		(void)flock_target(b, k, 100, 50);
		(void)flock_target(c, k, 100, 50);
	}
	flock_target_area(b, 90, 40, 110, 60);
	flock_target_none(b);
	for (k = 0; k < 120; k++) {
		flock_step(a);
		flock_step(b);
		flock_step(c);
	}
	flock_get_view(a, &va);
	flock_get_view(b, &vb);
	flock_get_view(c, &vc);
	for (k = 0; k < va.n; k++) {
		same &= va.x[k] == vb.x[k] && va.y[k] == vb.y[k] &&
		    va.vx[k] == vb.vx[k] && va.vy[k] == vb.vy[k] &&
		    va.id[k] == vb.id[k];
		moved += va.x[k] != vc.x[k];
	}
	CHECK(same);
	CHECK(moved > 0);
	flock_free(a);
	flock_free(b);
	flock_free(c);
}

/* A new start takes the targets away; a resize to twice the world
 * takes a target at (100, 50) to (200, 100). */
static void
test_reset_resize(void)
{
	struct flock_params p = quiet();
	struct flock *f = flock_new(1, 200, 100, &p, 1, 0, 0);
	int k;

	(void)flock_target(f, 0, 100, 50);
	flock_reset(f, 2);
	CHECK_INT(flock_targeted(f), 0);
	(void)flock_target(f, 0, 100, 50);
	flock_resize(f, 400, 200);
	flock_place(f, 0, 180, 90, 0, 0);
	for (k = 0; k < 100; k++)
		flock_step(f);
	CHECK(hovers(f, 0, 200, 100));
	flock_free(f);
}

/* Inside the bounds' margins: 12% of each side, at most 10 units. */
static void
test_inner(void)
{
	struct flock_params p;
	struct flock *f;
	float x0, y0, x1, y1;

	flock_params_default(&p);
	f = flock_new(10, 120, 78, &p, 1, 0, 0);
	flock_inner(f, &x0, &y0, &x1, &y1);
	CHECK_NEAR(x0, 10.0, 1e-5);
	CHECK_NEAR(x1, 110.0, 1e-5);
	CHECK_NEAR(y0, 78 * 0.12, 1e-4);
	CHECK_NEAR(y1, 78 - 78 * 0.12, 1e-4);
	flock_free(f);
	p.bounds = 0;
	f = flock_new(10, 120, 78, &p, 1, 0, 0);
	flock_inner(f, &x0, &y0, &x1, &y1);
	CHECK(x0 == 0.0f && y0 == 0.0f && x1 == 120.0f && y1 == 78.0f);
	flock_free(f);
}

int
main(void)
{
	test_seek();
	test_arrive();
	test_turn_limit();
	test_wind();
	test_keep_out();
	test_none_costs_nothing();
	test_reset_resize();
	test_inner();
	return check_exit("test_target");
}
