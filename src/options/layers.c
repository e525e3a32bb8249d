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
	const struct ledger_entry *g = ledger_find(&o->given, "preset");
	const struct preset_option *p;
	size_t i;

	options_clear(&r);
	r.seed = o->seed;
	for (p = preset_options(g ? preset_find(g->value) : PRESET_NONE);
	    p->name; p++)
		(void)options_put(&r, p->name, p->value, 0);
	for (i = 0; i < o->given.n; i++)
		(void)options_put(&r, o->given.entry[i].name,
		    o->given.entry[i].value, 0);
	r.given = o->given;
	*o = r;
}

void
layers_beneath(struct options *o, const struct options *lower,
    int shown_only)
{
	struct ledger all;
	size_t i;

	all.n = 0;
	for (i = 0; i < lower->given.n; i++) {
		const struct ledger_entry *g = &lower->given.entry[i];

		if (ledger_find(&o->given, g->name) || (shown_only &&
		    (g->kept || strcmp(g->name, "size") == 0)))
			continue;
		all.entry[all.n++] = *g;
	}
	for (i = 0; i < o->given.n && all.n < LEDGER_MAX; i++)
		all.entry[all.n++] = o->given.entry[i];
	o->given = all;
	layers_resolve(o);
}

void
layers_use_preset(struct options *o, int k)
{
	const struct ledger_entry *g = ledger_find(&o->given, "preset");

	if (k == PRESET_NONE && g && !g->file)
		ledger_drop(&o->given, "preset");
	else if (k != PRESET_NONE || g)
		(void)options_put(o, "preset", preset_name(k), 1);
	layers_resolve(o);
}
