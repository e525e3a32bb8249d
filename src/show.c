/*
 * show.c: the field on this terminal, frame by frame: a picture in
 * pixels where asked for and shown, else cells.
 *
 * Everything the picture decides on comes from the terminal here, each
 * frame, as it stands: its answers so far, a cell's size (which a
 * resize may change), the link's rate. Going back to cells from sixel,
 * whose pictures stay painted until the screen is, has the whole
 * screen painted anew; the first picture shown has every way out clear
 * pictures from then on.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/say.h"
#include "show.h"
#include "term/pictures.h"
#include "term/term.h"
#include "view/field.h"
#include "view/trails.h"

void
show_ask(struct show *sh, int glyphs)
{
	sh->picture = picture_new();
	sh->multiplexer = graphics_multiplexer(getenv("TMUX"), getenv("STY"),
	    getenv("TERM"));
	sh->why = NULL;
	sh->drawn = 0;
	pictures_want(glyphs == FIELD_PIXELS ? GRAPHICS_FORCED :
	    GRAPHICS_AUTO, sh->multiplexer);
}

void
show_close(struct show *sh, int glyphs)
{
	struct graphics_answers a;

	picture_free(sh->picture);
	sh->picture = NULL;
	/* Ended before a frame weighed the answers: they are in by now. */
	if (glyphs == FIELD_PIXELS && !sh->drawn && !sh->why) {
		(void)term_graphics(&a);
		(void)graphics_choose(&a, GRAPHICS_FORCED, sh->multiplexer,
		    &sh->why);
	}
	if (glyphs == FIELD_PIXELS && !sh->drawn && sh->why)
		say(stderr, "--glyphs pixels: %s; the flock was drawn in cells",
		    sh->why);
}

void
show_theme(struct show *sh, enum theme_name t, enum theme_background bg)
{
	unsigned rgb[3];
	long back = bg == THEME_BG_LIGHT ? 0xffffffL : 0x000000L;

	if (!sh->picture)
		return;
	if (term_background(rgb) == CAPS_ANSWERED)
		back = (long)(rgb[0] >> 8) << 16 | (long)(rgb[1] >> 8) << 8 |
		    (long)(rgb[2] >> 8);
	picture_set_theme(sh->picture, t, bg, back);
}

/* What the terminal has said and is, now. */
static void
terminal_now(const struct show *sh, int usable, struct picture_terminal *t)
{
	int lines;

	t->state = term_graphics(&t->answers);
	t->multiplexer = sh->multiplexer;
	term_size(&t->cols, &lines);
	t->rows = usable ? lines - 1 : 0;
	if (term_cell_pixels(&t->cell_w, &t->cell_h) < 0)
		t->cell_w = t->cell_h = 0;
	t->rate = term_link_rate();
}

enum render_field
show_frame(struct show *sh, const struct render *r, int glyphs, int usable,
    const struct flock_view *v, const struct status *st, int *available)
{
	struct picture_terminal t;
	struct camera cam;
	enum graphics_proto proto;
	const char *bytes;
	size_t n;

	*available = 0;
	if (!sh->picture)
		return RENDER_CELLS;
	terminal_now(sh, usable, &t);
	memset(t.hole, 0, sizeof t.hole);
	(void)render_text_box(r, st, t.hole);
	if (st->camera)
		cam = *st->camera;
	else
		camera_fit(&cam, v->w, v->h, t.cols, t.rows);
	picture_set_trails(sh->picture, st->trails ? trails_life(st->fps) : 0);
	proto = picture_frame(sh->picture, glyphs, &t, v, st->params, &cam);
	n = picture_bytes(sh->picture, &bytes);
	pictures_queue(bytes, n, proto == GRAPHICS_SIXEL);
	if (picture_needs_repaint(sh->picture))
		term_repaint();
	if (proto != GRAPHICS_NONE) {
		term_pictures_shown();
		sh->drawn = 1;
	}
	if (picture_why_not(sh->picture))
		sh->why = picture_why_not(sh->picture);
	*available = picture_available(&t);
	return proto == GRAPHICS_KITTY ? RENDER_PIXELS_UNDER_TEXT :
	    proto == GRAPHICS_SIXEL ? RENDER_PIXELS_OVER_TEXT : RENDER_CELLS;
}

void
show_forget(struct show *sh)
{
	if (sh->picture)
		picture_forget(sh->picture);
}

int
show_owed(void)
{
	return pictures_owed();
}
