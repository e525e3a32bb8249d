/*
 * options.c: the option table, its parser and --help.
 *
 * Every value is checked completely (number.c): the whole string must be
 * a number (no blanks, no trailing junk, no NaN or infinity), inside its
 * range. A bad value gets one line naming the option and its range, then
 * a hint to try --help; the caller exits with EXIT_USAGE. Arguments are
 * parsed before any locale is set, so 0.5 always means a half. A replay's
 * options are a command line too: the record's, then the user's. The
 * config file's lines and the presets' options are checked by the same
 * table, by long name (options_put()).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "input.h"
#include "lapse.h"
#include "number.h"
#include "options.h"
#include "path.h"
#include "preset.h"
#include "say.h"
#include "version.h"

enum kind {
	KIND_FLAG,     /* no value */
	KIND_INT,      /* an integer in [lo, hi] */
	KIND_REAL,     /* a finite number in [lo, hi] */
	KIND_PAIR,     /* X,Y, each a finite number in [lo, hi] */
	KIND_SIZE,     /* COLSxROWS, COLS in [lo, hi], ROWS in [lo + 1, hi] */
	KIND_SEED,     /* an unsigned 64-bit integer */
	KIND_FILE,     /* a path */
	KIND_CHOICE,   /* one word of a list (see choices_of) */
	KIND_FACTOR,   /* auto, or a number in [lo, hi] */
	KIND_PRESET    /* a preset's name (preset.h) */
};

enum group { GROUP_FLOCK, GROUP_RULES, GROUP_WORLD, GROUP_SCREEN,
	GROUP_HEADLESS, GROUP_FLIGHTS, GROUP_SETTINGS, GROUP_OTHER,
	GROUP_COUNT };

static const char *const group_title[GROUP_COUNT] = {
	"The flock", "The rules", "The world", "The screen", "Headless",
	"Keeping flights", "Presets and the config file", "Other"
};

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

static const struct spec specs[] = {
	{ OPT_COUNT, "count", 'n', "N", KIND_INT, 1, FLOCK_MAX_BOIDS,
	  GROUP_FLOCK, "number of boids", NULL },
	{ OPT_PREDATORS, "predators", 'p', "N", KIND_INT, 0,
	  FLOCK_MAX_PREDATORS, GROUP_FLOCK, "predators that hunt the flock",
	  NULL },
	{ OPT_OBSTACLES, "obstacles", 'o', "N", KIND_INT, 0,
	  FLOCK_MAX_OBSTACLES, GROUP_FLOCK, "round obstacles to fly around",
	  NULL },
	{ OPT_PERCH, "perch", 'P', NULL, KIND_FLAG, 0, 0, GROUP_FLOCK,
	  "boids land on the ground and rest a while", "off" },
	{ OPT_FEAR, "fear", 0, NULL, KIND_FLAG, 0, 0, GROUP_FLOCK,
	  "fear of predators spreads from boid to boid", "off" },
	{ OPT_LEADERS, "leaders", 0, NULL, KIND_FLAG, 0, 0, GROUP_FLOCK,
	  "now and then a boid leads others away", "off" },
	{ OPT_SPECIES, "species", 0, "N", KIND_INT, 1, FLOCK_MAX_SPECIES,
	  GROUP_FLOCK, "kinds of boid, each flocking with its own", NULL },
	{ OPT_SEED, "seed", 'S', "N", KIND_SEED, 0, 0, GROUP_FLOCK,
	  "random seed: same seed, same flight", "from the clock" },
	{ OPT_START, "start", 0, "HOW", KIND_CHOICE, 0, 0, GROUP_FLOCK,
	  "fly in from the edges, or start spread at random", "auto" },

	{ OPT_COHESION, "cohesion", 'c', "M", KIND_REAL, -FLOCK_WEIGHT_LIMIT,
	  FLOCK_WEIGHT_LIMIT, GROUP_RULES,
	  "cohesion multiplier m1 (negative scatters)", NULL },
	{ OPT_SEPARATION, "separation", 's', "M", KIND_REAL,
	  -FLOCK_WEIGHT_LIMIT, FLOCK_WEIGHT_LIMIT, GROUP_RULES,
	  "separation multiplier m2", NULL },
	{ OPT_ALIGNMENT, "alignment", 'a', "M", KIND_REAL, -FLOCK_WEIGHT_LIMIT,
	  FLOCK_WEIGHT_LIMIT, GROUP_RULES, "alignment multiplier m3", NULL },
	{ OPT_RADIUS, "radius", 'r', "R", KIND_REAL, 0, FLOCK_RADIUS_LIMIT,
	  GROUP_RULES, "neighbourhood radius in cells, 0 = whole flock", NULL },
	{ OPT_DISTANCE, "distance", 'd', "D", KIND_REAL, 0,
	  FLOCK_DISTANCE_LIMIT, GROUP_RULES, "separation distance in cells",
	  NULL },
	{ OPT_SPEED, "max-speed", 'v', "V", KIND_REAL, FLOCK_SPEED_MIN,
	  FLOCK_SPEED_LIMIT, GROUP_RULES, "speed limit, cells per step", NULL },
	{ OPT_TURN, "turn", 'T', "DEG", KIND_REAL, 1, 180, GROUP_RULES,
	  "turn-rate limit, degrees per step", NULL },
	{ OPT_FOV, "fov", 'F', "DEG", KIND_REAL, 1, 360, GROUP_RULES,
	  "field of view in degrees", NULL },
	{ OPT_NEAREST, "nearest", 0, "K", KIND_INT, 0, FLOCK_NEAREST_LIMIT,
	  GROUP_RULES, "perceive at most the K nearest in reach, 0 = all",
	  NULL },
	{ OPT_WANDER, "wander", 0, "X", KIND_REAL, 0, FLOCK_WANDER_LIMIT,
	  GROUP_RULES, "each boid's drifting push, share of the speed limit",
	  NULL },

	{ OPT_WIND, "wind", 'w', "X,Y", KIND_PAIR, -FLOCK_WIND_LIMIT,
	  FLOCK_WIND_LIMIT, GROUP_WORLD, "wind: the air's motion, cells per step",
	  "0,0" },
	{ OPT_GOAL, "goal", 'g', "X,Y", KIND_PAIR, 0, 1, GROUP_WORLD,
	  "goal as fractions of the field", "none" },
	{ OPT_GOAL_WEIGHT, "goal-weight", 'G', "M", KIND_REAL,
	  -FLOCK_WEIGHT_LIMIT, FLOCK_WEIGHT_LIMIT, GROUP_WORLD,
	  "pull of the goal; negative flees it", NULL },

	{ OPT_RATE, "rate", 'R', "N", KIND_INT, 1, 1000, GROUP_SCREEN,
	  "simulation steps per second", NULL },
	{ OPT_FPS, "fps", 'f', "N", KIND_INT, 1, 240, GROUP_SCREEN,
	  "the most frames drawn per second", NULL },
	{ OPT_FLIGHT_SPEED, "speed", 0, "X", KIND_FACTOR, LAPSE_MIN,
	  LAPSE_MAX, GROUP_SCREEN,
	  "the flight against real time; auto: faster far out", "auto" },
	{ OPT_ASCII, "ascii", 'A', NULL, KIND_FLAG, 0, 0, GROUP_SCREEN,
	  "ASCII glyphs only", "auto: ASCII when not UTF-8" },
	{ OPT_GLYPHS, "glyphs", 0, "SET", KIND_CHOICE, 0, 0, GROUP_SCREEN,
	  "heading arrows, braille dots, or auto by crowding", "auto" },
	{ OPT_SCREENSAVER, "screensaver", 0, NULL, KIND_FLAG, 0, 0,
	  GROUP_SCREEN, "an autopilot flies; any key or mouse ends it", "off" },
	{ OPT_NO_COLOR, "no-color", 0, NULL, KIND_FLAG, 0, 0, GROUP_SCREEN,
	  "no colour (also when NO_COLOR is set)",
	  "auto: colour when the terminal has it" },
	{ OPT_THEME, "theme", 0, "NAME", KIND_CHOICE, 0, 0, GROUP_SCREEN,
	  "what colours tell: heading, speed, crowding",
	  "heading" },
	{ OPT_BACKGROUND, "background", 0, "SHADE", KIND_CHOICE, 0, 0,
	  GROUP_SCREEN, "the terminal's background; auto: ask it",
	  "auto" },

	{ OPT_HEADLESS, "headless", 'H', NULL, KIND_FLAG, 0, 0,
	  GROUP_HEADLESS, "no terminal: print statistics", "off" },
	{ OPT_STEPS, "steps", 't', "N", KIND_INT, 1, OPTIONS_MAX_STEPS,
	  GROUP_HEADLESS, "steps to run", NULL },
	{ OPT_EVERY, "every", 'e', "K", KIND_INT, 1, OPTIONS_MAX_STEPS,
	  GROUP_HEADLESS, "print a line every K steps", NULL },
	{ OPT_SIZE, "size", 'W', "COLSxROWS", KIND_SIZE, 1, OPTIONS_MAX_SIZE,
	  GROUP_SCREEN, "the world: the field a COLSxROWS terminal shows",
	  "the terminal's" },
	{ OPT_TRACE, "trace", 0, "FILE", KIND_FILE, 0, 0, GROUP_HEADLESS,
	  "write every boid at every printed step as CSV", NULL },
	{ OPT_PICTURE, "picture", 0, NULL, KIND_FLAG, 0, 0, GROUP_HEADLESS,
	  "then print the last step's field as text", "off" },

	{ OPT_RECORD, "record", 0, "FILE", KIND_FILE, 0, 0, GROUP_FLIGHTS,
	  "keep this flight: options, seed and inputs", NULL },
	{ OPT_REPLAY, "replay", 0, "FILE", KIND_FILE, 0, 0, GROUP_FLIGHTS,
	  "fly a kept flight again (with -H: its statistics)", NULL },
	{ OPT_CAST, "cast", 0, "FILE", KIND_FILE, 0, 0, GROUP_FLIGHTS,
	  "write what the terminal is sent as an asciicast v2", NULL },

	{ OPT_PRESET, "preset", 0, "NAME", KIND_PRESET, 0, 0, GROUP_SETTINGS,
	  "fly a named set of options; list: name them", "none" },
	{ OPT_CONFIG, "config", 0, "FILE", KIND_FILE, 0, 0, GROUP_SETTINGS,
	  "read options from FILE, not ~/.config/boids/config", NULL },
	{ OPT_NO_CONFIG, "no-config", 0, NULL, KIND_FLAG, 0, 0,
	  GROUP_SETTINGS, "read no config file", NULL },
	{ OPT_PRINT_CONFIG, "print-config", 0, NULL, KIND_FLAG, 0, 0,
	  GROUP_SETTINGS, "print the options given as a config file, exit",
	  NULL },

	{ OPT_HELP, "help", 'h', NULL, KIND_FLAG, 0, 0, GROUP_OTHER,
	  "show this help and exit", NULL },
	{ OPT_VERSION, "version", 'V', NULL, KIND_FLAG, 0, 0, GROUP_OTHER,
	  "show the version and exit", NULL },
};

#define NSPECS (sizeof specs / sizeof specs[0])

/* The words of a KIND_CHOICE option, NULL-terminated, in the order of
 * the values they stand for. */
static const char *const glyph_words[] = { "auto", "arrows", "dots", NULL };
static const char *const start_words[] = { "auto", "edges", "random", NULL };
/* In the order of enum theme_name and enum theme_background. */
static const char *const theme_words[] = { "heading", "speed", "crowd",
	"mono", "terminal", NULL };
static const char *const background_words[] = { "auto", "dark", "light",
	NULL };

static const char *const *
choices_of(enum opt_id id)
{
	switch (id) {
	case OPT_GLYPHS: return glyph_words;
	case OPT_THEME: return theme_words;
	case OPT_BACKGROUND: return background_words;
	case OPT_PRESET: return preset_names();
	default: return start_words;
	}
}

void
options_clear(struct options *o)
{
	memset(o, 0, sizeof *o);
	flock_params_default(&o->params);
	o->count = 200;
	o->fps = 30;
	o->rate = 30;
	o->steps = 1000;
	o->every = 100;
	o->cols = 80;
	o->rows = 24;
}

static const struct spec *
spec_by_code(int code)
{
	size_t i;

	for (i = 0; i < NSPECS; i++)
		if (code == (specs[i].letter ? specs[i].letter :
		    LONG_ONLY(specs[i].id)))
			return &specs[i];
	return NULL;
}

const char *const *
options_long_names(void)
{
	static const char *names[NSPECS + 1];
	size_t i;

	for (i = 0; i < NSPECS; i++)
		names[i] = specs[i].name;
	names[NSPECS] = NULL;
	return names;
}

/* "arrows, dots or auto": the words, the default last. */
static void
describe_choices(const struct spec *s, char *buf, size_t len)
{
	const char *const *w = choices_of(s->id);
	size_t k, n = 0, at = 0;

	while (w[n])
		n++;
	buf[0] = '\0';
	for (k = 1; k <= n; k++) {
		int m = snprintf(buf + at, len - at, "%s%s",
		    k == 1 ? "" : k == n ? " or " : ", ", w[k % n]);

		if (m < 0 || (size_t)m >= len - at)
			return;
		at += (size_t)m;
	}
}

/* "an integer from 1 to 10000000", and so on: what a value must be. */
static void
describe_range(const struct spec *s, char *buf, size_t len)
{
	switch (s->kind) {
	case KIND_INT:
		snprintf(buf, len, "an integer from %.0f to %.0f", s->lo, s->hi);
		break;
	case KIND_REAL:
		snprintf(buf, len, "a number from %g to %g", s->lo, s->hi);
		break;
	case KIND_PAIR:
		snprintf(buf, len, "X,Y, each a number from %g to %g", s->lo,
		    s->hi);
		break;
	case KIND_SIZE:
		snprintf(buf, len, "COLSxROWS, COLS an integer from %.0f to %.0f "
		    "and ROWS from %.0f to %.0f", s->lo, s->hi, s->lo + 1.0,
		    s->hi);
		break;
	case KIND_SEED:
		snprintf(buf, len, "an integer from 0 to %llu",
		    (unsigned long long)UINT64_MAX);
		break;
	case KIND_FILE:
		snprintf(buf, len, "a file name");
		break;
	case KIND_CHOICE:
	case KIND_PRESET:
		describe_choices(s, buf, len);
		break;
	case KIND_FACTOR:
		snprintf(buf, len, "auto, or a number from %g to %g", s->lo,
		    s->hi);
		break;
	case KIND_FLAG:
		buf[0] = '\0';
		break;
	}
}

static void
bad_value(FILE *err, const struct spec *s, const char *value)
{
	char range[96];

	describe_range(s, range, sizeof range);
	say_usage(err, "invalid value for --%s: '%s' (expected %s)", s->name,
	    say_name(value), range);
}

/* The spec's range as integers: its bounds are whole numbers. */
static int
parse_int(const char *text, double lo, double hi, long long *out)
{
	return number_int(text, (long long)lo, (long long)hi, out);
}

/* "A<sep>B" into its two halves, each parsed alone. */
static int
split_pair(const char *text, int sep, char *a, char *b, size_t len)
{
	const char *mid = strchr(text, sep);
	size_t n;

	if (!mid || (n = (size_t)(mid - text)) >= len || strlen(mid + 1) >= len)
		return -1;
	memcpy(a, text, n);
	a[n] = '\0';
	strcpy(b, mid + 1);
	return 0;
}

static int
parse_pair(const struct spec *s, const char *text, float *x, float *y)
{
	char a[64], b[64];
	double vx, vy;

	if (split_pair(text, ',', a, b, sizeof a) < 0 ||
	    number_real(a, s->lo, s->hi, &vx) < 0 ||
	    number_real(b, s->lo, s->hi, &vy) < 0)
		return -1;
	*x = (float)vx;
	*y = (float)vy;
	return 0;
}

/* A terminal's size: its field is a row less, for the status line, so
 * it needs a row more than the least field. */
static int
parse_size(const struct spec *s, const char *text, int *cols, int *rows)
{
	char a[32], b[32];
	long long c, r;

	if (split_pair(text, 'x', a, b, sizeof a) < 0 ||
	    parse_int(a, s->lo, s->hi, &c) < 0 ||
	    parse_int(b, s->lo + 1.0, s->hi, &r) < 0)
		return -1;
	*cols = (int)c;
	*rows = (int)r;
	return 0;
}

static void
store_real(struct options *o, enum opt_id id, float v)
{
	struct flock_params *p = &o->params;

	switch (id) {
	case OPT_COHESION: p->cohesion = v; break;
	case OPT_SEPARATION: p->separation = v; break;
	case OPT_ALIGNMENT: p->alignment = v; break;
	case OPT_RADIUS: p->radius = v; o->set |= FLOCK_SET_RADIUS; break;
	case OPT_DISTANCE: p->distance = v; o->set |= FLOCK_SET_DISTANCE; break;
	case OPT_SPEED: p->max_speed = v; o->set |= FLOCK_SET_SPEED; break;
	case OPT_TURN: p->max_turn = v; break;
	case OPT_FOV: p->fov = v; break;
	case OPT_WANDER: p->wander = v; break;
	case OPT_GOAL_WEIGHT: p->goal_weight = v; break;
	default: break;
	}
}

static void
store_int(struct options *o, enum opt_id id, long long v)
{
	switch (id) {
	case OPT_COUNT: o->count = (size_t)v; break;
	case OPT_PREDATORS: o->predators = (size_t)v; break;
	case OPT_OBSTACLES: o->obstacles = (size_t)v; break;
	case OPT_FPS: o->fps = (int)v; break;
	case OPT_NEAREST: o->params.nearest = (int)v; break;
	case OPT_SPECIES: o->params.species = (int)v; break;
	case OPT_RATE: o->rate = (int)v; break;
	case OPT_STEPS: o->steps = (long)v; break;
	case OPT_EVERY: o->every = (long)v; break;
	default: break;
	}
}

static void
store_flag(struct options *o, enum opt_id id)
{
	switch (id) {
	case OPT_PERCH: o->params.perch = 1; break;
	case OPT_FEAR: o->params.fear = 1; break;
	case OPT_LEADERS: o->params.leaders = 1; break;
	case OPT_ASCII: o->ascii = 1; break;
	case OPT_NO_COLOR: o->no_color = 1; break;
	case OPT_HEADLESS: o->headless = 1; break;
	case OPT_PICTURE: o->picture = 1; break;
	case OPT_SCREENSAVER: o->screensaver = 1; break;
	case OPT_NO_CONFIG: o->no_config = 1; break;
	case OPT_PRINT_CONFIG: o->print_config = 1; break;
	default: break;
	}
}

static int
store_choice(struct options *o, enum opt_id id, const char *value)
{
	const char *const *w = choices_of(id);
	int k;

	for (k = 0; w[k]; k++)
		if (strcmp(value, w[k]) == 0) {
			if (id == OPT_GLYPHS)
				o->glyphs = k;
			else if (id == OPT_THEME)
				o->theme = k;
			else if (id == OPT_BACKGROUND)
				o->background = k;
			else
				o->params.start = k;
			return 0;
		}
	return -1;
}

/* Store one option's value; -1 when it does not parse. */
static int
apply(struct options *o, const struct spec *s, const char *value)
{
	long long iv;
	double rv;

	switch (s->kind) {
	case KIND_FLAG:
		store_flag(o, s->id);
		return 0;
	case KIND_INT:
		if (parse_int(value, s->lo, s->hi, &iv) < 0)
			return -1;
		store_int(o, s->id, iv);
		return 0;
	case KIND_REAL:
		if (number_real(value, s->lo, s->hi, &rv) < 0)
			return -1;
		store_real(o, s->id, (float)rv);
		return 0;
	case KIND_PAIR:
		if (s->id == OPT_WIND)
			return parse_pair(s, value, &o->params.wind_x,
			    &o->params.wind_y);
		o->params.goal_on = 1;
		return parse_pair(s, value, &o->params.goal_x,
		    &o->params.goal_y);
	case KIND_SIZE:
		o->size_set = 1;
		return parse_size(s, value, &o->cols, &o->rows);
	case KIND_SEED:
		o->seed_set = 1;
		return number_u64(value, &o->seed);
	case KIND_FILE:
		if (*value == '\0')
			return -1;
		if (s->id == OPT_RECORD)
			o->record = value;
		else if (s->id == OPT_REPLAY)
			o->replay = value;
		else if (s->id == OPT_CAST)
			o->cast = value;
		else if (s->id == OPT_CONFIG)
			o->config = value;
		else
			o->trace = value;
		return 0;
	case KIND_CHOICE:
		return store_choice(o, s->id, value);
	case KIND_FACTOR:
		if (strcmp(value, "auto") == 0) {
			o->speed = 0.0;
			return 0;
		}
		if (number_real(value, s->lo, s->hi, &rv) < 0)
			return -1;
		o->speed = rv;
		return 0;
	case KIND_PRESET:
		if ((iv = preset_find(value)) < 0)
			return -1;
		o->preset = (int)iv;
		return 0;
	}
	return -1;
}

/* Whether id is among the n of list. */
static int
listed(enum opt_id id, const enum opt_id *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (list[i] == id)
			return 1;
	return 0;
}

/* Options that shape only how a flight is shown or kept, not the flight
 * (the rate sets how fast its steps come, not what they do); a record
 * leaves them out. The world's size is kept apart, as the size the flock
 * was given. */
static int
shapes_flight(enum opt_id id)
{
	static const enum opt_id shown[] = { OPT_FPS, OPT_RATE, OPT_ASCII,
		OPT_NO_COLOR, OPT_HEADLESS, OPT_STEPS, OPT_EVERY, OPT_SIZE,
		OPT_TRACE, OPT_RECORD, OPT_REPLAY, OPT_CAST, OPT_HELP,
		OPT_VERSION, OPT_GLYPHS, OPT_PICTURE, OPT_FLIGHT_SPEED,
		OPT_THEME, OPT_BACKGROUND, OPT_CONFIG, OPT_NO_CONFIG,
		OPT_PRINT_CONFIG };

	return !listed(id, shown, sizeof shown / sizeof shown[0]);
}

/* Remember the option as given; a repeated option keeps its last value. */
static void
note_given(struct options *o, const struct spec *s, const char *value)
{
	struct options_given *g = NULL;
	size_t i;

	for (i = 0; i < o->ngiven && !g; i++)
		if (strcmp(o->given[i].name, s->name) == 0)
			g = &o->given[i];
	if (!g && o->ngiven < OPTIONS_MAX_GIVEN) {
		g = &o->given[o->ngiven++];
		g->file = 0;
	}
	if (!g)
		return;
	g->name = s->name;
	g->value = s->arg ? value : NULL;
	g->kept = shapes_flight(s->id);
}

const struct options_given *
options_find(const struct options *o, const char *name)
{
	size_t i;

	for (i = 0; i < o->ngiven; i++)
		if (strcmp(o->given[i].name, name) == 0)
			return &o->given[i];
	return NULL;
}

/* The tables getopt_long wants, built from ours. */
static void
build_getopt(struct option *longs, char *shorts)
{
	size_t i, k = 0;

	shorts[k++] = ':';  /* report a missing value as ':' */
	for (i = 0; i < NSPECS; i++) {
		const struct spec *s = &specs[i];

		longs[i].name = s->name;
		longs[i].has_arg = s->arg ? required_argument : no_argument;
		longs[i].flag = NULL;
		longs[i].val = s->letter ? s->letter : LONG_ONLY(s->id);
		if (s->letter) {
			shorts[k++] = (char)s->letter;
			if (s->arg)
				shorts[k++] = ':';
		}
	}
	shorts[k] = '\0';
	memset(&longs[NSPECS], 0, sizeof longs[0]);
}

/* The default of a numeric option, read from the defaults themselves. */
static double
default_value(enum opt_id id)
{
	struct options d;

	options_clear(&d);
	switch (id) {
	case OPT_COUNT: return (double)d.count;
	case OPT_PREDATORS: return (double)d.predators;
	case OPT_OBSTACLES: return (double)d.obstacles;
	case OPT_COHESION: return d.params.cohesion;
	case OPT_SEPARATION: return d.params.separation;
	case OPT_ALIGNMENT: return d.params.alignment;
	case OPT_RADIUS: return d.params.radius;
	case OPT_DISTANCE: return d.params.distance;
	case OPT_SPEED: return d.params.max_speed;
	case OPT_TURN: return d.params.max_turn;
	case OPT_FOV: return d.params.fov;
	case OPT_WANDER: return d.params.wander;
	case OPT_NEAREST: return d.params.nearest;
	case OPT_SPECIES: return d.params.species;
	case OPT_GOAL_WEIGHT: return d.params.goal_weight;
	case OPT_FPS: return d.fps;
	case OPT_RATE: return d.rate;
	case OPT_STEPS: return (double)d.steps;
	case OPT_EVERY: return (double)d.every;
	default: return 0.0;
	}
}

/* "murmuration, school, swarm, hunt or parker": the presets but none,
 * which is the default, and flies none. */
static void
print_presets(FILE *out)
{
	int k, n = preset_count();

	fprintf(out, "%27s", "");
	for (k = 1; k < n; k++)
		fprintf(out, "%s%s", k == 1 ? "" : k == n - 1 ? " or " : ", ",
		    preset_name(k));
	fprintf(out, "\n");
}

static void
print_spec(FILE *out, const struct spec *s)
{
	char left[40];

	if (s->letter)
		snprintf(left, sizeof left, "-%c, --%s%s%s", s->letter, s->name,
		    s->arg ? " " : "", s->arg ? s->arg : "");
	else
		snprintf(left, sizeof left, "    --%s%s%s", s->name,
		    s->arg ? " " : "", s->arg ? s->arg : "");
	fprintf(out, "  %-24s %s\n", left, s->help);
	switch (s->kind) {
	case KIND_INT:
		fprintf(out, "%27s%.0f to %.0f, default %.0f\n", "", s->lo, s->hi,
		    default_value(s->id));
		break;
	case KIND_REAL:
		fprintf(out, "%27s%g to %g, default %g\n", "", s->lo, s->hi,
		    default_value(s->id));
		break;
	case KIND_PAIR:
		fprintf(out, "%27seach %g to %g, default %s\n", "", s->lo, s->hi,
		    s->fallback);
		break;
	case KIND_SIZE:
		fprintf(out, "%27sCOLS %g-%g, ROWS %g-%g, default %s\n",
		    "", s->lo, s->hi, s->lo + 1.0, s->hi, s->fallback);
		break;
	case KIND_SEED:
		fprintf(out, "%27s0 to 2^64-1, default %s\n", "", s->fallback);
		break;
	case KIND_FLAG:
		if (s->fallback)
			fprintf(out, "%27sdefault %s\n", "", s->fallback);
		break;
	case KIND_CHOICE: {
		char words[64];

		describe_choices(s, words, sizeof words);
		/* Within 80 columns: a long list puts its default below. */
		if (27 + strlen(words) + strlen(s->fallback) + 10 < 80)
			fprintf(out, "%27s%s, default %s\n", "", words,
			    s->fallback);
		else
			fprintf(out, "%27s%s,\n%27sdefault %s\n", "", words, "",
			    s->fallback);
		break;
	}
	case KIND_FACTOR:
		fprintf(out, "%27sauto or %g to %g, default %s\n", "", s->lo,
		    s->hi, s->fallback);
		break;
	case KIND_PRESET:
		print_presets(out);
		break;
	case KIND_FILE:
		break;
	}
}

static void
print_help(FILE *out)
{
	const struct input_help *keys;
	size_t i, n = input_help(&keys);
	int g;

	fprintf(out, "Usage: %s [OPTION]...\n", BOIDS_NAME);
	fprintf(out, "A flock of boids in the terminal: each boid steers by "
	    "cohesion, separation\nand alignment with its neighbours, and a "
	    "flock emerges.\n");
	for (g = 0; g < GROUP_COUNT; g++) {
		fprintf(out, "\n%s:\n", group_title[g]);
		for (i = 0; i < NSPECS; i++)
			if (specs[i].group == (enum group)g)
				print_spec(out, &specs[i]);
	}
	fprintf(out, "\nKeys:\n");
	for (i = 0; i < n; i++)
		fprintf(out, "  %-24s %s\n", keys[i].keys, keys[i].what);
	fprintf(out, "\nExit status: 0 done, %d bad option, %d damaged record, "
	    "%d unreadable config\nfile, %d no usable terminal, %d out of "
	    "memory or output failed. See boids(6).\n", EXIT_USAGE, EXIT_DATA,
	    EXIT_NO_INPUT, EXIT_NO_TERMINAL, EXIT_TROUBLE);
}

static const struct spec *
spec_by_id(enum opt_id id)
{
	size_t i;

	for (i = 0; i < NSPECS; i++)
		if (specs[i].id == id)
			return &specs[i];
	return NULL;
}

/* Options that mean something only without a terminal. */
static int
check_headless_only(const struct options *o, const int *seen, FILE *err)
{
	static const enum opt_id only[] = { OPT_STEPS, OPT_EVERY, OPT_TRACE,
		OPT_PICTURE };
	size_t i;

	if (o->headless)
		return 0;
	for (i = 0; i < sizeof only / sizeof only[0]; i++) {
		if (!seen[only[i]])
			continue;
		say_usage(err, "--%s works only with --headless",
		    spec_by_id(only[i])->name);
		return -1;
	}
	return 0;
}

/* A flight is kept while it is flown in the terminal, and a kept flight
 * is not kept again. */
static int
check_flights(const struct options *o, FILE *err)
{
	const char *bad = NULL;

	if (o->headless && o->record)
		bad = "--record works only in the terminal, not with --headless";
	else if (o->headless && o->cast)
		bad = "--cast works only in the terminal, not with --headless";
	else if (o->record && o->replay)
		bad = "--record and --replay cannot be used together";
	if (!bad)
		return 0;
	say_usage(err, "%s", bad);
	return -1;
}

/* One file, one role: a file written twice, or written while it is read,
 * would be destroyed, so the same file for two of --trace, --record,
 * --cast and --replay is refused before anything is written. */
static int
check_one_role(const struct options *o, FILE *err)
{
	const char *name[4] = { "trace", "record", "cast", "replay" };
	const char *path[4];
	int i, j;

	path[0] = o->trace;
	path[1] = o->record;
	path[2] = o->cast;
	path[3] = o->replay;
	for (i = 0; i < 4; i++)
		for (j = i + 1; j < 4; j++)
			if (path[i] && path[j] && path_same(path[i], path[j])) {
				say_usage(err, "--%s and --%s name the same "
				    "file '%s'", name[i], name[j],
				    say_name(path[j]));
				return -1;
			}
	return 0;
}

static uint64_t
seed_from_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000000007ULL) ^ (uint64_t)ts.tv_nsec ^
	    ((uint64_t)getpid() << 32);
}

/* The options an abbreviation could mean: "--cohesion, --count". */
static const char *
ambiguity(const char *name, size_t len)
{
	static char buf[256];
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < NSPECS; i++) {
		int n;

		if (strncmp(specs[i].name, name, len) != 0)
			continue;
		n = snprintf(buf + used, sizeof buf - used, "%s--%s",
		    used ? ", " : "", specs[i].name);
		if (n < 0 || (size_t)n >= sizeof buf - used)
			break;
		used += (size_t)n;
	}
	return buf;
}

/* How many long names start with the `len` characters of name; the
 * first such spec in *match. */
static size_t
prefix_matches(const char *name, size_t len, const struct spec **match)
{
	size_t i, count = 0;

	for (i = 0; i < NSPECS; i++)
		if (!strncmp(specs[i].name, name, len)) {
			if (count++ == 0)
				*match = &specs[i];
		}
	return count;
}

/*
 * What getopt_long could not place: a flag given a value (--perch=1), an
 * abbreviation that fits several options (--co), or no option at all.
 */
static enum options_result
unknown_option(FILE *err, const char *arg)
{
	const struct spec *s = NULL;

	if (arg[0] == '-' && arg[1] == '-') {
		const char *name = arg + 2, *eq = strchr(name, '=');
		size_t len = eq ? (size_t)(eq - name) : strlen(name);
		size_t n = len ? prefix_matches(name, len, &s) : 0;

		if (n == 1 && eq && !s->arg)
			say_usage(err, "option --%s takes no value", s->name);
		else if (n > 1)
			say_usage(err, "ambiguous option '--%.*s' (could be "
			    "%s)", (int)len, name, ambiguity(name, len));
		else
			say_usage(err, "unknown option '%s'", say_name(arg));
	} else {
		say_usage(err, "unknown option '-%c'",
		    optopt ? optopt : arg[1]);
	}
	return OPTIONS_ERROR;
}

static enum options_result
missing_value(FILE *err, const struct spec *s)
{
	char range[96];

	describe_range(s, range, sizeof range);
	say_usage(err, "option --%s needs a value (%s)", s->name, range);
	return OPTIONS_ERROR;
}

enum options_result
options_parse(struct options *o, int argc, char **argv, FILE *out,
    FILE *err)
{
	struct option longs[NSPECS + 1];
	char shorts[3 * NSPECS + 2];
	int seen[OPT_TOTAL] = { 0 };
	int c, index;

	options_clear(o);
	build_getopt(longs, shorts);
	opterr = 0;
	optind = 0;  /* a fresh scan, also when called again */
	while ((index = -1, c = getopt_long(argc, argv, shorts, longs,
	    &index)) != -1) {
		const struct spec *s;

		if (c == '?')
			return unknown_option(err, argv[optind - 1]);
		s = spec_by_code(c == ':' ? optopt : c);
		if (!s)
			return OPTIONS_ERROR;
		if (c == ':')
			return missing_value(err, s);
		if (s->id == OPT_HELP) {
			print_help(out);
			return OPTIONS_DONE;
		}
		if (s->id == OPT_VERSION) {
			fprintf(out, "%s %s\nbuild %s\n", BOIDS_NAME,
			    BOIDS_VERSION, version_build());
			return OPTIONS_DONE;
		}
		if (s->id == OPT_PRESET && strcmp(optarg, "list") == 0) {
			preset_list(out);
			return OPTIONS_DONE;
		}
		if (apply(o, s, optarg) < 0) {
			bad_value(err, s, optarg);
			return OPTIONS_ERROR;
		}
		seen[s->id] = 1;
		note_given(o, s, optarg);
	}
	if (optind < argc) {
		say_usage(err, "unexpected argument '%s'",
		    say_name(argv[optind]));
		return OPTIONS_ERROR;
	}
	if (check_headless_only(o, seen, err) < 0 ||
	    check_flights(o, err) < 0 || check_one_role(o, err) < 0)
		return OPTIONS_ERROR;
	if (!o->seed_set)
		o->seed = seed_from_clock();
	return OPTIONS_RUN;
}

/* ---- Options from elsewhere: a config file, a preset, a key ---- */

/* Options that belong to one run, not to a file read at every run: the
 * program's own questions, the file itself, the headless runs and the
 * files a session writes or reads. */
static int
in_file(enum opt_id id)
{
	static const enum opt_id once[] = { OPT_HELP, OPT_VERSION,
		OPT_PRINT_CONFIG, OPT_CONFIG, OPT_NO_CONFIG, OPT_HEADLESS,
		OPT_STEPS, OPT_EVERY, OPT_TRACE, OPT_PICTURE, OPT_RECORD,
		OPT_REPLAY, OPT_CAST, OPT_SCREENSAVER };

	return !listed(id, once, sizeof once / sizeof once[0]);
}

static const struct spec *
spec_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < NSPECS; i++)
		if (strcmp(specs[i].name, name) == 0)
			return &specs[i];
	return NULL;
}

int
options_about(const char *name, struct options_about *a)
{
	const struct spec *s = spec_by_name(name);

	if (!s)
		return -1;
	a->letter = s->letter;
	a->valued = s->arg != NULL;
	a->in_file = in_file(s->id);
	describe_range(s, a->range, sizeof a->range);
	return 0;
}

int
options_put(struct options *o, const char *name, const char *value,
    int give)
{
	const struct spec *s = spec_by_name(name);

	/* A flag's value is not read: "" stands for none. */
	if (!s || (!s->arg) != !value || apply(o, s, value ? value : "") < 0)
		return -1;
	if (give)
		note_given(o, s, value);
	return 0;
}

/*
 * A replay flies the record's options and no others: an option that
 * shapes the flight may not be given again, whether the record set it or
 * left it at its default, which is a choice too.
 */
static int
conflict(const struct options *o, const char *path, FILE *err)
{
	size_t i;

	if (options_find(o, "size")) {
		say_usage(err, "--size: the record '%s' gives the world's "
		    "size", say_name(path));
		return -1;
	}
	for (i = 0; i < o->ngiven; i++) {
		if (!o->given[i].kept)
			continue;
		say_usage(err, "--%s: the record '%s' sets the flight's "
		    "options; leave it out", o->given[i].name,
		    say_name(path));
		return -1;
	}
	return 0;
}

enum options_result
options_replay(struct options *o, char **kept, size_t nkept, int argc,
    char **argv, FILE *err)
{
	char **all;
	size_t i, n = 0;
	enum options_result res;
	const char *path = o->replay;

	if (conflict(o, path, err) < 0)
		return OPTIONS_ERROR;
	all = malloc((nkept + (size_t)argc + 1) * sizeof *all);
	if (!all) {
		say(err, "out of memory");
		return OPTIONS_ERROR;
	}
	all[n++] = argv[0];
	for (i = 0; i < nkept; i++)
		all[n++] = kept[i];
	for (i = 1; i < (size_t)argc; i++)
		all[n++] = argv[i];
	all[n] = NULL;
	res = options_parse(o, (int)n, all, stdout, err);
	free(all);
	return res;
}
