/*
 * optable.h: the option table, and the options a run is given.
 *
 * One row for each option: its names, the kind and range of its value,
 * its group and its help, what it is to a record and a config file, and
 * where in struct options its value is kept. Everything else reads the
 * table: the parser and the config file (options.c, value.c), --help and
 * the messages that quote a range (here), --print-config and a record
 * (by the roles), a session's tuned settings (session/tuned.c). A new
 * option is a name in enum optable_id, a member of struct options and a
 * row in optable.c.
 */
#ifndef BOIDS_OPTABLE_H
#define BOIDS_OPTABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/flock.h"
#include "ledger.h"

#define OPTABLE_MAX_SIZE 10000  /* headless field, cells each way */
#define OPTABLE_MAX_STEPS 1000000000L
/* The flight's speed against real time (--speed), as a factor. */
#define OPTABLE_SPEED_MIN 0.125
#define OPTABLE_SPEED_MAX 64.0
/* The most bytes of --say's text: a record keeps it on one line. */
#define OPTABLE_SAY_MAX 160

/* A line of help for a person: "q, Esc" and "quit", as --help and the
 * key overlay show the keys. */
struct help_line {
	const char *keys;
	const char *what;
};

/* What a run is given: every option's value, the defaults where none
 * was given (options_clear()), and the ledger of those given. */
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
	struct ledger given;     /* the options given, the last of each */
	int glyphs;              /* enum field_glyphs */
	int picture;             /* headless: print the field at the end */
	double speed;            /* the flight against real time; 0 auto */
	int screensaver;         /* no status line, autopilot, any input ends */
	int theme;               /* enum theme_name */
	int background;          /* enum theme_background */
	int preset;              /* laid beneath the options given; preset.h */
	const char *config;      /* --config FILE */
	int no_config, print_config;
	const char *say;         /* the flock writes this text, or NULL */
	int clock;               /* the flock writes the time */
	int trails;              /* short fading trails behind the boids */
	const char *gif, *png;   /* the flight in pixels: a headless run */
};

enum optable_kind {
	KIND_FLAG,     /* no value */
	KIND_INT,      /* an integer in [lo, hi] */
	KIND_REAL,     /* a finite number in [lo, hi] */
	KIND_PAIR,     /* X,Y, each a finite number in [lo, hi] */
	KIND_SIZE,     /* COLSxROWS, COLS in [lo, hi], ROWS in [lo + 1, hi] */
	KIND_SEED,     /* an unsigned 64-bit integer */
	KIND_FILE,     /* a path */
	KIND_CHOICE,   /* one word of a list (optable_choices()) */
	KIND_FACTOR,   /* auto, or a number in [lo, hi] */
	KIND_PRESET,   /* a preset's name (preset.h) */
	KIND_TEXT      /* UTF-8 text of 1 to hi bytes, no control character */
};

enum optable_group { GROUP_FLOCK, GROUP_RULES, GROUP_WORLD, GROUP_SCREEN,
	GROUP_HEADLESS, GROUP_FLIGHTS, GROUP_SETTINGS, GROUP_OTHER,
	GROUP_COUNT };

enum optable_id {
	OPT_COUNT, OPT_COHESION, OPT_SEPARATION, OPT_ALIGNMENT, OPT_RADIUS,
	OPT_DISTANCE, OPT_SPEED, OPT_TURN, OPT_FOV, OPT_WIND, OPT_GOAL,
	OPT_GOAL_WEIGHT, OPT_PREDATORS, OPT_OBSTACLES, OPT_PERCH, OPT_FPS,
	OPT_RATE,
	OPT_SEED, OPT_ASCII, OPT_NO_COLOR, OPT_HEADLESS, OPT_STEPS, OPT_EVERY,
	OPT_SIZE, OPT_TRACE, OPT_RECORD, OPT_REPLAY, OPT_CAST, OPT_HELP,
	OPT_VERSION, OPT_GLYPHS, OPT_START, OPT_PICTURE, OPT_WANDER,
	OPT_NEAREST, OPT_FLIGHT_SPEED, OPT_SCREENSAVER, OPT_THEME,
	OPT_BACKGROUND, OPT_PRESET, OPT_CONFIG, OPT_NO_CONFIG,
	OPT_PRINT_CONFIG, OPT_FEAR, OPT_LEADERS, OPT_SPECIES, OPT_SAY,
	OPT_CLOCK, OPT_TRAILS, OPT_GIF, OPT_PNG, OPT_TOTAL
};

/* The C type of the member an option's value is kept in. */
enum optable_slot {
	SLOT_NONE,     /* kept nowhere: the parser acts on it (--help) */
	SLOT_INT,      /* int: a flag's 1, a number, a choice's index */
	SLOT_LONG,     /* long */
	SLOT_SIZE,     /* size_t */
	SLOT_FLOAT,    /* float */
	SLOT_DOUBLE,   /* double */
	SLOT_U64,      /* uint64_t */
	SLOT_TEXT      /* const char *, the text given, not copied */
};

/* Where in struct options a value is kept: the member at `at`, and for
 * a pair (KIND_PAIR, KIND_SIZE) its second half at `second`, both of
 * the slot's type, which is `size` bytes. */
struct optable_place {
	enum optable_slot slot;
	size_t at, second;
	size_t size;
};

/* An int member of struct options in which being given sets `bits`
 * (none when bits is 0): that a value is the user's, not a default. */
struct optable_mark {
	size_t at;
	int bits;
};

/* What an option is to a record and to a config file. */
#define OPTABLE_SHOWS 1u     /* shows or keeps a flight, not shapes it:
                                a record leaves it out */
#define OPTABLE_ONCE 2u      /* belongs to one run: no config file */
#define OPTABLE_HEADLESS 4u  /* means something only with --headless */

struct optable_spec {
	enum optable_id id;
	const char *name;
	int letter;          /* 0: long form only */
	const char *arg;     /* NULL: takes no value */
	enum optable_kind kind;
	double lo, hi;
	enum optable_group group;
	const char *help;
	const char *fallback; /* the default, where it is not a number */
	struct optable_place place;
	struct optable_mark mark;
	unsigned role;       /* OPTABLE_* */
	const char *const *words; /* a KIND_CHOICE's, NULL-terminated */
};

/* Long-only options are told apart by codes above any character. */
#define OPTABLE_LONG_ONLY(id) (256 + (int)(id))

/* Every option, one row for each enum optable_id (a row left out or
 * added makes the definition disagree with this, which the compiler
 * refuses); --help lists each group's in this order. */
extern const struct optable_spec optable_specs[OPT_TOTAL];

/* The spec getopt_long's code stands for (a letter, or
 * OPTABLE_LONG_ONLY), of an id, or of a whole long name; NULL when
 * there is none. */
const struct optable_spec *optable_by_code(int code);
const struct optable_spec *optable_by_id(enum optable_id id);
const struct optable_spec *optable_by_name(const char *name);

/* The long names of every option, NULL-terminated, for tests. */
const char *const *optable_long_names(void);

/* The words of a KIND_CHOICE or KIND_PRESET option, NULL-terminated, in
 * the order of the values they stand for. */
const char *const *optable_choices(const struct optable_spec *s);

/* What the table says of an option, by its long name. */
struct optable_about {
	int letter;              /* its short form, or 0 */
	int valued;              /* it takes a value */
	int in_file;             /* a config file may set it */
	char range[96];          /* what a value must be, as messages say */
};

/* 0, or -1 when there is no option of that long name. */
int optable_about(const char *name, struct optable_about *a);

/* "an integer from 1 to 10000000", and so on: what a value must be. */
void optable_describe_range(const struct optable_spec *s, char *buf,
    size_t len);

/* --help: the options by group, with ranges and defaults (defaults[id]
 * for a number's), the keys and the exit statuses. */
void optable_print_help(FILE *out, const double defaults[OPT_TOTAL],
    const struct help_line *keys, size_t nkeys);

#endif
