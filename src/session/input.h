/*
 * input.h: keys and the clicks of a mouse, and what each does to a
 * session.
 *
 * One table binds each key (or a click, a wheel notch) to its action
 * and holds the words --help and the overlay show for it. An action
 * changes the session's state (session_state.h) and answers with what
 * it did: what the loop owes the screen, and what it changed, the
 * flight among it, which a record then keeps. Nothing here reads the
 * terminal or draws: the terminal reads a key (and, for a click, its
 * cell), the session hands it over, so that the table can be driven by
 * tests and fuzzers. The autopilot acts through the same edits.
 */
#ifndef BOIDS_INPUT_H
#define BOIDS_INPUT_H

#include <stddef.h>

#include "options/optable.h"
#include "pilot.h"
#include "session_state.h"
#include "term/event.h"

/* An action: the event says which of its binding's keys it was. */
typedef struct outcome input_action(struct session *s,
    const struct event *ev);

struct input_binding {
	int keys[4];             /* the codes that trigger it; 0 ends */
	input_action *act;
	struct help_line help;
};

/* The binding of a key code, or NULL. */
const struct input_binding *input_binding(int key);

/* The help lines, in the order --help and the overlay show them. */
size_t input_help(const struct help_line **lines);

/* What the autopilot chose, done as its keys would. */
struct outcome input_pilot(struct session *s, const struct pilot_action *a);

/* Step of + and -, and of the arrow keys on the wind. */
#define INPUT_WEIGHT_STEP 0.1f
#define INPUT_WIND_STEP 0.1f

#endif
