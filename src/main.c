/*
 * main.c: boids, a flock of boids in the terminal.
 *
 * Check the command line completely, then the config file beneath it,
 * then run either headless (statistics on standard output) or on the
 * terminal. Nothing is drawn before every argument has been checked, a
 * replayed record's and the config file's included.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "files/record.h"
#include "headless.h"
#include "lib/say.h"
#include "options/config.h"
#include "options/layers.h"
#include "options/options.h"
#include "session/input.h"
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
	switch (options_replay(o, r->args, r->nargs, argc, argv, stderr)) {
	case OPTIONS_RUN:
		return 0;
	case OPTIONS_NO_MEMORY:
		record_free(r);
		return EXIT_TROUBLE;
	default:
		record_free(r);
		return EXIT_USAGE;
	}
}

/* What was printed instead of a flight (--help, --print-config), out. */
static int
printed(void)
{
	if (fflush(stdout) == EOF || ferror(stdout)) {
		say(stderr, "cannot write output: %s", strerror(errno));
		return EXIT_TROUBLE;
	}
	return 0;
}

/* The config file's options beneath the flight's (a replay takes only
 * those that show it), then the flight, or the config it makes. */
static int
run(struct options *o, const struct config *c, const struct record *replay)
{
	layers_beneath(o, config_options(c), replay != NULL);
	if (o->print_config)
		return config_print(o, stdout) < 0 ? EXIT_TROUBLE : printed();
	return options_headless(o) ? headless_run(o, replay) :
	    ui_run(o, replay);
}

/* The flight, from the command line or a record, over the config. */
static int
fly(struct options *o, const struct config *c, int argc, char **argv)
{
	struct record r;
	int status;

	if (!o->replay)
		return run(o, c, NULL);
	if ((status = replay_load(&r, o, argc, argv)) != 0)
		return status;
	status = run(o, c, &r);
	record_free(&r);
	return status;
}

int
main(int argc, char **argv)
{
	struct options o;
	struct config c;
	const struct help_line *keys;
	size_t nkeys;
	int status;

	switch (options_parse(&o, argc, argv, stdout, stderr)) {
	case OPTIONS_HELP:
		nkeys = input_help(&keys);
		options_print_help(stdout, keys, nkeys);
		return printed();
	case OPTIONS_DONE:
		return printed();
	case OPTIONS_ERROR:
		return EXIT_USAGE;
	case OPTIONS_NO_MEMORY:
		return EXIT_TROUBLE;
	case OPTIONS_RUN:
		break;
	}
	if ((status = config_read(&c, &o, stderr)) == 0)
		status = fly(&o, &c, argc, argv);
	config_free(&c);
	return status;
}
