/*
 * trails.c: fading marks where the boids have been, in cells or pixels.
 *
 * The grid is laid on the world at a camera's view: its corner at the
 * world point the view's top-left corner shows, a unit as wide and tall
 * in the world as a cell (or a pixel) is. At the next frame the view
 * may have moved: by whole units, the marks shift the other way; the
 * part of a unit left over is kept in the corner, so that a view that
 * glides a little each frame (the camera following the flock) moves the
 * marks as far in the end as it moved. A zoom or a new size changes
 * what a unit is, and the marks start again.
 *
 * Cells mark what field.c drew: a cell of boids now is marked, with
 * its tone and species; a blank cell still marked shows a small ring in
 * their colour, a dot in its second half. A trail fades by its glyph,
 * not by a dim attribute: a terminal is told an attribute whenever it
 * changes, and dim cells among bright ones (and the colour set again
 * after them) cost more to send than the dots themselves. Pixels
 * mark the way each boid flew since the last frame, from its velocity,
 * so that a trail is whole however many steps a frame is apart; its
 * colour is the one its dart was drawn in, read from the picture, and
 * each age is drawn in the palette's colour nearest to that colour
 * mixed toward the background.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "trails.h"

/* A trail's newest and oldest marks, as shares of the way from the
 * background to the boid's colour. */
#define FADE_NEWEST 0.8
#define FADE_OLDEST 0.3

/* A boid's colour is read this far along its dart, in lengths. */
#define DART_MIDDLE 0.6

/* Cells: the tone and the species of the boids that left a mark. */
struct mark {
	signed char tone, kind;
};

void
trails_init(struct trails *t)
{
	memset(t, 0, sizeof *t);
}

void
trails_free(struct trails *t)
{
	free(t->age);
	free(t->what);
	trails_init(t);
}

void
trails_forget(struct trails *t)
{
	t->placed = 0;
}

int
trails_life(int fps)
{
	long life = lround((fps > 0 ? fps : 30) * TRAILS_SECONDS);

	if (life < TRAILS_MIN_LIFE)
		return TRAILS_MIN_LIFE;
	return life > TRAILS_MAX_LIFE ? TRAILS_MAX_LIFE : (int)life;
}

/* Room for a grid of w by h units of each bytes: 0, or -1 (none then). */
static int
grid_fit(struct trails *t, int w, int h, size_t each)
{
	size_t n = (size_t)w * (size_t)h;

	if (n > t->cap || each != t->each || !t->age) {
		free(t->age);
		free(t->what);
		t->age = calloc(n ? n : 1, 1);
		t->what = malloc((n ? n : 1) * each);
		t->cap = n;
		t->each = each;
		t->placed = 0;
		if (!t->age || !t->what) {
			free(t->age);
			free(t->what);
			t->age = t->what = NULL;
			t->cap = 0;
			return -1;
		}
	}
	if (w != t->w || h != t->h)
		t->placed = 0;
	t->w = w;
	t->h = h;
	return 0;
}

/* The marks moved by (dx, dy) units: the unit at (x, y) takes what was
 * at (x + dx, y + dy), or nothing. */
static void
grid_shift(struct trails *t, int dx, int dy)
{
	size_t w = (size_t)t->w, e = t->each;
	int y, keep = t->w - abs(dx);

	for (y = dy > 0 ? 0 : t->h - 1; y >= 0 && y < t->h; y += dy > 0 ? 1 :
	    -1) {
		int from = y + dy;
		unsigned char *a = t->age + (size_t)y * w;
		unsigned char *m = t->what + (size_t)y * w * e;

		if (from < 0 || from >= t->h) {
			memset(a, 0, w);
			continue;
		}
		memmove(a + (dx < 0 ? -dx : 0), t->age + (size_t)from * w +
		    (dx > 0 ? dx : 0), (size_t)keep);
		memmove(m + (dx < 0 ? (size_t)-dx * e : 0), t->what +
		    ((size_t)from * w + (size_t)(dx > 0 ? dx : 0)) * e,
		    (size_t)keep * e);
		memset(a + (dx < 0 ? 0 : keep), 0, (size_t)abs(dx));
	}
}

/*
 * The grid laid on the world with its corner at (x0, y0) and units of
 * ux by uy: the marks shifted with the world when only the corner
 * moved, else none.
 */
static void
grid_place(struct trails *t, double x0, double y0, double ux, double uy)
{
	double dx = (x0 - t->x0) / ux, dy = (y0 - t->y0) / uy;
	long sx, sy;

	if (!t->placed || fabs(ux - t->ux) > 1e-9 * ux ||
	    fabs(uy - t->uy) > 1e-9 * uy || !(fabs(dx) < t->w &&
	    fabs(dy) < t->h)) {
		memset(t->age, 0, (size_t)t->w * (size_t)t->h);
		t->x0 = x0;
		t->y0 = y0;
		t->ux = ux;
		t->uy = uy;
		t->placed = 1;
		return;
	}
	sx = lround(dx);
	sy = lround(dy);
	if (sx != 0 || sy != 0)
		grid_shift(t, (int)sx, (int)sy);
	t->x0 += (double)sx * ux;
	t->y0 += (double)sy * uy;
}

/* ---- Cells ---- */

static int
is_flock(int style)
{
	return style == STYLE_BOID || style == STYLE_CROWD ||
	    style == STYLE_DENSE || style == STYLE_AFRAID ||
	    style == STYLE_LEADER;
}

void
trails_cells(struct trails *t, struct field *f, const struct camera *cam,
    int life)
{
	wchar_t young = f->unicode ? TRAILS_YOUNG : (wchar_t)':';
	wchar_t old = f->unicode ? TRAILS_OLD : (wchar_t)'.';
	struct mark *mk;
	size_t k, n = f->cells;

	if (n == 0 || !(cam->scale > 0.0) ||
	    grid_fit(t, f->cols, f->rows, sizeof *mk) < 0)
		return;
	grid_place(t, cam->cx - cam->cols * 0.5 * cam->scale,
	    cam->cy - cam->rows * cam->scale, cam->scale, 2.0 * cam->scale);
	mk = (struct mark *)(void *)t->what;
	life = life < 1 ? 1 : life > 255 ? 255 : life;
	/* Most cells are blank and unmarked: they are passed first. */
	for (k = 0; k < n; k++) {
		struct field_cell *c = &f->out[k];
		unsigned char age = t->age[k];

		if (!c->ch) {
			if (!age)
				continue;
			c->ch = 2 * age > life ? young : old;
			c->style = STYLE_TRAIL;
			c->tone = mk[k].tone;
			c->kind = mk[k].kind;
			t->age[k] = (unsigned char)(age - 1);
		} else if (is_flock(c->style)) {
			t->age[k] = (unsigned char)life;
			mk[k].tone = c->tone;
			mk[k].kind = c->kind;
		} else if (age) {
			t->age[k] = (unsigned char)(age - 1);
		}
	}
}

/* ---- Pixels ---- */

static long
mix(long a, long b, double f)
{
	long out = 0;
	int shift;

	for (shift = 16; shift >= 0; shift -= 8) {
		double ca = (double)(a >> shift & 255);
		double cb = (double)(b >> shift & 255);

		out |= (long)floor(ca + (cb - ca) * f + 0.5) << shift;
	}
	return out;
}

/* Each colour's shade at each age, once for a palette and a life. */
static void
fade_table(struct trails *t, const struct pixels *px, int life)
{
	const struct image *im = &px->image;
	int c, a;

	if (t->faded == px->generation && t->faded_life == life)
		return;
	for (c = 0; c < im->ncolors; c++)
		for (a = 1; a <= life; a++)
			t->fade[c][a] = image_nearest(im, mix(im->rgb[0], im->rgb[c],
			    FADE_OLDEST + (FADE_NEWEST - FADE_OLDEST) *
			    (a - 1) / (life > 1 ? life - 1 : 1)));
	t->faded = px->generation;
	t->faded_life = life;
}

/* The colour boid i's dart was drawn in: read halfway along it, where
 * the dart is wide; 0 when something else lies there. */
static unsigned char
dart_color(const struct pixels *px, double x, double y, double dx,
    double dy)
{
	const struct image *im = &px->image;
	double len = sqrt(dx * dx + dy * dy), reach;
	long at_x, at_y;
	unsigned char c;

	if (!(len > 0.0))
		return 0;
	reach = DART_MIDDLE * px->sprites.length / len;
	at_x = lround(floor(x) + 0.5 + dx * reach - 0.5);
	at_y = lround(floor(y) + 0.5 + dy * reach - 0.5);
	if (at_x < 0 || at_y < 0 || at_x >= im->w || at_y >= im->h)
		return 0;
	c = im->pix[(size_t)at_y * (size_t)im->w + (size_t)at_x];
	return c == px->role[ROLE_OBSTACLE] || c == px->role[ROLE_PREDATOR] ||
	    c == px->role[ROLE_GOAL] ? 0 : c;
}

/* A line of colour c from (x0, y0) to (x1, y1), in pixels, marked for
 * life frames where it crosses the grid. */
static void
mark_line(struct trails *t, double x0, double y0, double x1, double y1,
    unsigned char c, int life)
{
	double dx = x1 - x0, dy = y1 - y0;
	long n = lround(fmax(fabs(dx), fabs(dy))), k;

	for (k = 0; k <= n; k++) {
		double f = n ? (double)k / (double)n : 0.0;
		long x = lround(floor(x0 + dx * f)), y = lround(floor(y0 + dy * f));
		size_t at;

		if (x < 0 || y < 0 || x >= t->w || y >= t->h)
			continue;
		at = (size_t)y * (size_t)t->w + (size_t)x;
		t->age[at] = (unsigned char)life;
		t->what[at] = c;
	}
}

void
trails_pixels(struct trails *t, struct pixels *px,
    const struct flock_view *v, const struct camera *cam, double steps,
    int life)
{
	struct image *im = &px->image;
	double ax, bx, ay, by, far;
	size_t i, k, n;

	if (px->dense || !im->pix || !(cam->scale > 0.0) || px->cell_w < 1 ||
	    grid_fit(t, im->w, im->h, 1) < 0) {
		trails_forget(t);
		return;
	}
	life = life < 1 ? 1 : life > TRAILS_MAX_LIFE ? TRAILS_MAX_LIFE : life;
	ax = px->cell_w / cam->scale;
	bx = cam->cols * 0.5 * px->cell_w - cam->cx * ax;
	ay = px->cell_h / (2.0 * cam->scale);
	by = cam->rows * 0.5 * px->cell_h - cam->cy * ay;
	grid_place(t, -bx / ax, -by / ay, 1.0 / ax, 1.0 / ay);
	fade_table(t, px, life);
	/* Further than a boid flies in those steps is a jump (a new flock),
	 * not a way flown. */
	far = 4.0 * (double)px->sprites.length * (steps > 1.0 ? steps : 1.0);
	for (i = 0; i < v->n; i++) {
		double x = v->x[i] * ax + bx, y = v->y[i] * ay + by;
		double dx = v->vx[i] * ax, dy = v->vy[i] * ay;
		unsigned char c;

		if ((v->perch && v->perch[i] > 0) || !(x > -far &&
		    x < im->w + far && y > -far && y < im->h + far) ||
		    !(fabs(dx * steps) < far && fabs(dy * steps) < far) ||
		    (c = dart_color(px, x, y, dx, dy)) == 0)
			continue;
		mark_line(t, x - dx * steps, y - dy * steps, x, y, c, life);
	}
	n = (size_t)im->w * (size_t)im->h;
	for (k = 0; k < n; k++) {
		/* Most of the picture holds no trail: pass it eight
		 * pixels at a time. */
		if (k + 8 <= n) {
			uint64_t eight;

			memcpy(&eight, t->age + k, 8);
			if (eight == 0) {
				k += 7;
				continue;
			}
		}
		if (!t->age[k])
			continue;
		if (!im->pix[k])
			im->pix[k] = t->fade[t->what[k]][t->age[k]];
		t->age[k]--;
	}
}
