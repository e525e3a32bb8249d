/*
 * sight.h: what a boid of a big flock perceives of the boids around it:
 * their number, their mean place and their mean velocity, read from
 * sums kept by square cells over the grid's box, not boid by boid.
 *
 * Each step the boids of each cell are summed (their count, places and
 * velocities), and each corner of the cells gets the sums of the four
 * cells around it. A boid reads the four corners of its own cell,
 * weighted by how near it lies to each: what it perceives then changes
 * smoothly as it flies from cell to cell, and weighs the boids of its
 * own cell fully and those of the cells around it the more the nearer
 * it is to them. So a boid perceives about the boids within two cells'
 * width, however many there are, at the cost of a few sums. Separation,
 * which acts over a much shorter range, stays pair by pair (kernel.c).
 *
 * The cells are whole rows of the grid tall, so that the grid's sort,
 * which puts the boids in order of its rows, gives each cell's boids
 * row by row, and the sums of different rows of cells can be made at
 * once by different threads, in the same order whatever their number.
 * Each boid is summed and read in the cell it lies in now, which may be
 * in the row of cells above or below the one its place in the grid's
 * order says, as the boids fly on between sorts: a boid summed in the
 * row its place says is perceived a drift behind where it flies, across
 * the rows but not along them, and flocks so summed turned to fly up and
 * down (87% of 200,000 boids headed nearer up or down than across,
 * against 33-58% summed where they lie), in streams too thin to travel
 * as shapes. Such boids are kept on lists as their rows are summed,
 * and added to the rows they lie in after. The sight knows nothing
 * of the flock: it reads the boids' arrays in the grid's order.
 *
 * The sums are made every other step, and the step between reads those
 * of the step before (step.c): what a boid perceives of the boids round
 * it is at most a step old, a lag of a few hundredths of a cell, which
 * no one sees in a flock of this size, while the sums were a quarter of
 * its step.
 */
#ifndef BOIDS_SIGHT_H
#define BOIDS_SIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"

/* What a cell or a corner holds: the boids' count, the sum of their
 * places relative to the cell's top-left corner, or to the corner
 * itself, and of their velocities; padded to a power of two. */
enum { SIGHT_N, SIGHT_X, SIGHT_Y, SIGHT_VX, SIGHT_VY, SIGHT_STRIDE = 8 };

struct sight {
	float x0, y0;          /* the grid's box's top-left corner */
	float side, inv_side;  /* a cell's side */
	int k;                 /* the grid's rows a cell spans */
	int cols, rows;        /* cells across and down */
	size_t cells, corners; /* rows x cols, and (rows + 1) x (cols + 1) */
	float *cell;           /* SIGHT_STRIDE floats a cell, in rows of
	                        * cols + 2 with an empty cell at each end,
	                        * between an empty row above and below */
	float *corner;         /* SIGHT_STRIDE floats a corner */
	int *first, *last;     /* each row's first and last cell with boids,
	                        * first > last when none has; every other
	                        * cell is empty */
	uint32_t *spill;       /* a place for every boid: in the span of
	                        * each row's boids in the grid's order,
	                        * those that lie in the row above now, from
	                        * the front, and in the row below, from the
	                        * back (sight_sum_rows()) */
	uint32_t *up, *down;   /* how many of each row's are on each list */
	long summed;           /* the step the sums are of, -1 for none */
};

/* The grid's side, in radii, of a flock that perceives through the
 * sight, and the side of the sight's cells wanted, in radii. */
#define SIGHT_GRID 1.0f
#define SIGHT_CELL 1.0f

/*
 * Lay the cells over grid g for n boids, each k of its sides across,
 * or more where the box would need more than a cell for every
 * SIGHT_BOIDS boids (and SIGHT_CELLS_MIN): cells that most boids do not
 * fill are time spent on empty sky. Returns 0, or -1 when memory runs
 * out (the sight there was stays).
 */
#define SIGHT_BOIDS 2
#define SIGHT_CELLS_MIN 4096
int sight_fit(struct sight *s, const struct grid *g, int k, size_t n);
void sight_free(struct sight *s);

/* Heap bytes a boid's share of the sight takes, at most. */
size_t sight_bytes_per_boid(void);

/*
 * The sums of cell rows [r0, r1), from the boids of grid g in its order
 * (x, y, vx, vy), each lying at most a grid's side from the row it was
 * sorted in: those of the row's own boids that still lie in it, the
 * others put on the row's spill lists. Rows of cells may be summed in
 * any order and at once. Then, once all rows are summed, sight_spill_rows()
 * adds to cell rows [r0, r1) the boids that the rows above and below
 * spilled into them, also in any order and at once.
 */
void sight_sum_rows(struct sight *s, const struct grid *g, const float *x,
    const float *y, const float *vx, const float *vy, int r0, int r1);
void sight_spill_rows(struct sight *s, const struct grid *g, const float *x,
    const float *y, const float *vx, const float *vy, int r0, int r1);

/* The corners' sums of corner rows [r0, r1) of the rows + 1, from the
 * cells', all of which must be summed first. */
void sight_corner_rows(struct sight *s, int r0, int r1);

/*
 * What each of boids [i0, i0 + m) of the grid's order perceives (x, y,
 * vx, vy: all the boids', in that order, readable SIGHT_PAD boids past
 * i0 + m), into count (the boids perceived, each weighted), dx, dy (the
 * sum of their places relative to the boid's) and svx, svy (of their
 * velocities), the boid itself left out. A boid that perceives less
 * than SIGHT_LEAST of a boid perceives none; each of the five arrays has
 * room for SIGHT_PAD past m, which the read may write. Returns the boids
 * perceived, rounded.
 */
#define SIGHT_LEAST 0.0625f
#define SIGHT_PAD 16
uint64_t sight_read(const struct sight *s, size_t i0, const float *x,
    const float *y, const float *vx, const float *vy, size_t m,
    float *count, float *dx, float *dy, float *svx, float *svy);

#endif
