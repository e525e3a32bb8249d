/*
 * tuned.c: the settings a session's keys tuned, to fly them again.
 *
 * The settings are the options given, from the command line and the
 * config file, with each value the keys changed set anew, in the
 * shortest text that reads back as the same number: the command line
 * gives the same settings wherever it runs (it says --no-config when the
 * config file would add or take away anything), and the lines are what
 * the config file should hold.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "lib/number.h"
#include "lib/version.h"
#include "options/config.h"
#include "tuned.h"

/* The shortest decimal that the option parser reads back as v. */
static void
shortest(char *buf, size_t len, float v)
{
	double back;
	int digits;

	for (digits = 1; digits < 9; digits++) {
		snprintf(buf, len, "%.*g", digits, (double)v);
		if (number_real(buf, -FLT_MAX, FLT_MAX, &back) == 0 &&
		    (float)back == v)
			return;
	}
	snprintf(buf, len, "%.9g", (double)v);
}

static struct options_given *
setting(struct tuned *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->ngiven; i++)
		if (strcmp(t->given[i].name, name) == 0)
			return &t->given[i];
	return NULL;
}

/* Give the setting a value of its own, kept in t. */
static void
set_value(struct tuned *t, const char *name, const char *value)
{
	struct options_given *g = setting(t, name);
	char *kept;

	if (t->nvalues == sizeof t->values / sizeof t->values[0])
		return;
	kept = t->values[t->nvalues++];
	snprintf(kept, sizeof t->values[0], "%s", value);
	if (!g && t->ngiven < OPTIONS_MAX_GIVEN) {
		g = &t->given[t->ngiven++];
		memset(g, 0, sizeof *g);
		g->name = name;
		g->kept = 1;
	}
	if (g)
		g->value = kept;
}

static void
set_number(struct tuned *t, const char *name, float now, float was)
{
	char text[32];

	if (now == was)
		return;
	shortest(text, sizeof text, now);
	set_value(t, name, text);
}

static void
set_pair(struct tuned *t, const char *name, float x, float y)
{
	char a[32], b[32], text[64];

	shortest(a, sizeof a, x);
	shortest(b, sizeof b, y);
	snprintf(text, sizeof text, "%s,%s", a, b);
	set_value(t, name, text);
}

/* No goal now, where the options had one: no option gives "no goal",
 * so a config file's goal can only be left unread. */
static void
drop_goal(struct tuned *t)
{
	struct options_given *g = setting(t, "goal");

	if (!g)
		return;
	t->no_config |= g->file;
	t->ngiven--;
	memmove(g, g + 1, (size_t)(t->given + t->ngiven - g) * sizeof *g);
}

void
tuned_settings(struct tuned *t, const struct session *s)
{
	const struct options *o = &s->opts;
	const struct flock_params *p = flock_params(s->flock), *was;
	struct flock_view v;

	memset(t, 0, sizeof *t);
	was = &o->params;
	memcpy(t->given, o->given, o->ngiven * sizeof o->given[0]);
	t->ngiven = o->ngiven;
	/* The command line flies the same wherever it runs: when this
	 * session read another file or none, no file is read. */
	t->no_config = o->config != NULL || o->no_config;
	set_number(t, "cohesion", p->cohesion, was->cohesion);
	set_number(t, "separation", p->separation, was->separation);
	set_number(t, "alignment", p->alignment, was->alignment);
	if (p->wind_x != was->wind_x || p->wind_y != was->wind_y)
		set_pair(t, "wind", p->wind_x, p->wind_y);
	if (p->goal_on && (!was->goal_on || p->goal_x != was->goal_x ||
	    p->goal_y != was->goal_y))
		set_pair(t, "goal", p->goal_x, p->goal_y);
	else if (!p->goal_on && was->goal_on)
		drop_goal(t);
	set_number(t, "goal-weight", p->goal_weight, was->goal_weight);
	flock_get_view(s->flock, &v);
	if (v.npred != o->predators) {
		char text[32];

		snprintf(text, sizeof text, "%zu", v.npred);
		set_value(t, "predators", text);
	}
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

/* "-c 1.2" or "--wander 0" or "-P": a setting as a command line's. */
static void
flag_of(char *buf, size_t len, const struct options_given *g,
    const struct options_about *a)
{
	if (a->letter)
		snprintf(buf, len, "-%c%s%s", a->letter, g->value ? " " : "",
		    g->value ? g->value : "");
	else
		snprintf(buf, len, "--%s%s%s", g->name, g->value ? " " : "",
		    g->value ? g->value : "");
}

size_t
tuned_command(struct tuned *t, int width)
{
	size_t order[OPTIONS_MAX_GIVEN], i, first = t->nlines;
	char *line = new_line(t), word[TUNED_WIDTH * 4];

	if (width > TUNED_WIDTH)
		width = TUNED_WIDTH;
	if (!line)
		return 0;
	line = add_word(t, line, BOIDS_NAME, width);
	if (line && t->no_config)
		line = add_word(t, line, "--no-config", width);
	config_order(t->given, t->ngiven, order);
	for (i = 0; i < t->ngiven && line; i++) {
		const struct options_given *g = &t->given[order[i]];
		struct options_about a;

		if (options_about(g->name, &a) < 0 || !a.in_file)
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
	size_t order[OPTIONS_MAX_GIVEN], i, settings = 0;

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
	config_order(t->given, t->ngiven, order);
	for (i = 0; i < t->ngiven; i++) {
		const struct options_given *g = &t->given[order[i]];
		struct options_about a;

		if (options_about(g->name, &a) < 0 || !a.in_file ||
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
