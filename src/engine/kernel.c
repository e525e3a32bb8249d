/*
 * kernel.c: the step's inner loops, for a range of boids.
 *
 * Boids are taken a chunk at a time, in cell order, and a chunk a tile at
 * a time: as many boids as a vector has lanes (lanes.h), consecutive in
 * one row of cells, one boid to a lane. Each boid gathers from the boids
 * around it the sums the rules need; the rules of steer.h turn them into
 * a change of velocity, the limits bound it, and p += v + wind with the
 * new v, the wind carrying the boid as the air moves.
 *
 * The gather reads the candidates in the cells around the tile one by
 * one, each compared with every boid of the tile at once, and each lane
 * adds up the sums of its own boid: no lane waits for a ragged run to
 * end, and no sums are added across lanes. A lane meets its candidates
 * in the same order whatever tile it is in (row by row, in cell order),
 * and those beyond its own block are out of its reach and add
 * nothing, so a boid's sums do not depend on how wide the tiles are.
 * Separation, whose weight needs a division, concerns the few candidates
 * closer than the separation distance: the first pass lists those close
 * to some boid of the tile, without a branch, and a second pass takes up
 * the list, again without a branch for each candidate. A big flock's
 * tile, which gathers only separation, first keeps the candidates in
 * the box around its boids (box.h), and separates from those at once:
 * the rows of its block are a radius tall, and more than half of their
 * candidates lie farther than the distance above or below it. Then the
 * rules run over the whole chunk as loops without branches, which the
 * compiler turns into vector instructions; goal, predators, obstacles and
 * perching run in plain loops between them, and only when they are on.
 *
 * So do the model's extensions. With species, a tile compares each
 * candidate's kind with its lanes', and sums it for cohesion and
 * alignment only in the lanes of its kind, as a stranger in the others
 * (one comparison for all its lanes when they are of one kind, as they
 * mostly are once the kinds have parted); separation counts every kind.
 * With leaders, a tile sums the leaders near each of its boids as well.
 * Each boid then weights its rules by its fear and leadership; how
 * afraid boids hurry and fly faster, how leaders escape and followers
 * follow, and each boid's next fear and leadership are fear's and the
 * leaders' own (fear.h, fear.c, lead.h, lead.c), called here in their
 * turn. Radius 0 and the nearest few gather boid by boid (chunk.c).
 * Last, each chunk finds how far its farthest boid moved, while the
 * chunk is at hand: the step sorts its boids ahead of the next when they
 * moved too far for the measures to search them through its grid.
 *
 * This file is built once for each vector width (kernel.h); KERNEL names
 * the build, and LANES is its width (lanes.h). So are the inline loops
 * of fear.h and lead.h that it includes.
 */
#include "box.h"
#include "chunk.h"
#include "fear.h"
#include "flock_impl.h"
#include "kernel.h"
#include "lanes.h"
#include "lead.h"

#ifndef KERNEL
#define KERNEL vector
#endif
#if LANES_MAX > FLOCK_PAD
#error "a tile reads past the boids' padding"
#endif
#define KERNEL_PASTE(a, b) a##b
#define KERNEL_NAME(a, b) KERNEL_PASTE(a, b)

/* Candidates a tile looks at, and lists at most, before it takes up
 * those close to one of its boids. */
#define LISTED 256

/* Where a lane that takes no part stands: its squared distance from any
 * boid, some 1e36, is beyond every radius and still a finite float. */
#define TILE_FAR 1e18f

/* Each kind of look, with species or without, is a loop of its own only
 * where the gather is inlined into it: so many kinds are more than the
 * compiler inlines by itself. */
#if defined(__GNUC__)
#define GATHER_INLINE __attribute__((always_inline))
#else
#define GATHER_INLINE
#endif

/* How a tile looks: all round within the radius, within the field of
 * view too, or (radius 0, or the nearest few) for separation alone; or
 * (a big flock) for separation alone among the candidates in the box
 * around its boids (box.h). */
enum look { LOOK_ROUND, LOOK_VIEW, LOOK_CLOSE, LOOK_BOXED };

/* With species, how a tile tells its kin: no species, boids of one kind
 * (one comparison a candidate, as in most tiles once the kinds have
 * parted), or of several (a comparison in each lane). */
enum kin { KIN_NONE, KIN_ONE, KIN_MIXED };

/* A tile's boids, a boid to a lane; a lane past the tile's end, or whose
 * boid rests, stands TILE_FAR away, so that no comparison with it holds
 * and it gathers nothing, while every difference with it is a finite
 * number (vadd_finite_where()). */
struct tile_lanes {
	vfloat x, y, vx, vy;
	vmask live;
	vint kind;           /* with species: each lane's kind */
};

static inline void
tile_lanes_load(const struct flock *f, const struct grid_tile *t,
    int resting, enum kin kin, struct tile_lanes *L)
{
	const struct boids *b = &f->sorted;
	size_t lo = t->lo;

	L->live = vlti(vlane_index(), vsplati((int32_t)(t->hi - lo)));
	if (resting) {
		int32_t up[LANES] = { 0 };
		size_t l;

		for (l = 0; l < t->hi - lo; l++)
			up[l] = perched(f, lo + l) ? 0 : -1;
		L->live &= vmask_of(vloadi(up));
	}
	L->kind = vsplati(0);
	if (kin == KIN_MIXED) {
		int32_t k[LANES] = { 0 };
		size_t l;

		for (l = 0; l < t->hi - lo; l++)
			k[l] = b->kind[lo + l];
		L->kind = vloadi(k);
	}
	L->x = vpick(L->live, vload(b->x + lo), vsplat(TILE_FAR));
	L->y = vpick(L->live, vload(b->y + lo), vsplat(TILE_FAR));
	L->vx = vkeep(vload(b->vx + lo), L->live);
	L->vy = vkeep(vload(b->vy + lo), L->live);
}

/* The bit of boid j's own lane, when it is one of tile t's boids: it is
 * close to itself. */
static inline unsigned
own_lane(const struct grid_tile *t, uint32_t j)
{
	uint32_t lane = j - (uint32_t)t->lo;

	return lane < LANES ? 1u << lane : 0u;
}

/*
 * Separation from the listed candidates close_to[0, count): those close
 * to some lane, other than their own boid's (and those at the very place
 * of a lane's boid, d2 0, which take no part). The weight is
 * steer_repel_weight(); where d2 is 0 it is infinite, and not taken:
 * so the sums here take any v, vadd_where().
 */
static inline void
tile_separate(const struct boids *b, const struct rules *r,
    const struct tile_lanes *L, const uint32_t *close_to, uint32_t count,
    vfloat *sx, vfloat *sy)
{
	vfloat distance2 = vsplat(r->distance2);
	vfloat inv_distance2 = vsplat(r->inv_distance2);
	vfloat zero = vsplat(0.0f), one = vsplat(1.0f);
	uint32_t e;

	for (e = 0; e < count; e++) {
		/* Each entry below count was written: the gather writes one
		 * before count grows by one, which the analyzer does not
		 * follow through vbits(). */
		/* NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign) */
		uint32_t j = close_to[e];
		vfloat ex = vsplat(b->x[j]) - L->x;
		vfloat ey = vsplat(b->y[j]) - L->y;
		vfloat d2 = ex * ex + ey * ey;
		vmask close = vlt(d2, distance2) & vgt(d2, zero);
		vfloat w = one / d2 - inv_distance2;

		*sx = vadd_where(*sx, ex * w, close);
		*sy = vadd_where(*sy, ey * w, close);
	}
}

/*
 * Leaders (lead.c): the sums of the leaders of its kind within the
 * followers' reach of each of tile t's boids, each leader in the tile's
 * block compared with all of them at once. A lane meets the leaders in
 * the same order as it would alone, and those beyond its own block are
 * out of its reach. at holds the search's place in each run, from tile
 * to tile of a chunk.
 */
static inline void
tile_follow(const struct flock *f, const struct grid_tile *t,
    const struct tile_lanes *L, enum kin kin, int one, size_t *at,
    struct chunk *c, size_t q)
{
	const struct boids *b = &f->sorted;
	vfloat reach2 = vsplat(lead_reach2(f)), zero = vsplat(0.0f);
	vfloat dx = zero, dy = zero, svx = zero, svy = zero;
	vint n = vsplati(0), kind = L->kind;
	int k, mixed = kin == KIN_MIXED;

	/* A gather that looks only close by tells no kin: with species,
	 * the lanes' kinds are needed here all the same. */
	if (kin == KIN_NONE && f->rules.species > 1) {
		int32_t lane[LANES] = { 0 };
		size_t l;

		for (l = 0; l < t->hi - t->lo; l++)
			lane[l] = b->kind[t->lo + l];
		kind = vloadi(lane);
		mixed = 1;
	}
	for (k = 0; k < 3; k++) {
		size_t e = lead_first(f, &at[k], t->blk.lo[k]);

		for (; e < f->nleading && f->leading[e] < t->blk.hi[k]; e++) {
			uint32_t j = f->leading[e];
			vfloat ex = vsplat(b->x[j]) - L->x;
			vfloat ey = vsplat(b->y[j]) - L->y;
			vmask near = vlt(ex * ex + ey * ey, reach2);

			if (kin == KIN_ONE && b->kind[j] != one)
				continue;
			if (mixed)
				near &= veqi(kind, vsplati(b->kind[j]));
			n = vcount(n, near);
			dx = vadd_finite_where(dx, ex, near);
			dy = vadd_finite_where(dy, ey, near);
			svx = vadd_finite_where(svx, vsplat(b->vx[j]),
			    near);
			svy = vadd_finite_where(svy, vsplat(b->vy[j]),
			    near);
		}
	}
	vstore(c->sum[SUM_LN] + q, vfloat_of(n));
	vstore(c->sum[SUM_LX] + q, dx);
	vstore(c->sum[SUM_LY] + q, dy);
	vstore(c->sum[SUM_LVX] + q, svx);
	vstore(c->sum[SUM_LVY] + q, svy);
}

/* What a tile's lanes gather from its candidates, besides separation. */
struct tile_sums {
	vfloat dx, dy, svx, svy;   /* offsets and velocities of neighbours */
	vfloat ox, oy;             /* offsets of strangers (species) */
	vint n, on;                /* neighbours, strangers */
};

/*
 * Candidates j0 to j1 of a run, added into s, and listed from close_to
 * + count on; returns the new count. own says whether they may be tile
 * t's own boids: only those need their own lane's closeness (to itself)
 * taken out, and a constant here gives the runs around a tile, nearly
 * all its candidates, a loop without that test.
 */
static inline GATHER_INLINE uint32_t
gather_run(const struct flock *f, const struct grid_tile *t,
    const struct tile_lanes *L, enum look look, enum kin kin, int one,
    int own, uint32_t j0, uint32_t j1, vfloat fov_k, struct tile_sums *s,
    uint32_t *close_to, uint32_t count)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	const float *restrict bx = b->x, *restrict by = b->y;
	const float *restrict bvx = b->vx, *restrict bvy = b->vy;
	vfloat radius2 = vsplat(r->radius2), distance2 = vsplat(r->distance2);
	vfloat zero = vsplat(0.0f);
	uint32_t j;

	for (j = j0; j < j1; j++) {
		vfloat ex = vsplat(bx[j]) - L->x;
		vfloat ey = vsplat(by[j]) - L->y;
		vfloat d2 = ex * ex + ey * ey;

		if (look != LOOK_CLOSE) {
			vmask near = vlt(d2, radius2);

			if (look == LOOK_VIEW) {
				/* steer_within(), lane by lane. */
				vfloat dot = ex * L->vx + ey * L->vy;
				vfloat dd = dot * dot;
				vfloat bound = fov_k * d2;
				vmask ahead = vge(dot, zero);

				near &= r->fov_wide ? ahead | vle(dd, bound) :
				    ahead & vge(dd, bound);
			}
			/* Species: cohesion and alignment with its own
			 * kind; the others are strangers. */
			if (kin == KIN_ONE && b->kind[j] != one) {
				s->on = vcount(s->on, near);
				s->ox = vadd_finite_where(s->ox, ex, near);
				s->oy = vadd_finite_where(s->oy, ey, near);
			} else {
				if (kin == KIN_MIXED) {
					vmask same = veqi(L->kind,
					    vsplati(b->kind[j]));
					vmask odd = near & ~same;

					s->on = vcount(s->on, odd);
					s->ox = vadd_finite_where(s->ox, ex,
					    odd);
					s->oy = vadd_finite_where(s->oy, ey,
					    odd);
					near &= same;
				}
				s->n = vcount(s->n, near);
				s->dx = vadd_finite_where(s->dx, ex, near);
				s->dy = vadd_finite_where(s->dy, ey, near);
				s->svx = vadd_finite_where(s->svx,
				    vsplat(bvx[j]), near);
				s->svy = vadd_finite_where(s->svy,
				    vsplat(bvy[j]), near);
			}
		}
		/* Listed always, kept only when close to a lane other than
		 * its own: a branch here would miss as often as not. */
		close_to[count] = j;
		count += (vbits(vlt(d2, distance2)) &
		    ~(own ? own_lane(t, j) : 0u)) != 0;
	}
	return count;
}

/* j held between lo and hi. */
static inline uint32_t
held(size_t j, uint32_t lo, uint32_t hi)
{
	return j < lo ? lo : j > hi ? hi : (uint32_t)j;
}

/*
 * The sums of tile t's boids into the chunk from index q; returns the
 * neighbours perceived. look and kin (species on) are constants where
 * this is inlined, so that each kind gets a loop of its own.
 */
static inline GATHER_INLINE uint64_t
tile_gather(const struct flock *f, const struct grid_tile *t, enum look look,
    enum kin kin, int one, int resting, size_t *at, struct chunk *c,
    size_t q)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	struct tile_lanes L;
	struct tile_sums s;
	vfloat zero = vsplat(0.0f), fov_k, sx = zero, sy = zero;
	uint32_t close_to[LISTED + LANES_MAX];
	uint64_t seen = 0;
	struct box box;
	int k;

	s.dx = s.dy = s.svx = s.svy = s.ox = s.oy = zero;
	s.n = s.on = vsplati(0);
	tile_lanes_load(f, t, resting, kin, &L);
	fov_k = vsplat(r->fov_cos2) * (L.vx * L.vx + L.vy * L.vy);
	if (look == LOOK_BOXED)
		box_around(L.x, L.y, L.live, f->params.distance, &box);
	for (k = 0; k < 3; k++) {
		uint32_t j0, j1;

		for (j0 = t->blk.lo[k]; j0 < t->blk.hi[k]; j0 = j1) {
			uint32_t count = 0, a, z;

			j1 = t->blk.hi[k] - j0 > LISTED ? j0 + LISTED :
			    t->blk.hi[k];
			/* Each boid's own lane is at d2 0, which
			 * separation leaves out. */
			if (look == LOOK_BOXED) {
				count = box_keep(b->x, b->y, &box, j0, j1,
				    close_to);
				tile_separate(b, r, &L, close_to, count, &sx,
				    &sy);
				continue;
			}
			a = held(t->lo, j0, j1);
			z = held(t->hi, a, j1);
			count = gather_run(f, t, &L, look, kin, one, 0, j0, a,
			    fov_k, &s, close_to, count);
			count = gather_run(f, t, &L, look, kin, one, 1, a, z,
			    fov_k, &s, close_to, count);
			count = gather_run(f, t, &L, look, kin, one, 0, z, j1,
			    fov_k, &s, close_to, count);
			tile_separate(b, r, &L, close_to, count, &sx, &sy);
		}
	}
	if (look == LOOK_ROUND || look == LOOK_VIEW) {
		/* Each boid found itself: take it out again. */
		vfloat count;
		int l;

		s.n -= vones(L.live);
		count = vfloat_of(s.n);
		s.svx -= vkeep(L.vx, L.live);
		s.svy -= vkeep(L.vy, L.live);
		vstore(c->sum[SUM_COUNT] + q, count);
		vstore(c->sum[SUM_DX] + q, s.dx);
		vstore(c->sum[SUM_DY] + q, s.dy);
		vstore(c->sum[SUM_VX] + q, s.svx);
		vstore(c->sum[SUM_VY] + q, s.svy);
		for (l = 0; l < (int)(t->hi - t->lo); l++)
			seen += (uint32_t)vlanei(s.n, l);
	}
	if (kin != KIN_NONE) {
		vstore(c->sum[SUM_ON] + q, vfloat_of(s.on));
		vstore(c->sum[SUM_OX] + q, s.ox);
		vstore(c->sum[SUM_OY] + q, s.oy);
	}
	vstore(c->sum[SUM_SX] + q, sx);
	vstore(c->sum[SUM_SY] + q, sy);
	if (f->rules.leaders)
		tile_follow(f, t, &L, kin, one, at, c, q);
	return seen;
}

/* The kind of the flying boids of tile t when they are all of one kind
 * (0 when none flies), -1 when they are of several. */
static inline int
tile_one_kind(const struct flock *f, const struct grid_tile *t, int resting)
{
	const struct boids *b = &f->sorted;
	size_t i;
	int one = -1;

	for (i = t->lo; i < t->hi; i++) {
		if (resting && perched(f, i))
			continue;
		if (one >= 0 && b->kind[i] != one)
			return -1;
		one = b->kind[i];
	}
	return one < 0 ? 0 : one;
}

/* The chunk's boids' sums, tile by tile, the kind of look a constant
 * where this is inlined, so that each gets a loop of its own; returns
 * the neighbours perceived. */
static inline GATHER_INLINE uint64_t
gather_tiles(const struct flock *f, size_t i0, size_t m, enum look look,
    int kin, int resting, float across, struct chunk *c)
{
	struct grid_tile t;
	uint64_t perceived = 0;
	size_t i, at[3] = { LEAD_SEARCH, LEAD_SEARCH, LEAD_SEARCH };

	for (i = i0; i < i0 + m; i = t.hi) {
		int one;

		if (across > 0.0f)
			grid_tile_across(&f->grid, f->sorted.x, i,
			    i0 + m, LANES, across, &t);
		else
			grid_tile_of(&f->grid, f->sorted.x, f->sorted.y, i,
			    i0 + m, LANES, &t);
		if (!kin)
			perceived += tile_gather(f, &t, look, KIN_NONE, 0,
			    resting, at, c, i - i0);
		else if ((one = tile_one_kind(f, &t, resting)) >= 0)
			perceived += tile_gather(f, &t, look, KIN_ONE, one,
			    resting, at, c, i - i0);
		else
			perceived += tile_gather(f, &t, look, KIN_MIXED, 0,
			    resting, at, c, i - i0);
	}
	return perceived;
}

/* How far across a boid's candidates for separation were when the grid
 * was built: the separation distance, and as far as the boids have
 * drifted from their cells since (flock_lazy()), a little more, so
 * that no rounding loses a pair. */
static float
close_across(const struct flock *f)
{
	return (f->params.distance + f->drift) * 1.001f + 1e-3f;
}

/* Each boid's sums; returns the neighbours perceived. Radius 0 and the
 * nearest few gather cohesion and alignment boid by boid (chunk.c), and
 * a big flock through the sight's cells (sight.h): only separation
 * here, and for a big flock no farther across than it reaches. */
static uint64_t
kernel_gather(const struct flock *f, size_t i0, size_t m, int resting,
    struct chunk *c)
{
	const struct rules *r = &f->rules;

	if (r->nearest > 0) {
		(void)gather_tiles(f, i0, m, LOOK_CLOSE, 0, resting, 0, c);
		return chunk_nearest(f, i0, m, c);
	}
	if (r->cells) {
		(void)gather_tiles(f, i0, m, LOOK_BOXED, 0, resting,
		    close_across(f), c);
		return chunk_sight(f, i0, m, resting, c);
	}
	/* Species: the kind of each candidate is compared only then, in
	 * loops of their own. */
	if (!r->whole_flock && r->species > 1)
		return r->fov_all ? gather_tiles(f, i0, m, LOOK_ROUND, 1,
		    resting, 0, c) : gather_tiles(f, i0, m, LOOK_VIEW, 1,
		    resting, 0, c);
	if (!r->whole_flock && r->fov_all)
		return gather_tiles(f, i0, m, LOOK_ROUND, 0, resting, 0, c);
	if (!r->whole_flock)
		return gather_tiles(f, i0, m, LOOK_VIEW, 0, resting, 0, c);
	(void)gather_tiles(f, i0, m, LOOK_CLOSE, 0, resting, 0, c);
	return chunk_whole_flock(f, i0, m, c);
}

/*
 * The rules with cohesion and alignment weighted boid by boid: an afraid
 * boid keeps closer and aligns harder, the more the more afraid; a
 * leader neither aligns nor keeps to the flock (lead.c steers it).
 */
static void
kernel_rules_weighted(const struct flock *f, size_t i0, size_t m,
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
	/* The gather stored every sum of the chunk's m boids, a vector
	 * at a time, which the analyzer does not follow. */
#pragma omp simd
	for (q = 0; q < m; q++)
		/* NOLINTNEXTLINE(clang-analyzer-core.CallAndMessage) */
		steer_flock_weighted(r, m1[q], m3[q], c->sum[SUM_COUNT][q],
		    c->sum[SUM_DX][q], c->sum[SUM_DY][q], c->sum[SUM_VX][q],
		    c->sum[SUM_VY][q], c->sum[SUM_SX][q], c->sum[SUM_SY][q],
		    vx[q], vy[q], &c->ax[q], &c->ay[q]);
}

static void
kernel_rules(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct rules *r = &f->rules;
	const float *restrict vx = f->sorted.vx + i0;
	const float *restrict vy = f->sorted.vy + i0;
	size_t q;

	if (r->fearful || r->leaders) {
		kernel_rules_weighted(f, i0, m, c);
		return;
	}
	/* The gather stored every sum of the chunk's m boids, a vector
	 * at a time, which the analyzer does not follow. */
#pragma omp simd
	for (q = 0; q < m; q++)
		/* NOLINTNEXTLINE(clang-analyzer-core.CallAndMessage) */
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

#if STEER_WANDER_WAYS != 64
#error "the wander's ways are looked up in a table of 64 (vtable64)"
#endif

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
kernel_wander(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct rules *r = &f->rules;
	const uint32_t *id = f->sorted.id + i0;
	const float *vx = f->sorted.vx + i0, *vy = f->sorted.vy + i0;
	uint32_t seed = (uint32_t)(f->seed ^ (f->seed >> 32));
	uint32_t step = (uint32_t)f->step;
	float w = r->wander, inv = 1.0f / STEER_WANDER_PERIOD;
	int32_t way_a[CHUNK], way_b[CHUNK];
	float u[CHUNK], wx[CHUNK], wy[CHUNK];
	size_t q, whole = (m + LANES - 1) / LANES * LANES;

	if (w <= 0.0f)
		return;
	for (q = 0; q < m; q++) {
		uint32_t t = step + id[q] * 7u;
		uint32_t k = t / STEER_WANDER_PERIOD;

		u[q] = (float)(t % STEER_WANDER_PERIOD) * inv;
		way_a[q] = (int32_t)wander_way(seed, id[q], k);
		way_b[q] = (int32_t)wander_way(seed, id[q], k + 1);
	}
	for (; q < whole; q++) {
		u[q] = 0.0f;
		way_a[q] = way_b[q] = 0;
	}
	/* The ways' directions, a vector of lanes at a time: in a plain
	 * loop the compiler looks each up alone. */
	for (q = 0; q < whole; q += LANES) {
		vint a = vloadi(way_a + q), b = vloadi(way_b + q);
		vfloat to = vload(u + q), from = vsplat(1.0f) - to;
		vfloat ws = vsplat(w);

		vstore(wx + q, ws * (from * vtable64(r->wander_x, a) +
		    to * vtable64(r->wander_x, b)));
		vstore(wy + q, ws * (from * vtable64(r->wander_y, a) +
		    to * vtable64(r->wander_y, b)));
	}
	for (q = 0; q < m; q++) {
		float v2 = vx[q] * vx[q] + vy[q] * vy[q];
		float along = (wx[q] * vx[q] + wy[q] * vy[q]) / v2;
		float px = v2 > 0.0f ? along * vx[q] : 0.0f;
		float py = v2 > 0.0f ? along * vy[q] : 0.0f;

		c->ax[q] += px + STEER_WANDER_ACROSS * (wx[q] - px);
		c->ay[q] += py + STEER_WANDER_ACROSS * (wy[q] - py);
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
kernel_move(struct flock *f, size_t i0, size_t m, const struct chunk *c)
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

/* Boids [lo, hi) of the sorted state, a chunk at a time. */
struct kernel_tally
KERNEL_NAME(kernel_step_, KERNEL)(struct flock *f, size_t lo, size_t hi)
{
	struct kernel_tally tally = { 0, 0, 0, 0, 0 };
	struct chunk c;
	int resting = f->resting > 0;
	size_t i;

	for (i = lo; i < hi; i += CHUNK) {
		size_t m = hi - i < CHUNK ? hi - i : CHUNK;
		uint32_t moved;

		tally.perceived += kernel_gather(f, i, m, resting, &c);
		kernel_rules(f, i, m, &c);
		kernel_wander(f, i, m, &c);
		chunk_kin(f, i, m, &c);
		fear_hurry(f, i, m, &c);
		lead_steer(f, i, m, &c);
		chunk_steer(f, i, m, &c);
		kernel_move(f, i, m, &c);
		fear_limit(f, i, m);
		tally.resting += chunk_settle(f, i, m, resting);
		chunk_extend(f, i, m);
		tally.afraid += fear_next(f, i, m);
		tally.leading += lead_next(f, i, m, &c);
		moved = flock_moved_bits(f, i, i + m);
		tally.moved = moved > tally.moved ? moved : tally.moved;
	}
	return tally;
}
