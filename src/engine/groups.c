/*
 * groups.c: boids linked into groups through cells a little under
 * gap / sqrt(2) wide (groups.h).
 *
 * The cells cover the box the boids lie in, found first, and the boids
 * are counted into them and sorted by cell, lowest index first within
 * each. A cell's boids are joined to its first, its lowest; two cells
 * are joined through their first boids, so that each group's root is
 * still its lowest index, as groups_join() names it.
 *
 * The cells are found in double precision, from the box's corner, and
 * are 0.7 gaps wide, not 0.7071: two boids of one cell then lie within
 * 0.99 gaps of each other, far more than the float tests' rounding
 * (a few parts in ten million) from the gap, however far from the
 * origin the box lies. Cells whose nearest corners lie within the gap
 * of each other may hold a pair: those up to two columns and two rows
 * apart, 0.99 gaps at the farthest corners.
 */
#include <math.h>
#include <stdlib.h>

#include "groups.h"
#include "parallel.h"

#define GROUPS_CELL_SHARE 0.7

/* The cells over the box the boids lie in. */
struct box {
	double x0, y0, inv;  /* the corner; cells a side apart */
	uint32_t cols, rows;
};

uint32_t
groups_root(uint32_t *link, uint32_t i)
{
	while (link[i] != i) {
		link[i] = link[link[i]];
		i = link[i];
	}
	return i;
}

void
groups_join(uint32_t *link, uint32_t a, uint32_t b)
{
	a = groups_root(link, a);
	b = groups_root(link, b);
	if (a < b)
		link[b] = a;
	else if (b < a)
		link[a] = b;
}

void
groups_free(struct groups *g)
{
	free(g->order);
	free(g->start);
	g->order = g->start = NULL;
	g->boids_cap = g->cells_cap = 0;
}

/* Whether boid i is linked here: of the kind asked for, and somewhere. */
static int
binned(const float *x, const float *y, const uint8_t *kind, int only,
    size_t i)
{
	return (!kind || kind[i] == only) && isfinite(x[i]) && isfinite(y[i]);
}

/* The cells over the boids linked: 0, 1 when there are none, or -1 when
 * there are more cells than the binning may use for n boids. */
static int
box_find(size_t n, const float *x, const float *y, const uint8_t *kind,
    int only, float gap, struct box *b)
{
	float x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	double cols, rows, most = (double)GROUPS_CELLS_PER_BOID * (double)n;
	size_t i;

	for (i = 0; i < n; i++)
		if (binned(x, y, kind, only, i)) {
			x0 = x[i] < x0 ? x[i] : x0;
			x1 = x[i] > x1 ? x[i] : x1;
			y0 = y[i] < y0 ? y[i] : y0;
			y1 = y[i] > y1 ? y[i] : y1;
		}
	if (!(x0 <= x1))
		return 1;
	b->x0 = x0;
	b->y0 = y0;
	b->inv = 1.0 / (GROUPS_CELL_SHARE * (double)gap);
	cols = floor(((double)x1 - b->x0) * b->inv) + 1.0;
	rows = floor(((double)y1 - b->y0) * b->inv) + 1.0;
	if (most < GROUPS_CELLS_LEAST)
		most = GROUPS_CELLS_LEAST;
	if (!(cols * rows <= most))
		return -1;
	b->cols = (uint32_t)cols;
	b->rows = (uint32_t)rows;
	return 0;
}

/* The arrays grown to n boids and cells cells (and two counts more),
 * if need be: 0, or -1 when memory runs out. */
static int
groups_room(struct groups *g, size_t n, size_t cells)
{
	if (n > g->boids_cap) {
		uint32_t *order = realloc(g->order, n * sizeof *order);

		if (!order)
			return -1;
		g->order = order;
		g->boids_cap = n;
	}
	if (cells + 2 > g->cells_cap) {
		size_t cap = cells + 2 + cells / 8;
		uint32_t *start = realloc(g->start, cap * sizeof *start);

		if (!start)
			return -1;
		g->start = start;
		g->cells_cap = cap;
	}
	return 0;
}

static uint32_t
box_cell(const struct box *b, float x, float y)
{
	uint32_t col = (uint32_t)(((double)x - b->x0) * b->inv);
	uint32_t row = (uint32_t)(((double)y - b->y0) * b->inv);

	return row * b->cols + col;
}

/*
 * Sort the boids linked into cell order in g->order, g->start[c] the
 * first of cell c's (g->start[cells] the end), and join each to its
 * cell's first. Each one's cell waits in link meanwhile.
 */
static void
groups_bin(struct groups *g, const struct box *b, size_t n, const float *x,
    const float *y, const uint8_t *kind, int only, uint32_t *link)
{
	uint32_t *start = g->start, c, j, total = 0;
	size_t cells = (size_t)b->cols * b->rows, i;

	for (i = 0; i < cells + 2; i++)
		start[i] = 0;
	for (i = 0; i < n; i++)
		if (binned(x, y, kind, only, i)) {
			link[i] = box_cell(b, x[i], y[i]);
			start[link[i] + 2]++;
		}
	/* Each cell's first at start[c + 1], moved to start[c] as the cell
	 * before it fills. */
	for (i = 2; i < cells + 2; i++) {
		total += start[i];
		start[i] = total;
	}
	for (i = 0; i < n; i++)
		if (binned(x, y, kind, only, i))
			g->order[start[link[i] + 1]++] = (uint32_t)i;
	for (c = 0; c < cells; c++)
		for (j = start[c]; j < start[c + 1]; j++)
			link[g->order[j]] = g->order[start[c]];
}

/* Whether a boid of cell a lies within the gap of one of cell b. */
static int
cells_meet(const struct groups *g, const float *x, const float *y,
    float gap2, uint32_t a, uint32_t b)
{
	uint32_t i, j;

	for (i = g->start[a]; i < g->start[a + 1]; i++) {
		float xi = x[g->order[i]], yi = y[g->order[i]];

		for (j = g->start[b]; j < g->start[b + 1]; j++) {
			float ex = x[g->order[j]] - xi;
			float ey = y[g->order[j]] - yi;

			if (ex * ex + ey * ey <= gap2)
				return 1;
		}
	}
	return 0;
}

/* The cells after a cell within reach: first those beside it, which
 * most often meet it, then, once the cells are joined through those,
 * the farther ones, most of which are joined already by then, at the
 * cost of no test. */
static const signed char reach[][2] = {
	{ 0, 1 }, { 1, -1 }, { 1, 0 }, { 1, 1 },
	{ 0, 2 }, { 1, -2 }, { 1, 2 }, { 2, -2 }, { 2, -1 }, { 2, 0 },
	{ 2, 1 }, { 2, 2 }
};
#define REACH_NEAR 4
#define REACH_ALL (sizeof reach / sizeof reach[0])
#define REACH_ROWS 2

/* Flocks from this many boids are linked in bands of rows, one a
 * thread. */
#define GROUPS_PARALLEL_BOIDS 8192

/* Cell c joined to the cells after it within reach [from, to) that it
 * meets, of those in rows [lo, hi). */
static void
cell_link(const struct groups *g, const struct box *b, const float *x,
    const float *y, float gap2, uint32_t c, size_t from, size_t to,
    uint32_t lo, uint32_t hi, uint32_t *link)
{
	long row = (long)(c / b->cols), col = (long)(c % b->cols);
	uint32_t ra = groups_root(link, g->order[g->start[c]]);
	size_t k;

	for (k = from; k < to; k++) {
		long r = row + reach[k][0], cl = col + reach[k][1];
		uint32_t o, rb;

		if (r < (long)lo || r >= (long)hi || cl < 0 ||
		    cl >= (long)b->cols)
			continue;
		o = (uint32_t)(r * (long)b->cols + cl);
		if (g->start[o] == g->start[o + 1])
			continue;
		rb = groups_root(link, g->order[g->start[o]]);
		if (ra == rb || !cells_meet(g, x, y, gap2, c, o))
			continue;
		groups_join(link, ra, rb);
		ra = ra < rb ? ra : rb;
	}
}

/* What the threads linking a flock's cells share: the cells, the
 * places, and the rows each band begins at (band t's are [seam[t],
 * seam[t + 1])). */
struct link_job {
	const struct groups *g;
	const struct box *b;
	const float *x, *y;
	float gap2;
	uint32_t *link;
	uint32_t seam[PARALLEL_MAX_THREADS + 1];
};

/* Each cell with boids of rows [r0, r1) joined to the cells within
 * reach [from, to) that it meets, of those in rows [lo, hi). */
static void
cells_link(const struct link_job *j, uint32_t r0, uint32_t r1,
    size_t from, size_t to, uint32_t lo, uint32_t hi)
{
	const struct groups *g = j->g;
	uint32_t c;

	for (c = r0 * j->b->cols; c < r1 * j->b->cols; c++)
		if (g->start[c] != g->start[c + 1])
			cell_link(g, j->b, j->x, j->y, j->gap2, c, from, to,
			    lo, hi, j->link);
}

/* The cells of rows [r0, r1) joined to those they meet in rows [r0,
 * r1): the near ones first, then each cell's first straight to its
 * root, for the farther cells' many lookups, then the farther ones. */
static void
rows_link(const struct link_job *j, uint32_t r0, uint32_t r1)
{
	const struct groups *g = j->g;
	uint32_t c;

	cells_link(j, r0, r1, 0, REACH_NEAR, r0, r1);
	for (c = r0 * j->b->cols; c < r1 * j->b->cols; c++)
		if (g->start[c] != g->start[c + 1])
			j->link[g->order[g->start[c]]] = groups_root(j->link,
			    g->order[g->start[c]]);
	cells_link(j, r0, r1, REACH_NEAR, REACH_ALL, r0, r1);
}

/* Thread t's band. A pair of cells within one band touches only the
 * boids of that band's cells, so the bands are linked side by side. */
static void
band_link(void *arg, int t, int team)
{
	struct link_job *j = arg;

	(void)team;
	rows_link(j, j->seam[t], j->seam[t + 1]);
}

/* The bands' rows, for team threads: each band as near an equal share
 * of the boids as whole rows allow, at least REACH_ROWS rows, so that a
 * pair of cells across a seam crosses that seam alone. Fewer bands when
 * there are too few rows; their number. */
static int
bands_cut(struct link_job *j, int team)
{
	const struct box *b = j->b;
	uint32_t total = j->g->start[(size_t)b->cols * b->rows];
	int t, bands = 1;

	j->seam[0] = 0;
	for (t = 1; t < team; t++) {
		uint32_t want = (uint32_t)((uint64_t)total * (uint64_t)t /
		    (uint64_t)team), row = j->seam[bands - 1] + REACH_ROWS;

		while (row < b->rows && j->g->start[(size_t)row * b->cols] <
		    want)
			row++;
		if (row + REACH_ROWS > b->rows)
			break;
		j->seam[bands++] = row;
	}
	j->seam[bands] = b->rows;
	return bands;
}

/* The pairs of cells across each seam between bands, joined: a cell in
 * the two rows above it with those it reaches below it. */
static void
seams_link(const struct link_job *j, int bands)
{
	int t;

	for (t = 1; t < bands; t++)
		cells_link(j, j->seam[t] - REACH_ROWS, j->seam[t], 0,
		    REACH_ALL, j->seam[t], j->b->rows);
}

int
groups_link(struct groups *g, size_t n, const float *x, const float *y,
    const uint8_t *kind, int only, float gap, uint32_t *link)
{
	struct link_job j;
	struct box b;
	int found, bands;

	/* Below this the gap's square loses precision, and the cells would
	 * be too many anyway. */
	if (!(gap >= 1e-6f) || !isfinite(gap) ||
	    n > UINT32_MAX / GROUPS_CELLS_PER_BOID - 2)
		return -1;
	found = box_find(n, x, y, kind, only, gap, &b);
	if (found > 0)
		return 0;
	if (found < 0 || groups_room(g, n, (size_t)b.cols * b.rows) < 0)
		return -1;
	groups_bin(g, &b, n, x, y, kind, only, link);
	j.g = g;
	j.b = &b;
	j.x = x;
	j.y = y;
	j.gap2 = gap * gap;
	j.link = link;
	bands = bands_cut(&j, n >= GROUPS_PARALLEL_BOIDS ?
	    parallel_threads() : 1);
	if (bands > 1)
		parallel_run(bands, band_link, &j);
	else
		rows_link(&j, 0, b.rows);
	seams_link(&j, bands);
	return 0;
}
