/*
 * test_groups.c: the groups that linking through cells finds
 * (src/engine/groups.c) are exactly those that comparing every pair of
 * boids finds, each named by its lowest index.
 *
 * Flocks are random, crowded to sparse, with the awkward cases mixed in:
 * boids on a lattice whose pairs lie exactly at the gap, pairs of boids
 * that only cells two columns or rows apart can link, boids whose place
 * is not a number, species linked kind by kind, and whole flocks, one of
 * them big enough to perceive through the cells, measured as the
 * program measures them.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "engine/groups.h"
#include "engine/parallel.h"
#include "lib/rng.h"

struct scene {
	size_t n;
	float *x, *y;
	uint8_t *kind;
	uint32_t *link, *truth;
};

static void
scene_alloc(struct scene *s, size_t n)
{
	s->n = n;
	s->x = calloc(n, sizeof *s->x);
	s->y = calloc(n, sizeof *s->y);
	s->kind = calloc(n, sizeof *s->kind);
	s->link = calloc(n, sizeof *s->link);
	s->truth = calloc(n, sizeof *s->truth);
}

static void
scene_free(struct scene *s)
{
	free(s->x);
	free(s->y);
	free(s->kind);
	free(s->link);
	free(s->truth);
}

static uint32_t
truth_root(uint32_t *t, uint32_t i)
{
	while (t[i] != i)
		i = t[i];
	return i;
}

/*
 * Every pair compared, with the float test of the measure (of one kind
 * only, with kin), each group named by its lowest index: the root of
 * boid i's group in truth[i].
 */
static void
brute_force(const float *x, const float *y, const uint8_t *kind,
    size_t n, float gap, uint32_t *truth)
{
	float gap2 = gap * gap;
	size_t i, j;

	for (i = 0; i < n; i++)
		truth[i] = (uint32_t)i;
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			float ex = x[j] - x[i], ey = y[j] - y[i];
			uint32_t a, b;

			if (!(ex * ex + ey * ey <= gap2) ||
			    (kind && kind[i] != kind[j]))
				continue;
			a = truth_root(truth, (uint32_t)i);
			b = truth_root(truth, (uint32_t)j);
			if (a < b)
				truth[b] = a;
			else if (b < a)
				truth[a] = b;
		}
	for (i = 0; i < n; i++)
		truth[i] = truth_root(truth, (uint32_t)i);
}

/* Linked through the cells, kind by kind with kinds (0 to kinds - 1),
 * against the brute force: every boid's root the same. */
static void
check_scene(struct groups *g, struct scene *s, float gap, int kinds)
{
	size_t i, wrong = 0;
	int k;

	for (i = 0; i < s->n; i++)
		s->link[i] = (uint32_t)i;
	for (k = 0; k < (kinds ? kinds : 1); k++)
		CHECK_INT(groups_link(g, s->n, s->x, s->y, kinds ? s->kind :
		    NULL, k, gap, s->link), 0);
	brute_force(s->x, s->y, kinds ? s->kind : NULL, s->n, gap, s->truth);
	for (i = 0; i < s->n; i++)
		wrong += groups_root(s->link, (uint32_t)i) != s->truth[i];
	CHECK_INT(wrong, 0);
}

/* How many groups of two boids or more the brute force found: the
 * scenes must have some to mean anything. */
static size_t
linked_groups(const struct scene *s)
{
	size_t i, groups = 0;
	uint32_t *size = calloc(s->n, sizeof *size);

	if (!size)
		return 0;
	for (i = 0; i < s->n; i++)
		groups += ++size[s->truth[i]] == 2;
	free(size);
	return groups;
}

/* Random flocks from crowded (many boids within a gap of each other) to
 * sparse (most alone), away from the origin and across it. */
static void
test_random_densities(void)
{
	static const double spacing[] = { 0.2, 0.5, 0.8, 1.0, 1.2, 1.6 };
	static const float corner[] = { 700.0f, -35.5f, 0.0f };
	struct groups g = { 0 };
	struct scene s;
	struct rng r;
	size_t d, i;

	scene_alloc(&s, 2000);
	rng_seed(&r, 7, 1);
	for (d = 0; d < sizeof spacing / sizeof spacing[0]; d++) {
		double side = spacing[d] * 4.0 * sqrt((double)s.n);
		float c = corner[d % 3];

		for (i = 0; i < s.n; i++) {
			s.x[i] = c + (float)rng_range(&r, 0.0, side);
			s.y[i] = c + (float)rng_range(&r, 0.0, side * 0.6);
		}
		check_scene(&g, &s, 4.0f, 0);
		CHECK(linked_groups(&s) > 0);
	}
	groups_free(&g);
	scene_free(&s);
}

/*
 * A flock big enough to be linked in bands of rows, one a thread, on two
 * threads: crowded and sparse random flocks, a lattice whose pairs lie
 * exactly at the gap, and a column of boids exactly a gap apart that
 * crosses every seam between bands, all as the brute force finds them.
 */
static void
test_bands(void)
{
	static const double spacing[] = { 0.5, 1.0 };
	struct groups g = { 0 };
	struct scene s;
	struct rng r;
	size_t d, i;

	parallel_set_threads(2);
	scene_alloc(&s, 10000);
	rng_seed(&r, 13, 3);
	for (d = 0; d < sizeof spacing / sizeof spacing[0]; d++) {
		double side = spacing[d] * 4.0 * sqrt((double)s.n);

		for (i = 0; i < s.n; i++) {
			s.x[i] = -50.0f + (float)rng_range(&r, 0.0, side * 0.5);
			s.y[i] = 10.0f + (float)rng_range(&r, 0.0, side * 2.0);
		}
		check_scene(&g, &s, 4.0f, 0);
		CHECK(linked_groups(&s) > 0);
	}
	for (i = 0; i < s.n; i++) {
		s.x[i] = 300.0f + (float)rng_below(&r, 60);
		s.y[i] = 20.0f + (float)rng_below(&r, 400);
	}
	check_scene(&g, &s, 5.0f, 0);
	CHECK(linked_groups(&s) > 0);
	/* The column first, the rest scattered too far apart to link. */
	for (i = 0; i < s.n; i++) {
		s.x[i] = i < 120 ? 10.0f : 100.0f + 6.0f * (float)(i % 100);
		s.y[i] = i < 120 ? 5.0f * (float)i : 6.0f * (float)(i / 100);
	}
	check_scene(&g, &s, 5.0f, 0);
	CHECK_INT(groups_root(s.link, 119), 0);
	CHECK_INT(groups_root(s.link, 120), 120);
	groups_free(&g);
	scene_free(&s);
	parallel_set_threads(0);
}

/*
 * Boids on a lattice of whole units with the gap 5: pairs 5 apart along
 * the lattice and 3 by 4 across it lie exactly at the gap, which links
 * them, and next to them pairs a unit farther, which do not. Some boids
 * sit on top of each other; a few are not anywhere (not a number, or
 * infinitely far), which links them to nothing.
 */
static void
test_at_the_gap(void)
{
	struct groups g = { 0 };
	struct scene s;
	struct rng r;
	size_t i;
	int pass;

	scene_alloc(&s, 1500);
	rng_seed(&r, 11, 2);
	for (pass = 0; pass < 3; pass++) {
		uint32_t cols = pass == 0 ? 40 : pass == 1 ? 80 : 160;

		for (i = 0; i < s.n; i++) {
			s.x[i] = 300.0f + (float)rng_below(&r, cols);
			s.y[i] = 20.0f + (float)rng_below(&r, cols / 2);
		}
		s.x[3] = NAN;
		s.y[5] = INFINITY;
		s.x[8] = -INFINITY;
		s.y[8] = -INFINITY;
		check_scene(&g, &s, 5.0f, 0);
		CHECK_INT(groups_root(s.link, 3), 3);
		CHECK_INT(groups_root(s.link, 5), 5);
	}
	/* Chains exactly a gap apart, straight and zigzag, are one group
	 * each; with a gap a hair shorter, no group. */
	for (i = 0; i < 40; i++) {
		s.x[i] = 100.0f + 5.0f * (float)i;
		s.y[i] = 60.0f;
		s.x[40 + i] = 100.0f + 3.0f * (float)i;
		s.y[40 + i] = 90.0f + 4.0f * (float)(i % 2);
	}
	s.n = 80;
	check_scene(&g, &s, 5.0f, 0);
	CHECK_INT(groups_root(s.link, 39), 0);
	CHECK_INT(groups_root(s.link, 79), 40);
	check_scene(&g, &s, nextafterf(5.0f, 0.0f), 0);
	CHECK_INT(groups_root(s.link, 39), 39);
	CHECK_INT(groups_root(s.link, 79), 79);
	groups_free(&g);
	scene_free(&s);
}

/*
 * Two boids, a and b, within the gap of each other across every way
 * cells may lie apart, up to two apart, and two farther than the gap in
 * one cell were the cells too wide: the cells are 0.7 gaps wide from the lowest boid,
 * boid 0, far from the others, and a lies near the side of its cell that
 * faces b, so that b's cell lies dc columns and dr rows from a's, up to
 * two each way. Leaving out any of those cells from the search leaves a
 * and b apart.
 */
static void
test_reach(void)
{
	const double gap = 5.0, side = 0.7 * gap, edge = 0.01;
	struct groups g = { 0 };
	struct scene s;
	int dr, dc;

	scene_alloc(&s, 3);
	for (dr = -2; dr <= 2; dr++)
		for (dc = -2; dc <= 2; dc++) {
			double ax = dc > 0 ? 11.0 * side - edge : 10.0 * side +
			    edge;
			double ay = dr > 0 ? 11.0 * side - edge : 10.0 * side +
			    edge;
			double bx = dc > 0 ? (10.0 + dc) * side + edge :
			    dc < 0 ? (11.0 + dc) * side - edge : ax;
			double by = dr > 0 ? (10.0 + dr) * side + edge :
			    dr < 0 ? (11.0 + dr) * side - edge : ay;

			s.x[0] = 0.0f;
			s.y[0] = 0.0f;
			s.x[1] = (float)ax;
			s.y[1] = (float)ay;
			s.x[2] = (float)bx;
			s.y[2] = (float)by;
			check_scene(&g, &s, (float)gap, 0);
			CHECK_INT(groups_root(s.link, 2), 1);
			CHECK_INT(groups_root(s.link, 0), 0);
		}
	/* Two boids a hair more than a gap apart, across the first cell
	 * from its corner: a cell any wider than gap / sqrt(2) holds both. */
	s.x[0] = s.y[0] = 0.0f;
	s.x[1] = s.y[1] = (float)(0.70711 * gap);
	s.x[2] = s.y[2] = 100.0f;
	check_scene(&g, &s, (float)gap, 0);
	CHECK_INT(groups_root(s.link, 1), 1);
	groups_free(&g);
	scene_free(&s);
}

/* Species: each kind linked through its own boids alone, though the
 * others lie among them. */
static void
test_kin(void)
{
	struct groups g = { 0 };
	struct scene s;
	struct rng r;
	size_t i;
	int kinds;

	scene_alloc(&s, 2500);
	rng_seed(&r, 5, 3);
	for (kinds = 2; kinds <= 4; kinds++) {
		for (i = 0; i < s.n; i++) {
			s.x[i] = 50.0f + (float)rng_range(&r, 0.0, 130.0);
			s.y[i] = 50.0f + (float)rng_range(&r, 0.0, 90.0);
			s.kind[i] = (uint8_t)rng_below(&r, (uint32_t)kinds);
		}
		check_scene(&g, &s, 4.0f, kinds);
	}
	groups_free(&g);
	scene_free(&s);
}

/* Boids over more cells than the binning may use are not linked, and
 * the link is left as it was; boids in no cell at all are linked to
 * nothing, and that is done. */
static void
test_too_sparse(void)
{
	struct groups g = { 0 };
	uint32_t link[3] = { 0, 1, 1 };
	float x[3] = { 0.0f, 1e6f, 1e6f }, y[3] = { 0.0f, 3.0f, 1e6f };
	float nx[3] = { NAN, NAN, NAN };

	CHECK_INT(groups_link(&g, 3, x, y, NULL, 0, 4.0f, link), -1);
	CHECK_INT(link[0], 0);
	CHECK_INT(link[1], 1);
	CHECK_INT(link[2], 1);
	link[2] = 2;
	CHECK_INT(groups_link(&g, 3, nx, y, NULL, 0, 4.0f, link), 0);
	CHECK_INT(link[0] + link[1] + link[2], 3);
	groups_free(&g);
}

/*
 * A whole flock made as the program makes n boids in a 120x40 terminal,
 * flown a few steps, then measured: its groups (and with species, each
 * kind's groups and how pure the groups are) those that comparing every
 * pair of its boids finds.
 */
static void
check_flock(size_t n, int species)
{
	struct flock_params p;
	struct flock_stats st;
	struct flock_view v;
	struct flock *f;
	float w = 120.0f, h = 78.0f, gap;
	uint32_t *truth = calloc(n, sizeof *truth), *size, *tally;
	size_t i, groups = 0, largest = 0, kind_groups[FLOCK_MAX_SPECIES] =
	    { 0 };
	double most = 0.0, all = 0.0;
	int s, k;

	flock_params_default(&p);
	p.species = species;
	(void)flock_world_fit(n, p.distance, &w, &h);
	flock_params_fit(&p, n, w, h, 0);
	f = flock_new(n, w, h, &p, 9, 0, 0);
	size = calloc(n, sizeof *size);
	tally = calloc(n * FLOCK_MAX_SPECIES, sizeof *tally);
	CHECK(f && truth && size && tally);
	if (!f || !truth || !size || !tally)
		goto out;
	for (s = 0; s < 6; s++)
		flock_step(f);
	flock_measure(f, &st);
	flock_get_view(f, &v);
	gap = FLOCK_GROUP_GAP * flock_params(f)->distance;
	brute_force(v.x, v.y, NULL, n, gap, truth);
	for (i = 0; i < n; i++) {
		size[truth[i]]++;
		if (v.kind)
			tally[truth[i] * FLOCK_MAX_SPECIES + v.kind[i]]++;
	}
	for (i = 0; i < n; i++) {
		uint32_t top = 0;

		largest = size[i] > largest ? size[i] : largest;
		if (size[i] < FLOCK_GROUP_LEAST)
			continue;
		groups++;
		for (k = 0; k < FLOCK_MAX_SPECIES; k++) {
			uint32_t c = tally[i * FLOCK_MAX_SPECIES + k];

			top = c > top ? c : top;
			all += c;
		}
		most += top;
	}
	CHECK(groups > 2);
	CHECK_INT(st.groups, groups);
	CHECK_INT(st.largest, largest);
	if (species > 1) {
		CHECK_NEAR(st.pure, most / all, 0.0);
		brute_force(v.x, v.y, v.kind, n, gap, truth);
		memset(size, 0, n * sizeof *size);
		for (i = 0; i < n; i++)
			size[truth[i]]++;
		for (i = 0; i < n; i++)
			if (size[i] >= FLOCK_GROUP_LEAST)
				kind_groups[v.kind[i]]++;
		for (k = 0; k < species; k++)
			CHECK_INT(st.kind_groups[k], kind_groups[k]);
	}
out:
	flock_free(f);
	free(truth);
	free(size);
	free(tally);
}

static void
test_flocks(void)
{
	check_flock(3000, 3);
	check_flock(FLOCK_BIG + 500, 1);
}

int
main(void)
{
	test_random_densities();
	test_at_the_gap();
	test_reach();
	test_kin();
	test_too_sparse();
	test_bands();
	test_flocks();
	return check_exit("test_groups");
}
