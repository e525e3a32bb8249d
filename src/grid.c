/*
 * grid.c: the uniform grid's counting sort and its ring search.
 *
 * With OpenMP the sort runs in parallel and stays stable: each thread
 * counts a contiguous slice of the boids into its own histogram, the
 * histograms are summed cell by cell in thread order, and each thread then
 * hands out indices for its slice. The result is the one a serial stable
 * sort gives, whatever the number of threads.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "parallel.h"

/* Cells per boid beyond which the cell side grows instead. */
#define GRID_CELLS_PER_BOID 4
#define GRID_MIN_CELLS 4096
#define GRID_MAX_CELLS (1UL << 26)
#define GRID_MAX_HISTOGRAMS PARALLEL_MAX_THREADS

/*
 * Histograms for as many threads as may ever build the grid: one for
 * each processor, so that a grid made while one thread was allowed
 * still builds on all of them once more are.
 */
static int
histograms(void)
{
	int n = parallel_processors();

	return n < GRID_MAX_HISTOGRAMS ? n : GRID_MAX_HISTOGRAMS;
}

static size_t
cells_for(float w, float h, float side, int *cols, int *rows)
{
	double c = ceil((double)w / side), r = ceil((double)h / side);

	if (c < 1)
		c = 1;
	if (r < 1)
		r = 1;
	if (c * r > (double)GRID_MAX_CELLS) {
		*cols = *rows = 0;
		return GRID_MAX_CELLS + 1;
	}
	*cols = (int)c;
	*rows = (int)r;
	return (size_t)c * (size_t)r;
}

int
grid_init(struct grid *g, size_t cap, float x0, float y0, float w, float h,
    float side)
{
	size_t limit = cap * GRID_CELLS_PER_BOID + GRID_MIN_CELLS;
	size_t ncells;
	int cols, rows;

	if (limit > GRID_MAX_CELLS)
		limit = GRID_MAX_CELLS;
	if (!(side > 0.0f))
		side = 1.0f;
	while ((ncells = cells_for(w, h, side, &cols, &rows)) > limit)
		side *= 1.25f;

	memset(g, 0, sizeof *g);
	g->x0 = x0;
	g->y0 = y0;
	g->side = side;
	g->inv_side = 1.0f / side;
	g->cols = cols;
	g->rows = rows;
	g->ncells = ncells;
	g->cap = cap;
	g->nthreads = histograms();

	g->start = malloc((ncells + 1) * sizeof *g->start);
	g->key = malloc((cap ? cap : 1) * sizeof *g->key);
	g->dest = malloc((cap ? cap : 1) * sizeof *g->dest);
	g->hist = malloc((size_t)g->nthreads * ncells * sizeof *g->hist);
	if (!g->start || !g->key || !g->dest || !g->hist) {
		grid_free(g);
		return -1;
	}
	memset(g->start, 0, (ncells + 1) * sizeof *g->start);
	return 0;
}

void
grid_free(struct grid *g)
{
	free(g->start);
	free(g->key);
	free(g->dest);
	free(g->hist);
	memset(g, 0, sizeof *g);
}

size_t
grid_bytes_per_boid(void)
{
	size_t threads = (size_t)histograms();

	/* key and dest, plus at most GRID_CELLS_PER_BOID cells' starts and
	 * as many counts in each thread's histogram. */
	return 2 * sizeof(uint32_t) +
	    GRID_CELLS_PER_BOID * sizeof(uint32_t) * (1 + threads);
}

/* Each boid's key, in a loop of its own that vectorises, then the
 * counts. */
static void
count_slice(struct grid *g, uint32_t *hist, size_t lo, size_t hi,
    const float *x, const float *y)
{
	uint32_t *restrict key = g->key;
	size_t i;

	memset(hist, 0, g->ncells * sizeof *hist);
	for (i = lo; i < hi; i++)
		key[i] = grid_cell_row(g, y[i]) * (uint32_t)g->cols +
		    grid_cell_col(g, x[i]);
	for (i = lo; i < hi; i++)
		hist[key[i]]++;
}

/*
 * Turn the per-thread counts into each thread's first index per cell, for
 * cells [c0, c1), starting from index run; returns the index after them.
 */
static uint32_t
scan_cells(struct grid *g, int nthreads, size_t c0, size_t c1, uint32_t run)
{
	size_t c;
	int t;

	for (c = c0; c < c1; c++) {
		g->start[c] = run;
		for (t = 0; t < nthreads; t++) {
			uint32_t *h = g->hist + (size_t)t * g->ncells + c;
			uint32_t count = *h;

			*h = run;
			run += count;
		}
	}
	return run;
}

/* How many boids the threads counted in cells [c0, c1). */
static uint32_t
count_cells(const struct grid *g, int nthreads, size_t c0, size_t c1)
{
	uint32_t sum = 0;
	size_t c;
	int t;

	for (t = 0; t < nthreads; t++) {
		const uint32_t *h = g->hist + (size_t)t * g->ncells;

		for (c = c0; c < c1; c++)
			sum += h[c];
	}
	return sum;
}

static void
place_slice(struct grid *g, uint32_t *next, size_t lo, size_t hi)
{
	size_t i;

	for (i = lo; i < hi; i++)
		g->dest[i] = next[g->key[i]]++;
}

/*
 * The threads count their slices of boids, then scan the counts, each
 * thread a range of cells (after adding up the boids in the ranges before
 * its own), then place their slices. Every step is the serial one's, cut
 * into parts that do not overlap, so the result is the same for any
 * number of threads.
 */
void
grid_build(struct grid *g, size_t n, const float *x, const float *y)
{
	uint32_t below[GRID_MAX_HISTOGRAMS];
	int nthreads = parallel_worth(n) ? g->nthreads : 1;

	if (nthreads > parallel_threads())
		/* Read by the pragma below, which the analyzer does not see. */
		/* NOLINTNEXTLINE(clang-analyzer-deadcode.DeadStores) */
		nthreads = parallel_threads();
	PARALLEL_REGION_IF(nthreads, nthreads > 1)
	{
		int t = parallel_thread_num();
		int used = parallel_team_size();
		size_t lo = n * (size_t)t / (size_t)used;
		size_t hi = n * (size_t)(t + 1) / (size_t)used;
		size_t c0 = g->ncells * (size_t)t / (size_t)used;
		size_t c1 = g->ncells * (size_t)(t + 1) / (size_t)used;
		uint32_t *hist = g->hist + (size_t)t * g->ncells;
		uint32_t run = 0;
		int k;

		count_slice(g, hist, lo, hi, x, y);
		PARALLEL_BARRIER;
		below[t] = count_cells(g, used, c0, c1);
		PARALLEL_BARRIER;
		for (k = 0; k < t; k++)
			run += below[k];
		run = scan_cells(g, used, c0, c1, run);
		if (t == used - 1)
			g->start[g->ncells] = run;
		PARALLEL_BARRIER;
		place_slice(g, hist, lo, hi);
	}
}

static float
nearest_in_run(const float *x, const float *y, uint32_t lo, uint32_t hi,
    float px, float py, size_t self, float best, size_t *who)
{
	uint32_t j;

	for (j = lo; j < hi; j++) {
		float dx = x[j] - px, dy = y[j] - py;
		float d2 = dx * dx + dy * dy;

		if (d2 < best && j != self) {
			best = d2;
			*who = j;
		}
	}
	return best;
}

/* Search the cells at Chebyshev distance exactly k from (col, row). */
static float
nearest_in_ring(const struct grid *g, const float *x, const float *y,
    long col, long row, long k, float px, float py, size_t self, float best,
    size_t *who)
{
	long r, c0 = col - k > 0 ? col - k : 0;
	long c1 = col + k < g->cols - 1 ? col + k : g->cols - 1;

	for (r = row - k; r <= row + k; r++) {
		size_t base;

		if (r < 0 || r >= g->rows)
			continue;
		base = (size_t)r * (size_t)g->cols;
		if (r == row - k || r == row + k) {
			best = nearest_in_run(x, y, g->start[base + (size_t)c0],
			    g->start[base + (size_t)c1 + 1], px, py, self, best,
			    who);
			continue;
		}
		if (col - k >= 0) {
			size_t c = base + (size_t)(col - k);

			best = nearest_in_run(x, y, g->start[c],
			    g->start[c + 1], px, py, self, best, who);
		}
		if (col + k < g->cols) {
			size_t c = base + (size_t)(col + k);

			best = nearest_in_run(x, y, g->start[c],
			    g->start[c + 1], px, py, self, best, who);
		}
	}
	return best;
}

/*
 * The ring search from the cell (col, row), for boids that may have moved
 * up to slack / 2 each since the grid was built for them: cells k + 1
 * rings out held boids at least k sides away, since clamping only moves
 * boids outward, so they are now at least k sides less slack away; stop
 * once the best is that close.
 */
static float
nearest_rings(const struct grid *g, const float *x, const float *y,
    long col, long row, float px, float py, size_t self, float slack,
    size_t *who)
{
	long reach = g->cols > g->rows ? g->cols : g->rows;
	float best = INFINITY;
	long k;

	for (k = 0; k <= reach; k++) {
		float bound = (float)k * g->side - slack;

		best = nearest_in_ring(g, x, y, col, row, k, px, py, self, best,
		    who);
		if (bound >= 0.0f && best <= bound * bound)
			break;
	}
	return best;
}

float
grid_nearest(const struct grid *g, const float *x, const float *y, float px,
    float py, size_t self, size_t *who)
{
	return nearest_rings(g, x, y, grid_cell_col(g, px),
	    grid_cell_row(g, py), px, py, self, 0.0f, who);
}

/*
 * The nearest other boid to each boid, in vector form. The boids of one
 * cell share their 3x3 block of cells: its three runs are copied once
 * into a buffer, padded to whole vectors with boids at infinity, and each
 * boid of the cell then takes the least squared distance over the buffer
 * in a loop without branches. Anything outside the block is at least one
 * side away (less the slack, when the boids have moved since the grid
 * was built), so a boid whose nearest is farther than that, or whose
 * block does not fit the buffer, searches ring by ring as grid_nearest()
 * does. Either way the least distance is the same, exactly.
 */
#define NEAR_LANES 16
#define NEAR_BUF 1024

struct near_block {
	size_t cell, end;      /* the cell, its last boid + 1 */
	size_t m;              /* candidates in the buffer, padded; 0: none */
	size_t first;          /* the cell's first boid's place in it */
	float x[NEAR_BUF + NEAR_LANES], y[NEAR_BUF + NEAR_LANES];
};

/*
 * len values from `from`, which has room values, to `to`: a vector at a
 * time where the source allows reading a little beyond, since a copy of
 * a size known here is a few instructions and one of any size a call.
 */
static void
copy_run(float *to, const float *from, size_t len, size_t room)
{
	size_t j;

	if (len + NEAR_LANES <= room) {
		for (j = 0; j < len; j += NEAR_LANES)
			memcpy(to + j, from + j, NEAR_LANES * sizeof *to);
	} else {
		memcpy(to, from, len * sizeof *to);
	}
}

static float
nearest_in_block(const struct near_block *b, float px, float py, size_t self)
{
	float lane[NEAR_LANES], best = INFINITY;
	size_t at, l;

	for (l = 0; l < NEAR_LANES; l++)
		lane[l] = INFINITY;
	for (at = 0; at < b->m; at += NEAR_LANES) {
#pragma omp simd
		for (l = 0; l < NEAR_LANES; l++) {
			float dx = b->x[at + l] - px, dy = b->y[at + l] - py;
			float d2 = dx * dx + dy * dy;

			d2 = at + l == self ? INFINITY : d2;
			lane[l] = d2 < lane[l] ? d2 : lane[l];
		}
	}
	for (l = 0; l < NEAR_LANES; l++)
		best = lane[l] < best ? lane[l] : best;
	return best;
}

/* Copy the block around the cell holding boid i, if it fits. */
static void
near_block_load(const struct grid *g, size_t n, const float *x,
    const float *y, struct near_block *b, size_t i)
{
	struct grid_block blk;
	size_t c = b->cell, m = 0;
	int k;

	while (g->start[c + 1] <= i)
		c++;
	b->cell = c;
	b->end = g->start[c + 1];
	grid_block_at(g, (uint32_t)(c % (size_t)g->cols),
	    (uint32_t)(c / (size_t)g->cols), &blk);
	b->m = 0;
	for (k = 0; k < 3; k++) {
		size_t len = blk.hi[k] - blk.lo[k];

		if (m + len > NEAR_BUF)
			return;
		if (k == 1)
			b->first = m + (g->start[c] - blk.lo[k]);
		copy_run(b->x + m, x + blk.lo[k], len, n - blk.lo[k]);
		copy_run(b->y + m, y + blk.lo[k], len, n - blk.lo[k]);
		m += len;
	}
	for (; m % NEAR_LANES; m++)
		b->x[m] = b->y[m] = INFINITY;
	b->m = m;
}

static size_t
cell_of_boid(const struct grid *g, size_t i)
{
	size_t lo = 0, hi = g->ncells;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (g->start[mid] <= i)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void
nearest_range(const struct grid *g, size_t n, const float *x,
    const float *y, size_t lo, size_t hi, float slack, float *d2)
{
	struct near_block b;
	float near = g->side - slack;
	size_t i, who;

	if (lo >= hi)
		return;
	b.cell = cell_of_boid(g, lo);
	b.end = 0;
	for (i = lo; i < hi; i++) {
		float best = INFINITY;

		if (i >= b.end)
			near_block_load(g, n, x, y, &b, i);
		if (b.m > 0)
			best = nearest_in_block(&b, x[i], y[i],
			    b.first + (i - g->start[b.cell]));
		if (!(near >= 0.0f && best <= near * near))
			best = nearest_rings(g, x, y,
			    (long)(b.cell % (size_t)g->cols),
			    (long)(b.cell / (size_t)g->cols), x[i], y[i], i,
			    slack, &who);
		d2[i] = best;
	}
}

void
grid_nearest_all(const struct grid *g, size_t n, const float *x,
    const float *y, float slack, float *d2)
{
	PARALLEL_REGION_IF(parallel_threads(), parallel_worth(n))
	{
		size_t t = (size_t)parallel_thread_num();
		size_t used = (size_t)parallel_team_size();

		nearest_range(g, n, x, y, n * t / used, n * (t + 1) / used,
		    slack, d2);
	}
}
