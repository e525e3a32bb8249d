/*
 * show.h: the field on this terminal, in pixels or in cells.
 *
 * Between the terminal (term.h) and the picture (view/picture.h): the
 * terminal is asked whether it shows pixels before it opens; each frame
 * hands the picture what the terminal has said and is (its answers, a
 * cell's size, the link's rate), hands the terminal the picture's bytes,
 * and tells the loop how the renderer draws the field. Pictures leave
 * the screen with it (term.c clears them at every way out).
 */
#ifndef BOIDS_SHOW_H
#define BOIDS_SHOW_H

#include "engine/flock.h"
#include "view/picture.h"
#include "view/render.h"
#include "view/status.h"
#include "view/theme.h"

struct show {
	struct picture *picture;  /* NULL: cells only (no memory) */
	int multiplexer;          /* inside tmux or screen */
	const char *why;          /* why pixels asked for were not drawn */
	int drawn;                /* pixels were drawn */
};

/* Before the terminal opens: ask it about pixels, as glyphs (enum
 * field_glyphs) asked for them, in or out of a multiplexer (the
 * environment says). */
void show_ask(struct show *sh, int glyphs);

/* After the terminal is restored: pixels asked for (glyphs pixels) and
 * never drawn are said why, on err. */
void show_close(struct show *sh, int glyphs);

/* The theme's colours on background bg, whose colour the terminal may
 * have told. */
void show_theme(struct show *sh, enum theme_name t, enum theme_background bg);

/*
 * One frame's field, v as the status st shows it with the renderer r,
 * in a terminal usable or not, for glyphs asked: the picture's bytes
 * handed to the terminal;
 * how the renderer draws the field. *available says whether pixels
 * could be drawn if asked for.
 */
enum render_field show_frame(struct show *sh, const struct render *r,
    int glyphs, int usable, const struct flock_view *v,
    const struct status *st, int *available);

/* The screen was cleared or left: the next picture goes whole. */
void show_forget(struct show *sh);

/* Whether the last flush dropped the picture (it cleared the screen
 * first): the next frame owes it. */
int show_owed(void);

#endif
