/*
 * cast.h: the session as an asciicast, version 2.
 *
 * An asciicast is a line of JSON for a header (the terminal's width and
 * height, when it started, its TERM and SHELL), then one line per event:
 * [seconds, "o", "bytes sent"] for output and [seconds, "r", "COLSxROWS"]
 * for a resize. asciinema(1) plays it back. What the terminal is sent
 * comes here through term.h's output tap; the JSON strings must be valid
 * UTF-8, so a character split between two writes is joined again, and a
 * byte that is no part of any character stands as U+FFFD.
 */
#ifndef BOIDS_CAST_H
#define BOIDS_CAST_H

#include <stddef.h>
#include <stdio.h>

struct cast;

/* Create path for writing; NULL with "boids: cannot write cast file
 * 'PATH': reason" on err when it cannot be. */
struct cast *cast_create(const char *path, FILE *err);

/* The header, for a terminal of cols by rows; 0, or -1 (errno). */
int cast_begin(struct cast *c, int cols, int rows);

/* Output, as term_set_tap() hands it over, arg being the cast: an
 * event, holding back the start of a character that the next write
 * completes. */
void cast_output(void *arg, const char *buf, size_t len);

/* A resize event; 0, or -1 (errno). */
int cast_resize(struct cast *c, int cols, int rows);

/*
 * The last event, should a fault end the session: len bytes that restore
 * the screen, made into an event's JSON now, and written by
 * cast_fault_end() (arg being the cast) from the fault's handler, with
 * the time then, in one write: a viewer's terminal is given back as the
 * live one was. Room for it is kept under the file's limits. 0, or -1
 * (errno).
 */
int cast_prepare_fault(struct cast *c, const char *bytes, size_t len);
void cast_fault_end(void *arg);

/* The session has begun: the cast replaces the file its path named
 * (journal_keep()); 0, or -1 (errno). */
int cast_keep(struct cast *c);

/* 0 while every write has succeeded; else the errno of the first that
 * failed, after which nothing more is written and the file ends at its
 * last whole line. */
int cast_error(const struct cast *c);

/* Write what is held back and close; -1 (errno) when anything failed.
 * A cast whose writes failed ends with the fault's event, in the room
 * kept for it, so that it gives its viewer's terminal back all the
 * same. c is freed. */
int cast_finish(struct cast *c);

const char *cast_path(const struct cast *c);

/* journal_say_links() of the cast's file. */
void cast_say_links(const struct cast *c, FILE *err);

/* The JSON string (quotes included) for len bytes of terminal output,
 * into out (at least 6 * len + 3 bytes), with *carry (up to 3 bytes,
 * *ncarry of them) held from the last call put first and the start of
 * a character at the end held back into it; last: hold nothing back.
 * Returns the length written. For the writer and its tests. */
size_t cast_json(char *out, const char *buf, size_t len, unsigned char *carry,
    size_t *ncarry, int last);

#endif
