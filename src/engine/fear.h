/*
 * fear.h: fear that spreads through the flock (fear.c), and the two
 * parts of it that every boid needs in every step.
 *
 * A boid's next fear and the speed limit an afraid boid flies by are
 * loops with no branch over a chunk of boids (the gas each boid smells a
 * gathered load, the predators in sight a mask), which the compiler
 * turns into vector code. They are inline here, not in fear.c, because
 * the step's inner loops (kernel.c) include them and are built once for
 * each vector width (kernel.h): a copy of them in each build runs as
 * wide as that build's vectors. fear.c spreads the gas once a step and
 * pushes afraid boids along, a few at a time.
 */
#ifndef BOIDS_FEAR_H
#define BOIDS_FEAR_H

#include <stddef.h>

#include "chunk.h"
#include "flock_impl.h"

/* A boid's own fear fades by FEAR_FADE a step; it takes up FEAR_PASS of
 * the gas in its cell; fear and gas below FEAR_FLOOR are none. */
#define FEAR_FADE 0.9f
#define FEAR_PASS 0.8f
#define FEAR_FLOOR 0.05f

/* The gas fades and spreads a step, and takes up the afraid boids' fear:
 * before the boids move, from the sorted state. */
void fear_spread(struct flock *f);

/* An afraid boid hurries along its heading: into the chunk's change of
 * velocity, for boids [i0, i0 + m) that fly. */
void fear_hurry(const struct flock *f, size_t i0, size_t m,
    struct chunk *c);

/* Whether a predator is within the fear radius of (x, y): what frightens
 * a boid. No early way out, so that a loop over boids that asks it can
 * be vector code. */
static inline int
fear_hunted(const struct flock *f, float x, float y)
{
	const struct predators *p = &f->pred;
	float reach2 = f->rules.fear * f->rules.fear;
	int seen = 0;
	size_t k;

	for (k = 0; k < p->n; k++) {
		float dx = x - p->x[k], dy = y - p->y[k];

		seen |= dx * dx + dy * dy < reach2;
	}
	return seen;
}

/*
 * The move of boids [i0, i0 + m), made into f->cur, made again at the
 * fastest an afraid boid may fly: each is held to its own limit, the
 * faster the more afraid.
 */
static inline void
fear_limit(struct flock *f, size_t i0, size_t m)
{
	const struct rules *r = &f->rules;
	const float *restrict fear, *restrict x, *restrict y;
	float *restrict ox = f->cur.x + i0, *restrict oy = f->cur.y + i0;
	float *restrict ovx = f->cur.vx + i0, *restrict ovy = f->cur.vy + i0;
	float top = r->max_speed, wx = r->wind_x, wy = r->wind_y;
	size_t q;

	if (!r->fearful)
		return;
	fear = f->sorted.fear + i0;
	x = f->sorted.x + i0;
	y = f->sorted.y + i0;
#pragma omp simd
	for (q = 0; q < m; q++) {
		steer_limit_speed(&ovx[q], &ovy[q], top * (1.0f +
		    STEER_FEAR_SPEED * fear[q]));
		ox[q] = x[q] + ovx[q] + wx;
		oy[q] = y[q] + ovy[q] + wy;
	}
}

/*
 * The fear of boids [i0, i0 + m) into f->cur: a boid's own fear faded,
 * or the share of the gas in its cell that it takes up, whichever is
 * more; panic when a predator is within the fear radius or the flock is
 * scattered. Returns how many are afraid (FLOCK_AFRAID).
 */
static inline size_t
fear_next(struct flock *f, size_t i0, size_t m)
{
	const struct gas *g = &f->gas;
	const float *restrict x = f->sorted.x + i0, *restrict y =
	    f->sorted.y + i0;
	const float *restrict fear, *restrict level = g->level;
	float *restrict felt;
	int panic = f->params.scatter != 0;
	size_t q, afraid = 0;

	if (!f->rules.fearful)
		return 0;
	fear = f->sorted.fear + i0;
	felt = f->cur.fear + i0;
#pragma omp simd reduction(+:afraid)
	for (q = 0; q < m; q++) {
		float own = FEAR_FADE * fear[q];
		float smelt = FEAR_PASS * level[gas_cell(g, x[q], y[q])];
		float now = smelt > own ? smelt : own;

		now = panic || fear_hunted(f, x[q], y[q]) ? 1.0f : now;
		felt[q] = now < FEAR_FLOOR ? 0.0f : now;
		afraid += felt[q] >= FLOCK_AFRAID;
	}
	return afraid;
}

#endif
