/*
 * fear.c: fear that spreads through the flock (Delgado-Mata et al. 2007).
 *
 * In the paper an animal that senses danger gives off a pheromone, whose
 * particles drift away in the air as a gas expanding freely, and an
 * animal that smells it becomes afraid in turn. Here the gas is a level
 * on a lattice of square cells over the grid's box (gas.h), each cell an
 * equal part of a grid cell, a few separation distances across. Before
 * the boids move, each step:
 *
 *   - the gas fades and spreads: a cell keeps FEAR_GAS_KEEP of the more
 *     of its own level and FEAR_GAS_REACH of its strongest neighbour's
 *     (the four beside it), so a scent travels a cell a step, weaker
 *     with every cell, as a front of an expanding gas would;
 *   - each cell takes up the fear of the most afraid boid in it, if that
 *     is more.
 *
 * A boid then smells the gas of its own cell, and its fear is the most
 * of: its own, faded by FEAR_FADE; FEAR_PASS of the gas; and panic (1)
 * when a predator is within the fear radius or the flock is scattered
 * (fear_next() in fear.h). Fear below FEAR_FLOOR is none, and so is
 * gas. Every hop from one cell to the next loses a share, and fear
 * fades, so a panic runs out across the flock and dies away once nothing
 * frightens it.
 *
 * Fear weights a boid's rules (steer.h says how): an afraid boid keeps
 * closer and aligns harder, hurries along its heading (fear_hurry()
 * here) and may fly faster (fear_limit() in fear.h).
 *
 * The cells are levels, not particles: no particle is followed, and the
 * wind does not carry the gas. A boid reads only the previous state and
 * the gas made from it, and the gas is made in the boids' cell order,
 * so the result is the same on any number of threads.
 */
#include <math.h>

#include "fear.h"

#define FEAR_GAS_KEEP 0.8f
#define FEAR_GAS_REACH 0.6f

/* The strongest of the four cells beside cell (col, row). */
static float
strongest_beside(const struct gas *g, int col, int row)
{
	const float *l = g->level + (size_t)row * (size_t)g->cols + col;
	float most = 0.0f;

	if (col > 0 && l[-1] > most)
		most = l[-1];
	if (col + 1 < g->cols && l[1] > most)
		most = l[1];
	if (row > 0 && l[-g->cols] > most)
		most = l[-g->cols];
	if (row + 1 < g->rows && l[g->cols] > most)
		most = l[g->cols];
	return most;
}

void
fear_spread(struct flock *f)
{
	struct gas *g = &f->gas;
	const struct boids *b = &f->sorted;
	float *swap;
	int col, row;
	size_t i;

	for (row = 0; row < g->rows; row++)
		for (col = 0; col < g->cols; col++) {
			size_t c = (size_t)row * (size_t)g->cols + (size_t)col;
			float own = g->level[c];
			float beside = FEAR_GAS_REACH * strongest_beside(g, col,
			    row);
			float v = FEAR_GAS_KEEP * (own > beside ? own : beside);

			g->next[c] = v < FEAR_FLOOR ? 0.0f : v;
		}
	for (i = 0; i < f->n; i++) {
		size_t c = gas_cell(g, b->x[i], b->y[i]);

		if (b->fear[i] > g->next[c])
			g->next[c] = b->fear[i];
	}
	swap = g->level;
	g->level = g->next;
	g->next = swap;
}

void
fear_hurry(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	size_t q;

	for (q = 0; r->fearful && q < m; q++) {
		size_t i = i0 + q;
		float v2 = b->vx[i] * b->vx[i] + b->vy[i] * b->vy[i];

		if (!perched(f, i) && b->fear[i] > 0.0f && v2 > 0.0f) {
			float push = r->fear_thrust * b->fear[i] / sqrtf(v2);

			c->ax[q] += b->vx[i] * push;
			c->ay[q] += b->vy[i] * push;
		}
	}
}
