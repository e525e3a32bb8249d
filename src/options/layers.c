/*
 * layers.c: laying the options down, the preset beneath what is given.
 *
 * The options given hold only valid values (the parser or the config
 * file checked each), and the presets' options are checked by the
 * tests, so laying them down again cannot fail; a preset's option that
 * did not parse would stay at its default.
 */
#include <string.h>

#include "layers.h"
#include "preset.h"

void
layers_resolve(struct options *o)
{
	struct options r;
	const struct options_given *g = options_find(o, "preset");
	const struct preset_option *p;
	size_t i;

	options_clear(&r);
	r.seed = o->seed;
	for (p = preset_options(g ? preset_find(g->value) : PRESET_NONE);
	    p->name; p++)
		(void)options_put(&r, p->name, p->value, 0);
	for (i = 0; i < o->ngiven; i++)
		(void)options_put(&r, o->given[i].name, o->given[i].value, 0);
	memcpy(r.given, o->given, o->ngiven * sizeof o->given[0]);
	r.ngiven = o->ngiven;
	*o = r;
}

void
layers_beneath(struct options *o, const struct options *lower,
    int shown_only)
{
	struct options_given all[OPTIONS_MAX_GIVEN];
	size_t i, n = 0;

	for (i = 0; i < lower->ngiven; i++) {
		const struct options_given *g = &lower->given[i];

		if (options_find(o, g->name) || (shown_only && (g->kept ||
		    strcmp(g->name, "size") == 0)))
			continue;
		all[n++] = *g;
	}
	for (i = 0; i < o->ngiven && n < OPTIONS_MAX_GIVEN; i++)
		all[n++] = o->given[i];
	memcpy(o->given, all, n * sizeof all[0]);
	o->ngiven = n;
	layers_resolve(o);
}

void
layers_use_preset(struct options *o, int k)
{
	struct options_given *g = NULL;
	size_t i;

	for (i = 0; i < o->ngiven; i++)
		if (strcmp(o->given[i].name, "preset") == 0)
			g = &o->given[i];
	if (k == PRESET_NONE && g && !g->file) {
		o->ngiven--;
		memmove(g, g + 1, (size_t)(o->given + o->ngiven - g) *
		    sizeof *g);
	} else if (k != PRESET_NONE || g) {
		(void)options_put(o, "preset", preset_name(k), 1);
	}
	layers_resolve(o);
}
