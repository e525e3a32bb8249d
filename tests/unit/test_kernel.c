/*
 * test_kernel.c: the build of the step's inner loops that a flock steps
 * with by itself is the widest this processor runs, and every build
 * flies the same flight, bit for bit.
 *
 * Before anything chooses a build, a flock steps with the one the
 * engine picks; it must be the widest the processor says it has (on
 * x86-64, asked here through the compiler's own test of the processor,
 * not the engine's), the one flock_kernel_name() reports, and every
 * build listed before it must be one this processor cannot run. Then
 * each build this processor runs steps the same
 * scenes as the one-lane build, the plain scalar loop, and must leave
 * every boid with the same bytes: in the plain flock, with a field of
 * view (the view's test in every lane), with radius 0 (the whole flock),
 * with the nearest few, with every behaviour on (resting boids are lanes
 * that gather nothing), with species, fear and leaders, through the
 * cells' sums as a big flock perceives, and in flocks
 * too small to fill one vector, all at one place.
 *
 * A big flock's separation takes up only the candidates in the box
 * around a tile's boids (box.h), so every build would fly the same
 * flight were the box to lose a pair: the box is held here, as wide as
 * this file is built, against comparing every candidate with every
 * boid, candidates placed just inside the distance, and far from the
 * origin, where places round coarsely.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* As wide as the widest build of the step this file is built for. */
#if defined(__AVX512F__)
#define LANES 16
#elif defined(__AVX__)
#define LANES 8
#endif

#include "check.h"
#include "engine/box.h"
#include "engine/flock.h"
#include "lib/rng.h"

struct scene {
	const char *name;
	size_t n;
	float w, h;
	size_t pred, obst;
	int steps;
	void (*tune)(struct flock_params *p);
	int heap;                   /* all boids start at one place */
};

static void tune_none(struct flock_params *p) { (void)p; }

static void
tune_view(struct flock_params *p)
{
	p->fov = 250.0f;
}

static void
tune_narrow(struct flock_params *p)
{
	p->fov = 120.0f;
	p->max_turn = 180.0f;
}

static void
tune_whole(struct flock_params *p)
{
	p->radius = 0.0f;
}

static void
tune_nearest(struct flock_params *p)
{
	p->nearest = 7;
}

static void
tune_busy(struct flock_params *p)
{
	p->perch = 1;
	p->goal_on = 1;
	p->goal_x = 0.3f;
	p->goal_y = 0.7f;
	p->wind_x = 0.05f;
	p->scatter = 1;
	p->start = FLOCK_START_RANDOM;
}

static void
tune_species(struct flock_params *p)
{
	p->species = 3;
	p->fov = 270.0f;
}

static void
tune_species_whole(struct flock_params *p)
{
	p->species = 2;
	p->radius = 0.0f;
}

static void
tune_species_nearest(struct flock_params *p)
{
	p->species = 4;
	p->nearest = 6;
}

static void
tune_moods(struct flock_params *p)
{
	p->fear = 1;
	p->leaders = 1;
	p->species = 2;
	p->start = FLOCK_START_RANDOM;
}

/* Through the cells' sums, as a big flock perceives, its steps reading
 * the boids unsorted between sorts. */
static void
tune_cells(struct flock_params *p)
{
	p->perceive = FLOCK_PERCEIVE_CELLS;
}

static const struct scene scenes[] = {
	{ "plain", 2000, 120, 80, 0, 0, 30, tune_none, 0 },
	{ "view", 2000, 120, 80, 0, 0, 30, tune_view, 0 },
	{ "narrow", 1500, 120, 80, 0, 0, 30, tune_narrow, 0 },
	{ "whole", 400, 80, 48, 0, 0, 30, tune_whole, 0 },
	{ "nearest", 1000, 120, 80, 0, 0, 20, tune_nearest, 0 },
	{ "busy", 1000, 120, 80, 3, 3, 80, tune_busy, 0 },
	{ "species", 1500, 120, 80, 0, 0, 30, tune_species, 0 },
	{ "species, whole", 400, 80, 48, 0, 0, 30, tune_species_whole, 0 },
	{ "species, nearest", 800, 120, 80, 0, 0, 20, tune_species_nearest,
	    0 },
	{ "fear and leaders", 1000, 120, 80, 2, 0, 80, tune_moods, 0 },
	{ "cells", 3000, 120, 80, 2, 2, 40, tune_cells, 0 },
	{ "one", 1, 80, 48, 0, 0, 20, tune_none, 0 },
	{ "few", 5, 80, 48, 0, 0, 50, tune_none, 1 },
	{ "heap", 19, 80, 48, 1, 0, 50, tune_view, 1 },
};

/* The state after the scene's steps, every array of the view in turn;
 * *resting gets how many boids rest on the ground then. */
static unsigned char *
fly(const struct scene *sc, size_t *len, size_t *resting)
{
	struct flock_params p;
	struct flock_view v;
	struct flock *f;
	unsigned char *out, *at;
	size_t i, one = 4 * sizeof(float) + sizeof(uint32_t) +
	    sizeof(uint16_t);
	int s;

	flock_params_default(&p);
	sc->tune(&p);
	f = flock_new(sc->n, sc->w, sc->h, &p, 77, sc->pred, sc->obst);
	if (!f)
		return NULL;
	if (sc->heap)
		for (i = 0; i < sc->n; i++)
			flock_place(f, i, sc->w / 2, sc->h / 2, 0.0f, 0.0f);
	for (s = 0; s < sc->steps; s++)
		flock_step(f);
	flock_get_view(f, &v);
	*resting = 0;
	for (i = 0; i < v.n; i++)
		*resting += v.perch[i] > 0;
	*len = v.n * one;
	out = at = malloc(*len);
	if (out) {
		memcpy(at, v.x, v.n * sizeof *v.x);
		at += v.n * sizeof *v.x;
		memcpy(at, v.y, v.n * sizeof *v.y);
		at += v.n * sizeof *v.y;
		memcpy(at, v.vx, v.n * sizeof *v.vx);
		at += v.n * sizeof *v.vx;
		memcpy(at, v.vy, v.n * sizeof *v.vy);
		at += v.n * sizeof *v.vy;
		memcpy(at, v.id, v.n * sizeof *v.id);
		at += v.n * sizeof *v.id;
		memcpy(at, v.perch, v.n * sizeof *v.perch);
	}
	flock_free(f);
	return out;
}

/* The widest build that this processor runs, as the processor reports
 * what it has: AVX-512 (the four parts the build uses), else AVX2 with
 * FMA, else SSE2, which every x86-64 processor has; elsewhere the one
 * vector build there is. */
static const char *
widest_here(void)
{
#if defined(BOIDS_KERNELS_X86)
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512vl") &&
	    __builtin_cpu_supports("avx512dq"))
		return "avx512";
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return "avx2";
	return "sse2";
#else
	return "vector";
#endif
}

/*
 * The build a flock steps with when none was chosen: the first thing
 * this program does, before any flock_kernel_use(). A few steps of a
 * small flock, then the name in use; the builds listed before it must
 * all be refused, being wider than this processor runs.
 */
static void
test_chosen_by_itself(void)
{
	const struct scene sc = { "plain", 300, 80, 48, 0, 0, 3, tune_none,
	    0 };
	const char *want = widest_here(), *got, *name;
	unsigned char *state;
	size_t len = 0, rest = 0, k;
	int listed = 0;

	state = fly(&sc, &len, &rest);
	CHECK(state != NULL);
	free(state);
	got = flock_kernel_name();
	if (strcmp(got, want) != 0)
		fprintf(stderr, "a flock stepped with the %s build by itself; "
		    "this processor runs %s\n", got, want);
	CHECK(strcmp(got, want) == 0);
	for (k = 0; (name = flock_kernel_each(k)) != NULL; k++) {
		if (strcmp(name, got) == 0) {
			listed = 1;
			break;
		}
		if (flock_kernel_use(name) == 0)
			fprintf(stderr, "the %s build, listed before %s, runs "
			    "here\n", name, got);
		CHECK(flock_kernel_use(name) == -1);
	}
	CHECK(listed);
	CHECK(strcmp(flock_kernel_name(), got) == 0);
}

/* The builds there are; the first the processor runs is the one in use
 * until another is chosen, and one of one lane is always there. */
static void
test_builds(void)
{
	const char *name;
	size_t k;
	int scalar = 0, first = -1;

	for (k = 0; (name = flock_kernel_each(k)) != NULL; k++) {
		scalar |= strcmp(name, "scalar") == 0;
		if (first < 0 && flock_kernel_use(name) == 0)
			first = (int)k;
	}
	CHECK(scalar);
	CHECK(first >= 0);
	CHECK(flock_kernel_use("no such build") == -1);
	if (first >= 0) {
		CHECK(flock_kernel_use(flock_kernel_each((size_t)first)) == 0);
		CHECK(strcmp(flock_kernel_name(),
		    flock_kernel_each((size_t)first)) == 0);
	}
}

static void
test_same_bits(void)
{
	size_t z, k;

	for (z = 0; z < sizeof scenes / sizeof scenes[0]; z++) {
		const struct scene *sc = &scenes[z];
		unsigned char *want, *got;
		size_t wlen = 0, glen = 0, rest = 0, rested = 0;
		const char *name;
		int builds = 0;

		CHECK(flock_kernel_use("scalar") == 0);
		want = fly(sc, &wlen, &rest);
		CHECK(want != NULL);
		/* Where boids may land, some rest: lanes that gather
		 * nothing. */
		if (sc->tune == tune_busy)
			CHECK(rest > 0);
		for (k = 0; (name = flock_kernel_each(k)) != NULL; k++) {
			if (strcmp(name, "scalar") == 0 ||
			    flock_kernel_use(name) != 0)
				continue;
			builds++;
			got = fly(sc, &glen, &rested);
			CHECK(got != NULL);
			if (want && got && (glen != wlen ||
			    memcmp(want, got, wlen) != 0)) {
				fprintf(stderr, "scene %s: the %s build parts "
				    "from the scalar one\n", sc->name, name);
				CHECK(0);
			}
			free(got);
		}
		CHECK(builds >= 1);
		free(want);
	}
}

/* Candidates around a tile: spread over a square some distances wide,
 * and for each boid a few just inside the distance of it, along the
 * axes and the diagonals, which a box cut to the distance would lose. */
#define BOX_CANDIDATES 400

static size_t
box_candidates(struct rng *g, const float *lx, const float *ly, int lanes,
    float cx, float cy, float d, float *x, float *y)
{
	static const float way[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 },
		{ 0, -1 }, { 0.7071f, 0.7071f }, { -0.7071f, 0.7071f },
		{ 0.7071f, -0.7071f }, { -0.7071f, -0.7071f } };
	size_t n = 0;
	int l, k;

	for (l = 0; l < lanes; l++)
		for (k = 0; k < 8; k++) {
			float r = d * (float)rng_range(g, 0.999, 0.99999);

			x[n] = lx[l] + way[k][0] * r;
			y[n++] = ly[l] + way[k][1] * r;
		}
	while (n < BOX_CANDIDATES) {
		x[n] = cx + (float)rng_range(g, -6.0 * d, 6.0 * d);
		y[n++] = cy + (float)rng_range(g, -6.0 * d, 6.0 * d);
	}
	/* Shuffled, so that the close ones fall anywhere in a run. */
	for (k = (int)n - 1; k > 0; k--) {
		uint32_t o = rng_below(g, (uint32_t)k + 1);
		float tx = x[k], ty = y[k];

		x[k] = x[o];
		y[k] = y[o];
		x[o] = tx;
		y[o] = ty;
	}
	return n;
}

/* Is candidate j closer than d to a live lane, computed as the step
 * computes it? */
static int
box_close(const float *x, const float *y, size_t j, const float *lx,
    const float *ly, unsigned live, float d)
{
	float d2 = d * d;
	int l;

	for (l = 0; l < LANES; l++) {
		float ex = x[j] - lx[l], ey = y[j] - ly[l];

		if ((live >> l & 1u) && ex * ex + ey * ey < d2)
			return 1;
	}
	return 0;
}

static void
test_box_keeps_close(void)
{
	static const float origin[] = { 0.0f, 37.5f, -900.0f, 12000.0f };
	static const float distance[] = { 0.37f, 2.0f, 3.0f };
	float x[BOX_CANDIDATES + LANES_MAX] = { 0 };
	float y[BOX_CANDIDATES + LANES_MAX] = { 0 };
	uint32_t near[BOX_CANDIDATES + LANES_MAX];
	size_t close = 0, kept_far = 0, lost = 0, all = 0;
	struct rng g;
	int trial;

	rng_seed(&g, 7, 3);
	for (trial = 0; trial < 600; trial++) {
		float d = distance[trial % 3], o = origin[trial / 3 % 4];
		float lx[LANES], ly[LANES], cx = o + 1.5f * d, cy = o - 0.5f * d;
		int32_t up[LANES];
		unsigned live = 0;
		uint32_t j0, j1, kept, j, e = 0;
		struct box b;
		vfloat vx, vy;
		int l;

		for (l = 0; l < LANES; l++) {
			lx[l] = cx + (float)rng_range(&g, -2.0 * d, 2.0 * d);
			ly[l] = cy + (float)rng_range(&g, -2.5 * d, 2.5 * d);
			/* Some lanes rest or lie past the tile's end; now
			 * and then none flies. */
			up[l] = trial % 17 != 0 && rng_below(&g, 4) != 0 ? -1 : 0;
			live |= up[l] ? 1u << l : 0u;
		}
		(void)box_candidates(&g, lx, ly, LANES, cx, cy, d, x, y);
		/* A flying boid whose place is not a number is close to
		 * none, and must not take the box with it. */
		if (trial % 5 == 1)
			lx[trial / 5 % LANES] = NAN;
		memcpy(&vx, lx, sizeof vx);
		memcpy(&vy, ly, sizeof vy);
		box_around(vx, vy, vmask_of(vloadi(up)), d, &b);
		j0 = rng_below(&g, 40);
		j1 = BOX_CANDIDATES - rng_below(&g, 40);
		kept = box_keep(x, y, &b, j0, j1, near);
		CHECK(kept <= j1 - j0);
		for (j = j0; j < j1; j++) {
			int in = e < kept && near[e] == j;

			e += (uint32_t)in;
			all++;
			if (box_close(x, y, j, lx, ly, live, d)) {
				close++;
				lost += !in;
			} else {
				kept_far += (size_t)in;
			}
		}
		/* Every one kept was met in order, once. */
		CHECK(e == kept);
	}
	CHECK(close > 1000);
	CHECK(lost == 0);
	/* And it is a filter: most of the far ones go. */
	CHECK(all - close - kept_far > (all - close) / 2);
}

int
main(void)
{
	test_box_keeps_close();
	test_chosen_by_itself();
	test_builds();
	test_same_bits();
	return check_exit("test_kernel");
}
