/*
 * session_impl.h: the session's inside, shared by its two files and by
 * nothing else.
 *
 * session.c holds a session's life: its world and flock, a key's way in
 * and its keeping in the record, a record's replay and the autopilot's
 * turn; actions.c holds what each action of the key table does. A key
 * goes from session.c to actions.c and back; actions.c calls back only
 * session_flock_for(), for the flock a new preset flies.
 */
#ifndef BOIDS_SESSION_IMPL_H
#define BOIDS_SESSION_IMPL_H

#include <stdint.h>

#include "input.h"
#include "pilot.h"
#include "session.h"

/* What action a does to s, for the key or click ev: the reaction the
 * loop owes the screen. */
enum reaction actions_do(struct session *s, enum input_action a,
    const struct input_event *ev);

/* One of the autopilot's actions, done as the keys would do it. */
enum reaction actions_pilot(struct session *s, const struct pilot_action *a);

/* The flock the options describe, in a w by h world, from seed, its
 * lengths fitted to the world; NULL when the memory is not there, which
 * is checked before allocating. */
struct flock *session_flock_for(const struct options *o, float w, float h,
    uint64_t seed);

#endif
