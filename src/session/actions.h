/*
 * actions.h: what each action of the key table does to a session.
 *
 * The session (session.c) hands a key's action here, and the autopilot's
 * too, and does what the answer asks; an action changes the session's
 * state (session_state.h) and asks the world (world.h) for a new flock,
 * and calls nothing of the session's own, so that a key goes down from
 * the session and comes back once.
 */
#ifndef BOIDS_ACTIONS_H
#define BOIDS_ACTIONS_H

#include "input.h"
#include "pilot.h"
#include "session_state.h"

/* The action a of the key table, for the key or click ev. */
enum reaction actions_do(struct session *s, enum input_action a,
    const struct event *ev);

/* What the autopilot chose, done as its keys would. */
enum reaction actions_pilot(struct session *s, const struct pilot_action *a);

#endif
