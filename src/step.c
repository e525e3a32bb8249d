/*
 * step.c: one step of the flock.
 *
 * A step sorts the boids into cell order (the copy in f->sorted is the
 * previous state, read-only for the rest of the step), then works out each
 * boid's new velocity and position into f->cur: each boid gathers from its
 * neighbours the sums the rules need, the rules of steer.h turn them into
 * a change of velocity, the limits bound it, and p += v + wind with the
 * new v, the wind carrying the boid as the air moves.
 *
 * Neighbours are the other boids within the radius and the field of view;
 * separation looks all round. With radius 0 the perceived centre and
 * velocity come from sums over the whole flock minus the boid itself.
 * Every boid reads only the previous state, so the result is the same in
 * any order and on any number of threads.
 *
 * The work is shaped for the machine. Boids are taken a chunk at a time,
 * in cell order, and a chunk a tile at a time: as many boids as a vector
 * has lanes, consecutive in one row of cells, one boid to a lane. The
 * candidates in the cells around the tile are read one by one, each
 * compared with every boid of the tile at once, and each lane adds up
 * the sums of its own boid: no lane waits for a ragged run to end, and no
 * sums are added across lanes. A lane meets its candidates in the same
 * order whatever tile it is in (row by row, in cell order), and those
 * beyond its own 3x3 block are out of its reach and add nothing, so a
 * boid's sums do not depend on how the boids were cut into tiles. Then
 * the rules run over the whole chunk as loops without branches, which
 * the compiler turns into vector instructions; goal, predators, obstacles
 * and perching run in plain loops between them, and only when they are
 * on.
 *
 * So do the model's extensions. With species, a tile compares each
 * candidate's kind with its lanes', and sums it for cohesion and
 * alignment only in the lanes of its kind, as a stranger in the others;
 * separation counts every kind. Fear's gas (fear.c) and the list of
 * leaders (lead.c) are made from the sorted state before the boids
 * move; each boid then weights its rules by its fear and leadership,
 * hurries when afraid, escapes when it leads or follows a leader near
 * it, and takes its next fear and leadership, in loops of their own
 * after the gather, which stays as it is.
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
 * What a boid gathers from the boids around it, one array of the chunk
 * each:
 *
 *   count    neighbours perceived
 *   dx, dy   sum of neighbour positions relative to the boid
 *   vx, vy   sum of neighbour velocities
 *   sx, sy   sum of (pj - p) times steer_repel_weight() over boids inside
 *            the distance
 *   on       with species: boids of other kinds perceived
 *   ox, oy   with species: the sum of their places relative to the boid
 *
 * With species, count to vy are of the boid's own kind alone.
 */
enum { SUM_COUNT, SUM_DX, SUM_DY, SUM_VX, SUM_VY, SUM_SX, SUM_SY, SUM_ON,
	SUM_OX, SUM_OY, SUMS };

/* The sums of a chunk's boids, and then their accelerations. */
struct chunk {
	float sum[SUMS][CHUNK];
	float ax[CHUNK], ay[CHUNK];
};

/* How a tile looks: all round within the radius, within the field of
 * view too, or (radius 0) for separation alone. */
enum look { LOOK_ROUND, LOOK_VIEW, LOOK_CLOSE };

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

/* Is boid i of the sorted state resting on the ground? */
static inline int
perched(const struct flock *f, size_t i)
{
	return f->sorted.perch[i] > 0;
}

#if defined(__GNUC__)
/* Each kind of look, with species or without, is a loop of its own only
 * where the gather is inlined into it: so many kinds are more than the
 * compiler inlines by itself. */
#define GATHER_INLINE __attribute__((always_inline))
#if defined(__AVX512F__)
#define LANES 16
#elif defined(__AVX__)
#define LANES 8
#else
#define LANES 4
#endif
#define TILE_MAX LANES
#else
#define TILE_MAX 1
#define GATHER_INLINE
#endif

#if defined(__AVX512F__)
/* Candidates looked at before those close to a boid of the tile are
 * taken up again for separation. */
#define CLOSEBY 128

/* steer_within() in every lane: which candidates (ex, ey) d2 away each
 * boid (vx, vy) sees; fov_k is fov_cos2 times its squared speed. */
static inline __mmask16
in_view16(const struct rules *r, __m512 ex, __m512 ey, __m512 d2, __m512 vx,
    __m512 vy, __m512 fov_k)
{
	__m512 dot = _mm512_add_ps(_mm512_mul_ps(ex, vx), _mm512_mul_ps(ey,
	    vy));
	__m512 dd = _mm512_mul_ps(dot, dot), bound = _mm512_mul_ps(fov_k, d2);
	__mmask16 ahead = _mm512_cmp_ps_mask(dot, _mm512_setzero_ps(),
	    _CMP_GE_OQ);

	return r->fov_wide ? ahead | _mm512_cmp_ps_mask(dd, bound,
	    _CMP_LE_OQ) : ahead & _mm512_cmp_ps_mask(dd, bound, _CMP_GE_OQ);
}

/* Species: each lane's kind, and the lanes of a candidate's kind, whose
 * cohesion and alignment it counts for (separation counts all kinds);
 * the others count it as a stranger. */
static inline __m512i
kin_lanes16(const struct boids *b, const struct grid_tile *t, int kin)
{
	int32_t k[16] = { 0 };
	size_t l;

	for (l = 0; kin && l < t->hi - t->lo; l++)
		k[l] = b->kind[t->lo + l];
	return _mm512_loadu_si512(k);
}

static inline __mmask16
kin16(__m512i kind, uint8_t of)
{
	return _mm512_cmpeq_epi32_mask(kind, _mm512_set1_epi32(of));
}

/*
 * With AVX-512 the tests make masks, and each sum takes a lane only where
 * its mask is set, in one instruction; a candidate's values are read
 * straight into every lane. Separation, whose weight needs a division,
 * is worked out only for a candidate that is close to some boid of the
 * tile, which few are.
 */
static inline GATHER_INLINE uint64_t
tile_gather(const struct flock *f, const struct grid_tile *t, enum look look,
    int kin, struct chunk *c, size_t q)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	unsigned m = (unsigned)(t->hi - t->lo);
	__m512i kind = kin_lanes16(b, t, kin);
	__mmask16 lanes = (__mmask16)((1u << m) - 1u);
	__mmask16 live = lanes & _mm256_mask_cmpeq_epi16_mask(lanes,
	    _mm256_maskz_loadu_epi16(lanes, b->perch + t->lo),
	    _mm256_setzero_si256());
	__m512 x = _mm512_maskz_loadu_ps(live, b->x + t->lo);
	__m512 y = _mm512_maskz_loadu_ps(live, b->y + t->lo);
	__m512 vx = _mm512_maskz_loadu_ps(live, b->vx + t->lo);
	__m512 vy = _mm512_maskz_loadu_ps(live, b->vy + t->lo);
	__m512 radius2 = _mm512_set1_ps(look == LOOK_CLOSE ? 0.0f :
	    r->radius2);
	__m512 distance2 = _mm512_set1_ps(r->distance2);
	__m512 inv_distance2 = _mm512_set1_ps(r->inv_distance2);
	__m512 fov_k = _mm512_mul_ps(_mm512_set1_ps(r->fov_cos2),
	    _mm512_fmadd_ps(vy, vy, _mm512_mul_ps(vx, vx)));
	__m512 zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1.0f);
	__m512 n = zero, dx = zero, dy = zero, svx = zero, svy = zero;
	__m512 sx = zero, sy = zero, on = zero, ox = zero, oy = zero;
	int k;

	for (k = 0; k < 3; k++) {
		uint32_t j0, j1, j, closeby[CLOSEBY];
		int found, e;

		for (j0 = t->blk.lo[k]; j0 < t->blk.hi[k]; j0 = j1) {
			j1 = t->blk.hi[k] - j0 > CLOSEBY ? j0 + CLOSEBY :
			    t->blk.hi[k];
			found = 0;
			for (j = j0; j < j1; j++) {
				__m512 ex = _mm512_sub_ps(_mm512_set1_ps(b->x[j]),
				    x);
				__m512 ey = _mm512_sub_ps(_mm512_set1_ps(b->y[j]),
				    y);
				__m512 d2 = _mm512_fmadd_ps(ey, ey,
				    _mm512_mul_ps(ex, ex));
				unsigned close = _mm512_mask_cmp_ps_mask(live,
				    d2, distance2, _CMP_LT_OQ);
				unsigned self = j - (uint32_t)t->lo;

				if (look != LOOK_CLOSE) {
					__mmask16 near = _mm512_mask_cmp_ps_mask(
					    live, d2, radius2, _CMP_LT_OQ);

					if (look == LOOK_VIEW)
						near &= in_view16(r, ex, ey, d2,
						    vx, vy, fov_k);
					if (kin) {
						__mmask16 same = kin16(kind,
						    b->kind[j]), odd = near & ~same;

						on = _mm512_mask_add_ps(on, odd, on,
						    one);
						ox = _mm512_mask_add_ps(ox, odd, ox,
						    ex);
						oy = _mm512_mask_add_ps(oy, odd, oy,
						    ey);
						near &= same;
					}
					n = _mm512_mask_add_ps(n, near, n, one);
					dx = _mm512_mask_add_ps(dx, near, dx, ex);
					dy = _mm512_mask_add_ps(dy, near, dy, ey);
					svx = _mm512_mask_add_ps(svx, near, svx,
					    _mm512_set1_ps(b->vx[j]));
					svy = _mm512_mask_add_ps(svy, near, svy,
					    _mm512_set1_ps(b->vy[j]));
				}
				/* A boid is close to itself; others may be
				 * close to it too, or at its very place. */
				self = self < m ? 1u << self : 0u;
				closeby[found] = j;
				found += (close & ~self) != 0;
			}
			for (e = 0; e < found; e++) {
				__m512 ex, ey, d2, w;
				__mmask16 close;

				j = closeby[e];
				ex = _mm512_sub_ps(_mm512_set1_ps(b->x[j]), x);
				ey = _mm512_sub_ps(_mm512_set1_ps(b->y[j]), y);
				d2 = _mm512_fmadd_ps(ey, ey,
				    _mm512_mul_ps(ex, ex));
				close = _mm512_mask_cmp_ps_mask(
				    _mm512_mask_cmp_ps_mask(live, d2, zero,
				    _CMP_GT_OQ), d2, distance2, _CMP_LT_OQ);
				/* steer_repel_weight() */
				w = _mm512_sub_ps(_mm512_div_ps(one, d2),
				    inv_distance2);
				sx = _mm512_mask_add_ps(sx, close, sx,
				    _mm512_mul_ps(ex, w));
				sy = _mm512_mask_add_ps(sy, close, sy,
				    _mm512_mul_ps(ey, w));
			}
		}
	}
	if (look != LOOK_CLOSE) {
		/* Each boid found itself: take it out again. */
		n = _mm512_mask_sub_ps(n, live, n, one);
		svx = _mm512_mask_sub_ps(svx, live, svx, vx);
		svy = _mm512_mask_sub_ps(svy, live, svy, vy);
	}
	_mm512_mask_storeu_ps(c->sum[SUM_COUNT] + q, lanes, n);
	_mm512_mask_storeu_ps(c->sum[SUM_DX] + q, lanes, dx);
	_mm512_mask_storeu_ps(c->sum[SUM_DY] + q, lanes, dy);
	_mm512_mask_storeu_ps(c->sum[SUM_VX] + q, lanes, svx);
	_mm512_mask_storeu_ps(c->sum[SUM_VY] + q, lanes, svy);
	_mm512_mask_storeu_ps(c->sum[SUM_SX] + q, lanes, sx);
	_mm512_mask_storeu_ps(c->sum[SUM_SY] + q, lanes, sy);
	if (kin) {
		_mm512_mask_storeu_ps(c->sum[SUM_ON] + q, lanes, on);
		_mm512_mask_storeu_ps(c->sum[SUM_OX] + q, lanes, ox);
		_mm512_mask_storeu_ps(c->sum[SUM_OY] + q, lanes, oy);
	}
	/* Whole numbers below 2^24: the sum is exact. */
	return (uint64_t)_mm512_reduce_add_ps(n);
}
#elif defined(__GNUC__)
/*
 * Elsewhere with GCC and Clang, the same in the compiler's vectors, as
 * wide as the machine's: tests make masks of all ones, and a sum takes
 * its value and-ed with the mask.
 */
typedef float vfloat __attribute__((vector_size(LANES * sizeof(float))));
typedef int32_t vint __attribute__((vector_size(LANES * sizeof(int32_t))));

/* f in every lane: f - 0 is f exactly, whatever f is. */
static inline vfloat
vsplat(float f)
{
	const vfloat zero = { 0 };

	return f - zero;
}

static inline vfloat
vmask(vfloat v, vint m)
{
	return (vfloat)((vint)v & m);
}

/* Species: each lane's kind, and the lanes of a candidate's kind, whose
 * cohesion and alignment it counts for (separation counts all kinds);
 * the others count it as a stranger. */
static inline vint
kin_lanes(const struct boids *b, const struct grid_tile *t, int kin)
{
	int32_t k[LANES] = { 0 };
	vint kind;
	size_t l;

	for (l = 0; kin && l < t->hi - t->lo; l++)
		k[l] = b->kind[t->lo + l];
	memcpy(&kind, k, sizeof kind);
	return kind;
}

static inline vint
kin_of(vint kind, uint8_t of)
{
	const vint zero = { 0 };

	return kind == (int32_t)of + zero;
}

static inline GATHER_INLINE uint64_t
tile_gather(const struct flock *f, const struct grid_tile *t, enum look look,
    int kin, struct chunk *c, size_t q)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	size_t m = t->hi - t->lo, l;
	float lx[LANES] = { 0 }, ly[LANES] = { 0 };
	float lvx[LANES] = { 0 }, lvy[LANES] = { 0 };
	int32_t alive[LANES] = { 0 };
	uint64_t seen = 0;
	vfloat x, y, vx, vy, fov_k, n, dx, dy, svx, svy, sx, sy, on, ox, oy;
	vfloat radius2 = vsplat(look == LOOK_CLOSE ? 0.0f : r->radius2);
	vfloat distance2 = vsplat(r->distance2);
	vfloat inv_distance2 = vsplat(r->inv_distance2);
	vfloat zero = vsplat(0.0f), one = vsplat(1.0f);
	vint live, kind = kin_lanes(b, t, kin);
	int k;

	for (l = 0; l < m; l++) {
		if (perched(f, t->lo + l))
			continue;
		lx[l] = b->x[t->lo + l];
		ly[l] = b->y[t->lo + l];
		lvx[l] = b->vx[t->lo + l];
		lvy[l] = b->vy[t->lo + l];
		alive[l] = -1;
	}
	memcpy(&x, lx, sizeof x);
	memcpy(&y, ly, sizeof y);
	memcpy(&vx, lvx, sizeof vx);
	memcpy(&vy, lvy, sizeof vy);
	memcpy(&live, alive, sizeof live);
	fov_k = vsplat(r->fov_cos2) * (vx * vx + vy * vy);
	n = dx = dy = svx = svy = sx = sy = on = ox = oy = zero;
	for (k = 0; k < 3; k++) {
		uint32_t j;

		for (j = t->blk.lo[k]; j < t->blk.hi[k]; j++) {
			vfloat ex = vsplat(b->x[j]) - x;
			vfloat ey = vsplat(b->y[j]) - y;
			vfloat d2 = ex * ex + ey * ey;
			vint close = (d2 < distance2) & (d2 > zero) & live;
			/* steer_repel_weight(); where d2 is 0 it is
			 * infinite, and masked. */
			vfloat w = one / d2 - inv_distance2;

			if (look != LOOK_CLOSE) {
				vint near = (d2 < radius2) & live;

				if (look == LOOK_VIEW) {
					/* steer_within(), lane by lane. */
					vfloat dot = ex * vx + ey * vy;
					vfloat dd = dot * dot;
					vfloat bound = fov_k * d2;
					vint ahead = dot >= zero;

					near &= r->fov_wide ? ahead |
					    (dd <= bound) : ahead &
					    (dd >= bound);
				}
				if (kin) {
					vint same = kin_of(kind, b->kind[j]);
					vint odd = near & ~same;

					on += vmask(one, odd);
					ox += vmask(ex, odd);
					oy += vmask(ey, odd);
					near &= same;
				}
				n += vmask(one, near);
				dx += vmask(ex, near);
				dy += vmask(ey, near);
				svx += vmask(vsplat(b->vx[j]), near);
				svy += vmask(vsplat(b->vy[j]), near);
			}
			sx += vmask(ex * w, close);
			sy += vmask(ey * w, close);
		}
	}
	if (look != LOOK_CLOSE) {
		/* Each boid found itself: take it out again. */
		n -= vmask(one, live);
		svx -= vmask(vx, live);
		svy -= vmask(vy, live);
	}
	for (l = 0; l < m; l++) {
		seen += (uint32_t)n[l];
		c->sum[SUM_COUNT][q + l] = n[l];
		c->sum[SUM_DX][q + l] = dx[l];
		c->sum[SUM_DY][q + l] = dy[l];
		c->sum[SUM_VX][q + l] = svx[l];
		c->sum[SUM_VY][q + l] = svy[l];
		c->sum[SUM_SX][q + l] = sx[l];
		c->sum[SUM_SY][q + l] = sy[l];
		if (kin) {
			c->sum[SUM_ON][q + l] = on[l];
			c->sum[SUM_OX][q + l] = ox[l];
			c->sum[SUM_OY][q + l] = oy[l];
		}
	}
	return seen;
}
#else
/* Without vectors, a tile is one boid, and its candidates come one at a
 * time in the same order. */
static uint64_t
tile_gather(const struct flock *f, const struct grid_tile *t, enum look look,
    int kin, struct chunk *c, size_t q)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	size_t i = t->lo;
	float x = b->x[i], y = b->y[i], vx = b->vx[i], vy = b->vy[i];
	float s[SUMS] = { 0 };
	int k, e;

	for (k = 0; k < 3 && !perched(f, i); k++) {
		uint32_t j;

		for (j = t->blk.lo[k]; j < t->blk.hi[k]; j++) {
			float ex = b->x[j] - x, ey = b->y[j] - y;
			float d2 = ex * ex + ey * ey;

			/* Species: cohesion and alignment with its own kind,
			 * separation from all; the others are strangers. */
			if (kin && look != LOOK_CLOSE && d2 < r->radius2 &&
			    (look == LOOK_ROUND || in_view(r, ex, ey, d2, vx,
			    vy)) && b->kind[j] != b->kind[i]) {
				s[SUM_ON] += 1.0f;
				s[SUM_OX] += ex;
				s[SUM_OY] += ey;
			} else if (look != LOOK_CLOSE && d2 < r->radius2 &&
			    (look == LOOK_ROUND || in_view(r, ex, ey, d2, vx,
			    vy))) {
				s[SUM_COUNT] += 1.0f;
				s[SUM_DX] += ex;
				s[SUM_DY] += ey;
				s[SUM_VX] += b->vx[j];
				s[SUM_VY] += b->vy[j];
			}
			if (d2 < r->distance2 && d2 > 0.0f) {
				float w = steer_repel_weight(r, d2);

				s[SUM_SX] += ex * w;
				s[SUM_SY] += ey * w;
			}
		}
	}
	if (look != LOOK_CLOSE && !perched(f, i)) {
		s[SUM_COUNT] -= 1.0f;
		s[SUM_VX] -= vx;
		s[SUM_VY] -= vy;
	}
	for (e = 0; e < SUMS; e++)
		c->sum[e][q] = s[e];
	return (uint32_t)s[SUM_COUNT];
}
#endif

/* The perceived centre and velocity of the whole flock minus boid i
 * (with species, of its own kind minus boid i); returns the boids
 * perceived. */
static uint64_t
gather_whole_flock(const struct flock *f, size_t i, struct chunk *c,
    size_t q)
{
	const struct boids *b = &f->sorted;
	double all = (double)f->n, sx = f->sum_x, sy = f->sum_y;
	double svx = f->sum_vx, svy = f->sum_vy, others;

	if (f->rules.species > 1) {
		const double *k = f->kind_sum[b->kind[i]];

		all = k[0];
		sx = k[1];
		sy = k[2];
		svx = k[3];
		svy = k[4];
	}
	others = all - 1.0;
	if (f->rules.species > 1) {
		double on = perched(f, i) ? 0.0 : (double)f->n - all;

		c->sum[SUM_ON][q] = (float)on;
		c->sum[SUM_OX][q] = (float)((f->sum_x - sx) - on * b->x[i]);
		c->sum[SUM_OY][q] = (float)((f->sum_y - sy) - on * b->y[i]);
	}
	if (others < 1.0 || perched(f, i)) {
		c->sum[SUM_COUNT][q] = c->sum[SUM_DX][q] = 0.0f;
		c->sum[SUM_DY][q] = c->sum[SUM_VX][q] = 0.0f;
		c->sum[SUM_VY][q] = 0.0f;
		return 0;
	}
	c->sum[SUM_COUNT][q] = (float)others;
	c->sum[SUM_DX][q] = (float)((sx - b->x[i]) - others * b->x[i]);
	c->sum[SUM_DY][q] = (float)((sy - b->y[i]) - others * b->y[i]);
	c->sum[SUM_VX][q] = (float)(svx - b->vx[i]);
	c->sum[SUM_VY][q] = (float)(svy - b->vy[i]);
	return (uint64_t)others;
}

/* Species: the whole-flock sums of each kind, for radius 0. */
static void
sum_kinds(struct flock *f)
{
	const struct boids *b = &f->sorted;
	size_t i;

	memset(f->kind_sum, 0, sizeof f->kind_sum);
	for (i = 0; i < f->n; i++) {
		double *k = f->kind_sum[b->kind[i]];

		k[0] += 1.0;
		k[1] += b->x[i];
		k[2] += b->y[i];
		k[3] += b->vx[i];
		k[4] += b->vy[i];
	}
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

/*
 * Topological neighbours (Ballerini et al. 2008): boid i perceives only
 * the K nearest of the boids within the radius and the field of view,
 * for cohesion and alignment; separation still keeps clear of all. The
 * K are kept sorted by distance as the block's boids come, in cell
 * order, so ties fall the same way on any thread. Returns the boids
 * perceived.
 */
static uint64_t
gather_nearest(const struct flock *f, size_t i, struct chunk *c, size_t q)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	float best[FLOCK_NEAREST_LIMIT];
	uint32_t who[FLOCK_NEAREST_LIMIT];
	float x = b->x[i], y = b->y[i], vx = b->vx[i], vy = b->vy[i];
	float s[SUMS] = { 0 };
	struct grid_block blk;
	int k, n = 0, most = r->nearest;

	for (k = 0; k <= SUM_VY; k++)
		c->sum[k][q] = 0.0f;
	c->sum[SUM_ON][q] = c->sum[SUM_OX][q] = c->sum[SUM_OY][q] = 0.0f;
	if (perched(f, i))
		return 0;
	grid_block_at(&f->grid, grid_cell_col(&f->grid, x),
	    grid_cell_row(&f->grid, y), &blk);
	for (k = 0; k < 3; k++) {
		uint32_t j;

		for (j = blk.lo[k]; j < blk.hi[k]; j++) {
			float ex = b->x[j] - x, ey = b->y[j] - y;
			float d2 = ex * ex + ey * ey;
			int at;

			if (j == i || !(d2 < r->radius2) || (!r->fov_all &&
			    !in_view(r, ex, ey, d2, vx, vy)))
				continue;
			/* Species: the nearest of its own kind; all the
			 * others in reach are strangers. */
			if (r->species > 1 && b->kind[j] != b->kind[i]) {
				s[SUM_ON] += 1.0f;
				s[SUM_OX] += ex;
				s[SUM_OY] += ey;
				continue;
			}
			if (n == most && d2 >= best[n - 1])
				continue;
			at = n < most ? n++ : most - 1;
			for (; at > 0 && best[at - 1] > d2; at--) {
				best[at] = best[at - 1];
				who[at] = who[at - 1];
			}
			best[at] = d2;
			who[at] = j;
		}
	}
	for (k = 0; k < n; k++) {
		uint32_t j = who[k];

		s[SUM_COUNT] += 1.0f;
		s[SUM_DX] += b->x[j] - x;
		s[SUM_DY] += b->y[j] - y;
		s[SUM_VX] += b->vx[j];
		s[SUM_VY] += b->vy[j];
	}
	for (k = 0; k <= SUM_VY; k++)
		c->sum[k][q] = s[k];
	for (k = SUM_ON; k <= SUM_OY; k++)
		c->sum[k][q] = s[k];
	return (uint64_t)n;
}

/* The chunk's boids' sums, tile by tile, the kind of look a constant
 * where this is inlined, so that each gets a loop of its own; returns
 * the neighbours perceived. */
static inline GATHER_INLINE uint64_t
gather_tiles(const struct flock *f, size_t *cell, size_t i0, size_t m,
    enum look look, int kin, struct chunk *c)
{
	struct grid_tile t;
	uint64_t perceived = 0;
	size_t i;

	for (i = i0; i < i0 + m; i = t.hi) {
		grid_tile_at(&f->grid, cell, i, i0 + m, TILE_MAX, &t);
		perceived += tile_gather(f, &t, look, kin, c, i - i0);
	}
	return perceived;
}

/* The separation sums of a chunk's first m boids, nothing yet: where
 * the tiles gather separation alone, the other sums come after, and a
 * sum no tile reached must still be a number. */
static void
close_sums_clear(struct chunk *c, size_t m)
{
	memset(c->sum[SUM_SX], 0, m * sizeof c->sum[SUM_SX][0]);
	memset(c->sum[SUM_SY], 0, m * sizeof c->sum[SUM_SY][0]);
}

/* Each boid's sums; returns the neighbours perceived. */
static uint64_t
chunk_gather(const struct flock *f, size_t *cell, size_t i0, size_t m,
    struct chunk *c)
{
	const struct rules *r = &f->rules;
	uint64_t perceived = 0;
	size_t q;

	if (r->nearest > 0) {
		close_sums_clear(c, m);
		(void)gather_tiles(f, cell, i0, m, LOOK_CLOSE, 0, c);
		for (q = 0; q < m; q++)
			perceived += gather_nearest(f, i0 + q, c, q);
		return perceived;
	}
	/* Species: the kind of each candidate is compared only then, in
	 * loops of their own. */
	if (!r->whole_flock && r->species > 1)
		return r->fov_all ? gather_tiles(f, cell, i0, m, LOOK_ROUND, 1,
		    c) : gather_tiles(f, cell, i0, m, LOOK_VIEW, 1, c);
	if (!r->whole_flock && r->fov_all)
		return gather_tiles(f, cell, i0, m, LOOK_ROUND, 0, c);
	if (!r->whole_flock)
		return gather_tiles(f, cell, i0, m, LOOK_VIEW, 0, c);
	close_sums_clear(c, m);
	(void)gather_tiles(f, cell, i0, m, LOOK_CLOSE, 0, c);
	for (q = 0; q < m; q++)
		perceived += gather_whole_flock(f, i0 + q, c, q);
	return perceived;
}

/*
 * The rules with cohesion and alignment weighted boid by boid: an afraid
 * boid keeps closer and aligns harder, the more the more afraid; a
 * leader neither aligns nor keeps to the flock (lead.c steers it).
 */
static void
chunk_rules_moved(const struct flock *f, size_t i0, size_t m,
    struct chunk *c)
{
	const struct rules *r = &f->rules;
	const struct boids *b = &f->sorted;
	const float *restrict vx = b->vx + i0, *restrict vy = b->vy + i0;
	float m1[CHUNK], m3[CHUNK];
	size_t q;

	for (q = 0; q < m; q++) {
		float k = r->fearful ? b->fear[i0 + q] : 0.0f;
		int leads = r->leaders && b->lead[i0 + q] > 0;

		m1[q] = leads ? 0.0f : (1.0f + STEER_FEAR_COHESION * k) * r->m1;
		m3[q] = leads ? 0.0f : (1.0f + STEER_FEAR_ALIGNMENT * k) * r->m3;
	}
#pragma omp simd
	for (q = 0; q < m; q++)
		steer_flock_weighted(r, m1[q], m3[q], c->sum[SUM_COUNT][q],
		    c->sum[SUM_DX][q], c->sum[SUM_DY][q], c->sum[SUM_VX][q],
		    c->sum[SUM_VY][q], c->sum[SUM_SX][q], c->sum[SUM_SY][q],
		    vx[q], vy[q], &c->ax[q], &c->ay[q]);
}

static void
chunk_rules(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct rules *r = &f->rules;
	const float *restrict vx = f->sorted.vx + i0;
	const float *restrict vy = f->sorted.vy + i0;
	size_t q;

	if (r->fearful || r->leaders) {
		chunk_rules_moved(f, i0, m, c);
		return;
	}
#pragma omp simd
	for (q = 0; q < m; q++)
		steer_flock(r, c->sum[SUM_COUNT][q], c->sum[SUM_DX][q],
		    c->sum[SUM_DY][q], c->sum[SUM_VX][q], c->sum[SUM_VY][q],
		    c->sum[SUM_SX][q], c->sum[SUM_SY][q], vx[q], vy[q],
		    &c->ax[q], &c->ay[q]);
}

/* The wander's direction for boid id at knot k: a hash of the two and
 * the seed picks one of the STEER_WANDER_WAYS. */
static inline uint32_t
wander_way(uint32_t seed, uint32_t id, uint32_t k)
{
	uint32_t h = (id * 0x9e3779b1u) ^ (k * 0x85ebca77u) ^ seed;

	h ^= h >> 15;
	h *= 0x2c1b3c6du;
	h ^= h >> 12;
	h *= 0x297a2d39u;
	h ^= h >> 15;
	return h % STEER_WANDER_WAYS;
}

/*
 * Wander (Reynolds 1999; the noise of Vicsek et al. 1995, made smooth):
 * each boid is pushed a little along a direction of its own that drifts
 * from one random way to the next over STEER_WANDER_PERIOD steps, the
 * boids out of step with each other. Across its heading the push is
 * STEER_WANDER_ACROSS of what it is along it: a boid mostly hurries and
 * lags, which loosens the lattice a flock packs into and lets groups
 * drift apart, and veers less, which keeps a group aligned. A function
 * of the seed, the boid and the step alone, so any thread gives the same
 * push.
 */
static void
chunk_wander(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct rules *r = &f->rules;
	const uint32_t *id = f->sorted.id + i0;
	const float *vx = f->sorted.vx + i0, *vy = f->sorted.vy + i0;
	uint32_t seed = (uint32_t)(f->seed ^ (f->seed >> 32));
	uint32_t step = (uint32_t)f->step;
	float w = r->wander, inv = 1.0f / STEER_WANDER_PERIOD;
	size_t q;

	if (w <= 0.0f)
		return;
	for (q = 0; q < m; q++) {
		uint32_t t = step + id[q] * 7u;
		uint32_t k = t / STEER_WANDER_PERIOD;
		float u = (float)(t % STEER_WANDER_PERIOD) * inv;
		uint32_t a = wander_way(seed, id[q], k);
		uint32_t b = wander_way(seed, id[q], k + 1);
		float wx = w * ((1.0f - u) * r->wander_x[a] +
		    u * r->wander_x[b]);
		float wy = w * ((1.0f - u) * r->wander_y[a] +
		    u * r->wander_y[b]);
		float v2 = vx[q] * vx[q] + vy[q] * vy[q];
		float along = (wx * vx[q] + wy * vy[q]) / v2;
		float px = v2 > 0.0f ? along * vx[q] : 0.0f;
		float py = v2 > 0.0f ? along * vy[q] : 0.0f;

		c->ax[q] += px + STEER_WANDER_ACROSS * (wx - px);
		c->ay[q] += py + STEER_WANDER_ACROSS * (wy - py);
	}
}

/*
 * Fear and leadership, for flying boids, when either is on: an afraid
 * boid hurries along its heading, a leader steers away from its
 * neighbours' heading, and the others follow a leader near them.
 */
static void
chunk_moods(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	size_t q;

	if (!r->fearful && !r->leaders)
		return;
	for (q = 0; q < m; q++) {
		size_t i = i0 + q;
		float v2 = b->vx[i] * b->vx[i] + b->vy[i] * b->vy[i];

		if (perched(f, i))
			continue;
		if (r->fearful && b->fear[i] > 0.0f && v2 > 0.0f) {
			float push = r->fear_thrust * b->fear[i] / sqrtf(v2);

			c->ax[q] += b->vx[i] * push;
			c->ay[q] += b->vy[i] * push;
		}
		if (r->leaders && b->lead[i] > 0)
			lead_escape(f, i, c->sum[SUM_COUNT][q],
			    c->sum[SUM_VX][q], c->sum[SUM_VY][q], &c->ax[q],
			    &c->ay[q]);
		else if (r->leaders)
			lead_follow(f, i, &c->ax[q], &c->ay[q]);
	}
}

/*
 * Species: a boid keeps clear of the other kinds it perceives, fleeing
 * the centre of them as a boid flees a predator, harder the closer it
 * is (steer_flee()), up to STEER_KIN_FLEE of the speed limit.
 */
static void
chunk_kin(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct rules *r = &f->rules;
	size_t q;

	if (r->species < 2)
		return;
	for (q = 0; q < m; q++) {
		float on = c->sum[SUM_ON][q];

		if (on > 0.0f && !perched(f, i0 + q))
			steer_flee(-c->sum[SUM_OX][q] / on,
			    -c->sum[SUM_OY][q] / on, r->kin_flee, r->kin_reach,
			    &c->ax[q], &c->ay[q]);
	}
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
			steer_goal(r, b->x[i], b->y[i], &c->ax[q], &c->ay[q]);
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
	float top_speed = r->top_speed, wx = r->wind_x, wy = r->wind_y;
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
		ox[q] = x[q] + nvx + wx;
		oy[q] = y[q] + nvy + wy;
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
 * Fear: the move allowed the fastest an afraid boid may fly; each is
 * held to its own limit, the faster the more afraid, and moved by it.
 */
static void
fear_limit_loop(struct flock *f, size_t i0, size_t m)
{
	const struct rules *r = &f->rules;
	const float *restrict fear = f->sorted.fear + i0;
	const float *restrict x = f->sorted.x + i0, *restrict y =
	    f->sorted.y + i0;
	float *restrict ox = f->cur.x + i0, *restrict oy = f->cur.y + i0;
	float *restrict ovx = f->cur.vx + i0, *restrict ovy = f->cur.vy + i0;
	float top = r->max_speed, wx = r->wind_x, wy = r->wind_y;
	size_t q;

#pragma omp simd
	for (q = 0; q < m; q++) {
		steer_limit_speed(&ovx[q], &ovy[q], top * (1.0f +
		    STEER_FEAR_SPEED * fear[q]));
		ox[q] = x[q] + ovx[q] + wx;
		oy[q] = y[q] + ovy[q] + wy;
	}
}

static void
chunk_fear_limit(struct flock *f, size_t i0, size_t m)
{
	if (f->rules.fearful)
		fear_limit_loop(f, i0, m);
}

/*
 * The extensions' state into f->cur: each boid's kind as it was, its
 * fear as it feels it now, its leadership as it goes on, begins or ends.
 */
static void
chunk_extend(struct flock *f, size_t i0, size_t m, const struct chunk *c)
{
	const struct boids *b = &f->sorted;
	struct boids *o = &f->cur;
	size_t q;

	if (b->kind)
		memcpy(o->kind + i0, b->kind + i0, m * sizeof *o->kind);
	for (q = 0; f->rules.fearful && q < m; q++)
		o->fear[i0 + q] = fear_felt(f, i0 + q);
	for (q = 0; f->rules.leaders && q < m; q++)
		o->lead[i0 + q] = lead_next(f, i0 + q, c->sum[SUM_COUNT][q]);
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
	uint64_t perceived = 0;
	size_t i, cell;

	if (lo >= hi)
		return 0;
	cell = grid_cell_holding(&f->grid, lo);
	for (i = lo; i < hi; i += CHUNK) {
		size_t m = hi - i < CHUNK ? hi - i : CHUNK;

		perceived += chunk_gather(f, &cell, i, m, &c);
		chunk_rules(f, i, m, &c);
		chunk_wander(f, i, m, &c);
		chunk_kin(f, i, m, &c);
		chunk_moods(f, i, m, &c);
		chunk_steer(f, i, m, &c);
		chunk_move(f, i, m, &c);
		chunk_fear_limit(f, i, m);
		chunk_settle(f, i, m);
		chunk_extend(f, i, m, &c);
	}
	return perceived;
}

/* How many boids are afraid, and how many lead, after the step. */
static void
count_moods(struct flock *f)
{
	size_t i, afraid = 0, leaders = 0;

	for (i = 0; f->rules.fearful && i < f->n; i++)
		afraid += f->cur.fear[i] >= FLOCK_AFRAID;
	for (i = 0; f->rules.leaders && i < f->n; i++)
		leaders += f->cur.lead[i] > 0;
	f->afraid = afraid;
	f->leaders = leaders;
}

void
step_flock(struct flock *f)
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
	if (f->rules.whole_flock && f->rules.species > 1)
		sum_kinds(f);
	if (f->rules.fearful)
		fear_spread(f);
	if (f->rules.leaders)
		lead_list(f);
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
	count_moods(f);
	agents_step_predators(f);
	f->step++;
	parallel_step_end();
}

size_t
step_perceived(struct flock *f, size_t id, uint32_t *ids, size_t cap)
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
			if (j != i && (r->species < 2 ||
			    b->kind[j] == b->kind[i])) {
				if (found < cap)
					ids[found] = b->id[j];
				found++;
			}
		return found;
	}
	grid_block_at(&f->grid, grid_cell_col(&f->grid, b->x[i]),
	    grid_cell_row(&f->grid, b->y[i]), &blk);
	for (k = 0; k < 3; k++) {
		uint32_t j;

		for (j = blk.lo[k]; j < blk.hi[k]; j++) {
			float ex = b->x[j] - b->x[i], ey = b->y[j] - b->y[i];
			float d2 = ex * ex + ey * ey;

			if (j == i || !(d2 < r->radius2) || (!r->fov_all &&
			    !in_view(r, ex, ey, d2, b->vx[i], b->vy[i])) ||
			    (r->species > 1 && b->kind[j] != b->kind[i]))
				continue;
			if (found < cap)
				ids[found] = b->id[j];
			found++;
		}
	}
	return found;
}

