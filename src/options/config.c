/*
 * config.c: the config file: where it is, its lines, and --print-config.
 *
 * The file is a user's, so boids only reads it: whole and once, at the
 * start, before anything is drawn, with every line checked by the same
 * ranges and messages as the command line (options_put()); the first bad
 * line stops the program as a bad flag does. Lines are cut in place in
 * one buffer that lives as long as the options that point into it.
 * --print-config writes what a file would hold, on standard output.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "lib/path.h"
#include "lib/say.h"
#include "lib/slurp.h"

static int
blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* s without its leading and trailing blanks, cut in place. */
static char *
trim(char *s)
{
	char *end;

	while (blank((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && blank((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

void
config_default_path(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");

	/* The XDG base directory rules: a relative path is to be ignored. */
	if (xdg && xdg[0] == '/')
		snprintf(buf, len, "%s/boids/config", xdg);
	else if (home && home[0])
		snprintf(buf, len, "%s/.config/boids/config", home);
	else
		buf[0] = '\0';
}

/* "boids: WHERE: what", then the hint to --help, as a bad flag gets. */
static int
bad_line(FILE *err, const char *where, const char *what, const char *name,
    const char *tail)
{
	say_usage(err, "%s: %s%s%s", where, what, name, tail);
	return -1;
}

/* An option of the file, checked as the command line checks it, with
 * its messages; those that belong to one run are refused. */
static int
file_option(struct options *o, const char *name, const char *value,
    const char *where, FILE *err)
{
	struct optable_about a;
	char tail[4 * CONFIG_MAX_LINE + 128];

	if (optable_about(name, &a) < 0) {
		snprintf(tail, sizeof tail, "'%s'", say_name(name));
		return bad_line(err, where, "unknown option ", tail, "");
	}
	if (!a.in_file)
		return bad_line(err, where, "", name, " belongs on the command "
		    "line, not in a config file");
	if (!a.valued && value)
		return bad_line(err, where, "option ", name, " takes no value");
	if (a.valued && !value) {
		snprintf(tail, sizeof tail, " needs a value (%s)", a.range);
		return bad_line(err, where, "option ", name, tail);
	}
	if (options_put(o, name, value, 1) < 0) {
		snprintf(tail, sizeof tail, ": '%s' (expected %s)",
		    say_name(value), a.range);
		return bad_line(err, where, "invalid value for ", name, tail);
	}
	return 0;
}

/* One line of len bytes, number n: blank, a comment, or an option. */
static int
read_line(struct config *c, char *line, size_t len, size_t n, FILE *err)
{
	char where[SAY_NAME_SHOWN + 32], *hash, *eq, *name, *value = NULL;

	snprintf(where, sizeof where, "%s:%zu", say_name(c->path), n);
	if (memchr(line, '\0', len) != NULL)
		return bad_line(err, where, "not a line of text", "", "");
	if (len > CONFIG_MAX_LINE) {
		char most[16];

		snprintf(most, sizeof most, "%d", CONFIG_MAX_LINE);
		return bad_line(err, where, "a line longer than ", most,
		    " characters");
	}
	/* No value a file may hold has a '#' in it. */
	if ((hash = strchr(line, '#')) != NULL)
		*hash = '\0';
	if ((eq = strchr(line, '=')) != NULL) {
		*eq = '\0';
		value = trim(eq + 1);
	}
	name = trim(line);
	if (!*name && !eq)
		return 0;
	if (!*name)
		return bad_line(err, where, "no option before '='", "", "");
	return file_option(&c->options, name, value, where, err);
}

/* The mark some editors put before UTF-8 text, which says nothing. */
#define BYTE_ORDER_MARK "\357\273\277"

/* Every line of the text, in order, a byte-order mark before the first
 * skipped; stops at the first bad one. */
static int
read_lines(struct config *c, size_t len, FILE *err)
{
	char *line = c->text, *end = c->text + len;
	size_t n = 0, mark = sizeof BYTE_ORDER_MARK - 1;

	if (len >= mark && memcmp(line, BYTE_ORDER_MARK, mark) == 0)
		line += mark;

	while (line < end) {
		char *nl = memchr(line, '\n', (size_t)(end - line));
		char *stop = nl ? nl : end;

		*stop = '\0';
		n++;
		if (read_line(c, line, (size_t)(stop - line), n, err) < 0)
			return -1;
		line = stop + 1;
	}
	return 0;
}

/* The file's name: --config's, or the default's, or none. */
static char *
chosen_file(const struct options *o, int *named)
{
	char buf[4096];

	*named = o->config != NULL;
	if (o->no_config)
		return NULL;
	if (o->config)
		return strdup(o->config);
	config_default_path(buf, sizeof buf);
	return buf[0] ? strdup(buf) : NULL;
}

/* boids never writes the file it reads its options from: an output
 * that names it is refused as two roles for one file are. */
static int
written_over(const char *path, const struct options *o, FILE *err)
{
	const char *name[3] = { "trace", "record", "cast" };
	const char *out[3];
	int i;

	out[0] = o->trace;
	out[1] = o->record;
	out[2] = o->cast;
	for (i = 0; i < 3; i++)
		if (out[i] && path_same(out[i], path)) {
			say_usage(err, "--%s names the config file '%s', "
			    "which boids only reads", name[i],
			    say_name(out[i]));
			return -1;
		}
	return 0;
}

int
config_read(struct config *c, const struct options *o, FILE *err)
{
	FILE *f;
	const char *why;
	size_t len, i;
	int named;

	memset(c, 0, sizeof *c);
	if (o->config && o->no_config) {
		say_usage(err, "--config and --no-config cannot be used "
		    "together");
		return EXIT_USAGE;
	}
	errno = 0;
	if (!(c->path = chosen_file(o, &named))) {
		if (errno == ENOMEM) {
			say_no_memory(err);
			return EXIT_TROUBLE;
		}
		return 0;
	}
	if (written_over(c->path, o, err) < 0) {
		config_free(c);
		return EXIT_USAGE;
	}
	f = slurp_open(c->path, &why);
	/* No file where the default one would be: no file, and no word. */
	if (!f && !why && !named && (errno == ENOENT || errno == ENOTDIR)) {
		config_free(c);
		return 0;
	}
	if (f)
		c->text = slurp(f, CONFIG_MAX_FILE, NULL, &len);
	if (f && !c->text && errno == ENOMEM) {
		say_no_memory(err);
		fclose(f);
		return EXIT_TROUBLE;
	}
	if (!f || !c->text) {
		say(err, "cannot read config file '%s': %s", say_name(c->path),
		    why ? why : errno == EFBIG ?
		    "larger than a config file can be" : strerror(errno));
		if (f)
			fclose(f);
		return EXIT_NO_INPUT;
	}
	fclose(f);
	if (read_lines(c, len, err) < 0)
		return EXIT_USAGE;
	for (i = 0; i < c->options.given.n; i++)
		c->options.given.entry[i].file = 1;
	return 0;
}

void
config_free(struct config *c)
{
	free(c->path);
	free(c->text);
	memset(c, 0, sizeof *c);
}

const struct options *
config_options(const struct config *c)
{
	return &c->options;
}

void
config_line(char *buf, size_t len, const char *name, const char *value)
{
	if (value)
		snprintf(buf, len, "%s = %s", name, value);
	else
		snprintf(buf, len, "%s", name);
}

/* An option given as a line, when a file may hold it. */
static int
print_given(const struct ledger_entry *e, FILE *out)
{
	struct optable_about a;

	if (optable_about(e->name, &a) < 0 || !a.in_file)
		return 0;
	return fprintf(out, "%s%s%s\n", e->name, e->value ? " = " : "",
	    e->value ? e->value : "") < 0 ? -1 : 0;
}

int
config_print(const struct options *o, FILE *out)
{
	size_t order[LEDGER_MAX], i;
	int rc = 0;

	if (fprintf(out, "# boids config: the options given, one a line, as "
	    "\"name = value\" or a\n# flag's name alone; every other option "
	    "keeps its default. See boids(6).\n") < 0)
		return -1;
	ledger_order(&o->given, order);
	for (i = 0; i < o->given.n; i++)
		rc |= print_given(&o->given.entry[order[i]], out);
	return rc;
}
