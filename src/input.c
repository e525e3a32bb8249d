/*
 * input.c: what each key does to a session.
 *
 * One table lists every binding: the key codes that trigger it, the action
 * it runs and the words --help and the overlay show for it. An action
 * edits the session (pause, the selected multiplier, the goal) or the
 * flock's parameters, and answers with the reaction the main loop owes
 * the screen. The key codes are curses' own, but nothing here talks to a
 * terminal: a test or a fuzzer hands in events and reads the session back.
 */
#include <curses.h>
#include <math.h>

#include "field.h"
#include "input.h"
#include "tuned.h"

#define KEY_ESCAPE 27
#define KEY_CTRL_L 12

/* Where `g` puts the goal, in turn, as fractions of the field. */

typedef enum reaction (*action)(struct session *, const struct input_event *);

struct binding {
	int keys[4];             /* the codes that trigger it; 0 ends */
	action act;
	struct input_help help;
};

static enum reaction act_quit(struct session *, const struct input_event *);
static enum reaction act_pause(struct session *, const struct input_event *);
static enum reaction act_scatter(struct session *,
    const struct input_event *);
static enum reaction act_wind(struct session *, const struct input_event *);
static enum reaction act_calm(struct session *, const struct input_event *);
static enum reaction act_goal_next(struct session *,
    const struct input_event *);
static enum reaction act_goal_click(struct session *,
    const struct input_event *);
static enum reaction act_goal_off(struct session *,
    const struct input_event *);
static enum reaction act_flee(struct session *, const struct input_event *);
static enum reaction act_select(struct session *, const struct input_event *);
static enum reaction act_weight(struct session *, const struct input_event *);
static enum reaction act_predator(struct session *,
    const struct input_event *);
static enum reaction act_restart(struct session *,
    const struct input_event *);
static enum reaction act_help(struct session *, const struct input_event *);
static enum reaction act_panel(struct session *, const struct input_event *);
static enum reaction act_repaint(struct session *,
    const struct input_event *);
static enum reaction act_glyphs(struct session *, const struct input_event *);
static enum reaction act_zoom(struct session *, const struct input_event *);
static enum reaction act_pan(struct session *, const struct input_event *);
static enum reaction act_fit(struct session *, const struct input_event *);
static enum reaction act_follow(struct session *, const struct input_event *);
static enum reaction act_speed(struct session *, const struct input_event *);

static const struct binding bindings[] = {
	{ { 'q', KEY_ESCAPE }, act_quit, { "q, Esc", "quit" } },
	{ { ' ', '.' }, act_pause, { "space / .", "pause / resume; one "
	    "step while paused" } },
	{ { 's' }, act_scatter, { "s", "scatter on/off: the flock breaks up, "
	    "then re-forms" } },
	{ { KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT }, act_wind,
	  { "arrow keys", "push the wind one notch that way" } },
	{ { 'w' }, act_calm, { "w", "calm: wind back to 0,0" } },
	{ { 'g' }, act_goal_next, { "g", "place the goal (centre first, then "
	    "elsewhere)" } },
	{ { INPUT_CLICK }, act_goal_click, { "left click",
	    "place the goal at the clicked cell" } },
	{ { 'G' }, act_goal_off, { "G", "remove the goal" } },
	{ { 'f' }, act_flee, { "f", "goal: seek / flee" } },
	{ { '\t' }, act_select, { "Tab", "select the next multiplier "
	    "(coh, sep, ali)" } },
	{ { '+', '=', '-' }, act_weight, { "+ / -", "raise / lower the "
	    "selected multiplier by 0.1" } },
	{ { 'p', 'P' }, act_predator, { "p / P", "add a predator / remove "
	    "all predators" } },
	{ { 'r', 'n' }, act_restart, { "r / n", "restart: a new random flock "
	    "/ the next preset" } },
	{ { 'm' }, act_glyphs, { "m", "glyphs: auto, arrows, dots in turn" } },
	{ { 'z', 'Z', INPUT_WHEEL_UP, INPUT_WHEEL_DOWN }, act_zoom,
	  { "z / Z, wheel", "zoom in / out" } },
	{ { 'h', 'j', 'k', 'l' }, act_pan, { "h j k l", "pan left, down, up, "
	    "right" } },
	{ { '0' }, act_fit, { "0", "fit the whole world in view" } },
	{ { 'c' }, act_follow, { "c", "camera follows the flock on/off" } },
	{ { '<', '>' }, act_speed, { "< / >", "slower / faster flight "
	    "(time-lapse)" } },
	{ { 'i', '?' }, act_panel, { "i / ?", "measures with sparklines / "
	    "this list of keys" } },
	{ { KEY_CTRL_L }, act_repaint, { "Ctrl-L", "repaint the screen" } },
};

#define NBINDINGS (sizeof bindings / sizeof bindings[0])

/* Keys change values in steps of a tenth; rounding to a thousandth keeps
 * ten presses of +0.1 exactly at 1.0 while a value from the command line,
 * such as 0.25, keeps its digits. */
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

static enum reaction
set_params(struct session *s, const struct flock_params *p)
{
	(void)flock_set_params(s->flock, p);
	return REACT_REDRAW;
}

static enum reaction
act_quit(struct session *s, const struct input_event *ev)
{
	(void)s;
	(void)ev;
	return REACT_QUIT;
}

static enum reaction
act_pause(struct session *s, const struct input_event *ev)
{
	if (ev->key == '.')
		return s->paused ? REACT_STEP : REACT_NONE;
	s->paused = !s->paused;
	return REACT_REDRAW;
}

static enum reaction
act_scatter(struct session *s, const struct input_event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.scatter = !p.scatter;
	return set_params(s, &p);
}

/* y grows downward, so the up arrow blows toward negative y. */
static enum reaction
act_wind(struct session *s, const struct input_event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	switch (ev->key) {
	case KEY_UP: p.wind_y -= INPUT_WIND_STEP; break;
	case KEY_DOWN: p.wind_y += INPUT_WIND_STEP; break;
	case KEY_LEFT: p.wind_x -= INPUT_WIND_STEP; break;
	case KEY_RIGHT: p.wind_x += INPUT_WIND_STEP; break;
	default: return REACT_NONE;
	}
	p.wind_x = snap(p.wind_x, FLOCK_WIND_LIMIT);
	p.wind_y = snap(p.wind_y, FLOCK_WIND_LIMIT);
	return set_params(s, &p);
}

static enum reaction
act_calm(struct session *s, const struct input_event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.wind_x = 0.0f;
	p.wind_y = 0.0f;
	return set_params(s, &p);
}

static enum reaction
place_goal(struct session *s, float gx, float gy)
{
	struct flock_params p = *flock_params(s->flock);

	p.goal_on = 1;
	p.goal_x = gx;
	p.goal_y = gy;
	return set_params(s, &p);
}

static enum reaction
act_goal_next(struct session *s, const struct input_event *ev)
{
	size_t k = (size_t)s->goal_next % FLOCK_GOAL_PLACES;
	float gx, gy;

	(void)ev;
	s->goal_next = (int)((k + 1) % FLOCK_GOAL_PLACES);
	flock_goal_place(k, &gx, &gy);
	return place_goal(s, gx, gy);
}

/* The camera, fitted to the field when nothing set it yet, and always
 * the size of the field on screen. */
static struct camera *
camera_of(struct session *s, float *w, float *h)
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
 * camera; the status line is not in the field, nor is the world's
 * outside when zoomed out. */
static enum reaction
act_goal_click(struct session *s, const struct input_event *ev)
{
	float w, h;
	const struct camera *c = camera_of(s, &w, &h);
	double x, y;

	if (ev->col < 0 || ev->row < 0 || ev->col >= c->cols ||
	    ev->row >= c->rows)
		return REACT_NONE;
	camera_point(c, ev->col, ev->row, &x, &y);
	if (!(x >= 0.0 && x < w && y >= 0.0 && y < h))
		return REACT_NONE;
	return place_goal(s, (float)(x / w), (float)(y / h));
}

static enum reaction
act_goal_off(struct session *s, const struct input_event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	if (!p.goal_on)
		return REACT_NONE;
	p.goal_on = 0;
	return set_params(s, &p);
}

/* Seek or flee the goal, the one there now and the next one placed. */
static enum reaction
act_flee(struct session *s, const struct input_event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.goal_weight = -p.goal_weight;
	return set_params(s, &p);
}

static enum reaction
act_select(struct session *s, const struct input_event *ev)
{
	(void)ev;
	s->selected = (enum selected)((s->selected + 1) % SELECT_COUNT);
	return REACT_REDRAW;
}

static float *
selected_weight(struct flock_params *p, enum selected which)
{
	switch (which) {
	case SELECT_SEPARATION: return &p->separation;
	case SELECT_ALIGNMENT: return &p->alignment;
	default: return &p->cohesion;
	}
}

static enum reaction
act_weight(struct session *s, const struct input_event *ev)
{
	struct flock_params p = *flock_params(s->flock);
	float *w = selected_weight(&p, s->selected);

	*w += ev->key == '-' ? -INPUT_WEIGHT_STEP : INPUT_WEIGHT_STEP;
	*w = snap(*w, FLOCK_WEIGHT_LIMIT);
	return set_params(s, &p);
}

static enum reaction
act_predator(struct session *s, const struct input_event *ev)
{
	if (ev->key == 'P') {
		flock_clear_predators(s->flock);
		return REACT_REDRAW;
	}
	return flock_add_predator(s->flock) == 0 ? REACT_REDRAW : REACT_NONE;
}

uint64_t
input_next_seed(const struct session *s)
{
	return s->seed + (s->restarts + 1) * 0x9e3779b97f4a7c15ULL;
}

/* `r`, and `n`: a new random flock, or the next preset's. */
static enum reaction
act_restart(struct session *s, const struct input_event *ev)
{
	uint64_t seed;

	if (ev && ev->key == 'n')
		return tuned_next_preset(s);
	seed = input_next_seed(s);
	s->restarts++;
	flock_reset(s->flock, seed);
	return REACT_RESTART;
}

/* The two views over the field: the measures panel stays open while
 * the flock flies, the key overlay until the next key. */
static enum reaction
act_panel(struct session *s, const struct input_event *ev)
{
	if (ev->key == '?')
		return act_help(s, ev);
	s->panel = !s->panel;
	return REACT_REDRAW;
}

static enum reaction
act_help(struct session *s, const struct input_event *ev)
{
	(void)ev;
	s->help = 1;
	return REACT_REDRAW;
}

static enum reaction
act_repaint(struct session *s, const struct input_event *ev)
{
	(void)s;
	(void)ev;
	return REACT_REPAINT;
}

static enum reaction
act_glyphs(struct session *s, const struct input_event *ev)
{
	(void)ev;
	s->glyphs = (s->glyphs + 1) % FIELD_SETS;
	return REACT_REDRAW;
}

/* Keys zoom about the middle of the view, the wheel about the pointer. */
static enum reaction
act_zoom(struct session *s, const struct input_event *ev)
{
	float w, h;
	struct camera *c = camera_of(s, &w, &h);
	int in = ev->key == 'z' || ev->key == INPUT_WHEEL_UP;
	int wheel = ev->key == INPUT_WHEEL_UP || ev->key == INPUT_WHEEL_DOWN;
	int col = wheel ? ev->col : c->cols / 2;
	int row = wheel ? ev->row : c->rows / 2;

	if (col < 0 || row < 0 || col >= c->cols || row >= c->rows) {
		col = c->cols / 2;
		row = c->rows / 2;
	}
	camera_zoom(c, in ? CAMERA_ZOOM_STEP : 1.0 / CAMERA_ZOOM_STEP, col,
	    row, w, h);
	return REACT_REDRAW;
}

static enum reaction
act_pan(struct session *s, const struct input_event *ev)
{
	float w, h;
	struct camera *c = camera_of(s, &w, &h);

	c->follow = 0;   /* the user takes the camera */
	switch (ev->key) {
	case 'h': camera_pan(c, -1, 0, w, h); break;
	case 'j': camera_pan(c, 0, 1, w, h); break;
	case 'k': camera_pan(c, 0, -1, w, h); break;
	default: camera_pan(c, 1, 0, w, h); break;
	}
	return REACT_REDRAW;
}

static enum reaction
act_fit(struct session *s, const struct input_event *ev)
{
	float w, h;
	struct camera *c = camera_of(s, &w, &h);

	(void)ev;
	camera_fit(c, w, h, c->cols, c->rows);
	c->follow = 0;   /* the whole world, standing still */
	return REACT_REDRAW;
}

static enum reaction
act_follow(struct session *s, const struct input_event *ev)
{
	float w, h;
	struct camera *c = camera_of(s, &w, &h);

	(void)ev;
	c->follow = !c->follow;
	return REACT_REDRAW;
}

static const struct binding *
binding_find(int key)
{
	size_t i, k;

	for (i = 0; i < NBINDINGS; i++)
		for (k = 0; k < 4 && bindings[i].keys[k] != 0; k++)
			if (bindings[i].keys[k] == key)
				return &bindings[i];
	return NULL;
}

enum reaction
input_handle(struct session *s, const struct input_event *ev)
{
	const struct binding *b;

	/* The pointer's motion is reported only to end a screensaver. */
	if (ev->key == INPUT_MOTION)
		return REACT_NONE;
	/* The overlay is modal: whatever comes next only closes it, but
	 * a second ? turns the key list to the settings to fly again. */
	if (s->help) {
		s->help = s->help == 1 && ev->key == '?' ? 2 : 0;
		return REACT_REDRAW;
	}
	b = binding_find(ev->key);
	return b ? b->act(s, ev) : REACT_NONE;
}

size_t
input_help(const struct input_help **lines)
{
	static struct input_help help[NBINDINGS];
	size_t i;

	for (i = 0; i < NBINDINGS; i++)
		help[i] = bindings[i].help;
	*lines = help;
	return NBINDINGS;
}

/* Half or twice the flight's speed against real time, from the speed
 * wanted at the camera's scale now; the speed no longer follows the
 * camera. */
static enum reaction
act_speed(struct session *s, const struct input_event *ev)
{
	double scale = s->camera.scale > 0.0 ? s->camera.scale : 1.0;

	if (ev->key == '<')
		lapse_slower(&s->lapse, scale);
	else
		lapse_faster(&s->lapse, scale);
	return REACT_REDRAW;
}

/* One of the autopilot's actions, as the keys would do it. */
static enum reaction
pilot_act(struct session *s, const struct pilot_action *a)
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
		(void)flock_add_predator(s->flock);
		return REACT_REDRAW;
	case PILOT_PREDATORS_OFF:
		flock_clear_predators(s->flock);
		return REACT_REDRAW;
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
		return act_restart(s, NULL);
	}
	return REACT_NONE;
}

enum reaction
input_pilot(struct session *s, long step)
{
	struct pilot_action a[PILOT_ACTIONS_MAX];
	enum reaction what = REACT_NONE;
	int one = -1, n, k;

	if (!s->piloted)
		return REACT_NONE;
	if (step % s->pilot.rate == 0) {
		struct flock_stats st;
		struct flock_view v;

		flock_get_stats(s->flock, &st);
		flock_get_view(s->flock, &v);
		one = v.n > 0 && st.largest * 10 >= v.n * 9;
	}
	n = pilot_step(&s->pilot, step, one, a);
	for (k = 0; k < n; k++) {
		enum reaction r = pilot_act(s, &a[k]);

		if (r != REACT_NONE)
			what = r;
	}
	return what;
}
