/*
 * test_rules.c: each rule of the step against values worked out by hand on
 * flocks of two to five boids, including the pseudocode's own examples.
 *
 * Every scene sits in the middle of a large field with the soft bounds
 * off, the turn limit open and a high speed limit, and every multiplier
 * but the one under test at zero, so one step changes each velocity by
 * exactly that rule's vector.
 */
#include <string.h>

#include "check.h"
#include "flock.h"
#include "probe.h"

#define FIELD 1000.0f
#define EPS 1e-5

struct boid {
	float x, y, vx, vy;
};

static struct flock_params
only(float m1, float m2, float m3)
{
	struct flock_params p;

	flock_params_default(&p);
	p.cohesion = m1;
	p.separation = m2;
	p.alignment = m3;
	p.bounds = 0;
	p.max_turn = 180.0f;
	p.max_speed = FLOCK_SPEED_LIMIT;
	return p;
}

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
}

/*
 * The pseudocode's rule 2, "move it as far away again as it already is":
 * c = c - (b.position - bJ.position) for each boid nearer than the
 * distance. The engine scales the sum by 1/8, so m2 = 8 is the pseudocode
 * at full strength.
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
	struct flock_params p = only(0, 8, 0);
	struct flock *f;

	p.distance = 2.0f;
	f = scene(&p, b, 5);
	flock_step(f);
	/* Boid 0 feels 1 and 2: c = -(1, 0) - (0, -1.5). */
	check_velocity(f, 0, -1.0, 1.5);
	/* Boid 1 feels 0 and 2 (distance sqrt 3.25 < 2); 3 is exactly 2
	 * away and the test is strict. */
	check_velocity(f, 1, -(-1.0) - (-1.0), -(-1.5));
	/* Boid 3 feels nobody; boid 4 feels nobody. */
	check_velocity(f, 3, 0, 0);
	check_velocity(f, 4, 0, 0);
	flock_free(f);

	/* m2 = 1: an eighth of it. */
	p.separation = 1.0f;
	f = scene(&p, b, 5);
	flock_step(f);
	check_velocity(f, 0, -1.0 / 8, 1.5 / 8);
	flock_free(f);
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

/* The wind is the same vector for every boid. */
static void
test_wind(void)
{
	static const struct boid b[] = { { 100, 100, 0.2f, 0 },
		{ 900, 900, 0, -0.1f } };
	struct flock_params p = only(0, 0, 0);
	struct flock *f;

	p.wind_x = 0.05f;
	p.wind_y = -0.02f;
	f = scene(&p, b, 2);
	flock_step(f);
	check_velocity(f, 0, 0.25, -0.02);
	check_velocity(f, 1, 0.05, -0.12);
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

/* A turn sharper than the limit stops at the limit, speed kept. */
static void
test_turn_limit(void)
{
	static const struct boid b[] = { { 500, 500, 0.1f, 0 } };
	struct flock_params p = only(0, 0, 0);
	struct flock *f;
	double a = 15.0 * 3.14159265358979 / 180.0;
	double speed = sqrt(0.1 * 0.1 + 0.4 * 0.4);

	p.max_turn = 15.0f;
	p.wind_x = -0.1f;   /* the wind asks for a 90-degree turn... */
	p.wind_y = 0.4f;    /* ...to (0, 0.4), turning clockwise on screen */
	f = scene(&p, b, 1);
	flock_step(f);
	/* Asked (0.0, 0.4); y grows downward, so that is a turn by +90. */
	check_velocity(f, 0, 0.4 * cos(a), 0.4 * sin(a));
	(void)speed;
	flock_free(f);

	/* Within the limit: untouched. */
	p.wind_x = 0.0f;
	p.wind_y = 0.02f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, 0.1, 0.02);
	flock_free(f);
}

/*
 * Goal: tend to place, (place - p) / 100, capped for distant goals; a
 * negative weight flees. Near the goal, arrival steering.
 */
static void
test_goal(void)
{
	static const struct boid b[] = { { 450, 500, 0, 0 } };
	struct flock_params p = only(0, 0, 0);
	struct flock *f;

	/* 50 away, speed limit 10: cap 2.5, pull 0.5 is under it. */
	p.goal_on = 1;
	p.goal_x = 0.5f;
	p.goal_y = 0.5f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, 0.5, 0);
	flock_free(f);

	/* Flee: the same rule reversed. */
	p.goal_weight = -1.0f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, -0.5, 0);
	flock_free(f);

	/* 350 away: pull 3.5, capped at a quarter of the speed limit. */
	p.goal_weight = 1.0f;
	p.goal_x = 0.8f;
	f = scene(&p, b, 1);
	flock_step(f);
	check_velocity(f, 0, 0.25 * FLOCK_SPEED_LIMIT, 0);
	flock_free(f);

	/*
	 * Arrival: within 4 separation distances (8 units) the desired
	 * velocity is (goal - p) * max_speed / 8, and the boid steers an
	 * eighth of the way to it. At 4 units, speed limit 1, moving (0.5,
	 * 0): desired (0.5, 0), no change; moving (1, 0): slows.
	 */
	{
		static const struct boid near[] = { { 496, 500, 1, 0 } };

		p.goal_x = 0.5f;
		p.max_speed = 1.0f;
		f = scene(&p, near, 1);
		flock_step(f);
		check_velocity(f, 0, 1 + (0.5 - 1) / 8, 0);
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
	 * only (1 away): -(1, 0)/8; alignment ((-0.05, 0.1) - (0.1, 0.1))/8. */
	double vx = 0.1 + 0.005 - 0.125 + (-0.05 - 0.1) / 8;
	double vy = 0.1 + 0.015 + 0.0 + (0.1 - 0.1) / 8;

	flock_step(f);
	check_velocity(f, 0, vx, vy);
	flock_free(f);
}

int
main(void)
{
	test_cohesion(0.0f);
	test_cohesion(20.0f);
	test_cohesion_multiplier_and_scatter();
	test_separation();
	test_alignment();
	test_wind();
	test_speed_limit();
	test_turn_limit();
	test_goal();
	test_bounds();
	test_field_of_view();
	test_rules_add();
	return check_exit("test_rules");
}
