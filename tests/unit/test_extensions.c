/*
 * test_extensions.c: the model's extensions on scenes built by hand:
 * fear passes from an afraid boid to a neighbour and not to a distant
 * one, and fades to nothing; a leader does not align; a boid of one
 * species is not drawn to the centre of another but still keeps its
 * distance from it. Expected values are worked out by hand from the
 * rules as the man page gives them.
 *
 * As in test_rules.c, every scene sits in the middle of a large world
 * with the soft bounds off, the turn limit open and a high speed limit,
 * and every multiplier but those under test at zero.
 */
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "engine/steer.h"
#include "probe.h"

#define FIELD 1000.0f
#define EPS 1e-5

/* What the man page says fear does: a boid's own fear fades by FADE a
 * step, and it takes PASS of the fear it smells. */
#define FADE 0.9f
#define PASS 0.8f
#define FLOOR 0.05f

/* Boid id's fear, or -1 when there is none. */
static double
fear_of(const struct flock *f, size_t id)
{
	struct flock_view v;
	size_t i;

	flock_get_view(f, &v);
	for (i = 0; v.fear && i < v.n; i++)
		if (v.id[i] == id)
			return v.fear[i];
	return -1.0;
}

/*
 * Boid 0 panics (fear 1); boid 1 is 1.4 away, in the same cell of the
 * gas (its cells are at least 2.5 separation distances across, here
 * far more, and lie on multiples of their side); boid 2 is 400 away.
 * Nothing moves and nothing else frightens them. After a step the gas
 * of their cell holds boid 0's panic, 1, and boid 1 takes PASS of it;
 * boid 0 keeps FADE of its own, more than PASS of the gas. From then on
 * boid 0's fear fades by FADE a step, and boid 1 follows a step behind,
 * PASS of it: both reach nothing once below FLOOR, and boid 2 never
 * feels anything.
 */
static void
test_fear_passes_and_fades(void)
{
	struct flock_params p = only(0, 0, 0);
	struct flock *f;
	float a = 1.0f;
	int s, zero_a = -1, zero_b = -1, far = 0;

	p.fear = 1;
	f = flock_new(3, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 501, 501, 0, 0);
	flock_place(f, 1, 502, 502, 0, 0);
	flock_place(f, 2, 901, 901, 0, 0);
	flock_frighten(f, 0, 1.0f);
	CHECK_NEAR(fear_of(f, 0), 1.0, 0);
	CHECK_NEAR(fear_of(f, 1), 0.0, 0);
	flock_step(f);
	CHECK_NEAR(fear_of(f, 0), FADE, EPS);
	CHECK_NEAR(fear_of(f, 1), PASS, EPS);
	CHECK_NEAR(fear_of(f, 2), 0.0, 0);
	a = FADE;
	for (s = 2; s <= 60; s++) {
		double b;

		flock_step(f);
		a = a * FADE;
		if (a < FLOOR)
			a = 0.0f;
		CHECK_NEAR(fear_of(f, 0), a, EPS);
		b = fear_of(f, 1);
		if (a > 0.0f) {
			double expected = PASS * a / FADE;

			CHECK_NEAR(b, expected < FLOOR ? 0.0 : expected, EPS);
		}
		if (fear_of(f, 0) == 0.0 && zero_a < 0)
			zero_a = s;
		if (b == 0.0 && zero_b < 0)
			zero_b = s;
		far += fear_of(f, 2) != 0.0;
	}
	/* 0.9^28 = 0.052, 0.9^29 = 0.047; boid 1, 0.8 x 0.9^27 = 0.047. */
	CHECK_INT(zero_a, 29);
	CHECK_INT(zero_b, 28);
	CHECK_NEAR(fear_of(f, 0), 0.0, 0);
	CHECK_NEAR(fear_of(f, 1), 0.0, 0);
	CHECK_INT(far, 0);
	flock_free(f);
}

/* A predator within the fear radius (six separation distances, 12 by
 * default) panics a boid at once; one beyond it does not; scattering
 * panics every boid. */
static void
test_fear_of_predators_and_scatter(void)
{
	struct flock_params p = only(0, 0, 0);
	struct flock *f;

	p.fear = 1;
	f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 300, 300, 0, 0);
	flock_place(f, 1, 700, 700, 0, 0);
	flock_place_predator(f, 0, 311, 300, 0, 0);   /* 11 from boid 0 */
	flock_step(f);
	CHECK_NEAR(fear_of(f, 0), 1.0, 0);
	CHECK_NEAR(fear_of(f, 1), 0.0, 0);
	flock_free(f);

	p.scatter = 1;
	f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 300, 300, 0, 0);
	flock_place(f, 1, 700, 700, 0, 0);
	flock_step(f);
	CHECK_NEAR(fear_of(f, 0), 1.0, 0);
	CHECK_NEAR(fear_of(f, 1), 1.0, 0);
	flock_free(f);
}

/*
 * An afraid boid aligns harder and hurries: with alignment alone, boid
 * 0 (heading east at 0.5, fear 1) beside boid 1 (heading south at 0.5)
 * turns by (1 + 2 x 1) times the pseudocode's (pv - v) / 8, and is
 * pushed along its heading by 0.1 of the speed limit (10): 1.
 */
static void
test_fear_aligns_harder(void)
{
	struct flock_params p = only(0, 0, 1);
	struct flock *f;
	struct probe b;

	p.fear = 1;
	f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 500, 500, 0.5f, 0);
	flock_place(f, 1, 503, 500, 0, 0.5f);
	flock_frighten(f, 0, 1.0f);
	flock_step(f);
	b = probe_boid(f, 0);
	CHECK_NEAR(b.vx, 0.5 + 3 * (0 - 0.5) / 8.0 + 1.0, EPS);
	CHECK_NEAR(b.vy, 3 * (0.5 - 0) / 8.0, EPS);
	/* Boid 1, calm, aligns as the pseudocode does. */
	b = probe_boid(f, 1);
	CHECK_NEAR(b.vx, (0.5 - 0) / 8.0, EPS);
	CHECK_NEAR(b.vy, 0.5 + (0 - 0.5) / 8.0, EPS);
	flock_free(f);
}

/*
 * A leader does not align. Boid 0 heads east at 0.5; its two neighbours
 * head south at 0.5. Calm, with alignment alone, it turns by (pv - v)/8.
 * Leading, it does not: it steers 100 degrees off their heading (south,
 * (0, 1)) to the side it leans to (east, so the heading turns toward
 * +x), u = (sin 100, cos 100), with (u x the speed limit - v) times
 * 0.2.
 */
static void
test_leader_does_not_align(void)
{
	struct flock_params p = only(0, 0, 1);
	struct flock *f;
	struct probe b;
	double ux = sin(100.0 * FLOCK_PI / 180.0);
	double uy = cos(100.0 * FLOCK_PI / 180.0);
	int lead;

	p.leaders = 1;
	for (lead = 0; lead <= 1; lead++) {
		f = flock_new(3, FIELD, FIELD, &p, 1, 0, 0);
		flock_place(f, 0, 500, 500, 0.5f, 0);
		flock_place(f, 1, 504, 500, 0, 0.5f);
		flock_place(f, 2, 496, 500, 0, 0.5f);
		if (lead)
			flock_lead(f, 0, 100);
		flock_step(f);
		b = probe_boid(f, 0);
		if (lead) {
			CHECK_NEAR(b.vx, 0.5 + (ux * 10 - 0.5) * 0.2, EPS);
			CHECK_NEAR(b.vy, (uy * 10 - 0) * 0.2, EPS);
		} else {
			CHECK_NEAR(b.vx, 0.5 + (0 - 0.5) / 8.0, EPS);
			CHECK_NEAR(b.vy, (0.5 - 0) / 8.0, EPS);
		}
		flock_free(f);
	}
}

/*
 * Those near a leader follow it. With alignment alone, boid 1 (heading
 * south at 0.5) 3 from the leader, boid 0 (heading east at 0.5), within
 * half the radius, aligns with it as the pseudocode does, (vl - v) / 8,
 * and besides follows it: twice that, and twice the pseudocode's
 * cohesion toward it, 2 (3, 0) / 100. Boid 2, 7 from the leader, beyond
 * half the radius, only aligns.
 */
static void
test_followers(void)
{
	struct flock_params p = only(0, 0, 1);
	struct flock *f;
	struct probe b;

	p.leaders = 1;
	f = flock_new(3, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 500, 500, 0.5f, 0);
	flock_place(f, 1, 497, 500, 0, 0.5f);
	flock_place(f, 2, 500, 507, 0, 0.5f);
	flock_lead(f, 0, 100);
	flock_step(f);
	/* Boid 1 perceives the leader and boid 2 (sqrt 58 away): its
	 * perceived velocity is their mean, (0.25, 0.25). */
	b = probe_boid(f, 1);
	CHECK_NEAR(b.vx, (0.25 - 0) / 8.0 + 2 * (0.5 - 0) / 8.0 + 2 * 3 / 100.0,
	    EPS);
	CHECK_NEAR(b.vy, 0.5 + (0.25 - 0.5) / 8.0 + 2 * (0 - 0.5) / 8.0, EPS);
	/* Boid 2 perceives both too, and follows nobody. */
	b = probe_boid(f, 2);
	CHECK_NEAR(b.vx, (0.25 - 0) / 8.0, EPS);
	CHECK_NEAR(b.vy, 0.5 + (0.25 - 0.5) / 8.0, EPS);
	flock_free(f);
}

/* A leader with nobody near it is alone: its leadership ends. */
static void
test_leader_alone_ends(void)
{
	struct flock_params p = only(0, 0, 1);
	struct flock_view v;
	struct flock *f;

	p.leaders = 1;
	f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
	flock_place(f, 0, 500, 500, 0.5f, 0);
	flock_place(f, 1, 800, 800, 0.5f, 0);
	flock_lead(f, 0, 100);
	flock_get_view(f, &v);
	CHECK(v.lead != NULL);
	flock_step(f);
	flock_get_view(f, &v);
	CHECK_INT(v.leaders, 0);
	flock_free(f);
}

/*
 * Species: ids take the kinds in turn, so with two, boid 0 is of one
 * kind and boid 1 of the other. Boid 1 is 3 to the right of boid 0:
 * with cohesion alone, one species draws boid 0 toward it by 1% of the
 * offset, (0.03, 0); two do not: boid 0 flees it with the speed limit
 * (10) times (1 - 3/10), straight left. With the whole flock (radius 0)
 * the flight reaches half the world's smaller side, 500.
 */
static void
test_species_not_drawn(float radius)
{
	struct flock_params p = only(1, 0, 0);
	struct flock *f;
	struct probe b;
	double reach = radius > 0 ? radius : 500.0;
	int species;

	p.radius = radius;
	for (species = 1; species <= 2; species++) {
		p.species = species;
		f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
		flock_place(f, 0, 500, 500, 0, 0);
		flock_place(f, 1, 503, 500, 0, 0);
		flock_step(f);
		b = probe_boid(f, 0);
		if (species == 1) {
			CHECK_NEAR(b.vx, 3 / 100.0, EPS);
			CHECK_NEAR(b.vy, 0, EPS);
		} else if (species == 2) {
			/* Not drawn: pushed away, left, and only left. */
			CHECK(b.vx < 0);
			CHECK_NEAR(b.vx, -10 * (1 - 3 / reach), 1e-4);
			CHECK_NEAR(b.vy, 0, EPS);
		}
		flock_free(f);
	}
}

/*
 * But separation looks at every kind. Boid 0 with boid 1 of the other
 * kind 1 to its right, separation alone (m2 = 0.1 scales the sum by 1,
 * as in test_rules.c): the push is -(1)(1/1 - 1/4) = -0.75 along x,
 * as with one kind, plus the flight from the other kind's centre, 1
 * away: 10 (1 - 1/10) = 9.
 */
static void
test_species_keep_distance(void)
{
	struct flock_params p = only(0, 0.1f, 0);
	struct flock *f;
	struct probe b;
	int species;

	for (species = 1; species <= 2; species++) {
		p.species = species;
		f = flock_new(2, FIELD, FIELD, &p, 1, 0, 0);
		flock_place(f, 0, 500, 500, 0, 0);
		flock_place(f, 1, 501, 500, 0, 0);
		flock_step(f);
		b = probe_boid(f, 0);
		CHECK_NEAR(b.vx, species == 1 ? -0.75 : -0.75 - 9.0, 1e-4);
		CHECK_NEAR(b.vy, 0, EPS);
		b = probe_boid(f, 1);
		CHECK_NEAR(b.vx, species == 1 ? 0.75 : 0.75 + 9.0, 1e-4);
		flock_free(f);
	}
}

/*
 * A boid resting on the ground is no part of its tile's kin. Boid 0
 * (kind 0) lands in the first step, 18 to the left of boids 1 and 3
 * (kind 1, 2 apart, at rest), in the same row of cells and just before
 * them in cell order, so that a tile takes the three. With cohesion
 * alone each of boids 1 and 3 is drawn to the other by 1% of their
 * offset a step: 0.02 in the first, then 1% of the 1.96 left. Were the
 * tile's kind taken from the resting boid, the two would flee each
 * other as strangers.
 */
static void
test_species_resting_kin(void)
{
	struct flock_params p = only(1, 0, 0);
	struct flock *f;
	struct probe b;

	p.species = 2;
	p.perch = 1;
	p.bounds = 1;           /* the ground is under a world with walls, */
	p.max_speed = 1.0f;     /* whose spring this does not overcome */
	f = flock_new(4, 80, 48, &p, 1, 0, 0);
	flock_place(f, 0, 22, 46.8f, 0, 0.5f);   /* the ground is at 47 */
	flock_place(f, 1, 40, 46, 0, 0);
	flock_place(f, 2, 10, 5, 0, 0);
	flock_place(f, 3, 42, 46, 0, 0);
	flock_step(f);
	CHECK(probe_boid(f, 0).perch > 0);
	CHECK_NEAR(probe_boid(f, 1).vx, 0.02, EPS);
	flock_step(f);
	CHECK(probe_boid(f, 0).perch > 0);
	b = probe_boid(f, 1);
	CHECK_NEAR(b.vx, 0.02 + 0.0196, EPS);
	b = probe_boid(f, 3);
	CHECK_NEAR(b.vx, -0.02 - 0.0196, EPS);
	flock_free(f);
}

/* Boids perceive their own kind only, as the step does. */
static void
test_species_perceived(void)
{
	struct flock_params p = only(1, 1, 1);
	struct flock *f;
	uint32_t ids[8];
	size_t n, k;

	p.species = 3;
	f = flock_new(6, FIELD, FIELD, &p, 1, 0, 0);
	for (k = 0; k < 6; k++)
		flock_place(f, k, 500 + (float)k, 500, 0, 0);
	n = flock_perceived(f, 0, ids, 8);
	CHECK_INT(n, 1);
	CHECK_INT(ids[0], 3);
	flock_free(f);
}

int
main(void)
{
	test_fear_passes_and_fades();
	test_fear_of_predators_and_scatter();
	test_fear_aligns_harder();
	test_leader_does_not_align();
	test_followers();
	test_leader_alone_ends();
	test_species_not_drawn(10.0f);
	test_species_not_drawn(0.0f);
	test_species_keep_distance();
	test_species_perceived();
	test_species_resting_kin();
	return check_exit("test_extensions");
}
