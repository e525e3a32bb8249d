/*
 * say.h: the program's complaints, one line each, named.
 *
 * Every message begins with the program's name and is one line, on the
 * stream the caller gives (standard error, or a buffer when a record's
 * options go through the option parser); a bad command line adds where
 * help is, as other tools do. Nothing here exits: whoever complains
 * returns its exit status, so that the terminal is restored and the
 * files closed first.
 */
#ifndef BOIDS_SAY_H
#define BOIDS_SAY_H

#include <stdio.h>

#if defined(__GNUC__)
#define SAY_FORMAT __attribute__((format(printf, 2, 3)))
#else
#define SAY_FORMAT
#endif

/* "boids: " and the message, and a newline. */
void say(FILE *err, const char *fmt, ...) SAY_FORMAT;

/* The same for a bad command line, then "Try 'boids --help'." */
void say_usage(FILE *err, const char *fmt, ...) SAY_FORMAT;

/* Memory that ran out, wherever it did: the one line "boids: out of
 * memory" (and the exit status is EXIT_TROUBLE). */
void say_no_memory(FILE *err);

/*
 * A name the user gave (a file's, an argument, a terminal type) as a
 * message may show it: shown, never obeyed. Control bytes, DEL, the
 * backslash, the C1 controls in their UTF-8 form, and every byte that
 * is no part of a UTF-8 character (the C1 controls as raw bytes among
 * them, which an 8-bit terminal obeys) stand as \ooo, so a name cannot
 * move the cursor, clear the screen or forge a line.
 * The result lives until SAY_NAMES more names have been asked for.
 */
#define SAY_NAMES 4
const char *say_name(const char *name);

/* The most bytes of a name shown; a longer one ends in "...". Shown, a
 * name takes at most SAY_NAME_SHOWN bytes, its NUL included. */
#define SAY_NAME_MAX 4096
#define SAY_NAME_SHOWN (4 * SAY_NAME_MAX + 8)

#endif
