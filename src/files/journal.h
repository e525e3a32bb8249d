/*
 * journal.h: a file written a whole line at a time, as things happen.
 *
 * A record of the flight and a cast of the screen are both journals:
 * each line goes to the file with write(2) as soon as what it tells has
 * happened, so the file is never behind by more than the line being
 * written, and a program that dies leaves a file that reads. A line that
 * cannot be written whole (a full disk, a file size limit, a limit of
 * its own) is taken back, the file cut to its last whole line, and
 * nothing more is written but a last line the caller kept room for; the
 * error is kept, for the caller to say once the terminal is restored.
 */
#ifndef BOIDS_JOURNAL_H
#define BOIDS_JOURNAL_H

#include <stddef.h>
#include <stdio.h>

struct journal;

/* Create a file for path (replace.h: beside it, until kept); NULL with
 * "boids: cannot write WHAT file 'PATH': reason" on err when it cannot
 * be. */
struct journal *journal_create(const char *path, const char *what,
    FILE *err);

/* The run has begun: the file takes its name, replacing what it named.
 * 0, or -1 (errno) as a failed write. A journal closed unkept leaves
 * the old file as it was. */
int journal_keep(struct journal *j);

/* One line of len bytes, its newline included: whole, or not at all. 0,
 * or -1 with errno set (also for every line after one that failed). */
int journal_write(struct journal *j, const char *line, size_t len);

/* The most bytes the file may take, when less than the file size limit
 * (RLIMIT_FSIZE): a line that would go past it fails as one past that
 * limit does, with EFBIG, and nothing of it is written. */
void journal_limit(struct journal *j, long long most);

/* Keep room for a last line of up to len bytes under the limits: other
 * lines fail with EFBIG where they would take it. */
void journal_reserve(struct journal *j, size_t len);

/* The last line, in the room kept for it: written after the file's
 * last whole line even once a write has failed, wherever the file can
 * still take it. From a signal handler too, as the process dies: a
 * seek and a write(2), nothing else. */
void journal_write_last(struct journal *j, const char *line, size_t len);

/* Stop the journal as a failed write would, with errno err: for a line
 * that could not even be made. */
void journal_fail(struct journal *j, int err);

/* 0 while every line has been written; else the errno of the first
 * that failed. */
int journal_error(const struct journal *j);

/* The path, for messages. */
const char *journal_path(const struct journal *j);

/* Once kept over a file with other names (hard links), which keep the
 * old one, one line on err that says so; else nothing. */
void journal_say_links(const struct journal *j, FILE *err);

/* Close and free j; -1 with errno set when anything failed. */
int journal_close(struct journal *j);

#endif
