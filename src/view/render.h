/*
 * render.h: a frame on a curses screen.
 *
 * One frame on the curses screen that term.c opened: the world's glyphs
 * (the glyph grid, field.h), composed in buffers sized once per
 * terminal size, so that a frame costs O(boids + cells) and allocates
 * nothing; the status line (its text from status.h), and the key
 * overlay and the measures panel when they are open. Nothing is sent
 * here: the caller sends the frame with term_flush().
 */
#ifndef BOIDS_RENDER_H
#define BOIDS_RENDER_H

#include "camera.h"
#include "engine/flock.h"
#include "field.h"
#include "status.h"
#include "theme.h"

/* Below this only a short notice is drawn. */
#define RENDER_MIN_COLS 10
#define RENDER_MIN_LINES 3

/*
 * The cell (col, row) of world point (x, y) in a world of cols by rows
 * cells seen at 1:1: col = floor(x), row = floor(y / 2). Returns 1, or 0
 * when the point lies outside it (or is not a number).
 */
int render_cell(float x, float y, int cols, int rows, int *col, int *row);

/* Whether a terminal of cols by lines is large enough to draw in. */
int render_usable(int cols, int lines);

struct render;

/* A renderer for the current curses screen; colors is 0, 8, 256 or
 * CAPS_DIRECT_COLOR.
 * NULL when memory runs out. */
struct render *render_new(int unicode, int colors);
void render_free(struct render *r);

/* Draw in theme t's colours for background bg (at first, the heading
 * theme on a dark one); THEME_BG_AUTO, while the background is not known
 * yet, draws in the terminal's own foreground, readable on either. */
void render_set_theme(struct render *r, enum theme_name t,
    enum theme_background bg);

/* Draw only characters one cell wide in every terminal (braille, ASCII,
 * ASCII frames), for one that draws those of ambiguous width two cells
 * wide. */
void render_set_narrow(struct render *r, int narrow);

/* Fit a terminal of cols by lines. 0, or -1 when memory runs out (the
 * renderer then draws only a notice). */
int render_resize(struct render *r, int cols, int lines);

/* How the field is drawn: in cells; or in pixels by another hand, its
 * cells left blank, and the text over it (the overlay, the panel) on a
 * background of its own, which hides pictures that lie under text
 * (kitty's); or as it is, beside a picture that paints over text
 * (sixel) and so leaves out the text's box. */
enum render_field { RENDER_CELLS, RENDER_PIXELS_UNDER_TEXT,
	RENDER_PIXELS_OVER_TEXT };
void render_set_field(struct render *r, enum render_field how);

/* The cells the text over the field takes in a frame of status s (the
 * overlay's box, else the panel's), as x, y, w, h from the field's top
 * left: 1, or 0 when there is none. */
int render_text_box(const struct render *r, const struct status *s,
    int box[4]);

/* Draw one frame: the glyph grid, the status line when its text
 * changed, and the panel and the overlay when open; nothing is sent
 * until term_flush(). */
void render_frame(struct render *r, const struct flock_view *v,
    const struct status *s);

/* Draw the status line alone, when its text changed: news from a key
 * that a slow link should not hold back until the next frame. */
void render_status(struct render *r, const struct status *s);

/* Forget what the status line showed, so the next frame draws it. */
void render_invalidate(struct render *r);

#endif
