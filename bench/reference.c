/*
 * reference.c: the reference step (reference.h says what it is).
 *
 * Written as such code usually is when tuned by hand: structure of
 * arrays, a stable counting sort into cell order every step, and per
 * boid one loop over each of the three runs of its block, a vector of
 * candidates at a time, the tests as masks so that
 * nothing in the loop branches. The boid meets itself among its
 * candidates, and is taken out after.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"
#include "engine/parallel.h"
#include "engine/steer.h"

#define MAX_THREADS 16

struct reference {
	size_t n;
	float side, inv_side;
	int cols, rows;
	struct rules r;
	float *x, *y, *vx, *vy;        /* the state, in any order */
	float *sx, *sy, *svx, *svy;    /* the state in cell order */
	uint32_t *key, *start, *hist;  /* hist: MAX_THREADS x cells */
};

static void *
ref_alloc(size_t bytes)
{
	void *p = calloc(1, bytes ? bytes : 1);

	if (!p) {
		fprintf(stderr, "bench: no memory for the reference step\n");
		exit(1);
	}
	return p;
}

struct reference *
reference_new(const struct flock *f)
{
	const struct flock_params *p = flock_params(f);
	struct reference *a = ref_alloc(sizeof *a);
	struct flock_view v;
	size_t bytes, cells;

	flock_get_view(f, &v);
	a->n = v.n;
	a->side = p->radius > p->distance ? p->radius : p->distance;
	a->inv_side = 1.0f / a->side;
	a->cols = (int)ceilf(v.w / a->side);
	a->rows = (int)ceilf(v.h / a->side);
	steer_derive(&a->r, p, v.w, v.h);
	cells = (size_t)a->cols * (size_t)a->rows;
	bytes = v.n * sizeof(float);
	a->x = ref_alloc(bytes);
	a->y = ref_alloc(bytes);
	a->vx = ref_alloc(bytes);
	a->vy = ref_alloc(bytes);
	a->sx = ref_alloc(bytes);
	a->sy = ref_alloc(bytes);
	a->svx = ref_alloc(bytes);
	a->svy = ref_alloc(bytes);
	a->key = ref_alloc(v.n * sizeof *a->key);
	a->start = ref_alloc((cells + 1) * sizeof *a->start);
	a->hist = ref_alloc(MAX_THREADS * cells * sizeof *a->hist);
	reference_load(a, f);
	return a;
}

void
reference_load(struct reference *a, const struct flock *f)
{
	struct flock_view v;
	size_t bytes;

	flock_get_view(f, &v);
	bytes = (v.n < a->n ? v.n : a->n) * sizeof(float);
	memcpy(a->x, v.x, bytes);
	memcpy(a->y, v.y, bytes);
	memcpy(a->vx, v.vx, bytes);
	memcpy(a->vy, v.vy, bytes);
}

void
reference_free(struct reference *a)
{
	free(a->x);
	free(a->y);
	free(a->vx);
	free(a->vy);
	free(a->sx);
	free(a->sy);
	free(a->svx);
	free(a->svy);
	free(a->key);
	free(a->start);
	free(a->hist);
	free(a);
}

static int
cell_of(const struct reference *a, float v, int count)
{
	int c = (int)(v * a->inv_side);

	return c < 0 ? 0 : c >= count ? count - 1 : c;
}

/* The stable counting sort into the s arrays, on `threads` threads, each
 * a slice of the boids with a histogram of its own: each counts its
 * slice, one thread turns the counts into first indices, and each moves
 * its slice. */
static size_t
ref_cells(const struct reference *a)
{
	return (size_t)a->cols * (size_t)a->rows;
}

static void
sort_count(void *arg, int t, int used)
{
	struct reference *a = arg;
	size_t cells = ref_cells(a), lo, hi, i;
	uint32_t *h = a->hist + (size_t)t * cells;

	parallel_slice(a->n, t, used, &lo, &hi);
	memset(h, 0, cells * sizeof *h);
	for (i = lo; i < hi; i++) {
		a->key[i] = (uint32_t)(cell_of(a, a->y[i], a->rows) *
		    a->cols + cell_of(a, a->x[i], a->cols));
		h[a->key[i]]++;
	}
}

static void
sort_starts(struct reference *a, int used)
{
	size_t cells = ref_cells(a), c;
	uint32_t run = 0;
	int k;

	for (c = 0; c < cells; c++) {
		a->start[c] = run;
		for (k = 0; k < used; k++) {
			uint32_t *hk = a->hist + (size_t)k * cells + c;
			uint32_t count = *hk;

			*hk = run;
			run += count;
		}
	}
	a->start[cells] = run;
}

static void
sort_move(void *arg, int t, int used)
{
	struct reference *a = arg;
	size_t lo, hi, i;
	uint32_t *h = a->hist + (size_t)t * ref_cells(a);

	parallel_slice(a->n, t, used, &lo, &hi);
	for (i = lo; i < hi; i++) {
		uint32_t d = h[a->key[i]]++;

		a->sx[d] = a->x[i];
		a->sy[d] = a->y[i];
		a->svx[d] = a->vx[i];
		a->svy[d] = a->vy[i];
	}
}

static void
sort_cells(struct reference *a, int threads)
{
	if (threads > parallel_threads())
		threads = parallel_threads();
	parallel_run(threads, sort_count, a);
	sort_starts(a, threads);
	parallel_run(threads, sort_move, a);
}

/*
 * The sums of the boid at (px, py) over the run [lo, hi) of the sorted
 * state, the boid itself among them if it is in the run: eight
 * candidates at a time in the compiler's vectors (four without AVX),
 * the run's last few
 * masked, the sums kept in the vectors' lanes and added across them
 * once, after the boid's last run.
 */
#if defined(__GNUC__)
#if defined(__AVX__)
#define REF_LANES 8
#else
#define REF_LANES 4
#endif
typedef float rvec __attribute__((vector_size(REF_LANES * sizeof(float))));
typedef int32_t rmask __attribute__((vector_size(REF_LANES *
    sizeof(int32_t))));

struct sums {
	rvec count, cx, cy, ax, ay, sx, sy;
};

static inline rvec
rsplat(float f)
{
	const rvec zero = { 0 };

	return f - zero;
}

static inline rvec
rkeep(rvec v, rmask m)
{
	return (rvec)((rmask)v & m);
}

/* Whether m holds in any lane: the division separation needs is done
 * only for the few vectors of candidates that have a close one. */
static inline int
any(rmask m)
{
	uint64_t q[REF_LANES / 2];
	uint64_t or = 0;
	int k;

	memcpy(q, &m, sizeof q);
	for (k = 0; k < REF_LANES / 2; k++)
		or |= q[k];
	return or != 0;
}

static void
sum_run(const struct reference *a, float px, float py, uint32_t lo,
    uint32_t hi, struct sums *s)
{
	static const int32_t index[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	rvec x0 = rsplat(px), y0 = rsplat(py), zero = rsplat(0.0f);
	rvec one = rsplat(1.0f), r2 = rsplat(a->r.radius2);
	rvec d2max = rsplat(a->r.distance2), inv = rsplat(a->r.inv_distance2);
	rmask lane;
	uint32_t j;

	memcpy(&lane, index, sizeof lane);
	for (j = lo; j < hi; j += REF_LANES) {
		float bx[REF_LANES], by[REF_LANES], bvx[REF_LANES];
		float bvy[REF_LANES];
		uint32_t m = hi - j < REF_LANES ? hi - j : REF_LANES;
		rvec x, y, vx, vy, dx, dy, d2, w;
		rmask in, near, close;

		if (m == REF_LANES) {
			memcpy(&x, a->sx + j, sizeof x);
			memcpy(&y, a->sy + j, sizeof y);
			memcpy(&vx, a->svx + j, sizeof vx);
			memcpy(&vy, a->svy + j, sizeof vy);
		} else {
			memset(bx, 0, sizeof bx);
			memset(by, 0, sizeof by);
			memset(bvx, 0, sizeof bvx);
			memset(bvy, 0, sizeof bvy);
			memcpy(bx, a->sx + j, m * sizeof *bx);
			memcpy(by, a->sy + j, m * sizeof *by);
			memcpy(bvx, a->svx + j, m * sizeof *bvx);
			memcpy(bvy, a->svy + j, m * sizeof *bvy);
			memcpy(&x, bx, sizeof x);
			memcpy(&y, by, sizeof y);
			memcpy(&vx, bvx, sizeof vx);
			memcpy(&vy, bvy, sizeof vy);
		}
		in = lane < (int32_t)m;
		dx = x - x0;
		dy = y - y0;
		d2 = dx * dx + dy * dy;
		near = in & (d2 < r2);
		close = in & (d2 < d2max) & (d2 > zero);
		s->count += rkeep(one, near);
		s->cx += rkeep(dx, near);
		s->cy += rkeep(dy, near);
		s->ax += rkeep(vx, near);
		s->ay += rkeep(vy, near);
		if (any(close)) {
			w = rkeep(one / d2 - inv, close);
			s->sx += rkeep(dx * w, close);
			s->sy += rkeep(dy * w, close);
		}
	}
}

static float
across(rvec v)
{
	float sum = 0.0f;
	int l;

	for (l = 0; l < REF_LANES; l++)
		sum += v[l];
	return sum;
}
#else
struct sums {
	float count, cx, cy, ax, ay, sx, sy;
};

static void
sum_run(const struct reference *a, float px, float py, uint32_t lo,
    uint32_t hi, struct sums *s)
{
	uint32_t j;

	for (j = lo; j < hi; j++) {
		float dx = a->sx[j] - px, dy = a->sy[j] - py;
		float d2 = dx * dx + dy * dy;

		if (d2 < a->r.radius2) {
			s->count += 1.0f;
			s->cx += dx;
			s->cy += dy;
			s->ax += a->svx[j];
			s->ay += a->svy[j];
		}
		if (d2 < a->r.distance2 && d2 > 0.0f) {
			float w = 1.0f / d2 - a->r.inv_distance2;

			s->sx += dx * w;
			s->sy += dy * w;
		}
	}
}

static float across(float v) { return v; }
#endif

/* Boid i's sums over its 3x3 block, then its move into the state. */
static float
step_boid(struct reference *a, size_t i)
{
	const struct rules *r = &a->r;
	int col = cell_of(a, a->sx[i], a->cols);
	int row = cell_of(a, a->sy[i], a->rows);
	int c0 = col > 0 ? col - 1 : 0;
	int c1 = col + 1 < a->cols ? col + 1 : col;
	struct sums s;
	float count, cx, cy, ax, ay, sx, sy;
	float vx = a->svx[i], vy = a->svy[i], nvx, nvy;
	int k;

	memset(&s, 0, sizeof s);
	for (k = row - 1; k <= row + 1; k++) {
		size_t base = (size_t)k * (size_t)a->cols;

		if (k < 0 || k >= a->rows)
			continue;
		sum_run(a, a->sx[i], a->sy[i], a->start[base + (size_t)c0],
		    a->start[base + (size_t)c1 + 1], &s);
	}
	/* The boid met itself, at distance 0: not a neighbour. */
	count = across(s.count) - 1.0f;
	cx = across(s.cx);
	cy = across(s.cy);
	ax = across(s.ax) - vx;
	ay = across(s.ay) - vy;
	sx = across(s.sx);
	sy = across(s.sy);
	nvx = vx - r->separation * sx;
	nvy = vy - r->separation * sy;
	if (count > 0.0f) {
		nvx += r->m1 * (cx / count) * STEER_COHESION_FACTOR +
		    r->m3 * (ax / count - vx) * STEER_ALIGNMENT_FACTOR;
		nvy += r->m1 * (cy / count) * STEER_COHESION_FACTOR +
		    r->m3 * (ay / count - vy) * STEER_ALIGNMENT_FACTOR;
	}
	/* Turn at most the limit from the old heading. */
	{
		float o = sqrtf(vx * vx + vy * vy);
		float nl = sqrtf(nvx * nvx + nvy * nvy);

		if (o > 0.0f && nl > 0.0f &&
		    (vx * nvx + vy * nvy) / (o * nl) < r->turn_cos) {
			float ux = vx / o, uy = vy / o;
			float t = vx * nvy - vy * nvx >= 0.0f ? 1.0f : -1.0f;

			nvx = (ux * r->turn_cos - t * uy * r->turn_sin) * nl;
			nvy = (uy * r->turn_cos + t * ux * r->turn_sin) * nl;
		}
	}
	{
		float v2 = nvx * nvx + nvy * nvy;

		if (v2 > r->max_speed * r->max_speed) {
			nvx *= r->max_speed / sqrtf(v2);
			nvy *= r->max_speed / sqrtf(v2);
		}
	}
	a->x[i] = a->sx[i] + nvx;
	a->y[i] = a->sy[i] + nvy;
	a->vx[i] = nvx;
	a->vy[i] = nvy;
	return count;
}

/* Each thread's share of the boids stepped, and the neighbours they
 * saw. */
struct ref_job {
	struct reference *a;
	double seen[MAX_THREADS];
};

static void
step_share(void *arg, int t, int used)
{
	struct ref_job *job = arg;
	size_t lo, hi, i;
	double seen = 0.0;

	parallel_slice(job->a->n, t, used, &lo, &hi);
	for (i = lo; i < hi; i++)
		seen += step_boid(job->a, i);
	job->seen[t] = seen;
}

double
reference_step(struct reference *a, int threads)
{
	struct ref_job job;
	double seen = 0.0;
	int t;

	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	sort_cells(a, threads);
	memset(&job, 0, sizeof job);
	job.a = a;
	parallel_run(threads, step_share, &job);
	for (t = 0; t < MAX_THREADS; t++)
		seen += job.seen[t];
	return seen;
}
