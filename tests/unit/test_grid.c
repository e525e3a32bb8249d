/*
 * test_grid.c: the grid finds exactly the neighbours that comparing every
 * pair finds, and the step's sums over them equal sums done by brute force.
 *
 * Flocks are random, with the awkward cases mixed in: boids on a lattice
 * whose spacing is the radius (so that cell borders and pair distances
 * fall exactly on the radius), boids on the world's edges and far outside
 * it, and boids on top of each other.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "engine/grid.h"
#include "lib/rng.h"

#define PI 3.14159265358979323846

struct scene {
	size_t n;
	float w, h;
	float *x, *y, *vx, *vy;
	struct flock_params p;
};

static void
scene_alloc(struct scene *s, size_t n)
{
	s->n = n;
	s->x = calloc(n, sizeof *s->x);
	s->y = calloc(n, sizeof *s->y);
	s->vx = calloc(n, sizeof *s->vx);
	s->vy = calloc(n, sizeof *s->vy);
}

static void
scene_free(struct scene *s)
{
	free(s->x);
	free(s->y);
	free(s->vx);
	free(s->vy);
}

/* A random flock with every kind of awkward boid in it. */
static void
scene_random(struct scene *s, struct rng *r, size_t n, float radius,
    float fov)
{
	static const float radii[] = { 2.5f, 5.0f, 10.0f };
	size_t i;

	scene_alloc(s, n);
	/* In a 60x60 world the grid's box starts at -10, so with these radii
	 * the lattice below sits on cell borders. */
	s->w = 60.0f;
	s->h = 60.0f;
	flock_params_default(&s->p);
	s->p.wander = 0.0f;   /* the brute force below has the rules alone */
	s->p.radius = radius > 0.0f ? radius : radii[rng_below(r, 3)];
	s->p.distance = s->p.radius * (float)rng_range(r, 0.1, 1.0);
	s->p.fov = fov;
	for (i = 0; i < n; i++) {
		uint32_t kind = rng_below(r, 10);
		float step = s->p.radius;

		if (kind < 4) {          /* anywhere, a little beyond the world */
			s->x[i] = (float)rng_range(r, -5.0, 65.0);
			s->y[i] = (float)rng_range(r, -5.0, 65.0);
		} else if (kind < 7) {   /* on the lattice */
			s->x[i] = step * (float)((int)rng_below(r, 14) - 2);
			s->y[i] = step * (float)((int)rng_below(r, 14) - 2);
		} else if (kind < 8) {   /* on an edge of the world */
			s->x[i] = rng_below(r, 2) ? 0.0f : s->w;
			s->y[i] = (float)rng_range(r, 0.0, 60.0);
		} else if (kind < 9 && i > 0) {  /* on another boid */
			size_t j = rng_below(r, (uint32_t)i);

			s->x[i] = s->x[j];
			s->y[i] = s->y[j];
		} else {                 /* far outside the grid */
			s->x[i] = (float)rng_range(r, -300.0, 400.0);
			s->y[i] = rng_below(r, 2) ? -150.0f : 210.0f;
		}
		s->vx[i] = rng_below(r, 8) ? (float)rng_range(r, -0.5, 0.5) : 0;
		s->vy[i] = (float)rng_range(r, -0.5, 0.5);
	}
}

static struct flock *
scene_flock(const struct scene *s, const struct flock_params *p)
{
	struct flock *f = flock_new(s->n, s->w, s->h, p, 7, 0, 0);
	size_t i;

	for (i = 0; i < s->n; i++)
		flock_place(f, i, s->x[i], s->y[i], s->vx[i], s->vy[i]);
	return f;
}

/* The field-of-view test written out plainly with an angle. */
static int
sees_by_angle(const struct scene *s, size_t i, size_t j)
{
	double dx = s->x[j] - s->x[i], dy = s->y[j] - s->y[i];
	double dot, cosang, half = s->p.fov * 0.5 * PI / 180.0;
	double lv, ld;

	if (s->p.fov >= 360.0f)
		return 1;
	lv = sqrt((double)s->vx[i] * s->vx[i] + (double)s->vy[i] * s->vy[i]);
	ld = sqrt(dx * dx + dy * dy);
	if (lv == 0.0 || ld == 0.0)
		return 1;
	dot = dx * s->vx[i] + dy * s->vy[i];
	cosang = dot / (lv * ld);
	return cosang >= cos(half);
}

/* Whether i perceives j, computed in the same float arithmetic the engine
 * uses, so that pairs exactly on the radius fall the same way. */
static int
perceives(const struct scene *s, size_t i, size_t j)
{
	float ex = s->x[j] - s->x[i], ey = s->y[j] - s->y[i];
	float d2 = ex * ex + ey * ey;
	float r2 = s->p.radius * s->p.radius;

	if (i == j || !(d2 < r2))
		return 0;
	return sees_by_angle(s, i, j);
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Angles within a hair of the fov edge may fall either way in float:
 * such pairs are left out of the comparison. */
static int
on_fov_edge(const struct scene *s, size_t i, size_t j)
{
	double dx = s->x[j] - s->x[i], dy = s->y[j] - s->y[i];
	double lv = hypot(s->vx[i], s->vy[i]), ld = hypot(dx, dy);
	double half = s->p.fov * 0.5 * PI / 180.0;

	if (s->p.fov >= 360.0f || lv == 0.0 || ld == 0.0)
		return 0;
	return fabs((dx * s->vx[i] + dy * s->vy[i]) / (lv * ld) -
	    cos(half)) < 1e-5;
}

static void
check_sets(const struct scene *s, struct flock *f, int *mismatches)
{
	uint32_t *got = malloc(s->n * sizeof *got);
	uint32_t *want = malloc(s->n * sizeof *want);
	size_t i;

	for (i = 0; i < s->n; i++) {
		size_t ng = flock_perceived(f, i, got, s->n), nw = 0, j, a, b;

		for (j = 0; j < s->n; j++)
			if (perceives(s, i, j))
				want[nw++] = (uint32_t)j;
		qsort(got, ng, sizeof *got, cmp_u32);
		/* Compare, forgiving only pairs on the fov's very edge. */
		for (a = 0, b = 0; a < ng || b < nw;) {
			if (a < ng && b < nw && got[a] == want[b]) {
				a++;
				b++;
			} else if (b >= nw || (a < ng && got[a] < want[b])) {
				if (!on_fov_edge(s, i, got[a]))
					(*mismatches)++;
				a++;
			} else {
				if (!on_fov_edge(s, i, want[b]))
					(*mismatches)++;
				b++;
			}
		}
	}
	free(got);
	free(want);
}

/*
 * One step with only cohesion (or only alignment, or only separation)
 * changes each velocity by that rule over the perceived set; compare with
 * the same sum done over every pair. Field of view all round, so that no
 * pair is on an angular edge.
 */
static void
check_sums(const struct scene *s, int rule, double *worst)
{
	struct flock_params p = s->p;
	struct flock_view v;
	struct flock *f;
	size_t i, k;

	p.cohesion = rule == 0;
	p.alignment = rule == 1;
	p.separation = rule == 2;
	p.bounds = 0;
	p.max_turn = 180.0f;
	p.max_speed = FLOCK_SPEED_LIMIT;
	p.fov = 360.0f;
	f = scene_flock(s, &p);
	flock_step(f);
	flock_get_view(f, &v);
	for (k = 0; k < v.n; k++) {
		double sx = 0, sy = 0, svx = 0, svy = 0, cx = 0, cy = 0;
		double ex, ey, err;
		size_t count = 0, j;

		i = v.id[k];
		for (j = 0; j < s->n; j++) {
			double dx = (double)s->x[j] - s->x[i];
			double dy = (double)s->y[j] - s->y[i];
			float fx = s->x[j] - s->x[i], fy = s->y[j] - s->y[i];
			float d2 = fx * fx + fy * fy;

			if (j == i)
				continue;
			if (p.radius <= 0.0f || d2 < p.radius * p.radius) {
				count++;
				sx += dx;
				sy += dy;
				svx += s->vx[j];
				svy += s->vy[j];
			}
			if (d2 < p.distance * p.distance && d2 > 0.0f) {
				double w = 1.0 / d2 -
				    1.0 / ((double)p.distance * p.distance);

				cx -= dx * w;
				cy -= dy * w;
			}
		}
		if (rule == 0) {
			ex = count ? s->vx[i] + sx / (double)count / 100 : s->vx[i];
			ey = count ? s->vy[i] + sy / (double)count / 100 : s->vy[i];
		} else if (rule == 1) {
			ex = count ? s->vx[i] + (svx / (double)count - s->vx[i]) / 8 :
			    s->vx[i];
			ey = count ? s->vy[i] + (svy / (double)count - s->vy[i]) / 8 :
			    s->vy[i];
		} else {
			/* steer.h: scaled by 0.5 x D x the speed limit. */
			double k2 = 0.5 * p.distance * p.max_speed;

			ex = s->vx[i] + cx * k2;
			ey = s->vy[i] + cy * k2;
		}
		/* A close pair's push may pass the speed limit, which then
		 * cuts it, as limit_velocity does. */
		if (hypot(ex, ey) > p.max_speed) {
			double cut = p.max_speed / hypot(ex, ey);

			ex *= cut;
			ey *= cut;
		}
		/* Relative to the size of the push: a close pair's weight is
		 * large, and so is its rounding. */
		err = (fabs(v.vx[k] - ex) + fabs(v.vy[k] - ey)) /
		    (1.0 + fabs(ex) + fabs(ey));
		if (err > *worst)
			*worst = err;
	}
	flock_free(f);
}

static void
test_random_flocks(void)
{
	struct rng r;
	int flock, mismatches = 0;
	double worst = 0.0;

	rng_seed(&r, 2026, 11);
	for (flock = 0; flock < 120; flock++) {
		struct scene s;
		size_t n = 2 + rng_below(&r, 300);
		float fov = flock % 3 == 0 ? 360.0f :
		    (float)rng_range(&r, 1.0, 360.0);
		struct flock *f;

		scene_random(&s, &r, n, 0.0f, fov);
		f = scene_flock(&s, &s.p);
		check_sets(&s, f, &mismatches);
		flock_free(f);
		check_sums(&s, flock % 3, &worst);
		scene_free(&s);
	}
	CHECK_INT(mismatches, 0);
	/* Sums of up to a few hundred floats of size ~10: float rounding. */
	CHECK(worst < 2e-4);
	fprintf(stderr, "random flocks: worst velocity error %.3g\n", worst);
}

/* Radius 0: everyone perceives everyone, and the sums are the flock's. */
static void
test_whole_flock(void)
{
	struct rng r;
	int flock;
	double worst = 0.0;

	rng_seed(&r, 99, 3);
	for (flock = 0; flock < 30; flock++) {
		struct scene s;
		size_t n = 2 + rng_below(&r, 200);
		uint32_t *ids = malloc(n * sizeof *ids);
		struct flock *f;

		scene_random(&s, &r, n, 5.0f, 360.0f);
		s.p.radius = 0.0f;
		f = scene_flock(&s, &s.p);
		CHECK_INT(flock_perceived(f, 0, ids, n), n - 1);
		flock_free(f);
		check_sums(&s, flock % 3, &worst);
		free(ids);
		scene_free(&s);
	}
	CHECK(worst < 2e-4);
}

/* The neighbour count a step reports is the brute-force count. */
static void
test_count(void)
{
	struct rng r;
	struct scene s;
	struct flock_stats st;
	struct flock *f;
	size_t i, j, total = 0;
	struct flock_params p;

	rng_seed(&r, 5, 5);
	scene_random(&s, &r, 250, 5.0f, 360.0f);
	p = s.p;
	p.cohesion = p.separation = p.alignment = 0.0f;
	for (i = 0; i < s.n; i++)
		for (j = 0; j < s.n; j++)
			total += (size_t)perceives(&s, i, j);
	f = scene_flock(&s, &p);
	flock_step(f);
	flock_measure(f, &st);
	CHECK_NEAR(st.nbrs * (double)s.n, (double)total, 1e-6);
	flock_free(f);
	scene_free(&s);
}

/* Mean and least nearest-neighbour distance by brute force, in the float
 * arithmetic the statistics use. */
static void
brute_nearest(const struct scene *s, double *mean, double *least)
{
	size_t i, j;

	*mean = 0.0;
	*least = INFINITY;
	for (i = 0; i < s->n; i++) {
		float best = INFINITY, d;

		for (j = 0; j < s->n; j++) {
			float ex = s->x[j] - s->x[i], ey = s->y[j] - s->y[i];
			float d2 = ex * ex + ey * ey;

			if (j != i && d2 < best)
				best = d2;
		}
		d = sqrtf(best);
		*mean += d;
		*least = d < *least ? d : *least;
	}
	*mean /= (double)s->n;
}

/* The flock's statistics against brute force over where it is now. */
static int
nearest_wrong(struct flock *f)
{
	struct flock_stats st;
	struct flock_view v;
	struct scene now;
	double mean, least;

	flock_get_view(f, &v);
	now.n = v.n;
	now.x = (float *)v.x;
	now.y = (float *)v.y;
	brute_nearest(&now, &mean, &least);
	flock_measure(f, &st);
	return !(fabs(st.nnd - mean) <= 1e-9 * mean) || st.minsep != least;
}

/*
 * As placed; then after steps, when the boids have moved since the grid
 * was built for them; then with one of them moved far away by hand.
 */
static void
check_nearest(const struct scene *s, int *wrong)
{
	struct flock *f = scene_flock(s, &s->p);
	int k;

	*wrong += nearest_wrong(f);
	for (k = 0; k < 3; k++) {
		flock_step(f);
		*wrong += nearest_wrong(f);
	}
	flock_place(f, 0, s->x[s->n - 1] + 0.01f, s->y[s->n - 1], 0, 0);
	*wrong += nearest_wrong(f);
	flock_step(f);
	flock_place(f, 1, -50.0f, 500.0f, 0, 0);
	*wrong += nearest_wrong(f);
	flock_free(f);
}

/*
 * The statistics' nearest neighbours, searched block by block on the
 * grid, are the ones comparing every pair finds: in random flocks with
 * every awkward boid, placed, after steps and moved by hand, and in a
 * crowd too thick for a block's buffer.
 */
static void
test_nearest(void)
{
	struct rng r;
	struct scene s;
	size_t i;
	int flock, wrong = 0;

	rng_seed(&r, 31, 4);
	for (flock = 0; flock < 60; flock++) {
		scene_random(&s, &r, 2 + rng_below(&r, 400), 0.0f, 360.0f);
		check_nearest(&s, &wrong);
		scene_free(&s);
	}
	scene_random(&s, &r, 3000, 10.0f, 360.0f);
	for (i = 0; i < s.n; i++) {
		s.x[i] = 30.0f + (float)rng_range(&r, -4.0, 4.0);
		s.y[i] = 30.0f + (float)rng_range(&r, -4.0, 4.0);
	}
	check_nearest(&s, &wrong);
	scene_free(&s);
	CHECK_INT(wrong, 0);
}

/* Coincident boids: perceived, no push, no NaN. */
static void
test_coincident(void)
{
	struct flock_params p;
	struct flock_view v;
	struct flock *f;
	uint32_t ids[4];
	size_t i;

	flock_params_default(&p);
	p.bounds = 0;
	f = flock_new(3, 100, 100, &p, 1, 0, 0);
	for (i = 0; i < 3; i++)
		flock_place(f, i, 50, 50, 0, 0);
	CHECK_INT(flock_perceived(f, 0, ids, 4), 2);
	for (i = 0; i < 10; i++)
		flock_step(f);
	flock_get_view(f, &v);
	for (i = 0; i < 3; i++) {
		CHECK(isfinite(v.x[i]) && isfinite(v.y[i]));
		CHECK(isfinite(v.vx[i]) && isfinite(v.vy[i]));
	}
	flock_free(f);
}

/*
 * Every pair closer than a side lies in the block around either boid's
 * cell: returns the pairs missed. dest maps a boid to its place in cell
 * order, where the block's runs are.
 */
static int
blocks_missed(const struct grid *g, const float *x, const float *y,
    size_t n)
{
	int missed = 0;
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct grid_block b;

		grid_block_at(g, grid_cell_col(g, x[i]), grid_cell_row(g, y[i]),
		    &b);
		for (j = 0; j < n; j++) {
			float dx = x[j] - x[i], dy = y[j] - y[i];
			uint32_t d = g->dest[j];
			int k, in = 0;

			if (dx * dx + dy * dy >= g->side * g->side)
				continue;
			for (k = 0; k < 3; k++)
				in |= d >= b.lo[k] && d < b.hi[k];
			missed += !in;
		}
	}
	return missed;
}

/* n boids at random over a w by w square. */
static void
scatter(struct rng *r, float *x, float *y, size_t n, float w)
{
	size_t i;

	for (i = 0; i < n; i++) {
		x[i] = (float)rng_range(r, 0.0, w);
		y[i] = (float)rng_range(r, 0.0, w);
	}
}

/*
 * The grid cuts its rows coarser after a build whose cells were sparse
 * and back to the finest after a crowded one, and either way every pair
 * within a side is in the block around each of its boids.
 */
static void
test_cut(void)
{
	enum { N = 3000 };
	static float x[N], y[N];
	struct grid g;
	struct rng r;
	int most;

	rng_seed(&r, 7, 7);
	CHECK_INT(grid_init(&g, N, 0.0f, 0.0f, 300.0f, 300.0f, 10.0f), 0);
	most = g.sub;
	CHECK(most >= 2);
	/* Sparse: 3000 over 300 x 300, 3.3 boids to a side's square. A
	 * build keeps its own cut, and chooses the next one's. */
	scatter(&r, x, y, N, 300.0f);
	grid_build(&g, N, x, y, NULL, NULL);
	CHECK_INT(blocks_missed(&g, x, y, N), 0);
	CHECK_INT(g.sub, most);
	CHECK_INT(g.sub_next, most / 2);
	grid_build(&g, N, x, y, NULL, NULL);
	CHECK_INT(blocks_missed(&g, x, y, N), 0);
	CHECK_INT(g.sub, most / 2);
	CHECK(g.cols * (most / g.sub) >= g.cols_most);
	/* Crowded: the same boids within 60 x 60, 83 to a side's square. */
	scatter(&r, x, y, N, 60.0f);
	grid_build(&g, N, x, y, NULL, NULL);
	CHECK_INT(blocks_missed(&g, x, y, N), 0);
	CHECK_INT(g.sub_next, most);
	grid_build(&g, N, x, y, NULL, NULL);
	CHECK_INT(blocks_missed(&g, x, y, N), 0);
	CHECK_INT(g.sub, most);
	/* And back. */
	scatter(&r, x, y, N, 300.0f);
	grid_build(&g, N, x, y, NULL, NULL);
	grid_build(&g, N, x, y, NULL, NULL);
	CHECK_INT(blocks_missed(&g, x, y, N), 0);
	CHECK_INT(g.sub, most / 2);
	grid_free(&g);
}

/* The boids in cell order, as the step reads them. */
static void
sort_places(const struct grid *g, const float *x, const float *y, size_t n,
    float *sx, float *sy)
{
	size_t i;

	for (i = 0; i < n; i++) {
		sx[g->dest[i]] = x[i];
		sy[g->dest[i]] = y[i];
	}
}

/* Tiles found from the boids' places against those found by walking the
 * cells, chunk by chunk as the step takes them; returns the mismatches. */
static int
tiles_differ(const struct grid *g, const float *sx, const float *sy,
    size_t n, size_t chunk, size_t most)
{
	int differ = 0;
	size_t c0;

	for (c0 = 0; c0 < n; c0 += chunk) {
		size_t end = c0 + chunk < n ? c0 + chunk : n;
		size_t i, cell = grid_cell_holding(g, c0);
		struct grid_tile a, b;

		for (i = c0; i < end; i = a.hi) {
			uint32_t row = grid_cell_row(g, sy[i]);
			int k;

			grid_tile_of(g, sx, sy, i, end, most, &a);
			grid_tile_at(g, &cell, i, end, most, &b);
			differ += a.lo != i || a.hi <= a.lo || a.hi != b.hi;
			for (k = 0; k < 3; k++)
				differ += a.blk.lo[k] != b.blk.lo[k] ||
				    a.blk.hi[k] != b.blk.hi[k];
			/* One row, and as long as the row, most and end let
			 * it be. */
			differ += grid_cell_row(g, sy[a.hi - 1]) != row;
			differ += a.hi < end && a.hi - a.lo < most &&
			    grid_cell_row(g, sy[a.hi]) == row;
			if (a.hi <= a.lo)
				break;
		}
	}
	return differ;
}

/*
 * A tile found from the places of its first and last boids is the tile
 * found by walking the cells between them: over flocks with boids on
 * cell borders, on each other and far outside the grid, at both cuts of
 * the rows, for tiles of one boid, of four and of sixteen, in chunks of
 * the step's size and of a size that ends mid-row.
 */
static void
test_tiles(void)
{
	enum { N = 4000 };
	static float x[N], y[N], sx[N], sy[N];
	static const size_t most[] = { 1, 4, 16 };
	struct scene s;
	struct grid g;
	struct rng r;
	int round, m;

	rng_seed(&r, 11, 3);
	for (round = 0; round < 4; round++) {
		scene_random(&s, &r, N, 5.0f, 360.0f);
		memcpy(x, s.x, sizeof x);
		memcpy(y, s.y, sizeof y);
		/* Crowded, for the finest cut of the rows; or sparse, for
		 * the coarser. */
		if (round % 2)
			scatter(&r, x, y, N / 2, 30.0f);
		else
			scatter(&r, x, y, 3 * N / 4, 390.0f);
		CHECK_INT(grid_init(&g, N, -10.0f, -10.0f, 400.0f, 400.0f,
		    5.0f), 0);
		grid_build(&g, N, x, y, NULL, NULL);
		grid_build(&g, N, x, y, NULL, NULL);
		CHECK_INT(g.sub, round % 2 ? g.sub_most : g.sub_most / 2);
		sort_places(&g, x, y, N, sx, sy);
		for (m = 0; m < 3; m++) {
			CHECK_INT(tiles_differ(&g, sx, sy, N, 256, most[m]),
			    0);
			CHECK_INT(tiles_differ(&g, sx, sy, N, 100, most[m]),
			    0);
		}
		grid_free(&g);
		scene_free(&s);
	}
}

/* Whether boid j lies in one of tile t's runs. */
static int
in_runs(const struct grid_tile *t, size_t j)
{
	int k;

	for (k = 0; k < 3; k++)
		if (j >= t->blk.lo[k] && j < t->blk.hi[k])
			return 1;
	return 0;
}

/*
 * Tiles for boids that moved since the grid was built: each boid moved
 * up to `drift` in any direction from the place it was sorted at, and
 * every pair now closer than `near` must lie in the runs of the tile of
 * either boid, reaching near + drift across (as the step's separation
 * reaches through a grid not built anew every step). Returns the pairs
 * missed; *tiles gets the tiles, each one row of cells, made of
 * consecutive boids from the chunk's start.
 */
static int
moved_pairs_missed(struct grid *g, struct rng *r, const float *x,
    const float *y, size_t n, float near, float drift, size_t most,
    size_t *tiles)
{
	/* Padded as the boids are: the tile's span is read a vector at
	 * a time. */
	float *mx = calloc(n + 16, sizeof *mx), *my = malloc(n * sizeof *my);
	size_t c0, i, j;
	int missed = 0;

	*tiles = 0;
	if (!mx || !my) {
		free(mx);
		free(my);
		return 1;
	}
	/* Moved, in cell order, as f->sorted holds them between sorts. */
	for (i = 0; i < n; i++) {
		double a = rng_range(r, 0.0, 2.0 * PI);
		double d = drift * (i % 3 ? rng_unit(r) : 1.0);

		mx[g->dest[i]] = x[i] + (float)(d * cos(a));
		my[g->dest[i]] = y[i] + (float)(d * sin(a));
	}
	for (c0 = 0; c0 < n; c0 += 256) {
		size_t end = c0 + 256 < n ? c0 + 256 : n;
		struct grid_tile t;

		for (i = c0; i < end; i = t.hi) {
			size_t b;

			grid_tile_across(g, mx, i, end, most, near + drift, &t);
			++*tiles;
			missed += t.lo != i || t.hi <= t.lo;
			if (t.hi <= t.lo)
				break;
			for (b = t.lo; b < t.hi; b++)
				for (j = 0; j < n; j++) {
					float dx = mx[j] - mx[b], dy = my[j] -
					    my[b];

					missed += dx * dx + dy * dy < near *
					    near && !in_runs(&t, j);
				}
		}
	}
	free(mx);
	free(my);
	return missed;
}

/*
 * A grid kept for some steps while the boids move: every pair closer
 * than the separation distance is in the runs of the tile found from
 * the cells the grid kept and the places now, over crowded and sparse
 * flocks with boids on cell borders, far outside the grid and on top of
 * each other, for tiles of one boid and of sixteen, boids having moved
 * up to nothing, a quarter and a half of the distance.
 */
static void
test_tiles_moved(void)
{
	enum { N = 1500 };
	static float x[N], y[N];
	static const float drift[] = { 0.0f, 0.25f, 0.5f };
	struct scene s;
	struct grid g;
	struct rng r;
	int round, d;

	rng_seed(&r, 12, 3);
	for (round = 0; round < 2; round++) {
		size_t tiles = 0;

		scene_random(&s, &r, N, 5.0f, 360.0f);
		memcpy(x, s.x, sizeof x);
		memcpy(y, s.y, sizeof y);
		if (round)
			scatter(&r, x, y, N / 2, 30.0f);
		CHECK_INT(grid_init(&g, N, -10.0f, -10.0f, 400.0f, 400.0f,
		    5.0f), 0);
		CHECK_INT(grid_keep_cells(&g), 0);
		grid_build(&g, N, x, y, NULL, NULL);
		for (d = 0; d < 3; d++) {
			CHECK_INT(moved_pairs_missed(&g, &r, x, y, N, 1.0f,
			    drift[d], 16, &tiles), 0);
			CHECK(tiles >= N / 16);
			CHECK_INT(moved_pairs_missed(&g, &r, x, y, N, 1.0f,
			    drift[d], 1, &tiles), 0);
			CHECK_INT(tiles, N);
		}
		grid_free(&g);
		scene_free(&s);
	}
}

int
main(void)
{
	test_random_flocks();
	test_cut();
	test_tiles();
	test_tiles_moved();
	test_whole_flock();
	test_count();
	test_nearest();
	test_coincident();
	return check_exit("test_grid");
}
