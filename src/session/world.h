/*
 * world.h: the world a terminal shows, and the flock made for a world.
 *
 * A terminal's world is its screen above the status line, a cell one
 * unit across and two down. A flock is made for a world with the lengths
 * the options leave open (radius, separation distance, speed limit)
 * fitted to it, and only when the memory it needs is there. The session
 * (session.c), the headless run and the keys that make a new flock
 * (input.c) all ask here, so that the rule is written once.
 */
#ifndef BOIDS_WORLD_H
#define BOIDS_WORLD_H

#include <stdint.h>

#include "engine/flock.h"
#include "options/options.h"

/*
 * The world of a terminal of cols by lines: its screen above the status
 * line, COLS by LINES - 1 cells, a cell being one world unit across and
 * two down. lines is at least 2.
 */
void world_of(int cols, int lines, float *w, float *h);

/* The flock the options o describe, in a w by h world, its lengths
 * fitted to it, from seed; NULL when the memory is not there (checked
 * before allocating) or cannot be had. */
struct flock *world_flock(const struct options *o, float w, float h,
    uint64_t seed);

/* The lengths the options ask for (radius, separation distance, speed
 * limit), fitted to a w by h world for the options' count, into p; the
 * rest of p is left alone. */
void world_fit(const struct options *o, struct flock_params *p, float w,
    float h);

/* Whether the options' flock fits in the machine's memory, and the
 * bytes it needs. */
int world_flock_fits(const struct options *o, double *need);

/* The seed of the next new flock after restarts of them (`r`, `n`):
 * each follows from the first by a Weyl sequence, so a session started
 * with --seed makes the same flocks in the same order. */
uint64_t world_next_seed(uint64_t seed, uint64_t restarts);

#endif
