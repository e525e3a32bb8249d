/*
 * flock_impl.h: the engine's inside, shared by its modules and by nothing
 * else. They call each other one way only: step.c (the step) calls
 * kernel.c (its inner loops), agents.c (predators, obstacles and
 * perching), fear.c (fear that spreads), lead.c (leaders) and flock.c
 * (the state: making, sorting); kernel.c calls chunk.c (what only some
 * boids do), which calls agents.c, fear.c and lead.c; flock.c calls
 * agents.c to place them, and gas.c (below them all, knowing no flock)
 * to lay the fear gas's cells over the grid; fear.c calls agents.c to
 * ask whether a predator is in sight; all of them, and stats.c (the
 * measures), call steer.c (the rules), which calls none.
 */
#ifndef BOIDS_FLOCK_IMPL_H
#define BOIDS_FLOCK_IMPL_H

#include "flock.h"
#include "gas.h"
#include "grid.h"
#include "lib/rng.h"
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
	struct grid grid;
	int grid_sorted;           /* the grid was built for f->sorted */
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
};

/* flock.c */
void flock_derive_rules(struct flock *f);
size_t flock_index_of(const struct boids *b, size_t n, size_t id);
int flock_regrid(struct flock *f);
void flock_sort(struct flock *f);

/* agents.c */
void agents_place_predators(struct flock *f, size_t n);
void agents_place_obstacles(struct flock *f, size_t n);
void agents_clear_goal(struct flock *f);
void agents_goal_place(size_t k, float *x, float *y);
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

#endif
