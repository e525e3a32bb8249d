/*
 * args.h: options from a command line written out in a test, parsed as
 * the program parses its own, with what it would say thrown away.
 */
#ifndef BOIDS_ARGS_H
#define BOIDS_ARGS_H

#include <stdio.h>

#include "check.h"
#include "options/options.h"

static void
parse_args(struct options *o, int argc, char **argv)
{
	FILE *sink = fopen("/dev/null", "w");

	CHECK(sink != NULL);
	CHECK_INT(options_parse(o, argc, argv, sink ? sink : stderr,
	    sink ? sink : stderr), OPTIONS_RUN);
	if (sink)
		fclose(sink);
}

#endif
