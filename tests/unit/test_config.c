/*
 * test_config.c: presets, the laying of options, and the settings a
 * session's keys tuned.
 *
 * The presets' table is checked against the parser (every option a real
 * one, a file's to hold, its value in range); a preset must lay down
 * exactly what its flags would, beneath every option given wherever it
 * stands; the preset key must make the flock those options make, from
 * the next restart's seed, in the world a terminal would have given it
 * at the start; and the command line the overlay shows must parse back
 * to the settings the keys left.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "options/config.h"
#include "options/layers.h"
#include "options/preset.h"
#include "session/session.h"
#include "session/tuned.h"
#include "session/world.h"

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
			struct optable_about a;

			CHECK_INT(optable_about(p->name, &a), 0);
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
	CHECK_INT((int)file.given.n, 3);

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
		CHECK(ledger_find(&o.given, "preset") != NULL);
	}
	layers_use_preset(&o, PRESET_NONE);
	CHECK_INT(o.preset, PRESET_NONE);
	CHECK(ledger_find(&o.given, "preset") == NULL);
	CHECK_INT(o.seed, 3);

	options_clear(&file);
	(void)options_put(&file, "preset", "hunt", 1);
	file.given.entry[0].file = 1;
	o = parsed(2, cli);
	layers_beneath(&o, &file, 0);
	CHECK_INT(o.predators, 3);
	layers_use_preset(&o, PRESET_NONE);
	CHECK_INT(o.preset, PRESET_NONE);
	CHECK(ledger_find(&o.given, "preset") != NULL &&
	    strcmp(ledger_find(&o.given, "preset")->value, "none") == 0);
	CHECK_INT(o.predators, 0);
}

/* The preset key makes the flock the options make, from the seed the
 * next restart would take, and leaves the caller's options alone. */
static void
test_preset_key(void)
{
	static const char *const cli[] = { "-S", "5", "-c", "0.7" };
	struct options o = parsed(4, cli), again;
	struct event n = { 'n', 0, 0 };
	struct session s;
	struct flock *g;
	struct flock_view v, w;
	uint64_t seed;
	int murmuration = preset_find("murmuration");

	CHECK_INT(session_start(&s, &o, NULL, 0, 0, stderr), 0);
	seed = world_next_seed(s.seed, s.restarts);
	CHECK_INT(session_key(&s, &n), REACT_RESTART);
	CHECK_INT(s.restarts, 1);
	CHECK(world_next_seed(s.seed, s.restarts) != seed);
	CHECK_INT(s.opts.preset, murmuration);
	CHECK_INT(o.preset, PRESET_NONE);
	CHECK(s.opts.params.cohesion == 0.7f);  /* the option given wins */
	flock_get_view(s.flock, &v);
	CHECK_INT(v.n, s.opts.count);
	CHECK(v.n > 200);
	CHECK(v.w == 80.0f && v.h == 46.0f);     /* the world as it was */
	/* The same flock, made by hand from the same options and seed. */
	again = s.opts;
	again.seed = seed;
	g = session_flock(&again, 80.0f, 46.0f, stderr);
	CHECK(g != NULL);
	if (g) {
		flock_get_view(g, &w);
		CHECK_INT(w.n, v.n);
		CHECK(w.n == v.n && memcmp(w.x, v.x, v.n * sizeof *v.x) == 0);
		CHECK(memcmp(flock_params(g), flock_params(s.flock),
		    sizeof(struct flock_params)) == 0);
		flock_free(g);
	}
	/* Round the table and back to none: the count given, no preset. */
	while (s.opts.preset != PRESET_NONE)
		CHECK_INT(session_key(&s, &n), REACT_RESTART);
	CHECK_INT(s.opts.count, 200);
	CHECK_INT((int)s.restarts, preset_count());
	session_end(&s);
}

/* The number of the first line of a file that is text, or 0. */
static int
line_of(const char *path, const char *text)
{
	FILE *f = fopen(path, "r");
	char line[600];
	int n = 0, at = 0;

	if (!f)
		return -1;
	while (!at && fgets(line, sizeof line, f)) {
		n++;
		line[strcspn(line, "\n")] = '\0';
		at = strcmp(line, text) == 0 ? n : 0;
	}
	fclose(f);
	return at;
}

/* Fly a record to its end, as a replay does. */
static void
replay_all(struct session *s)
{
	while (session_replay_next(s))
		;
	while (!session_replay_over(s)) {
		session_step(s);
		while (session_replay_next(s))
			;
	}
}

/* In a terminal, the preset key's flock gets the world it would have
 * had at the start, grown for the starlings; a record keeps the key,
 * then that resize, and a replay flies both. With -W the world stays. */
static void
test_preset_world(void)
{
	static const char *const cli[] = { "-S", "5" };
	static const char *const starlings[] = { "-S", "5", "--preset",
		"murmuration" };
	static const char *const sized[] = { "-S", "5", "-W", "80x24" };
	char path[] = "/tmp/test_config_XXXXXX", want[64];
	struct options o = parsed(2, cli), m = parsed(4, starlings);
	struct event n = { 'n', 0, 0 };
	struct session s, t;
	struct record r;
	struct flock_view a, b;
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	CHECK_INT(session_start(&t, &m, NULL, 80, 24, stderr), 0);
	CHECK(t.world_w > 80.0f && t.world_fixed);
	CHECK_INT(session_start(&s, &o, NULL, 80, 24, stderr), 0);
	session_terminal(&s, 80, 24);
	CHECK(s.world_w == 80.0f && s.world_h == 46.0f && !s.world_fixed);
	s.rec = record_create(path, stderr);
	CHECK(s.rec != NULL && journal_keep(s.rec) == 0 &&
	    record_begin(s.rec, &o, s.world_w, s.world_h) == 0);
	session_step(&s);
	CHECK_INT(session_key(&s, &n), REACT_RESTART);
	CHECK(s.world_w == t.world_w && s.world_h == t.world_h);
	CHECK(s.world_fixed);
	CHECK(s.camera.fitted && s.camera.scale > 1.0);
	while (s.step < 20)
		session_step(&s);
	CHECK(record_finish(s.rec, s.step) == 0);
	s.rec = NULL;
	snprintf(want, sizeof want, "resize 1 %g %g", (double)t.world_w,
	    (double)t.world_h);
	CHECK(line_of(path, "key 1 110") > 0);
	CHECK(line_of(path, want) == line_of(path, "key 1 110") + 1);
	session_end(&t);
	CHECK_INT(record_load(&r, path, stderr), 0);
	CHECK_INT(session_start(&t, &o, &r, 0, 0, stderr), 0);
	replay_all(&t);
	CHECK_INT(t.step, 20);
	CHECK_INT(t.opts.preset, preset_find("murmuration"));
	flock_get_view(s.flock, &a);
	flock_get_view(t.flock, &b);
	CHECK(a.n == b.n && a.w == b.w && a.h == b.h);
	CHECK(a.n == b.n && memcmp(a.x, b.x, a.n * sizeof *a.x) == 0 &&
	    memcmp(a.vy, b.vy, a.n * sizeof *a.vy) == 0);
	session_end(&s);
	session_end(&t);
	record_free(&r);
	unlink(path);

	o = parsed(4, sized);
	CHECK_INT(session_start(&s, &o, NULL, 80, 24, stderr), 0);
	session_terminal(&s, 80, 24);
	CHECK_INT(session_key(&s, &n), REACT_RESTART);
	CHECK(s.world_w == 80.0f && s.world_h == 46.0f);
	session_end(&s);
}

/* The words the shell reads in the n lines of t's command from line
 * first: a backslash before a newline, outside single quotes, is
 * dropped with it; words part at blanks; single quotes keep what is
 * between them. How many words, at most most, each at most len. */
static int
shell_words(const struct tuned *t, size_t first, size_t n, char *word,
    size_t len, int most)
{
	char text[4096] = "";
	const char *c;
	size_t i, at = 0;
	int k = 0, quoted = 0, begun = 0;

	for (i = first; i < first + n; i++) {
		strcat(text, t->line[i].what);
		strcat(text, "\n");
	}
	for (c = text; *c && k < most; c++) {
		char *w = word + (size_t)k * len;

		if (quoted) {
			if (*c == '\'')
				quoted = 0;
			else if (at + 1 < len)
				w[at++] = *c;
			continue;
		}
		if (*c == '\\' && c[1] == '\n') {
			c++;
			continue;
		}
		if (*c == ' ' || *c == '\n') {
			if (begun) {
				w[at] = '\0';
				k++;
				at = 0;
				begun = 0;
			}
			continue;
		}
		begun = 1;
		if (*c == '\'')
			quoted = 1;
		else if (*c == '\\' && c[1])
			w[at++] = *++c;
		else if (at + 1 < len)
			w[at++] = *c;
	}
	return k;
}

static int
tuned_has(const struct tuned *t, const char *name)
{
	return ledger_find(&t->given, name) != NULL;
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
	char words[40][128], *argv[40];
	size_t i, n;
	int argc = 0, width;
	FILE *sink = fopen("/dev/null", "w");

	p = o.params;
	f = flock_new(o.count, 80.0f, 46.0f, &p, o.seed, 0, 0);
	CHECK(f != NULL && sink != NULL);
	if (!f || !sink)
		return;
	memset(&s, 0, sizeof s);
	s.flock = f;
	s.opts = o;
	tuned_settings(&t, &s);
	CHECK_INT((int)t.given.n, 3);
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
	CHECK(strcmp(ledger_find(&s.opts.given, "goal")->value, "0.5,0.5") == 0);
	/* Each tuned value in its shortest form, read back exactly. */
	for (i = 0; i < t.given.n; i++) {
		if (strcmp(t.given.entry[i].name, "cohesion") == 0)
			CHECK(strcmp(t.given.entry[i].value, "1.2") == 0);
		if (strcmp(t.given.entry[i].name, "wind") == 0)
			CHECK(strcmp(t.given.entry[i].value, "0.1,-0.3") == 0);
		if (strcmp(t.given.entry[i].name, "goal") == 0)
			CHECK(strcmp(t.given.entry[i].value, "0.4125,0.5") == 0);
		if (strcmp(t.given.entry[i].name, "predators") == 0)
			CHECK(strcmp(t.given.entry[i].value, "1") == 0);
	}
	n = tuned_command(&t, 30);
	CHECK(n >= 3);
	for (i = 0; i < n; i++) {
		CHECK(strlen(t.line[i].what) <= 30);
		CHECK(i + 1 == n || strcmp(t.line[i].what +
		    strlen(t.line[i].what) - 2, " \\") == 0);
	}
	CHECK(strncmp(t.line[0].what, "boids ", 6) == 0);
	argc = shell_words(&t, 0, n, words[0], sizeof words[0], 39);
	for (i = 0; i < (size_t)argc; i++)
		argv[i] = words[i];
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
	/* At every width, the same words, each line within it. */
	for (width = TUNED_NARROWEST; width <= TUNED_WIDTH; width++) {
		size_t from = t.nlines, lines = tuned_command(&t, width);
		int k, same;

		for (i = from; i < from + lines; i++)
			CHECK(strlen(t.line[i].what) <= (size_t)width);
		k = shell_words(&t, from, lines, words[20], sizeof words[0],
		    19);
		same = k == argc;
		for (i = 0; same && i < (size_t)k; i++)
			same = strcmp(words[20 + i], argv[i]) == 0;
		CHECK(same);
		t.nlines = from;
	}
	/* A value the shell would split or take apart goes in quotes,
	 * cut and joined again at every width a quoted character fits in
	 * (a quote, the character, a quote and a backslash), a character
	 * whole. */
	CHECK(ledger_note(&t.given, "preset", "it's a\\b \xe2\x82\xac$x") !=
	    NULL);
	for (width = TUNED_QUOTED; width <= TUNED_WIDTH; width++) {
		size_t from = t.nlines, lines = tuned_command(&t, width);
		int k, at = -1, j;

		for (i = from; i < from + lines; i++)
			CHECK(strlen(t.line[i].what) <= (size_t)width);
		k = shell_words(&t, from, lines, words[0], sizeof words[0],
		    40);
		for (j = 0; j + 1 < k; j++)
			if (strcmp(words[j], "--preset") == 0)
				at = j + 1;
		CHECK(at > 0 && strcmp(words[at], "it's a\\b \xe2\x82\xac$x") ==
		    0);
		t.nlines = from;
	}

	/* No goal now: the option goes; from a file, so does the file. */
	p.goal_on = 0;
	(void)flock_set_params(f, &p);
	tuned_settings(&t, &s);
	CHECK(!tuned_has(&t, "goal"));
	CHECK_INT(t.no_config, 0);
	s.opts.given.entry[1].file = 1;
	tuned_settings(&t, &s);
	CHECK_INT(t.no_config, 1);
	(void)tuned_command(&t, 76);
	CHECK(strncmp(t.line[0].what, "boids --no-config ", 18) == 0);
	flock_free(f);
	fclose(sink);
}

/* A text given to --say, as the command line to fly again writes it:
 * quoted as a shell reads it back, its own quote and all. */
static void
test_tuned_text(void)
{
	static const char *const cli[] = { "--say", "IT'S 5", "-S", "2" };
	struct options o = parsed(4, cli);
	struct session s;
	struct tuned t;
	struct flock *f = flock_new(o.count, 80.0f, 46.0f, &o.params, o.seed,
	    0, 0);

	CHECK(f != NULL);
	if (!f)
		return;
	memset(&s, 0, sizeof s);
	s.flock = f;
	s.opts = o;
	tuned_settings(&t, &s);
	CHECK_INT((int)tuned_command(&t, 76), 1);
	CHECK(strcmp(t.line[0].what, "boids --say 'IT'\\''S 5' -S 2") == 0);
	flock_free(f);
}

int
main(void)
{
	test_table();
	test_tuned_text();
	test_laying();
	test_beneath();
	test_use_preset();
	test_preset_key();
	test_preset_world();
	test_tuned();
	return check_exit("test_config");
}
