/*
 * headless.h: running the flock without a terminal.
 *
 * A fixed number of steps, a line of key=value statistics every K steps on
 * standard output, and optionally a CSV trace of every agent at each
 * printed step. The output is a pure function of the options and the seed.
 */
#ifndef BOIDS_HEADLESS_H
#define BOIDS_HEADLESS_H

#include <stdio.h>

#include "engine/flock.h"
#include "files/record.h"
#include "options/options.h"

/* Run as the options say, replaying the record when not NULL; returns
 * the exit status. */
int headless_run(const struct options *o, const struct record *replay);

/* The statistics line for one step, without its newline, into buf. */
void headless_format(char *buf, size_t len, const struct flock_stats *s,
    const struct options *o);

#endif
