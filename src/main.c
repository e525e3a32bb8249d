/*
 * main.c: boids, a flock of boids in the terminal.
 *
 * Check the command line completely, then run either headless (statistics
 * on standard output) or on the terminal. Nothing is drawn before every
 * argument has been checked.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "headless.h"
#include "options.h"
#include "ui.h"

int
main(int argc, char **argv)
{
	struct options o;

	switch (options_parse(&o, argc, argv, stdout, stderr)) {
	case OPTIONS_DONE:
		if (fflush(stdout) == EOF || ferror(stdout)) {
			fprintf(stderr, "%s: cannot write output: %s\n",
			    BOIDS_NAME, strerror(errno));
			return EXIT_TROUBLE;
		}
		return 0;
	case OPTIONS_ERROR:
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	if (o.headless)
		return headless_run(&o);
	return ui_run(&o);
}
