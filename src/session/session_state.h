/*
 * session_state.h: what a session is made of, and what an action tells
 * of what it did.
 *
 * The state alone, with no function: the session (session.c) drives it,
 * and the actions the key table binds (input.c) change it, below the
 * session that calls them. session.h says what each part means to the
 * flight.
 */
#ifndef BOIDS_SESSION_STATE_H
#define BOIDS_SESSION_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "dial.h"
#include "engine/flock.h"
#include "files/cast.h"
#include "files/record.h"
#include "lapse.h"
#include "options/options.h"
#include "pilot.h"
#include "sign.h"
#include "view/camera.h"

/* What the loop must do after a key. */
enum reaction {
	REACT_NONE,      /* nothing changed */
	REACT_REDRAW,    /* state changed: draw the next frame */
	REACT_STEP,      /* take one step now, even while paused */
	REACT_REPAINT,   /* the screen may be garbled: repaint it all */
	REACT_RESTART,   /* a new flock was made */
	REACT_QUIT
};

/* What an action changed, each only when it did. */
enum change {
	CHANGED_FLIGHT = 1,     /* what the flight depends on, which a record
				 * keeps: the flock's parameters, predators, a
				 * new flock, the multiplier selected, where
				 * the goal goes next */
	CHANGED_VIEW = 2,       /* what shows of it: the camera, the glyphs,
				 * the trails, the panel, the overlay */
	CHANGED_PACE = 4        /* the pause, the flight's speed */
};

/* What an action did: the loop's reaction, and what it changed (enum
 * change, or'ed). */
struct outcome {
	enum reaction reaction;
	unsigned changed;
};

struct session {
	struct options opts;    /* the options flown: the caller's, or the
				 * next preset's beneath those given */
	struct flock *flock;
	long step;              /* steps since the start: a record's clock */
	float world_w, world_h; /* the world the flock flies in */
	int world_fixed;        /* -W, or grown for a crowd: not resized */
	size_t fit_count;       /* the flock the world was fitted for */
	float fit_distance;
	/* What the keys act on. */
	int paused;
	int help;               /* the overlay: 0 closed, 1 the keys, 2 the
				 * settings to fly again */
	int panel;              /* the measures panel is shown */
	enum flock_weight selected;
	int goal_next;          /* which place `g` picks next */
	uint64_t restarts;      /* seeds for `r`, `n` follow from the first */
	uint64_t seed;
	int cols, rows;         /* the screen above the status line, in cells,
				 * for clicks; 0: too small to draw in */
	struct camera camera;   /* the view; scale 0 fits the world to it */
	int glyphs;             /* enum field_glyphs; `m` cycles them */
	int trails;             /* trails behind the boids; `t` turns them */
	int pixels;             /* the terminal shows pixels: `m` cycles
	                         * through them too */
	struct lapse lapse;     /* the flight's speed; < and > set it */
	struct pilot pilot;     /* the screensaver's autopilot */
	int piloted;            /* the autopilot flies */
	struct sign sign;       /* the text the flock writes (--say, --clock) */
	struct dial dial;       /* the time it writes, with --clock */
	int clocked;            /* the sign tells the time */
	/* The session kept (session.h), and a flight flown again. */
	struct journal *rec;    /* the record kept (--record), or NULL */
	struct cast *cast;      /* the screen kept (--cast), or NULL */
	const char *rec_path, *cast_path; /* their files, for messages */
	int cast_cols, cast_rows; /* the terminal's size the cast last told */
	const struct record *replay;    /* NULL: none */
	size_t replay_next;             /* its next input */
	int replaying;          /* till its end, or a key that takes over */
};

#endif
