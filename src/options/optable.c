/*
 * optable.c: the option table, and what it tells a person.
 *
 * One row for each option: its long and short names, the kind and range
 * of its value, the group --help lists it in, its help and, where it is
 * not a number, its default; where struct options keeps its value, and
 * what it is to a record and a config file. From the table come the
 * words a choice takes, the range a message quotes when a value is
 * refused, and --help itself, so that what is checked and what is said
 * cannot differ.
 */
#include <stddef.h>
#include <string.h>

#include "engine/flock.h"
#include "lib/exits.h"
#include "lib/version.h"
#include "optable.h"
#include "preset.h"

static const char *const group_title[GROUP_COUNT] = {
	"The flock", "The rules", "The world", "The screen", "Headless",
	"Keeping flights", "Presets and the config file", "Other"
};

/* The words of a KIND_CHOICE option, NULL-terminated, in the order of
 * the values they stand for. */
static const char *const glyph_words[] = { "auto", "arrows", "dots",
	"pixels", NULL };
static const char *const start_words[] = { "auto", "edges", "random", NULL };
/* In the order of enum theme_name and enum theme_background. */
static const char *const theme_words[] = { "heading", "speed", "crowd",
	"mono", "terminal", NULL };
static const char *const background_words[] = { "auto", "dark", "light",
	NULL };

/* Where a row's value is kept: a member of struct options (IN), one of
 * its flock parameters (PARAM), or two members for a pair (PAIR); and
 * the member whose bits say that it was given (MARK). */
#define PLACE(slot, f, g) { (slot), offsetof(struct options, f), \
	offsetof(struct options, g), sizeof(((struct options *)NULL)->f) }
#define IN(slot, f) .place = PLACE(slot, f, f)
#define PARAM(slot, f) .place = PLACE(slot, params.f, params.f)
#define PAIR(slot, f, g) .place = PLACE(slot, f, g)
#define NOWHERE .place = { SLOT_NONE, 0, 0, 0 }
#define MARK(f, bits) .mark = { offsetof(struct options, f), (bits) }
/* What it is to a record and a config file; none of these: it shapes
 * the flight, and a file may hold it. */
#define SHOWN .role = OPTABLE_SHOWS
#define ONCE .role = OPTABLE_ONCE
#define SHOWN_ONCE .role = (OPTABLE_SHOWS | OPTABLE_ONCE)
#define HEADLESS_ONLY \
	.role = (OPTABLE_SHOWS | OPTABLE_ONCE | OPTABLE_HEADLESS)

const struct optable_spec optable_specs[] = {
	{ OPT_COUNT, "count", 'n', "N", KIND_INT, 1, FLOCK_MAX_BOIDS,
	  GROUP_FLOCK, "number of boids", NULL, IN(SLOT_SIZE, count) },
	{ OPT_PREDATORS, "predators", 'p', "N", KIND_INT, 0,
	  FLOCK_MAX_PREDATORS, GROUP_FLOCK, "predators that hunt the flock",
	  NULL, IN(SLOT_SIZE, predators) },
	{ OPT_OBSTACLES, "obstacles", 'o', "N", KIND_INT, 0,
	  FLOCK_MAX_OBSTACLES, GROUP_FLOCK, "round obstacles to fly around",
	  NULL, IN(SLOT_SIZE, obstacles) },
	{ OPT_PERCH, "perch", 'P', NULL, KIND_FLAG, 0, 0, GROUP_FLOCK,
	  "boids land on the ground and rest a while", "off",
	  PARAM(SLOT_INT, perch) },
	{ OPT_FEAR, "fear", 0, NULL, KIND_FLAG, 0, 0, GROUP_FLOCK,
	  "fear of predators spreads from boid to boid", "off",
	  PARAM(SLOT_INT, fear) },
	{ OPT_LEADERS, "leaders", 0, NULL, KIND_FLAG, 0, 0, GROUP_FLOCK,
	  "now and then a boid leads others away", "off",
	  PARAM(SLOT_INT, leaders) },
	{ OPT_SPECIES, "species", 0, "N", KIND_INT, 1, FLOCK_MAX_SPECIES,
	  GROUP_FLOCK, "kinds of boid, each flocking with its own", NULL,
	  PARAM(SLOT_INT, species) },
	{ OPT_SEED, "seed", 'S', "N", KIND_SEED, 0, 0, GROUP_FLOCK,
	  "random seed: same seed, same flight", "from the clock",
	  IN(SLOT_U64, seed), MARK(seed_set, 1) },
	{ OPT_START, "start", 0, "HOW", KIND_CHOICE, 0, 0, GROUP_FLOCK,
	  "fly in from the edges, or start spread at random", "auto",
	  PARAM(SLOT_INT, start), .words = start_words },
	{ OPT_SAY, "say", 0, "TEXT", KIND_TEXT, 1, OPTABLE_SAY_MAX,
	  GROUP_FLOCK, "the flock writes TEXT, lets go, writes it again",
	  NULL, IN(SLOT_TEXT, say) },
	{ OPT_CLOCK, "clock", 0, NULL, KIND_FLAG, 0, 0, GROUP_FLOCK,
	  "the flock writes the time, HH:MM, anew each minute", "off",
	  IN(SLOT_INT, clock) },

	{ OPT_COHESION, "cohesion", 'c', "M", KIND_REAL, -FLOCK_WEIGHT_LIMIT,
	  FLOCK_WEIGHT_LIMIT, GROUP_RULES,
	  "cohesion multiplier m1 (negative scatters)", NULL,
	  PARAM(SLOT_FLOAT, cohesion) },
	{ OPT_SEPARATION, "separation", 's', "M", KIND_REAL,
	  -FLOCK_WEIGHT_LIMIT, FLOCK_WEIGHT_LIMIT, GROUP_RULES,
	  "separation multiplier m2", NULL, PARAM(SLOT_FLOAT, separation) },
	{ OPT_ALIGNMENT, "alignment", 'a', "M", KIND_REAL, -FLOCK_WEIGHT_LIMIT,
	  FLOCK_WEIGHT_LIMIT, GROUP_RULES, "alignment multiplier m3", NULL,
	  PARAM(SLOT_FLOAT, alignment) },
	{ OPT_RADIUS, "radius", 'r', "R", KIND_REAL, 0, FLOCK_RADIUS_LIMIT,
	  GROUP_RULES, "neighbourhood radius in cells, 0 = whole flock", NULL,
	  PARAM(SLOT_FLOAT, radius), MARK(set, FLOCK_SET_RADIUS) },
	{ OPT_DISTANCE, "distance", 'd', "D", KIND_REAL, 0,
	  FLOCK_DISTANCE_LIMIT, GROUP_RULES, "separation distance in cells",
	  NULL, PARAM(SLOT_FLOAT, distance), MARK(set, FLOCK_SET_DISTANCE) },
	{ OPT_SPEED, "max-speed", 'v', "V", KIND_REAL, FLOCK_SPEED_MIN,
	  FLOCK_SPEED_LIMIT, GROUP_RULES, "speed limit, cells per step", NULL,
	  PARAM(SLOT_FLOAT, max_speed), MARK(set, FLOCK_SET_SPEED) },
	{ OPT_TURN, "turn", 'T', "DEG", KIND_REAL, 1, 180, GROUP_RULES,
	  "turn-rate limit, degrees per step", NULL,
	  PARAM(SLOT_FLOAT, max_turn) },
	{ OPT_FOV, "fov", 'F', "DEG", KIND_REAL, 1, 360, GROUP_RULES,
	  "field of view in degrees", NULL, PARAM(SLOT_FLOAT, fov) },
	{ OPT_NEAREST, "nearest", 0, "K", KIND_INT, 0, FLOCK_NEAREST_LIMIT,
	  GROUP_RULES, "perceive at most the K nearest in reach, 0 = all",
	  NULL, PARAM(SLOT_INT, nearest) },
	{ OPT_WANDER, "wander", 0, "X", KIND_REAL, 0, FLOCK_WANDER_LIMIT,
	  GROUP_RULES, "each boid's drifting push, share of the speed limit",
	  NULL, PARAM(SLOT_FLOAT, wander) },

	{ OPT_WIND, "wind", 'w', "X,Y", KIND_PAIR, -FLOCK_WIND_LIMIT,
	  FLOCK_WIND_LIMIT, GROUP_WORLD, "wind: the air's motion, cells per step",
	  "0,0", PAIR(SLOT_FLOAT, params.wind_x, params.wind_y) },
	{ OPT_GOAL, "goal", 'g', "X,Y", KIND_PAIR, 0, 1, GROUP_WORLD,
	  "goal as fractions of the field", "none",
	  PAIR(SLOT_FLOAT, params.goal_x, params.goal_y),
	  MARK(params.goal_on, 1) },
	{ OPT_GOAL_WEIGHT, "goal-weight", 'G', "M", KIND_REAL,
	  -FLOCK_WEIGHT_LIMIT, FLOCK_WEIGHT_LIMIT, GROUP_WORLD,
	  "pull of the goal; negative flees it", NULL,
	  PARAM(SLOT_FLOAT, goal_weight) },

	{ OPT_RATE, "rate", 'R', "N", KIND_INT, 1, 1000, GROUP_SCREEN,
	  "simulation steps per second", NULL, IN(SLOT_INT, rate), SHOWN },
	{ OPT_FPS, "fps", 'f', "N", KIND_INT, 1, 240, GROUP_SCREEN,
	  "the most frames drawn per second", NULL, IN(SLOT_INT, fps),
	  SHOWN },
	{ OPT_FLIGHT_SPEED, "speed", 0, "X", KIND_FACTOR, OPTABLE_SPEED_MIN,
	  OPTABLE_SPEED_MAX, GROUP_SCREEN,
	  "the flight against real time; auto: faster far out", "auto",
	  IN(SLOT_DOUBLE, speed), SHOWN },
	{ OPT_ASCII, "ascii", 'A', NULL, KIND_FLAG, 0, 0, GROUP_SCREEN,
	  "ASCII glyphs only", "auto: ASCII when not UTF-8",
	  IN(SLOT_INT, ascii), SHOWN },
	{ OPT_GLYPHS, "glyphs", 0, "SET", KIND_CHOICE, 0, 0, GROUP_SCREEN,
	  "arrows, braille dots, pixels (sixel/kitty), or auto",
	  "auto: pixels where shown, else by crowding",
	  IN(SLOT_INT, glyphs), SHOWN, .words = glyph_words },
	{ OPT_SCREENSAVER, "screensaver", 0, NULL, KIND_FLAG, 0, 0,
	  GROUP_SCREEN, "an autopilot flies; any key or mouse ends it", "off",
	  IN(SLOT_INT, screensaver), ONCE },
	{ OPT_NO_COLOR, "no-color", 0, NULL, KIND_FLAG, 0, 0, GROUP_SCREEN,
	  "no colour (also when NO_COLOR is set)",
	  "auto: colour when the terminal has it", IN(SLOT_INT, no_color),
	  SHOWN },
	{ OPT_THEME, "theme", 0, "NAME", KIND_CHOICE, 0, 0, GROUP_SCREEN,
	  "what colours tell: heading, speed, crowding", "heading",
	  IN(SLOT_INT, theme), SHOWN, .words = theme_words },
	{ OPT_BACKGROUND, "background", 0, "SHADE", KIND_CHOICE, 0, 0,
	  GROUP_SCREEN, "the terminal's background; auto: ask it", "auto",
	  IN(SLOT_INT, background), SHOWN, .words = background_words },
	{ OPT_TRAILS, "trails", 0, NULL, KIND_FLAG, 0, 0, GROUP_SCREEN,
	  "short fading trails behind the boids", "off",
	  IN(SLOT_INT, trails), SHOWN },

	{ OPT_HEADLESS, "headless", 'H', NULL, KIND_FLAG, 0, 0,
	  GROUP_HEADLESS, "no terminal: print statistics", "off",
	  IN(SLOT_INT, headless), SHOWN_ONCE },
	{ OPT_STEPS, "steps", 't', "N", KIND_INT, 1, OPTABLE_MAX_STEPS,
	  GROUP_HEADLESS, "steps to run", NULL, IN(SLOT_LONG, steps),
	  HEADLESS_ONLY },
	{ OPT_EVERY, "every", 'e', "K", KIND_INT, 1, OPTABLE_MAX_STEPS,
	  GROUP_HEADLESS, "print a line every K steps", NULL,
	  IN(SLOT_LONG, every), HEADLESS_ONLY },
	{ OPT_SIZE, "size", 'W', "COLSxROWS", KIND_SIZE, 1, OPTABLE_MAX_SIZE,
	  GROUP_SCREEN, "the world: the field a COLSxROWS terminal shows",
	  "the terminal's", PAIR(SLOT_INT, cols, rows), MARK(size_set, 1),
	  SHOWN },
	{ OPT_TRACE, "trace", 0, "FILE", KIND_FILE, 0, 0, GROUP_HEADLESS,
	  "write every boid at every printed step as CSV", NULL,
	  IN(SLOT_TEXT, trace), HEADLESS_ONLY },
	{ OPT_PICTURE, "picture", 0, NULL, KIND_FLAG, 0, 0, GROUP_HEADLESS,
	  "then print the last step's field as text", "off",
	  IN(SLOT_INT, picture), HEADLESS_ONLY },
	{ OPT_GIF, "gif", 0, "FILE", KIND_FILE, 0, 0, GROUP_HEADLESS,
	  "write the flight as an animated GIF (runs headless)", NULL,
	  IN(SLOT_TEXT, gif), SHOWN_ONCE },
	{ OPT_PNG, "png", 0, "FILE", KIND_FILE, 0, 0, GROUP_HEADLESS,
	  "write the last step as a PNG picture (runs headless)", NULL,
	  IN(SLOT_TEXT, png), SHOWN_ONCE },

	{ OPT_RECORD, "record", 0, "FILE", KIND_FILE, 0, 0, GROUP_FLIGHTS,
	  "keep this flight: options, seed and inputs", NULL,
	  IN(SLOT_TEXT, record), SHOWN_ONCE },
	{ OPT_REPLAY, "replay", 0, "FILE", KIND_FILE, 0, 0, GROUP_FLIGHTS,
	  "fly a kept flight again (with -H: its statistics)", NULL,
	  IN(SLOT_TEXT, replay), SHOWN_ONCE },
	{ OPT_CAST, "cast", 0, "FILE", KIND_FILE, 0, 0, GROUP_FLIGHTS,
	  "write what the terminal is sent as an asciicast v2", NULL,
	  IN(SLOT_TEXT, cast), SHOWN_ONCE },

	{ OPT_PRESET, "preset", 0, "NAME", KIND_PRESET, 0, 0, GROUP_SETTINGS,
	  "fly a named set of options; list: name them", "none",
	  IN(SLOT_INT, preset) },
	{ OPT_CONFIG, "config", 0, "FILE", KIND_FILE, 0, 0, GROUP_SETTINGS,
	  "read options from FILE, not ~/.config/boids/config", NULL,
	  IN(SLOT_TEXT, config), SHOWN_ONCE },
	{ OPT_NO_CONFIG, "no-config", 0, NULL, KIND_FLAG, 0, 0,
	  GROUP_SETTINGS, "read no config file", NULL,
	  IN(SLOT_INT, no_config), SHOWN_ONCE },
	{ OPT_PRINT_CONFIG, "print-config", 0, NULL, KIND_FLAG, 0, 0,
	  GROUP_SETTINGS, "print the options given as a config file, exit",
	  NULL, IN(SLOT_INT, print_config), SHOWN_ONCE },

	{ OPT_HELP, "help", 'h', NULL, KIND_FLAG, 0, 0, GROUP_OTHER,
	  "show this help and exit", NULL, NOWHERE, SHOWN_ONCE },
	{ OPT_VERSION, "version", 'V', NULL, KIND_FLAG, 0, 0, GROUP_OTHER,
	  "show the version and exit", NULL, NOWHERE, SHOWN_ONCE },
};

const char *const *
optable_choices(const struct optable_spec *s)
{
	return s->kind == KIND_PRESET ? preset_names() : s->words;
}

const struct optable_spec *
optable_by_code(int code)
{
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++)
		if (code == (optable_specs[i].letter ? optable_specs[i].letter :
		    OPTABLE_LONG_ONLY(optable_specs[i].id)))
			return &optable_specs[i];
	return NULL;
}

const struct optable_spec *
optable_by_id(enum optable_id id)
{
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++)
		if (optable_specs[i].id == id)
			return &optable_specs[i];
	return NULL;
}

const struct optable_spec *
optable_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++)
		if (strcmp(optable_specs[i].name, name) == 0)
			return &optable_specs[i];
	return NULL;
}

const char *const *
optable_long_names(void)
{
	static const char *names[OPT_TOTAL + 1];
	size_t i;

	for (i = 0; i < OPT_TOTAL; i++)
		names[i] = optable_specs[i].name;
	names[OPT_TOTAL] = NULL;
	return names;
}

int
optable_about(const char *name, struct optable_about *a)
{
	const struct optable_spec *s = optable_by_name(name);

	if (!s)
		return -1;
	a->letter = s->letter;
	a->valued = s->arg != NULL;
	a->in_file = !(s->role & OPTABLE_ONCE);
	optable_describe_range(s, a->range, sizeof a->range);
	return 0;
}

/* "arrows, dots or auto": the words, the default last. */
static void
describe_choices(const struct optable_spec *s, char *buf, size_t len)
{
	const char *const *w = optable_choices(s);
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
void
optable_describe_range(const struct optable_spec *s, char *buf,
    size_t len)
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
	case KIND_TEXT:
		snprintf(buf, len, "text of %.0f to %.0f bytes in UTF-8, no "
		    "control characters", s->lo, s->hi);
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
print_spec(FILE *out, const struct optable_spec *s,
    const double *defaults)
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
		    defaults[s->id]);
		break;
	case KIND_REAL:
		fprintf(out, "%27s%g to %g, default %g\n", "", s->lo, s->hi,
		    defaults[s->id]);
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
	case KIND_TEXT:
		break;
	}
}

void
optable_print_help(FILE *out, const double defaults[OPT_TOTAL],
    const struct help_line *keys, size_t nkeys)
{
	size_t i;
	int g;

	fprintf(out, "Usage: %s [OPTION]...\n", BOIDS_NAME);
	fprintf(out, "A flock of boids in the terminal: each boid steers by "
	    "cohesion, separation\nand alignment with its neighbours, and a "
	    "flock emerges.\n");
	for (g = 0; g < GROUP_COUNT; g++) {
		fprintf(out, "\n%s:\n", group_title[g]);
		for (i = 0; i < OPT_TOTAL; i++)
			if (optable_specs[i].group == (enum optable_group)g)
				print_spec(out, &optable_specs[i], defaults);
	}
	fprintf(out, "\nKeys:\n");
	for (i = 0; i < nkeys; i++)
		fprintf(out, "  %-24s %s\n", keys[i].keys, keys[i].what);
	fprintf(out, "\nExit status: 0 done, %d bad option, %d damaged record, "
	    "%d unreadable config\nfile, %d no usable terminal, %d out of "
	    "memory or output failed. See boids(6).\n", EXIT_USAGE, EXIT_DATA,
	    EXIT_NO_INPUT, EXIT_NO_TERMINAL, EXIT_TROUBLE);
}
