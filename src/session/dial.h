/*
 * dial.h: the local time as the text of a sign (--clock).
 *
 * The time is read as hours and minutes, HH:MM on a 24-hour clock, or
 * on a 12-hour one as 3:07 PM (the hour without its leading zero, AM
 * or PM after it) when the locale's time format counts hours by twelve.
 * In a terminal the clock runs in real time; headless, it runs with the
 * flight, a second for each `rate` steps, from the time the run began.
 * BOIDS_CLOCK=HH:MM (or HH:MM:SS) sets the time the clock starts at,
 * on a 24-hour clock, for a test or a picture; it then runs as it
 * would from there, and the wall clock is not read.
 */
#ifndef BOIDS_DIAL_H
#define BOIDS_DIAL_H

#include <stdio.h>

#include "options/options.h"

/* Long enough for "12:59 PM" and its NUL, with room to spare. */
#define DIAL_TEXT 16

struct dial {
	int twelve;          /* a 12-hour clock */
	int set;             /* BOIDS_CLOCK gave the start */
	long start;          /* set: seconds into the day at the start;
				* else the wall clock's seconds then */
	long long begun;     /* the monotonic clock at the start, ns */
	int headless;        /* runs with the flight, not in real time */
	int rate;            /* steps a second, headless */
};

/* The clock started now; 0, or -1 with a line on err (and the hint to
 * --help) when BOIDS_CLOCK holds no time. */
int dial_start(struct dial *d, const struct options *o, FILE *err);

/* The time at step `step` of the flight, as the sign writes it. */
void dial_text(const struct dial *d, long step, char *buf, size_t len);

/* The text of the time that takes the most room and the most pixels,
 * which the sign is sized for, so that it keeps its size all day. */
void dial_widest(const struct dial *d, char *buf, size_t len);

/* The minutes since midnight, 0 to 1439, as the sign writes them. */
void dial_format(int minutes, int twelve, char *buf, size_t len);

/* Whether a strftime() time format (the locale's T_FMT) counts hours
 * by twelve: it has %I, %l or %r. */
int dial_twelve(const char *format);

/* Whether a time as the sign wrote it is on a 12-hour clock: it ends
 * in AM or PM. */
int dial_written_twelve(const char *text);

/* "HH:MM" or "HH:MM:SS" on a 24-hour clock as seconds into the day, or
 * -1. */
long dial_parse(const char *text);

#endif
