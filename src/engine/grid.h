/*
 * grid.h: a uniform grid over the world for neighbour search.
 *
 * Every step the grid is rebuilt by a stable counting sort: each boid gets
 * the key of the cell it lies in, the keys are counted, the counts are
 * summed into cell starts, and each boid gets the index it moves to so
 * that boids of one cell sit together, cells in row-major order. A cell
 * is a side tall and a `sub`-th of a side wide, so that a row of the
 * grid is cut finely: the boids within one side of a cell are then in
 * the three rows around it, from `sub` columns to its left to `sub` to
 * its right, read as three contiguous runs, and the runs around a few
 * boids in a row reach little farther than a side beyond them. Each
 * build chooses the next one's cut from how crowded its cells were:
 * finely where boids crowd, coarser where they are sparse. Boids
 * outside the grid's box go to the nearest edge cell; that keeps every
 * neighbour in the block, because clamping only ever moves a boid
 * outward.
 */
#ifndef BOIDS_GRID_H
#define BOIDS_GRID_H

#include <stddef.h>
#include <stdint.h>

struct grid {
	float x0, y0;        /* the box's top-left corner */
	float side, inv_side;  /* a cell's height */
	float inv_width;     /* sub / side: a cell is side / sub wide */
	int sub;             /* columns a side spans */
	int cols, rows;
	int sub_most, cols_most;  /* the finest cut the arrays hold */
	int sub_next;        /* the cut of the next build */
	size_t ncells;
	size_t cap;          /* boids the arrays hold */
	int nthreads;        /* histograms held */
	uint32_t *start;     /* ncells + 1 cell starts, after grid_build() */
	uint32_t *key;       /* each boid's cell, in input order */
	uint32_t *dest;      /* each boid's index in cell order */
	uint32_t *cell_of;   /* each boid's cell, in cell order; NULL unless
	                      * kept (grid_keep_cells()) */
	uint32_t *hist;      /* nthreads x ncells counts */
};

/* The three runs of the block around a cell; empty runs have lo == hi. */
struct grid_block {
	uint32_t lo[3], hi[3];
};

/*
 * Size a grid for up to cap boids over the box (x0, y0, w, h) with cells of
 * at least `side` units tall; when the box would need too many cells, the
 * rows are cut less finely, then the side grows. Returns 0, or -1 when
 * memory runs out (the grid is then empty).
 */
int grid_init(struct grid *g, size_t cap, float x0, float y0, float w,
    float h, float side);
void grid_free(struct grid *g);

/* Keep each boid's cell in cell order from the next build on (cell_of),
 * for searches that no longer find it from its place: 0, or -1 when
 * memory runs out (nothing changes). */
int grid_keep_cells(struct grid *g);

/* Heap bytes per boid a grid holds, for the memory estimate, its cells
 * kept. */
size_t grid_bytes_per_boid(void);

/*
 * Count-sort n boids by cell: fills key, dest and start. Each thread,
 * once the indices of its slice of boids [lo, hi) are known, calls
 * moved(arg, lo, hi), if given, to move them; the slices are disjoint,
 * and together all n.
 */
typedef void grid_moved_fn(void *arg, size_t lo, size_t hi);

void grid_build(struct grid *g, size_t n, const float *x, const float *y,
    grid_moved_fn *moved, void *arg);

/* The next build cut as the last one was: for a build made ahead of its
 * use and then not used, so that the builds after it are cut as if it
 * had never been made. */
void grid_cut_again(struct grid *g);

/* Written without branches, so that a loop of them vectorises, and so
 * that NaN lands in cell 0 instead of an undefined cast. */
static inline uint32_t
grid_axis(float v, float origin, float inv_side, int count)
{
	float c = (v - origin) * inv_side, last = (float)(count - 1);

	c = c >= 1.0f ? c : 0.0f;
	c = c < last ? c : last;
	return (uint32_t)(int32_t)c;
}

static inline uint32_t
grid_cell_col(const struct grid *g, float x)
{
	return grid_axis(x, g->x0, g->inv_width, g->cols);
}

static inline uint32_t
grid_cell_row(const struct grid *g, float y)
{
	return grid_axis(y, g->y0, g->inv_side, g->rows);
}

/* The runs of cells from column col0 - reach to col1 + reach in rows
 * row - 1 to row + 1, clipped to the grid: around every cell from col0
 * to col1, as far across as reach columns. */
static inline void
grid_span_reach(const struct grid *g, uint32_t col0, uint32_t col1,
    uint32_t row, uint32_t reach, struct grid_block *b)
{
	uint32_t c0 = col0 > reach ? col0 - reach : 0;
	uint32_t c1 = col1 + reach < (uint32_t)g->cols ? col1 + reach :
	    (uint32_t)g->cols - 1;
	int k;

	for (k = 0; k < 3; k++) {
		long r = (long)row + k - 1;

		if (r < 0 || r >= g->rows) {
			b->lo[k] = b->hi[k] = 0;
			continue;
		}
		b->lo[k] = g->start[(size_t)r * (size_t)g->cols + c0];
		b->hi[k] = g->start[(size_t)r * (size_t)g->cols + c1 + 1];
	}
}

/* The runs around every cell from col0 to col1 of row, a side across:
 * sub columns. */
static inline void
grid_span_at(const struct grid *g, uint32_t col0, uint32_t col1,
    uint32_t row, struct grid_block *b)
{
	grid_span_reach(g, col0, col1, row, (uint32_t)g->sub, b);
}

/* The block of cells around (col, row), clipped to the grid. */
static inline void
grid_block_at(const struct grid *g, uint32_t col, uint32_t row,
    struct grid_block *b)
{
	grid_span_at(g, col, col, row, b);
}

/*
 * A tile: boids [lo, hi) in cell order, at most a given number, all in
 * one row of cells, and the runs of the cells around every one of them
 * (blk). Whoever works through boids a tile at a time meets, for each
 * boid, the candidates of its own block in the same order as alone,
 * among others at least one side away.
 */
struct grid_tile {
	size_t lo, hi;
	struct grid_block blk;
};

/*
 * The tile that starts at boid i and ends by boid end, with at most
 * `most` boids; *cell must be a cell at or before boid i's, and becomes
 * the tile's last, ready for the next tile.
 */
void grid_tile_at(const struct grid *g, size_t *cell, size_t i, size_t end,
    size_t most, struct grid_tile *t);

/*
 * The same tile, found from the positions the grid was built from (x, y
 * in cell order): the cells of boid i and of the tile's last boid give
 * its ends at once, where a walk over the cells between would mispredict
 * where it stops in nearly every tile.
 */
void grid_tile_of(const struct grid *g, const float *x, const float *y,
    size_t i, size_t end, size_t most, struct grid_tile *t);

/*
 * The same tile, found from the cells kept (grid_keep_cells()), for
 * boids that may lie some way from their cells (x, their places now):
 * its runs reach across the columns that hold every boid that was, when
 * the grid was built, within `across` of one of the tile's boids as
 * they are now. x is read up to a vector (LANES_MAX) past the tile, as
 * the boids' padding allows.
 */
void grid_tile_across(const struct grid *g, const float *x, size_t i,
    size_t end, size_t most, float across, struct grid_tile *t);

/* The cell holding boid i of the n the grid was built for: the last cell
 * that starts at or before i, which is not empty. */
size_t grid_cell_holding(const struct grid *g, size_t i);

/*
 * The nearest other boid to point (x, y) among n boids in cell order,
 * searching rings of cells outward; `self` is skipped (pass n for none).
 * Returns the squared distance, or INFINITY when there is no other boid;
 * *who gets its index.
 */
float grid_nearest(const struct grid *g, const float *x, const float *y,
    float px, float py, size_t self, size_t *who);
/* The same for boids that may have moved since the grid was built, each
 * at most slack / 2 (x and y where they are now, in the grid's order). */
float grid_nearest_moved(const struct grid *g, const float *x,
    const float *y, float px, float py, size_t self, float slack,
    size_t *who);

/*
 * For each of the n boids the grid was built for, in cell order, the
 * squared distance to its nearest other boid (INFINITY when there is
 * none), into d2[]; the same values grid_nearest() finds, found faster.
 * The boids may have moved since the grid was built, each at most slack
 * / 2 (then x and y are where they are now, in the grid's order); pass 0
 * when they have not.
 */
void grid_nearest_all(const struct grid *g, size_t n, const float *x,
    const float *y, float slack, float *d2);

#endif
