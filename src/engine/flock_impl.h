/*
 * flock_impl.h: the engine's inside, shared by its files and by nothing
 * else: the flock's state, and what its files ask of each other.
 *
 * They call each other one way only, from the step down:
 *
 *   step.c    the step: sorts the boids (flock.c), spreads fear's gas
 *             (fear.c), lists the leaders (lead.c), runs the widest
 *             build of the inner loops (kernel.c) over blocks of boids
 *             on the threads (parallel.c), flies the predators
 *             (agents.c), and may sort the boids ahead (flock.c)
 *   kernel.c  the inner loops, built for each vector width: the tiles'
 *             gather, the rules, the wander and the move; in their turn
 *             chunk.c, fear.c and lead.c, and the inline loops of fear.h
 *             and lead.h
 *   chunk.c   what is done one boid at a time: calls agents.c (flight
 *             from predators, obstacles, the ground) and target.c
 *             (boids that seek a point of their own, and the others
 *             kept out of where those points are)
 *   fear.c, lead.c  the extensions: call none of the others
 *   stats.c   the measures: search the grid (grid.c), sorting the boids
 *             first (flock.c) when it is not theirs, and link the groups
 *             (groups.c)
 *   flock.c   the storage: calls start.c (where boids start), agents.c
 *             (predators, obstacles), target.c (the targets as the
 *             world is resized), grid.c and gas.c (the grid and the
 *             gas's lattice over the world)
 *   agents.c  predators, obstacles and the ground: calls grid.c for a
 *             predator's nearest boid
 *
 * Below them all, knowing no flock: grid.c (which calls parallel.c),
 * gas.c, groups.c (the groups' union-find and its cells), and steer.c,
 * the rules, which every one of them calls and which calls none.
 * start.c and params.c call none of the others.
 */
#ifndef BOIDS_FLOCK_IMPL_H
#define BOIDS_FLOCK_IMPL_H

#include <math.h>
#include <string.h>

#include "flock.h"
#include "gas.h"
#include "grid.h"
#include "groups.h"
#include "lib/rng.h"
#include "sight.h"
#include "steer.h"

/* A group's sums, for the statistics. */
struct flock_group {
	double sx, sy;             /* sum of places */
	double rot;                /* sum of r x v / (|r| |v|) */
	uint32_t root, count, turning;
};

/* One copy of the boids' state, structure of arrays. Each array has
 * FLOCK_PAD elements more than there are boids, zero, so that the step
 * may read a whole vector from any boid on. The extensions' arrays are
 * there only while they are on, NULL otherwise. */
#define FLOCK_PAD 16

struct boids {
	float *x, *y, *vx, *vy;
	uint32_t *id;
	uint16_t *perch;   /* steps left to rest; 0 while flying */
	uint8_t *kind;     /* species, 0 to species - 1 */
	float *fear;       /* 0 calm to 1 panic */
	uint16_t *lead;    /* steps left to lead; 0 while following */
};

struct predators {
	size_t n;
	float x[FLOCK_MAX_PREDATORS], y[FLOCK_MAX_PREDATORS];
	float vx[FLOCK_MAX_PREDATORS], vy[FLOCK_MAX_PREDATORS];
};

struct obstacles {
	size_t n;
	float x[FLOCK_MAX_OBSTACLES], y[FLOCK_MAX_OBSTACLES];
	float r[FLOCK_MAX_OBSTACLES];
};

/*
 * How f->sorted and the grid stand to f->cur. UNSORTED: they do not
 * hold it (a new flock, a reset, a new grid). STEPPED: f->cur is the
 * step's next state of f->sorted, boid by boid in its order, each moved
 * a step's flight (or since by hand), and the grid is f->sorted's: the
 * measures search f->cur through it, allowing for the moves. SORTED:
 * f->sorted is f->cur in cell order and the grid was built for it, the
 * sort the next step would make, made ahead of it: the step uses it as
 * it is, whether the step before or a query of the state (the
 * measures, flock_perceived()) made it.
 */
enum flock_sorting { FLOCK_UNSORTED, FLOCK_STEPPED, FLOCK_SORTED };

struct flock {
	size_t n;
	float w, h;
	struct flock_params params;
	struct rules rules;
	struct boids cur;          /* the state now */
	struct boids sorted;       /* last state in cell order, read by a step */
	float *scratch;            /* one float a boid, for statistics */
	uint32_t *link;            /* one a boid: the groups' union-find */
	struct flock_group *group; /* n / FLOCK_GROUP_LEAST + 1 of them */
	struct groups groups;      /* the groups' cells, from the first measure */
	struct grid grid;
	struct sight sight;        /* a big flock's cells (rules.cells) */
	int sorting;               /* enum flock_sorting */
	float drift;               /* f->sorted's boids lie at most this far
	                            * from their places when the grid was
	                            * built (flock_lazy()) */
	float moved;               /* STEPPED: f->cur's boids lie at most this
	                            * far from f->sorted's, as the step moved
	                            * them; not a number once moved by hand,
	                            * till found again */
	int ids_apart;             /* f->cur's ids and perches may not be
	                            * f->sorted's: since the last sort, no step
	                            * has copied them */
	double sum_x, sum_y, sum_vx, sum_vy;  /* whole-flock sums, radius 0 */
	uint64_t seed;
	long step;
	uint64_t perceived;        /* neighbours perceived in the last step */
	size_t resting;            /* boids that may rest on the ground now */
	struct predators pred;
	struct predators pred_next;
	struct obstacles obst;
	size_t obstacles_wanted;
	struct rng agents_rng;     /* predators added later, by key */
	/* The extensions: see flock_params. */
	struct gas gas;       /* --fear */
	uint32_t *leading;         /* --leaders: the leaders, in cell order */
	size_t nleading;
	double kind_sum[FLOCK_MAX_SPECIES][5]; /* radius 0: n, x, y, vx, vy */
	uint32_t *tally;           /* species: a group's boids of each kind */
	size_t afraid, leaders;    /* afraid and leading after the last step */
	/* Targets (target.c): each boid's by id, NaN for none; NULL until
	 * the first is set. The area the others keep out of, x0, y0, x1,
	 * y1, empty when x1 <= x0. */
	float *target_x, *target_y;
	size_t targeted;
	float keep_out[4];
};

/* flock.c */
size_t flock_index_of(const struct boids *b, size_t n, size_t id);
/* f->sorted is f->cur in cell order from here on, for the step or a
 * query of the state: sorted now, unless it is already (FLOCK_SORTED),
 * as the next step would sort it, which then uses it as it is. */
void flock_sort(struct flock *f);
/* A step has written f->cur from f->sorted, its boids moving at most
 * slack / 2 (flock_slack()): FLOCK_STEPPED, and sorted now, ahead of the
 * next step, when they moved too far for the measures to search them
 * through this grid. */
void flock_stepped(struct flock *f, float slack);
/* The state a step reads, in f->sorted: sorted into cell order, or,
 * where the flock may (flock_lazy()), the last step's as it lies in the
 * cells of the grid built some steps ago. */
void flock_ready(struct flock *f);
/* STEPPED: how far f->cur's boids may lie from f->sorted's, as the step
 * moved them, or, once moved by hand, as far as they lie now. */
float flock_moved(struct flock *f);

/*
 * A big flock perceiving through the cells (rules.cells), with neither
 * fear nor leaders (which search the grid in ways of their own), is not
 * sorted every step: a step may read the boids in the order and the
 * cells of the last sort, each lying at most f->drift from where it was
 * then; the separation's pair search reaches that much farther across,
 * and a boid is summed into the sight's row its index holds. The boids
 * are sorted again once any may lie more than FLOCK_DRIFT_SHARE of the
 * separation distance from where it was sorted, and no farther than the
 * measures search (half FLOCK_SLACK_SHARE of a side), so that a measure
 * never sorts a state that the next step would read unsorted. The sort
 * is a quarter of a big flock's step, and the boids fly at most a quarter
 * of the distance a step, at the default speed: a sort every four
 * steps or so.
 */
#define FLOCK_DRIFT_SHARE 1.0f
int flock_lazy(const struct flock *f);

/* The farthest the boids of f->cur may lie from their places when the
 * grid was built (twice f->drift and the step's slack), as a share of
 * the grid's side, for the measures to search them through that grid:
 * beyond it the search reaches too many cells, and a sort costs less. */
#define FLOCK_SLACK_SHARE 0.4f

/*
 * The bits of the greatest squared distance at which boids [lo, hi) of
 * f->cur lie from those at the same index of f->sorted: the same boids
 * when FLOCK_STEPPED. A squared distance is never negative, and such
 * floats order as their bits do, NaN above infinity: the greatest is
 * found in integers, which every compiler's vectors take.
 */
static inline uint32_t
flock_moved_bits(const struct flock *f, size_t lo, size_t hi)
{
	const float *restrict x = f->cur.x, *restrict y = f->cur.y;
	const float *restrict sx = f->sorted.x, *restrict sy = f->sorted.y;
	uint32_t most = 0;
	size_t i;

#pragma omp simd reduction(max:most)
	for (i = lo; i < hi; i++) {
		float dx = x[i] - sx[i], dy = y[i] - sy[i];
		float d2 = dx * dx + dy * dy;
		uint32_t bits;

		memcpy(&bits, &d2, sizeof bits);
		most = bits > most ? bits : most;
	}
	return most;
}

/* Twice the longest move whose squared length has those bits: no boid
 * lies farther than half of it from its place, and no two have come
 * closer or farther apart by more. Infinite when a position is not a
 * number. */
#define FLOCK_INFINITY_BITS 0x7f800000u
static inline float
flock_slack(uint32_t most)
{
	float d;

	if (most > FLOCK_INFINITY_BITS)
		return INFINITY;
	memcpy(&d, &most, sizeof d);
	return 2.0f * sqrtf(d);
}

/* start.c. Boids start at most START_BAND of the world's size outside
 * it, a band the grid covers too. */
#define START_BAND 0.15f
/* Boids placed as the flock's params->start says, from its seed: their
 * places, velocities, ids, perches and kinds, into f->cur. */
void start_boids(struct flock *f);

/* agents.c */
void agents_place_predators(struct flock *f, size_t n);
void agents_place_obstacles(struct flock *f, size_t n);
void agents_clear_goal(struct flock *f);
void agents_flee(const struct flock *f, float x, float y, float *ax,
    float *ay);
void agents_avoid(const struct flock *f, float x, float y, float vx,
    float vy, float *ax, float *ay);
int agents_keep_out(const struct flock *f, float *x, float *y, float *vx,
    float *vy);
int agents_land(const struct flock *f, uint32_t id, float x, float *y,
    float *vx, float *vy, uint16_t *perch);
void agents_step_predators(struct flock *f);
void agents_scale(struct flock *f, float sx, float sy);

/* target.c: the targets, as the world is scaled by sx, sy. */
void target_scale(struct flock *f, float sx, float sy);

#endif
