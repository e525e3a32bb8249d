/*
 * options.c: options read from argv, a config file, a preset, a record.
 *
 * Every value is checked completely (number.c): the whole string must be
 * a number (no blanks, no trailing junk, no NaN or infinity), inside its
 * range. A bad value gets one line naming the option and its range, then
 * a hint to try --help; the caller exits with EXIT_USAGE. Arguments are
 * parsed before any locale is set, so 0.5 always means a half. A replay's
 * options are a command line too: the record's, then the user's. The
 * config file's lines and the presets' options are checked by the same
 * table (optable.c), by long name (options_put()).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/number.h"
#include "lib/path.h"
#include "lib/say.h"
#include "lib/version.h"
#include "options.h"
#include "preset.h"

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

const char *const *
options_long_names(void)
{
	static const char *names[OPT_TOTAL + 1];
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++)
		names[i] = optable_specs[i].name;
	names[OPT_TOTAL] = NULL;
	return names;
}

static void
bad_value(FILE *err, const struct spec *s, const char *value)
{
	char range[96];

	optable_describe_range(s, range, sizeof range);
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
	const char *const *w = optable_choices(id);
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
	for (i = 0; i < OPT_TOTAL; i++) {
		const struct spec *s = &optable_specs[i];

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
	memset(&longs[OPT_TOTAL], 0, sizeof longs[0]);
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
		    optable_by_id(only[i])->name);
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
	long ns;
	long long s = clock_wall(&ns);

	return ((uint64_t)s * 1000000007ULL) ^ (uint64_t)ns ^
	    ((uint64_t)getpid() << 32);
}

/* The options an abbreviation could mean: "--cohesion, --count". */
static const char *
ambiguity(const char *name, size_t len)
{
	static char buf[256];
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < OPT_TOTAL; i++) {
		int n;

		if (strncmp(optable_specs[i].name, name, len) != 0)
			continue;
		n = snprintf(buf + used, sizeof buf - used, "%s--%s",
		    used ? ", " : "", optable_specs[i].name);
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

	for (i = 0; i < OPT_TOTAL; i++)
		if (!strncmp(optable_specs[i].name, name, len)) {
			if (count++ == 0)
				*match = &optable_specs[i];
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

	optable_describe_range(s, range, sizeof range);
	say_usage(err, "option --%s needs a value (%s)", s->name, range);
	return OPTIONS_ERROR;
}

void
options_print_help(FILE *out, const struct help_line *keys, size_t nkeys)
{
	double v[OPT_TOTAL] = { 0 };
	struct options d;

	options_clear(&d);
	v[OPT_COUNT] = (double)d.count;
	v[OPT_PREDATORS] = (double)d.predators;
	v[OPT_OBSTACLES] = (double)d.obstacles;
	v[OPT_COHESION] = d.params.cohesion;
	v[OPT_SEPARATION] = d.params.separation;
	v[OPT_ALIGNMENT] = d.params.alignment;
	v[OPT_RADIUS] = d.params.radius;
	v[OPT_DISTANCE] = d.params.distance;
	v[OPT_SPEED] = d.params.max_speed;
	v[OPT_TURN] = d.params.max_turn;
	v[OPT_FOV] = d.params.fov;
	v[OPT_WANDER] = d.params.wander;
	v[OPT_NEAREST] = d.params.nearest;
	v[OPT_SPECIES] = d.params.species;
	v[OPT_GOAL_WEIGHT] = d.params.goal_weight;
	v[OPT_FPS] = d.fps;
	v[OPT_RATE] = d.rate;
	v[OPT_STEPS] = (double)d.steps;
	v[OPT_EVERY] = (double)d.every;
	optable_print_help(out, v, keys, nkeys);
}

enum options_result
options_parse(struct options *o, int argc, char **argv, FILE *out,
    FILE *err)
{
	struct option longs[OPT_TOTAL + 1];
	char shorts[3 * OPT_TOTAL + 2];
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
		s = optable_by_code(c == ':' ? optopt : c);
		if (!s)
			return OPTIONS_ERROR;
		if (c == ':')
			return missing_value(err, s);
		if (s->id == OPT_HELP) {
			return OPTIONS_HELP;
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

int
options_about(const char *name, struct options_about *a)
{
	const struct spec *s = optable_by_name(name);

	if (!s)
		return -1;
	a->letter = s->letter;
	a->valued = s->arg != NULL;
	a->in_file = in_file(s->id);
	optable_describe_range(s, a->range, sizeof a->range);
	return 0;
}

int
options_put(struct options *o, const char *name, const char *value,
    int give)
{
	const struct spec *s = optable_by_name(name);

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
