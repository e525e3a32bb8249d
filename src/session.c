/*
 * session.c: a flight, its world, and what keys, a record and the
 * autopilot do to it.
 *
 * The world is the field a terminal shows, a cell one unit across and
 * two down; a flock too crowded for the terminal's world at the spacing
 * it would keep gets a larger one of the same shape instead, and the
 * camera shows it from farther away. The lengths the options leave open
 * (radius, separation distance, speed limit) are fitted to the world
 * whenever it changes size.
 *
 * The actions edit the session (pause, the multiplier selected, the
 * goal's next place, the view, the preset flown) or the flock's
 * parameters, or make a new flock, and answer with the reaction the
 * loop owes the screen. A key whose binding may change the flight is
 * kept in the record when it did: the state a flight depends on is
 * marked before the action and compared after. Keys change values in
 * steps of a tenth; rounding to a thousandth keeps ten presses of +0.1
 * exactly at 1.0 while a value from the command line, such as 0.25,
 * keeps its digits.
 *
 * A replay applies each kept input after the step it followed: a key
 * through the same actions, with the overlay closed; a click as the goal
 * it placed, in world units; a resize as the world's new size.
 */
#include <curses.h>
#include <math.h>
#include <string.h>

#include "field.h"
#include "layers.h"
#include "memory.h"
#include "preset.h"
#include "say.h"
#include "session.h"

/* ---- The world and the flock ---- */

void
session_world_of(int cols, int lines, float *w, float *h)
{
	*w = (float)cols;
	*h = 2.0f * (float)(lines - 1);
}

/* The lengths the options ask for (radius, separation distance, speed
 * limit), fitted to a w by h world for the options' count, into p; the
 * rest of p is left alone. */
static void
fit_lengths(const struct options *o, struct flock_params *p, float w,
    float h)
{
	p->radius = o->params.radius;
	p->distance = o->params.distance;
	p->max_speed = o->params.max_speed;
	flock_params_fit(p, o->count, w, h, o->set);
}

/* The flock the options describe, from seed; NULL when the memory is
 * not there, which is checked before allocating. */
static struct flock *
new_flock(const struct options *o, float w, float h, uint64_t seed)
{
	struct flock_params p = o->params;

	if (!memory_fits((double)o->count * (double)(flock_bytes_per_boid() +
	    flock_extra_bytes_per_boid(&o->params))))
		return NULL;
	fit_lengths(o, &p, w, h);
	return flock_new(o->count, w, h, &p, seed, o->predators,
	    o->obstacles);
}

struct flock *
session_flock(const struct options *o, float w, float h, FILE *err)
{
	double need = (double)o->count * (double)(flock_bytes_per_boid() +
	    flock_extra_bytes_per_boid(&o->params));
	struct flock *f = new_flock(o, w, h, o->seed);

	if (!f && !memory_fits(need))
		say(err, "%zu boids need about %.0f MB of memory; this "
		    "machine has %.0f MB", o->count, need / 1e6,
		    memory_machine() / 1e6);
	else if (!f)
		say(err, "out of memory for %zu boids", o->count);
	return f;
}

/* The flock and its world take a new size, the lengths fitted to it. */
static void
world_resize(struct session *s, float w, float h)
{
	struct flock_params p;

	flock_resize(s->flock, w, h);
	p = *flock_params(s->flock);
	fit_lengths(&s->opts, &p, w, h);
	(void)flock_set_params(s->flock, &p);
	s->world_w = w;
	s->world_h = h;
}

/* A cols by lines terminal's world, never below the smallest drawn (a
 * flock made in a tiny terminal still has room); 1 when grown, as the
 * flock would crowd it at its spacing, so that the lengths hold. */
static int
world_of_terminal(const struct options *o, int cols, int lines, float *w,
    float *h)
{
	float d = (o->set & FLOCK_SET_DISTANCE) ? o->params.distance :
	    FLOCK_DEFAULT_DISTANCE;

	session_world_of(cols > RENDER_MIN_COLS ? cols : RENDER_MIN_COLS,
	    lines > RENDER_MIN_LINES ? lines : RENDER_MIN_LINES, w, h);
	return flock_world_fit(o->count, d, w, h);
}

/*
 * The world a session starts in: -W's or a grown one, either of which
 * stays as it is; or the terminal's, which follows the terminal. A
 * replay flies in the record's world, and once a key has taken it over,
 * follows the terminal as its options would have.
 */
static void
world_start(struct session *s, const struct record *replay, int cols,
    int lines)
{
	const struct options *o = &s->opts;

	if (o->size_set || cols <= 0) {
		session_world_of(o->cols, o->rows, &s->world_w, &s->world_h);
		s->world_fixed = 1;
	} else {
		s->world_fixed = world_of_terminal(o, cols, lines,
		    &s->world_w, &s->world_h);
	}
	s->fit_count = o->count;
	s->fit_distance = o->params.distance;
	if (replay) {
		s->world_w = replay->w;
		s->world_h = replay->h;
	}
}

/* A new flock of another count or spacing than the world was fitted
 * for: the terminal's world is fitted to it as at the start, and the
 * view to that world. A replay's resizes are in its record. */
static void
world_refit(struct session *s)
{
	float w, h;

	if (s->replaying || s->opts.size_set || !s->cols ||
	    (s->opts.count == s->fit_count &&
	    s->opts.params.distance == s->fit_distance))
		return;
	s->fit_count = s->opts.count;
	s->fit_distance = s->opts.params.distance;
	s->world_fixed = world_of_terminal(&s->opts, s->cols, s->rows + 1,
	    &w, &h);
	if (w != s->world_w || h != s->world_h)
		camera_fit(&s->camera, w, h, s->cols, s->rows);
	session_resize(s, w, h);
}

int
session_start(struct session *s, const struct options *o,
    const struct record *replay, int cols, int lines, FILE *err)
{
	memset(s, 0, sizeof *s);
	s->opts = *o;
	world_start(s, replay, cols, lines);
	s->flock = session_flock(o, s->world_w, s->world_h, err);
	if (!s->flock)
		return -1;
	s->seed = o->seed;
	s->glyphs = o->glyphs;
	s->piloted = o->screensaver;
	pilot_start(&s->pilot, o->seed, o->rate, 0);
	s->replay = replay;
	s->replaying = replay != NULL;
	return 0;
}

void
session_end(struct session *s)
{
	flock_free(s->flock);
	s->flock = NULL;
}

void
session_resize(struct session *s, float w, float h)
{
	if (w == s->world_w && h == s->world_h)
		return;
	world_resize(s, w, h);
	if (s->rec)
		(void)record_resize(s->rec, s->step, w, h);
}

void
session_terminal(struct session *s, int cols, int lines)
{
	s->cols = cols > 0 && lines > 1 ? cols : 0;
	s->rows = cols > 0 && lines > 1 ? lines - 1 : 0;
	if (!s->cols)
		return;
	if (!s->replaying && !s->world_fixed) {
		float ow = s->world_w, oh = s->world_h, w, h;

		session_world_of(cols, lines, &w, &h);
		session_resize(s, w, h);
		s->camera.cx *= s->world_w / ow;
		s->camera.cy *= s->world_h / oh;
	}
	camera_resize(&s->camera, s->world_w, s->world_h, s->cols, s->rows);
}

void
session_step(struct session *s)
{
	step_flock(s->flock);
	s->step++;
}

/* ---- The actions ---- */

typedef enum reaction (*action)(struct session *, const struct input_event *);

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
act_goal_click(struct session *s, const struct input_event *ev)
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
		agents_clear_predators(s->flock);
		return REACT_REDRAW;
	}
	return agents_add_predator(s->flock) == 0 ? REACT_REDRAW : REACT_NONE;
}

uint64_t
session_next_seed(const struct session *s)
{
	return s->seed + (s->restarts + 1) * 0x9e3779b97f4a7c15ULL;
}

/* `n`: the next preset in turn ("none" among them) beneath the options
 * given; its flock made as `r` makes one, in the world as it is, so a
 * record of the key flies it again. Without the memory, nothing. */
static enum reaction
act_preset(struct session *s, const struct input_event *ev)
{
	struct options next = s->opts;
	struct flock_view v;
	struct flock *f;

	(void)ev;
	layers_use_preset(&next, (next.preset + 1) % preset_count());
	flock_get_view(s->flock, &v);
	if (!(f = new_flock(&next, v.w, v.h, session_next_seed(s))))
		return REACT_NONE;
	s->restarts++;
	flock_free(s->flock);
	s->flock = f;
	s->opts = next;
	return REACT_RESTART;
}

static enum reaction
act_restart(struct session *s, const struct input_event *ev)
{
	if (ev && ev->key == 'n')
		return act_preset(s, ev);
	flock_reset(s->flock, session_next_seed(s));
	s->restarts++;
	return REACT_RESTART;
}

/* The two views over the field: the measures panel stays open while
 * the flock flies, the key overlay until the next key. */
static enum reaction
act_panel(struct session *s, const struct input_event *ev)
{
	if (ev->key == '?')
		s->help = 1;
	else
		s->panel = !s->panel;
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
	struct camera *c = fitted_camera(s, &w, &h);
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
act_fit(struct session *s, const struct input_event *ev)
{
	float w, h;
	struct camera *c = fitted_camera(s, &w, &h);

	(void)ev;
	camera_fit(c, w, h, c->cols, c->rows);
	c->follow = 0;   /* the whole world, standing still */
	return REACT_REDRAW;
}

static enum reaction
act_follow(struct session *s, const struct input_event *ev)
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
act_speed(struct session *s, const struct input_event *ev)
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

/* ---- Keys, and keeping them ---- */

/* The state a key may change that matters to the flight. */
struct flight {
	struct flock_params params;
	enum selected selected;
	int goal_next;
	uint64_t restarts;
	size_t npred;
};

static void
flight_mark(struct flight *m, const struct session *s)
{
	struct flock_view v;

	memset(m, 0, sizeof *m);
	flock_get_view(s->flock, &v);
	m->params = *flock_params(s->flock);
	m->selected = s->selected;
	m->goal_next = s->goal_next;
	m->restarts = s->restarts;
	m->npred = v.npred;
}

/*
 * The parameters are floats and ints alone, with no padding between, so
 * their bytes compare them, fields added later included; a -0 for a 0
 * counts as a change, which only keeps a key too many, and a NaN (which
 * the engine never lets in) would not hide one.
 */
static int
flight_changed(const struct flight *m, const struct session *s)
{
	struct flight now;

	flight_mark(&now, s);
	/* NOLINTNEXTLINE(bugprone-suspicious-memory-comparison,cert-exp42-c,cert-flp37-c) */
	return memcmp(&now.params, &m->params, sizeof now.params) != 0 ||
	    now.selected != m->selected || now.goal_next != m->goal_next ||
	    now.restarts != m->restarts || now.npred != m->npred;
}

/* A key the user pressed that changed the flight: kept when recording
 * (a click as the goal it placed, in world units), and the end of a
 * replay, whose flight is the user's from here on. */
static void
keep(struct session *s, const struct input_event *ev)
{
	const struct flock_params *p = flock_params(s->flock);

	s->replaying = 0;
	if (!s->rec)
		return;
	if (ev->key == INPUT_CLICK)
		(void)record_click(s->rec, s->step,
		    (double)p->goal_x * (double)s->world_w,
		    (double)p->goal_y * (double)s->world_h);
	else
		(void)record_key(s->rec, s->step, ev->key);
}

enum reaction
session_key(struct session *s, const struct input_event *ev)
{
	const struct input_binding *b;
	struct flight m;
	enum reaction what;

	/* The pointer's motion is reported only to end a screensaver. */
	if (ev->key == INPUT_MOTION)
		return REACT_NONE;
	/* The overlay is modal: whatever comes next only closes it, but a
	 * second ? turns its key list to the settings to fly again. */
	if (s->help) {
		s->help = s->help == 1 && ev->key == '?' ? 2 : 0;
		return REACT_REDRAW;
	}
	if (!(b = input_binding(ev->key)))
		return REACT_NONE;
	if (b->flight)
		flight_mark(&m, s);
	what = actions[b->action](s, ev);
	if (b->flight && flight_changed(&m, s))
		keep(s, ev);
	if (what == REACT_RESTART)
		world_refit(s);
	return what;
}

/* ---- Replaying ---- */

/* A kept key, as the table does it, whether the overlay is open or not;
 * the overlay stays as the user has it. */
static void
replay_key(struct session *s, int key)
{
	const struct input_binding *b = input_binding(key);
	struct input_event ev;
	int help = s->help;

	if (!b || key == INPUT_MOTION)
		return;
	memset(&ev, 0, sizeof ev);
	ev.key = key;
	(void)actions[b->action](s, &ev);
	s->help = help;
}

int
session_replay_next(struct session *s)
{
	const struct record_event *e;
	struct flock_params p;
	struct flock_view v;

	if (!s->replay || !s->replaying)
		return 0;
	e = record_due(s->replay, &s->replay_next, s->step);
	if (!e)
		return 0;
	switch (e->kind) {
	case RECORD_KEY:
		replay_key(s, e->key);
		break;
	case RECORD_CLICK:
		flock_get_view(s->flock, &v);
		p = *flock_params(s->flock);
		p.goal_on = 1;
		p.goal_x = (float)(e->x / v.w);
		p.goal_y = (float)(e->y / v.h);
		(void)flock_set_params(s->flock, &p);
		break;
	case RECORD_RESIZE:
		world_resize(s, (float)e->x, (float)e->y);
		break;
	}
	return 1;
}

int
session_replay_over(const struct session *s)
{
	return s->replay && s->replay_next == s->replay->nev &&
	    s->step >= s->replay->end;
}

/* ---- The autopilot ---- */

/* One of the autopilot's actions, as the keys would do it. */
static enum reaction
act_for_pilot(struct session *s, const struct pilot_action *a)
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
		(void)agents_add_predator(s->flock);
		return REACT_REDRAW;
	case PILOT_PREDATORS_OFF:
		agents_clear_predators(s->flock);
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
session_pilot(struct session *s)
{
	struct pilot_action a[PILOT_ACTIONS_MAX];
	enum reaction what = REACT_NONE;
	int one = -1, n, k;

	if (!s->piloted)
		return REACT_NONE;
	if (s->step % s->pilot.rate == 0) {
		struct flock_stats st;
		struct flock_view v;

		stats_measure(s->flock, &st);
		flock_get_view(s->flock, &v);
		one = v.n > 0 && st.largest * 10 >= v.n * 9;
	}
	n = pilot_step(&s->pilot, s->step, one, a);
	for (k = 0; k < n; k++) {
		enum reaction r = act_for_pilot(s, &a[k]);

		if (r != REACT_NONE)
			what = r;
	}
	return what;
}
