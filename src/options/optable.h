/*
 * optable.h: the option table: every option's names, the kind and range
 * of its value, its group and its help, and what the table tells a
 * person (the words a choice takes, what a value must be, --help).
 *
 * It knows nothing of the options a parse fills in: options.c reads
 * argv, a config file's line, a preset or a record by this table, and
 * hands --help the defaults it would show.
 */
#ifndef BOIDS_OPTABLE_H
#define BOIDS_OPTABLE_H

#include <stddef.h>
#include <stdio.h>

#define OPTIONS_MAX_SIZE 10000  /* headless field, cells each way */
/* The flight's speed against real time (--speed), as a factor. */
#define OPTABLE_SPEED_MIN 0.125
#define OPTABLE_SPEED_MAX 64.0

/* A line of help for a person: "q, Esc" and "quit", as --help and the
 * key overlay show the keys. */
struct help_line {
	const char *keys;
	const char *what;
};
#define OPTIONS_MAX_STEPS 1000000000L

enum kind {
	KIND_FLAG,     /* no value */
	KIND_INT,      /* an integer in [lo, hi] */
	KIND_REAL,     /* a finite number in [lo, hi] */
	KIND_PAIR,     /* X,Y, each a finite number in [lo, hi] */
	KIND_SIZE,     /* COLSxROWS, COLS in [lo, hi], ROWS in [lo + 1, hi] */
	KIND_SEED,     /* an unsigned 64-bit integer */
	KIND_FILE,     /* a path */
	KIND_CHOICE,   /* one word of a list (optable_choices()) */
	KIND_FACTOR,   /* auto, or a number in [lo, hi] */
	KIND_PRESET    /* a preset's name (preset.h) */
};

enum group { GROUP_FLOCK, GROUP_RULES, GROUP_WORLD, GROUP_SCREEN,
	GROUP_HEADLESS, GROUP_FLIGHTS, GROUP_SETTINGS, GROUP_OTHER,
	GROUP_COUNT };

enum opt_id {
	OPT_COUNT, OPT_COHESION, OPT_SEPARATION, OPT_ALIGNMENT, OPT_RADIUS,
	OPT_DISTANCE, OPT_SPEED, OPT_TURN, OPT_FOV, OPT_WIND, OPT_GOAL,
	OPT_GOAL_WEIGHT, OPT_PREDATORS, OPT_OBSTACLES, OPT_PERCH, OPT_FPS,
	OPT_RATE,
	OPT_SEED, OPT_ASCII, OPT_NO_COLOR, OPT_HEADLESS, OPT_STEPS, OPT_EVERY,
	OPT_SIZE, OPT_TRACE, OPT_RECORD, OPT_REPLAY, OPT_CAST, OPT_HELP,
	OPT_VERSION, OPT_GLYPHS, OPT_START, OPT_PICTURE, OPT_WANDER,
	OPT_NEAREST, OPT_FLIGHT_SPEED, OPT_SCREENSAVER, OPT_THEME,
	OPT_BACKGROUND, OPT_PRESET, OPT_CONFIG, OPT_NO_CONFIG,
	OPT_PRINT_CONFIG, OPT_FEAR, OPT_LEADERS, OPT_SPECIES, OPT_TOTAL
};

struct spec {
	enum opt_id id;
	const char *name;
	int letter;          /* 0: long form only */
	const char *arg;     /* NULL: takes no value */
	enum kind kind;
	double lo, hi;
	enum group group;
	const char *help;
	const char *fallback; /* the default, where it is not a number */
};

/* Long-only options are told apart by codes above any character. */
#define LONG_ONLY(id) (256 + (int)(id))

/* Every option, one row for each enum opt_id (a row left out or added
 * makes the definition disagree with this, which the compiler refuses);
 * --help lists each group's in this order. */
extern const struct spec optable_specs[OPT_TOTAL];

/* The spec getopt_long's code stands for (a letter, or LONG_ONLY), of
 * an id, or of a whole long name; NULL when there is none. */
const struct spec *optable_by_code(int code);
const struct spec *optable_by_id(enum opt_id id);
const struct spec *optable_by_name(const char *name);

/* The words of a KIND_CHOICE or KIND_PRESET option, NULL-terminated, in
 * the order of the values they stand for. */
const char *const *optable_choices(enum opt_id id);

/* "an integer from 1 to 10000000", and so on: what a value must be. */
void optable_describe_range(const struct spec *s, char *buf, size_t len);

/* --help: the options by group, with ranges and defaults (defaults[id]
 * for a number's), the keys and the exit statuses. */
void optable_print_help(FILE *out, const double defaults[OPT_TOTAL],
    const struct help_line *keys, size_t nkeys);

#endif
