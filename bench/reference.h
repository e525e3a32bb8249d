/*
 * reference.h: the step as a careful programmer writes it without the
 * engine's tiles, to measure the engine against.
 *
 * A counting sort by cell (side R, the usual cell list), the boids'
 * arrays moved into cell order, then for each boid a scan of its 3x3
 * block of cells, three contiguous runs, in a loop of reductions that
 * the compiler turns into vector instructions; the same three rules as
 * the engine's, with its weights, the turn limit and the speed limit.
 * On the engine's threads: each counts and moves a slice of the boids
 * into per-thread histograms, and takes a share of the boids to step.
 */
#ifndef BOIDS_BENCH_REFERENCE_H
#define BOIDS_BENCH_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/flock.h"

struct reference;

/* A copy of flock f's boids, to step by the reference; exits when memory
 * runs out. */
struct reference *reference_new(const struct flock *f);
void reference_free(struct reference *a);

/* The boids of flock f, which has as many, copied in afresh. */
void reference_load(struct reference *a, const struct flock *f);

/* One step on `threads` threads; returns the neighbours perceived,
 * summed over the boids. */
double reference_step(struct reference *a, int threads);

#endif
