/*
 * sight.c: the sums of the cells a big flock's boids perceive through
 * (sight.h), and each boid's reading of them.
 *
 * A row of cells is summed from the grid's rows it spans, one after the
 * other, and each of those from its boids in the grid's order, so a
 * cell's sums are added up in one order, whichever thread makes them.
 * Along a row of the grid the boids come column by column, so the sums
 * of a run of boids in one cell are added up apart and added to the
 * cell once the run ends; and a boid reads its cell's corners a run at
 * a time. Nothing here depends on the vector width it
 * is built for: it is built once, and every build of the step's inner
 * loops reads the same sums.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sight.h"

static void
sight_clear(struct sight *s)
{
	free(s->cell);
	free(s->corner);
	free(s->first);
	free(s->last);
	free(s->up);
	free(s->down);
	free(s->spill);
	memset(s, 0, sizeof *s);
}

void
sight_free(struct sight *s)
{
	sight_clear(s);
}

/* The cells over g's box as its finest cut covers it, k sides across. */
static void
sight_lay(struct sight *s, const struct grid *g, int k)
{
	double wide = (double)g->cols_most * g->side / g->sub_most;

	s->k = k < 1 ? 1 : k;
	s->side = g->side * (float)s->k;
	s->inv_side = 1.0f / s->side;
	s->x0 = g->x0;
	s->y0 = g->y0;
	s->cols = (int)ceil(wide / s->side);
	s->cols = s->cols < 1 ? 1 : s->cols;
	s->rows = (g->rows + s->k - 1) / s->k;
	s->rows = s->rows < 1 ? 1 : s->rows;
	s->cells = (size_t)s->cols * (size_t)s->rows;
	s->corners = (size_t)(s->cols + 1) * (size_t)(s->rows + 1);
}

int
sight_fit(struct sight *s, const struct grid *g, int k, size_t n)
{
	struct sight t;
	size_t padded;
	int row;

	memset(&t, 0, sizeof t);
	t.summed = -1;
	sight_lay(&t, g, k);
	while (t.cells > n / SIGHT_BOIDS + SIGHT_CELLS_MIN)
		sight_lay(&t, g, t.k + 1);
	padded = (size_t)(t.cols + 2) * (size_t)(t.rows + 2);
	t.cell = calloc(padded * SIGHT_STRIDE, sizeof *t.cell);
	t.corner = calloc(t.corners * SIGHT_STRIDE, sizeof *t.corner);
	t.first = malloc((size_t)t.rows * sizeof *t.first);
	t.last = malloc((size_t)t.rows * sizeof *t.last);
	t.up = calloc((size_t)t.rows, sizeof *t.up);
	t.down = calloc((size_t)t.rows, sizeof *t.down);
	t.spill = malloc((n > 0 ? n : 1) * sizeof *t.spill);
	if (!t.cell || !t.corner || !t.first || !t.last || !t.up ||
	    !t.down || !t.spill) {
		sight_clear(&t);
		return -1;
	}
	/* Every place on the lists may be taken in a step: the pages are
	 * taken now, not in the flight (the engine takes no memory a
	 * step); not with zeros, which a compiler may leave to calloc. */
	memset(t.spill, 0xff, (n > 0 ? n : 1) * sizeof *t.spill);
	for (row = 0; row < t.rows; row++) {
		t.first[row] = t.cols;
		t.last[row] = -1;
	}
	sight_clear(s);
	*s = t;
	return 0;
}

size_t
sight_bytes_per_boid(void)
{
	/* A cell and a corner for every SIGHT_BOIDS boids, and a place on
	 * a spill list for every boid; the corners' one more row and
	 * column, the empty cells round the edge and the SIGHT_CELLS_MIN
	 * cells are less than a byte a boid more in any flock that
	 * perceives so. */
	return (size_t)2 * SIGHT_STRIDE * sizeof(float) / SIGHT_BOIDS + 4 *
	    sizeof(int) + sizeof(uint32_t) + 1;
}

/* Cell (row, col), -1 to rows and -1 to cols: the empty cells round the
 * edge included. */
static inline float *
sight_cell(const struct sight *s, int row, int col)
{
	return s->cell + ((size_t)(row + 1) * (size_t)(s->cols + 2) +
	    (size_t)(col + 1)) * SIGHT_STRIDE;
}

/* The row of cells a boid at y lies in. */
static inline uint32_t
sight_row_of(const struct sight *s, float y)
{
	return grid_axis(y, s->y0, s->inv_side, s->rows);
}

/* Where the boids of row `row` of cells a spill list of the row keeps
 * lie in the grid's order: [*lo, *hi). */
static void
sight_span(const struct sight *s, const struct grid *g, int row, size_t *lo,
    size_t *hi)
{
	int fine = row * s->k, last = fine + s->k;

	last = last < g->rows ? last : g->rows;
	*lo = g->start[(size_t)fine * (size_t)g->cols];
	*hi = g->start[(size_t)last * (size_t)g->cols];
}

/* Sums of boids of cell (row, col) added to the cell's; the row's cells
 * with boids widened to take it in. */
static void
sight_cell_add(struct sight *s, int row, int col, float n, float sx,
    float sy, float svx, float svy)
{
	float *c = sight_cell(s, row, col);

	c[SIGHT_N] += n;
	c[SIGHT_X] += sx;
	c[SIGHT_Y] += sy;
	c[SIGHT_VX] += svx;
	c[SIGHT_VY] += svy;
	s->first[row] = col < s->first[row] ? col : s->first[row];
	s->last[row] = col > s->last[row] ? col : s->last[row];
}

/* The spill lists: where the row's boids that now lie in the row above
 * go from the front of its span, those in the row below from the back. */
struct sight_spill {
	uint32_t up, down;
};

/*
 * The boids [lo, hi) of one of the grid's rows into the cells of row
 * `row`, a run of boids of one cell at a time; the row's cells with
 * boids widened to take theirs in. A boid that lies in another row now
 * goes on a spill list instead, and counts for nothing in its run: it
 * takes the column of the boid before it, so that it neither ends a run
 * nor begins one. A run is a few boids, and a loop that ended with each
 * mispredicted its end: so a block of boids at a time, each boid's
 * column first, then the sums of each run so far, boid by boid without
 * a branch, each written to the run's entry and kept when the boid ends
 * its run; then the runs into their cells. The sums are those, in that
 * order, that a loop over each run adds up.
 */
#define SIGHT_BLOCK 64

struct sight_runs {
	uint32_t col[SIGHT_BLOCK + 1];
	float here[SIGHT_BLOCK];  /* 1 for a boid of the row, else 0 */
	float n[SIGHT_BLOCK], sx[SIGHT_BLOCK], sy[SIGHT_BLOCK];
	float svx[SIGHT_BLOCK], svy[SIGHT_BLOCK];
};

/* The runs of block r's m boids at x to vy, each ending where the next
 * boid's column (r->col, one past the block) differs; the sums of the
 * run the block began in are *open, and those of the one it ends in
 * are left there. Returns the runs ended. */
static uint32_t
sight_runs_of(struct sight_runs *restrict r, const float *restrict x,
    const float *restrict y, const float *restrict vx,
    const float *restrict vy, uint32_t m, float x0, float side, float top,
    float *open)
{
	float n = open[0], sx = open[1], sy = open[2], svx = open[3];
	float svy = open[4];
	uint32_t q, k = 0;
	int fresh = open[5] != 0.0f;

	for (q = 0; q < m; q++) {
		float left = x0 + (float)r->col[q] * side;
		int end = r->col[q + 1] != r->col[q], in = r->here[q] != 0.0f;

		n = (fresh ? 0.0f : n) + r->here[q];
		sx = (fresh ? 0.0f : sx) + (in ? x[q] - left : 0.0f);
		sy = (fresh ? 0.0f : sy) + (in ? y[q] - top : 0.0f);
		svx = (fresh ? 0.0f : svx) + (in ? vx[q] : 0.0f);
		svy = (fresh ? 0.0f : svy) + (in ? vy[q] : 0.0f);
		r->col[k] = r->col[q];
		r->n[k] = n;
		r->sx[k] = sx;
		r->sy[k] = sy;
		r->svx[k] = svx;
		r->svy[k] = svy;
		k += (uint32_t)end;
		fresh = end;
	}
	open[0] = n;
	open[1] = sx;
	open[2] = sy;
	open[3] = svx;
	open[4] = svy;
	open[5] = fresh ? 1.0f : 0.0f;
	return k;
}

/* The columns of block r's boids [i, i + ahead) and whether each lies
 * in row `row`; those of its first m that do not, onto the spill lists.
 * *carry is the column of the boid before the block, UINT32_MAX at the
 * row's first. */
static void
sight_cols_of(struct sight *s, int row, struct sight_runs *r,
    const float *x, const float *y, uint32_t i, uint32_t ahead, uint32_t m,
    uint32_t *carry, struct sight_spill *to)
{
	uint32_t q, before = *carry;

	for (q = 0; q < ahead; q++) {
		uint32_t at = i + q, lies = sight_row_of(s, y[at]);
		uint32_t col = grid_axis(x[at], s->x0, s->inv_side, s->cols);
		int in = lies == (uint32_t)row;

		r->col[q] = in || before == UINT32_MAX ? col : before;
		before = r->col[q];
		if (q == m)
			break;
		r->here[q] = in ? 1.0f : 0.0f;
		if (!in) {
			if (lies < (uint32_t)row)
				s->spill[to->up++] = at;
			else
				s->spill[--to->down] = at;
		}
	}
	*carry = m > 0 ? r->col[m - 1] : *carry;
}

static void
sight_sum_run(struct sight *s, int row, const float *x, const float *y,
    const float *vx, const float *vy, uint32_t lo, uint32_t hi,
    struct sight_spill *to)
{
	float top = s->y0 + (float)row * s->side, x0 = s->x0, side = s->side;
	float open[6] = { 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f };
	struct sight_runs r;
	uint32_t i, m, carry = UINT32_MAX;

	for (i = lo; i < hi; i += m) {
		uint32_t q, k, ahead;

		m = hi - i < SIGHT_BLOCK ? hi - i : SIGHT_BLOCK;
		ahead = i + m < hi ? m + 1 : m;
		sight_cols_of(s, row, &r, x, y, i, ahead, m, &carry, to);
		/* The row's last boid ends its run. */
		if (ahead == m)
			r.col[m] = UINT32_MAX;
		k = sight_runs_of(&r, x + i, y + i, vx + i, vy + i, m, x0, side,
		    top, open);
		for (q = 0; q < k; q++)
			sight_cell_add(s, row, (int)r.col[q], r.n[q], r.sx[q],
			    r.sy[q], r.svx[q], r.svy[q]);
	}
}

void
sight_sum_rows(struct sight *s, const struct grid *g, const float *x,
    const float *y, const float *vx, const float *vy, int r0, int r1)
{
	int row;

	for (row = r0; row < r1; row++) {
		int fine = row * s->k, last = fine + s->k;
		struct sight_spill to;
		size_t lo, hi;

		/* Only the cells that had boids hold sums to clear. */
		if (s->first[row] <= s->last[row])
			memset(sight_cell(s, row, s->first[row]), 0,
			    (size_t)(s->last[row] - s->first[row] + 1) *
			    SIGHT_STRIDE * sizeof *s->cell);
		s->first[row] = s->cols;
		s->last[row] = -1;
		sight_span(s, g, row, &lo, &hi);
		to.up = (uint32_t)lo;
		to.down = (uint32_t)hi;
		for (last = last < g->rows ? last : g->rows; fine < last;
		    fine++) {
			size_t base = (size_t)fine * (size_t)g->cols;

			sight_sum_run(s, row, x, y, vx, vy, g->start[base],
			    g->start[base + (size_t)g->cols], &to);
		}
		s->up[row] = to.up - (uint32_t)lo;
		s->down[row] = (uint32_t)hi - to.down;
	}
}

/* Boid i, which lies in row `row` of cells, into its cell. */
static void
sight_add(struct sight *s, int row, const float *x, const float *y,
    const float *vx, const float *vy, uint32_t i)
{
	int col = (int)grid_axis(x[i], s->x0, s->inv_side, s->cols);

	sight_cell_add(s, row, col, 1.0f, x[i] - (s->x0 + (float)col *
	    s->side), y[i] - (s->y0 + (float)row * s->side), vx[i], vy[i]);
}

void
sight_spill_rows(struct sight *s, const struct grid *g, const float *x,
    const float *y, const float *vx, const float *vy, int r0, int r1)
{
	int row;

	for (row = r0; row < r1; row++) {
		size_t lo, hi, k;

		if (row > 0) {
			sight_span(s, g, row - 1, &lo, &hi);
			for (k = hi; k > hi - s->down[row - 1]; k--)
				sight_add(s, row, x, y, vx, vy, s->spill[k - 1]);
		}
		if (row + 1 < s->rows) {
			sight_span(s, g, row + 1, &lo, &hi);
			for (k = lo; k < lo + s->up[row + 1]; k++)
				sight_add(s, row, x, y, vx, vy, s->spill[k]);
		}
	}
}

/* A corner's sums, from the cells up-left (a), up-right (b), down-left
 * (c) and down-right (d) of it, each cell's places moved from its own
 * top-left corner to the corner's: by a side for a cell left of it, or
 * above it. */
static inline void
sight_corner_of(float *restrict to, const float *restrict a,
    const float *restrict b, const float *restrict c,
    const float *restrict d, float side)
{
	to[SIGHT_N] = a[SIGHT_N] + b[SIGHT_N] + c[SIGHT_N] + d[SIGHT_N];
	to[SIGHT_X] = (a[SIGHT_X] - a[SIGHT_N] * side) + b[SIGHT_X] +
	    (c[SIGHT_X] - c[SIGHT_N] * side) + d[SIGHT_X];
	to[SIGHT_Y] = (a[SIGHT_Y] - a[SIGHT_N] * side) +
	    (b[SIGHT_Y] - b[SIGHT_N] * side) + c[SIGHT_Y] + d[SIGHT_Y];
	to[SIGHT_VX] = a[SIGHT_VX] + b[SIGHT_VX] + c[SIGHT_VX] + d[SIGHT_VX];
	to[SIGHT_VY] = a[SIGHT_VY] + b[SIGHT_VY] + c[SIGHT_VY] + d[SIGHT_VY];
}

/* The corners of a row that a boid may read: those of the cells with
 * boids in the rows of cells above and below it, from [*lo, *hi]. */
static void
sight_corner_span(const struct sight *s, int row, int *lo, int *hi)
{
	int a = row > 0 ? s->first[row - 1] : s->cols;
	int b = row < s->rows ? s->first[row] : s->cols;
	int c = row > 0 ? s->last[row - 1] : -1;
	int d = row < s->rows ? s->last[row] : -1;

	*lo = a < b ? a : b;
	*hi = (c > d ? c : d) + 1;
}

void
sight_corner_rows(struct sight *s, int r0, int r1)
{
	size_t wide = (size_t)s->cols + 1;
	int row, col, lo, hi;

	for (row = r0; row < r1; row++) {
		sight_corner_span(s, row, &lo, &hi);
		for (col = lo; col <= hi; col++)
			sight_corner_of(s->corner + ((size_t)row * wide +
			    (size_t)col) * SIGHT_STRIDE,
			    sight_cell(s, row - 1, col - 1),
			    sight_cell(s, row - 1, col),
			    sight_cell(s, row, col - 1),
			    sight_cell(s, row, col), s->side);
	}
}

static inline float
sight_unit(float v)
{
	return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
}

/* Boids read a run of one cell at a time, its corners once a run; a run
 * is read in whole vectors of SIGHT_PAD boids, the last one's lanes past
 * the run read and written in vain (the next run writes them again):
 * a run is a few dozen boids, and a run's remainder, boid by boid, took
 * most of the time. */
#define SIGHT_RUN 64
#if SIGHT_RUN > 64
#error "a part's run ends are the bits of one 64-bit word"
#endif

/*
 * Boids [0, m) of one run of boids: the cell's corners' sums at a, its
 * top-left corner ex and ey from each boid, side its side. Every boid's
 * sums come from its own numbers and the corners' alone: how the boids
 * fall into runs changes nothing.
 */
static void
sight_read_run(const float *restrict a, const float *restrict b,
    const float *restrict c, const float *restrict d,
    const float *restrict ex, const float *restrict ey,
    const float *restrict vx, const float *restrict vy, size_t m,
    float side, float inv_side, float *restrict count,
    float *restrict dx, float *restrict dy, float *restrict svx,
    float *restrict svy)
{
	float na = a[SIGHT_N], nb = b[SIGHT_N], nc = c[SIGHT_N];
	float nd = d[SIGHT_N];
	size_t q;

#pragma omp simd
	for (q = 0; q < m; q++) {
		float u = sight_unit(-ex[q] * inv_side);
		float v = sight_unit(-ey[q] * inv_side);
		float wa = (1.0f - u) * (1.0f - v), wb = u * (1.0f - v);
		float wc = (1.0f - u) * v, wd = u * v;
		/* From the boid to the corners left of it and above it,
		 * and right of it and below it. */
		float fx = ex[q] + side, fy = ey[q] + side;
		float n = wa * na + wb * nb + wc * nc + wd * nd - 1.0f;
		float sx = wa * (a[SIGHT_X] + na * ex[q]) +
		    wb * (b[SIGHT_X] + nb * fx) +
		    wc * (c[SIGHT_X] + nc * ex[q]) +
		    wd * (d[SIGHT_X] + nd * fx);
		float sy = wa * (a[SIGHT_Y] + na * ey[q]) +
		    wb * (b[SIGHT_Y] + nb * ey[q]) +
		    wc * (c[SIGHT_Y] + nc * fy) +
		    wd * (d[SIGHT_Y] + nd * fy);
		float sv = wa * a[SIGHT_VX] + wb * b[SIGHT_VX] +
		    wc * c[SIGHT_VX] + wd * d[SIGHT_VX] - vx[q];
		float sw = wa * a[SIGHT_VY] + wb * b[SIGHT_VY] +
		    wc * c[SIGHT_VY] + wd * d[SIGHT_VY] - vy[q];
		int some = n >= SIGHT_LEAST;

		count[q] = some ? n : 0.0f;
		dx[q] = some ? sx : 0.0f;
		dy[q] = some ? sy : 0.0f;
		svx[q] = some ? sv : 0.0f;
		svy[q] = some ? sw : 0.0f;
	}
}

/*
 * Each of boids [0, m)'s cell, as the index of its top-left corner's
 * sums, and the way from it to that corner: the cell the boid lies in,
 * where it was summed.
 */
static void
sight_place(const struct sight *s, const float *restrict x,
    const float *restrict y, size_t m, int32_t *restrict at,
    float *restrict ex, float *restrict ey)
{
	float side = s->side, inv_side = s->inv_side, x0 = s->x0, y0 = s->y0;
	int cols = s->cols, rows = s->rows;
	int32_t wide = cols + 1;
	size_t q;

#pragma omp simd
	for (q = 0; q < m; q++) {
		int32_t col = (int32_t)grid_axis(x[q], x0, inv_side, cols);
		int32_t row = (int32_t)grid_axis(y[q], y0, inv_side, rows);

		at[q] = (row * wide + col) * SIGHT_STRIDE;
		ex[q] = (x0 + (float)col * side) - x[q];
		ey[q] = (y0 + (float)row * side) - y[q];
	}
}

/* The lowest bit set in v, which is not 0. */
static inline int
sight_lowest(uint64_t v)
{
#if defined(__GNUC__)
	return __builtin_ctzll(v);
#else
	int k = 0;

	while (!(v >> k & 1u))
		k++;
	return k;
#endif
}

/* Boids [0, m) of at most SIGHT_RUN (x to vy from the first on), a run
 * of one cell at a time. */
static void
sight_read_part(const struct sight *s, const float *x, const float *y,
    const float *vx, const float *vy, size_t m, float *count, float *dx,
    float *dy, float *svx, float *svy)
{
	int32_t at[SIGHT_RUN];
	float ex[SIGHT_RUN + SIGHT_PAD], ey[SIGHT_RUN + SIGHT_PAD];
	size_t wide = ((size_t)s->cols + 1) * SIGHT_STRIDE, q, r;

	uint64_t ends = (uint64_t)1 << (m - 1);

	sight_place(s, x, y, m, at, ex, ey);
	memset(ex + m, 0, SIGHT_PAD * sizeof *ex);
	memset(ey + m, 0, SIGHT_PAD * sizeof *ey);
	/* Where each run ends, found without a branch for each: a loop
	 * that looked for it mispredicted nearly every end. */
	for (q = 0; q + 1 < m; q++)
		ends |= (uint64_t)(at[q] != at[q + 1]) << q;
	for (q = 0; q < m; q = r) {
		const float *a = s->corner + at[q];
		size_t whole;

		r = (size_t)sight_lowest(ends) + 1;
		ends &= ends - 1;
		whole = (r - q + SIGHT_PAD - 1) / SIGHT_PAD * SIGHT_PAD;
		sight_read_run(a, a + SIGHT_STRIDE, a + wide,
		    a + wide + SIGHT_STRIDE, ex + q, ey + q, vx + q, vy + q,
		    whole, s->side, s->inv_side, count + q, dx + q, dy + q,
		    svx + q, svy + q);
	}
}

uint64_t
sight_read(const struct sight *s, size_t i0, const float *x, const float *y,
    const float *vx, const float *vy, size_t m, float *count, float *dx,
    float *dy, float *svx, float *svy)
{
	uint64_t seen = 0;
	size_t i, q;

	for (i = 0; i < m; i += SIGHT_RUN)
		sight_read_part(s, x + i0 + i, y + i0 + i, vx + i0 + i,
		    vy + i0 + i, m - i < SIGHT_RUN ? m - i : SIGHT_RUN,
		    count + i, dx + i, dy + i, svx + i, svy + i);
	for (q = 0; q < m; q++)
		seen += (uint64_t)(count[q] + 0.5f);
	return seen;
}
