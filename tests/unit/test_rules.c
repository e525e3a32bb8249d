/*
 * test_rules.c: each rule of the step against values worked out by hand on
 * flocks of two to five boids, including the pseudocode's own examples.
 *
 * Every scene sits in the middle of a large world with the soft bounds
 * off, the turn limit open and a high speed limit, and every multiplier
 * but the one under test at zero, so one step changes each velocity by
 * exactly that rule's vector.
 */
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "engine/steer.h"
#include "probe.h"

#define FIELD 1000.0f
#define EPS 1e-5

struct boid {
	float x, y, vx, vy;
};

static struct flock *
scene(const struct flock_params *p, const struct boid *b, size_t n)
{
	struct flock *f = flock_new(n, FIELD, FIELD, p, 1, 0, 0);
	size_t i;

	for (i = 0; i < n; i++)
		flock_place(f, i, b[i].x, b[i].y, b[i].vx, b[i].vy);
	return f;
}

static void
check_velocity(const struct flock *f, size_t id, double vx, double vy)
{
	struct probe b = probe_boid(f, id);

	CHECK_NEAR(b.vx, vx, EPS);
	CHECK_NEAR(b.vy, vy, EPS);
}

/* 1% of the way toward the centre of the others, whole flock and radius. */
static void
test_cohesion(float radius)
{
	static const struct boid b[] = {
		{ 500, 500, 0, 0 }, { 503, 500, 0, 0 }, { 500, 506, 0, 0 },
	};
	struct flock_params p = only(1, 0, 0);
	struct flock *f;

	p.radius = radius;
	f = scene(&p, b, 3);
	flock_step(f);
	/* Boid 0: centre of 1 and 2 is (501.5, 503). */
	check_velocity(f, 0, 0.015, 0.03);
	/* Boid 1: centre of 0 and 2 is (500, 503); offset (-3, 3). */
	check_velocity(f, 1, -0.03, 0.03);
	/* Boid 2: centre of 0 and 1 is (501.5, 500); offset (1.5, -6). */
	check_velocity(f, 2, 0.015, -0.06);
	/* Positions move by the new velocity. */
	CHECK_NEAR(probe_boid(f, 0).x, 500.015, 1e-3);
	flock_free(f);
}

/* The multiplier scales the rule; scatter makes it act as -|m1|. */
static void
test_cohesion_multiplier_and_scatter(void)
{
	static const struct boid b[] = { { 500, 500, 0, 0 },
		{ 504, 500, 0, 0 } };
	struct flock_params p = only(2.5f, 0, 0);
	struct flock *f = scene(&p, b, 2);

	flock_step(f);
	check_velocity(f, 0, 2.5 * 4 / 100.0, 0);
	flock_free(f);

	p.scatter = 1;
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, -2.5 * 4 / 100.0, 0);
	check_velocity(f, 1, 2.5 * 4 / 100.0, 0);
	flock_free(f);

	p.cohesion = -2.5f;   /* already negative: scatter keeps it so */
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, -2.5 * 4 / 100.0, 0);
	flock_free(f);

	/* With m1 at 0, or negative and weak, scatter still repels: as
	 * m1 = -1 at the least. Without scatter, m1 = 0 does nothing. */
	p.cohesion = 0.0f;
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, -1.0 * 4 / 100.0, 0);
	check_velocity(f, 1, 1.0 * 4 / 100.0, 0);
	flock_free(f);
	p.cohesion = -0.3f;
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, -1.0 * 4 / 100.0, 0);
	flock_free(f);
	p.cohesion = 0.0f;
	p.scatter = 0;
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, 0, 0);
	flock_free(f);
}

/*
 * Separation: the pseudocode's rule 2 sums -(pj - p) over the boids nearer
 * than the distance D; the engine weights each displacement by 1/r^2 -
 * 1/D^2 (Reynolds' 1/r^2, less its value at D) and scales the sum by
 * m2 x 0.5 x D x the speed limit. Here D = 2 and the speed limit is 10,
 * so m2 = 0.1 scales the sum by exactly 1.
 */
static void
test_separation(void)
{
	static const struct boid b[] = {
		{ 500, 500, 0, 0 },      /* 0 */
		{ 501, 500, 0, 0 },      /* 1: 1 to the right of 0 */
		{ 500, 498.5f, 0, 0 },   /* 2: 1.5 above 0 */
		{ 503, 500, 0, 0 },      /* 3: 3 right of 0, 2 right of 1 */
		{ 497.9f, 500, 0, 0 },   /* 4: 2.1 left of 0: outside */
	};
	struct flock_params p = only(0, 0.1f, 0);
	struct flock *f;

	p.distance = 2.0f;
	f = scene(&p, b, 5);
	flock_step(f);
	/* Boid 0 feels 1 at r = 1, weight 1 - 1/4, and 2 at r = 1.5,
	 * weight 1/2.25 - 1/4. */
	check_velocity(f, 0, -1.0 * 0.75, 1.5 * (1 / 2.25 - 0.25));
	/* Boid 1 feels 0 and 2 (r^2 = 3.25); 3 is exactly 2 away and the
	 * test is strict. */
	check_velocity(f, 1, 0.75 + 1.0 * (1 / 3.25 - 0.25),
	    1.5 * (1 / 3.25 - 0.25));
	/* Boid 3 feels nobody; boid 4 feels nobody. */
	check_velocity(f, 3, 0, 0);
	check_velocity(f, 4, 0, 0);
	flock_free(f);

	/* m2 = 1: ten times as much. */
	p.separation = 1.0f;
	f = scene(&p, b, 5);
	flock_step(f);
	check_velocity(f, 0, -7.5, 15 * (1 / 2.25 - 0.25));
	flock_free(f);
}

/*
 * Pairs built by hand: the push falls as the pair draws apart, is the
 * same for both boids in opposite directions, is nothing at the distance
 * and beyond, and nothing (not NaN) for a pair at one place.
 */
static void
test_separation_pairs(void)
{
	static const float gap[] = { 0.25f, 0.5f, 1.0f, 1.5f, 1.9f, 2.0f, 3.0f };
	struct flock_params p = only(0, 0.1f, 0);
	double last = INFINITY;
	size_t k;

	p.distance = 2.0f;
	for (k = 0; k < sizeof gap / sizeof *gap; k++) {
		struct boid b[2] = { { 500, 500, 0, 0 }, { 500, 500, 0, 0 } };
		struct flock *f;
		double push, want = 0.0;
		float r = gap[k];

		b[1].x += r * 0.6f;
		b[1].y += r * 0.8f;
		f = scene(&p, b, 2);
		flock_step(f);
		push = hypot(probe_boid(f, 1).vx, probe_boid(f, 1).vy);
		if (r < 2.0f)
			want = 1.0 / r - r / 4.0;   /* r (1/r^2 - 1/D^2) */
		CHECK_NEAR(push, want, 1e-4 * (1 + want));
		CHECK_NEAR(probe_boid(f, 0).vx, -probe_boid(f, 1).vx, 1e-6);
		CHECK_NEAR(probe_boid(f, 0).vy, -probe_boid(f, 1).vy, 1e-6);
		/* Away from the other boid. */
		CHECK(r >= 2.0f || (probe_boid(f, 1).vx > 0 &&
		    probe_boid(f, 1).vy > 0));
		CHECK(r >= 2.0f ? push == 0.0 : push < last);
		last = push;
		flock_free(f);
	}
	{
		struct boid b[2] = { { 500, 500, 0, 0 }, { 500, 500, 0, 0 } };
		struct flock *f = scene(&p, b, 2);

		flock_step(f);
		check_velocity(f, 0, 0, 0);
		check_velocity(f, 1, 0, 0);
		flock_free(f);
	}
}

/* An eighth of the way to the others' mean velocity. */
static void
test_alignment(void)
{
	static const struct boid b[] = {
		{ 500, 500, 0.1f, 0 },
		{ 503, 500, 0.3f, 0.1f },
		{ 500, 503, 0.2f, -0.3f },
		{ 497, 497, -0.2f, 0.2f },
	};
	struct flock_params p = only(0, 0, 1);
	struct flock *f = scene(&p, b, 4);

	flock_step(f);
	/* Boid 0: others' mean (0.1, 0); (0.1 - 0.1, 0 - 0) / 8. */
	check_velocity(f, 0, 0.1, 0.0);
	/* Boid 1: others' mean (0.1/3, -0.1/3). */
	check_velocity(f, 1, 0.3 + (0.1 / 3 - 0.3) / 8,
	    0.1 + (-0.1 / 3 - 0.1) / 8);
	/* Boid 3: others' mean (0.2, -0.2/3). */
	check_velocity(f, 3, -0.2 + (0.2 + 0.2) / 8,
	    0.2 + (-0.2 / 3 - 0.2) / 8);
	flock_free(f);
}

/* The wind is the air's motion: it carries each boid by itself each
 * step, and leaves the boid's own velocity, its flight through the air,
 * as the rules make it. */
static void
test_wind(void)
{
	static const struct boid b[] = { { 100, 100, 0.2f, 0 },
		{ 900, 900, 0, -0.1f } };
	struct flock_params p = only(0, 0, 0);
	struct flock *f;
	struct probe a, c;

	p.wind_x = 0.05f;
	p.wind_y = -0.02f;
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, 0.2, 0);
	check_velocity(f, 1, 0, -0.1);
	a = probe_boid(f, 0);
	c = probe_boid(f, 1);
	CHECK_NEAR(a.x, 100 + 0.2 + 0.05, 1e-4);
	CHECK_NEAR(a.y, 100 - 0.02, 1e-4);
	CHECK_NEAR(c.x, 900 + 0.05, 1e-4);
	CHECK_NEAR(c.y, 900 - 0.1 - 0.02, 1e-4);
	flock_free(f);
}

/* Too fast: same direction, speed cut to the limit. */
static void
test_speed_limit(void)
{
	static const struct boid b[] = { { 500, 500, 3, 4 },
		{ 100, 100, 0.3f, -0.4f } };
	struct flock_params p = only(0, 0, 0);
	struct flock *f;

	p.max_speed = 1.0f;
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, 0.6, 0.8);
	CHECK_NEAR(probe_boid(f, 0).x, 500.6, 1e-4);
	CHECK_NEAR(probe_boid(f, 0).y, 500.8, 1e-4);
	/* Slower than the limit: untouched. */
	check_velocity(f, 1, 0.3, -0.4);
	flock_free(f);
}

/* A turn sharper than the limit stops at the limit, speed kept. The turn
 * is asked by alignment at m3 = 8, which makes the boid's velocity its
 * one neighbour's, 5 away. */
static void
test_turn_limit(void)
{
	static const struct boid sharp[] = { { 500, 500, 0.1f, 0 },
		{ 505, 500, 0, 0.4f } };
	static const struct boid mild[] = { { 500, 500, 0.1f, 0 },
		{ 505, 500, 0.1f, 0.02f } };
	struct flock_params p = only(0, 0, 8);
	struct flock *f;
	double a = 15.0 * 3.14159265358979 / 180.0;

	p.max_turn = 15.0f;
	f = scene(&p, sharp, 2);
	flock_step(f);
	/* Asked (0.0, 0.4); y grows downward, so that is a turn by +90:
	 * cut to 15 degrees, at the new speed, the higher. */
	check_velocity(f, 0, 0.4 * cos(a), 0.4 * sin(a));
	flock_free(f);

	/* Within the limit: untouched. */
	f = scene(&p, mild, 2);
	flock_step(f);
	check_velocity(f, 0, 0.1, 0.02);
	flock_free(f);
}

/*
 * Goal: tend to place, (place - p) / 100, capped gently for goals more
 * than a few cells away; a negative weight flees.
 */
static void
test_goal(void)
{
	static const struct boid b[] = { { 450, 500, 0, 0 } };
	struct flock_params p = only(0, 0, 0);
	struct flock *f;

	/* 5 away, speed limit 10: cap 0.6, the pull 0.05 is under it. */
	p.goal_on = 1;
	p.goal_x = 0.455f;
	p.goal_y = 0.5f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, 0.05, 0);
	flock_free(f);

	/* Flee: away from the place, the speed limit at it, falling
	 * linearly to nothing at half the world's smaller side (500). */
	p.goal_x = 0.5f;
	p.goal_weight = -1.0f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, -10 * (1 - 50 / 500.0), 0);
	flock_free(f);

	/* 350 away: pull 3.5, capped at 0.06 of the speed limit; the
	 * weight scales it. */
	p.goal_weight = 1.0f;
	p.goal_x = 0.8f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, 0.06 * FLOCK_SPEED_LIMIT, 0);
	flock_free(f);
	p.goal_weight = 2.0f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, 2 * 0.06 * FLOCK_SPEED_LIMIT, 0);
	flock_free(f);

	/* At the goal the pull is nothing: a boid flying through it flies
	 * on, and is pulled back only as it leaves. */
	{
		static const struct boid at[] = { { 500, 500, 1, 0 } };

		p.goal_weight = 1.0f;
		p.goal_x = 0.5f;
		p.max_speed = 1.0f;
		f = scene(&p, at, 1);
		flock_step(f);
		check_velocity(f, 0, 1, 0);
		flock_free(f);
	}
}

/*
 * Flight from the goal falls with the distance: boids ever farther from
 * the place, in every direction, get ever less push, always straight
 * away from it, and nothing from 500 on. The weight scales it.
 */
static void
test_flee_falls(void)
{
	static const float far[] = { 1, 10, 50, 150, 300, 450, 499, 501, 600 };
	struct flock_params p = only(0, 0, 0);
	double last = INFINITY;
	size_t k;

	p.goal_on = 1;
	p.goal_x = 0.5f;
	p.goal_y = 0.5f;
	p.goal_weight = -0.5f;
	for (k = 0; k < sizeof far / sizeof *far; k++) {
		double a = 0.7 * (double)k, ux = cos(a), uy = sin(a), push;
		struct boid b[1];
		struct flock *f;
		struct probe o;

		b[0].x = (float)(500 + far[k] * ux);
		b[0].y = (float)(500 + far[k] * uy);
		b[0].vx = b[0].vy = 0;
		f = scene(&p, b, 1);
		flock_step(f);
		o = probe_boid(f, 0);
		push = hypot(o.vx, o.vy);
		if (far[k] < 500) {
			CHECK_NEAR(push, 0.5 * 10 * (1 - far[k] / 500.0),
			    1e-3);
			CHECK_NEAR(o.vx * uy - o.vy * ux, 0, 1e-4);
			CHECK(o.vx * ux + o.vy * uy > 0);
			CHECK(push < last);
		} else {
			CHECK_NEAR(push, 0, 0);
		}
		last = push;
		flock_free(f);
	}
}

/* Soft bounds: no push inside, a push back proportional to the depth. */
static void
test_bounds(void)
{
	static const struct boid b[] = {
		{ 500, 500, 0, 0 },   /* middle */
		{ 2, 500, 0, 0 },     /* deep in the left margin */
		{ 4, 500, 0, 0 },     /* less deep */
		{ 500, 997, 0, 0 },   /* deep in the bottom margin */
	};
	struct flock_params p = only(0, 0, 0);
	struct flock *f;
	struct probe deep, shallow, bottom;

	p.bounds = 1;
	p.max_speed = 1.0f;
	f = scene(&p, b, 4);
	flock_step(f);
	check_velocity(f, 0, 0, 0);
	deep = probe_boid(f, 1);
	shallow = probe_boid(f, 2);
	bottom = probe_boid(f, 3);
	CHECK(deep.vx > 0 && deep.vy == 0);
	CHECK(shallow.vx > 0 && shallow.vx < deep.vx);
	/* The margin is 10 units; depths 8 and 6. */
	CHECK_NEAR(deep.vx / shallow.vx, 8.0 / 6.0, 1e-4);
	CHECK(bottom.vy < 0 && bottom.vx == 0);
	flock_free(f);
}

/*
 * A boid in a margin heading outward, with the wind and the spring both
 * at it, turns by no more than the limit in any step, and comes back: it
 * may leave the world for a moment, as the pseudocode says, but turns
 * back in a smooth arc rather than bouncing off a wall.
 */
static void
test_margin_turns(void)
{
	static const struct boid b[] = {
		{ 3, 500, -0.5f, 0 },         /* left margin, heading out */
		{ 3, 3, -0.3f, -0.4f },       /* corner, heading out */
		{ 997, 500, 0.5f, 0.001f },   /* right margin, heading out */
		{ 500, 999, 0.1f, 0.49f },    /* below the world, heading down */
	};
	struct flock_params p = only(0, 0, 0);
	double worst = 0, limit = 15.0;
	float least_x = 1e9f, most_x = -1e9f, most_y = -1e9f;
	struct flock *f;
	int s, back = 0;
	size_t i;

	p.bounds = 1;
	p.max_turn = 15.0f;
	p.max_speed = 0.5f;
	p.wind_x = -0.2f;   /* strong wind toward the left and the bottom */
	p.wind_y = 0.2f;
	f = scene(&p, b, 4);
	for (s = 0; s < 200; s++) {
		struct probe was[4];

		for (i = 0; i < 4; i++)
			was[i] = probe_boid(f, i);
		flock_step(f);
		for (i = 0; i < 4; i++) {
			struct probe now = probe_boid(f, i);
			double c = (was[i].vx * now.vx + was[i].vy * now.vy) /
			    (hypot(was[i].vx, was[i].vy) *
			    hypot(now.vx, now.vy));
			double turn = acos(c > 1 ? 1 : c < -1 ? -1 : c) *
			    180.0 / 3.14159265358979;

			if (hypot(was[i].vx, was[i].vy) > 1e-6 &&
			    hypot(now.vx, now.vy) > 1e-6 && turn > worst)
				worst = turn;
			least_x = now.x < least_x ? now.x : least_x;
			most_x = now.x > most_x ? now.x : most_x;
			most_y = now.y > most_y ? now.y : most_y;
		}
	}
	for (i = 0; i < 4; i++) {
		struct probe o = probe_boid(f, i);

		back += o.x > 0 && o.x < FIELD && o.y > 0 && o.y < FIELD;
	}
	fprintf(stderr, "margins: sharpest turn %.3f degrees; farthest out "
	    "%.2f left, %.2f right, %.2f below\n", worst, -least_x,
	    most_x - FIELD, most_y - FIELD);
	CHECK(worst <= limit + 1e-3);
	CHECK(worst > limit - 1.0);   /* the limit was reached, and held */
	CHECK_INT(back, 4);
	CHECK(least_x > -5 && most_x < FIELD + 5 && most_y < FIELD + 5);
	flock_free(f);
}

/* Field of view: a neighbour behind is not perceived. */
static void
test_field_of_view(void)
{
	static const struct boid b[] = {
		{ 500, 500, 0.1f, 0 },  /* heading right */
		{ 503, 500, 0, 0 },     /* ahead */
		{ 497, 504, 0, 0 },     /* behind and below: 127 degrees off */
	};
	struct flock_params p = only(1, 0, 0);
	struct flock *f;
	uint32_t ids[4];

	p.fov = 180.0f;
	f = scene(&p, b, 3);
	CHECK_INT(flock_perceived(f, 0, ids, 4), 1);
	CHECK_INT(ids[0], 1);
	flock_step(f);
	check_velocity(f, 0, 0.1 + 3 / 100.0, 0);
	flock_free(f);

	p.fov = 270.0f;   /* 135 degrees each side: now it sees boid 2 */
	f = scene(&p, b, 3);
	CHECK_INT(flock_perceived(f, 0, ids, 4), 2);
	flock_step(f);
	check_velocity(f, 0, 0.1 + (0 + 0) / 100.0, 2 / 100.0);
	flock_free(f);

	/* A boid with no heading sees all round. */
	p.fov = 10.0f;
	f = scene(&p, b, 3);
	CHECK_INT(flock_perceived(f, 1, ids, 4), 2);
	flock_free(f);
}

/* The three rules add: one step with all of them is their sum. */
static void
test_rules_add(void)
{
	static const struct boid b[] = {
		{ 500, 500, 0.1f, 0.1f }, { 501, 500, -0.1f, 0 },
		{ 500, 503, 0, 0.2f },
	};
	struct flock_params p = only(1, 1, 1);
	struct flock *f = scene(&p, b, 3);
	/* Boid 0 by hand: cohesion (0.5, 1.5)/100; separation from boid 1
	 * only (1 away): -(1, 0) (1 - 1/4) x 0.5 x 2 x 10; alignment
	 * ((-0.05, 0.1) - (0.1, 0.1))/8. */
	double vx = 0.1 + 0.005 - 7.5 + (-0.05 - 0.1) / 8;
	double vy = 0.1 + 0.015 + 0.0 + (0.1 - 0.1) / 8;

	flock_step(f);
	check_velocity(f, 0, vx, vy);
	flock_free(f);
}

/*
 * Wander: a lone boid, every rule but the wander silent, is pushed by
 * at most the wander's share of the speed limit each step, along its
 * heading in full and across it by STEER_WANDER_ACROSS of that; the push
 * turns from one way to another over the steps, is the same for the
 * same seed, and is nothing when the wander is 0.
 */
static void
test_wander(void)
{
	struct flock_params p = only(0, 0, 0);
	struct boid b[1] = { { 500, 500, 0.4f, 0 } };
	struct flock *f, *g;
	double most_along = 0, most_across = 0, sum_x = 0, sum_y = 0;
	int s, turned = 0;

	p.max_speed = 1.0f;
	p.wander = 0.2f;
	f = scene(&p, b, 1);
	g = scene(&p, b, 1);
	for (s = 0; s < 400; s++) {
		struct probe after, twin;
		double dx, dy;

		flock_place(f, 0, 500, 500, 0.4f, 0);   /* heading right */
		flock_place(g, 0, 500, 500, 0.4f, 0);
		flock_step(f);
		flock_step(g);
		after = probe_boid(f, 0);
		twin = probe_boid(g, 0);
		CHECK(after.vx == twin.vx && after.vy == twin.vy);
		dx = after.vx - 0.4;
		dy = after.vy;
		if (fabs(dx) > most_along)
			most_along = fabs(dx);
		if (fabs(dy) > most_across)
			most_across = fabs(dy);
		turned += dx < 0 && s > 0 && sum_x > 0;
		sum_x += dx;
		sum_y += dy;
	}
	CHECK(most_along <= 0.2 + 1e-6);
	CHECK(most_along > 0.1);
	CHECK(most_across <= 0.2 * STEER_WANDER_ACROSS + 1e-6);
	CHECK(most_across > 0.05);
	CHECK(turned > 0);
	/* Over many knots the pushes nearly cancel. */
	CHECK(fabs(sum_x) / 400 < 0.1 && fabs(sum_y) / 400 < 0.05);
	flock_free(f);
	flock_free(g);

	p.wander = 0.0f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, 0.4, 0.0);
	flock_free(f);
}

/*
 * Topological neighbours: with --nearest 2, boid 0 perceives only the two
 * nearest of the four within its radius, for cohesion and alignment;
 * with 0, all four. Boid 0 at (500, 500) at rest; the others 1, 2, 3
 * and 4 away, each moving its own way.
 */
static void
test_nearest(void)
{
	static const struct boid b[] = { { 500, 500, 0, 0 },
		{ 503, 500, 0.4f, 0 }, { 500, 501, 0, 0.8f },
		{ 496, 500, -0.2f, 0 }, { 500, 498, 0, -0.4f } };
	struct flock_params p = only(1, 0, 1);
	struct flock *f;

	p.nearest = 2;
	f = scene(&p, b, 5);
	flock_step(f);
	/* The two nearest: (500, 501) moving (0, 0.8), (500, 498) moving
	 * (0, -0.4). Centre (500, 499.5): v1 = (0, -0.5) / 100; mean
	 * velocity (0, 0.2): v3 = (0, 0.2) / 8. */
	check_velocity(f, 0, 0.0, -0.5 / 100 + 0.2 / 8);
	flock_free(f);

	p.nearest = 0;
	f = scene(&p, b, 5);
	flock_step(f);
	/* All four: centre (499.75, 499.75), mean velocity (0.05, 0.1). */
	check_velocity(f, 0, -0.25 / 100 + 0.05 / 8, -0.25 / 100 + 0.1 / 8);
	flock_free(f);
}

int
main(void)
{
	test_cohesion(0.0f);
	test_cohesion(20.0f);
	test_cohesion_multiplier_and_scatter();
	test_separation();
	test_separation_pairs();
	test_alignment();
	test_wind();
	test_speed_limit();
	test_turn_limit();
	test_goal();
	test_flee_falls();
	test_bounds();
	test_margin_turns();
	test_field_of_view();
	test_rules_add();
	test_wander();
	test_nearest();
	return check_exit("test_rules");
}
