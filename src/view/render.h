/*
 * render.h: the flock and its state on a curses screen.
 *
 * The pure half maps world coordinates to cells and the session's state
 * to the text of the status line; tests call it without a terminal. The
 * drawing half puts one frame on the curses screen that term.c opened:
 * the field's glyphs (field.h), composed in buffers sized once per
 * terminal size, so a frame costs O(boids + cells) and allocates
 * nothing; the status line, the key overlay and the measures panel. The
 * caller sends the frame with term_flush().
 */
#ifndef BOIDS_RENDER_H
#define BOIDS_RENDER_H

#include <stddef.h>
#include <wchar.h>

#include "camera.h"
#include "engine/flock.h"
#include "field.h"
#include "options/optable.h"
#include "theme.h"

/* Below this the field is not drawn, only a short notice. */
#define RENDER_MIN_COLS 10
#define RENDER_MIN_LINES 3

/* What the status line reports. */
struct render_status {
	const struct flock_params *params;
	size_t n;               /* boids */
	size_t npred;           /* predators flying */
	int fear, leading;      /* --fear, --leaders on */
	size_t afraid, leaders; /* boids afraid, and leading */
	int fps;                /* frames per second reached */
	enum flock_weight selected;
	int paused;
	int replaying;          /* a kept flight is flying again */
	/* The measures panel: npanel lines of panel_width columns (UTF-8
	 * or ASCII), or none when it is closed. */
	const char *const *panel;
	size_t npanel;
	int panel_width;
	/* The key overlay, or NULL when it is closed. */
	const struct help_line *help;
	size_t nhelp;
	/* What part of the world shows, and how; NULL fits the world to
	 * the field. */
	const struct camera *camera;
	enum field_glyphs glyphs;
	const char *speed;      /* "x4" while the flight is not 1x, or "" */
	const char *preset;     /* the preset flown, or NULL */
	/* The overlay's title and footer; NULL for the key list's. */
	const char *help_title, *help_foot;
	int hidden;             /* no status line: the row stays blank */
};

/*
 * The cell (col, row) of world point (x, y) in a field of cols by rows
 * cells: col = floor(x), row = floor(y / 2). Returns 1, or 0 when the
 * point lies outside the field (or is not a number).
 */
int render_cell(float x, float y, int cols, int rows, int *col, int *row);

/* Whether a terminal of cols by lines can hold the field. */
int render_usable(int cols, int lines);

/*
 * The status line's text for a field of cols by rows cells, cut to width
 * characters: the tokens first, then the preset's name and any states
 * (SCATTER, PAUSED), kept at the right end when the line is too narrow
 * for both. The selected multiplier's token spans [*sel, *sel + *sel_len)
 * in buf (*sel_len 0 when it was cut off); the states start at *state.
 * buf needs width + 1 bytes.
 */
void render_status_text(char *buf, size_t len, const struct render_status *s,
    int cols, int rows, int width, int *sel, int *sel_len, int *state);

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

/* Fit a terminal of cols by lines. 0, or -1 when memory runs out (the
 * renderer then draws only a notice). */
int render_resize(struct render *r, int cols, int lines);

/* Draw one frame: the field, the status line when its text changed, and
 * the panel and the overlay when open; nothing is sent until
 * term_flush(). */
void render_frame(struct render *r, const struct flock_view *v,
    const struct render_status *s);

/* Draw the status line alone, when its text changed: news from a key
 * that a slow link should not hold back until the next frame. */
void render_status(struct render *r, const struct render_status *s);

/* Forget what the status line showed, so the next frame draws it. */
void render_invalidate(struct render *r);

#endif
