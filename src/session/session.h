/*
 * session.h: one flight of the flock, and what the user does to it.
 *
 * A session is the application's state: the flock and the world it flies
 * in, built from the options, and those options, which the preset key
 * changes (a preset beneath those given, as --preset would); the view
 * (camera, glyphs, the panel and the key overlay), the clock's state
 * (paused, the flight's speed), the multiplier selected, the autopilot;
 * and the keeping of the flight (--record) and its flying again
 * (--replay). The terminal's loop (ui.c)
 * and the headless run (headless.c) both drive it: they step it, hand it
 * keys, and apply a record's inputs through it, so that a flight flies
 * the same in either.
 *
 * A key goes in through session_key(), which has the key table (input.c)
 * do what the key means, and keeps it in the record when the action says
 * it changed the flight; what it answers is what the loop owes the
 * screen.
 */
#ifndef BOIDS_SESSION_H
#define BOIDS_SESSION_H

#include <stdint.h>
#include <stdio.h>

#include "session_state.h"
#include "term/event.h"

/*
 * A session flying a copy of the options o: in the record's
 * world when replaying; else in the world of -W's terminal; else, when
 * cols and lines give the terminal's size (0 when there is none), in
 * that terminal's world, grown when the flock would crowd it at its
 * spacing. 0, or -1 with one line on err when the flock's memory is not
 * there.
 */
int session_start(struct session *s, const struct options *o,
    const struct record *replay, int cols, int lines, FILE *err);
void session_end(struct session *s);

/* The flock the options describe, in a w by h world, its lengths fitted
 * to it; NULL with one line on err when the memory is not there, checked
 * before allocating. */
struct flock *session_flock(const struct options *o, float w, float h,
    FILE *err);

/* The world takes a new size: the flock keeps its places relative to
 * it, the lengths the options left open are fitted anew, and a record
 * kept says so. */
void session_resize(struct session *s, float w, float h);

/*
 * The terminal is now cols by lines (0 by 0 when too small to draw in):
 * clicks land in its field, a world that follows the terminal takes its
 * size, boids, goal and the camera's centre keeping their places
 * relative to it, and the camera keeps its centre and zoom, or fits
 * again if it was fitted. A fixed or replayed world stays as it is.
 */
void session_terminal(struct session *s, int cols, int lines);

/*
 * A key or a click: what the key table says it does, done, unless the
 * overlay is open, which it then only closes (a second ? turns its key
 * list to the settings to fly again). A key that changed the flight is
 * kept in the record, at this step, and ends a replay: the flight is the
 * user's from there on. A new flock of another count or spacing (the
 * preset key's) then gets the world a terminal's would have at the
 * start, which the record keeps as a resize after the key.
 */
enum reaction session_key(struct session *s, const struct event *ev);

/* One step of the flight. */
void session_step(struct session *s);

/* The next of the record's inputs due after this step, applied as the
 * terminal applied it (a key with the overlay closed, a click's goal, a
 * resize): 1, or 0 when none is due. */
int session_replay_next(struct session *s);

/* Whether every input of the record has been applied and the flight has
 * reached the record's end. */
int session_replay_over(const struct session *s);

/* After the step: what the autopilot does, through the keys' actions;
 * it looks at the flock's groups once a second. */
enum reaction session_pilot(struct session *s);

#endif
