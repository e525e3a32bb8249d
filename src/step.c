/*
 * step.c: one step of the flock.
 *
 * A step sorts the boids into cell order (the copy in f->sorted is the
 * previous state, read-only for the rest of the step), then works out each
 * boid's new velocity and position into f->cur: each boid gathers from its
 * neighbours the sums the rules need, the rules of steer.h turn them into
 * a change of velocity, the limits bound it, and p += v with the new v.
 *
 * Neighbours are the other boids within the radius and the field of view;
 * separation looks all round. With radius 0 the perceived centre and
 * velocity come from sums over the whole flock minus the boid itself.
 * Every boid reads only the previous state, so the result is the same in
 * any order and on any number of threads.
 *
 * The work is shaped for the machine. Boids are taken a chunk at a time,
 * in cell order. First each boid of the chunk gathers its sums from the
 * candidates in the cells around it, many candidates at once; the boids
 * of one cell share those cells, so the runs to read are worked out once
 * per cell, and two boids of a cell go through them together, each load
 * serving both. Each boid's sums are added up across the lanes and
 * written in one piece, ready for the rules. Then the rules run over the whole chunk as loops without
 * branches, which the compiler turns into vector instructions; goal,
 * predators, obstacles and perching run in plain loops between them, and
 * only when they are on.
 */
#include <math.h>
#include <string.h>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "flock_impl.h"
#include "parallel.h"

/* Boids per chunk: their sums fit in the first-level cache. */
#define CHUNK 256

/*
 * What a boid gathers from the boids around it, eight floats in this
 * order, as the gather adds its lanes up:
 *
 *   count    neighbours perceived
 *   dx, dy   sum of neighbour positions relative to the boid
 *   vx, vy   sum of neighbour velocities
 *   sx, sy   sum of (pj - p) times steer_repel_weight() over boids inside
 *            the distance
 *
 * and one spare, so that the eight fill a vector.
 */
enum { SUM_COUNT, SUM_DX, SUM_DY, SUM_VX, SUM_VY, SUM_SX, SUM_SY, SUMS };
#define SUMS_PADDED 8

/* The sums of a chunk's boids, each written whole where the gather ends,
 * and then their accelerations. */
struct chunk {
	float sums[CHUNK][SUMS_PADDED];
	float ax[CHUNK], ay[CHUNK];
};

/* Field of view, without a square root: in view when the angle between
 * the heading and the neighbour is at most half the fov. A boid with no
 * heading, or a neighbour at its own place, sees all round. */
static inline int
in_view(const struct rules *r, float dx, float dy, float d2, float vx,
    float vy)
{
	return steer_within(dx * vx + dy * vy,
	    r->fov_cos2 * (vx * vx + vy * vy) * d2, r->fov_wide);
}

/* What one boid looks for, fixed for its whole gather. */
struct probe {
	float x, y, vx, vy;
	float radius2, distance2, inv_distance2;
	float fov_k;        /* fov_cos2 times the boid's squared speed */
	int fov_wide;
};

/* Candidates [lo, hi) one at a time, added into t. */
static void
gather_scalar(const struct boids *b, size_t lo, size_t hi,
    const struct probe *p, int fov_all, float t[SUMS_PADDED])
{
	size_t j;

	for (j = lo; j < hi; j++) {
		float ex = b->x[j] - p->x, ey = b->y[j] - p->y;
		float d2 = ex * ex + ey * ey;

		if (d2 < p->radius2 && (fov_all || steer_within(ex * p->vx +
		    ey * p->vy, p->fov_k * d2, p->fov_wide))) {
			t[SUM_COUNT] += 1.0f;
			t[SUM_DX] += ex;
			t[SUM_DY] += ey;
			t[SUM_VX] += b->vx[j];
			t[SUM_VY] += b->vy[j];
		}
		if (d2 < p->distance2 && d2 > 0.0f) {
			float w = 1.0f / d2 - p->inv_distance2;

			t[SUM_SX] += ex * w;
			t[SUM_SY] += ey * w;
		}
	}
}

/*
 * The cells around the boids now being stepped, and the windows of
 * candidates to read in them (see below): worked out once per cell.
 */
#define MAX_WINDOWS 48

struct around {
	size_t cell, end;          /* the cell, and its last boid + 1 */
	struct grid_block blk;
	int nwin;                  /* windows, or -1: read run by run */
	uint32_t at[MAX_WINDOWS];  /* each window's first candidate */
	int32_t skip[MAX_WINDOWS]; /* its first lanes, counted already */
};

#if defined(__GNUC__)
/*
 * With GCC and Clang, candidates are read LANES at a time, as wide as the
 * machine's vectors, and each lane keeps partial sums of its own in a
 * register: the lanes are added together once per boid. A run's ragged
 * end is one more window that ends with the run and reaches back over
 * candidates already counted, whose lanes are masked off.
 */
#if defined(__AVX512F__)
#define LANES 16
#elif defined(__AVX__)
#define LANES 8
#else
#define LANES 4
#endif

typedef float vfloat __attribute__((vector_size(LANES * sizeof(float))));
typedef int32_t vint __attribute__((vector_size(LANES * sizeof(int32_t))));
typedef float vfloat4 __attribute__((vector_size(4 * sizeof(float))));
typedef float vfloat8 __attribute__((vector_size(8 * sizeof(float))));

struct lanes {
	vfloat n, dx, dy, vx, vy, sx, sy;
};

/* A probe in every lane. */
struct vprobe {
	vfloat x, y, vx, vy, radius2, distance2, inv_distance2, fov_k, one, zero;
	vint lane;
	int fov_wide;
};

/* f in every lane: f - 0 is f exactly, whatever f is. */
static inline vfloat
vsplat(float f)
{
	const vfloat zero = { 0 };

	return f - zero;
}

/*
 * The lanes of seven accumulators added up, each by a tree of adds rather
 * than a chain of LANES - 1. Where the compiler can shuffle vectors, the
 * seven are added together, halves of two vectors at a time, so that each
 * step serves several of them; otherwise each vector is folded in half
 * until four lanes remain.
 */
#if defined(__has_builtin)
#if __has_builtin(__builtin_shufflevector) && (LANES == 16 || LANES == 8)
#define SHUFFLE_SUMS 1
#endif
#endif

#if defined(SHUFFLE_SUMS)
#define SHUF __builtin_shufflevector
static inline void
lanes_sum(const struct lanes *a, vfloat8 *out)
{
	const vfloat zero = { 0 };
	vfloat8 r;
#if LANES == 16
	vfloat ab = SHUF(a->n, a->dx, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18,
	    19, 20, 21, 22, 23) + SHUF(a->n, a->dx, 8, 9, 10, 11, 12, 13, 14,
	    15, 24, 25, 26, 27, 28, 29, 30, 31);
	vfloat cd = SHUF(a->dy, a->vx, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18,
	    19, 20, 21, 22, 23) + SHUF(a->dy, a->vx, 8, 9, 10, 11, 12, 13, 14,
	    15, 24, 25, 26, 27, 28, 29, 30, 31);
	vfloat ef = SHUF(a->vy, a->sx, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18,
	    19, 20, 21, 22, 23) + SHUF(a->vy, a->sx, 8, 9, 10, 11, 12, 13, 14,
	    15, 24, 25, 26, 27, 28, 29, 30, 31);
	vfloat gh = SHUF(a->sy, zero, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18,
	    19, 20, 21, 22, 23) + SHUF(a->sy, zero, 8, 9, 10, 11, 12, 13, 14,
	    15, 24, 25, 26, 27, 28, 29, 30, 31);
	vfloat abcd = SHUF(ab, cd, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19,
	    24, 25, 26, 27) + SHUF(ab, cd, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21,
	    22, 23, 28, 29, 30, 31);
	vfloat efgh = SHUF(ef, gh, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19,
	    24, 25, 26, 27) + SHUF(ef, gh, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21,
	    22, 23, 28, 29, 30, 31);
	vfloat all = SHUF(abcd, efgh, 0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20,
	    21, 24, 25, 28, 29) + SHUF(abcd, efgh, 2, 3, 6, 7, 10, 11, 14, 15,
	    18, 19, 22, 23, 26, 27, 30, 31);

	r = (vfloat8)SHUF(all, all, 0, 2, 4, 6, 8, 10, 12, 14) +
	    (vfloat8)SHUF(all, all, 1, 3, 5, 7, 9, 11, 13, 15);
#else
	vfloat ab = SHUF(a->n, a->dx, 0, 1, 2, 3, 8, 9, 10, 11) +
	    SHUF(a->n, a->dx, 4, 5, 6, 7, 12, 13, 14, 15);
	vfloat cd = SHUF(a->dy, a->vx, 0, 1, 2, 3, 8, 9, 10, 11) +
	    SHUF(a->dy, a->vx, 4, 5, 6, 7, 12, 13, 14, 15);
	vfloat ef = SHUF(a->vy, a->sx, 0, 1, 2, 3, 8, 9, 10, 11) +
	    SHUF(a->vy, a->sx, 4, 5, 6, 7, 12, 13, 14, 15);
	vfloat gh = SHUF(a->sy, zero, 0, 1, 2, 3, 8, 9, 10, 11) +
	    SHUF(a->sy, zero, 4, 5, 6, 7, 12, 13, 14, 15);
	vfloat abcd = SHUF(ab, cd, 0, 1, 4, 5, 8, 9, 12, 13) +
	    SHUF(ab, cd, 2, 3, 6, 7, 10, 11, 14, 15);
	vfloat efgh = SHUF(ef, gh, 0, 1, 4, 5, 8, 9, 12, 13) +
	    SHUF(ef, gh, 2, 3, 6, 7, 10, 11, 14, 15);

	r = SHUF(abcd, efgh, 0, 2, 4, 6, 8, 10, 12, 14) +
	    SHUF(abcd, efgh, 1, 3, 5, 7, 9, 11, 13, 15);
#endif
	*out = r;
}
#else
static inline float
vsum(vfloat v)
{
#if LANES == 16
	vfloat8 h = { v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7] };
	vfloat8 k = { v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15] };
	vfloat4 q, r;

	h += k;
	q = (vfloat4){ h[0], h[1], h[2], h[3] };
	r = (vfloat4){ h[4], h[5], h[6], h[7] };
	q += r;
#elif LANES == 8
	vfloat4 q = { v[0], v[1], v[2], v[3] };
	vfloat4 r = { v[4], v[5], v[6], v[7] };

	q += r;
#else
	vfloat4 q = v;
#endif
	return (q[0] + q[2]) + (q[1] + q[3]);
}

static inline void
lanes_sum(const struct lanes *a, vfloat8 *out)
{
	vfloat8 r = { vsum(a->n), vsum(a->dx), vsum(a->dy), vsum(a->vx),
		vsum(a->vy), vsum(a->sx), vsum(a->sy), 0.0f };

	*out = r;
}
#endif

#if defined(__AVX512F__)
/*
 * LANES candidates from index at; the first `skip` lanes were counted
 * already or belong to another run. fov_all is a constant where this is
 * inlined, so each kind of gather gets a loop of its own. With AVX-512
 * the tests make masks, and each sum takes a lane only where its mask is
 * set, in one instruction.
 */
static inline void
window(const struct boids *b, size_t at, int skip, const struct vprobe *p,
    int fov_all, struct lanes *a)
{
	__m512 ex = _mm512_sub_ps(_mm512_loadu_ps(b->x + at), (__m512)p->x);
	__m512 ey = _mm512_sub_ps(_mm512_loadu_ps(b->y + at), (__m512)p->y);
	__m512 d2 = _mm512_add_ps(_mm512_mul_ps(ex, ex), _mm512_mul_ps(ey, ey));
	__mmask16 live = (__mmask16)(0xffffu << skip);
	__mmask16 near = _mm512_mask_cmp_ps_mask(live, d2,
	    (__m512)p->radius2, _CMP_LT_OQ);
	__mmask16 close = _mm512_mask_cmp_ps_mask(live, d2,
	    (__m512)p->distance2, _CMP_LT_OQ) & _mm512_cmp_ps_mask(d2,
	    (__m512)p->zero, _CMP_GT_OQ);
	/* steer_repel_weight(); where d2 is 0 it is infinite, and masked. */
	__m512 w = _mm512_sub_ps(_mm512_div_ps((__m512)p->one, d2),
	    (__m512)p->inv_distance2);

	if (!fov_all) {
		/* steer_within(), lane by lane. */
		__m512 dot = _mm512_add_ps(_mm512_mul_ps(ex, (__m512)p->vx),
		    _mm512_mul_ps(ey, (__m512)p->vy));
		__m512 dd = _mm512_mul_ps(dot, dot);
		__m512 bound = _mm512_mul_ps((__m512)p->fov_k, d2);
		__mmask16 ahead = _mm512_cmp_ps_mask(dot, (__m512)p->zero,
		    _CMP_GE_OQ);

		near &= p->fov_wide ? ahead | _mm512_cmp_ps_mask(dd, bound,
		    _CMP_LE_OQ) : ahead & _mm512_cmp_ps_mask(dd, bound,
		    _CMP_GE_OQ);
	}
	a->n = (vfloat)_mm512_mask_add_ps((__m512)a->n, near, (__m512)a->n,
	    (__m512)p->one);
	a->dx = (vfloat)_mm512_mask_add_ps((__m512)a->dx, near,
	    (__m512)a->dx, ex);
	a->dy = (vfloat)_mm512_mask_add_ps((__m512)a->dy, near,
	    (__m512)a->dy, ey);
	a->vx = (vfloat)_mm512_mask_add_ps((__m512)a->vx, near,
	    (__m512)a->vx, _mm512_loadu_ps(b->vx + at));
	a->vy = (vfloat)_mm512_mask_add_ps((__m512)a->vy, near,
	    (__m512)a->vy, _mm512_loadu_ps(b->vy + at));
	a->sx = (vfloat)_mm512_mask_add_ps((__m512)a->sx, close,
	    (__m512)a->sx, _mm512_mul_ps(ex, w));
	a->sy = (vfloat)_mm512_mask_add_ps((__m512)a->sy, close,
	    (__m512)a->sy, _mm512_mul_ps(ey, w));
}
#else
static inline vfloat
vload(const float *p)
{
	vfloat v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline vint
vsplati(int32_t k)
{
	const vint zero = { 0 };

	return k + zero;
}

static inline vfloat
vmask(vfloat v, vint m)
{
	return (vfloat)((vint)v & m);
}

/*
 * LANES candidates from index at; the first `skip` lanes were counted
 * already or belong to another run. fov_all is a constant where this is
 * inlined, so each kind of gather gets a loop of its own.
 */
static inline void
window(const struct boids *b, size_t at, int skip, const struct vprobe *p,
    int fov_all, struct lanes *a)
{
	vfloat ex = vload(b->x + at) - p->x;
	vfloat ey = vload(b->y + at) - p->y;
	vfloat d2 = ex * ex + ey * ey;
	vint live = p->lane >= vsplati(skip);
	vint near = (d2 < p->radius2) & live;
	vint close = (d2 < p->distance2) & (d2 > p->zero) & live;
	/* steer_repel_weight(); where d2 is 0 it is infinite, and masked. */
	vfloat w = p->one / d2 - p->inv_distance2;

	if (!fov_all) {
		/* steer_within(), lane by lane. */
		vfloat dot = ex * p->vx + ey * p->vy;
		vfloat dd = dot * dot, bound = p->fov_k * d2;
		vint ahead = dot >= p->zero;

		near &= p->fov_wide ? ahead | (dd <= bound) :
		    ahead & (dd >= bound);
	}
	a->n += vmask(p->one, near);
	a->dx += vmask(ex, near);
	a->dy += vmask(ey, near);
	a->vx += vmask(vload(b->vx + at), near);
	a->vy += vmask(vload(b->vy + at), near);
	a->sx += vmask(ex * w, close);
	a->sy += vmask(ey * w, close);
}
#endif

/*
 * The block's runs as windows, when every run reaches back far enough
 * and the windows fit; otherwise nwin is -1 and the runs are read one by
 * one.
 */
static void
around_windows(struct around *k)
{
	int r;

	k->nwin = 0;
	for (r = 0; r < 3; r++) {
		size_t lo = k->blk.lo[r], hi = k->blk.hi[r], j;

		if (lo == hi)
			continue;
		if (hi < LANES || k->nwin + (int)((hi - lo +
		    LANES - 1) / LANES) > MAX_WINDOWS) {
			k->nwin = -1;
			return;
		}
		for (j = lo; hi - j >= LANES; j += LANES) {
			k->at[k->nwin] = (uint32_t)j;
			k->skip[k->nwin++] = 0;
		}
		if (j < hi) {
			k->at[k->nwin] = (uint32_t)(hi - LANES);
			k->skip[k->nwin++] = (int32_t)(LANES - (hi - j));
		}
	}
}

static inline void
vprobe_set(struct vprobe *vp, const struct probe *p)
{
	static const int32_t index[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15 };

	vp->x = vsplat(p->x);
	vp->y = vsplat(p->y);
	vp->vx = vsplat(p->vx);
	vp->vy = vsplat(p->vy);
	vp->radius2 = vsplat(p->radius2);
	vp->distance2 = vsplat(p->distance2);
	vp->inv_distance2 = vsplat(p->inv_distance2);
	vp->fov_k = vsplat(p->fov_k);
	vp->one = vsplat(1.0f);
	vp->zero = vsplat(0.0f);
	vp->fov_wide = p->fov_wide;
	memcpy(&vp->lane, index, sizeof vp->lane);
}

/* The sums over the block: what a run too short for a window gave, one
 * candidate at a time, plus the lanes added up. */
static inline void
gather_lanes(const struct boids *b, const struct around *k,
    const struct probe *p, int fov_all, vfloat8 *out)
{
	float t[SUMS_PADDED] = { 0 };
	struct vprobe vp;
	struct lanes a;
	vfloat8 tv;
	int w;

	vprobe_set(&vp, p);
	a.n = a.dx = a.dy = a.vx = a.vy = a.sx = a.sy = vp.zero;
	if (k->nwin >= 0) {
		for (w = 0; w < k->nwin; w++)
			window(b, k->at[w], k->skip[w], &vp, fov_all, &a);
	} else {
		for (w = 0; w < 3; w++) {
			size_t j = k->blk.lo[w], hi = k->blk.hi[w];

			for (; hi - j >= LANES; j += LANES)
				window(b, j, 0, &vp, fov_all, &a);
			if (j == hi)
				continue;
			if (hi < LANES)
				gather_scalar(b, j, hi, p, fov_all, t);
			else
				window(b, hi - LANES,
				    (int)(LANES - (hi - j)), &vp, fov_all,
				    &a);
		}
	}
	lanes_sum(&a, out);
	memcpy(&tv, t, sizeof tv);
	*out += tv;
}

/*
 * Two boids of one cell at once, when its block reads as windows: each
 * window's candidates are loaded once for both.
 */
static inline void
gather_lanes_pair(const struct boids *b, const struct around *k,
    const struct probe p[2], int fov_all, vfloat8 *t0, vfloat8 *t1)
{
	struct vprobe v0, v1;
	struct lanes a0, a1;
	int w;

	vprobe_set(&v0, &p[0]);
	vprobe_set(&v1, &p[1]);
	a0.n = a0.dx = a0.dy = a0.vx = a0.vy = a0.sx = a0.sy = v0.zero;
	a1 = a0;
	for (w = 0; w < k->nwin; w++) {
		window(b, k->at[w], k->skip[w], &v0, fov_all, &a0);
		window(b, k->at[w], k->skip[w], &v1, fov_all, &a1);
	}
	lanes_sum(&a0, t0);
	lanes_sum(&a1, t1);
}
#else
static void
around_windows(struct around *k)
{
	k->nwin = -1;
}
#endif

/* Move k to the cell holding boid i of the sorted state, at or after
 * the cell it is at. */
static void
around_seek(const struct grid *g, struct around *k, size_t i)
{
	size_t c = k->cell;

	if (i < k->end)
		return;
	while (g->start[c + 1] <= i)
		c++;
	k->cell = c;
	k->end = g->start[c + 1];
	grid_block_at(g, (uint32_t)(c % (size_t)g->cols),
	    (uint32_t)(c / (size_t)g->cols), &k->blk);
	around_windows(k);
}

/* The cell holding boid i of the sorted state: the last cell that starts
 * at or before i, which is not empty. */
static size_t
cell_holding(const struct grid *g, size_t i)
{
	size_t lo = 0, hi = g->ncells;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (g->start[mid] <= i)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* What boid i of f->sorted looks for; 0 when it looks for nothing. */
static inline int
probe_of(const struct flock *f, size_t i, struct probe *p)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;

	p->radius2 = r->whole_flock ? 0.0f : r->radius2;
	p->distance2 = r->distance2;
	p->inv_distance2 = r->inv_distance2;
	p->x = b->x[i];
	p->y = b->y[i];
	p->vx = b->vx[i];
	p->vy = b->vy[i];
	p->fov_k = r->fov_cos2 * (p->vx * p->vx + p->vy * p->vy);
	p->fov_wide = r->fov_wide;
	return p->radius2 > 0.0f || p->distance2 > 0.0f;
}

#if defined(__GNUC__)
/* The boid found itself, when it looked within a radius: take it out
 * again (x - 0 is x, so the others are untouched). */
static inline void
take_out_self(const struct probe *p, vfloat8 *t)
{
	float own = p->radius2 > 0.0f ? 1.0f : 0.0f;
	vfloat8 self = { own, 0.0f, 0.0f, own * p->vx, own * p->vy, 0.0f,
		0.0f, 0.0f };

	*t -= self;
}

/* Gather over the cells around boid i of f->sorted, into t. */
static inline void
gather(const struct flock *f, size_t i, const struct around *k,
    float t[SUMS_PADDED])
{
	const struct rules *r = &f->rules;
	vfloat8 tv = { 0 };
	struct probe p;

	if (probe_of(f, i, &p)) {
		if (r->fov_all || r->whole_flock)
			gather_lanes(&f->sorted, k, &p, 1, &tv);
		else
			gather_lanes(&f->sorted, k, &p, 0, &tv);
		take_out_self(&p, &tv);
	}
	memcpy(t, &tv, sizeof tv);
}

/* The same for boids i and i + 1, of one cell whose block reads as
 * windows. */
static inline void
gather_pair(const struct flock *f, size_t i, const struct around *k,
    float *t0, float *t1)
{
	const struct rules *r = &f->rules;
	vfloat8 v0 = { 0 }, v1 = { 0 };
	struct probe p[2];

	if (probe_of(f, i, &p[0]) && probe_of(f, i + 1, &p[1])) {
		if (r->fov_all || r->whole_flock)
			gather_lanes_pair(&f->sorted, k, p, 1, &v0, &v1);
		else
			gather_lanes_pair(&f->sorted, k, p, 0, &v0, &v1);
		take_out_self(&p[0], &v0);
		take_out_self(&p[1], &v1);
	}
	memcpy(t0, &v0, sizeof v0);
	memcpy(t1, &v1, sizeof v1);
}
#else
static void
gather(const struct flock *f, size_t i, const struct around *k,
    float t[SUMS_PADDED])
{
	const struct rules *r = &f->rules;
	struct probe p;
	float own;
	int w;

	memset(t, 0, SUMS_PADDED * sizeof *t);
	if (!probe_of(f, i, &p))
		return;
	for (w = 0; w < 3; w++)
		gather_scalar(&f->sorted, k->blk.lo[w], k->blk.hi[w], &p,
		    r->fov_all || r->whole_flock, t);
	own = p.radius2 > 0.0f ? 1.0f : 0.0f;
	t[SUM_COUNT] -= own;
	t[SUM_VX] -= own * p.vx;
	t[SUM_VY] -= own * p.vy;
}
#endif

/* The perceived centre and velocity of the whole flock minus boid i. */
static void
gather_whole_flock(const struct flock *f, size_t i, float t[SUMS_PADDED])
{
	const struct boids *b = &f->sorted;
	double others = (double)f->n - 1.0;

	if (f->n < 2)
		return;
	t[SUM_COUNT] = (float)others;
	t[SUM_DX] = (float)((f->sum_x - b->x[i]) - others * b->x[i]);
	t[SUM_DY] = (float)((f->sum_y - b->y[i]) - others * b->y[i]);
	t[SUM_VX] = (float)(f->sum_vx - b->vx[i]);
	t[SUM_VY] = (float)(f->sum_vy - b->vy[i]);
}

static void
sum_whole_flock(struct flock *f)
{
	const struct boids *b = &f->sorted;
	double x = 0, y = 0, vx = 0, vy = 0;
	size_t i;

	for (i = 0; i < f->n; i++) {
		x += b->x[i];
		y += b->y[i];
		vx += b->vx[i];
		vy += b->vy[i];
	}
	f->sum_x = x;
	f->sum_y = y;
	f->sum_vx = vx;
	f->sum_vy = vy;
}

/* Is boid i of the sorted state resting on the ground? */
static inline int
perched(const struct flock *f, size_t i)
{
	return f->sorted.perch[i] > 0;
}

/* Each boid's sums; returns the neighbours perceived. */
static uint64_t
chunk_gather(const struct flock *f, struct around *k, size_t i0, size_t m,
    struct chunk *c)
{
	uint64_t perceived = 0;
	size_t q;

	for (q = 0; q < m; q++) {
		size_t i = i0 + q;
		float *t = c->sums[q];

		if (perched(f, i)) {
			memset(t, 0, SUMS_PADDED * sizeof *t);
			continue;
		}
		around_seek(&f->grid, k, i);
#if defined(__GNUC__)
		if (k->nwin >= 0 && q + 1 < m && i + 1 < k->end &&
		    !perched(f, i + 1)) {
			float *u = c->sums[q + 1];

			gather_pair(f, i, k, t, u);
			if (f->rules.whole_flock) {
				gather_whole_flock(f, i, t);
				gather_whole_flock(f, i + 1, u);
			}
			perceived += (uint32_t)t[SUM_COUNT] +
			    (uint32_t)u[SUM_COUNT];
			q++;
			continue;
		}
#endif
		gather(f, i, k, t);
		if (f->rules.whole_flock)
			gather_whole_flock(f, i, t);
		perceived += (uint32_t)t[SUM_COUNT];
	}
	return perceived;
}

static void
chunk_rules(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct rules *r = &f->rules;
	const float *restrict vx = f->sorted.vx + i0;
	const float *restrict vy = f->sorted.vy + i0;
	size_t q;

#pragma omp simd
	for (q = 0; q < m; q++)
		steer_flock(r, c->sums[q][SUM_COUNT], c->sums[q][SUM_DX],
		    c->sums[q][SUM_DY], c->sums[q][SUM_VX], c->sums[q][SUM_VY],
		    c->sums[q][SUM_SX], c->sums[q][SUM_SY], vx[q], vy[q],
		    &c->ax[q], &c->ay[q]);
}

/* Goal, predators and obstacles, for flying boids, when any is on. */
static void
chunk_steer(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	size_t q;

	if (!r->goal_on && f->pred.n == 0 && f->obst.n == 0)
		return;
	for (q = 0; q < m; q++) {
		size_t i = i0 + q;

		if (perched(f, i))
			continue;
		if (r->goal_on)
			steer_goal(r, b->x[i], b->y[i], b->vx[i], b->vy[i],
			    &c->ax[q], &c->ay[q]);
		agents_flee(f, b->x[i], b->y[i], &c->ax[q], &c->ay[q]);
		agents_avoid(f, b->x[i], b->y[i], b->vx[i], b->vy[i],
		    &c->ax[q], &c->ay[q]);
	}
}

/*
 * Bounds, the limits and the move, into f->cur: the bounds change what a
 * boid asks for, and the turn limit then bounds all of it, so no boid
 * turns faster than the limit, in a margin or not. The switches are
 * constants where this is inlined, so that each case gets a loop of its
 * own without a branch inside.
 */
static inline void
move_loop(struct flock *f, size_t i0, size_t m, const struct chunk *c,
    int bounds, int turn, int wide)
{
	const struct rules *r = &f->rules;
	const float *restrict x = f->sorted.x + i0, *restrict y =
	    f->sorted.y + i0;
	const float *restrict vx = f->sorted.vx + i0, *restrict vy =
	    f->sorted.vy + i0;
	float *restrict ox = f->cur.x + i0, *restrict oy = f->cur.y + i0;
	float *restrict ovx = f->cur.vx + i0, *restrict ovy = f->cur.vy + i0;
	float left = r->left, right = r->right, top = r->top;
	float bottom = r->bottom, spring_x = r->spring_x;
	float spring_y = r->spring_y, tc = r->turn_cos, ts = r->turn_sin;
	float top_speed = r->max_speed;
	size_t q;

#pragma omp simd
	for (q = 0; q < m; q++) {
		float ax = c->ax[q], ay = c->ay[q], nvx, nvy;

		if (bounds) {
			ax = steer_bound_axis(x[q], ax, left, right, spring_x);
			ay = steer_bound_axis(y[q], ay, top, bottom, spring_y);
		}
		nvx = vx[q] + ax;
		nvy = vy[q] + ay;
		if (turn)
			steer_limit_turn(vx[q], vy[q], &nvx, &nvy, tc, ts, wide);
		steer_limit_speed(&nvx, &nvy, top_speed);
		ox[q] = x[q] + nvx;
		oy[q] = y[q] + nvy;
		ovx[q] = nvx;
		ovy[q] = nvy;
	}
}

static void
chunk_move(struct flock *f, size_t i0, size_t m, const struct chunk *c)
{
	const struct rules *r = &f->rules;
	int wide = r->turn_wide;

	if (r->bounds && r->turn_limited && !wide)
		move_loop(f, i0, m, c, 1, 1, 0);
	else if (r->bounds && r->turn_limited)
		move_loop(f, i0, m, c, 1, 1, 1);
	else if (r->bounds)
		move_loop(f, i0, m, c, 1, 0, 0);
	else if (r->turn_limited && !wide)
		move_loop(f, i0, m, c, 0, 1, 0);
	else if (r->turn_limited)
		move_loop(f, i0, m, c, 0, 1, 1);
	else
		move_loop(f, i0, m, c, 0, 0, 0);
}

/*
 * Ids and perches into f->cur; resting boids stay where they are, and,
 * when obstacles or perching are on, flying ones are kept out of
 * obstacles and may land.
 */
static void
chunk_settle(struct flock *f, size_t i0, size_t m)
{
	const struct boids *b = &f->sorted;
	struct boids *o = &f->cur;
	uint16_t resting = 0;
	size_t q;

	memcpy(o->id + i0, b->id + i0, m * sizeof *o->id);
	memcpy(o->perch + i0, b->perch + i0, m * sizeof *o->perch);
	for (q = 0; q < m; q++)
		resting |= b->perch[i0 + q];
	if (!resting && f->obst.n == 0 && !f->rules.perch)
		return;
	for (q = 0; q < m; q++) {
		size_t i = i0 + q;

		if (perched(f, i)) {
			o->x[i] = b->x[i];
			o->y[i] = b->y[i];
			o->vx[i] = 0.0f;
			o->vy[i] = 0.0f;
			o->perch[i] = (uint16_t)(b->perch[i] - 1);
			continue;
		}
		/* Put back on a disc's rim, a boid slides along it, turning
		 * from where it flew a step before by no more than the limit
		 * allows; should it still head in, the rim takes it again. */
		if (agents_keep_out(f, &o->x[i], &o->y[i], &o->vx[i],
		    &o->vy[i]) && f->rules.turn_limited) {
			steer_limit_turn(b->vx[i], b->vy[i], &o->vx[i], &o->vy[i],
			    f->rules.turn_cos, f->rules.turn_sin,
			    f->rules.turn_wide);
			steer_limit_speed(&o->vx[i], &o->vy[i],
			    f->rules.max_speed);
		}
		(void)agents_land(f, b->id[i], o->x[i], &o->y[i], &o->vx[i],
		    &o->vy[i], &o->perch[i]);
	}
}

/* Boids [lo, hi) of the sorted state, a chunk at a time. */
static uint64_t
step_range(struct flock *f, size_t lo, size_t hi)
{
	struct chunk c;
	struct around k;
	uint64_t perceived = 0;
	size_t i;

	if (lo >= hi)
		return 0;
	k.cell = cell_holding(&f->grid, lo);
	k.end = 0;
	for (i = lo; i < hi; i += CHUNK) {
		size_t m = hi - i < CHUNK ? hi - i : CHUNK;

		perceived += chunk_gather(f, &k, i, m, &c);
		chunk_rules(f, i, m, &c);
		chunk_steer(f, i, m, &c);
		chunk_move(f, i, m, &c);
		chunk_settle(f, i, m);
	}
	return perceived;
}

void
flock_step(struct flock *f)
{
	uint64_t part[PARALLEL_MAX_THREADS] = { 0 };
	uint64_t perceived = 0;
	int t, threads;

	parallel_step_begin();
	threads = parallel_worth(f->n) ? parallel_threads() : 1;
	if (threads > PARALLEL_MAX_THREADS)
		threads = PARALLEL_MAX_THREADS;
	flock_sort(f);
	if (f->rules.whole_flock)
		sum_whole_flock(f);
	/* Each thread takes an equal share of boids; a boid's next state
	 * depends on the last state alone, so the shares do not matter. */
	PARALLEL_REGION_IF(threads, threads > 1)
	{
		int k = parallel_thread_num(), used = parallel_team_size();

		part[k] = step_range(f, f->n * (size_t)k / (size_t)used,
		    f->n * (size_t)(k + 1) / (size_t)used);
	}
	for (t = 0; t < threads; t++)
		perceived += part[t];
	f->perceived = perceived;
	agents_step_predators(f);
	f->step++;
	parallel_step_end();
}

size_t
flock_perceived(struct flock *f, size_t id, uint32_t *ids, size_t cap)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	struct grid_block blk;
	size_t i, found = 0;
	int k;

	flock_sort(f);
	i = flock_index_of(b, f->n, id);
	if (i == f->n)
		return 0;
	if (r->whole_flock) {
		size_t j;

		for (j = 0; j < f->n; j++)
			if (j != i && found < cap)
				ids[found++] = b->id[j];
		return f->n - 1;
	}
	grid_block_at(&f->grid, grid_cell_col(&f->grid, b->x[i]),
	    grid_cell_row(&f->grid, b->y[i]), &blk);
	for (k = 0; k < 3; k++) {
		uint32_t j;

		for (j = blk.lo[k]; j < blk.hi[k]; j++) {
			float ex = b->x[j] - b->x[i], ey = b->y[j] - b->y[i];
			float d2 = ex * ex + ey * ey;

			if (j == i || !(d2 < r->radius2) || (!r->fov_all &&
			    !in_view(r, ex, ey, d2, b->vx[i], b->vy[i])))
				continue;
			if (found < cap)
				ids[found] = b->id[j];
			found++;
		}
	}
	return found;
}

