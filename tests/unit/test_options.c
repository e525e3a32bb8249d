/*
 * test_options.c: the command line (src/options/options.c), parsed in-process.
 *
 * Defaults and each kind of value as the brief gives them; the one line
 * a bad value gets, word for word, and the hint after it; abbreviations,
 * flags given a value and words out of place; options that mean nothing
 * without --headless, or together; which options a record keeps; and a
 * replay's command line, which may not change the recorded flight.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/version.h"
#include "options/options.h"
#include "session/input.h"

#define MAX_ARGS 40

static char *said;        /* what the last parse wrote to err */

/* Parse the words of line (blank-separated, after the program's name);
 * what it says on err is kept in said. */
static enum options_result
parse(struct options *o, const char *line)
{
	static char buf[512];
	char *argv[MAX_ARGS + 2], *w;
	size_t len = 0;
	int argc = 0;
	FILE *out = fopen("/dev/null", "w"), *err;
	enum options_result r;

	free(said);
	said = NULL;
	err = open_memstream(&said, &len);
	snprintf(buf, sizeof buf, "%s", line);
	argv[argc++] = (char *)"boids";
	for (w = strtok(buf, " "); w && argc <= MAX_ARGS; w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	r = options_parse(o, argc, argv, out ? out : stdout, err ? err :
	    stderr);
	if (out)
		fclose(out);
	if (err)
		fclose(err);
	return r;
}

static int
said_is(const char *text)
{
	return said && strcmp(said, text) == 0;
}

static void
test_defaults(void)
{
	struct options o;

	CHECK_INT(parse(&o, ""), OPTIONS_RUN);
	CHECK_INT(o.count, 200);
	CHECK_INT(o.fps, 30);
	CHECK_INT(o.rate, 30);
	CHECK_INT(o.steps, 1000);
	CHECK_INT(o.every, 100);
	CHECK_INT(o.cols, 80);
	CHECK_INT(o.rows, 24);
	CHECK(!o.size_set && !o.headless && !o.seed_set);
	CHECK(o.params.cohesion == 1.0f && o.params.fov == 360.0f);
	CHECK(!o.params.goal_on);
	CHECK(o.speed == 0.0);               /* auto */
	CHECK_INT(o.given.n, 0);
	CHECK(said_is(""));
}

static void
test_values(void)
{
	struct options o;

	CHECK_INT(parse(&o, "-n 500 -c -2.5 --separation=0.25 -a +0.5 "
	    "-w 0.1,-0.2 -g 0.5,1 -F 270 -W 120x40 -S 18446744073709551615 "
	    "-P -H -t 50 -e 5"), OPTIONS_RUN);
	CHECK_INT(o.count, 500);
	CHECK(o.params.cohesion == -2.5f);
	CHECK(o.params.separation == 0.25f);
	CHECK(o.params.alignment == 0.5f);
	CHECK(o.params.wind_x == 0.1f && o.params.wind_y == -0.2f);
	CHECK(o.params.goal_on && o.params.goal_x == 0.5f &&
	    o.params.goal_y == 1.0f);
	CHECK(o.params.fov == 270.0f);
	CHECK(o.size_set && o.cols == 120 && o.rows == 40);
	CHECK(o.seed_set && o.seed == UINT64_MAX);
	CHECK(o.params.perch && o.headless);
	CHECK(o.steps == 50 && o.every == 5);
	/* Lengths the user gave are kept from fitting. */
	CHECK_INT(parse(&o, "-r 3 -d 1.5 -v 0.7"), OPTIONS_RUN);
	CHECK_INT(o.set, FLOCK_SET_RADIUS | FLOCK_SET_DISTANCE |
	    FLOCK_SET_SPEED);
	CHECK(o.params.radius == 3.0f && o.params.distance == 1.5f);
	/* Words of a list; the last of a repeated option counts. */
	CHECK_INT(parse(&o, "--glyphs dots --start random --glyphs arrows"),
	    OPTIONS_RUN);
	CHECK_INT(o.glyphs, 1);
	CHECK_INT(o.params.start, 2);
	CHECK_INT(o.given.n, 2);
	/* Abbreviations that fit one option. */
	CHECK_INT(parse(&o, "--coh 2 --sep 3"), OPTIONS_RUN);
	CHECK(o.params.cohesion == 2.0f && o.params.separation == 3.0f);
}

/* --speed: auto, or a factor from 1/8 to 64. */
static void
test_speed(void)
{
	static const char *const bad[] = { "0.1", "65", "nan", "inf", "2x",
		"Auto", "-1", "0" };
	struct options o;
	char line[64];
	size_t i;

	CHECK_INT(parse(&o, "--speed auto"), OPTIONS_RUN);
	CHECK(o.speed == 0.0);
	CHECK_INT(parse(&o, "--speed 4"), OPTIONS_RUN);
	CHECK(o.speed == 4.0);
	CHECK_INT(parse(&o, "--speed 0.125"), OPTIONS_RUN);
	CHECK(o.speed == 0.125);
	CHECK_INT(parse(&o, "--speed=64"), OPTIONS_RUN);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(line, sizeof line, "--speed %s", bad[i]);
		CHECK_INT(parse(&o, line), OPTIONS_ERROR);
	}
	CHECK(said_is("boids: invalid value for --speed: '0' (expected "
	    "auto, or a number from 0.125 to 64)\nTry 'boids --help'.\n"));
}

/* The brief's message, then the hint, for each kind of value. */
static void
test_bad_values(void)
{
	struct options o;

	CHECK_INT(parse(&o, "--count abc"), OPTIONS_ERROR);
	CHECK(said_is("boids: invalid value for --count: 'abc' (expected an "
	    "integer from 1 to 10000000)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-n 10000001"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-n 0"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-n 1.5"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-c 10.5"), OPTIONS_ERROR);
	CHECK(said_is("boids: invalid value for --cohesion: '10.5' (expected "
	    "a number from -10 to 10)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-F 0.5"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-w 0.1"), OPTIONS_ERROR);
	CHECK(said_is("boids: invalid value for --wind: '0.1' (expected X,Y, "
	    "each a number from -1 to 1)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-w 0.1,2"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-g 0.5,"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-W 5x1"), OPTIONS_ERROR);
	CHECK(said_is("boids: invalid value for --size: '5x1' (expected "
	    "COLSxROWS, COLS an integer from 1 to 10000 and ROWS from 2 to "
	    "10000)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-W 80*24"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-S -1"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "--glyphs braille"), OPTIONS_ERROR);
	CHECK(said_is("boids: invalid value for --glyphs: 'braille' (expected "
	    "arrows, dots, pixels or auto)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-f 241"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-R 0"), OPTIONS_ERROR);
}

/* What getopt_long could not place, and words out of place. */
static void
test_bad_words(void)
{
	struct options o;

	CHECK_INT(parse(&o, "--co 1"), OPTIONS_ERROR);
	CHECK(said_is("boids: ambiguous option '--co' (could be --count, "
	    "--cohesion, --config)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "--perch=1"), OPTIONS_ERROR);
	CHECK(said_is("boids: option --perch takes no value\n"
	    "Try 'boids --help'.\n"));
	CHECK_INT(parse(&o, "--bogus"), OPTIONS_ERROR);
	CHECK(said_is("boids: unknown option '--bogus'\n"
	    "Try 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-x"), OPTIONS_ERROR);
	CHECK(said_is("boids: unknown option '-x'\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-n"), OPTIONS_ERROR);
	CHECK(said_is("boids: option --count needs a value (an integer from "
	    "1 to 10000000)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "500"), OPTIONS_ERROR);
	CHECK(said_is("boids: unexpected argument '500'\n"
	    "Try 'boids --help'.\n"));
	CHECK_INT(parse(&o, "--trace="), OPTIONS_ERROR);
}

/* Options that go only with others, or not with others. */
static void
test_combinations(void)
{
	struct options o;

	CHECK_INT(parse(&o, "-t 5"), OPTIONS_ERROR);
	CHECK(said_is("boids: --steps works only with --headless\n"
	    "Try 'boids --help'.\n"));
	CHECK_INT(parse(&o, "--picture"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-H --record /tmp/a"), OPTIONS_ERROR);
	CHECK(said_is("boids: --record works only in the terminal, not with "
	    "--headless\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-H --cast /tmp/a"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "--record /tmp/a --replay /tmp/b"),
	    OPTIONS_ERROR);
	CHECK_INT(parse(&o, "-H --trace /tmp/./same --replay /tmp/same"),
	    OPTIONS_ERROR);
	CHECK(said_is("boids: --trace and --replay name the same file "
	    "'/tmp/same'\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "-H --trace /tmp/one --picture -t 3"),
	    OPTIONS_RUN);
}

/* What a record keeps: the options that shape the flight, by their long
 * names, with their values as given; not how it is shown or kept. */
static void
test_given(void)
{
	struct options o;
	const struct ledger_entry *g;

	CHECK_INT(parse(&o, "-n 30 -f 60 --perch -c 1.5 --no-color -S 7 "
	    "--glyphs dots --speed 2"), OPTIONS_RUN);
	CHECK_INT(o.given.n, 8);
	g = ledger_find(&o.given, "count");
	CHECK(g && g->kept && strcmp(g->value, "30") == 0);
	g = ledger_find(&o.given, "perch");
	CHECK(g && g->kept && g->value == NULL);
	g = ledger_find(&o.given, "cohesion");
	CHECK(g && g->kept && strcmp(g->value, "1.5") == 0);
	g = ledger_find(&o.given, "seed");
	CHECK(g && g->kept);
	CHECK(ledger_find(&o.given, "fps") && !ledger_find(&o.given, "fps")->kept);
	CHECK(!ledger_find(&o.given, "no-color")->kept);
	CHECK(!ledger_find(&o.given, "glyphs")->kept);
	CHECK(!ledger_find(&o.given, "speed")->kept);
	CHECK(ledger_find(&o.given, "wind") == NULL);
}

/* The extensions: flags and a count of species, 1 to 4, kept by a
 * record as they shape the flight; off and 1 by default. */
static void
test_extensions(void)
{
	struct options o;

	CHECK_INT(parse(&o, "-n 30"), OPTIONS_RUN);
	CHECK(!o.params.fear && !o.params.leaders && o.params.species == 1);
	CHECK_INT(parse(&o, "--fear --leaders --species 3"), OPTIONS_RUN);
	CHECK(o.params.fear && o.params.leaders && o.params.species == 3);
	CHECK(ledger_find(&o.given, "fear")->kept);
	CHECK(ledger_find(&o.given, "leaders")->kept);
	CHECK(ledger_find(&o.given, "species")->kept &&
	    strcmp(ledger_find(&o.given, "species")->value, "3") == 0);
	CHECK_INT(parse(&o, "--species 5"), OPTIONS_ERROR);
	CHECK(said_is("boids: invalid value for --species: '5' (expected an "
	    "integer from 1 to 4)\nTry 'boids --help'.\n"));
	CHECK_INT(parse(&o, "--species 0"), OPTIONS_ERROR);
	CHECK_INT(parse(&o, "--fear=1"), OPTIONS_ERROR);
	CHECK(said_is("boids: option --fear takes no value\n"
	    "Try 'boids --help'.\n"));
}

/* A replay: the record's options, then the command line's, which may
 * show or keep the flight but not change it. */
static void
test_replay(void)
{
	char *kept[] = { (char *)"--count=30", (char *)"--perch",
		(char *)"--seed=7" };
	char *argv[6];
	char *text = NULL;
	size_t len = 0;
	struct options o;
	FILE *err;

	CHECK_INT(parse(&o, "--replay /tmp/r -f 10 --glyphs dots"),
	    OPTIONS_RUN);
	argv[0] = (char *)"boids";
	argv[1] = (char *)"--replay";
	argv[2] = (char *)"/tmp/r";
	argv[3] = (char *)"-f";
	argv[4] = (char *)"10";
	argv[5] = NULL;
	err = open_memstream(&text, &len);
	CHECK_INT(options_replay(&o, kept, 3, 5, argv, err), OPTIONS_RUN);
	fclose(err);
	CHECK_INT(o.count, 30);
	CHECK(o.params.perch && o.seed == 7 && o.fps == 10);
	free(text);

	CHECK_INT(parse(&o, "--replay /tmp/r -n 50"), OPTIONS_RUN);
	text = NULL;
	err = open_memstream(&text, &len);
	CHECK_INT(options_replay(&o, kept, 3, 5, argv, err), OPTIONS_ERROR);
	fclose(err);
	CHECK(text && strcmp(text, "boids: --count: the record '/tmp/r' sets "
	    "the flight's options; leave it out\nTry 'boids --help'.\n") ==
	    0);
	free(text);

	CHECK_INT(parse(&o, "--replay /tmp/r -W 100x30"), OPTIONS_RUN);
	text = NULL;
	err = open_memstream(&text, &len);
	CHECK_INT(options_replay(&o, kept, 3, 5, argv, err), OPTIONS_ERROR);
	fclose(err);
	CHECK(text && strcmp(text, "boids: --size: the record '/tmp/r' gives "
	    "the world's size\nTry 'boids --help'.\n") == 0);
	free(text);
}

/* --help ends the parse, for the help to be printed with the keys;
 * --version goes to out and ends it too, with the version the Makefile
 * passed from the file VERSION: digits and dots, never "unknown". */
static void
test_done(void)
{
	char *argv[3] = { (char *)"boids", (char *)"--help", NULL };
	char want[64];
	char *text = NULL;
	size_t len = 0;
	struct options o;
	const struct help_line *keys;
	size_t nkeys;
	FILE *out = open_memstream(&text, &len);

	CHECK_INT(options_parse(&o, 2, argv, out, stderr), OPTIONS_HELP);
	nkeys = input_help(&keys);
	options_print_help(out, keys, nkeys);
	fclose(out);
	CHECK(text && strncmp(text, "Usage: boids [OPTION]...\n", 25) == 0);
	CHECK(text && strstr(text, "  -n, --count N") != NULL);
	CHECK(text && strstr(text, "\nKeys:\n") != NULL);
	free(text);
	argv[1] = (char *)"-V";
	text = NULL;
	out = open_memstream(&text, &len);
	CHECK_INT(options_parse(&o, 2, argv, out, stderr), OPTIONS_DONE);
	fclose(out);
	CHECK(version_number()[0] != '\0' && strspn(version_number(),
	    "0123456789.") == strlen(version_number()));
	snprintf(want, sizeof want, "boids %s\nbuild boids-%s ",
	    version_number(), version_number());
	CHECK(text && strncmp(text, want, strlen(want)) == 0);
	free(text);
}

int
main(void)
{
	test_defaults();
	test_values();
	test_speed();
	test_bad_values();
	test_bad_words();
	test_combinations();
	test_given();
	test_extensions();
	test_replay();
	test_done();
	free(said);
	return check_exit("test_options");
}
