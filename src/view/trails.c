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
 * mark, each frame, the pixel just behind each boid on the way it flew
 * since the last frame (found from its velocity, however many steps a
 * frame is apart), in the colour its dart was drawn in; a trail fades
 * by thinning out, not by colour (see dot_eighths). The marks in
 * pixels are lists of the dots still shown, not a grid, one list for
 * each frame at which its dots stop showing: a frame costs the dots,
 * not the picture's area, and a dot's time is up with its whole list,
 * not found by a look at each.
 */
#include <math.h>
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
	int k;

	free(t->age);
	free(t->what);
	for (k = 0; k < TRAILS_DUE; k++)
		free(t->due[k].dot);
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
 * ux by uy: 0 when only the corner moved, the marks then to move by
 * (*sx, *sy) units (the unit at (x, y) taking what was at (x + *sx,
 * y + *sy)); 1 when the grid starts again, with no marks.
 */
static int
grid_moved(struct trails *t, double x0, double y0, double ux, double uy,
    long *sx, long *sy)
{
	double dx = (x0 - t->x0) / ux, dy = (y0 - t->y0) / uy;

	*sx = *sy = 0;
	if (!t->placed || fabs(ux - t->ux) > 1e-9 * ux ||
	    fabs(uy - t->uy) > 1e-9 * uy || !(fabs(dx) < t->w &&
	    fabs(dy) < t->h)) {
		t->x0 = x0;
		t->y0 = y0;
		t->ux = ux;
		t->uy = uy;
		t->placed = 1;
		return 1;
	}
	*sx = lround(dx);
	*sy = lround(dy);
	t->x0 += (double)*sx * ux;
	t->y0 += (double)*sy * uy;
	return 0;
}

/* The cells' grid placed as grid_moved() says. */
static void
grid_place(struct trails *t, double x0, double y0, double ux, double uy)
{
	long sx, sy;

	if (grid_moved(t, x0, y0, ux, uy, &sx, &sy))
		memset(t->age, 0, (size_t)t->w * (size_t)t->h);
	else if (sx != 0 || sy != 0)
		grid_shift(t, (int)sx, (int)sy);
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

/*
 * How long a boid's dot shows, in eighths of the trail's life, by the
 * frame that left it: every frame's for the first eighth, every other
 * frame's for a quarter, every fourth's for half the life, every
 * eighth's for all of it. So a trail is a row of dots a frame's way
 * apart, close behind its dart and thinning out, in the boid's own
 * colour (a fade by new colours would give each band of a sixel picture
 * more colours to send), and a dot once gone does not come back. A dot
 * alone in its colour's pass costs a sixel picture more than a pixel of
 * a dart: one a boid a frame, and no line between them, keeps trails
 * near a tenth of a frame's cost at 2,000 boids. The kinds: the dot of
 * an odd frame, of a frame two past a fourth, of one four past an
 * eighth, of an eighth.
 */
static const int dot_eighths[TRAILS_KINDS] = { 1, 2, 4, 8 };

/* Each kind of dot's frames shown, for trails of life frames. */
static void
dots_spans(struct trails *t, int life)
{
	int i;

	for (i = 0; i < TRAILS_KINDS; i++) {
		int n = (life * dot_eighths[i] + 7) / 8;

		t->span[i] = (unsigned char)(n < 1 ? 1 : n >= TRAILS_DUE ?
		    TRAILS_DUE - 1 : n);
	}
}

/* Room for n more dots among those going at one frame; -1 when memory
 * runs out. */
static int
due_fit(struct trails_due *d, size_t n)
{
	struct trails_dot *grown;
	size_t cap;

	if (d->n + n <= d->cap)
		return 0;
	cap = d->cap ? d->cap : 256;
	while (cap < d->n + n)
		cap *= 2;
	grown = realloc(d->dot, cap * sizeof *grown);
	if (!grown)
		return -1;
	d->dot = grown;
	d->cap = cap;
	return 0;
}

/* No dots at all: the grid starts again. */
static void
dots_clear(struct trails *t)
{
	int k;

	for (k = 0; k < TRAILS_DUE; k++)
		t->due[k].n = t->due[k].shown = 0;
}

/* The pixel at p set to c where it is background, without a branch to
 * guess: a trail's dots fall on darts and on each other at random. */
static void
dot_put(unsigned char *p, unsigned char c)
{
	*p = *p ? *p : c;
}

/*
 * The dot of a boid that flew from (x0, y0) to (x1, y1), in colour c:
 * the pixel of its way next to its own, which it leaves to its dart. The
 * way is stepped along as a line is drawn, a pixel along its longer
 * axis, in fixed point with 16 bits of fraction. The dot is drawn, and
 * kept in list unless that is NULL (a dot that shows in this frame
 * alone), which has room for it.
 */
static void
dot_mark(struct trails *t, struct image *im, double x0, double y0,
    double x1, double y1, unsigned char c, struct trails_due *list)
{
	double dx = x0 - x1, dy = y0 - y1;
	double ex = fabs(dx), ey = fabs(dy);
	long n = (long)((ex > ey ? ex : ey) + 0.5);
	unsigned long w = (unsigned long)im->w, h = (unsigned long)im->h, x, y;
	int64_t sx, sy;

	if (n < 1)
		return;
	if (n > 1) {
		double inv = 1.0 / (double)n;

		dx *= inv;
		dy *= inv;
	}
	sx = (int64_t)floor(dx * 65536.0 + 0.5);
	sy = (int64_t)floor(dy * 65536.0 + 0.5);
	x = (unsigned long)(((int64_t)floor(x1 * 65536.0) + sx) >> 16);
	y = (unsigned long)(((int64_t)floor(y1 * 65536.0) + sy) >> 16);
	if (x >= w || y >= h)
		return;
	if (list) {
		struct trails_dot *d = &list->dot[list->n++];

		d->x = (int32_t)((long)x + t->ox);
		d->y = (int32_t)((long)y + t->oy);
		d->c = c;
	}
	dot_put(im->pix + y * w + x, c);
}

/* The dots of earlier frames still shown, drawn where the picture is
 * background, after the new ones: those going last first. */
static void
dots_draw(struct trails *t, struct image *im)
{
	unsigned long w = (unsigned long)im->w, h = (unsigned long)im->h;
	unsigned k;

	for (k = TRAILS_DUE - 1; k > 0; k--) {
		const struct trails_due *d = &t->due[(t->frame + k) &
		    (TRAILS_DUE - 1)];
		size_t i;

		for (i = 0; i < d->shown; i++) {
			unsigned long x = (unsigned long)(d->dot[i].x - t->ox);
			unsigned long y = (unsigned long)(d->dot[i].y - t->oy);

			if (x < w && y < h)
				dot_put(im->pix + y * w + x, d->dot[i].c);
		}
	}
}

/* The kind of frame f's dots: 0 for an odd frame, 1 for one two past
 * a fourth, 2 for one four past an eighth, 3 for an eighth. */
static int
dot_kind(unsigned f)
{
	return (f & 1) ? 0 : (f & 3) ? 1 : (f & 7) ? 2 : 3;
}

/* The list of dots going after span frames, or NULL for a span of one:
 * those show in this frame alone. */
static struct trails_due *
dots_kept(struct trails *t, unsigned span)
{
	if (span <= 1)
		return NULL;
	return &t->due[(t->frame + span) & (TRAILS_DUE - 1)];
}

void
trails_pixels(struct trails *t, struct pixels *px,
    const struct flock_view *v, const struct camera *cam, double steps,
    int life)
{
	struct image *im = &px->image;
	struct trails_due *kept;
	double ax, bx, ay, by, far;
	long sx, sy;
	size_t i;
	unsigned k;

	if (px->dense || !im->pix || !(cam->scale > 0.0) || px->cell_w < 1) {
		trails_forget(t);
		return;
	}
	life = life < 1 ? 1 : life > TRAILS_MAX_LIFE ? TRAILS_MAX_LIFE : life;
	if (im->w != t->w || im->h != t->h)
		t->placed = 0;
	t->w = im->w;
	t->h = im->h;
	ax = px->cell_w / cam->scale;
	bx = cam->cols * 0.5 * px->cell_w - cam->cx * ax;
	ay = px->cell_h / (2.0 * cam->scale);
	by = cam->rows * 0.5 * px->cell_h - cam->cy * ay;
	if (grid_moved(t, -bx / ax, -by / ay, 1.0 / ax, 1.0 / ay, &sx,
	    &sy)) {
		dots_clear(t);
		t->ox = t->oy = 0;
	}
	t->ox += sx;
	t->oy += sy;
	t->frame++;
	dots_spans(t, life);
	/* Those going now are gone; the rest are this frame's to draw. */
	t->due[t->frame & (TRAILS_DUE - 1)].n = 0;
	for (k = 0; k < TRAILS_DUE; k++)
		t->due[k].shown = t->due[k].n;
	kept = dots_kept(t, t->span[dot_kind(t->frame)]);
	if (kept && due_fit(kept, v->n) < 0) {
		trails_forget(t);
		return;
	}
	/* Further than a boid flies in those steps is a jump (a new flock),
	 * not a way flown. */
	far = 4.0 * (double)px->sprites.length * (steps > 1.0 ? steps : 1.0);
	for (i = 0; i < v->n; i++) {
		uint32_t slot = v->id ? v->id[i] : (uint32_t)i;
		unsigned char c = slot < px->ndrawn ? px->drawn[slot] : 0;
		double x, y, dx, dy;

		if (!c)
			continue;
		x = v->x[i] * ax + bx;
		y = v->y[i] * ay + by;
		dx = v->vx[i] * ax * steps;
		dy = v->vy[i] * ay * steps;
		if (fabs(dx) < far && fabs(dy) < far)
			dot_mark(t, im, x - dx, y - dy, x, y, c, kept);
	}
	/* The newest drawn first, over the older where they cross. */
	dots_draw(t, im);
}
