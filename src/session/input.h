/*
 * input.h: keys and the clicks of a mouse, as a table of bindings.
 *
 * Each binding maps a key (or a click, a wheel notch) to an action, says
 * whether the action changes the flight (so that a record keeps the
 * key), and holds the words --help and the overlay show for it. Nothing
 * here does anything: the session does the actions (actions.c). Nothing
 * here draws or reads the terminal either: the terminal reads a key
 * (and, for a click, its cell) and the loop hands it over, so the table
 * can be driven by tests and fuzzers.
 */
#ifndef BOIDS_INPUT_H
#define BOIDS_INPUT_H

#include <stddef.h>

#include "options/optable.h"
#include "term/event.h"

/* What a binding does; the event says which of its keys it was. */
enum input_action {
	ACTION_QUIT, ACTION_PAUSE, ACTION_SCATTER, ACTION_WIND, ACTION_CALM,
	ACTION_GOAL_NEXT, ACTION_GOAL_CLICK, ACTION_GOAL_OFF, ACTION_FLEE,
	ACTION_SELECT, ACTION_WEIGHT, ACTION_PREDATOR, ACTION_RESTART,
	ACTION_GLYPHS, ACTION_ZOOM, ACTION_PAN, ACTION_FIT, ACTION_FOLLOW,
	ACTION_SPEED, ACTION_PANEL, ACTION_REPAINT, ACTION_COUNT
};

struct input_binding {
	int keys[4];             /* the codes that trigger it; 0 ends */
	enum input_action action;
	int flight;              /* it may change the flight: keep it */
	struct help_line help;
};

/* The binding of a key code, or NULL. */
const struct input_binding *input_binding(int key);

/* The help lines, in the order --help and the overlay show them. */
size_t input_help(const struct help_line **lines);

/* Step of + and -, and of the arrow keys on the wind. */
#define INPUT_WEIGHT_STEP 0.1f
#define INPUT_WIND_STEP 0.1f

#endif
