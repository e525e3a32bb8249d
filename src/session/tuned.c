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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A word of the command line, on the line being filled or a new one. */
static char *
add_word(struct tuned *t, char *line, const char *word, int width)
{
	size_t have = strlen(line), need = strlen(word);

	if (have > 0 && have + 1 + need > (size_t)width) {
		if (!(line = new_line(t)))
			return NULL;
		snprintf(line, sizeof t->text[0], "   ");
		have = 3;
	}
	snprintf(line + have, sizeof t->text[0] - have, "%s%s",
	    have > 0 && line[have - 1] != ' ' ? " " : "", word);
	return line;
}

/* A value as a shell reads it back: as it is when every character is
 * one the shell leaves alone, else in single quotes, each of its own
 * quotes written '\''. */
static void
shell_word(char *buf, size_t len, const char *value)
{
	size_t k = 0;

	if (value[strspn(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
	    "qrstuvwxyz0123456789_.,:+-/=@%")] == '\0' && *value) {
		snprintf(buf, len, "%s", value);
		return;
	}
	if (len < 3) {
		buf[0] = '\0';
		return;
	}
	buf[k++] = '\'';
	for (; *value && k + 6 < len; value++) {
		if (*value == '\'') {
			memcpy(buf + k, "'\\''", 4);
			k += 4;
		} else {
			buf[k++] = *value;
		}
	}
	buf[k++] = '\'';
	buf[k] = '\0';
}

/* "-c 1.2" or "--wander 0" or "-P": a setting as a command line's. */
static void
flag_of(char *buf, size_t len, const struct ledger_entry *g,
    const struct optable_about *a)
{
	char value[TUNED_WIDTH * 4];

	if (g->value)
		shell_word(value, sizeof value, g->value);
	if (a->letter)
		snprintf(buf, len, "-%c%s%s", a->letter, g->value ? " " : "",
		    g->value ? value : "");
	else
		snprintf(buf, len, "--%s%s%s", g->name, g->value ? " " : "",
		    g->value ? value : "");
}

size_t
tuned_command(struct tuned *t, int width)
{
	size_t order[LEDGER_MAX], i, first = t->nlines;
	char *line = new_line(t), word[TUNED_WIDTH * 4];

	if (width > TUNED_WIDTH)
		width = TUNED_WIDTH;
	if (!line)
		return 0;
	line = add_word(t, line, BOIDS_NAME, width);
	if (line && t->no_config)
		line = add_word(t, line, "--no-config", width);
	ledger_order(&t->given, order);
	for (i = 0; i < t->given.n && line; i++) {
		const struct ledger_entry *g = &t->given.entry[order[i]];
		struct optable_about a;

		if (optable_about(g->name, &a) < 0 || !a.in_file)
			continue;
		flag_of(word, sizeof word, g, &a);
		line = add_word(t, line, word, width);
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
	if (width < 20)
		width = 20;
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
