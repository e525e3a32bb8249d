/*
 * test_optable.c: the option table's places and roles, the values read
 * into those places and back (src/options/optable.c, value.c), and the
 * ledger of options given (ledger.c).
 *
 * Each row's place is checked twice: by type and bounds against struct
 * options, and by name, an option at a time, against the member a person
 * would expect it in, with nothing else in the struct touched. Every
 * value a row takes reads back through its text to the same value. The
 * roles are the lists of options a record keeps, a config file may hold
 * and only a headless run takes, written out by hand.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "options/options.h"
#include "options/value.h"

/* The size of a slot's C type. */
static size_t
slot_size(enum optable_slot slot)
{
	switch (slot) {
	case SLOT_INT: return sizeof(int);
	case SLOT_LONG: return sizeof(long);
	case SLOT_SIZE: return sizeof(size_t);
	case SLOT_FLOAT: return sizeof(float);
	case SLOT_DOUBLE: return sizeof(double);
	case SLOT_U64: return sizeof(uint64_t);
	case SLOT_TEXT: return sizeof(const char *);
	case SLOT_NONE: break;
	}
	return 0;
}

/* Every row in the table once, by its id; each place the size of its
 * type, inside the struct; a pair's halves apart. */
static void
test_places(void)
{
	int seen[OPT_TOTAL] = { 0 };
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++) {
		const struct optable_spec *s = &optable_specs[i];
		const struct optable_place *p = &s->place;
		int pair = s->kind == KIND_PAIR || s->kind == KIND_SIZE;

		CHECK(s->id < OPT_TOTAL && !seen[s->id]);
		seen[s->id] = 1;
		CHECK(optable_by_id(s->id) == s);
		if (p->slot == SLOT_NONE) {
			CHECK(s->id == OPT_HELP || s->id == OPT_VERSION);
			continue;
		}
		CHECK_INT(p->size, slot_size(p->slot));
		CHECK(p->at + p->size <= sizeof(struct options));
		CHECK(p->second + p->size <= sizeof(struct options));
		CHECK(pair ? p->second >= p->at + p->size : p->second == p->at);
		CHECK(s->mark.bits == 0 ||
		    s->mark.at + sizeof(int) <= sizeof(struct options));
		CHECK((s->kind == KIND_CHOICE) == (s->words != NULL));
		if (p->size != slot_size(p->slot))
			fprintf(stderr, "  --%s\n", s->name);
	}
}

/* A value for each row: in range, and no default. */
static const char *
sample(const struct optable_spec *s)
{
	static char real[32];

	switch (s->kind) {
	case KIND_FLAG: return NULL;
	case KIND_PAIR: return s->lo < 0 ? "-0.25,0.75" : "0.25,0.75";
	case KIND_SIZE: return "123x45";
	case KIND_SEED: return "18446744073709551614";
	case KIND_FILE: return "/tmp/somewhere";
	case KIND_TEXT: return "50% \xc3\xa9t\xc3\xa9";
	case KIND_CHOICE: return optable_choices(s)[2];
	case KIND_FACTOR: return "2.5";
	case KIND_PRESET: return "swarm";
	case KIND_INT: return s->hi > 3 ? "3" : "1";
	case KIND_REAL:
		/* A quarter of the way: 45.75 for --turn, 0.25 for
		 * --wander. */
		snprintf(real, sizeof real, "%g", s->lo + (s->hi - s->lo) / 4);
		return real;
	}
	return NULL;
}

/* Whether o differs from the defaults only in s's place, its mark and
 * the ledger. */
static int
only_in_place(const struct optable_spec *s, const struct options *o)
{
	struct options d;
	const char *from = (const char *)o;
	char *to;

	options_clear(&d);
	to = (char *)&d;
	memcpy(to + s->place.at, from + s->place.at, s->place.size);
	memcpy(to + s->place.second, from + s->place.second, s->place.size);
	if (s->mark.bits)
		memcpy(to + s->mark.at, from + s->mark.at, sizeof(int));
	d.given = o->given;
	return memcmp(&d, o, sizeof d) == 0;
}

/* Each row's sample put in its place alone, marked, noted, and read
 * back through its text to the same value. */
static void
test_round_trip(void)
{
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++) {
		const struct optable_spec *s = &optable_specs[i];
		const char *text = sample(s);
		struct options o, back, d;
		char again[128];

		if (s->place.slot == SLOT_NONE)
			continue;
		options_clear(&o);
		options_clear(&d);
		CHECK_INT(options_put(&o, s->name, text, 1), 0);
		CHECK(ledger_find(&o.given, s->name) != NULL);
		CHECK(only_in_place(s, &o));
		CHECK(value_marked(s, &o));
		CHECK(!value_same(s, &o, &d));
		value_text(s, &o, again, sizeof again);
		CHECK(s->kind == KIND_FLAG ? again[0] == '\0' :
		    strcmp(again, text) == 0);
		if (s->kind != KIND_FLAG && strcmp(again, text) != 0)
			fprintf(stderr, "  --%s: '%s' back as '%s'\n", s->name,
			    text, again);
		options_clear(&back);
		CHECK_INT(options_put(&back, s->name, s->arg ? again : NULL, 0),
		    0);
		CHECK(value_same(s, &o, &back));
		CHECK_INT(back.given.n, 0);
	}
}

/* Each option in the member it is named for, by name, not by the table:
 * a row pointed at another member of its type fails here. */
static void
test_each_member(void)
{
	struct options o;

#define PUT(name, value) (options_clear(&o), \
	options_put(&o, (name), (value), 0) == 0 && \
	only_in_place(optable_by_name(name), &o))
	CHECK(PUT("count", "7") && o.count == 7);
	CHECK(PUT("predators", "4") && o.predators == 4);
	CHECK(PUT("obstacles", "5") && o.obstacles == 5);
	CHECK(PUT("perch", NULL) && o.params.perch == 1);
	CHECK(PUT("fear", NULL) && o.params.fear == 1);
	CHECK(PUT("leaders", NULL) && o.params.leaders == 1);
	CHECK(PUT("species", "3") && o.params.species == 3);
	CHECK(PUT("seed", "99") && o.seed == 99 && o.seed_set);
	CHECK(PUT("start", "random") && o.params.start == 2);
	CHECK(PUT("cohesion", "0.25") && o.params.cohesion == 0.25f);
	CHECK(PUT("separation", "0.5") && o.params.separation == 0.5f);
	CHECK(PUT("alignment", "0.75") && o.params.alignment == 0.75f);
	CHECK(PUT("radius", "3") && o.params.radius == 3.0f &&
	    o.set == FLOCK_SET_RADIUS);
	CHECK(PUT("distance", "1.5") && o.params.distance == 1.5f &&
	    o.set == FLOCK_SET_DISTANCE);
	CHECK(PUT("max-speed", "0.25") && o.params.max_speed == 0.25f &&
	    o.set == FLOCK_SET_SPEED);
	CHECK(PUT("turn", "20") && o.params.max_turn == 20.0f);
	CHECK(PUT("fov", "90") && o.params.fov == 90.0f);
	CHECK(PUT("nearest", "7") && o.params.nearest == 7);
	CHECK(PUT("wander", "0.5") && o.params.wander == 0.5f);
	CHECK(PUT("wind", "0.5,-0.25") && o.params.wind_x == 0.5f &&
	    o.params.wind_y == -0.25f);
	CHECK(PUT("goal", "0.25,0.75") && o.params.goal_x == 0.25f &&
	    o.params.goal_y == 0.75f && o.params.goal_on == 1);
	CHECK(PUT("goal-weight", "-2") && o.params.goal_weight == -2.0f);
	CHECK(PUT("rate", "60") && o.rate == 60);
	CHECK(PUT("fps", "12") && o.fps == 12);
	CHECK(PUT("speed", "4") && o.speed == 4.0);
	CHECK(PUT("ascii", NULL) && o.ascii == 1);
	CHECK(PUT("glyphs", "dots") && o.glyphs == 2);
	CHECK(PUT("screensaver", NULL) && o.screensaver == 1);
	CHECK(PUT("no-color", NULL) && o.no_color == 1);
	CHECK(PUT("theme", "crowd") && o.theme == 2);
	CHECK(PUT("background", "light") && o.background == 2);
	CHECK(PUT("headless", NULL) && o.headless == 1);
	CHECK(PUT("steps", "77") && o.steps == 77);
	CHECK(PUT("every", "11") && o.every == 11);
	CHECK(PUT("size", "100x30") && o.cols == 100 && o.rows == 30 &&
	    o.size_set == 1);
	CHECK(PUT("trace", "t.csv") && strcmp(o.trace, "t.csv") == 0);
	CHECK(PUT("picture", NULL) && o.picture == 1);
	CHECK(PUT("record", "r.rec") && strcmp(o.record, "r.rec") == 0);
	CHECK(PUT("replay", "p.rec") && strcmp(o.replay, "p.rec") == 0);
	CHECK(PUT("cast", "c.cast") && strcmp(o.cast, "c.cast") == 0);
	CHECK(PUT("preset", "hunt") && o.preset == 4);
	CHECK(PUT("config", "c.conf") && strcmp(o.config, "c.conf") == 0);
	CHECK(PUT("no-config", NULL) && o.no_config == 1);
	CHECK(PUT("print-config", NULL) && o.print_config == 1);
	CHECK(PUT("say", "HI THERE") && strcmp(o.say, "HI THERE") == 0);
	CHECK(PUT("clock", NULL) && o.clock == 1);
	/* --help and --version are the parser's to act on: kept nowhere. */
	CHECK(PUT("help", NULL) && PUT("version", NULL));
#undef PUT
	/* A refused value leaves the options as they were, its mark too. */
	{
		struct options d;

		options_clear(&d);
		options_clear(&o);
		CHECK_INT(options_put(&o, "goal", "0.5,2", 0), -1);
		CHECK_INT(options_put(&o, "size", "100x1", 0), -1);
		CHECK_INT(options_put(&o, "seed", "-1", 0), -1);
		CHECK_INT(options_put(&o, "radius", "-1", 0), -1);
		CHECK_INT(options_put(&o, "count", "0", 0), -1);
		CHECK_INT(options_put(&o, "theme", "plaid", 0), -1);
		/* Text: none, past 160 bytes, not UTF-8, a control. */
		CHECK_INT(options_put(&o, "say", "", 0), -1);
		CHECK_INT(options_put(&o, "say", "\xe9t\xe9", 0), -1);
		CHECK_INT(options_put(&o, "say", "A\tB", 0), -1);
		CHECK_INT(options_put(&o, "say", "A\xc2\x85" "B", 0), -1);
		{
			char long_text[162];

			memset(long_text, 'A', 161);
			long_text[161] = '\0';
			CHECK_INT(options_put(&o, "say", long_text, 0), -1);
			long_text[160] = '\0';
			CHECK_INT(options_put(&o, "say", long_text, 0), 0);
			options_clear(&o);
		}
		CHECK(memcmp(&o, &d, sizeof o) == 0);
	}
}

/* Whether name is among the NULL-terminated names. */
static int
among(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (strcmp(*names, name) == 0)
			return 1;
	return 0;
}

/* The roles, against the lists a person would write: what only shows
 * or keeps a flight (a record leaves it out), what belongs to one run
 * (no config file), what only a headless run takes. */
static void
test_roles(void)
{
	static const char *const shows[] = { "fps", "rate", "ascii",
		"no-color", "headless", "steps", "every", "size", "trace",
		"record", "replay", "cast", "help", "version", "glyphs",
		"picture", "speed", "theme", "background", "config",
		"no-config", "print-config", "trails", "gif", "png", NULL };
	static const char *const once[] = { "help", "version",
		"print-config", "config", "no-config", "headless", "steps",
		"every", "trace", "picture", "record", "replay", "cast",
		"screensaver", "gif", "png", NULL };
	static const char *const headless[] = { "steps", "every", "trace",
		"picture", NULL };
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++) {
		const struct optable_spec *s = &optable_specs[i];
		struct optable_about a;

		CHECK_INT(!!(s->role & OPTABLE_SHOWS), among(s->name, shows));
		CHECK_INT(!!(s->role & OPTABLE_ONCE), among(s->name, once));
		CHECK_INT(!!(s->role & OPTABLE_HEADLESS),
		    among(s->name, headless));
		CHECK_INT(optable_about(s->name, &a), 0);
		CHECK_INT(a.in_file, !among(s->name, once));
	}
}

/* --help's numbers: each the default options_clear() sets. */
static void
test_defaults(void)
{
	struct options d;

	options_clear(&d);
	CHECK(value_number(optable_by_id(OPT_COUNT), &d) == 200.0);
	CHECK(value_number(optable_by_id(OPT_STEPS), &d) == 1000.0);
	CHECK(value_number(optable_by_id(OPT_FPS), &d) == 30.0);
	CHECK(value_number(optable_by_id(OPT_COHESION), &d) ==
	    (double)d.params.cohesion);
	CHECK(value_number(optable_by_id(OPT_SPEED), &d) ==
	    (double)d.params.max_speed);
	CHECK(value_number(optable_by_id(OPT_NEAREST), &d) ==
	    (double)d.params.nearest);
}

/* The ledger: the last value of each, in the order first given; the
 * preset first when laid down or printed. */
static void
test_ledger(void)
{
	struct ledger l;
	struct ledger_entry *e;
	size_t order[LEDGER_MAX], i;
	char names[LEDGER_MAX + 1][8];

	l.n = 0;
	e = ledger_note(&l, "count", "5");
	CHECK(e != NULL && l.n == 1 && !e->kept && !e->file);
	e->kept = e->file = 1;
	CHECK(ledger_note(&l, "fps", "9") != NULL);
	CHECK(ledger_note(&l, "preset", "hunt") != NULL);
	e = ledger_note(&l, "count", "6");
	CHECK(e == &l.entry[0] && l.n == 3);
	CHECK(strcmp(e->value, "6") == 0 && e->kept && e->file);
	CHECK(ledger_find(&l, "fps") == &l.entry[1]);
	CHECK(ledger_find(&l, "cohesion") == NULL);
	ledger_order(&l, order);
	CHECK(order[0] == 2 && order[1] == 0 && order[2] == 1);
	ledger_drop(&l, "count");
	CHECK_INT(l.n, 2);
	CHECK(strcmp(l.entry[0].name, "fps") == 0 &&
	    strcmp(l.entry[1].name, "preset") == 0);
	ledger_drop(&l, "count");
	CHECK_INT(l.n, 2);
	/* Full: no more names, but a name it has still takes a value. */
	for (i = 0; i <= LEDGER_MAX; i++) {
		snprintf(names[i], sizeof names[i], "n%zu", i);
		e = ledger_note(&l, names[i], NULL);
		CHECK((e != NULL) == (i < LEDGER_MAX - 2));
	}
	CHECK_INT(l.n, LEDGER_MAX);
	CHECK(ledger_note(&l, "fps", "10") == &l.entry[0]);
}

int
main(void)
{
	test_places();
	test_round_trip();
	test_each_member();
	test_roles();
	test_defaults();
	test_ledger();
	return check_exit("test_optable");
}
