/*
 * gas.h: the lattice the fear gas lives on (fear.c), and its memory.
 *
 * Square cells over the grid's box, each an equal part of a grid cell,
 * hold a level each; a point lies in one of them. The lattice is made
 * for a grid when the grid is, and knows nothing of how the gas spreads
 * nor of the boids that smell it.
 */
#ifndef BOIDS_GAS_H
#define BOIDS_GAS_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"

/* The fear the afraid boids give off: a level in each cell, the cells'
 * edges on multiples of their side in the world. */
struct gas {
	float *level, *next;       /* a cell each */
	float x0, y0, side, inv_side;
	int cols, rows;
	size_t cells;
};

/*
 * Lay gas over grid g for a flock of n boids at separation distance d,
 * all of it at level 0, in place of the gas there was. Returns 0, or -1
 * when memory runs out (the gas there was stays).
 */
int gas_fit(struct gas *gas, const struct grid *g, size_t n,
    float d);
void gas_free(struct gas *gas);

/* The gas cell that (x, y) lies in. */
static inline uint32_t
gas_cell(const struct gas *g, float x, float y)
{
	return grid_axis(y, g->y0, g->inv_side, g->rows) * (uint32_t)g->cols +
	    grid_axis(x, g->x0, g->inv_side, g->cols);
}

#endif
