/*
 * picture.c: the field in pixels, frame by frame: whether, and the
 * bytes.
 *
 * The picture is the field's cols by rows cells at a cell's size in
 * pixels. For sixel its height is cut to a whole number of sixel's
 * six-pixel bands, so that no band reaches into the status line (a
 * terminal scrolls the screen when a picture reaches its last row);
 * the picture is sent in tiles of whole cells no larger than the
 * largest picture the terminal said it takes (xterm drops a larger one
 * whole), each placed at its top left cell, the cursor saved before
 * and put back after; and round the box of text over the field (the
 * overlay, the panel), which a picture would paint over, so that the
 * text is never hidden, not even for a moment. A terminal keeps each
 * picture until a later one covers it whole, and may paint it again
 * over text: when the box comes, goes or moves, the screen is painted
 * anew (which clears every picture) before the next picture, in parts
 * each of which the next frame's same part covers. Kitty's protocol
 * places the sprites itself (kitty.c).
 *
 * The link's rate decides between a picture and cells: a picture that
 * would take longer than PICTURE_LATE_MS to go is held back, and the
 * field is cells (a few bytes a boid) until the link takes the last
 * picture's bytes in PICTURE_BACK_SHARE of that time. Kitty's state,
 * having made that picture's commands, deletes all it sent, so nothing
 * stale stays and the next picture starts whole.
 *
 * Trails (trails.c) are drawn over the composed picture, each boid's
 * way over the steps flown since the last picture; they are forgotten
 * when turned off, when the glyphs change and while the field is
 * cells. A trail takes its colour from the dart drawn in the picture,
 * so under kitty's protocol, with trails, the darts are drawn into the
 * layer rather than placed, and the layer goes anew each frame.
 */
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "picture.h"
#include "pixels.h"
#include "sprite.h"
#include "trails.h"
#include "term/kitty.h"
#include "term/sixel.h"

/* The rows of one sixel band. */
#define BAND 6

struct picture {
	struct pixels px;
	struct sixel sx;
	struct kitty kt;
	struct image_bytes out;
	size_t carry;               /* bytes in out from before the frame */
	enum graphics_proto shown;  /* the protocol of what is on screen */
	int repaint;                /* the screen must be painted anew */
	int held;                   /* the link is too slow for pictures */
	size_t last;                /* the last picture's bytes */
	int w, h, cell_w, cell_h;   /* the picture fitted */
	int hole[4];                /* the last sixel picture's hole */
	const char *why;            /* why pixels asked for are not drawn */
	struct trails trails;       /* behind the boids, when on */
	int life;                   /* a trail's frames; 0 trails off */
	int glyphs;                 /* the glyphs the trails were drawn for */
	long step;                  /* the flock's step last drawn; -1 */
};

struct picture *
picture_new(void)
{
	struct picture *pc = calloc(1, sizeof *pc);

	if (!pc)
		return NULL;
	pixels_init(&pc->px);
	sixel_init(&pc->sx);
	kitty_init(&pc->kt);
	trails_init(&pc->trails);
	pc->step = -1;
	return pc;
}

void
picture_free(struct picture *pc)
{
	if (!pc)
		return;
	pixels_free(&pc->px);
	sixel_free(&pc->sx);
	kitty_free(&pc->kt);
	trails_free(&pc->trails);
	image_bytes_free(&pc->out);
	free(pc);
}

void
picture_set_theme(struct picture *pc, enum theme_name t,
    enum theme_background bg, long background)
{
	struct theme_palette p;
	int by = theme_tone_of(t, 1);

	theme_palette(t, THEME_DIRECT, bg, &p);
	pixels_set_palette(&pc->px, &p, background, bg == THEME_BG_LIGHT ?
	    0x202020L : 0xe5e5e5L);
	pixels_set_measure(&pc->px, by, by);
}

void
picture_set_trails(struct picture *pc, int life)
{
	if (life <= 0) {
		trails_forget(&pc->trails);
		pc->step = -1;
	}
	pc->life = life > 0 ? life : 0;
}

/* The trails behind the flock v just composed, over the steps flown
 * since the last frame drawn (one after a gap, or a flight begun
 * again). */
static void
draw_trails(struct picture *pc, const struct flock_view *v,
    const struct camera *cam)
{
	double steps = 1.0;

	if (pc->step >= 0 && v->step >= pc->step)
		steps = (double)(v->step - pc->step);
	else
		trails_forget(&pc->trails);
	pc->step = v->step;
	trails_pixels(&pc->trails, &pc->px, v, cam, steps, pc->life);
}

size_t
picture_bytes(const struct picture *pc, const char **bytes)
{
	*bytes = pc->out.data;
	return pc->out.len;
}

int
picture_needs_repaint(const struct picture *pc)
{
	return pc->repaint;
}

/* What removes the picture on screen: kitty's deleted, sixel's painted
 * over by a screen painted anew. */
static void
take_away(struct picture *pc)
{
	if (pc->shown == GRAPHICS_KITTY)
		(void)kitty_clear(&pc->kt, &pc->out);
	else if (pc->shown == GRAPHICS_SIXEL)
		pc->repaint = 1;
	pc->shown = GRAPHICS_NONE;
}

void
picture_forget(struct picture *pc)
{
	/* What out held besides was sent with the last frame. */
	pc->out.len = pc->carry;
	if (pc->shown == GRAPHICS_KITTY) {
		(void)kitty_clear(&pc->kt, &pc->out);
		pc->carry = pc->out.len;
	}
}

/* The protocol the terminal's answers give for glyphs asked (NONE:
 * cells), and why not where pixels were asked for. */
static enum graphics_proto
chosen(struct picture *pc, int glyphs, const struct picture_terminal *t)
{
	enum graphics_want want = glyphs == FIELD_PIXELS ? GRAPHICS_FORCED :
	    glyphs == FIELD_AUTO ? GRAPHICS_AUTO : GRAPHICS_OFF;
	enum graphics_proto proto;
	const char *why;
	int cw, ch;

	if (want == GRAPHICS_OFF || t->state == CAPS_ASKING || t->rows <= 0 ||
	    t->cols <= 0)
		return GRAPHICS_NONE;
	proto = graphics_choose(&t->answers, want, t->multiplexer, &why);
	cw = t->cell_w;
	ch = t->cell_h;
	if (proto != GRAPHICS_NONE && (cw <= 0 || ch <= 0)) {
		why = "the terminal does not say how large its cells are";
		proto = GRAPHICS_NONE;
	}
	if (want == GRAPHICS_FORCED)
		pc->why = why;
	return proto;
}

/* The picture's size for the protocol; 0, or -1 when memory runs out. */
static int
fit(struct picture *pc, enum graphics_proto proto,
    const struct picture_terminal *t)
{
	int w = t->cols * t->cell_w, h = t->rows * t->cell_h;

	if (proto == GRAPHICS_SIXEL)
		h -= h % BAND;
	if (w == pc->w && h == pc->h && t->cell_w == pc->cell_w &&
	    t->cell_h == pc->cell_h)
		return 0;
	pc->w = pc->h = 0;
	if (h <= 0 || pixels_fit(&pc->px, w, h, t->cell_w, t->cell_h) < 0)
		return -1;
	pc->w = w;
	pc->h = h;
	pc->cell_w = t->cell_w;
	pc->cell_h = t->cell_h;
	return 0;
}

/* The side of a tile along a picture of size whole pixels, in cells of
 * cell pixels: the whole where it fits within most (0: no limit), else
 * as many whole cells as do, at least one. */
static int
tile_side(int whole, int most, int cell)
{
	if (most <= 0 || whole <= most)
		return whole;
	return most / cell > 0 ? most / cell * cell : cell;
}

/* Room for, and the cursor to, cell (col, row) from 0. */
static int
put_cursor(struct image_bytes *b, int col, int row)
{
	if (image_bytes_reserve(b, 32) < 0)
		return -1;
	image_bytes_puts(b, "\033[");
	image_bytes_num(b, row + 1L);
	image_bytes_puts(b, ";");
	image_bytes_num(b, col + 1L);
	image_bytes_puts(b, "H");
	return 0;
}

/* The w by h pixels from (x, y) of the picture, a rectangle of whole
 * cells, as sixel in tiles no larger than the terminal takes, each at
 * its top left cell. */
static int
encode_rect(struct picture *pc, const struct picture_terminal *t, int x,
    int y, int w, int h)
{
	const struct image *im = &pc->px.image;
	int tw = tile_side(w, t->answers.max_w, pc->cell_w);
	int th = tile_side(h, t->answers.max_h, pc->cell_h), tx, ty;

	for (ty = y; ty < y + h && ty < im->h; ty += th)
		for (tx = x; tx < x + w && tx < im->w; tx += tw)
			if (put_cursor(&pc->out, tx / pc->cell_w,
			    ty / pc->cell_h) < 0 || sixel_encode_part(&pc->sx,
			    &pc->out, im, tx, ty, tw < x + w - tx ? tw :
			    x + w - tx, th < y + h - ty ? th : y + h - ty) < 0)
				return -1;
	return 0;
}

/*
 * The picture as sixel, the cursor saved and put back: whole, or round
 * the hole of text over it (the part above it, the parts beside it,
 * the part below), which sixel would paint over. Each part ends on its
 * own raster's edge, which the terminal keeps to.
 */
static int
encode_sixel(struct picture *pc, const struct picture_terminal *t)
{
	const struct image *im = &pc->px.image;
	int hx = t->hole[0] * pc->cell_w, hy = t->hole[1] * pc->cell_h;
	int hw = t->hole[2] * pc->cell_w, hh = t->hole[3] * pc->cell_h;
	int r = 0;

	if (hy >= im->h || hx >= im->w)
		hw = 0;
	if (hy + hh > im->h)
		hh = im->h - hy;
	if (hx + hw > im->w)
		hw = im->w - hx;
	if (image_bytes_reserve(&pc->out, 4) < 0)
		return -1;
	image_bytes_puts(&pc->out, "\0337");
	if (hw <= 0 || hh <= 0)
		r = encode_rect(pc, t, 0, 0, im->w, im->h);
	else if ((hy > 0 && encode_rect(pc, t, 0, 0, im->w, hy) < 0) ||
	    (hx > 0 && encode_rect(pc, t, 0, hy, hx, hh) < 0) ||
	    (hx + hw < im->w && encode_rect(pc, t, hx + hw, hy,
	    im->w - hx - hw, hh) < 0) ||
	    (hy + hh < im->h && encode_rect(pc, t, 0, hy + hh, im->w,
	    im->h - hy - hh) < 0))
		r = -1;
	if (r < 0 || image_bytes_reserve(&pc->out, 4) < 0)
		return -1;
	image_bytes_puts(&pc->out, "\0338");
	return 0;
}

/* The sprites over kitty's protocol, from the field's top left cell. */
static int
encode_kitty(struct picture *pc)
{
	struct kitty_scene s;

	s.image = &pc->px.image;
	s.shapes = pixels_shapes(&pc->px);
	s.nshapes = SPRITE_COUNT;
	s.sprites = pc->px.list;
	s.nsprites = pc->px.nlist;
	s.generation = pc->px.generation;
	s.cell_w = pc->cell_w;
	s.cell_h = pc->cell_h;
	s.col = s.row = 0;
	return kitty_frame(&pc->kt, &pc->out, &s);
}

/* Whether the link takes the last picture soon enough to go back to
 * pixels. */
static int
link_back(const struct picture *pc, double rate)
{
	return rate > 0 && (double)pc->last * 1000.0 <= rate *
	    PICTURE_LATE_MS * PICTURE_BACK_SHARE;
}

/* A picture made, start bytes into out: sent unless the link would
 * take too long with it. */
static enum graphics_proto
send_or_hold(struct picture *pc, enum graphics_proto proto, size_t start,
    double rate)
{
	pc->last = pc->out.len - start;
	if (rate > 0 && (double)pc->last * 1000.0 > rate * PICTURE_LATE_MS) {
		pc->held = 1;
		pc->out.len = start;
		pc->shown = proto;   /* kitty's state thinks it went */
		take_away(pc);
		return GRAPHICS_NONE;
	}
	pc->held = 0;
	pc->shown = proto;
	return proto;
}

enum graphics_proto
picture_frame(struct picture *pc, int glyphs,
    const struct picture_terminal *t, const struct flock_view *v,
    const struct flock_params *p, const struct camera *cam)
{
	enum graphics_proto proto;
	size_t start;
	int r;

	pc->out.len = pc->carry;
	pc->carry = 0;
	pc->repaint = 0;
	pc->why = NULL;
	proto = chosen(pc, glyphs, t);
	if (proto != GRAPHICS_NONE && pc->held && !link_back(pc, t->rate))
		proto = GRAPHICS_NONE;
	if (proto != GRAPHICS_NONE && fit(pc, proto, t) < 0)
		proto = GRAPHICS_NONE;
	if (proto != pc->shown && pc->shown != GRAPHICS_NONE)
		take_away(pc);
	if (proto == GRAPHICS_NONE || glyphs != pc->glyphs) {
		trails_forget(&pc->trails);
		pc->step = -1;
		pc->glyphs = glyphs;
	}
	if (proto == GRAPHICS_NONE)
		return GRAPHICS_NONE;
	if (proto == GRAPHICS_SIXEL && pc->shown == GRAPHICS_SIXEL &&
	    memcmp(t->hole, pc->hole, sizeof pc->hole) != 0)
		pc->repaint = 1;
	memcpy(pc->hole, t->hole, sizeof pc->hole);
	/* Trails lie in the layer under kitty's sprites, and take their
	 * colours from the darts: with them the whole frame is the layer. */
	pixels_compose(&pc->px, v, p, cam, proto == GRAPHICS_KITTY &&
	    !pc->life);
	if (pc->life)
		draw_trails(pc, v, cam);
	start = pc->out.len;
	r = proto == GRAPHICS_KITTY ? encode_kitty(pc) : encode_sixel(pc, t);
	if (r < 0) {
		/* Out of memory: cells this frame; kitty starts over. */
		pc->out.len = start;
		return GRAPHICS_NONE;
	}
	return send_or_hold(pc, proto, start, t->rate);
}

int
picture_available(const struct picture_terminal *t)
{
	return t->state != CAPS_ASKING && t->cell_w > 0 && t->cell_h > 0 &&
	    graphics_choose(&t->answers, GRAPHICS_FORCED, t->multiplexer,
	    NULL) != GRAPHICS_NONE;
}

const char *
picture_why_not(const struct picture *pc)
{
	return pc->why;
}
