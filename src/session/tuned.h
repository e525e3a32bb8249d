/*
 * tuned.h: what a session's keys tuned, and how to fly it again.
 *
 * Whatever the keys changed (the multipliers, the wind, the goal and its
 * pull, the predators, the preset) is laid over the options the session
 * started with, as a command line and as the lines of a config file that
 * fly those settings again; the help overlay shows them. Nothing here
 * draws.
 */
#ifndef BOIDS_TUNED_H
#define BOIDS_TUNED_H

#include <stddef.h>

#include "input.h"
#include "options/options.h"
#include "session.h"

#define TUNED_WIDTH 76          /* the widest line, in columns */
#define TUNED_NARROWEST 4       /* the narrowest: abc\ */
#define TUNED_QUOTED 8          /* as narrow as a word in quotes goes */
#define TUNED_LINES (LEDGER_MAX + 16)

struct tuned {
	struct ledger given;           /* the settings, as options given */
	char values[8][64];            /* the values the keys set */
	size_t nvalues;
	int no_config;                 /* the line must not read a file */
	char text[TUNED_LINES][TUNED_WIDTH * 4 + 1];
	struct help_line line[TUNED_LINES];
	size_t nlines;
};

/* The settings tuned now: the options given with the keys' changes
 * laid over them, in t->given. */
void tuned_settings(struct tuned *t, const struct session *s);

/* The command line that flies the settings of t, cut into lines of at
 * most width columns (TUNED_NARROWEST to TUNED_WIDTH; TUNED_QUOTED for
 * a value in quotes) that a shell reads back as one command: each but
 * the last ends in a backslash, after a blank between words or inside a
 * word, which then goes on at the start of the next line. The first
 * starts "boids". Returns the number of lines. */
size_t tuned_command(struct tuned *t, int width);

/* The help overlay's second page, its lines as input_help with only
 * `what` set: the command line, then the config file's lines. */
size_t tuned_help(struct tuned *t, const struct session *s, int width,
    const struct help_line **lines);

#endif
