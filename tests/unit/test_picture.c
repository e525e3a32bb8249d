/*
 * test_picture.c: the field in pixels frame by frame (src/view/
 * picture.c): when a picture is drawn and when cells, and its bytes.
 *
 * A flock flies in a world the field shows at 1:1; the terminal is
 * modelled by what it answered (graphics.h's answers, as xterm and
 * kitty gave them), a cell's size and the link's rate. Checked: cells
 * until the answers are in, and for glyphs that are not pixels; sixel
 * in tiles of whole cells no larger than the terminal's largest
 * picture, at their cells, the cursor saved and put back, the height
 * whole bands of six off the status line; kitty's sprites; back to
 * cells, kitty's pictures deleted and sixel's left to a repainted
 * screen; a picture the link would take too long with held back, and
 * pixels again once the link is fast enough; trails in sixel's picture,
 * decoded, behind the boids over the steps since the last frame, gone
 * when turned off or the glyphs change, and in kitty's layer.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "view/field.h"
#include "view/picture.h"

#define COLS 120
#define ROWS 39

struct bytes {
	const char *p;
	size_t n;
};

static struct bytes
bytes_of(const struct picture *pc)
{
	struct bytes b;

	b.n = picture_bytes(pc, &b.p);
	return b;
}

/* How often s occurs in b. */
static int
count(struct bytes b, const char *s)
{
	size_t k, len = strlen(s);
	int n = 0;

	for (k = 0; k + len <= b.n; k++)
		if (memcmp(b.p + k, s, len) == 0)
			n++;
	return n;
}

/* Whether b starts with s. */
static int
starts(struct bytes b, const char *s)
{
	return b.n >= strlen(s) && memcmp(b.p, s, strlen(s)) == 0;
}

/* The terminal of xterm as a VT340 (sixel, pictures at most max_w by
 * max_h), or kitty, with cells of cw by ch pixels. */
static void
terminal(struct picture_terminal *t, int kitty, int cw, int ch, int max_w,
    int max_h)
{
	memset(t, 0, sizeof *t);
	graphics_init(&t->answers);
	t->state = CAPS_ANSWERED;
	t->answers.da1 = 1;
	if (kitty) {
		t->answers.kitty = 1;
		strcpy(t->answers.name, "kitty(0.26.5)");
	} else {
		t->answers.sixel = 1;
		t->answers.registers = 1024;
		t->answers.max_w = max_w;
		t->answers.max_h = max_h;
		strcpy(t->answers.name, "XTerm(379)");
	}
	t->cols = COLS;
	t->rows = ROWS;
	t->cell_w = cw;
	t->cell_h = ch;
}

static struct flock *
flock_of(struct flock_params *p, struct camera *cam)
{
	float w = COLS, h = 2.0f * ROWS;
	struct flock *f;
	int k;

	flock_params_default(p);
	f = flock_new(200, w, h, p, 7, 0, 0);
	for (k = 0; f && k < 20; k++)
		flock_step(f);
	memset(cam, 0, sizeof *cam);
	camera_fit(cam, w, h, COLS, ROWS);
	return f;
}

/* The sixel tiles in b: each CUP's cell, then the DCS's raster size. */
static int
tiles(struct bytes b, int at[][4], int most)
{
	size_t k;
	int n = 0;

	for (k = 0; k + 2 < b.n && n < most; k++) {
		int row, col, w, h;

		if (sscanf(b.p + k, "\033[%d;%dH\033Pq\"1;1;%d;%d", &row, &col,
		    &w, &h) == 4) {
			at[n][0] = col - 1;
			at[n][1] = row - 1;
			at[n][2] = w;
			at[n][3] = h;
			n++;
		}
	}
	return n;
}

/* A number at *s, which is moved past it. */
static int
number(const char **s, const char *end)
{
	int n = 0;

	while (*s < end && **s >= '0' && **s <= '9')
		n = n * 10 + *(*s)++ - '0';
	return n;
}

/* The one sixel picture in b, decoded into pix (w by h, the raster's
 * size at most): the register each pixel was painted in, 0 the
 * background. How many pixels are not the background; -1 when b is no
 * single picture of that size. */
static long
sixel_lit(struct bytes b, unsigned char *pix, int w, int h)
{
	const char *s = b.p, *end = b.p + b.n;
	int x = 0, y = 0, reg = 0, rw, rh;
	long lit = 0;

	memset(pix, 0, (size_t)w * (size_t)h);
	while (s + 3 < end && memcmp(s, "\033Pq\"", 4) != 0)
		s++;
	if (s + 3 >= end ||
	    sscanf(s, "\033Pq\"1;1;%d;%d", &rw, &rh) != 2 || rw != w || rh != h)
		return -1;
	s += 4;
	while (s < end && *s != '\033' && *s != '#')
		s++;
	while (s < end && *s != '\033') {
		int n = 1, bit;
		char c = *s++;

		if (c == '#') {
			reg = number(&s, end);
			while (s < end && *s == ';') {
				s++;
				(void)number(&s, end);
			}
			continue;
		}
		if (c == '$' || c == '-') {
			x = 0;
			y += c == '-' ? 6 : 0;
			continue;
		}
		if (c == '!') {
			n = number(&s, end);
			c = s < end ? *s++ : '?';
		}
		if (c < 63 || c > 126)
			return -1;
		for (; n > 0; n--, x++)
			for (bit = 0; bit < 6; bit++)
				if ((c - 63) >> bit & 1 && x < w && y + bit < h)
					pix[(size_t)(y + bit) * (size_t)w +
					    (size_t)x] = (unsigned char)reg;
	}
	for (x = 0; x < w * h; x++)
		lit += pix[x] != 0;
	return lit;
}

static void
test_waits_and_cells(struct picture *pc, struct flock *f,
    const struct flock_params *p, const struct camera *cam)
{
	struct picture_terminal t;
	struct flock_view v;

	flock_get_view(f, &v);
	terminal(&t, 0, 10, 20, 1000, 1000);
	/* Asking: cells, nothing sent. */
	t.state = CAPS_ASKING;
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(bytes_of(pc).n, 0);
	CHECK(picture_why_not(pc) == NULL);
	t.state = CAPS_ANSWERED;
	/* Arrows and dots are cells. */
	CHECK_INT(picture_frame(pc, FIELD_ARROWS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(picture_frame(pc, FIELD_DOTS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(bytes_of(pc).n, 0);
	CHECK_INT(picture_available(&t), 1);
	/* No cell size known: cells, and why, where pixels were asked. */
	t.cell_w = t.cell_h = 0;
	CHECK_INT(picture_available(&t), 0);
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK(picture_why_not(pc) != NULL);
	/* A terminal too small to draw in: no rows. */
	terminal(&t, 0, 10, 20, 1000, 1000);
	t.rows = 0;
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	/* Inside tmux: auto keeps cells; asked for, pixels. */
	terminal(&t, 0, 10, 20, 1000, 1000);
	t.multiplexer = 1;
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	CHECK(picture_why_not(pc) == NULL);
	/* Back to cells from sixel: the screen is painted anew. */
	CHECK_INT(picture_frame(pc, FIELD_ARROWS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(picture_needs_repaint(pc), 1);
	CHECK_INT(bytes_of(pc).n, 0);
	CHECK_INT(picture_frame(pc, FIELD_ARROWS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(picture_needs_repaint(pc), 0);
}

static void
test_sixel_tiles(struct picture *pc, struct flock *f,
    const struct flock_params *p, const struct camera *cam)
{
	struct picture_terminal t;
	struct flock_view v;
	struct bytes b;
	int at[16][4], n, k, area = 0;

	flock_get_view(f, &v);
	/* 1200 by 780 pixels, at most 1000 by 1000 a picture: two tiles,
	 * a hundred cells and twenty. */
	terminal(&t, 0, 10, 20, 1000, 1000);
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	b = bytes_of(pc);
	CHECK(starts(b, "\0337"));
	CHECK(b.n >= 2 && memcmp(b.p + b.n - 2, "\0338", 2) == 0);
	n = tiles(b, at, 16);
	CHECK_INT(n, 2);
	CHECK_INT(at[0][0], 0);
	CHECK_INT(at[0][1], 0);
	CHECK_INT(at[0][2], 1000);
	CHECK_INT(at[0][3], 780);
	CHECK_INT(at[1][0], 100);
	CHECK_INT(at[1][1], 0);
	CHECK_INT(at[1][2], 200);
	CHECK_INT(count(b, "\033Pq"), 2);
	/* 960 by 680 (xterm's answer in a window that size), cells of 8
	 * by 17: 663 rows cut to 660, whole bands; tiles of 120 cells and
	 * of 40 rows (680 pixels), so one. */
	terminal(&t, 0, 8, 17, 960, 680);
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	n = tiles(bytes_of(pc), at, 16);
	CHECK_INT(n, 1);
	CHECK_INT(at[0][2], 960);
	CHECK_INT(at[0][3], 660);
	/* A small limit: tiles of 30 by 10 cells, covering the picture
	 * once, each at its own cell. */
	terminal(&t, 0, 10, 20, 305, 215);
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	n = tiles(bytes_of(pc), at, 16);
	CHECK_INT(n, 16);
	for (k = 0; k < n; k++) {
		CHECK(at[k][2] <= 300 && at[k][3] <= 200);
		CHECK_INT(at[k][0] % 30, 0);
		CHECK_INT(at[k][1] % 10, 0);
		area += at[k][2] * at[k][3];
	}
	CHECK_INT(area, 1200 * 780);
	/* No limit answered: one picture. */
	terminal(&t, 0, 10, 20, 0, 0);
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	CHECK_INT(tiles(bytes_of(pc), at, 16), 1);
	/* Text over the field, 40 by 10 cells from (30, 5): the picture
	 * round it, in four parts, none over it. */
	t.hole[0] = 30;
	t.hole[1] = 5;
	t.hole[2] = 40;
	t.hole[3] = 10;
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	/* A terminal keeps the last picture, whole, where the next leaves
	 * a hole: the screen is painted anew when the hole comes. */
	CHECK_INT(picture_needs_repaint(pc), 1);
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	CHECK_INT(picture_needs_repaint(pc), 0);
	n = tiles(bytes_of(pc), at, 16);
	CHECK_INT(n, 4);
	area = 0;
	for (k = 0; k < n; k++) {
		int x0 = at[k][0] * 10, y0 = at[k][1] * 20;

		CHECK(x0 + at[k][2] <= 300 || x0 >= 700 ||
		    y0 + at[k][3] <= 100 || y0 >= 300);
		area += at[k][2] * at[k][3];
	}
	CHECK_INT(area, 1200 * 780 - 400 * 200);
	/* A hole past the picture's bottom (the rows cut to whole bands)
	 * is cut to it; one at the edge leaves three parts. */
	t.hole[1] = 30;
	t.hole[3] = 20;
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	n = tiles(bytes_of(pc), at, 16);
	CHECK_INT(n, 3);
	area = 0;
	for (k = 0; k < n; k++)
		area += at[k][2] * at[k][3];
	CHECK_INT(area, 1200 * 780 - 400 * 180);
}

static void
test_kitty(struct picture *pc, struct flock *f,
    const struct flock_params *p, const struct camera *cam)
{
	struct picture_terminal t;
	struct flock_view v;
	struct bytes b;
	int placed;

	flock_get_view(f, &v);
	terminal(&t, 1, 10, 20, 0, 0);
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_KITTY);
	b = bytes_of(pc);
	CHECK(count(b, "\033_Ga=t,") > 0);
	placed = count(b, "a=p,");
	CHECK(placed > 100);
	/* The same frame again: nothing moved, nothing sent but the
	 * cursor's save and restore. */
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_KITTY);
	CHECK_INT(count(bytes_of(pc), "a=p,"), 0);
	/* The screen cleared: everything deleted and placed again. */
	picture_forget(pc);
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_KITTY);
	b = bytes_of(pc);
	CHECK(starts(b, "\033_Ga=d,"));
	CHECK_INT(count(b, "a=p,"), placed);
	/* Cells: every image deleted, no repaint needed. */
	CHECK_INT(picture_frame(pc, FIELD_DOTS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	b = bytes_of(pc);
	CHECK(count(b, "\033_Ga=d,d=I,") > 0);
	CHECK_INT(count(b, "a=p,"), 0);
	CHECK_INT(picture_needs_repaint(pc), 0);
	/* From kitty's straight to sixel's (another terminal's answers):
	 * kitty's deleted, then the picture. */
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_KITTY);
	terminal(&t, 0, 10, 20, 0, 0);
	CHECK_INT(picture_frame(pc, FIELD_AUTO, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	b = bytes_of(pc);
	CHECK(starts(b, "\033_Ga=d,"));
	CHECK_INT(count(b, "\033Pq"), 1);
}

static void
test_link(struct picture *pc, struct flock *f,
    const struct flock_params *p, const struct camera *cam)
{
	struct picture_terminal t;
	struct flock_view v;
	size_t size;

	flock_get_view(f, &v);
	terminal(&t, 0, 10, 20, 0, 0);
	/* The rate not known yet: pictures go. */
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	size = bytes_of(pc).n;
	CHECK(size > 1000);
	/* A link that would take longer than PICTURE_LATE_MS with it:
	 * held back, cells, the screen painted anew (sixel's). */
	t.rate = (double)size * 1000.0 / PICTURE_LATE_MS * 0.9;
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(bytes_of(pc).n, 0);
	CHECK_INT(picture_needs_repaint(pc), 1);
	/* A little faster is not enough to go back... */
	t.rate = (double)size * 1000.0 / PICTURE_LATE_MS * 1.1;
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK_INT(picture_needs_repaint(pc), 0);
	/* ...fast enough to take it in a share of the time is. */
	t.rate = (double)size * 1000.0 / PICTURE_LATE_MS /
	    PICTURE_BACK_SHARE * 1.1;
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_SIXEL);
	/* Kitty's held back: what its state made is deleted. */
	terminal(&t, 1, 10, 20, 0, 0);
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_KITTY);
	flock_step(f);
	flock_get_view(f, &v);
	t.rate = 100.0;
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_NONE);
	CHECK(count(bytes_of(pc), "\033_Ga=d,d=I,") > 0);
	CHECK_INT(count(bytes_of(pc), "a=p,"), 0);
}

/* The picture of the flock after steps more steps, with trails of
 * life frames (0 none); the pixels lit in it, decoded into pix. */
static long
trails_frame(struct picture *pc, struct flock *f, int steps, int life,
    int glyphs, unsigned char *pix, const struct flock_params *p,
    const struct camera *cam)
{
	struct picture_terminal t;
	struct flock_view v;
	int k;

	for (k = 0; k < steps; k++)
		flock_step(f);
	flock_get_view(f, &v);
	terminal(&t, 0, 10, 20, 0, 0);
	picture_set_trails(pc, life);
	if (picture_frame(pc, glyphs, &t, &v, p, cam) != GRAPHICS_SIXEL)
		return -1;
	return sixel_lit(bytes_of(pc), pix, 1200, 780);
}

/* Under kitty's sprites, trails lie in the layer: with them the whole
 * frame goes as the layer, each frame; without, sprites again. */
static void
test_kitty_trails(struct picture *pc, struct flock *f,
    const struct flock_params *p, const struct camera *cam)
{
	struct picture_terminal t;
	struct flock_view v;
	struct bytes b;
	int k;

	terminal(&t, 1, 10, 20, 0, 0);
	for (k = 0; k < 3; k++) {
		flock_step(f);
		flock_get_view(f, &v);
		picture_set_trails(pc, 8);
		CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
		    GRAPHICS_KITTY);
		b = bytes_of(pc);
		CHECK_INT(count(b, "a=T,"), 1);
		CHECK_INT(count(b, "a=p,"), 0);
	}
	flock_step(f);
	flock_get_view(f, &v);
	picture_set_trails(pc, 0);
	CHECK_INT(picture_frame(pc, FIELD_PIXELS, &t, &v, p, cam),
	    GRAPHICS_KITTY);
	b = bytes_of(pc);
	CHECK(count(b, "a=p,") > 100);
	/* The layer, the whole frame a moment ago, is empty: deleted. */
	CHECK_INT(count(b, "a=T,"), 0);
	CHECK(count(b, "\033_Ga=d,") > 0);
}

static void
test_trails(void)
{
	struct flock_params p;
	struct camera cam;
	struct flock *f = flock_of(&p, &cam), *g = flock_of(&p, &cam);
	struct picture *with = picture_new(), *without = picture_new();
	unsigned char *a = malloc(1200 * 780), *b = malloc(1200 * 780);
	struct flock_view v;
	long lit_with, lit_without, behind = 0, lit_off, lit_after, lost = 0;
	size_t i;
	int k;

	CHECK(f && g && with && without && a && b);
	if (!f || !g || !with || !without || !a || !b)
		goto out;
	picture_set_theme(with, THEME_HEADING, THEME_BG_DARK, 0x000000L);
	picture_set_theme(without, THEME_HEADING, THEME_BG_DARK, 0x000000L);
	/* Two flocks alike, drawn every third step, one with trails. */
	for (k = 0; k < 4; k++) {
		lit_with = trails_frame(with, f, 3, 8, FIELD_PIXELS, a, &p, &cam);
		lit_without = trails_frame(without, g, 3, 0, FIELD_PIXELS, b,
		    &p, &cam);
	}
	CHECK(lit_without > 1000);
	/* Every pixel of the boids is there, and a trail behind each. */
	for (k = 0; k < 1200 * 780; k++)
		lost += b[k] && a[k] != b[k];
	CHECK_INT(lost, 0);
	flock_get_view(f, &v);
	CHECK(lit_with > lit_without + (long)v.n / 2);
	/* Behind each boid, a pixel back on its way since the last frame
	 * (three steps), its dot where the plain picture has nothing; a
	 * few fall on darts. */
	for (i = 0; i < v.n; i++) {
		double dx = v.vx[i] * 10.0 * 3.0, dy = v.vy[i] * 10.0 * 3.0;
		double way = fabs(dx) > fabs(dy) ? fabs(dx) : fabs(dy);
		double n = floor(way + 0.5) > 1.0 ? floor(way + 0.5) : 1.0;
		double bx = v.x[i] * 10.0 - dx / n;
		double by = v.y[i] * 10.0 - dy / n;
		long at;

		if (bx < 0 || by < 0 || bx >= 1200 || by >= 780)
			continue;
		at = (long)by * 1200 + (long)bx;
		behind += a[at] && !b[at];
	}
	CHECK(behind > (long)v.n / 2);
	/* Trails off: the plain picture again. */
	lit_off = trails_frame(with, f, 3, 0, FIELD_PIXELS, a, &p, &cam);
	lit_without = trails_frame(without, g, 3, 0, FIELD_PIXELS, b, &p,
	    &cam);
	CHECK_INT(lit_off, lit_without);
	CHECK(memcmp(a, b, 1200 * 780) == 0);
	/* On again for five frames, the trails' fifth to ninth: the
	 * ninth's dots show, and the eighth's (an eighth frame's, for the
	 * whole life). Then glyphs auto (pixels all the same): what was
	 * behind is forgotten, the tenth frame's dots alone are left. */
	for (k = 0; k < 5; k++)
		lit_with = trails_frame(with, f, 3, 8, FIELD_PIXELS, a, &p,
		    &cam);
	lit_after = trails_frame(with, f, 3, 8, FIELD_AUTO, a, &p, &cam);
	lit_without = trails_frame(without, g, 15, 0, FIELD_AUTO, b, &p,
	    &cam);
	CHECK(lit_after > lit_without);
	CHECK(lit_after < lit_with);
	test_kitty_trails(with, f, &p, &cam);
out:
	free(a);
	free(b);
	picture_free(with);
	picture_free(without);
	flock_free(f);
	flock_free(g);
}

int
main(void)
{
	struct flock_params p;
	struct camera cam;
	struct flock *f = flock_of(&p, &cam);
	struct picture *pc = picture_new();

	CHECK(f != NULL);
	CHECK(pc != NULL);
	if (!f || !pc)
		return check_exit("test_picture");
	picture_set_theme(pc, THEME_HEADING, THEME_BG_DARK, 0x000000L);
	test_waits_and_cells(pc, f, &p, &cam);
	picture_free(pc);
	pc = picture_new();
	test_sixel_tiles(pc, f, &p, &cam);
	test_kitty(pc, f, &p, &cam);
	test_link(pc, f, &p, &cam);
	picture_free(pc);
	test_trails();
	flock_free(f);
	return check_exit("test_picture");
}
