/*
 * test_config.c: presets, the laying of options, and the settings a
 * session's keys tuned.
 *
 * The presets' table is checked against the parser (every option a real
 * one, a file's to hold, its value in range); a preset must lay down
 * exactly what its flags would, beneath every option given wherever it
 * stands; the preset key must make the flock those options make, from
 * the next restart's seed; and the command line the overlay shows must
 * parse back to the settings the keys left.
 */
#include <string.h>

#include "check.h"
#include "config.h"
#include "layers.h"
#include "preset.h"
#include "tuned.h"

/* The options of a command line, laid down as main() lays them. */
static struct options
parsed(int argc, const char *const *args)
{
	char *argv[32];
	struct options o;
	FILE *sink = fopen("/dev/null", "w");
	int i;

	argv[0] = (char *)"boids";
	for (i = 0; i < argc && i < 30; i++)
		argv[i + 1] = (char *)args[i];
	argv[i + 1] = NULL;
	CHECK(sink != NULL);
	CHECK_INT(options_parse(&o, i + 1, argv, sink, sink), OPTIONS_RUN);
	if (sink)
		fclose(sink);
	layers_resolve(&o);
	return o;
}

/* Whether two laid-down options fly alike: what makes the flock. */
static int
alike(const struct options *a, const struct options *b)
{
	return memcmp(&a->params, &b->params, sizeof a->params) == 0 &&
	    a->set == b->set && a->count == b->count &&
	    a->predators == b->predators && a->obstacles == b->obstacles &&
	    a->seed == b->seed;
}

static void
test_table(void)
{
	int k, n = preset_count();

	CHECK(n >= 6);
	CHECK(strcmp(preset_name(PRESET_NONE), "none") == 0);
	CHECK(preset_options(PRESET_NONE)->name == NULL);
	CHECK_INT(preset_find("list"), -1);
	CHECK_INT(preset_find("School"), -1);
	CHECK(preset_name(n) == NULL);
	for (k = 0; k < n; k++) {
		const struct preset_option *p;
		struct options o;

		CHECK_INT(preset_find(preset_name(k)), k);
		CHECK(strcmp(preset_names()[k], preset_name(k)) == 0);
		options_clear(&o);
		for (p = preset_options(k); p->name; p++) {
			struct options_about a;

			CHECK_INT(options_about(p->name, &a), 0);
			CHECK(a.in_file);
			CHECK(strcmp(p->name, "preset") != 0);
			CHECK_INT(options_put(&o, p->name, p->value, 0), 0);
		}
	}
	CHECK(preset_names()[n] == NULL);
	for (const char *const *w = preset_names(); *w; w++)
		CHECK(strcmp(*w, "murmuration") == 0 || strcmp(*w, "school") == 0 ||
		    strcmp(*w, "swarm") == 0 || strcmp(*w, "hunt") == 0 ||
		    strcmp(*w, "parker") == 0 || strcmp(*w, "none") == 0);
}

/* A preset is its flags; and lies beneath every option given. */
static void
test_laying(void)
{
	static const char *const parker[] = { "-S", "1", "--preset", "parker" };
	static const char *const flags[] = { "-S", "1", "-r", "0", "--wander",
		"0", "--nearest", "0", "-F", "360", "-T", "180" };
	static const char *const before[] = { "-S", "1", "-c", "0.5", "-n",
		"40", "--preset", "murmuration" };
	static const char *const after[] = { "-S", "1", "--preset",
		"murmuration", "-c", "0.5", "-n", "40" };
	static const char *const plain[] = { "-S", "1" };
	struct options a, b, c;

	a = parsed(4, parker);
	b = parsed(12, flags);
	CHECK(alike(&a, &b));
	CHECK(a.params.radius == 0.0f && a.params.wander == 0.0f &&
	    a.params.max_turn == 180.0f);
	a = parsed(8, before);
	b = parsed(8, after);
	CHECK(alike(&a, &b));
	CHECK_INT(a.count, 40);
	CHECK(a.params.cohesion == 0.5f);
	c = parsed(2, plain);
	CHECK(!alike(&a, &c));
	CHECK_INT(a.preset, preset_find("murmuration"));
	CHECK_INT(c.preset, PRESET_NONE);
}

/* A file's options beneath the command line's; a replay takes only
 * those that show the flight. */
static void
test_beneath(void)
{
	static const char *const cli[] = { "-S", "2", "-n", "80" };
	struct options file, o;

	options_clear(&file);
	CHECK_INT(options_put(&file, "count", "60", 1), 0);
	CHECK_INT(options_put(&file, "preset", "swarm", 1), 0);
	CHECK_INT(options_put(&file, "fps", "12", 1), 0);
	CHECK_INT(options_put(&file, "alignment", "oops", 1), -1);
	CHECK_INT(options_put(&file, "perch", "1", 1), -1);
	CHECK_INT(options_put(&file, "count", NULL, 1), -1);
	CHECK_INT(options_put(&file, "coun", "5", 1), -1);
	CHECK_INT((int)file.ngiven, 3);

	o = parsed(4, cli);
	layers_beneath(&o, &file, 0);
	CHECK_INT(o.count, 80);
	CHECK_INT(o.fps, 12);
	CHECK_INT(o.preset, preset_find("swarm"));
	CHECK(o.params.alignment == 0.0f);     /* swarm's */
	CHECK_INT(o.seed, 2);

	o = parsed(4, cli);
	layers_beneath(&o, &file, 1);
	CHECK_INT(o.fps, 12);
	CHECK_INT(o.preset, PRESET_NONE);
	CHECK(o.params.alignment == 1.0f);
}

/* The key's presets in turn: "none" over a file's preset stays given. */
static void
test_use_preset(void)
{
	static const char *const cli[] = { "-S", "3" };
	struct options o = parsed(2, cli), file;
	int k, n = preset_count();

	for (k = 1; k < n; k++) {
		layers_use_preset(&o, k);
		CHECK_INT(o.preset, k);
		CHECK(options_find(&o, "preset") != NULL);
	}
	layers_use_preset(&o, PRESET_NONE);
	CHECK_INT(o.preset, PRESET_NONE);
	CHECK(options_find(&o, "preset") == NULL);
	CHECK_INT(o.seed, 3);

	options_clear(&file);
	(void)options_put(&file, "preset", "hunt", 1);
	file.given[0].file = 1;
	o = parsed(2, cli);
	layers_beneath(&o, &file, 0);
	CHECK_INT(o.predators, 3);
	layers_use_preset(&o, PRESET_NONE);
	CHECK_INT(o.preset, PRESET_NONE);
	CHECK(options_find(&o, "preset") != NULL &&
	    strcmp(options_find(&o, "preset")->value, "none") == 0);
	CHECK_INT(o.predators, 0);
}

/* The preset key makes the flock the options make, from the seed the
 * next restart would take. */
static void
test_preset_key(void)
{
	static const char *const cli[] = { "-S", "5", "-c", "0.7" };
	struct options o = parsed(4, cli), again;
	struct session s;
	struct flock *f, *g;
	struct flock_view v, w;
	struct flock_params p;
	uint64_t seed;
	int murmuration = preset_find("murmuration");

	p = o.params;
	options_fit(&o, &p, 80.0f, 46.0f);
	f = flock_new(o.count, 80.0f, 46.0f, &p, o.seed, 0, 0);
	CHECK(f != NULL);
	if (!f)
		return;
	memset(&s, 0, sizeof s);
	s.flock = f;
	s.seed = o.seed;
	s.opts = &o;
	seed = input_next_seed(&s);
	CHECK_INT(tuned_next_preset(&s), REACT_RESTART);
	CHECK_INT(s.restarts, 1);
	CHECK_INT(o.preset, murmuration);
	CHECK(o.params.cohesion == 0.7f);      /* the option given wins */
	flock_get_view(s.flock, &v);
	CHECK_INT(v.n, o.count);
	CHECK(v.n > 200);
	/* The same flock, made by hand from the same options and seed. */
	again = o;
	p = again.params;
	options_fit(&again, &p, 80.0f, 46.0f);
	g = flock_new(again.count, 80.0f, 46.0f, &p, seed, again.predators,
	    again.obstacles);
	CHECK(g != NULL);
	if (g) {
		flock_get_view(g, &w);
		CHECK_INT(w.n, v.n);
		CHECK(w.n == v.n && memcmp(w.x, v.x, v.n * sizeof *v.x) == 0);
		CHECK(memcmp(flock_params(g), flock_params(s.flock),
		    sizeof p) == 0);
		flock_free(g);
	}
	/* Round the table and back to none: the count given, no preset. */
	while (o.preset != PRESET_NONE)
		CHECK_INT(tuned_next_preset(&s), REACT_RESTART);
	CHECK_INT(o.count, 200);
	CHECK_INT(s.restarts, preset_count());
	flock_free(s.flock);
}

/* The words of a command line, one a call; 0 when none is left. */
static int
next_word(const char **at, char *word, size_t len)
{
	size_t n;

	while (**at == ' ')
		(*at)++;
	n = strcspn(*at, " ");
	if (n == 0 || n >= len)
		return 0;
	memcpy(word, *at, n);
	word[n] = '\0';
	*at += n;
	return 1;
}

static int
tuned_has(const struct tuned *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->ngiven; i++)
		if (strcmp(t->given[i].name, name) == 0)
			return 1;
	return 0;
}

/* What the keys tuned, as a command line that parses back to it. */
static void
test_tuned(void)
{
	static const char *const cli[] = { "-S", "6", "-g", "0.5,0.5", "-n",
		"30" };
	struct options o = parsed(6, cli), back;
	struct flock_params p;
	struct session s;
	struct tuned t;
	struct flock *f;
	char joined[1024] = "", word[128], *argv[40];
	const char *at;
	size_t i, n;
	int argc = 0;
	FILE *sink = fopen("/dev/null", "w");

	p = o.params;
	f = flock_new(o.count, 80.0f, 46.0f, &p, o.seed, 0, 0);
	CHECK(f != NULL && sink != NULL);
	if (!f || !sink)
		return;
	memset(&s, 0, sizeof s);
	s.flock = f;
	s.opts = &o;
	tuned_settings(&t, &s);
	CHECK_INT((int)t.ngiven, 3);
	CHECK_INT(t.no_config, 0);

	p = *flock_params(f);
	p.cohesion = 1.2f;
	p.alignment = 1.0f / 3.0f;
	p.wind_x = 0.1f;
	p.wind_y = -0.3f;
	p.goal_x = 0.4125f;
	p.goal_weight = -1.0f;
	(void)flock_set_params(f, &p);
	(void)flock_add_predator(f);
	tuned_settings(&t, &s);
	CHECK(strcmp(options_find(&o, "goal")->value, "0.5,0.5") == 0);
	/* Each tuned value in its shortest form, read back exactly. */
	for (i = 0; i < t.ngiven; i++) {
		if (strcmp(t.given[i].name, "cohesion") == 0)
			CHECK(strcmp(t.given[i].value, "1.2") == 0);
		if (strcmp(t.given[i].name, "wind") == 0)
			CHECK(strcmp(t.given[i].value, "0.1,-0.3") == 0);
		if (strcmp(t.given[i].name, "goal") == 0)
			CHECK(strcmp(t.given[i].value, "0.4125,0.5") == 0);
		if (strcmp(t.given[i].name, "predators") == 0)
			CHECK(strcmp(t.given[i].value, "1") == 0);
	}
	n = tuned_command(&t, 30);
	CHECK(n >= 3);
	for (i = 0; i < n; i++) {
		CHECK(strlen(t.line[i].what) <= 30);
		CHECK(i == 0 ? strncmp(t.line[i].what, "boids ", 6) == 0 :
		    strncmp(t.line[i].what, "   ", 3) == 0);
		strcat(joined, t.line[i].what);
		strcat(joined, " ");
	}
	at = joined;
	while (argc < 39 && next_word(&at, word, sizeof word))
		argv[argc++] = strdup(word);
	argv[argc] = NULL;
	CHECK(argc > 10 && strcmp(argv[0], "boids") == 0);
	CHECK_INT(options_parse(&back, argc, argv, sink, sink), OPTIONS_RUN);
	layers_resolve(&back);
	CHECK(back.params.cohesion == 1.2f);
	CHECK(back.params.alignment == 1.0f / 3.0f);
	CHECK(back.params.wind_x == 0.1f && back.params.wind_y == -0.3f);
	CHECK(back.params.goal_on && back.params.goal_x == 0.4125f &&
	    back.params.goal_y == 0.5f);
	CHECK(back.params.goal_weight == -1.0f);
	CHECK_INT(back.predators, 1);
	CHECK_INT(back.count, 30);
	CHECK_INT(back.seed, 6);
	for (i = 0; i < (size_t)argc; i++)
		free(argv[i]);

	/* No goal now: the option goes; from a file, so does the file. */
	p.goal_on = 0;
	(void)flock_set_params(f, &p);
	tuned_settings(&t, &s);
	CHECK(!tuned_has(&t, "goal"));
	CHECK_INT(t.no_config, 0);
	o.given[1].file = 1;
	tuned_settings(&t, &s);
	CHECK_INT(t.no_config, 1);
	(void)tuned_command(&t, 76);
	CHECK(strncmp(t.line[0].what, "boids --no-config ", 18) == 0);
	flock_free(f);
	fclose(sink);
}

int
main(void)
{
	test_table();
	test_laying();
	test_beneath();
	test_use_preset();
	test_preset_key();
	test_tuned();
	return check_exit("test_config");
}
