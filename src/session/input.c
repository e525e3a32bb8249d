/*
 * input.c: the key table, and what each key does.
 *
 * One table lists every binding: the key codes that trigger it, the
 * action it does, and the words --help and the overlay show for it. The
 * key codes are curses' own, by the names event.h gives them. Each
 * action edits the session (pause, the multiplier selected, the goal's
 * next place, the view, the preset flown) or the flock's parameters, or
 * makes a new flock, and answers with the reaction the loop owes the
 * screen and with what it changed. What changes the flight is what a
 * record must hold to fly it again, and an action says so only when it
 * did: the rules' weights and which one + and - change, the wind, the
 * goal and where `g` puts it next, the predators, a new flock (`r`, or
 * `n` for the next preset's). A key that changes nothing (calm when
 * there is no wind, a weight at its limit, `G` with no goal) is not
 * kept. What only shows the flight (the view, the glyphs, the trails,
 * the panels) or paces it (the pause, the speed against real time)
 * never is.
 *
 * Keys change values in steps of a tenth; rounding to a thousandth keeps
 * ten presses of +0.1 exactly at 1.0 while a value from the command
 * line, such as 0.25, keeps its digits. The autopilot acts through the
 * same edits the keys make.
 */
#include <math.h>
#include <string.h>

#include "input.h"
#include "options/layers.h"
#include "options/preset.h"
#include "view/field.h"
#include "world.h"

static const struct outcome nothing = { REACT_NONE, 0 };

static struct outcome
did(enum reaction reaction, unsigned changed)
{
	struct outcome o;

	o.reaction = reaction;
	o.changed = changed;
	return o;
}

static float
snap(float v, float limit)
{
	v = roundf(v * 1000.0f) / 1000.0f;
	if (v > limit)
		v = limit;
	if (v < -limit)
		v = -limit;
	return v + 0.0f;  /* never -0, which would print as "-0.00" */
}

/*
 * New parameters for the flock; a change of the flight when any byte of
 * them differs. They are floats and ints alone, with no padding between,
 * so their bytes compare them, fields added later included; a -0 for a
 * 0 counts as a change, which only keeps a key too many, and a NaN
 * (which the engine never lets in) would not hide one. The actions keep
 * every value within the engine's limits, so the engine takes them as
 * they are.
 */
static struct outcome
set_params(struct session *s, const struct flock_params *p)
{
	/* NOLINTNEXTLINE(bugprone-suspicious-memory-comparison,cert-exp42-c,cert-flp37-c) */
	if (memcmp(flock_params(s->flock), p, sizeof *p) == 0)
		return did(REACT_REDRAW, 0);
	(void)flock_set_params(s->flock, p);
	return did(REACT_REDRAW, CHANGED_FLIGHT);
}

/* ---- The flight ---- */

static struct outcome
act_scatter(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.scatter = !p.scatter;
	return set_params(s, &p);
}

/* y grows downward, so the up arrow blows toward negative y. */
static struct outcome
act_wind(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	switch (ev->key) {
	case EVENT_KEY_UP: p.wind_y -= INPUT_WIND_STEP; break;
	case EVENT_KEY_DOWN: p.wind_y += INPUT_WIND_STEP; break;
	case EVENT_KEY_LEFT: p.wind_x -= INPUT_WIND_STEP; break;
	case EVENT_KEY_RIGHT: p.wind_x += INPUT_WIND_STEP; break;
	default: return nothing;
	}
	p.wind_x = snap(p.wind_x, FLOCK_WIND_LIMIT);
	p.wind_y = snap(p.wind_y, FLOCK_WIND_LIMIT);
	return set_params(s, &p);
}

static struct outcome
act_calm(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.wind_x = 0.0f;
	p.wind_y = 0.0f;
	return set_params(s, &p);
}

static struct outcome
place_goal(struct session *s, float gx, float gy)
{
	struct flock_params p = *flock_params(s->flock);

	p.goal_on = 1;
	p.goal_x = gx;
	p.goal_y = gy;
	return set_params(s, &p);
}

/* Where the goal goes next changes at each press, whatever the goal. */
static struct outcome
act_goal_next(struct session *s, const struct event *ev)
{
	size_t k = (size_t)s->goal_next % FLOCK_GOAL_PLACES;
	float gx, gy;

	(void)ev;
	s->goal_next = (int)((k + 1) % FLOCK_GOAL_PLACES);
	flock_goal_place(k, &gx, &gy);
	(void)place_goal(s, gx, gy);
	return did(REACT_REDRAW, CHANGED_FLIGHT);
}

/* The camera, fitting the world into the view when nothing set it yet,
 * and always the size of the screen above the status line. */
static struct camera *
fitted_camera(struct session *s, float *w, float *h)
{
	struct flock_view v;

	flock_get_view(s->flock, &v);
	*w = v.w;
	*h = v.h;
	if (!(s->camera.scale > 0.0))
		camera_fit(&s->camera, v.w, v.h, s->cols, s->rows);
	else if (s->camera.cols != s->cols || s->camera.rows != s->rows)
		camera_resize(&s->camera, v.w, v.h, s->cols, s->rows);
	return &s->camera;
}

/* The world point at the centre of the clicked cell, through the
 * camera; the status line is not in the view, nor is the world's
 * outside when zoomed out. */
static struct outcome
act_goal_click(struct session *s, const struct event *ev)
{
	float w, h;
	const struct camera *c = fitted_camera(s, &w, &h);
	double x, y;

	if (ev->col < 0 || ev->row < 0 || ev->col >= c->cols ||
	    ev->row >= c->rows)
		return nothing;
	camera_point(c, ev->col, ev->row, &x, &y);
	if (!(x >= 0.0 && x < w && y >= 0.0 && y < h))
		return nothing;
	return place_goal(s, (float)(x / w), (float)(y / h));
}

static struct outcome
act_goal_off(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	if (!p.goal_on)
		return nothing;
	p.goal_on = 0;
	return set_params(s, &p);
}

/* Seek or flee the goal, the one there now and the next one placed. */
static struct outcome
act_flee(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.goal_weight = -p.goal_weight;
	return set_params(s, &p);
}

/* Which multiplier + and - change is part of the flight: the keys after
 * it change another. */
static struct outcome
act_select(struct session *s, const struct event *ev)
{
	(void)ev;
	s->selected = (enum flock_weight)((s->selected + 1) % WEIGHT_COUNT);
	return did(REACT_REDRAW, CHANGED_FLIGHT);
}

static float *
selected_weight(struct flock_params *p, enum flock_weight which)
{
	switch (which) {
	case WEIGHT_SEPARATION: return &p->separation;
	case WEIGHT_ALIGNMENT: return &p->alignment;
	default: return &p->cohesion;
	}
}

static struct outcome
act_weight(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);
	float *w = selected_weight(&p, s->selected);

	*w += ev->key == '-' ? -INPUT_WEIGHT_STEP : INPUT_WEIGHT_STEP;
	*w = snap(*w, FLOCK_WEIGHT_LIMIT);
	return set_params(s, &p);
}

static struct outcome
clear_predators(struct session *s)
{
	struct flock_view v;

	flock_get_view(s->flock, &v);
	flock_clear_predators(s->flock);
	return did(REACT_REDRAW, v.npred > 0 ? CHANGED_FLIGHT : 0);
}

static struct outcome
act_predator(struct session *s, const struct event *ev)
{
	if (ev->key == 'P')
		return clear_predators(s);
	if (flock_add_predator(s->flock) < 0)
		return nothing;
	return did(REACT_REDRAW, CHANGED_FLIGHT);
}

/* `n`: the next preset in turn ("none" among them) beneath the options
 * given; its flock made as `r` makes one, in the world as it is, so a
 * record of the key flies it again. Without the memory, nothing. */
static struct outcome
next_preset(struct session *s)
{
	struct options next = s->opts;
	struct flock_view v;
	struct flock *f;

	layers_use_preset(&next, (next.preset + 1) % preset_count());
	flock_get_view(s->flock, &v);
	f = world_flock(&next, v.w, v.h, world_next_seed(s->seed,
	    s->restarts));
	if (!f)
		return nothing;
	s->restarts++;
	flock_free(s->flock);
	s->flock = f;
	s->opts = next;
	return did(REACT_RESTART, CHANGED_FLIGHT);
}

static struct outcome
new_flock(struct session *s)
{
	flock_reset(s->flock, world_next_seed(s->seed, s->restarts));
	s->restarts++;
	return did(REACT_RESTART, CHANGED_FLIGHT);
}

static struct outcome
act_restart(struct session *s, const struct event *ev)
{
	return ev->key == 'n' ? next_preset(s) : new_flock(s);
}

/* ---- The view ---- */

/* A view action's outcome: a change when the camera was moved. */
static struct outcome
camera_moved(const struct session *s, const struct camera *was)
{
	const struct camera *c = &s->camera;
	int same = c->cx == was->cx && c->cy == was->cy &&
	    c->scale == was->scale && c->cols == was->cols &&
	    c->rows == was->rows && c->fitted == was->fitted &&
	    c->follow == was->follow;

	return did(REACT_REDRAW, same ? 0 : CHANGED_VIEW);
}

/* Keys zoom about the middle of the view, the wheel about the pointer. */
static struct outcome
act_zoom(struct session *s, const struct event *ev)
{
	struct camera was = s->camera;
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);
	int in = ev->key == 'z' || ev->key == EVENT_WHEEL_UP;
	int wheel = ev->key == EVENT_WHEEL_UP || ev->key == EVENT_WHEEL_DOWN;
	int col = wheel ? ev->col : c->cols / 2;
	int row = wheel ? ev->row : c->rows / 2;

	if (col < 0 || row < 0 || col >= c->cols || row >= c->rows) {
		col = c->cols / 2;
		row = c->rows / 2;
	}
	camera_zoom(c, in ? CAMERA_ZOOM_STEP : 1.0 / CAMERA_ZOOM_STEP, col,
	    row, w, h);
	return camera_moved(s, &was);
}

static struct outcome
act_pan(struct session *s, const struct event *ev)
{
	struct camera was = s->camera;
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);

	c->follow = 0;   /* the user takes the camera */
	switch (ev->key) {
	case 'h': camera_pan(c, -1, 0, w, h); break;
	case 'j': camera_pan(c, 0, 1, w, h); break;
	case 'k': camera_pan(c, 0, -1, w, h); break;
	default: camera_pan(c, 1, 0, w, h); break;
	}
	return camera_moved(s, &was);
}

static struct outcome
act_fit(struct session *s, const struct event *ev)
{
	struct camera was = s->camera;
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);

	(void)ev;
	camera_fit(c, w, h, c->cols, c->rows);
	c->follow = 0;   /* the whole world, standing still */
	return camera_moved(s, &was);
}

static struct outcome
act_follow(struct session *s, const struct event *ev)
{
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);

	(void)ev;
	c->follow = !c->follow;
	return did(REACT_REDRAW, CHANGED_VIEW);
}

static struct outcome
act_glyphs(struct session *s, const struct event *ev)
{
	(void)ev;
	s->glyphs = (s->glyphs + 1) % FIELD_SETS;
	if (s->glyphs == FIELD_PIXELS && !s->pixels)
		s->glyphs = (s->glyphs + 1) % FIELD_SETS;
	return did(REACT_REDRAW, CHANGED_VIEW);
}

static struct outcome
act_trails(struct session *s, const struct event *ev)
{
	(void)ev;
	s->trails = !s->trails;
	return did(REACT_REDRAW, CHANGED_VIEW);
}

/* The two views over the world: the measures panel stays open while
 * the flock flies, the key overlay until the next key. */
static struct outcome
act_panel(struct session *s, const struct event *ev)
{
	if (ev->key == '?')
		s->help = 1;
	else
		s->panel = !s->panel;
	return did(REACT_REDRAW, CHANGED_VIEW);
}

/* ---- The pace, and the program ---- */

static struct outcome
act_pause(struct session *s, const struct event *ev)
{
	if (ev->key == '.')
		return s->paused ? did(REACT_STEP, 0) : nothing;
	s->paused = !s->paused;
	return did(REACT_REDRAW, CHANGED_PACE);
}

/* Half or twice the flight's speed against real time, from the speed
 * wanted at the camera's scale now; the speed no longer follows the
 * camera. */
static struct outcome
act_speed(struct session *s, const struct event *ev)
{
	double scale = s->camera.scale > 0.0 ? s->camera.scale : 1.0;
	double was = s->lapse.factor;

	if (ev->key == '<')
		lapse_slower(&s->lapse, scale);
	else
		lapse_faster(&s->lapse, scale);
	return did(REACT_REDRAW, s->lapse.factor != was ? CHANGED_PACE : 0);
}

static struct outcome
act_quit(struct session *s, const struct event *ev)
{
	(void)s;
	(void)ev;
	return did(REACT_QUIT, 0);
}

static struct outcome
act_repaint(struct session *s, const struct event *ev)
{
	(void)s;
	(void)ev;
	return did(REACT_REPAINT, 0);
}

/* ---- The table ---- */

static const struct input_binding bindings[] = {
	{ { 'q', EVENT_KEY_ESCAPE }, act_quit, { "q, Esc", "quit" } },
	{ { ' ', '.' }, act_pause, { "space / .", "pause / resume; one "
	    "step while paused" } },
	{ { 's' }, act_scatter, { "s", "scatter on/off: flock or sign "
	    "breaks up, re-forms" } },
	{ { EVENT_KEY_UP, EVENT_KEY_DOWN, EVENT_KEY_LEFT, EVENT_KEY_RIGHT },
	  act_wind, { "arrow keys", "push the wind one notch that way" } },
	{ { 'w' }, act_calm, { "w", "calm: wind back to 0,0" } },
	{ { 'g' }, act_goal_next, { "g", "place the goal (centre first, "
	    "then elsewhere)" } },
	{ { EVENT_CLICK }, act_goal_click, { "left click",
	    "place the goal at the clicked cell" } },
	{ { 'G' }, act_goal_off, { "G", "remove the goal" } },
	{ { 'f' }, act_flee, { "f", "goal: seek / flee" } },
	{ { '\t' }, act_select, { "Tab", "select the next multiplier "
	    "(coh, sep, ali)" } },
	{ { '+', '=', '-' }, act_weight, { "+ / -", "raise / lower the "
	    "selected multiplier by 0.1" } },
	{ { 'p', 'P' }, act_predator, { "p / P", "add a predator / "
	    "remove all predators" } },
	{ { 'r', 'n' }, act_restart, { "r / n", "restart: a new random "
	    "flock / the next preset" } },
	{ { 'm' }, act_glyphs, { "m", "glyphs: auto, arrows, dots, pixels "
	    "(where shown)" } },
	{ { 't' }, act_trails, { "t", "trails behind the boids on/off" } },
	{ { 'z', 'Z', EVENT_WHEEL_UP, EVENT_WHEEL_DOWN }, act_zoom,
	  { "z / Z, wheel", "zoom in / out" } },
	{ { 'h', 'j', 'k', 'l' }, act_pan, { "h j k l", "pan left, "
	    "down, up, right" } },
	{ { '0' }, act_fit, { "0", "fit the whole world in view" } },
	{ { 'c' }, act_follow, { "c", "camera follows the flock "
	    "on/off" } },
	{ { '<', '>' }, act_speed, { "< / >", "slower / faster flight "
	    "(time-lapse)" } },
	{ { 'i', '?' }, act_panel, { "i / ?", "measures with sparklines "
	    "/ this list of keys" } },
	{ { EVENT_KEY_CTRL_L }, act_repaint, { "Ctrl-L", "repaint the "
	    "screen" } },
};

#define NBINDINGS (sizeof bindings / sizeof bindings[0])

const struct input_binding *
input_binding(int key)
{
	size_t i, k;

	for (i = 0; i < NBINDINGS; i++)
		for (k = 0; k < 4 && bindings[i].keys[k] != 0; k++)
			if (bindings[i].keys[k] == key)
				return &bindings[i];
	return NULL;
}

size_t
input_help(const struct help_line **lines)
{
	static struct help_line help[NBINDINGS];
	size_t i;

	for (i = 0; i < NBINDINGS; i++)
		help[i] = bindings[i].help;
	*lines = help;
	return NBINDINGS;
}

/* ---- The autopilot ---- */

struct outcome
input_pilot(struct session *s, const struct pilot_action *a)
{
	struct flock_params p = *flock_params(s->flock);

	switch (a->act) {
	case PILOT_WIND:
		p.wind_x = snap(p.wind_x + (float)a->x * INPUT_WIND_STEP,
		    FLOCK_WIND_LIMIT);
		p.wind_y = snap(p.wind_y + (float)a->y * INPUT_WIND_STEP,
		    FLOCK_WIND_LIMIT);
		return set_params(s, &p);
	case PILOT_CALM:
		p.wind_x = p.wind_y = 0.0f;
		return set_params(s, &p);
	case PILOT_STRIKE:
		return did(REACT_REDRAW, flock_add_predator(s->flock) == 0 ?
		    CHANGED_FLIGHT : 0);
	case PILOT_PREDATORS_OFF:
		return clear_predators(s);
	case PILOT_GOAL:
		return place_goal(s, (float)a->x, (float)a->y);
	case PILOT_GOAL_OFF:
		p.goal_on = 0;
		return set_params(s, &p);
	case PILOT_SCATTER:
	case PILOT_REGROUP:
		p.scatter = a->act == PILOT_SCATTER;
		return set_params(s, &p);
	case PILOT_NEW_FLOCK:
		return new_flock(s);
	}
	return nothing;
}
