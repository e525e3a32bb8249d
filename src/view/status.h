/*
 * status.h: what a frame tells of the session besides the flock, and the
 * status line's text.
 *
 * The session's state as a frame shows it: the figures of the status
 * line (the multipliers, the wind, the goal, the boids, the frames a
 * second, the states), and what lies over the world when it is open
 * (the measures panel, the key overlay), with the camera and the glyphs
 * the world is drawn through. The loop fills it in for each frame; the
 * renderer (render.h) draws it. The status line's text is worked out
 * here, with no terminal, so that tests read it as it will show.
 */
#ifndef BOIDS_STATUS_H
#define BOIDS_STATUS_H

#include <stddef.h>

#include "camera.h"
#include "engine/flock.h"
#include "field.h"
#include "options/optable.h"

/* The longest status line, its NUL included. */
#define STATUS_MAX 256

struct status {
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
	 * the screen. The status line tells its zoom. */
	const struct camera *camera;
	enum field_glyphs glyphs;
	int trails;             /* trails behind the boids (trails.h) */
	const char *speed;      /* "x4" while the flight is not 1x, or "" */
	const char *preset;     /* the preset flown, or NULL */
	/* The overlay's title and footer; NULL for the key list's. */
	const char *help_title, *help_foot;
	int hidden;             /* no status line: the row stays blank */
	int one_thread;         /* the engine's threads would not start */
};

/*
 * The status line's text, the goal told in the cells of a world of cols
 * by rows, cut to width characters: the tokens first, then the preset's
 * name and any states (SCATTER, PAUSED, REPLAY), kept at the right end
 * when the line is too narrow for both. The selected multiplier's token
 * spans [*sel, *sel + *sel_len) in buf (*sel_len 0 when it was cut
 * off); the states start at *state. buf needs width + 1 bytes.
 */
void status_text(char *buf, size_t len, const struct status *s, int cols,
    int rows, int width, int *sel, int *sel_len, int *state);

#endif
