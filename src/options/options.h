/*
 * options.h: the command line, and the options given elsewhere.
 *
 * One table describes every option: its names, the kind and range of its
 * value, its default and its help. The parser, --help, the config file
 * and the presets (by long name, through options_put()), and the tests
 * that keep the man page honest all read that table. Parsing never exits
 * and never touches a terminal: it reports what the caller should do.
 */
#ifndef BOIDS_OPTIONS_H
#define BOIDS_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/flock.h"
#include "lib/exits.h"
#include "optable.h"


#define OPTIONS_MAX_GIVEN 64

/* An option as the command line gave it, by its long name; kept says it
 * shapes the flight, so that a record keeps it; file, that the config
 * file gives it (the command line may give it too). */
struct options_given {
	const char *name;
	const char *value;       /* NULL for a flag */
	int kept;
	int file;
};

struct options {
	struct flock_params params;
	int set;                 /* FLOCK_SET_* the user gave */
	size_t count;
	size_t predators, obstacles;
	uint64_t seed;
	int seed_set;
	int fps;                 /* the most frames drawn per second */
	int rate;                /* steps per second */
	int ascii, no_color;
	int headless;
	long steps, every;
	int cols, rows;
	int size_set;            /* -W given: the world, also in a terminal */
	const char *trace;
	const char *record, *replay, *cast;
	struct options_given given[OPTIONS_MAX_GIVEN]; /* the last of each */
	size_t ngiven;
	int glyphs;              /* enum field_glyphs */
	int picture;             /* headless: print the field at the end */
	double speed;            /* the flight against real time; 0 auto */
	int screensaver;         /* no status line, autopilot, any input ends */
	int theme;               /* enum theme_name */
	int background;          /* enum theme_background */
	int preset;              /* laid beneath the options given; preset.h */
	const char *config;      /* --config FILE */
	int no_config, print_config;
};

enum options_result {
	OPTIONS_RUN,     /* go on and run */
	OPTIONS_HELP,    /* --help asked: options_print_help(); exit 0 */
	OPTIONS_DONE,    /* --version or a list printed; exit 0 */
	OPTIONS_ERROR    /* message printed; exit EXIT_USAGE */
};

/* Parse argv into o. What it prints goes to out, errors to err. */
enum options_result options_parse(struct options *o, int argc, char **argv,
    FILE *out, FILE *err);

/* --help, with the numbers' defaults read from the defaults themselves,
 * and the keys (input.h's lines, which the layers above keep). */
void options_print_help(FILE *out, const struct help_line *keys,
    size_t nkeys);

/* The long names of every option, NULL-terminated, for tests. */
const char *const *options_long_names(void);

/* What the table says of an option, by its long name. */
struct options_about {
	int letter;              /* its short form, or 0 */
	int valued;              /* it takes a value */
	int in_file;             /* a config file may set it */
	char range[96];          /* what a value must be, as messages say */
};

/* 0, or -1 when there is no option of that long name. */
int options_about(const char *name, struct options_about *a);

/* The defaults, and nothing given. */
void options_clear(struct options *o);

/*
 * Put value (NULL for a flag) in option name's place in o, checked as
 * the command line checks it, and note it as given when give is set. 0,
 * or -1 when name is no option's whole long name, takes a value and has
 * none or the other way round, or the value is not one it takes. The
 * value is kept, not copied. The preset is not laid (layers.h does).
 */
int options_put(struct options *o, const char *name, const char *value,
    int give);

/* The given option of that long name, or NULL. */
const struct options_given *options_find(const struct options *o,
    const char *name);

/*
 * The options of a replay of the record o->replay names (o as the
 * command line made it): the record's kept options (nkept of them, as
 * "--name=value"), then those of the command line (argc, argv), which
 * may only show the flight or keep it: an option that shapes the flight
 * is refused with a line on err, whether the record set it or left it at
 * its default, as is a world size, which the record gives. Returns an
 * options_parse() result.
 */
enum options_result options_replay(struct options *o, char **kept,
    size_t nkept, int argc, char **argv, FILE *err);

#endif
