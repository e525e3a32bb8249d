/*
 * test_agents.c: predators, obstacles and perching on tiny scenes built by
 * hand: a prey boid inside the fear radius accelerates away, harder the
 * closer; a predator turns toward the nearest prey; a boid heading
 * straight at an obstacle turns before touching it and never enters;
 * a perched boid stays put for its timer, then flies.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "probe.h"

#define FIELD 1000.0f

/* Only the behaviour under test: rules off, bounds off, turns free. */
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

/*
 * Flight: a boid d from a predator inside the fear radius F gets
 * max_speed * (1 - d / F) away from it, per step. With the default
 * separation distance of 2, F = 12.
 */
static void
test_flee(void)
{
	struct flock_params p = quiet();
	struct flock *f = flock_new(3, FIELD, FIELD, &p, 1, 0, 0);
	struct probe near, far, safe;

	flock_place(f, 0, 500, 500, 0, 0);   /* 3 left of the predator */
	flock_place(f, 1, 506, 494, 0, 0);   /* 6 above it */
	flock_place(f, 2, 520, 500, 0, 0);   /* 17 right: outside */
	flock_place_predator(f, 0, 503, 500, 0, 0);
	flock_step(f);
	near = probe_boid(f, 0);
	far = probe_boid(f, 1);
	safe = probe_boid(f, 2);
	CHECK_NEAR(near.vx, -(1 - 3.0 / 12), 1e-6);
	CHECK_NEAR(near.vy, 0, 1e-6);
	/* From (503,500) to (506,494): distance sqrt 45, direction
	 * (3, -6) / sqrt 45. */
	CHECK_NEAR(far.vx, (1 - sqrt(45.0) / 12) * 3 / sqrt(45.0), 1e-6);
	CHECK_NEAR(far.vy, (1 - sqrt(45.0) / 12) * -6 / sqrt(45.0), 1e-6);
	CHECK(hypot(near.vx, near.vy) > hypot(far.vx, far.vy));
	CHECK_NEAR(safe.vx, 0, 0);
	CHECK_NEAR(safe.vy, 0, 0);
	flock_free(f);
}

/* A predator heading right turns toward the nearest boid (above it), at
 * the predator's narrower turn rate, and not toward a farther one. */
static void
test_predator_seeks(void)
{
	struct flock_params p = quiet();
	struct flock_view v;
	struct flock *f;
	double angle;

	p.max_turn = 15.0f;
	f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 500, 490, 0, 0);   /* 10 above: nearest */
	flock_place(f, 1, 530, 500, 0, 0);   /* 30 ahead */
	flock_place_predator(f, 0, 500, 500, 0.5f, 0);
	flock_step(f);
	flock_get_view(f, &v);
	CHECK_INT(v.npred, 1);
	angle = atan2(v.pvy[0], v.pvx[0]) * 180.0 / 3.14159265358979;
	/* Up on screen is negative y; the turn is capped at 0.4 x 15. */
	CHECK_NEAR(angle, -6.0, 1e-3);
	flock_free(f);

	/* Nearest boid below: it turns down instead. */
	f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 500, 512, 0, 0);
	flock_place(f, 1, 470, 500, 0, 0);
	flock_place_predator(f, 0, 500, 500, 0.5f, 0);
	flock_step(f);
	flock_get_view(f, &v);
	CHECK(v.pvy[0] > 0);
	flock_free(f);
}

/*
 * A boid flying straight at a disc: it veers before it is within a body
 * length of the rim, passes it, and is never inside; its closest approach
 * is outside the disc by a clear margin, so it was the look-ahead that
 * steered it, not the rim putting it back.
 */
static void
test_obstacle(void)
{
	struct flock_params p = quiet();
	struct flock *f;
	double closest = 1e9;
	float turned_at = -1;
	int s;

	p.max_turn = 15.0f;
	p.max_speed = 0.5f;
	f = flock_new(1, FIELD, FIELD, &p, 1, 0, 0);
	flock_place_obstacle(f, 0, 420, 500, 5);
	flock_place(f, 0, 400, 500, 0.5f, 0);
	for (s = 0; s < 120; s++) {
		struct probe a;
		double d;

		flock_step(f);
		a = probe_boid(f, 0);
		d = hypot(a.x - 420, a.y - 500);
		if (d < closest)
			closest = d;
		if (turned_at < 0 && fabsf(a.vy) > 0.01f)
			turned_at = a.x;
	}
	CHECK(turned_at > 0 && turned_at < 420 - 5 - 2);
	CHECK(closest > 5.5);
	CHECK(probe_boid(f, 0).x > 425);   /* it went past */
	flock_free(f);
}

/* Pushed straight in by a strong wind, a boid still ends on the rim. */
static void
test_obstacle_never_inside(void)
{
	struct flock_params p = quiet();
	struct flock *f;
	int s, inside = 0;

	p.wind_x = 1.0f;
	p.max_speed = 2.0f;
	f = flock_new(1, FIELD, FIELD, &p, 1, 0, 0);
	flock_place_obstacle(f, 0, 420, 500, 5);
	flock_place(f, 0, 400, 500, 2, 0);
	for (s = 0; s < 50; s++) {
		struct probe a;
		struct flock_stats st;

		flock_step(f);
		a = probe_boid(f, 0);
		inside += hypot(a.x - 420, a.y - 500) < 5.0;
		flock_measure(f, &st);
		inside += (int)st.inside;
	}
	CHECK_INT(inside, 0);
	flock_free(f);
}

/*
 * Put back on the rim, a boid turns no faster than the limit: flying
 * into a disc off its centre, too close to veer, and held there by a
 * strong wind, it slides round the rim,
 * never inside, and its heading changes by at most 15 degrees a step.
 */
static void
test_obstacle_rim_turns(void)
{
	struct flock_params p = quiet();
	struct flock *f;
	struct probe was;
	double worst = 0;
	int s, inside = 0, rim = 0;

	p.wind_x = 1.0f;
	p.max_speed = 2.0f;
	p.max_turn = 15.0f;
	f = flock_new(1, FIELD, FIELD, &p, 1, 0, 0);
	flock_place_obstacle(f, 0, 420, 500, 5);
	flock_place(f, 0, 414.5f, 502, 2, 0);   /* 5.85 from the centre */
	was = probe_boid(f, 0);
	for (s = 0; s < 60; s++) {
		struct probe a;
		double c, d;

		flock_step(f);
		a = probe_boid(f, 0);
		d = hypot(a.x - 420, a.y - 500);
		inside += d < 5.0;
		rim += d < 5.1;
		c = (was.vx * a.vx + was.vy * a.vy) /
		    (hypot(was.vx, was.vy) * hypot(a.vx, a.vy));
		if (hypot(was.vx, was.vy) > 1e-3 && hypot(a.vx, a.vy) > 1e-3) {
			c = acos(c > 1 ? 1 : c < -1 ? -1 : c) * 180 /
			    3.14159265358979;
			worst = c > worst ? c : worst;
		}
		was = a;
	}
	fprintf(stderr, "rim: %d steps on it, sharpest turn %.3f\n", rim,
	    worst);
	CHECK_INT(inside, 0);
	CHECK(rim > 0);
	CHECK(worst <= 15.001);
	flock_free(f);
}

/*
 * Perching: a boid reaching the ground (one unit above the bottom edge)
 * while falling lands there, rests for its timer without moving, then
 * takes off upward.
 */
static void
test_perch(void)
{
	struct flock_params p = quiet();
	struct flock *f;
	struct probe landed, a;
	unsigned timer, s;

	p.perch = 1;
	p.bounds = 1;
	f = flock_new(1, 80, 48, &p, 1, 0, 0);
	flock_place(f, 0, 40, 46.8f, 0.2f, 0.5f);   /* ground is at 47 */
	flock_step(f);
	landed = probe_boid(f, 0);
	timer = probe_boid(f, 0).perch;
	CHECK_NEAR(landed.y, 47, 0);
	CHECK_NEAR(landed.vx, 0, 0);
	CHECK_NEAR(landed.vy, 0, 0);
	CHECK(timer >= 40 && timer <= 160);
	for (s = 1; s <= timer; s++) {
		flock_step(f);
		a = probe_boid(f, 0);
		CHECK_INT(probe_boid(f, 0).perch, timer - s);
		if (a.x != landed.x || a.y != landed.y)
			break;
	}
	CHECK_INT(s, timer + 1);    /* still for the whole timer */
	flock_step(f);
	a = probe_boid(f, 0);
	CHECK(a.y < landed.y);      /* and then off the ground */
	CHECK_INT(probe_boid(f, 0).perch, 0);
	flock_free(f);
}

/* A boid flying up past the ground level does not land; without perching
 * no boid ever does. */
static void
test_no_perch(void)
{
	struct flock_params p = quiet();
	struct flock *f;

	p.perch = 1;
	f = flock_new(2, 80, 48, &p, 1, 0, 0);
	flock_place(f, 0, 40, 47.5f, 0, -0.5f);
	flock_step(f);
	CHECK_INT(probe_boid(f, 0).perch, 0);
	flock_free(f);

	p.perch = 0;
	f = flock_new(1, 80, 48, &p, 1, 0, 0);
	flock_place(f, 0, 40, 46.8f, 0, 0.5f);
	flock_step(f);
	CHECK_INT(probe_boid(f, 0).perch, 0);
	CHECK(probe_boid(f, 0).y > 47);
	flock_free(f);
}

/* Keys p and P: predators come and go; none beyond the limit. */
static void
test_add_and_clear(void)
{
	struct flock_params p;
	struct flock_view v;
	struct flock *f;
	int k, refused = 0;

	flock_params_default(&p);
	f = flock_new(10, 80, 48, &p, 1, 0, 0);
	for (k = 0; k < FLOCK_MAX_PREDATORS + 5; k++)
		refused += flock_add_predator(f) < 0;
	flock_get_view(f, &v);
	CHECK_INT(v.npred, FLOCK_MAX_PREDATORS);
	CHECK_INT(refused, 5);
	CHECK(v.px[0] >= 0 && v.px[0] <= 80 && v.py[0] >= 0 && v.py[0] <= 48);
	flock_clear_predators(f);
	flock_get_view(f, &v);
	CHECK_INT(v.npred, 0);
	flock_free(f);
}

/* Obstacles are placed inside the world, apart, and off the ground. */
static void
test_obstacle_placement(void)
{
	struct flock_params p;
	struct flock_view v;
	struct flock *f;
	size_t i, j;

	flock_params_default(&p);
	f = flock_new(50, 200, 120, &p, 3, 0, 8);
	flock_get_view(f, &v);
	CHECK_INT(v.nobst, 8);
	for (i = 0; i < v.nobst; i++) {
		CHECK(v.ox[i] - v.orad[i] > 0 && v.ox[i] + v.orad[i] < 200);
		CHECK(v.oy[i] - v.orad[i] > 0 && v.oy[i] + v.orad[i] < 118);
		for (j = 0; j < i; j++)
			CHECK(hypot(v.ox[i] - v.ox[j], v.oy[i] - v.oy[j]) >
			    v.orad[i] + v.orad[j]);
	}
	flock_free(f);

	/* A world too small for any disc: none, and no harm done. */
	f = flock_new(5, 4, 4, &p, 3, 0, 5);
	flock_get_view(f, &v);
	CHECK_INT(v.nobst, 0);
	flock_free(f);
}

/* Whether any obstacle covers world point (x, y), or comes within two
 * separation distances (4) of it. */
static int
covered(const struct flock_view *v, double x, double y)
{
	size_t i;

	for (i = 0; i < v->nobst; i++)
		if (hypot(v->ox[i] - x, v->oy[i] - y) < v->orad[i] + 4.0)
			return 1;
	return 0;
}

/* No obstacle covers a goal: the -g goal and the places `g` puts one are
 * kept clear when obstacles are placed, and a goal put down on one later
 * (a click) moves it away, to where it covers no goal either. */
static void
test_obstacles_clear_goals(void)
{
	struct flock_params p;
	struct flock_view v;
	struct flock *f;
	uint64_t seed;
	size_t k, moved = 0;

	flock_params_default(&p);
	p.goal_on = 1;
	p.goal_x = 0.4f;
	p.goal_y = 0.6f;
	for (seed = 1; seed <= 20; seed++) {
		f = flock_new(50, 120, 78, &p, seed, 0, 3);
		flock_get_view(f, &v);
		CHECK(covered(&v, 0.4 * 120, 0.6 * 78) == 0);
		for (k = 0; k < FLOCK_GOAL_PLACES; k++) {
			float gx, gy;

			flock_goal_place(k, &gx, &gy);
			CHECK(covered(&v, gx * 120.0, gy * 78.0) == 0);
		}
		flock_free(f);
	}

	/* Goals put down on each obstacle's centre in turn. */
	for (seed = 1; seed <= 5; seed++) {
		p.goal_on = 0;
		f = flock_new(50, 120, 78, &p, seed, 0, 3);
		flock_get_view(f, &v);
		CHECK(v.nobst == 3);
		for (k = 0; k < v.nobst; k++) {
			struct flock_params q = *flock_params(f);
			double x = v.ox[k], y = v.oy[k];
			size_t before = v.nobst;

			q.goal_on = 1;
			q.goal_x = (float)(x / 120.0);
			q.goal_y = (float)(y / 78.0);
			CHECK_INT(flock_set_params(f, &q), 0);
			flock_get_view(f, &v);
			CHECK(covered(&v, x, y) == 0);
			CHECK(v.nobst == before || v.nobst + 1 == before);
			moved++;
		}
		flock_free(f);
	}
	CHECK_INT(moved, 15);
}

int
main(void)
{
	test_flee();
	test_predator_seeks();
	test_obstacle();
	test_obstacle_never_inside();
	test_obstacle_rim_turns();
	test_perch();
	test_no_perch();
	test_add_and_clear();
	test_obstacle_placement();
	test_obstacles_clear_goals();
	return check_exit("test_agents");
}
