/*
 * chunk.h: a chunk of boids in the step, and what is done to it one boid
 * at a time.
 *
 * The step's inner loops (kernel.c) take boids a chunk at a time: the
 * gather fills the chunk's sums, the rules turn them into each boid's
 * change of velocity, and before the move the behaviours that only some
 * boids have add to it. Those, and the gathers that go boid by boid
 * (chunk.c), are plain loops with calls and branches, the same on every
 * processor, and built once; the tiles' gather, the rules and the move
 * are built for each vector width.
 */
#ifndef BOIDS_CHUNK_H
#define BOIDS_CHUNK_H

#include <stddef.h>
#include <stdint.h>

#include "flock_impl.h"

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
 *   ln       with leaders: leaders of its kind within the followers' reach
 *   lx, ly   the sum of their places relative to the boid
 *   lvx, lvy the sum of their velocities
 *
 * With species, count to vy are of the boid's own kind alone. A tile
 * stores whole vectors, so each array has room for one more past the
 * chunk's end.
 */
enum { SUM_COUNT, SUM_DX, SUM_DY, SUM_VX, SUM_VY, SUM_SX, SUM_SY, SUM_ON,
	SUM_OX, SUM_OY, SUM_LN, SUM_LX, SUM_LY, SUM_LVX, SUM_LVY, SUMS };

struct chunk {
	float sum[SUMS][CHUNK + FLOCK_PAD];
	float ax[CHUNK], ay[CHUNK];
};

/* Is boid i of the sorted state resting on the ground? */
static inline int
perched(const struct flock *f, size_t i)
{
	return f->sorted.perch[i] > 0;
}

/* The sums of cohesion and alignment of boids [i0, i0 + m) into the
 * chunk, each boid on its own: with radius 0, from the whole flock's
 * sums (f->sum_x and the rest, and f->kind_sum); with the nearest few,
 * of the nearest K in reach, found through the grid. Each returns the
 * neighbours perceived. */
uint64_t chunk_whole_flock(const struct flock *f, size_t i0, size_t m,
    struct chunk *c);
uint64_t chunk_nearest(const struct flock *f, size_t i0, size_t m,
    struct chunk *c);

/* The same for a big flock's boids, through the sight's cells
 * (sight.h); a resting boid perceives none. */
uint64_t chunk_sight(const struct flock *f, size_t i0, size_t m,
    int resting, struct chunk *c);

/* Species: flight from the other kinds each boid perceives. */
void chunk_kin(const struct flock *f, size_t i0, size_t m, struct chunk *c);

/* Goal, predators and obstacles; then targets (target.c). */
void chunk_steer(const struct flock *f, size_t i0, size_t m,
    struct chunk *c);

/* Targets (flock.h): a boid with one seeks it in place of every other
 * change it asked for; one without keeps out of the targets' area.
 * Nothing while no boid has a target. */
void target_steer(const struct flock *f, size_t i0, size_t m,
    struct chunk *c);

/* Resting boids, boids kept out of obstacles and landing ones, into
 * f->cur, the ids and perches with them; returns how many rest then. */
size_t chunk_settle(struct flock *f, size_t i0, size_t m, int resting);

/* The species' kinds into f->cur. */
void chunk_extend(struct flock *f, size_t i0, size_t m);

#endif
