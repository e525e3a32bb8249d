/*
 * input.h: keys and the clicks of a mouse, as a table of actions.
 *
 * Each binding maps a key to an action on the session's state; the action
 * returns what the main loop must do next. Nothing here draws or reads the
 * terminal: the loop reads a key (and, for a click, its cell) and hands it
 * over, so the whole table can be driven by tests and fuzzers.
 */
#ifndef BOIDS_INPUT_H
#define BOIDS_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "camera.h"
#include "flock.h"
#include "lapse.h"
#include "pilot.h"

/* What the loop must do after a key. */
enum reaction {
	REACT_NONE,      /* nothing changed */
	REACT_REDRAW,    /* state changed: draw the next frame */
	REACT_STEP,      /* take one step now, even while paused */
	REACT_REPAINT,   /* the screen may be garbled: repaint it all */
	REACT_RESTART,   /* a new flock was made */
	REACT_QUIT
};

/* The multipliers Tab walks through. */
enum selected { SELECT_COHESION, SELECT_SEPARATION, SELECT_ALIGNMENT,
	SELECT_COUNT };

struct options;

/* The state the keys act on. */
struct session {
	struct flock *flock;
	int paused;
	int help;               /* the overlay: 0 closed, 1 the keys, 2 the
				 * settings to fly again */
	int panel;              /* the measures panel is shown */
	enum selected selected;
	int goal_next;          /* which place `g` picks next */
	uint64_t restarts;      /* seeds for `r` follow from the first seed */
	uint64_t seed;
	int cols, rows;         /* the field, in cells, for clicks */
	struct camera camera;   /* the view; scale 0 fits the field */
	int glyphs;             /* enum field_glyphs; `m` cycles them */
	struct lapse lapse;     /* the flight's speed; < and > set it */
	struct pilot pilot;     /* the screensaver's autopilot */
	int piloted;            /* the autopilot flies */
	struct options *opts;   /* the options flown, which the preset key
				 * changes; NULL: no preset key */
};

struct input_event {
	int key;                /* a curses key code, or an INPUT_ event */
	int col, row;           /* the cell of a click or a wheel notch */
};

/* The mouse: a left click, and the wheel turned up (away from the user)
 * or down by one notch. */
#define INPUT_CLICK (-2)
#define INPUT_WHEEL_UP (-3)
#define INPUT_WHEEL_DOWN (-4)
/* The pointer moved (reported only while the screensaver asks). */
#define INPUT_MOTION (-5)

enum reaction input_handle(struct session *s, const struct input_event *ev);

/* After step: what the autopilot does now, through the actions the keys
 * use; it looks at the flock's groups once a second. */
enum reaction input_pilot(struct session *s, long step);

/* The seed of the next new flock (`r`, a preset): each follows from the
 * first by a Weyl sequence, so a session started with --seed makes the
 * same flocks in the same order. The caller counts the restart. */
uint64_t input_next_seed(const struct session *s);

/* The keys as people read them: "q, Esc" and "quit". */
struct input_help {
	const char *keys;
	const char *what;
};

/* The help lines, in the order --help and the overlay show them. */
size_t input_help(const struct input_help **lines);

/* Step of + and -, and of the arrow keys on the wind. */
#define INPUT_WEIGHT_STEP 0.1f
#define INPUT_WIND_STEP 0.1f

#endif
