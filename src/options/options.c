/*
 * options.c: options read from argv, a config file, a preset, a record.
 *
 * The command line goes through getopt_long, with the tables it wants
 * built from ours; each value is read into its place by value.c, and
 * each option given is noted in the ledger. A bad value gets one line
 * naming the option and its range, then a hint to try --help; the caller
 * exits with EXIT_USAGE. Arguments are parsed before any locale is set,
 * so 0.5 always means a half. Then the options are checked together:
 * a picture of the flight (--gif, --png) makes the run headless; those
 * that mean something only headless, and the files, one role each. A
 * replay's options are a command line too: the record's, then the
 * user's. The config file's lines and the presets' options are
 * checked by the same table, by long name (options_put()).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/path.h"
#include "lib/say.h"
#include "lib/version.h"
#include "options.h"
#include "preset.h"
#include "value.h"

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

static void
bad_value(FILE *err, const struct optable_spec *s, const char *value)
{
	char range[96];

	optable_describe_range(s, range, sizeof range);
	say_usage(err, "invalid value for --%s: '%s' (expected %s)", s->name,
	    say_name(value), range);
}

/* Note the option as given; a repeated option keeps its last value. */
static void
note_given(struct options *o, const struct optable_spec *s,
    const char *value)
{
	struct ledger_entry *e = ledger_note(&o->given, s->name,
	    s->arg ? value : NULL);

	if (e)
		e->kept = !(s->role & OPTABLE_SHOWS);
}

/* The tables getopt_long wants, built from ours. */
static void
build_getopt(struct option *longs, char *shorts)
{
	size_t i, k = 0;

	shorts[k++] = ':';  /* report a missing value as ':' */
	for (i = 0; i < OPT_TOTAL; i++) {
		const struct optable_spec *s = &optable_specs[i];

		longs[i].name = s->name;
		longs[i].has_arg = s->arg ? required_argument : no_argument;
		longs[i].flag = NULL;
		longs[i].val = s->letter ? s->letter : OPTABLE_LONG_ONLY(s->id);
		if (s->letter) {
			shorts[k++] = (char)s->letter;
			if (s->arg)
				shorts[k++] = ':';
		}
	}
	shorts[k] = '\0';
	memset(&longs[OPT_TOTAL], 0, sizeof longs[0]);
}

/* Options that mean something only without a terminal, given with
 * one: the first in the table is named. */
static int
check_headless_only(const struct options *o, const int *seen, FILE *err)
{
	size_t i;

	if (options_headless(o))
		return 0;
	for (i = 0; i < OPT_TOTAL; i++) {
		const struct optable_spec *s = &optable_specs[i];

		if (!(s->role & OPTABLE_HEADLESS) || !seen[s->id])
			continue;
		say_usage(err, "--%s works only with --headless", s->name);
		return -1;
	}
	return 0;
}

/* A flight is kept while it is flown in the terminal, and a kept flight
 * is not kept again. A picture of the flight makes the run headless. */
static int
check_flights(const struct options *o, FILE *err)
{
	const char *why = o->gif ? "--gif" : o->png ? "--png" : "--headless";
	const char *bad = NULL;

	if (options_headless(o) && o->record)
		bad = "--record";
	else if (options_headless(o) && o->cast)
		bad = "--cast";
	if (bad) {
		say_usage(err, "%s works only in the terminal, not with %s", bad,
		    why);
		return -1;
	}
	if (o->record && o->replay) {
		say_usage(err, "--record and --replay cannot be used together");
		return -1;
	}
	return 0;
}

/* One file, one role: a file written twice, or written while it is read,
 * would be destroyed, so the same file for two of --trace, --record,
 * --cast, --gif, --png and --replay is refused before anything is
 * written. */
static int
check_one_role(const struct options *o, FILE *err)
{
	const char *name[6] = { "trace", "record", "cast", "gif", "png",
		"replay" };
	const char *path[6];
	int i, j;

	path[0] = o->trace;
	path[1] = o->record;
	path[2] = o->cast;
	path[3] = o->gif;
	path[4] = o->png;
	path[5] = o->replay;
	for (i = 0; i < 6; i++)
		for (j = i + 1; j < 6; j++)
			if (path[i] && path[j] && path_same(path[i], path[j])) {
				say_usage(err, "--%s and --%s name the same "
				    "file '%s'", name[i], name[j],
				    say_name(path[j]));
				return -1;
			}
	return 0;
}

int
options_headless(const struct options *o)
{
	return o->headless || o->gif || o->png;
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
prefix_matches(const char *name, size_t len, const struct optable_spec **match)
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
	const struct optable_spec *s = NULL;

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
		char flag[2];

		flag[0] = (char)(optopt ? optopt : arg[1]);
		flag[1] = '\0';
		say_usage(err, "unknown option '-%s'", say_name(flag));
	}
	return OPTIONS_ERROR;
}

static enum options_result
missing_value(FILE *err, const struct optable_spec *s)
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
	size_t i;

	options_clear(&d);
	for (i = 0; i < OPT_TOTAL; i++)
		v[optable_specs[i].id] = value_number(&optable_specs[i], &d);
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
		const struct optable_spec *s;

		if (c == '?')
			return unknown_option(err, argv[optind - 1]);
		s = optable_by_code(c == ':' ? optopt : c);
		if (!s)
			return OPTIONS_ERROR;
		if (c == ':')
			return missing_value(err, s);
		if (s->id == OPT_HELP)
			return OPTIONS_HELP;
		if (s->id == OPT_VERSION) {
			fprintf(out, "%s %s\nbuild %s\n", BOIDS_NAME,
			    version_number(), version_build());
			return OPTIONS_DONE;
		}
		if (s->id == OPT_PRESET && strcmp(optarg, "list") == 0) {
			preset_list(out);
			return OPTIONS_DONE;
		}
		if (value_put(s, o, optarg) < 0) {
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

int
options_put(struct options *o, const char *name, const char *value,
    int give)
{
	const struct optable_spec *s = optable_by_name(name);

	/* A flag's value is not read: "" stands for none. */
	if (!s || (!s->arg) != !value ||
	    value_put(s, o, value ? value : "") < 0)
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

	if (ledger_find(&o->given, "size")) {
		say_usage(err, "--size: the record '%s' gives the world's "
		    "size", say_name(path));
		return -1;
	}
	for (i = 0; i < o->given.n; i++) {
		if (!o->given.entry[i].kept)
			continue;
		say_usage(err, "--%s: the record '%s' sets the flight's "
		    "options; leave it out", o->given.entry[i].name,
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
		say_no_memory(err);
		return OPTIONS_NO_MEMORY;
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
