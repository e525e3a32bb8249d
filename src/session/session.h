/*
 * session.h: one flight of the flock, and what the user does to it.
 *
 * A session is the application's state: the flock and the world it flies
 * in, built from the options, and those options, which the preset key
 * changes (a preset beneath those given, as --preset would); the view
 * (camera, glyphs, the panel and the key overlay), the clock's state
 * (paused, the flight's speed), the multiplier selected, the autopilot;
 * and the keeping of the session (the flight in a record, --record, and
 * the screen in a cast, --cast) and the flying again of a record
 * (--replay). The terminal's loop (ui.c) and the headless run
 * (headless.c) both drive it: they step it, hand it keys, and apply a
 * record's inputs through it, so that a flight flies the same in
 * either.
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
 * there; or SESSION_REFUSED, with a line and the hint to --help on err,
 * when the flock cannot write the sign asked for (--say, --clock) in
 * that world, or BOIDS_CLOCK holds no time.
 */
#define SESSION_REFUSED (-2)
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
 * clicks land on its screen above the status line, a world that follows
 * the terminal takes its size, boids, goal and the camera's centre
 * keeping their places relative to it, and the camera keeps its centre
 * and zoom, or fits again if it was fitted. A fixed or replayed world
 * stays as it is.
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

/*
 * Keeping the session: the record takes the inputs that changed the
 * flight (session_key(), session_resize() write them), the cast takes
 * every byte the screen is sent and each size the terminal takes. Both
 * are journals (files/journal.h): a write that fails stops the file at
 * its last whole line, and the loop ends the session with the first
 * failure, said once the terminal is restored.
 */

/* A file of the session's that could not be written: what it keeps
 * ("record", "cast"), its path, and why (errno). */
struct session_failure {
	const char *what, *path;
	int err;
};

/* The failure f said on err as one line, if there was one (f->what). */
void session_failure_say(const struct session_failure *f, FILE *err);

/*
 * The files the options ask for, made before the terminal is touched:
 * the record, begun with the options and the session's world, or else
 * the cast, begun for a terminal of cols by lines. 0; or -1 when one
 * could not be: *f says which, or has what NULL when the file's own
 * message went to err already.
 */
int session_keep_start(struct session *s, const struct options *o,
    int cols, int lines, FILE *err, struct session_failure *f);

/* The session has begun: the record and the cast replace the files
 * their paths named, which a session that failed to start leaves
 * alone. 0, or -1 with *f for the first that failed. */
int session_keep_begun(struct session *s, struct session_failure *f);

/* Bytes the screen is sent, as term_set_tap() hands them over (arg
 * being the session): into the cast. */
void session_keep_output(void *arg, const char *buf, size_t len);

/* The terminal is now cols by lines: the cast says so, once for each
 * new size. 0, or -1 with *f. */
int session_keep_screen(struct session *s, int cols, int lines,
    struct session_failure *f);

/* Should a fault end the session: the n bytes that restore the screen
 * become the cast's last event now, which session_keep_fault_end() (arg
 * being the session, from the fault's handler) writes. 0, or -1 with
 * *f. */
int session_keep_fault(struct session *s, const char *bytes, size_t n,
    struct session_failure *f);
void session_keep_fault_end(void *arg);

/* 1 with *f when a write of either file has failed, else 0. */
int session_keep_failed(const struct session *s, struct session_failure *f);

/* The record's end line and the cast's last bytes, and both closed. 0,
 * or -1 with *f for the first that failed. */
int session_keep_stop(struct session *s, struct session_failure *f);

/* A line on err for each file the session replaced that had other
 * names (hard links), which keep the old file; for once the terminal
 * is restored. */
void session_keep_tell(const struct session *s, FILE *err);

#endif
