/*
 * camera.c: the view of the world: fitting, zooming, panning, following.
 *
 * Column c of a view of cols columns spans world x from
 * cx + (c - cols/2) * scale to one scale further; row r spans twice that
 * in y, as a cell is two units tall. Both maps use that one formula, so
 * the centre of a cell maps back to the same cell at any zoom.
 *
 * The largest group is found on a coarse grid of bins no smaller than a
 * neighbourhood: occupied bins that touch form a group, and the group
 * holding the most boids wins. O(boids + bins), on the stack.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "camera.h"

/* The grid for groups: at most GROUP_BINS bins a side, none narrower
 * than GROUP_BIN_MIN world units. */
#define GROUP_BINS 48
#define GROUP_BIN_MIN 8.0
/* A frame of following closes this share of the gap. */
#define FOLLOW_EASE 0.2

static double
fit_scale(float w, float h, int cols, int rows)
{
	double sx = cols > 0 ? (double)w / cols : 1.0;
	double sy = rows > 0 ? (double)h / (2.0 * rows) : 1.0;

	return sx > sy ? sx : sy;
}

/* The centre stays over the world, so the view never drifts off into
 * empty space for good. */
static void
clamp_centre(struct camera *c, float w, float h)
{
	c->cx = c->cx < 0.0 ? 0.0 : c->cx > w ? w : c->cx;
	c->cy = c->cy < 0.0 ? 0.0 : c->cy > h ? h : c->cy;
}

void
camera_fit(struct camera *c, float w, float h, int cols, int rows)
{
	c->cols = cols;
	c->rows = rows;
	c->scale = fit_scale(w, h, cols, rows);
	c->cx = w * 0.5;
	c->cy = h * 0.5;
	c->fitted = 1;
}

void
camera_resize(struct camera *c, float w, float h, int cols, int rows)
{
	if (c->fitted || !(c->scale > 0.0)) {
		camera_fit(c, w, h, cols, rows);
		return;
	}
	c->cols = cols;
	c->rows = rows;
	clamp_centre(c, w, h);
}

void
camera_zoom(struct camera *c, double factor, int col, int row, float w,
    float h)
{
	double fit = fit_scale(w, h, c->cols, c->rows);
	double lo = 1.0 / CAMERA_ZOOM_IN_MAX, hi = fit * CAMERA_ZOOM_OUT_MAX;
	double px, py, s;

	if (!(factor > 0.0))
		return;
	if (lo > fit)
		lo = fit;
	camera_point(c, col, row, &px, &py);
	s = c->scale / factor;
	s = s < lo ? lo : s > hi ? hi : s;
	c->cx = px - (col + 0.5 - c->cols * 0.5) * s;
	c->cy = py - (row + 0.5 - c->rows * 0.5) * 2.0 * s;
	c->scale = s;
	c->fitted = 0;
	clamp_centre(c, w, h);
}

void
camera_pan(struct camera *c, int dx, int dy, float w, float h)
{
	c->cx += dx * CAMERA_PAN_SHARE * c->cols * c->scale;
	c->cy += dy * CAMERA_PAN_SHARE * c->rows * 2.0 * c->scale;
	c->fitted = 0;
	clamp_centre(c, w, h);
}

int
camera_cell(const struct camera *c, double x, double y, int *col, int *row)
{
	double fc = (x - c->cx) / c->scale + c->cols * 0.5;
	double fr = (y - c->cy) / (2.0 * c->scale) + c->rows * 0.5;

	if (!(fc >= 0.0 && fc < c->cols && fr >= 0.0 && fr < c->rows))
		return 0;
	*col = (int)fc;
	*row = (int)fr;
	return 1;
}

void
camera_point(const struct camera *c, int col, int row, double *x, double *y)
{
	*x = c->cx + (col + 0.5 - c->cols * 0.5) * c->scale;
	*y = c->cy + (row + 0.5 - c->rows * 0.5) * 2.0 * c->scale;
}

double
camera_zoom_level(const struct camera *c)
{
	if (fabs(c->scale - 1.0) < 1e-6)
		return 0.0;
	return c->scale > 1.0 ? -c->scale : 1.0 / c->scale;
}

struct bins {
	int nx, ny;
	double side;
	uint32_t count[GROUP_BINS * GROUP_BINS];
	double sx[GROUP_BINS * GROUP_BINS], sy[GROUP_BINS * GROUP_BINS];
	uint16_t stack[GROUP_BINS * GROUP_BINS];
};

static void
bins_fill(struct bins *b, const struct flock_view *v)
{
	double big = v->w > v->h ? v->w : v->h;
	size_t i;

	b->side = big / GROUP_BINS;
	if (b->side < GROUP_BIN_MIN)
		b->side = GROUP_BIN_MIN;
	b->nx = (int)ceil(v->w / b->side);
	b->ny = (int)ceil(v->h / b->side);
	b->nx = b->nx < 1 ? 1 : b->nx > GROUP_BINS ? GROUP_BINS : b->nx;
	b->ny = b->ny < 1 ? 1 : b->ny > GROUP_BINS ? GROUP_BINS : b->ny;
	memset(b->count, 0, sizeof b->count);
	memset(b->sx, 0, sizeof b->sx);
	memset(b->sy, 0, sizeof b->sy);
	for (i = 0; i < v->n; i++) {
		double x = v->x[i], y = v->y[i];
		int bx, by, k;

		if (!(x >= 0.0 && x < v->w && y >= 0.0 && y < v->h))
			continue;
		bx = (int)(x / b->side);
		by = (int)(y / b->side);
		bx = bx < b->nx ? bx : b->nx - 1;
		by = by < b->ny ? by : b->ny - 1;
		k = by * GROUP_BINS + bx;
		b->count[k]++;
		b->sx[k] += x;
		b->sy[k] += y;
	}
}

/* Flood one group from bin k, emptying its bins as it goes; its boids
 * and their summed positions are returned. */
static uint64_t
bins_take(struct bins *b, int k, double *sx, double *sy)
{
	uint64_t n = 0;
	int top = 0;

	*sx = *sy = 0.0;
	b->stack[top++] = (uint16_t)k;
	b->count[k] |= 0x80000000u;   /* queued */
	while (top > 0) {
		int at = b->stack[--top], x = at % GROUP_BINS,
		    y = at / GROUP_BINS, dx, dy;

		n += b->count[at] & 0x7fffffffu;
		*sx += b->sx[at];
		*sy += b->sy[at];
		b->count[at] = 0;
		for (dy = -1; dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++) {
				int nx = x + dx, ny = y + dy, m;

				if (nx < 0 || ny < 0 || nx >= b->nx ||
				    ny >= b->ny)
					continue;
				m = ny * GROUP_BINS + nx;
				if (b->count[m] == 0 ||
				    (b->count[m] & 0x80000000u))
					continue;
				b->count[m] |= 0x80000000u;
				b->stack[top++] = (uint16_t)m;
			}
	}
	return n;
}

int
camera_largest_group(const struct flock_view *v, double *x, double *y)
{
	struct bins b;
	uint64_t best = 0;
	int k;

	bins_fill(&b, v);
	for (k = 0; k < GROUP_BINS * GROUP_BINS; k++) {
		double sx, sy;
		uint64_t n;

		if (b.count[k] == 0)
			continue;
		n = bins_take(&b, k, &sx, &sy);
		if (n > best) {
			best = n;
			*x = sx / (double)n;
			*y = sy / (double)n;
		}
	}
	return best > 0;
}

void
camera_follow(struct camera *c, const struct flock_view *v)
{
	double x, y;

	if (!c->follow || !camera_largest_group(v, &x, &y))
		return;
	c->cx += (x - c->cx) * FOLLOW_EASE;
	c->cy += (y - c->cy) * FOLLOW_EASE;
	c->fitted = 0;
	clamp_centre(c, v->w, v->h);
}
