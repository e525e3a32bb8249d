/*
 * gas.c: the fear gas's lattice over the grid's box, and its memory.
 *
 * Its cells split the grid's in equal parts each way, as many as make
 * them about GAS_CELL separation distances across, but never more than
 * a cell a boid (and GAS_CELLS_MIN): a gas finer than the boids in it
 * would be most of the memory and of the time its spreading takes
 * (fear.c), for a scent no boid is there to smell.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gas.h"

#define GAS_CELL 2.5f        /* a gas cell's side, in separation distances */
#define GAS_SPLIT_MAX 4      /* gas cells across a grid cell, at most */
#define GAS_CELLS_MIN 4096   /* cells allowed besides one a boid */

/* The lattice over grid g for a flock of n boids at separation distance
 * d, over the box as the grid's finest cut covers it, whatever cut it
 * has now. */
static void
lattice(struct gas *s, const struct grid *g, size_t n, float d)
{
	size_t most = n + GAS_CELLS_MIN, cells;
	float x1 = g->x0 + (float)g->cols_most /
	    ((float)g->sub_most / g->side);
	float y1 = g->y0 + (float)g->rows * g->side;
	int split = d > 0.0f ? (int)(g->side / (GAS_CELL * d)) : 1;

	split = split < 1 ? 1 : split > GAS_SPLIT_MAX ? GAS_SPLIT_MAX :
	    split;
	for (;;) {
		s->side = g->side / (float)split;
		s->inv_side = 1.0f / s->side;
		s->x0 = floorf(g->x0 * s->inv_side) * s->side;
		s->y0 = floorf(g->y0 * s->inv_side) * s->side;
		s->cols = (int)ceilf((x1 - s->x0) * s->inv_side);
		s->rows = (int)ceilf((y1 - s->y0) * s->inv_side);
		s->cols = s->cols < 1 ? 1 : s->cols;
		s->rows = s->rows < 1 ? 1 : s->rows;
		cells = (size_t)s->cols * (size_t)s->rows;
		if (cells <= most || split == 1)
			break;
		split--;
	}
	s->cells = cells;
}

void
gas_free(struct gas *gas)
{
	free(gas->level);
	free(gas->next);
	memset(gas, 0, sizeof *gas);
}

int
gas_fit(struct gas *gas, const struct grid *g, size_t n, float d)
{
	struct gas s;

	memset(&s, 0, sizeof s);
	lattice(&s, g, n, d);
	s.level = calloc(s.cells, sizeof *s.level);
	s.next = calloc(s.cells, sizeof *s.next);
	if (!s.level || !s.next) {
		gas_free(&s);
		return -1;
	}
	gas_free(gas);
	*gas = s;
	return 0;
}
