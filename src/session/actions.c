/*
 * actions.c: what each action of the key table does to a session.
 *
 * The actions edit the session (pause, the multiplier selected, the
 * goal's next place, the view, the preset flown) or the flock's
 * parameters, or make a new flock, and answer with the reaction the
 * loop owes the screen. Which of them may change the flight, so that a
 * record keeps the key, is the key table's to say (input.c); whether one
 * did is the session's to tell. Keys change values in steps of a tenth;
 * rounding to a thousandth keeps ten presses of +0.1 exactly at 1.0
 * while a value from the command line, such as 0.25, keeps its digits.
 * The autopilot acts through the same edits the keys make.
 */
#include <math.h>

#include "actions.h"
#include "options/layers.h"
#include "options/preset.h"
#include "view/field.h"
#include "world.h"

typedef enum reaction (*action)(struct session *, const struct event *);

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
act_quit(struct session *s, const struct event *ev)
{
	(void)s;
	(void)ev;
	return REACT_QUIT;
}

static enum reaction
act_pause(struct session *s, const struct event *ev)
{
	if (ev->key == '.')
		return s->paused ? REACT_STEP : REACT_NONE;
	s->paused = !s->paused;
	return REACT_REDRAW;
}

static enum reaction
act_scatter(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.scatter = !p.scatter;
	return set_params(s, &p);
}

/* y grows downward, so the up arrow blows toward negative y. */
static enum reaction
act_wind(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	switch (ev->key) {
	case EVENT_KEY_UP: p.wind_y -= INPUT_WIND_STEP; break;
	case EVENT_KEY_DOWN: p.wind_y += INPUT_WIND_STEP; break;
	case EVENT_KEY_LEFT: p.wind_x -= INPUT_WIND_STEP; break;
	case EVENT_KEY_RIGHT: p.wind_x += INPUT_WIND_STEP; break;
	default: return REACT_NONE;
	}
	p.wind_x = snap(p.wind_x, FLOCK_WIND_LIMIT);
	p.wind_y = snap(p.wind_y, FLOCK_WIND_LIMIT);
	return set_params(s, &p);
}

static enum reaction
act_calm(struct session *s, const struct event *ev)
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
act_goal_next(struct session *s, const struct event *ev)
{
	size_t k = (size_t)s->goal_next % FLOCK_GOAL_PLACES;
	float gx, gy;

	(void)ev;
	s->goal_next = (int)((k + 1) % FLOCK_GOAL_PLACES);
	flock_goal_place(k, &gx, &gy);
	return place_goal(s, gx, gy);
}

/* The camera, fitting the world into the field when nothing set it yet,
 * and always the size of the field on screen. */
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
 * camera; the status line is not in the field, nor is the world's
 * outside when zoomed out. */
static enum reaction
act_goal_click(struct session *s, const struct event *ev)
{
	float w, h;
	const struct camera *c = fitted_camera(s, &w, &h);
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
act_goal_off(struct session *s, const struct event *ev)
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
act_flee(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);

	(void)ev;
	p.goal_weight = -p.goal_weight;
	return set_params(s, &p);
}

static enum reaction
act_select(struct session *s, const struct event *ev)
{
	(void)ev;
	s->selected = (enum flock_weight)((s->selected + 1) % WEIGHT_COUNT);
	return REACT_REDRAW;
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

static enum reaction
act_weight(struct session *s, const struct event *ev)
{
	struct flock_params p = *flock_params(s->flock);
	float *w = selected_weight(&p, s->selected);

	*w += ev->key == '-' ? -INPUT_WEIGHT_STEP : INPUT_WEIGHT_STEP;
	*w = snap(*w, FLOCK_WEIGHT_LIMIT);
	return set_params(s, &p);
}

static enum reaction
act_predator(struct session *s, const struct event *ev)
{
	if (ev->key == 'P') {
		flock_clear_predators(s->flock);
		return REACT_REDRAW;
	}
	return flock_add_predator(s->flock) == 0 ? REACT_REDRAW : REACT_NONE;
}

/* `n`: the next preset in turn ("none" among them) beneath the options
 * given; its flock made as `r` makes one, in the world as it is, so a
 * record of the key flies it again. Without the memory, nothing. */
static enum reaction
act_preset(struct session *s, const struct event *ev)
{
	struct options next = s->opts;
	struct flock_view v;
	struct flock *f;

	(void)ev;
	layers_use_preset(&next, (next.preset + 1) % preset_count());
	flock_get_view(s->flock, &v);
	if (!(f = world_flock(&next, v.w, v.h, world_next_seed(s->seed, s->restarts))))
		return REACT_NONE;
	s->restarts++;
	flock_free(s->flock);
	s->flock = f;
	s->opts = next;
	return REACT_RESTART;
}

static enum reaction
act_restart(struct session *s, const struct event *ev)
{
	if (ev && ev->key == 'n')
		return act_preset(s, ev);
	flock_reset(s->flock, world_next_seed(s->seed, s->restarts));
	s->restarts++;
	return REACT_RESTART;
}

/* The two views over the field: the measures panel stays open while
 * the flock flies, the key overlay until the next key. */
static enum reaction
act_panel(struct session *s, const struct event *ev)
{
	if (ev->key == '?')
		s->help = 1;
	else
		s->panel = !s->panel;
	return REACT_REDRAW;
}

static enum reaction
act_repaint(struct session *s, const struct event *ev)
{
	(void)s;
	(void)ev;
	return REACT_REPAINT;
}

static enum reaction
act_glyphs(struct session *s, const struct event *ev)
{
	(void)ev;
	s->glyphs = (s->glyphs + 1) % FIELD_SETS;
	return REACT_REDRAW;
}

/* Keys zoom about the middle of the view, the wheel about the pointer. */
static enum reaction
act_zoom(struct session *s, const struct event *ev)
{
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
	return REACT_REDRAW;
}

static enum reaction
act_pan(struct session *s, const struct event *ev)
{
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);

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
act_fit(struct session *s, const struct event *ev)
{
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);

	(void)ev;
	camera_fit(c, w, h, c->cols, c->rows);
	c->follow = 0;   /* the whole world, standing still */
	return REACT_REDRAW;
}

static enum reaction
act_follow(struct session *s, const struct event *ev)
{
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);

	(void)ev;
	c->follow = !c->follow;
	return REACT_REDRAW;
}

/* Half or twice the flight's speed against real time, from the speed
 * wanted at the camera's scale now; the speed no longer follows the
 * camera. */
static enum reaction
act_speed(struct session *s, const struct event *ev)
{
	double scale = s->camera.scale > 0.0 ? s->camera.scale : 1.0;

	if (ev->key == '<')
		lapse_slower(&s->lapse, scale);
	else
		lapse_faster(&s->lapse, scale);
	return REACT_REDRAW;
}

static const action actions[ACTION_COUNT] = {
	[ACTION_QUIT] = act_quit,
	[ACTION_PAUSE] = act_pause,
	[ACTION_SCATTER] = act_scatter,
	[ACTION_WIND] = act_wind,
	[ACTION_CALM] = act_calm,
	[ACTION_GOAL_NEXT] = act_goal_next,
	[ACTION_GOAL_CLICK] = act_goal_click,
	[ACTION_GOAL_OFF] = act_goal_off,
	[ACTION_FLEE] = act_flee,
	[ACTION_SELECT] = act_select,
	[ACTION_WEIGHT] = act_weight,
	[ACTION_PREDATOR] = act_predator,
	[ACTION_RESTART] = act_restart,
	[ACTION_GLYPHS] = act_glyphs,
	[ACTION_ZOOM] = act_zoom,
	[ACTION_PAN] = act_pan,
	[ACTION_FIT] = act_fit,
	[ACTION_FOLLOW] = act_follow,
	[ACTION_SPEED] = act_speed,
	[ACTION_PANEL] = act_panel,
	[ACTION_REPAINT] = act_repaint,
};

enum reaction
actions_do(struct session *s, enum input_action a,
    const struct event *ev)
{
	return actions[a](s, ev);
}

/* One of the autopilot's actions, as the keys would do it. */
enum reaction
actions_pilot(struct session *s, const struct pilot_action *a)
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
