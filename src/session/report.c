/*
 * report.c: a session told as the status line and the overlay show it.
 *
 * The session keeps its state in its own terms (a preset by number,
 * the overlay as a page, the camera as a scale that may be unset); the
 * view's struct status wants what is to be drawn. This is the one place
 * that turns the one into the other, so the loop only adds what it
 * alone knows: how many frames a second show, and how fast the flight
 * goes.
 */
#include <stddef.h>

#include "input.h"
#include "options/preset.h"
#include "report.h"

/* The preset's name, and the overlay's page of settings to fly again. */
static void
report_settings(struct session *s, struct tuned *t, struct status *st)
{
	st->preset = s->opts.preset ? preset_name(s->opts.preset) : NULL;
	st->help_title = NULL;
	st->help_foot = "any key closes this, ? shows how to fly it again";
	if (s->help != 2)
		return;
	st->nhelp = tuned_help(t, s, s->cols - 6, &st->help);
	st->help_title = " to fly this again ";
	st->help_foot = "any key closes this";
}

void
report_status(struct session *s, struct tuned *t,
    const struct flock_view *v, struct status *st)
{
	st->params = flock_params(s->flock);
	st->n = v->n;
	st->npred = v->npred;
	st->fear = st->params->fear;
	st->leading = st->params->leaders;
	st->afraid = v->afraid;
	st->leaders = v->leaders;
	st->selected = s->selected;
	st->paused = s->paused;
	st->replaying = s->replaying;
	st->help = NULL;
	st->nhelp = s->help ? input_help(&st->help) : 0;
	report_settings(s, t, st);
	st->camera = s->camera.scale > 0.0 ? &s->camera : NULL;
	st->glyphs = (enum field_glyphs)s->glyphs;
	st->trails = s->trails;
	st->panel = NULL;
	st->npanel = 0;
	st->panel_width = 0;
	st->one_thread = flock_threads_refused(s->flock) != 0;
}
