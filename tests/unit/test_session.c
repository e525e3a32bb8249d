/*
 * test_session.c: what keys, a record and the world's size do to a
 * session (src/session/session.c and the key table, input.c), driven
 * against a real (small) flock.
 *
 * Every expectation is worked out by hand from the brief: steps of 0.1,
 * limits of 10 and 1, the goal's five places, a click's cell centre, a
 * zoom's and a pan's centre. Each key of the table is pressed and held
 * to what it must answer, the parts of the session it must change (and
 * no others), and whether the record keeps it, which it does exactly
 * when the flight changed; a record's inputs applied at their steps fly
 * the flight the keys flew.
 */
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "check.h"
#include "engine/flock.h"
#include "options/preset.h"
#include "session/input.h"
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

/* Every key code the table binds, from the table itself; how many. */
static size_t
bound_keys(int *keys, size_t most)
{
	size_t n = 0;
	int key;

	for (key = -16; key <= KEY_MAX && n < most; key++)
		if (input_binding(key))
			keys[n++] = key;
	return n;
}

/*
 * Many random events, every bound key, some unbound ones and clicks
 * anywhere: whatever the order, the values stay inside their limits and
 * the multiplier selected is one of the three.
 */
static void
test_random_events(void)
{
	static const int unbound[] = { 'x', KEY_F(1), KEY_RESIZE, 0, -1 };
	int keys[128];
	size_t nkeys = bound_keys(keys, 128 - 5), k;
	struct session s;
	unsigned long state = 12345;
	int i, bad = 0;

	for (k = 0; k < 5; k++)
		keys[nkeys++] = unbound[k];
	session_fresh(&s);
	for (i = 0; i < 20000; i++) {
		struct event ev;
		const struct flock_params *p;

		state = state * 6364136223846793005UL + 1442695040888963407UL;
		ev.key = (state >> 33) % 8 == 0 ? EVENT_CLICK :
		    keys[(state >> 40) % nkeys];
		ev.col = (int)((state >> 20) % 100) - 10;
		ev.row = (int)((state >> 10) % 40) - 5;
		/* n would make flocks from the options, which this session
		 * has not: r stands for it. */
		if (ev.key == 'n')
			ev.key = 'r';
		(void)session_key(&s, &ev);
		if ((i & 63) == 0)
			flock_step(s.flock);
		p = flock_params(s.flock);
		bad += fabsf(p->cohesion) > FLOCK_WEIGHT_LIMIT ||
		    fabsf(p->separation) > FLOCK_WEIGHT_LIMIT ||
		    fabsf(p->alignment) > FLOCK_WEIGHT_LIMIT;
		bad += fabsf(p->wind_x) > FLOCK_WIND_LIMIT ||
		    fabsf(p->wind_y) > FLOCK_WIND_LIMIT;
		/* Inside the world; zoomed out, a cell's centre may lie on
		 * its edge. */
		bad += p->goal_on && (!(p->goal_x >= 0.0f && p->goal_x < 1.0f) ||
		    !(p->goal_y >= 0.0f && p->goal_y < 1.0f));
		bad += s.selected >= WEIGHT_COUNT;
		bad += s.help < 0 || s.help > 2;
	}
	CHECK_INT(bad, 0);
	CHECK(s.flock == flock);
}

/* ---- Each key of the table, one by one ---- */

/* The parts of a session a key may change. */
enum part {
	PART_PARAMS = 1 << 0,     /* the flock's parameters */
	PART_SELECTED = 1 << 1,   /* the multiplier + and - change */
	PART_GOAL_NEXT = 1 << 2,  /* where g puts the goal next */
	PART_PREDATORS = 1 << 3,
	PART_FLOCK = 1 << 4,      /* a new flock */
	PART_PAUSED = 1 << 5,
	PART_HELP = 1 << 6,       /* the key overlay */
	PART_PANEL = 1 << 7,      /* the measures panel */
	PART_GLYPHS = 1 << 8,
	PART_CAMERA = 1 << 9,
	PART_SPEED = 1 << 10,     /* the flight's speed against real time */
	PART_TRAILS = 1 << 11
};

struct parts {
	struct flock_params params;
	enum flock_weight selected;
	int goal_next;
	size_t npred;
	uint64_t restarts;
	int paused, help, panel, glyphs, trails;
	struct camera camera;
	double factor;
};

static void
parts_of(const struct session *s, struct parts *m)
{
	struct flock_view v;

	memset(m, 0, sizeof *m);
	flock_get_view(s->flock, &v);
	m->params = *flock_params(s->flock);
	m->selected = s->selected;
	m->goal_next = s->goal_next;
	m->npred = v.npred;
	m->restarts = s->restarts;
	m->paused = s->paused;
	m->help = s->help;
	m->panel = s->panel;
	m->glyphs = s->glyphs;
	m->trails = s->trails;
	m->camera = s->camera;
	m->factor = s->lapse.factor;
}

static unsigned
parts_changed(const struct parts *a, const struct parts *b)
{
	const struct camera *x = &a->camera, *y = &b->camera;

	return (memcmp(&a->params, &b->params, sizeof a->params) != 0 ?
	    PART_PARAMS : 0) |
	    (a->selected != b->selected ? PART_SELECTED : 0) |
	    (a->goal_next != b->goal_next ? PART_GOAL_NEXT : 0) |
	    (a->npred != b->npred ? PART_PREDATORS : 0) |
	    (a->restarts != b->restarts ? PART_FLOCK : 0) |
	    (a->paused != b->paused ? PART_PAUSED : 0) |
	    (a->help != b->help ? PART_HELP : 0) |
	    (a->panel != b->panel ? PART_PANEL : 0) |
	    (a->glyphs != b->glyphs ? PART_GLYPHS : 0) |
	    (a->trails != b->trails ? PART_TRAILS : 0) |
	    (x->cx != y->cx || x->cy != y->cy || x->scale != y->scale ||
	    x->cols != y->cols || x->rows != y->rows ||
	    x->fitted != y->fitted || x->follow != y->follow ?
	    PART_CAMERA : 0) |
	    (a->factor != b->factor ? PART_SPEED : 0);
}

/* What the record keeps of a key. */
enum kept { KEPT_NOTHING, KEPT_KEY, KEPT_CLICK };

/* The keys pressed by expect(), to find any the table binds that no
 * check pressed. */
static int pressed[256];
static size_t npressed;

/* The record being written: its path, and the lines it had. */
static const char *record_path;
static int record_lines;

/* Line n (from 0) of the record, into buf; 0 when there is none. */
static int
record_line(int n, char *buf, size_t len)
{
	FILE *f = fopen(record_path, "r");
	int k = 0, found = 0;

	if (!f)
		return 0;
	while (fgets(buf, (int)len, f))
		if (k++ == n) {
			found = 1;
			break;
		}
	fclose(f);
	return found;
}

static int
record_count(void)
{
	char line[600];
	int n = 0;

	while (record_line(n, line, sizeof line))
		n++;
	return n;
}

/* What the record kept of the last key, pressed after step steps, as a
 * failure's words; NULL when it kept what it should have. */
static const char *
record_wrong(int key, long step, enum kept kept)
{
	char line[600], want[64];
	int now = record_count(), had = record_lines;

	record_lines = now;
	if (kept == KEPT_NOTHING)
		return now == had ? NULL : "kept, though it changed no flight";
	if (now == had || !record_line(had, line, sizeof line))
		return "not kept, though it changed the flight";
	if (kept == KEPT_CLICK)
		snprintf(want, sizeof want, "click %ld ", step);
	else
		snprintf(want, sizeof want, "key %ld %d\n", step, key);
	return strncmp(line, want, strlen(want)) == 0 ? NULL :
	    "kept as something else";
}

static void
key_failed(int line, int key, const char *what, long got, long want)
{
	check_failures++;
	fprintf(stderr, "test_session.c:%d: key %d: %s: %ld, expected %ld\n",
	    line, key, what, got, want);
}

/*
 * Press key (a click or a wheel notch at col, row) and check what it
 * answers, that it changed the parts `parts` of the session and no
 * others (`may` may change too), and what the record kept of it; *was
 * gets the parts before.
 */
static void
expect(int line, struct session *s, int key, int col, int row,
    enum reaction reaction, unsigned parts, unsigned may, enum kept kept,
    struct parts *was)
{
	struct event ev;
	struct parts now;
	enum reaction got;
	unsigned changed;
	const char *wrong;

	ev.key = key;
	ev.col = col;
	ev.row = row;
	if (npressed < sizeof pressed / sizeof pressed[0])
		pressed[npressed++] = key;
	parts_of(s, was);
	got = session_key(s, &ev);
	parts_of(s, &now);
	changed = parts_changed(was, &now) & ~may;
	check_count += 3;
	if (got != reaction)
		key_failed(line, key, "reaction", (long)got, (long)reaction);
	if (changed != parts)
		key_failed(line, key, "parts changed", (long)changed,
		    (long)parts);
	if ((wrong = record_wrong(key, s->step, kept)) != NULL) {
		check_failures++;
		fprintf(stderr, "test_session.c:%d: key %d: %s\n", line, key,
		    wrong);
	}
}

#define EXPECT(s, key, reaction, parts, kept, was) \
	expect(__LINE__, s, key, 0, 0, reaction, parts, 0, kept, was)
#define EXPECT_AT(s, key, col, row, reaction, parts, kept, was) \
	expect(__LINE__, s, key, col, row, reaction, parts, 0, kept, was)

static void
keys_quit_pause_and_repaint(struct session *s)
{
	struct parts was;

	/* q and Esc ask to quit, and change nothing. */
	EXPECT(s, 'q', REACT_QUIT, 0, KEPT_NOTHING, &was);
	EXPECT(s, 27, REACT_QUIT, 0, KEPT_NOTHING, &was);
	/* Running, . does nothing; space pauses, and while paused . asks
	 * the loop for one step, which the key does not take itself. */
	EXPECT(s, '.', REACT_NONE, 0, KEPT_NOTHING, &was);
	EXPECT(s, ' ', REACT_REDRAW, PART_PAUSED, KEPT_NOTHING, &was);
	CHECK_INT(s->paused, 1);
	EXPECT(s, '.', REACT_STEP, 0, KEPT_NOTHING, &was);
	CHECK_INT(s->step, 0);
	EXPECT(s, ' ', REACT_REDRAW, PART_PAUSED, KEPT_NOTHING, &was);
	CHECK_INT(s->paused, 0);
	/* Ctrl-L: the screen repainted, nothing else. */
	EXPECT(s, 12, REACT_REPAINT, 0, KEPT_NOTHING, &was);
}

static const struct flock_params *
now_params(const struct session *s)
{
	return flock_params(s->flock);
}

static void
keys_scatter_and_wind(struct session *s)
{
	struct parts was;

	EXPECT(s, 's', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK(!was.params.scatter && now_params(s)->scatter);
	EXPECT(s, 's', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK(!now_params(s)->scatter);
	/* The arrows push the wind a notch; y grows downward. */
	EXPECT(s, KEY_UP, REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK_NEAR(now_params(s)->wind_y, -0.1, 1e-6);
	CHECK_NEAR(now_params(s)->wind_x, 0.0, 0.0);
	EXPECT(s, KEY_RIGHT, REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK_NEAR(now_params(s)->wind_x, 0.1, 1e-6);
	CHECK_NEAR(now_params(s)->wind_y, -0.1, 1e-6);
	EXPECT(s, KEY_DOWN, REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	EXPECT(s, KEY_DOWN, REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK_NEAR(now_params(s)->wind_y, 0.1, 1e-6);
	EXPECT(s, KEY_LEFT, REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	EXPECT(s, KEY_LEFT, REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK_NEAR(now_params(s)->wind_x, -0.1, 1e-6);
	/* w: calm; calm already, it changes nothing and is not kept. */
	EXPECT(s, 'w', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK(now_params(s)->wind_x == 0.0f && now_params(s)->wind_y == 0.0f);
	EXPECT(s, 'w', REACT_REDRAW, 0, KEPT_NOTHING, &was);
}

static void
keys_goal(struct session *s)
{
	struct parts was;

	/* g: the goal at its first place, the centre; where the next goes
	 * moves on, so g is kept even when the goal stays. */
	EXPECT(s, 'g', REACT_REDRAW, PART_PARAMS | PART_GOAL_NEXT, KEPT_KEY,
	    &was);
	CHECK(now_params(s)->goal_on && now_params(s)->goal_x == 0.5f &&
	    now_params(s)->goal_y == 0.5f);
	CHECK_INT(s->goal_next, 1);
	/* f: flee it, at the same pull. */
	EXPECT(s, 'f', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK(now_params(s)->goal_weight == -was.params.goal_weight);
	EXPECT(s, 'f', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	/* A click: the goal at the centre of cell (10, 5) of 80 by 23,
	 * kept as its world point; the same cell again changes nothing. */
	EXPECT_AT(s, EVENT_CLICK, 10, 5, REACT_REDRAW, PART_PARAMS,
	    KEPT_CLICK, &was);
	CHECK_NEAR(now_params(s)->goal_x, 10.5 / 80.0, 1e-6);
	CHECK_NEAR(now_params(s)->goal_y, 5.5 / 23.0, 1e-6);
	EXPECT_AT(s, EVENT_CLICK, 10, 5, REACT_REDRAW, 0, KEPT_NOTHING, &was);
	/* Row 23 is the status line: nothing. */
	EXPECT_AT(s, EVENT_CLICK, 10, 23, REACT_NONE, 0, KEPT_NOTHING, &was);
	/* G: no goal; with none, nothing. */
	EXPECT(s, 'G', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK(!now_params(s)->goal_on);
	EXPECT(s, 'G', REACT_NONE, 0, KEPT_NOTHING, &was);
}

static void
keys_weights(struct session *s)
{
	struct flock_params p;
	struct parts was;

	/* Tab: the next multiplier; +, = and - change that one by 0.1. */
	EXPECT(s, '\t', REACT_REDRAW, PART_SELECTED, KEPT_KEY, &was);
	CHECK_INT(s->selected, WEIGHT_SEPARATION);
	EXPECT(s, '+', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK_NEAR(now_params(s)->separation, was.params.separation + 0.1,
	    1e-6);
	CHECK(now_params(s)->cohesion == was.params.cohesion);
	EXPECT(s, '=', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	EXPECT(s, '-', REACT_REDRAW, PART_PARAMS, KEPT_KEY, &was);
	CHECK_NEAR(now_params(s)->separation, was.params.separation - 0.1,
	    1e-6);
	/* At its limit, + changes nothing and is not kept. */
	p = *now_params(s);
	p.separation = FLOCK_WEIGHT_LIMIT;
	(void)flock_set_params(s->flock, &p);
	EXPECT(s, '+', REACT_REDRAW, 0, KEPT_NOTHING, &was);
}

static void
keys_predators_and_flocks(struct session *s)
{
	struct parts was;
	struct flock_view v;
	const struct flock *f;
	int i;

	/* p: one predator more; P: none; with none, P changes nothing. */
	EXPECT(s, 'p', REACT_REDRAW, PART_PREDATORS, KEPT_KEY, &was);
	CHECK_INT(was.npred + 1, 1);
	EXPECT(s, 'P', REACT_REDRAW, PART_PREDATORS, KEPT_KEY, &was);
	EXPECT(s, 'P', REACT_REDRAW, 0, KEPT_NOTHING, &was);
	for (i = 0; i < FLOCK_MAX_PREDATORS; i++)
		(void)flock_add_predator(s->flock);
	/* Full: p does nothing. */
	EXPECT(s, 'p', REACT_NONE, 0, KEPT_NOTHING, &was);
	EXPECT(s, 'P', REACT_REDRAW, PART_PREDATORS, KEPT_KEY, &was);
	/* r: a new flock from the next seed, in the same memory, from its
	 * first step again. */
	f = s->flock;
	session_step(s);
	session_step(s);
	EXPECT(s, 'r', REACT_RESTART, PART_FLOCK, KEPT_KEY, &was);
	flock_get_view(s->flock, &v);
	CHECK(s->flock == f && s->restarts == 1 && v.step == 0);
	/* n: the next preset's flock (murmuration, after none), of the
	 * count given, beneath the options given; its rules change too. */
	expect(__LINE__, s, 'n', 0, 0, REACT_RESTART, PART_FLOCK,
	    PART_PARAMS, KEPT_KEY, &was);
	CHECK_INT(s->opts.preset, preset_find("murmuration"));
	CHECK_INT(s->restarts, 2);
	CHECK_INT(s->opts.count, 12);
	CHECK_NEAR(now_params(s)->cohesion, 2.0, 1e-6);
}

/* From a view that fits the 80 by 46 world to the 80 by 23 screen at
 * 1:1, centred on (40, 23): a cell is a unit across and two down. */
static void
keys_view(struct session *s)
{
	const struct camera *c = &s->camera;
	struct parts was;

	CHECK(c->fitted && c->scale == 1.0 && c->cx == 40.0 && c->cy == 23.0);
	/* z zooms in about the middle cell, (40, 11), whose centre is the
	 * world point (40.5, 23) and stays there: at scale 0.5 the centre
	 * is 0.25 to its left. 0 fits the world again. */
	EXPECT(s, 'z', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->scale == 0.5 && c->cx == 40.25 && c->cy == 23.0 &&
	    !c->fitted);
	EXPECT(s, '0', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->scale == 1.0 && c->cx == 40.0 && c->cy == 23.0 && c->fitted);
	/* Fitted already, 0 changes nothing. */
	EXPECT(s, '0', REACT_REDRAW, 0, KEPT_NOTHING, &was);
	/* Z zooms out: at scale 2, 39.5 keeps (40.5, 23) in the middle. */
	EXPECT(s, 'Z', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->scale == 2.0 && c->cx == 39.5 && c->cy == 23.0);
	EXPECT(s, '0', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	/* The wheel zooms about the pointer: cell (10, 5) shows the world
	 * point (10.5, 11), and keeps it under the pointer. In: the
	 * centre is 29.5 cells of 0.5 to its right, 6 rows of 1 below. */
	EXPECT_AT(s, EVENT_WHEEL_UP, 10, 5, REACT_REDRAW, PART_CAMERA,
	    KEPT_NOTHING, &was);
	CHECK(c->scale == 0.5 && c->cx == 25.25 && c->cy == 17.0);
	EXPECT(s, '0', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	/* Out: cells of 2, rows of 4. */
	EXPECT_AT(s, EVENT_WHEEL_DOWN, 10, 5, REACT_REDRAW, PART_CAMERA,
	    KEPT_NOTHING, &was);
	CHECK(c->scale == 2.0 && c->cx == 69.5 && c->cy == 35.0);
	EXPECT(s, '0', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	/* h j k l move the view a quarter of it: 20 columns, or 5.75 rows
	 * of two units. */
	EXPECT(s, 'h', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->cx == 20.0 && c->cy == 23.0 && !c->fitted);
	EXPECT(s, 'l', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->cx == 40.0);
	EXPECT(s, 'j', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->cy == 34.5);
	EXPECT(s, 'k', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->cx == 40.0 && c->cy == 23.0);
	/* c: the camera follows the flock, then no longer; a pan takes
	 * the camera from following too. */
	EXPECT(s, 'c', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(c->follow);
	EXPECT(s, 'c', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(!c->follow);
	EXPECT(s, 'c', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	EXPECT(s, 'h', REACT_REDRAW, PART_CAMERA, KEPT_NOTHING, &was);
	CHECK(!c->follow);
	/* m: the glyphs in turn, auto, arrows, dots, auto; and pixels
	 * after dots where the terminal shows them. */
	EXPECT(s, 'm', REACT_REDRAW, PART_GLYPHS, KEPT_NOTHING, &was);
	CHECK_INT(s->glyphs, FIELD_ARROWS);
	EXPECT(s, 'm', REACT_REDRAW, PART_GLYPHS, KEPT_NOTHING, &was);
	CHECK_INT(s->glyphs, FIELD_DOTS);
	EXPECT(s, 'm', REACT_REDRAW, PART_GLYPHS, KEPT_NOTHING, &was);
	CHECK_INT(s->glyphs, FIELD_AUTO);
	s->pixels = 1;
	EXPECT(s, 'm', REACT_REDRAW, PART_GLYPHS, KEPT_NOTHING, &was);
	EXPECT(s, 'm', REACT_REDRAW, PART_GLYPHS, KEPT_NOTHING, &was);
	EXPECT(s, 'm', REACT_REDRAW, PART_GLYPHS, KEPT_NOTHING, &was);
	CHECK_INT(s->glyphs, FIELD_PIXELS);
	EXPECT(s, 'm', REACT_REDRAW, PART_GLYPHS, KEPT_NOTHING, &was);
	CHECK_INT(s->glyphs, FIELD_AUTO);
	s->pixels = 0;
	/* t: trails on, then off; only the view, so a record keeps none. */
	CHECK_INT(s->trails, 0);
	EXPECT(s, 't', REACT_REDRAW, PART_TRAILS, KEPT_NOTHING, &was);
	CHECK_INT(s->trails, 1);
	EXPECT(s, 't', REACT_REDRAW, PART_TRAILS, KEPT_NOTHING, &was);
	CHECK_INT(s->trails, 0);
	/* i opens and closes the measures panel; ? opens the key overlay,
	 * which the next key, whatever it is, only closes. */
	EXPECT(s, 'i', REACT_REDRAW, PART_PANEL, KEPT_NOTHING, &was);
	CHECK_INT(s->panel, 1);
	EXPECT(s, 'i', REACT_REDRAW, PART_PANEL, KEPT_NOTHING, &was);
	CHECK_INT(s->panel, 0);
	EXPECT(s, '?', REACT_REDRAW, PART_HELP, KEPT_NOTHING, &was);
	CHECK_INT(s->help, 1);
	EXPECT(s, 's', REACT_REDRAW, PART_HELP, KEPT_NOTHING, &was);
	CHECK_INT(s->help, 0);
}

/* < and > step the flight's speed: from the speed wanted at 1:1, 1x,
 * to the notch below or above it. */
static void
keys_speed(struct session *s)
{
	struct parts was;

	CHECK(s->lapse.factor == 0.0);   /* auto */
	EXPECT(s, '<', REACT_REDRAW, PART_SPEED, KEPT_NOTHING, &was);
	CHECK(s->lapse.factor == 0.5);
	EXPECT(s, '>', REACT_REDRAW, PART_SPEED, KEPT_NOTHING, &was);
	CHECK(s->lapse.factor == 1.0);
	EXPECT(s, '>', REACT_REDRAW, PART_SPEED, KEPT_NOTHING, &was);
	CHECK(s->lapse.factor == 2.0);
}

/*
 * Every key of the table, pressed on a session of 12 boids in an 80 by
 * 24 terminal that keeps a record: what it answers, what it changes
 * (and that it changes nothing else), and whether the record keeps it;
 * then that no key the table binds went unpressed.
 */
static void
test_each_key(void)
{
	char path[] = "/tmp/test_session_XXXXXX";
	char *argv[] = { (char *)"boids", (char *)"-n", (char *)"12",
		(char *)"-S", (char *)"7", NULL };
	int keys[128], fd = mkstemp(path);
	size_t nkeys = bound_keys(keys, 128), i, k;
	struct options o;
	struct session s;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	parse_args(&o, 5, argv);
	CHECK_INT(session_start(&s, &o, NULL, 80, 24, stderr), 0);
	session_terminal(&s, 80, 24);
	CHECK(s.world_w == 80.0f && s.world_h == 46.0f && s.cols == 80 &&
	    s.rows == 23);
	s.rec = record_create(path, stderr);
	CHECK(s.rec != NULL && journal_keep(s.rec) == 0 &&
	    record_begin(s.rec, &o, 80.0f, 46.0f) == 0);
	record_path = path;
	record_lines = record_count();
	keys_quit_pause_and_repaint(&s);
	keys_scatter_and_wind(&s);
	keys_goal(&s);
	keys_weights(&s);
	keys_view(&s);
	keys_speed(&s);
	keys_predators_and_flocks(&s);
	for (i = 0; i < nkeys; i++) {
		for (k = 0; k < npressed && pressed[k] != keys[i]; k++)
			;
		if (k == npressed)
			fprintf(stderr, "test_session.c: key %d is bound but "
			    "was not pressed\n", keys[i]);
		CHECK(k < npressed);
	}
	CHECK(nkeys >= 38);
	CHECK_INT(record_finish(s.rec, s.step), 0);
	s.rec = NULL;
	session_end(&s);
	unlink(path);
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

/* The whole of a file, into buf (len bytes at most); its length. */
static size_t
file_text(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, len - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return n;
}

/*
 * The session kept: the record takes a key that changed the flight, the
 * cast the screen's bytes (a character split between two writes joined
 * again) and each new size of the terminal, once; both end whole. A
 * record whose file cannot even be made says so itself, and leaves the
 * caller nothing more to say.
 */
static void
test_keep_files(void)
{
	char rec[] = "/tmp/test_session_rec_XXXXXX";
	char cast[] = "/tmp/test_session_cast_XXXXXX";
	char text[4096], *said = NULL;
	char *argv[] = { (char *)"boids", (char *)"-n", (char *)"20",
		(char *)"--record", rec, (char *)"--cast", cast, NULL };
	char *nowhere[] = { (char *)"boids", (char *)"--record",
		(char *)"/nonexistent/dir/x.rec", NULL };
	struct event s_key = { 's', 0, 0 };
	struct session_failure f;
	struct options o;
	struct session s;
	size_t nsaid = 0;
	FILE *err;
	int fr = mkstemp(rec), fc = mkstemp(cast);

	CHECK(fr >= 0 && fc >= 0);
	if (fr < 0 || fc < 0)
		return;
	close(fr);
	close(fc);
	parse_args(&o, 7, argv);
	CHECK_INT(session_start(&s, &o, NULL, 80, 24, stderr), 0);
	session_terminal(&s, 80, 24);
	CHECK_INT(session_keep_start(&s, &o, 80, 24, stderr, &f), 0);
	CHECK_INT(session_keep_begun(&s, &f), 0);
	session_step(&s);
	CHECK_INT(session_key(&s, &s_key), REACT_REDRAW);
	session_keep_output(&s, "ab\xe2\x86", 4);
	session_keep_output(&s, "\x91", 1);
	CHECK_INT(session_keep_screen(&s, 80, 24, &f), 0);
	CHECK_INT(session_keep_screen(&s, 100, 30, &f), 0);
	CHECK_INT(session_keep_screen(&s, 100, 30, &f), 0);
	CHECK_INT(session_keep_failed(&s, &f), 0);
	CHECK_INT(session_keep_stop(&s, &f), 0);
	CHECK(s.rec == NULL && s.cast == NULL);
	session_end(&s);

	file_text(rec, text, sizeof text);
	CHECK(strstr(text, "\nkey 1 115\nend 1\n") != NULL);
	file_text(cast, text, sizeof text);
	CHECK(strncmp(text, "{\"version\": 2, \"width\": 80, \"height\": 24",
	    40) == 0);
	CHECK(strstr(text, ", \"o\", \"ab\"]\n") != NULL);
	CHECK(strstr(text, ", \"o\", \"\xe2\x86\x91\"]\n") != NULL);
	CHECK(strstr(text, ", \"r\", \"100x30\"]\n") != NULL);
	CHECK(strstr(strstr(text, "\"r\"") + 1, "\"r\"") == NULL);
	unlink(rec);
	unlink(cast);

	parse_args(&o, 3, nowhere);
	CHECK_INT(session_start(&s, &o, NULL, 80, 24, stderr), 0);
	err = open_memstream(&said, &nsaid);
	CHECK(err != NULL);
	if (!err)
		return;
	CHECK_INT(session_keep_start(&s, &o, 80, 24, err, &f), -1);
	fclose(err);
	CHECK(f.what == NULL);
	CHECK(said && strstr(said, "cannot write record file") != NULL);
	CHECK_INT(session_keep_stop(&s, &f), 0);
	session_end(&s);
	free(said);
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
	test_each_key();
	test_keep_and_replay();
	test_keep_files();
	test_key_takes_over();
	test_world();
	flock_free(flock);
	return check_exit("test_session");
}
