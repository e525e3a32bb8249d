/*
 * preset.c: the presets' table.
 *
 * Each preset flies one kind of crowd that the rules can make, chosen
 * and tuned by measuring it headless over many seeds (the man page
 * gives the figures, tests/headless/presets.sh holds them to it):
 *
 *   murmuration  starlings: a big flock that coheres harder and wanders
 *                more than the defaults, so that it keeps folding,
 *                parting and meeting (seeing only the seven nearest, as
 *                starlings do, it crumbles into small flocks instead);
 *   school       fish milling round a centre: strong cohesion with a
 *                narrow field of view and a slow turn, so that the fish
 *                cannot cut across and circle instead;
 *   swarm        gnats: no alignment at all, each drawn to the swarm's
 *                middle and jinking on its own;
 *   hunt         a flock with predators in it, that fears them;
 *   parker       Parker's pseudocode alone: the rules over the whole
 *                flock, no wander, all round, no turn limit.
 */
#include <string.h>

#include "preset.h"

struct preset {
	const char *name;
	const char *what;
	const struct preset_option *options;
};

static const struct preset_option none[] = { { NULL, NULL } };

static const struct preset_option murmuration[] = {
	{ "count", "1500" }, { "cohesion", "2" }, { "wander", "0.16" },
	{ NULL, NULL }
};

static const struct preset_option school[] = {
	{ "count", "600" }, { "cohesion", "4.4" }, { "alignment", "3" },
	{ "radius", "21" }, { "distance", "2.6" }, { "max-speed", "0.88" },
	{ "turn", "2.3" }, { "fov", "170" }, { "wander", "0.22" },
	{ NULL, NULL }
};

static const struct preset_option swarm[] = {
	{ "count", "300" }, { "cohesion", "3" }, { "alignment", "0" },
	{ "radius", "0" }, { "turn", "90" }, { "wander", "0.5" },
	{ NULL, NULL }
};

static const struct preset_option hunt[] = {
	{ "count", "300" }, { "predators", "3" }, { "fear", NULL },
	{ NULL, NULL }
};

/* The man page's "The pseudocode alone" names the same options. */
static const struct preset_option parker[] = {
	{ "radius", "0" }, { "wander", "0" }, { "nearest", "0" },
	{ "fov", "360" }, { "turn", "180" }, { NULL, NULL }
};

static const struct preset presets[] = {
	{ "none", "the defaults, no preset", none },
	{ "murmuration", "a large flock of starlings", murmuration },
	{ "school", "fish milling round a centre", school },
	{ "swarm", "a cloud of gnats, no alignment", swarm },
	{ "hunt", "predators among a flock", hunt },
	{ "parker", "Parker's pseudocode, nothing added", parker },
};

#define NPRESETS ((int)(sizeof presets / sizeof presets[0]))

const char *const *
preset_names(void)
{
	static const char *names[NPRESETS + 1];
	int k;

	for (k = 0; k < NPRESETS; k++)
		names[k] = presets[k].name;
	names[NPRESETS] = NULL;
	return names;
}

int
preset_count(void)
{
	return NPRESETS;
}

int
preset_find(const char *name)
{
	int k;

	for (k = 0; k < NPRESETS; k++)
		if (strcmp(presets[k].name, name) == 0)
			return k;
	return -1;
}

const char *
preset_name(int k)
{
	return k >= 0 && k < NPRESETS ? presets[k].name : NULL;
}

const struct preset_option *
preset_options(int k)
{
	return k >= 0 && k < NPRESETS ? presets[k].options : none;
}

void
preset_list(FILE *out)
{
	int k;

	for (k = 0; k < NPRESETS; k++) {
		const struct preset_option *o;

		fprintf(out, "%-12s %s", presets[k].name, presets[k].what);
		for (o = presets[k].options; o->name; o++)
			fprintf(out, "%s--%s%s%s", o == presets[k].options ?
			    ": " : " ", o->name, o->value ? " " : "",
			    o->value ? o->value : "");
		fputc('\n', out);
	}
}
