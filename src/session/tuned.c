/*
 * tuned.c: the settings a session's keys tuned, to fly them again.
 *
 * The settings are the options given, from the command line and the
 * config file, with each value the keys changed set anew, in the
 * shortest text that reads back as the same number: the command line
 * gives the same settings wherever it runs (it says --no-config when the
 * config file would add or take away anything), and the lines are what
 * the config file should hold. Which options the keys change is listed
 * here; where each is kept, and how its value is written, is the option
 * table's (options/value.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/utf8.h"
#include "lib/version.h"
#include "options/config.h"
#include "options/value.h"
#include "tuned.h"

/* The options a session's keys change, in the order their settings
 * are added. */
static const enum optable_id by_keys[] = { OPT_COHESION, OPT_SEPARATION,
	OPT_ALIGNMENT, OPT_WIND, OPT_GOAL, OPT_GOAL_WEIGHT, OPT_PREDATORS };

/* Give the setting a value of its own, kept in t. */
static void
set_value(struct tuned *t, const char *name, const char *value)
{
	struct ledger_entry *e;
	char *kept;

	if (t->nvalues == sizeof t->values / sizeof t->values[0])
		return;
	kept = t->values[t->nvalues++];
	snprintf(kept, sizeof t->values[0], "%s", value);
	if ((e = ledger_note(&t->given, name, kept)) != NULL)
		e->kept = 1;
}

/* A setting the keys took away, where the options had it (the goal):
 * no option gives "none", so a config file's can only be left unread. */
static void
drop_setting(struct tuned *t, const char *name)
{
	const struct ledger_entry *e = ledger_find(&t->given, name);

	if (!e)
		return;
	t->no_config |= e->file;
	ledger_drop(&t->given, name);
}

/* One option as the keys left it, now, against the options the session
 * started with: its value set anew when it changed, taken away when it
 * was given and is no more. */
static void
retune(struct tuned *t, const struct optable_spec *s,
    const struct options *now, const struct options *was)
{
	char text[64];

	if (!value_marked(s, now)) {
		if (value_marked(s, was))
			drop_setting(t, s->name);
		return;
	}
	if (value_marked(s, was) && value_same(s, now, was))
		return;
	value_text(s, now, text, sizeof text);
	set_value(t, s->name, text);
}

void
tuned_settings(struct tuned *t, const struct session *s)
{
	const struct options *was = &s->opts;
	struct options now = *was;
	struct flock_view v;
	size_t i;

	memset(t, 0, sizeof *t);
	t->given = was->given;
	/* The command line flies the same wherever it runs: when this
	 * session read another file or none, no file is read. */
	t->no_config = was->config != NULL || was->no_config;
	now.params = *flock_params(s->flock);
	flock_get_view(s->flock, &v);
	now.predators = v.npred;
	for (i = 0; i < sizeof by_keys / sizeof by_keys[0]; i++)
		retune(t, optable_by_id(by_keys[i]), &now, was);
}

/* One more line of text for the overlay. */
static char *
new_line(struct tuned *t)
{
	char *line;

	if (t->nlines == TUNED_LINES)
		return NULL;
	line = t->text[t->nlines];
	line[0] = '\0';
	t->line[t->nlines].keys = "";
	t->line[t->nlines].what = line;
	t->nlines++;
	return line;
}

/* ---- The command line, laid out to paste ---- */

/*
 * The command line is cut into lines that a shell reads back as the one
 * command it is, whatever the width: each line but the last ends in a
 * backslash, between two words after a blank (the next line may then
 * begin with blanks, which the shell skips), or inside a word too long
 * for a line, which goes on at the very start of the next (a word in
 * single quotes is closed before the backslash and opened again after
 * it). A value the shell would not read back as it is goes in single
 * quotes.
 */
struct lay {
	struct tuned *t;
	char *line;             /* being filled; NULL once out of lines */
	size_t width;           /* the most bytes a line takes */
	const char *indent;     /* a line after a break between words */
	int words;              /* words begun on the line */
};

/* Whether the shell reads word back as it is, unquoted. */
static int
shell_plain(const char *word)
{
	const char *c;

	if (!*word)
		return 0;
	for (c = word; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr(",._+:/=@%-", *c))
			return 0;
	return 1;
}

/* The piece of a word at c that is never cut, a whole character, as it
 * is shown (in single quotes, a quote as '\''): its text and length;
 * how many bytes of the word it takes in *took. */
static size_t
piece(const char *c, int quoted, const char **text, size_t *took)
{
	unsigned long cp;
	int n;

	*text = c;
	*took = 1;
	if (quoted && *c == '\'') {
		*text = "'\\''";
		return 4;
	}
	n = utf8_decode(c, strlen(c), &cp);
	*took = n > 0 ? (size_t)n : 1;
	return *took;
}

/* The bytes word takes on a line, quotes and all. */
static size_t
word_length(const char *word, int quoted)
{
	size_t len = quoted ? 2 : 0, took;
	const char *c, *text;

	for (c = word; *c; c += took)
		len += piece(c, quoted, &text, &took);
	return len;
}

static void
lay_put(struct lay *l, const char *text, size_t n)
{
	size_t have = strlen(l->line);

	if (have + n < sizeof l->t->text[0]) {
		memcpy(l->line + have, text, n);
		l->line[have + n] = '\0';
	}
}

/* End the line with a backslash (after a blank between words) and go
 * on on the next: indented between words, from its start inside one. */
static void
lay_break(struct lay *l, int inside)
{
	lay_put(l, inside ? "\\" : " \\", inside ? 1 : 2);
	l->words = 0;
	if ((l->line = new_line(l->t)) != NULL && !inside)
		lay_put(l, l->indent, strlen(l->indent));
}

/* A word as it is shown, cut where a line ends if it must be: each
 * line then holds at least one piece of it. */
static void
lay_cut(struct lay *l, const char *word, int quoted)
{
	const char *c, *text;
	size_t took;

	if (quoted)
		lay_put(l, "'", 1);
	l->words++;
	for (c = word; *c && l->line; c += took) {
		size_t n = piece(c, quoted, &text, &took);
		/* After the piece, its closing quote and a backslash; after
		 * the word's last, a closing quote and " \". */
		size_t after = (quoted ? 1 : 0) + (c[took] ? 1 : 2);

		if (strlen(l->line) + n + after > l->width &&
		    strlen(l->line) > (quoted ? 1 : 0)) {
			if (quoted)
				lay_put(l, "'", 1);
			lay_break(l, 1);
			if (!l->line)
				return;
			l->words = 1;
			if (quoted)
				lay_put(l, "'", 1);
		}
		lay_put(l, text, n);
	}
	if (quoted && l->line)
		lay_put(l, "'", 1);
}

/* One word: after a blank on this line when it fits there with room for
 * " \" after it, else on the next, and cut when it fits on no line. */
static void
lay_word(struct lay *l, const char *word)
{
	int quoted = !shell_plain(word);
	size_t len = word_length(word, quoted);

	if (!l->line)
		return;
	if (l->words > 0) {
		if (strlen(l->line) + 1 + len + 2 > l->width) {
			lay_break(l, 0);
			if (!l->line)
				return;
		} else {
			lay_put(l, " ", 1);
		}
	}
	lay_cut(l, word, quoted);
}

/* An option and its value: together on a line, where they fit. */
static void
lay_option(struct lay *l, const char *flag, const char *value)
{
	size_t len = strlen(flag);

	if (value)
		len += 1 + word_length(value, !shell_plain(value));
	if (l->line && l->words > 0 &&
	    strlen(l->line) + 1 + len + 2 > l->width)
		lay_break(l, 0);
	lay_word(l, flag);
	if (value)
		lay_word(l, value);
}

size_t
tuned_command(struct tuned *t, int width)
{
	size_t order[LEDGER_MAX], i, first = t->nlines;
	struct lay l;

	if (width > TUNED_WIDTH)
		width = TUNED_WIDTH;
	if (width < TUNED_NARROWEST)
		width = TUNED_NARROWEST;
	l.t = t;
	l.width = (size_t)width;
	l.indent = width >= 20 ? "   " : "";
	l.words = 0;
	if (!(l.line = new_line(t)))
		return 0;
	lay_word(&l, BOIDS_NAME);
	if (t->no_config)
		lay_word(&l, "--no-config");
	ledger_order(&t->given, order);
	for (i = 0; i < t->given.n && l.line; i++) {
		const struct ledger_entry *g = &t->given.entry[order[i]];
		struct optable_about a;
		char flag[64];

		if (optable_about(g->name, &a) < 0 || !a.in_file)
			continue;
		if (a.letter)
			snprintf(flag, sizeof flag, "-%c", a.letter);
		else
			snprintf(flag, sizeof flag, "--%s", g->name);
		lay_option(&l, flag, g->value);
	}
	return t->nlines - first;
}

/* "~/.config/boids/config", or the file's whole name out of home. */
static void
file_name(char *buf, size_t len)
{
	const char *home = getenv("HOME");
	char path[4096];
	size_t n = home ? strlen(home) : 0;

	config_default_path(path, sizeof path);
	if (n > 0 && strncmp(path, home, n) == 0 && path[n] == '/')
		snprintf(buf, len, "~%s", path + n);
	else
		snprintf(buf, len, "%s", path[0] ? path : "boids/config");
}

size_t
tuned_help(struct tuned *t, const struct session *s, int width,
    const struct help_line **lines)
{
	char *line;
	size_t order[LEDGER_MAX], i, settings = 0;

	tuned_settings(t, s);
	(void)tuned_command(t, width);
	(void)new_line(t);                     /* a blank line between */
	if ((line = new_line(t)) != NULL) {
		char name[4100];

		file_name(name, sizeof name);
		snprintf(line, sizeof t->text[0], "or in %.*s:",
		    (int)sizeof t->text[0] - 8, name);
	}
	ledger_order(&t->given, order);
	for (i = 0; i < t->given.n; i++) {
		const struct ledger_entry *g = &t->given.entry[order[i]];
		struct optable_about a;

		if (optable_about(g->name, &a) < 0 || !a.in_file ||
		    !(line = new_line(t)))
			continue;
		config_line(line, sizeof t->text[0], g->name, g->value);
		settings++;
	}
	if (settings == 0 && (line = new_line(t)) != NULL)
		snprintf(line, sizeof t->text[0], "# nothing: every option at "
		    "its default");
	*lines = t->line;
	return t->nlines;
}
