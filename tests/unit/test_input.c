/*
 * test_input.c: the key table, driven against a real (small) flock.
 *
 * Every expectation is worked out by hand from the brief: steps of 0.1,
 * limits of 10 and 1, the goal's five places, a click's cell centre.
 */
#include <curses.h>
#include <string.h>

#include "check.h"
#include "flock.h"
#include "input.h"

static struct flock *flock;

static enum reaction
press(struct session *s, int key)
{
	struct input_event ev;

	ev.key = key;
	ev.col = ev.row = 0;
	return input_handle(s, &ev);
}

static enum reaction
click(struct session *s, int col, int row)
{
	struct input_event ev;

	ev.key = INPUT_CLICK;
	ev.col = col;
	ev.row = row;
	return input_handle(s, &ev);
}

static const struct flock_params *
params(void)
{
	return flock_params(flock);
}

/* A session on a fresh flock in an 80 by 23 cell field. */
static void
session_fresh(struct session *s)
{
	struct flock_params p;

	flock_params_default(&p);
	if (flock)
		flock_free(flock);
	flock = flock_new(12, 80.0f, 46.0f, &p, 7, 0, 0);
	if (!flock) {
		fprintf(stderr, "test_input: no memory for a flock\n");
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
	CHECK_INT(s.selected, SELECT_COHESION);
	CHECK_INT(press(&s, '+'), REACT_REDRAW);
	CHECK_NEAR(params()->cohesion, 1.1, 1e-6);
	CHECK_NEAR(params()->separation, 1.0, 1e-6);
	CHECK_INT(press(&s, '\t'), REACT_REDRAW);
	CHECK_INT(s.selected, SELECT_SEPARATION);
	press(&s, '-');
	CHECK_NEAR(params()->separation, 0.9, 1e-6);
	CHECK_NEAR(params()->cohesion, 1.1, 1e-6);
	press(&s, '\t');
	CHECK_INT(s.selected, SELECT_ALIGNMENT);
	press(&s, '=');  /* + without shift */
	CHECK_NEAR(params()->alignment, 1.1, 1e-6);
	press(&s, '\t');
	CHECK_INT(s.selected, SELECT_COHESION);

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
	/* The corners of the field. */
	click(&s, 0, 0);
	CHECK_NEAR(params()->goal_x, 0.00625, 1e-6);
	CHECK_NEAR(params()->goal_y, 0.0217391, 1e-6);
	click(&s, 79, 22);
	CHECK_NEAR(params()->goal_x, 0.99375, 1e-6);
	CHECK_NEAR(params()->goal_y, 0.9782609, 1e-6);
	/* Row 23 is the status line; outside the field nothing happens. */
	CHECK_INT(click(&s, 10, 23), REACT_NONE);
	CHECK_INT(click(&s, 80, 3), REACT_NONE);
	CHECK_INT(click(&s, -1, 3), REACT_NONE);
	CHECK_NEAR(params()->goal_x, 0.99375, 1e-6);
	/* With no field on screen (a terminal too small), clicks do nothing. */
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
	/* Without the session's options there is no preset to fly: the
	 * flock and the count of restarts stay (test_config flies them). */
	CHECK_INT(press(&s, 'n'), REACT_NONE);
	CHECK(s.flock == flock);
	CHECK_INT(s.restarts, 2);
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
}

/* i opens the measures panel and closes it; it changes no flight. */
static void
test_panel(void)
{
	struct session s;
	struct input_event ev = { 'i', 0, 0 };

	memset(&s, 0, sizeof s);
	s.flock = flock;
	CHECK_INT(input_handle(&s, &ev), REACT_REDRAW);
	CHECK_INT(s.panel, 1);
	CHECK_INT(input_handle(&s, &ev), REACT_REDRAW);
	CHECK_INT(s.panel, 0);
}

static void
test_help(void)
{
	static const char *const names[] = { "q, Esc", "space / .", "s",
		"arrow keys", "w", "g", "left click", "G", "f", "Tab", "+ / -",
		"p / P", "r / n", "m", "z / Z, wheel", "h j k l", "0", "c",
		"< / >", "i / ?", "Ctrl-L" };
	const struct input_help *lines;
	size_t n = input_help(&lines), i;

	CHECK_INT(n, sizeof names / sizeof names[0]);
	for (i = 0; i < n && i < sizeof names / sizeof names[0]; i++) {
		CHECK(strcmp(lines[i].keys, names[i]) == 0);
		CHECK(lines[i].what != NULL && strlen(lines[i].what) > 3);
		/* Short enough for the overlay on an 80-column terminal. */
		CHECK(strlen(lines[i].keys) + strlen(lines[i].what) + 6 <= 78);
	}
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
		'P', 'r', 'n', '?', 12, 'x', KEY_F(1), KEY_RESIZE, 0, -1 };
	struct session s;
	unsigned long state = 12345;
	int i, bad = 0;

	session_fresh(&s);
	for (i = 0; i < 20000; i++) {
		struct input_event ev;
		const struct flock_params *p;
		enum reaction what;

		state = state * 6364136223846793005UL + 1442695040888963407UL;
		ev.key = (state >> 33) % 8 == 0 ? INPUT_CLICK :
		    keys[(state >> 40) % (sizeof keys / sizeof keys[0])];
		ev.col = (int)((state >> 20) % 100) - 10;
		ev.row = (int)((state >> 10) % 40) - 5;
		what = input_handle(&s, &ev);
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
		bad += s.selected >= SELECT_COUNT;
	}
	CHECK_INT(bad, 0);
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
	test_help();
	test_overlay_pages();
	test_panel();
	test_random_events();
	flock_free(flock);
	return check_exit("test_input");
}
