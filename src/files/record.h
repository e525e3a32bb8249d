/*
 * record.h: a flight kept as a small text file, and flown again.
 *
 * A flight is a pure function of the options, the seed, the world's size
 * and the inputs that changed it, each at the step it took effect. The
 * record holds exactly that, one item a line:
 *
 *     boids-record 1
 *     build <what built the program>
 *     option <long name> [<value>]      (the seed always among them)
 *     world <width> <height>            (world units)
 *     key <step> <code>                 (a key, by its curses code)
 *     click <step> <x> <y>              (the goal a click placed, in
 *                                        world units)
 *     resize <step> <width> <height>    (the world's new size)
 *     sign <step> <text>                (the text a sign writes from
 *                                        then on: the clock's time)
 *     end <step>
 *
 * A value or a text is written as it is, but for its spaces, its
 * percent signs and its bytes beyond printable ASCII, each written as
 * % and two hex digits (%20 for a space), so that a line stays one line
 * of words; a record from before any text needed this reads the same.
 * An input at step S took effect after S steps, before step S + 1. The
 * writer sends every line as it goes (a journal), so a flight cut short
 * by a crash is still a record, one without its end line: it ends at its
 * last input. A record file holds at most RECORD_MAX_BYTES: the writer
 * stops there, as at a file size limit, and the reader refuses more.
 * The reader takes the whole file or refuses it with one line naming the
 * file and the line; the caller exits with EXIT_DATA.
 */
#ifndef BOIDS_RECORD_H
#define BOIDS_RECORD_H

#include <stddef.h>
#include <stdio.h>

#include "journal.h"
#include "options/options.h"

#define RECORD_VERSION 1
#define RECORD_MAX_LINE 512
/* The most bytes a record file holds, 64 MiB: some three million keys. */
#define RECORD_MAX_BYTES (64L * 1024 * 1024)

enum record_kind { RECORD_KEY, RECORD_CLICK, RECORD_RESIZE, RECORD_SIGN };

struct record_event {
	long step;
	enum record_kind kind;
	int key;                /* RECORD_KEY */
	double x, y;            /* RECORD_CLICK: world point; RESIZE: size */
	char *text;             /* RECORD_SIGN: the text; NULL for others */
};

struct record {
	char **args;            /* "--name", "value", ...: the options */
	size_t nargs;
	float w, h;             /* the world at the start */
	struct record_event *ev;
	size_t nev;
	long end;               /* the last step of the flight */
	int ended;              /* it had its end line */
};

/*
 * Read a record from text (len bytes) into r; name is the file's name for
 * messages. build is the build line it must carry (NULL: any). 0, or -1
 * with one line "FILE:LINE: what" (without a program name) in msg; or
 * RECORD_NO_MEMORY, with "FILE:LINE: out of memory", when a valid record
 * does not fit.
 */
#define RECORD_NO_MEMORY (-2)
int record_parse(struct record *r, const char *text, size_t len,
    const char *name, const char *build, char *msg, size_t msglen);

/* Read the record at path as record_parse() does, the file's own build
 * required; a message "boids: ..." on err and -1 when it is damaged or
 * larger than a record can be, -2 when it cannot be read at all or does
 * not fit in memory. */
int record_load(struct record *r, const char *path, FILE *err);

void record_free(struct record *r);

/*
 * What is replayed after each step: the events at step `step`, in order,
 * starting at *next; each call returns the next one and advances *next,
 * NULL when none is left at that step.
 */
const struct record_event *record_due(const struct record *r, size_t *next,
    long step);

/* ---- Writing ---- */

/* Create path for writing, a journal (journal.h) of the record's lines,
 * which fails with EFBIG where a line would take it past
 * RECORD_MAX_BYTES; NULL with "boids: cannot write record file 'PATH':
 * reason" on err when it cannot be. */
struct journal *record_create(const char *path, FILE *err);

/* Each returns 0, or -1 when the write failed (errno says why, and
 * journal_error() from then on); the file then ends at its last
 * complete line. */
int record_begin(struct journal *w, const struct options *o, float ww,
    float wh);
int record_key(struct journal *w, long step, int key);
int record_click(struct journal *w, long step, double x, double y);
int record_resize(struct journal *w, long step, float ww, float wh);
int record_sign(struct journal *w, long step, const char *text);

/* Write the end line and close; -1 when anything failed. w is freed. */
int record_finish(struct journal *w, long step);

#endif
