/*
 * main.c: boids, a flock of boids in the terminal.
 *
 * Check the command line completely, then run either headless (statistics
 * on standard output) or on the terminal. Nothing is drawn before every
 * argument has been checked, a replayed record's included.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "headless.h"
#include "say.h"
#include "options.h"
#include "record.h"
#include "ui.h"

/* The record to replay, and the options it and the command line make. */
static int
replay_load(struct record *r, struct options *o, int argc, char **argv)
{
	switch (record_load(r, o->replay, stderr)) {
	case 0:
		break;
	case -1:
		return EXIT_DATA;
	default:
		return EXIT_TROUBLE;
	}
	if (options_replay(o, r->args, r->nargs, argc, argv, stderr) !=
	    OPTIONS_RUN) {
		record_free(r);
		return EXIT_USAGE;
	}
	return 0;
}

static int
run(const struct options *o, const struct record *replay)
{
	return o->headless ? headless_run(o, replay) : ui_run(o, replay);
}

int
main(int argc, char **argv)
{
	struct options o;
	struct record r;
	int status;

	switch (options_parse(&o, argc, argv, stdout, stderr)) {
	case OPTIONS_DONE:
		if (fflush(stdout) == EOF || ferror(stdout)) {
			say(stderr, "cannot write output: %s", strerror(errno));
			return EXIT_TROUBLE;
		}
		return 0;
	case OPTIONS_ERROR:
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	if (!o.replay)
		return run(&o, NULL);
	if ((status = replay_load(&r, &o, argc, argv)) != 0)
		return status;
	status = run(&o, &r);
	record_free(&r);
	return status;
}
