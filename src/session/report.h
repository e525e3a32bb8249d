/*
 * report.h: what the status line and the overlay of keys show of a
 * session.
 */
#ifndef BOIDS_REPORT_H
#define BOIDS_REPORT_H

#include "engine/flock.h"
#include "session.h"
#include "tuned.h"
#include "view/status.h"

/* The status st for the session s, whose flock v is: its settings, its
 * modes, the overlay's keys or (its second page) the settings to fly it
 * again, laid out by t. What the loop alone knows (frames a second, the
 * flight's speed, whether it hides the line) and the panel are left to
 * it, cleared. */
void report_status(struct session *s, struct tuned *t,
    const struct flock_view *v, struct status *st);

#endif
