/*
 * grid.c: the uniform grid's counting sort and its ring search.
 *
 * On the engine's threads the sort runs in parallel and stays stable:
 * each thread counts a contiguous slice of the boids into its own
 * histogram, the histograms are summed cell by cell in thread order, and
 * each thread then hands out indices for its slice. The result is the
 * one a serial stable sort gives, whatever the number of threads.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The nearest-neighbour search's lanes: as wide as this build's vectors
 * (lanes.h makes four where it is not told, one without vectors). */
#if defined(__AVX512F__)
#define LANES 16
#elif defined(__AVX__)
#define LANES 8
#endif

#include "grid.h"
#include "lanes.h"
#include "parallel.h"

/* Cells per boid beyond which the rows are cut less finely, then the
 * cell side grows. */
#define GRID_CELLS_PER_BOID 4
/* Columns a side spans, at most: the runs around a tile then reach a
 * quarter side farther than its boids, not a whole side. */
#define GRID_SUB 4
/*
 * Finer columns trim the runs around a tile, which pays where boids
 * crowd; but every cell is counted and scanned in every build, and that
 * is all a sparse flock gets of them. So each build weighs how crowded
 * the cells were, as the other boids in a boid's cell, and cuts the rows
 * of the next one at the finest the arrays hold where there were more
 * than GRID_CROWD_FINER of them to a side's square, or half as fine
 * where there were fewer than GRID_CROWD_COARSER. Measured, one thread:
 * at about 20 neighbours a boid the coarser cut steps in 0.93-0.96x the
 * time, at 90 in 1.14x; they cross near 45, 14 to a side's square.
 */
#define GRID_CROWD_FINER 16
#define GRID_CROWD_COARSER 12
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

/* Rows cut into columns a sub-th of a side wide: as many as cover the
 * finest cut's, so that the box stays the same. */
static void
cut_rows(struct grid *g, int sub)
{
	int coarser = g->sub_most / sub;

	g->sub = sub;
	g->inv_width = (float)sub / g->side;
	g->cols = (g->cols_most + coarser - 1) / coarser;
	g->ncells = (size_t)g->cols * (size_t)g->rows;
}

/* The cut for the next build, from the other boids in each boid's cell
 * in this one: pairs in all, over n boids in cells a sub-th of a side's
 * square. This build's cut stays, for those who search it till then. */
static void
cut_for_crowd(struct grid *g, uint64_t pairs, size_t n)
{
	uint64_t crowd = pairs * (uint64_t)g->sub;

	if (g->sub_most < 2 || n == 0)
		return;
	if (crowd > (uint64_t)GRID_CROWD_FINER * n)
		g->sub_next = g->sub_most;
	else if (crowd < (uint64_t)GRID_CROWD_COARSER * n)
		g->sub_next = g->sub_most / 2;
}

static size_t
cells_for(float w, float h, float side, int sub, int *cols, int *rows)
{
	double c = ceil((double)w * sub / side), r = ceil((double)h / side);

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
	int cols, rows, sub = GRID_SUB;

	if (limit > GRID_MAX_CELLS)
		limit = GRID_MAX_CELLS;
	if (!(side > 0.0f))
		side = 1.0f;
	while ((ncells = cells_for(w, h, side, sub, &cols, &rows)) > limit) {
		if (sub > 1)
			sub /= 2;
		else
			side *= 1.25f;
	}

	memset(g, 0, sizeof *g);
	g->x0 = x0;
	g->y0 = y0;
	g->side = side;
	g->inv_side = 1.0f / side;
	g->sub_most = sub;
	g->cols_most = cols;
	g->rows = rows;
	cut_rows(g, sub);
	g->sub_next = sub;
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
	free(g->cell_of);
	free(g->hist);
	memset(g, 0, sizeof *g);
}

size_t
grid_bytes_per_boid(void)
{
	size_t threads = (size_t)histograms();

	/* key, dest and cell_of, plus at most GRID_CELLS_PER_BOID cells'
	 * starts and as many counts in each thread's histogram. */
	return 3 * sizeof(uint32_t) +
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
 * Adds to *pairs, for each boid of these cells, the others in its cell.
 */
static uint32_t
scan_cells(struct grid *g, int nthreads, size_t c0, size_t c1, uint32_t run,
    uint64_t *pairs)
{
	uint64_t sum = 0;
	size_t c;
	int t;

	for (c = c0; c < c1; c++) {
		uint64_t here;
		uint32_t first = run;

		g->start[c] = run;
		for (t = 0; t < nthreads; t++) {
			uint32_t *h = g->hist + (size_t)t * g->ncells + c;
			uint32_t count = *h;

			*h = run;
			run += count;
		}
		here = run - first;
		sum += here * here - here;
	}
	*pairs += sum;
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

	if (!g->cell_of) {
		for (i = lo; i < hi; i++)
			g->dest[i] = next[g->key[i]]++;
		return;
	}
	for (i = lo; i < hi; i++) {
		uint32_t k = g->key[i], d = next[k]++;

		g->dest[i] = d;
		g->cell_of[d] = k;
	}
}

int
grid_keep_cells(struct grid *g)
{
	if (g->cell_of)
		return 0;
	g->cell_of = malloc((g->cap ? g->cap : 1) * sizeof *g->cell_of);
	return g->cell_of ? 0 : -1;
}

/* What the threads of a grid build share. */
struct build {
	struct grid *g;
	size_t n;
	const float *x, *y;
	grid_moved_fn *moved;
	void *arg;
	uint32_t below[GRID_MAX_HISTOGRAMS]; /* boids in each's cells */
	uint64_t pairs[GRID_MAX_HISTOGRAMS]; /* in each's cells */
};

static uint32_t *
histogram(const struct grid *g, int t)
{
	return g->hist + (size_t)t * g->ncells;
}

static void
build_count(void *arg, int t, int used)
{
	struct build *b = arg;
	size_t lo, hi;

	parallel_slice(b->n, t, used, &lo, &hi);
	count_slice(b->g, histogram(b->g, t), lo, hi, b->x, b->y);
}

static void
build_cells(void *arg, int t, int used)
{
	struct build *b = arg;
	size_t c0, c1;

	parallel_slice(b->g->ncells, t, used, &c0, &c1);
	b->below[t] = count_cells(b->g, used, c0, c1);
}

/* After adding up the boids in the cells before its own. */
static void
build_scan(void *arg, int t, int used)
{
	struct build *b = arg;
	uint32_t run = 0;
	size_t c0, c1;
	int k;

	for (k = 0; k < t; k++)
		run += b->below[k];
	parallel_slice(b->g->ncells, t, used, &c0, &c1);
	run = scan_cells(b->g, used, c0, c1, run, &b->pairs[t]);
	if (t == used - 1)
		b->g->start[b->g->ncells] = run;
}

static void
build_place(void *arg, int t, int used)
{
	struct build *b = arg;
	size_t lo, hi;

	parallel_slice(b->n, t, used, &lo, &hi);
	place_slice(b->g, histogram(b->g, t), lo, hi);
	if (b->moved)
		b->moved(b->arg, lo, hi);
}

/*
 * The threads count their slices of boids, then scan the counts, each
 * thread a range of cells (after adding up the boids in the ranges before
 * its own), then place their slices, and move them at once, while they
 * are in the cache and with no wait for the others: four loops, each
 * waiting for the one before. Every step is the serial one's, cut into
 * parts that do not overlap, so the result is the same for any number of
 * threads.
 */
void
grid_build(struct grid *g, size_t n, const float *x, const float *y,
    grid_moved_fn *moved, void *arg)
{
	struct build b;
	uint64_t all = 0;
	int nthreads = parallel_worth(n) ? g->nthreads : 1;
	int h;

	if (g->sub_next != g->sub)
		cut_rows(g, g->sub_next);
	if (nthreads > parallel_threads())
		nthreads = parallel_threads();
	memset(&b, 0, sizeof b);
	b.g = g;
	b.n = n;
	b.x = x;
	b.y = y;
	b.moved = moved;
	b.arg = arg;
	parallel_run(nthreads, build_count, &b);
	parallel_run(nthreads, build_cells, &b);
	parallel_run(nthreads, build_scan, &b);
	parallel_run(nthreads, build_place, &b);
	for (h = 0; h < GRID_MAX_HISTOGRAMS; h++)
		all += b.pairs[h];
	cut_for_crowd(g, all, n);
}

void
grid_cut_again(struct grid *g)
{
	g->sub_next = g->sub;
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

/*
 * Search ring k around the cell (col, row): the cells at most k rows and
 * k sides of columns away (k x sub columns), less those of ring k - 1.
 * Every cell of ring k + 1 or beyond is at least k sides away.
 */
static float
nearest_in_ring(const struct grid *g, const float *x, const float *y,
    long col, long row, long k, float px, float py, size_t self, float best,
    size_t *who)
{
	long sub = g->sub, reach = k * sub, inner = reach - sub;
	long r, c0 = col - reach > 0 ? col - reach : 0;
	long c1 = col + reach < g->cols - 1 ? col + reach : g->cols - 1;

	for (r = row - k; r <= row + k; r++) {
		size_t base;
		long a, b;

		if (r < 0 || r >= g->rows)
			continue;
		base = (size_t)r * (size_t)g->cols;
		if (r == row - k || r == row + k) {
			best = nearest_in_run(x, y, g->start[base + (size_t)c0],
			    g->start[base + (size_t)c1 + 1], px, py, self, best,
			    who);
			continue;
		}
		/* Left of ring k - 1, then right of it. */
		a = c0;
		b = col - inner - 1;
		if (a <= b)
			best = nearest_in_run(x, y, g->start[base + (size_t)a],
			    g->start[base + (size_t)b + 1], px, py, self, best,
			    who);
		a = col + inner + 1;
		b = c1;
		if (a <= b)
			best = nearest_in_run(x, y, g->start[base + (size_t)a],
			    g->start[base + (size_t)b + 1], px, py, self, best,
			    who);
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
	long across = (g->cols + g->sub - 1) / g->sub;
	long reach = across > g->rows ? across : g->rows;
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
	return grid_nearest_moved(g, x, y, px, py, self, 0.0f, who);
}

float
grid_nearest_moved(const struct grid *g, const float *x, const float *y,
    float px, float py, size_t self, float slack, size_t *who)
{
	return nearest_rings(g, x, y, grid_cell_col(g, px),
	    grid_cell_row(g, py), px, py, self, slack, who);
}

size_t
grid_cell_holding(const struct grid *g, size_t i)
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

/* The tile from boid i to at most boid end, whose first and last cells
 * are c0 and c1 of one row: it ends where c1 does, or at end; its runs
 * reach columns across. */
static void
tile_in_cells(const struct grid *g, size_t c0, size_t c1, size_t i,
    size_t end, uint32_t reach, struct grid_tile *t)
{
	size_t cols = (size_t)g->cols, row = c0 / cols;

	t->lo = i;
	t->hi = end < g->start[c1 + 1] ? end : g->start[c1 + 1];
	grid_span_reach(g, (uint32_t)(c0 - row * cols), (uint32_t)(c1 -
	    row * cols), (uint32_t)row, reach, &t->blk);
}

void
grid_tile_of(const struct grid *g, const float *x, const float *y, size_t i,
    size_t end, size_t most, struct grid_tile *t)
{
	size_t cols = (size_t)g->cols, row, c0, c1;

	if (end - i > most)
		end = i + most;
	row = grid_cell_row(g, y[i]);
	c0 = row * cols + grid_cell_col(g, x[i]);
	c1 = grid_cell_row(g, y[end - 1]) == row ?
	    row * cols + grid_cell_col(g, x[end - 1]) : row * cols + cols - 1;
	tile_in_cells(g, c0, c1, i, end, (uint32_t)g->sub, t);
}

void
grid_tile_at(const struct grid *g, size_t *cell, size_t i, size_t end,
    size_t most, struct grid_tile *t)
{
	size_t cols = (size_t)g->cols, c0 = *cell, c1, last;

	while (g->start[c0 + 1] <= i)
		c0++;
	last = c0 / cols * cols + cols - 1;
	if (end - i > most)
		end = i + most;
	for (c1 = c0; c1 < last && g->start[c1 + 1] < end; c1++)
		;
	tile_in_cells(g, c0, c1, i, end, (uint32_t)g->sub, t);
	*cell = c1;
}

/*
 * The least and greatest of x[i, end), i < end, into *lo and *hi. A
 * tile has fewer boids than a loop of a lane each would take to start
 * paying: a vector of them at a time instead, the lanes past end
 * holding x[i]; so x is read up to LANES - 1 past end.
 */
static void
span_of(const float *x, size_t i, size_t end, float *lo, float *hi)
{
#if LANES > 1
	vint lane = vlane_index();
	vfloat first = vsplat(x[i]), least = first, most = first;
	size_t j;

	for (j = i; j < end; j += LANES) {
		vfloat v = vpick(vlti(lane, vsplati((int32_t)(end - j))),
		    vload(x + j), first);

		least = vpick(vlt(v, least), v, least);
		most = vpick(vgt(v, most), v, most);
	}
	/* Every lane began at x[i]: all of them are NaN, or none. */
	*lo = vleast(least);
	*hi = vgreatest(most);
#else
	float a = x[i], b = x[i];
	size_t j;

	for (j = i + 1; j < end; j++) {
		a = x[j] < a ? x[j] : a;
		b = x[j] > b ? x[j] : b;
	}
	*lo = a;
	*hi = b;
#endif
}

void
grid_tile_across(const struct grid *g, const float *x, size_t i,
    size_t end, size_t most, float across, struct grid_tile *t)
{
	size_t cols = (size_t)g->cols, c0 = g->cell_of[i], row = c0 / cols;
	size_t c1;
	uint32_t a, b;
	float lo, hi;

	if (end - i > most)
		end = i + most;
	c1 = g->cell_of[end - 1];
	c1 = c1 / cols == row ? c1 : row * cols + cols - 1;
	t->lo = i;
	t->hi = end < g->start[c1 + 1] ? end : g->start[c1 + 1];
	span_of(x, i, t->hi, &lo, &hi);
	/* The tile's own cells whatever the rounding: its boids are in
	 * them. */
	a = grid_cell_col(g, lo - across);
	b = grid_cell_col(g, hi + across);
	a = a < c0 - row * cols ? a : (uint32_t)(c0 - row * cols);
	b = b > c1 - row * cols ? b : (uint32_t)(c1 - row * cols);
	grid_span_reach(g, a, b, (uint32_t)row, 0, &t->blk);
}

/*
 * The nearest other boid to each boid, a tile at a time: a boid to a
 * lane, each candidate around the tile compared with all of them at
 * once, each lane keeping its least squared distance. Anything outside
 * a boid's block is at least one side away (less the slack, when the
 * boids have moved since the grid was built), so a boid whose nearest is
 * farther than that searches ring by ring as grid_nearest() does. Either
 * way the least distance is the same, exactly.
 */
#if LANES > 1
/* The lesser of a and b, lane by lane; a where b is not a number. */
static inline vfloat
lesser(vfloat a, vfloat b)
{
	return vpick(vlt(b, a), b, a);
}

/* Squared distances from (px, py) to boid j, lane by lane. */
static inline vfloat
nearest_d2(const float *x, const float *y, uint32_t j, vfloat px,
    vfloat py)
{
	vfloat dx = vsplat(x[j]) - px, dy = vsplat(y[j]) - py;

	return dx * dx + dy * dy;
}

/* best, lessened by boids [lo, hi); two at a time, each into a minimum
 * of its own, so that neither waits for the other. */
static inline vfloat
nearest_over(const float *x, const float *y, uint32_t lo, uint32_t hi,
    vfloat px, vfloat py, vfloat best)
{
	vfloat other = best;
	uint32_t j;

	for (j = lo; j + 1 < hi; j += 2) {
		best = lesser(best, nearest_d2(x, y, j, px, py));
		other = lesser(other, nearest_d2(x, y, j + 1, px, py));
	}
	if (j < hi)
		best = lesser(best, nearest_d2(x, y, j, px, py));
	return lesser(best, other);
}

/* The least squared distance from each boid of tile t to another boid
 * of its candidates, into d2. Only the tile's own boids can be a lane's
 * own, the one at j - lo. */
static void
nearest_in_tile(const struct grid_tile *t, const float *x, const float *y,
    float *d2)
{
	float lx[LANES] = { 0 }, ly[LANES] = { 0 };
	uint32_t lo = (uint32_t)t->lo, hi = (uint32_t)t->hi, j;
	vfloat px, py, best = vsplat(INFINITY);
	vint lane = vlane_index();
	size_t l;

	memcpy(lx, x + lo, (hi - lo) * sizeof *lx);
	memcpy(ly, y + lo, (hi - lo) * sizeof *ly);
	memcpy(&px, lx, sizeof px);
	memcpy(&py, ly, sizeof py);
	best = nearest_over(x, y, t->blk.lo[0], t->blk.hi[0], px, py, best);
	best = nearest_over(x, y, t->blk.lo[1], lo, px, py, best);
	for (j = lo; j < hi; j++) {
		vmask other = vnei(lane, vsplati((int32_t)(j - lo)));
		vfloat dd = nearest_d2(x, y, j, px, py);

		best = lesser(best, vpick(other, dd, vsplat(INFINITY)));
	}
	best = nearest_over(x, y, hi, t->blk.hi[1], px, py, best);
	best = nearest_over(x, y, t->blk.lo[2], t->blk.hi[2], px, py, best);
	for (l = 0; l < hi - lo; l++)
		d2[l] = best[l];
}

#else
/* Without the compiler's vectors, a tile is one boid. */

static void
nearest_in_tile(const struct grid_tile *t, const float *x, const float *y,
    float *d2)
{
	float best = INFINITY;
	size_t who;
	int k;

	for (k = 0; k < 3; k++)
		best = nearest_in_run(x, y, t->blk.lo[k], t->blk.hi[k],
		    x[t->lo], y[t->lo], t->lo, best, &who);
	d2[0] = best;
}
#endif

static void
nearest_range(const struct grid *g, const float *x, const float *y,
    size_t lo, size_t hi, float slack, float *d2)
{
	struct grid_tile t;
	float near = g->side - slack;
	size_t i, l, who, cell;

	if (lo >= hi)
		return;
	cell = grid_cell_holding(g, lo);
	for (i = lo; i < hi; i = t.hi) {
		grid_tile_at(g, &cell, i, hi, LANES, &t);
		nearest_in_tile(&t, x, y, d2 + i);
		for (l = t.lo; l < t.hi; l++) {
			size_t c;

			if (near >= 0.0f && d2[l] <= near * near)
				continue;
			c = grid_cell_holding(g, l);
			d2[l] = nearest_rings(g, x, y,
			    (long)(c % (size_t)g->cols),
			    (long)(c / (size_t)g->cols), x[l], y[l], l, slack,
			    &who);
		}
	}
}

/* What the threads of grid_nearest_all() share. */
struct nearest {
	const struct grid *g;
	size_t n;
	const float *x, *y;
	float slack;
	float *d2;
};

static void
nearest_part(void *arg, int t, int used)
{
	const struct nearest *job = arg;
	size_t lo, hi;

	parallel_slice(job->n, t, used, &lo, &hi);
	nearest_range(job->g, job->x, job->y, lo, hi, job->slack, job->d2);
}

void
grid_nearest_all(const struct grid *g, size_t n, const float *x,
    const float *y, float slack, float *d2)
{
	struct nearest job;

	job.g = g;
	job.n = n;
	job.x = x;
	job.y = y;
	job.slack = slack;
	job.d2 = d2;
	parallel_run(parallel_worth(n) ? parallel_threads() : 1, nearest_part,
	    &job);
}
