/*
 * test_session.c: what keys, a record and the world's size do to a
 * session (src/session/session.c), driven against a real (small) flock.
 *
 * Every expectation is worked out by hand from the brief: steps of 0.1,
 * limits of 10 and 1, the goal's five places, a click's cell centre; a
 * record's inputs applied at their steps fly the flight the keys flew,
 * and a key is kept in the record exactly when it changed the flight.
 */
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "check.h"
#include "engine/flock.h"
#include "session/session.h"
#include "session/world.h"
#include "view/render.h"

static struct flock *flock;

static enum reaction
press(struct session *s, int key)
{
	struct event ev;

	ev.key = key;
	ev.col = ev.row = 0;
	return session_key(s, &ev);
}

static enum reaction
click(struct session *s, int col, int row)
{
	struct event ev;

	ev.key = EVENT_CLICK;
	ev.col = col;
	ev.row = row;
	return session_key(s, &ev);
}

static const struct flock_params *
params(void)
{
	return flock_params(flock);
}

/* A session on a fresh flock, its screen 80 by 23 cells. */
static void
session_fresh(struct session *s)
{
	struct flock_params p;

	flock_params_default(&p);
	if (flock)
		flock_free(flock);
	flock = flock_new(12, 80.0f, 46.0f, &p, 7, 0, 0);
	if (!flock) {
		fprintf(stderr, "test_session: no memory for a flock\n");
		exit(1);
	}
	memset(s, 0, sizeof *s);
	s->flock = flock;
	s->seed = 7;
	s->cols = 80;
	s->rows = 23;
}

static void
set_weights(float c, float sep, float a)
{
	struct flock_params p = *params();

	p.cohesion = c;
	p.separation = sep;
	p.alignment = a;
	flock_set_params(flock, &p);
}

static void
test_select_and_weights(void)
{
	struct session s;
	int i;

	session_fresh(&s);
	set_weights(1.0f, 1.0f, 1.0f);
	CHECK_INT(s.selected, WEIGHT_COHESION);
	CHECK_INT(press(&s, '+'), REACT_REDRAW);
	CHECK_NEAR(params()->cohesion, 1.1, 1e-6);
	CHECK_NEAR(params()->separation, 1.0, 1e-6);
	CHECK_INT(press(&s, '\t'), REACT_REDRAW);
	CHECK_INT(s.selected, WEIGHT_SEPARATION);
	press(&s, '-');
	CHECK_NEAR(params()->separation, 0.9, 1e-6);
	CHECK_NEAR(params()->cohesion, 1.1, 1e-6);
	press(&s, '\t');
	CHECK_INT(s.selected, WEIGHT_ALIGNMENT);
	press(&s, '=');  /* + without shift */
	CHECK_NEAR(params()->alignment, 1.1, 1e-6);
	press(&s, '\t');
	CHECK_INT(s.selected, WEIGHT_COHESION);

	/* Ten steps of 0.1 land exactly, and 0 prints as 0. */
	set_weights(1.0f, 1.0f, 1.0f);
	for (i = 0; i < 10; i++)
		press(&s, '-');
	CHECK(params()->cohesion == 0.0f);
	CHECK(!signbit(params()->cohesion));
	for (i = 0; i < 10; i++)
		press(&s, '+');
	CHECK(params()->cohesion == 1.0f);

	/* Clamped at +-10, as the option parser is. */
	set_weights(9.95f, 1.0f, 1.0f);
	press(&s, '+');
	CHECK_NEAR(params()->cohesion, 10.0, 1e-6);
	press(&s, '+');
	CHECK_NEAR(params()->cohesion, 10.0, 1e-6);
	for (i = 0; i < 250; i++)
		press(&s, '-');
	CHECK_NEAR(params()->cohesion, -10.0, 1e-6);

	/* A value from the command line keeps its digits. */
	set_weights(0.25f, 1.0f, 1.0f);
	press(&s, '+');
	CHECK_NEAR(params()->cohesion, 0.35, 1e-6);
}

static void
test_wind(void)
{
	struct session s;
	int i;

	session_fresh(&s);
	CHECK_INT(press(&s, KEY_RIGHT), REACT_REDRAW);
	CHECK_NEAR(params()->wind_x, 0.1, 1e-6);
	CHECK_NEAR(params()->wind_y, 0.0, 1e-6);
	press(&s, KEY_LEFT);
	press(&s, KEY_LEFT);
	CHECK_NEAR(params()->wind_x, -0.1, 1e-6);
	/* y grows downward: up blows toward negative y. */
	press(&s, KEY_UP);
	CHECK_NEAR(params()->wind_y, -0.1, 1e-6);
	press(&s, KEY_DOWN);
	press(&s, KEY_DOWN);
	CHECK_NEAR(params()->wind_y, 0.1, 1e-6);
	for (i = 0; i < 15; i++)
		press(&s, KEY_RIGHT);
	CHECK_NEAR(params()->wind_x, 1.0, 1e-6);
	for (i = 0; i < 30; i++)
		press(&s, KEY_UP);
	CHECK_NEAR(params()->wind_y, -1.0, 1e-6);
	CHECK_INT(press(&s, 'w'), REACT_REDRAW);
	CHECK(params()->wind_x == 0.0f && params()->wind_y == 0.0f);
}

static void
test_goal(void)
{
	static const float places[6][2] = { { 0.5f, 0.5f }, { 0.25f, 0.25f },
		{ 0.75f, 0.25f }, { 0.75f, 0.75f }, { 0.25f, 0.75f },
		{ 0.5f, 0.5f } };
	struct session s;
	int i;

	session_fresh(&s);
	CHECK_INT(params()->goal_on, 0);
	for (i = 0; i < 6; i++) {
		CHECK_INT(press(&s, 'g'), REACT_REDRAW);
		CHECK_INT(params()->goal_on, 1);
		CHECK_NEAR(params()->goal_x, places[i][0], 1e-6);
		CHECK_NEAR(params()->goal_y, places[i][1], 1e-6);
	}
	CHECK_INT(press(&s, 'G'), REACT_REDRAW);
	CHECK_INT(params()->goal_on, 0);
	CHECK_INT(press(&s, 'G'), REACT_NONE);

	/* Cell (10, 5) of 80 by 23: its centre is 10.5/80 and 5.5/23. */
	CHECK_INT(click(&s, 10, 5), REACT_REDRAW);
	CHECK_INT(params()->goal_on, 1);
	CHECK_NEAR(params()->goal_x, 0.13125, 1e-6);
	CHECK_NEAR(params()->goal_y, 0.2391304, 1e-6);
	/* The corners of the screen. */
	click(&s, 0, 0);
	CHECK_NEAR(params()->goal_x, 0.00625, 1e-6);
	CHECK_NEAR(params()->goal_y, 0.0217391, 1e-6);
	click(&s, 79, 22);
	CHECK_NEAR(params()->goal_x, 0.99375, 1e-6);
	CHECK_NEAR(params()->goal_y, 0.9782609, 1e-6);
	/* Row 23 is the status line; off the screen nothing happens. */
	CHECK_INT(click(&s, 10, 23), REACT_NONE);
	CHECK_INT(click(&s, 80, 3), REACT_NONE);
	CHECK_INT(click(&s, -1, 3), REACT_NONE);
	CHECK_NEAR(params()->goal_x, 0.99375, 1e-6);
	/* With nothing drawn (a terminal too small), clicks do nothing. */
	s.cols = s.rows = 0;
	CHECK_INT(click(&s, 0, 0), REACT_NONE);
}

/* f: the goal between seek and flee, its weight kept; the next goal
 * placed is fled too, and a goal given a weight of 2.5 flees at -2.5. */
static void
test_flee(void)
{
	struct session s;
	struct flock_params p;

	session_fresh(&s);
	CHECK_NEAR(params()->goal_weight, 1.0, 0);
	CHECK_INT(press(&s, 'g'), REACT_REDRAW);
	CHECK_INT(press(&s, 'f'), REACT_REDRAW);
	CHECK_NEAR(params()->goal_weight, -1.0, 0);
	CHECK_INT(params()->goal_on, 1);
	CHECK_INT(press(&s, 'g'), REACT_REDRAW);
	CHECK_NEAR(params()->goal_weight, -1.0, 0);
	CHECK_INT(press(&s, 'f'), REACT_REDRAW);
	CHECK_NEAR(params()->goal_weight, 1.0, 0);
	p = *params();
	p.goal_weight = 2.5f;
	flock_set_params(flock, &p);
	press(&s, 'f');
	CHECK_NEAR(params()->goal_weight, -2.5, 0);
	CHECK_INT(press(&s, 'G'), REACT_REDRAW);
	press(&s, 'f');
	CHECK_NEAR(params()->goal_weight, 2.5, 0);
	CHECK_INT(params()->goal_on, 0);
}

static void
test_toggles(void)
{
	struct session s;

	session_fresh(&s);
	CHECK_INT(press(&s, 's'), REACT_REDRAW);
	CHECK_INT(params()->scatter, 1);
	press(&s, 's');
	CHECK_INT(params()->scatter, 0);

	CHECK_INT(press(&s, '.'), REACT_NONE);  /* running: no single step */
	CHECK_INT(press(&s, ' '), REACT_REDRAW);
	CHECK_INT(s.paused, 1);
	CHECK_INT(press(&s, '.'), REACT_STEP);
	CHECK_INT(s.paused, 1);
	press(&s, ' ');
	CHECK_INT(s.paused, 0);

	CHECK_INT(press(&s, 'q'), REACT_QUIT);
	CHECK_INT(press(&s, 27), REACT_QUIT);
	CHECK_INT(press(&s, 12), REACT_REPAINT);
	CHECK_INT(press(&s, 'x'), REACT_NONE);
	CHECK_INT(press(&s, KEY_F(5)), REACT_NONE);

	/* The overlay takes the next key, whatever it is, to close. */
	CHECK_INT(press(&s, '?'), REACT_REDRAW);
	CHECK_INT(s.help, 1);
	CHECK_INT(press(&s, 'q'), REACT_REDRAW);
	CHECK_INT(s.help, 0);
	CHECK_INT(press(&s, 'q'), REACT_QUIT);
}

static void
test_predators_and_restart(void)
{
	struct session s;
	struct flock_view v;
	float x0;
	int i;

	session_fresh(&s);
	flock_get_view(flock, &v);
	CHECK_INT(v.npred, 0);
	CHECK_INT(press(&s, 'p'), REACT_REDRAW);
	press(&s, 'p');
	flock_get_view(flock, &v);
	CHECK_INT(v.npred, 2);
	CHECK_INT(press(&s, 'P'), REACT_REDRAW);
	flock_get_view(flock, &v);
	CHECK_INT(v.npred, 0);
	for (i = 0; i < FLOCK_MAX_PREDATORS; i++)
		press(&s, 'p');
	CHECK_INT(press(&s, 'p'), REACT_NONE);  /* full */
	press(&s, 'P');

	for (i = 0; i < 5; i++)
		flock_step(flock);
	flock_get_view(flock, &v);
	CHECK_INT(v.step, 5);
	x0 = v.x[0];
	CHECK_INT(press(&s, 'r'), REACT_RESTART);
	flock_get_view(flock, &v);
	CHECK_INT(v.step, 0);
	CHECK_INT(s.restarts, 1);
	CHECK(v.x[0] != x0);
	/* Each restart brings another flock. */
	x0 = v.x[0];
	press(&s, 'r');
	flock_get_view(flock, &v);
	CHECK(v.x[0] != x0);
	CHECK_INT(s.restarts, 2);
}

/* i opens the measures panel and closes it; it changes no flight. */
static void
test_panel(void)
{
	struct session s;
	struct event ev = { 'i', 0, 0 };

	memset(&s, 0, sizeof s);
	s.flock = flock;
	CHECK_INT(session_key(&s, &ev), REACT_REDRAW);
	CHECK_INT(s.panel, 1);
	CHECK_INT(session_key(&s, &ev), REACT_REDRAW);
	CHECK_INT(s.panel, 0);
}

/* ? shows the keys, a second ? the settings to fly again, and any key
 * closes either without doing what it would. */
static void
test_overlay_pages(void)
{
	struct session s;

	session_fresh(&s);
	CHECK_INT(press(&s, '?'), REACT_REDRAW);
	CHECK_INT(s.help, 1);
	CHECK_INT(press(&s, '?'), REACT_REDRAW);
	CHECK_INT(s.help, 2);
	CHECK_INT(press(&s, '?'), REACT_REDRAW);
	CHECK_INT(s.help, 0);
	press(&s, '?');
	CHECK_INT(press(&s, 's'), REACT_REDRAW);
	CHECK_INT(s.help, 0);
	CHECK_INT(params()->scatter, 0);
	press(&s, '?');
	press(&s, '?');
	CHECK_INT(press(&s, 'q'), REACT_REDRAW);
	CHECK_INT(s.help, 0);
	press(&s, '?');
	press(&s, '?');
	CHECK_INT(press(&s, 'n'), REACT_REDRAW);
	CHECK(s.flock == flock);
	CHECK_INT(s.restarts, 0);
}

/*
 * Many random events, keys and clicks anywhere: whatever the order, the
 * values stay inside their limits, and the loop is never asked for a
 * reaction outside the enum.
 */
static void
test_random_events(void)
{
	static const int keys[] = { 'q', 27, ' ', '.', 's', KEY_UP, KEY_DOWN,
		KEY_LEFT, KEY_RIGHT, 'w', 'g', 'G', '\t', '+', '=', '-', 'p',
		'P', 'r', '?', 12, 'x', KEY_F(1), KEY_RESIZE, 0, -1 };
	struct session s;
	unsigned long state = 12345;
	int i, bad = 0;

	session_fresh(&s);
	for (i = 0; i < 20000; i++) {
		struct event ev;
		const struct flock_params *p;
		enum reaction what;

		state = state * 6364136223846793005UL + 1442695040888963407UL;
		ev.key = (state >> 33) % 8 == 0 ? EVENT_CLICK :
		    keys[(state >> 40) % (sizeof keys / sizeof keys[0])];
		ev.col = (int)((state >> 20) % 100) - 10;
		ev.row = (int)((state >> 10) % 40) - 5;
		what = session_key(&s, &ev);
		if ((i & 63) == 0)
			flock_step(flock);
		p = params();
		bad += what < REACT_NONE || what > REACT_QUIT;
		bad += fabsf(p->cohesion) > FLOCK_WEIGHT_LIMIT ||
		    fabsf(p->separation) > FLOCK_WEIGHT_LIMIT ||
		    fabsf(p->alignment) > FLOCK_WEIGHT_LIMIT;
		bad += fabsf(p->wind_x) > FLOCK_WIND_LIMIT ||
		    fabsf(p->wind_y) > FLOCK_WIND_LIMIT;
		bad += p->goal_on && (!(p->goal_x > 0.0f && p->goal_x < 1.0f) ||
		    !(p->goal_y > 0.0f && p->goal_y < 1.0f));
		bad += s.selected >= WEIGHT_COUNT;
	}
	CHECK_INT(bad, 0);
}

/* The lines of a file that begin with word. */
static int
lines_of(const char *path, const char *word)
{
	FILE *f = fopen(path, "r");
	char line[600];
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		n += strncmp(line, word, strlen(word)) == 0;
	fclose(f);
	return n;
}

/* An input at step S, after S steps: keys, a click, a resize. */
struct input {
	long step;
	int key;           /* or EVENT_CLICK, or 0 for a resize */
};

static const struct input inputs[] = {
	{ 2, ' ' }, { 2, ' ' },          /* pause and go on: not kept */
	{ 3, 's' }, { 5, KEY_LEFT }, { 7, '\t' }, { 9, '+' },
	{ 10, 'z' }, { 10, 'm' },        /* the view alone: not kept */
	{ 11, 'p' }, { 13, 'g' },
	{ 14, '?' }, { 14, 's' },        /* s only closes the overlay */
	{ 15, EVENT_CLICK }, { 17, 'G' },
	{ 18, 'G' },                     /* no goal to remove: not kept */
	{ 19, 'r' }, { 21, 'w' }, { 22, 'w' }, /* the second: calm already */
	{ 30, 0 }, { 33, 'P' }, { 34, 'f' },
};

#define NINPUTS (sizeof inputs / sizeof inputs[0])

/*
 * A flight flown by keys and kept, then flown again from its record:
 * the record holds the inputs that changed the flight and no others, and
 * the replay, applying them after their steps (a key with the overlay
 * open, a click as its world point, a resize), flies the same flight.
 */
static void
test_keep_and_replay(void)
{
	char path[] = "/tmp/test_session_XXXXXX";
	char *argv[] = { (char *)"boids", (char *)"-n", (char *)"50",
		(char *)"-S", (char *)"5", NULL };
	struct options o;
	struct session a, b;
	struct record r;
	struct flock_view va, vb;
	size_t k, same = 0;
	long step;
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	parse_args(&o, 5, argv);
	CHECK_INT(session_start(&a, &o, NULL, 0, 0, stderr), 0);
	CHECK(a.world_w == 80.0f && a.world_h == 46.0f);
	session_terminal(&a, 80, 24);
	a.rec = record_create(path, stderr);
	CHECK(a.rec && journal_keep(a.rec) == 0);
	CHECK(a.rec != NULL);
	if (!a.rec)
		return;
	CHECK_INT(record_begin(a.rec, &o, a.world_w, a.world_h), 0);
	for (step = 0; step <= 40; step++) {
		if (step > 0)
			session_step(&a);
		for (k = 0; k < NINPUTS; k++) {
			struct event ev = { inputs[k].key, 20, 7 };

			if (inputs[k].step != step)
				continue;
			if (inputs[k].key)
				(void)session_key(&a, &ev);
			else
				session_resize(&a, 70.0f, 30.0f);
		}
	}
	CHECK_INT(journal_error(a.rec), 0);
	CHECK_INT(record_finish(a.rec, a.step), 0);
	a.rec = NULL;
	/* s, left, Tab, +, p, g, G, r, w, P, f: eleven keys. */
	CHECK_INT(lines_of(path, "key "), 11);
	CHECK_INT(lines_of(path, "click "), 1);
	CHECK_INT(lines_of(path, "resize 30 70 30"), 1);
	CHECK_INT(lines_of(path, "end 40"), 1);

	CHECK_INT(record_load(&r, path, stderr), 0);
	CHECK_INT(session_start(&b, &o, &r, 0, 0, stderr), 0);
	b.help = 1;  /* the overlay open does not stop a replayed key */
	while (session_replay_next(&b))
		;
	while (!session_replay_over(&b)) {
		session_step(&b);
		while (session_replay_next(&b))
			;
	}
	CHECK_INT(b.step, 40);
	CHECK_INT(b.help, 1);
	CHECK_INT(b.replay_next, r.nev);
	flock_get_view(a.flock, &va);
	flock_get_view(b.flock, &vb);
	CHECK(va.w == 70.0f && vb.w == 70.0f && vb.h == 30.0f);
	CHECK(b.world_w == 70.0f && b.world_h == 30.0f);
	CHECK_INT(vb.npred, va.npred);
	for (k = 0; k < va.n && k < vb.n; k++)
		same += va.x[k] == vb.x[k] && va.y[k] == vb.y[k] &&
		    va.vx[k] == vb.vx[k];
	CHECK_INT(same, 50);
	CHECK(memcmp(flock_params(a.flock), flock_params(b.flock),
	    sizeof(struct flock_params)) == 0);
	CHECK_INT(a.selected, b.selected);
	CHECK_INT(a.goal_next, b.goal_next);
	CHECK_INT(a.restarts, 1);
	CHECK_INT(b.restarts, 1);
	session_end(&a);
	session_end(&b);
	record_free(&r);
	unlink(path);
}

/* A user's key that changes the flight ends a replay; one that only
 * shows it does not. */
static void
test_key_takes_over(void)
{
	char *argv[] = { (char *)"boids", (char *)"-n", (char *)"20", NULL };
	struct record_event ev[1];
	struct options o;
	struct session s;
	struct record r;
	struct event z = { 'z', 0, 0 }, w = { KEY_UP, 0, 0 };

	parse_args(&o, 3, argv);
	memset(&r, 0, sizeof r);
	memset(ev, 0, sizeof ev);
	ev[0].step = 5;
	ev[0].kind = RECORD_KEY;
	ev[0].key = 's';
	r.ev = ev;
	r.nev = 1;
	r.end = 10;
	r.w = 60.0f;
	r.h = 40.0f;
	CHECK_INT(session_start(&s, &o, &r, 100, 30, stderr), 0);
	CHECK(s.world_w == 60.0f && s.world_h == 40.0f);
	session_terminal(&s, 100, 30);
	CHECK(s.world_w == 60.0f);   /* a replayed world stays */
	CHECK(s.replaying);
	(void)session_key(&s, &z);
	CHECK(s.replaying);
	(void)session_key(&s, &w);
	CHECK(!s.replaying);
	while (s.step < 6)
		session_step(&s);
	CHECK_INT(session_replay_next(&s), 0);  /* the user's flight now */
	CHECK(!flock_params(s.flock)->scatter);
	/* The world follows the terminal from here, as -n 20 would. */
	session_terminal(&s, 90, 25);
	CHECK(s.world_w == 90.0f && s.world_h == 48.0f);
	session_end(&s);
}

/* The world of a terminal is its screen above the status line, a cell
 * one unit across and two down; it follows the terminal's size unless
 * -W fixed it or the flock needed a larger one. */
static void
test_world(void)
{
	char *plain[] = { (char *)"boids", (char *)"-n", (char *)"20", NULL };
	char *sized[] = { (char *)"boids", (char *)"-W", (char *)"50x20",
		NULL };
	char *crowd[] = { (char *)"boids", (char *)"-n", (char *)"100000",
		NULL };
	char *lone[] = { (char *)"boids", (char *)"-n", (char *)"1", NULL };
	struct options o;
	struct session s;
	float w, h;

	world_of(80, 24, &w, &h);
	CHECK(w == 80.0f && h == 46.0f);
	world_of(10, 2, &w, &h);
	CHECK(w == 10.0f && h == 2.0f);

	parse_args(&o, 3, plain);
	CHECK_INT(session_start(&s, &o, NULL, 100, 30, stderr), 0);
	CHECK(s.world_w == 100.0f && s.world_h == 58.0f && !s.world_fixed);
	camera_fit(&s.camera, s.world_w, s.world_h, 100, 29);
	camera_zoom(&s.camera, 2.0, 10, 10, s.world_w, s.world_h);
	s.camera.cx = 25.0;
	session_terminal(&s, 50, 20);
	CHECK(s.world_w == 50.0f && s.world_h == 38.0f);
	CHECK_INT(s.cols, 50);
	CHECK_INT(s.rows, 19);
	CHECK_NEAR(s.camera.cx, 12.5, 1e-9);
	session_terminal(&s, 0, 0);   /* too small to draw in */
	CHECK_INT(s.cols, 0);
	CHECK(s.world_w == 50.0f);
	session_end(&s);
	/* Below the smallest drawn, a terminal's world is the smallest. */
	parse_args(&o, 3, lone);
	CHECK_INT(session_start(&s, &o, NULL, 3, 2, stderr), 0);
	CHECK(s.world_w == (float)RENDER_MIN_COLS);
	CHECK(s.world_h == 2.0f * (RENDER_MIN_LINES - 1));
	session_end(&s);

	parse_args(&o, 3, sized);
	CHECK_INT(session_start(&s, &o, NULL, 100, 30, stderr), 0);
	CHECK(s.world_w == 50.0f && s.world_h == 38.0f && s.world_fixed);
	session_terminal(&s, 120, 40);
	CHECK(s.world_w == 50.0f);
	CHECK_INT(s.cols, 120);
	session_end(&s);
	/* Without a terminal, -W's world, 80x24 by default. */
	CHECK_INT(session_start(&s, &o, NULL, 0, 0, stderr), 0);
	CHECK(s.world_w == 50.0f && s.world_h == 38.0f);
	session_end(&s);

	parse_args(&o, 3, crowd);
	CHECK_INT(session_start(&s, &o, NULL, 80, 24, stderr), 0);
	CHECK(s.world_w > 80.0f && s.world_fixed);
	CHECK_NEAR(s.world_w / s.world_h, 80.0 / 46.0, 0.05);
	session_end(&s);
}

int
main(void)
{
	test_select_and_weights();
	test_wind();
	test_goal();
	test_flee();
	test_toggles();
	test_predators_and_restart();
	test_panel();
	test_overlay_pages();
	test_random_events();
	test_keep_and_replay();
	test_key_takes_over();
	test_world();
	flock_free(flock);
	return check_exit("test_session");
}
