/*
 * fuzz_input.c: libFuzzer target for the keys: the key table and the
 * session's actions.
 *
 * The first bytes of the input make a small real flock (its size, its
 * predators, obstacles and perching, the screen in cells, the seed); the
 * rest is a stream of events handed to session_key() as the main loop
 * would: every key the table binds, any curses KEY_* code, clicks on
 * any cell (inside, outside, or at the ends of int), any int at all,
 * and now and then a step of the flock or a resize of the terminal,
 * down to a size too small to draw in; and bytes after an Esc, as the
 * terminal sends them, through the decoder the terminal uses
 * (escape.c), which must take no more than it was given and make only
 * a click or a wheel notch, in a cell, or a key of the keypad, one of
 * the characters on it; and the same bytes through the skipping of a
 * sequence too long to keep, which must end it only where a
 * terminator or a byte that breaks it off stands. The session has options, the
 * flock's size given among them, so that the preset key makes flocks
 * of that size. A key that asks the loop for nothing must have changed
 * nothing of the flight, and after every event the session must hold
 * together: the multipliers finite and within the weight limit, the
 * wind within its limit, the goal inside the world, the selected
 * multiplier one of the three, the overlay closed or on one of its two
 * pages, and no boid or predator anywhere but at a finite place.
 */
#include <curses.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/flock.h"
#include "options/layers.h"
#include "options/options.h"
#include "require.h"
#include "session/input.h"
#include "session/session.h"
#include "term/escape.h"
#include "view/render.h"

#define MAX_BOIDS 48
#define MAX_EVENTS 2000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Codes next to the keys the table binds, which it does not. */
static const int unbound_keys[] = { KEY_RESIZE, KEY_MOUSE, 0, -1, 'x' };

#define NUNBOUND (sizeof unbound_keys / sizeof unbound_keys[0])

/* Every key the table binds, found in the table, and the codes next to
 * them; how many. */
static size_t
keys_to_press(const int **keys)
{
	static int all[256];
	static size_t n;
	int key;
	size_t k;

	if (n == 0) {
		for (key = -16; key <= KEY_MAX && n < 256 - NUNBOUND; key++)
			if (input_binding(key))
				all[n++] = key;
		for (k = 0; k < NUNBOUND; k++)
			all[n++] = unbound_keys[k];
	}
	*keys = all;
	return n;
}

/* The input, read a byte or a word at a time; zeros once it runs out. */
struct stream {
	const uint8_t *p;
	size_t left;
};

static unsigned
byte(struct stream *s)
{
	if (s->left == 0)
		return 0;
	s->left--;
	return *s->p++;
}

static int
word(struct stream *s)
{
	uint32_t v = 0;
	int k;

	for (k = 0; k < 4; k++)
		v = v << 8 | byte(s);
	return (int)(int32_t)v;
}

/* A cell coordinate: mostly near the screen, sometimes anything. */
static int
coordinate(struct stream *s, int size)
{
	unsigned how = byte(s);

	switch (how % 4) {
	case 0: return word(s);
	case 1: return how & 1 ? INT_MAX : INT_MIN;
	default: return (int)(byte(s) % (unsigned)(size + 3)) - 1;
	}
}

static int
finite_within(float v, float limit)
{
	return isfinite(v) && v >= -limit && v <= limit;
}

static void
check_session(const struct session *s)
{
	const struct flock_params *p = flock_params(s->flock);
	struct flock_view v;

	REQUIRE(finite_within(p->cohesion, FLOCK_WEIGHT_LIMIT));
	REQUIRE(finite_within(p->separation, FLOCK_WEIGHT_LIMIT));
	REQUIRE(finite_within(p->alignment, FLOCK_WEIGHT_LIMIT));
	REQUIRE(finite_within(p->goal_weight, FLOCK_WEIGHT_LIMIT));
	REQUIRE(finite_within(p->wind_x, FLOCK_WIND_LIMIT));
	REQUIRE(finite_within(p->wind_y, FLOCK_WIND_LIMIT));
	REQUIRE(p->goal_on == 0 || p->goal_on == 1);
	REQUIRE(isfinite(p->goal_x) && p->goal_x >= 0.0f && p->goal_x <= 1.0f);
	REQUIRE(isfinite(p->goal_y) && p->goal_y >= 0.0f && p->goal_y <= 1.0f);
	REQUIRE(p->scatter == 0 || p->scatter == 1);
	REQUIRE((int)s->selected >= 0 && s->selected < WEIGHT_COUNT);
	REQUIRE(s->paused == 0 || s->paused == 1);
	REQUIRE(s->help >= 0 && s->help <= 2);
	REQUIRE(s->goal_next >= 0 && s->goal_next < 16);

	flock_get_view(s->flock, &v);
	REQUIRE(v.npred <= FLOCK_MAX_PREDATORS);
	REQUIRE(isfinite(v.w) && isfinite(v.h) && v.w >= 1.0f && v.h >= 1.0f);
	require_flock_real(s->flock);
}

/* What a terminal that changes size does to the keys: a screen of cols
 * by lines - 1 cells, or nothing to click on when it is too small; and
 * the world takes the screen's size. */
static void
resize(struct session *s, int cols, int lines)
{
	if (cols < RENDER_MIN_COLS || lines < RENDER_MIN_LINES) {
		s->cols = s->rows = 0;
		return;
	}
	s->cols = cols;
	s->rows = lines - 1;
	flock_resize(s->flock, (float)cols, 2.0f * (float)(lines - 1));
}

/* The bytes after the first as the rest of a sequence skipped for its
 * length: each result is one escape_skip() may give, an end only at a
 * terminator (a final byte, BEL for an OSC, Esc \\), a break off only
 * at a byte no sequence holds there, or after an Esc. */
static void
skipped(const int *b, size_t n)
{
	struct escape_skip k;
	size_t i;

	if (n == 0)
		return;
	escape_skip_start(&k, b, 1);
	for (i = 1; i < n; i++) {
		int got = escape_skip(&k, b[i]);

		REQUIRE(got >= -2 && got <= 1);
		REQUIRE(got != -2 || (b[0] != '[' && b[i - 1] == 27));
		REQUIRE(got != 1 || (b[i] >= 0x40 && b[i] <= 0x7e) ||
		    b[i] == 7 || (b[i] == '\\' && b[i - 1] == 27));
		REQUIRE(got != -1 || b[0] == '[');
		if (got != 0)
			return;
	}
}

/* Up to 24 bytes after an Esc, decoded; a mouse event or a key of the
 * keypad is handed on, and anything else becomes a key of no binding. */
static void
escaped(struct stream *in, struct event *ev)
{
	int b[24];
	size_t n = byte(in) % 25, k, used = 99;
	enum escape_kind kind;

	for (k = 0; k < n; k++)
		b[k] = (int)byte(in);
	skipped(b, n);
	ev->key = 0;
	kind = escape_decode(b, n, &used, ev);
	REQUIRE(used <= n);
	switch (kind) {
	case ESCAPE_KEYPAD:
		REQUIRE(used == 2 && b[0] == 'O');
		REQUIRE(ev->key > 0 && ev->key < 128 &&
		    strchr("*+,-./0123456789=\r\t ", ev->key) != NULL);
		REQUIRE(ev->col == 0 && ev->row == 0);
		return;
	case ESCAPE_MOUSE:
		REQUIRE(used > 0);
		REQUIRE(ev->key == EVENT_CLICK || ev->key == EVENT_WHEEL_UP ||
		    ev->key == EVENT_WHEEL_DOWN || ev->key == EVENT_MOTION);
		REQUIRE(ev->col >= 0 && ev->row >= 0);
		return;
	case ESCAPE_KEY:
		REQUIRE(used == 0);
		break;
	case ESCAPE_ALT:
		REQUIRE(used == 0 && n > 0 && b[0] >= ' ' && b[0] <= '~');
		break;
	case ESCAPE_PARTIAL:
		REQUIRE(n < ESCAPE_MAX);
		break;
	default:
		REQUIRE(used > 0);
		break;
	}
	ev->key = 0;
	ev->col = ev->row = 0;
}

static void
event(struct session *s, struct stream *in, struct event *ev)
{
	unsigned kind = byte(in);

	ev->col = ev->row = 0;
	switch (kind % 8) {
	case 0: case 1: case 2: {
		const int *keys;
		size_t n = keys_to_press(&keys);

		ev->key = keys[byte(in) % n];
		break;
	}
	case 3:
		ev->key = KEY_MIN + (int)(byte(in) % (KEY_MAX - KEY_MIN + 1));
		break;
	case 4: case 5:
		ev->key = EVENT_CLICK;
		ev->col = coordinate(in, s->cols);
		ev->row = coordinate(in, s->rows);
		break;
	case 6:
		ev->key = word(in);
		ev->col = word(in);
		ev->row = word(in);
		break;
	default:
		escaped(in, ev);
		break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct stream in = { data, size };
	struct flock_params p;
	struct session s;
	struct event ev;
	struct options o;
	char count[16];
	size_t n, npred, nobst;
	int cols, lines, k;
	uint64_t seed = 0;

	flock_params_default(&p);
	n = 1 + byte(&in) % MAX_BOIDS;
	npred = byte(&in) % 4;
	nobst = byte(&in) % 4;
	p.perch = byte(&in) & 1;
	cols = 1 + (int)(byte(&in) % 250);
	lines = 1 + (int)(byte(&in) % 80);
	for (k = 0; k < 8; k++)
		seed = seed << 8 | byte(&in);

	memset(&s, 0, sizeof s);
	s.seed = seed;
	s.flock = flock_new(n, 80.0f, 46.0f, &p, seed, npred, nobst);
	REQUIRE(s.flock != NULL);
	options_clear(&o);
	snprintf(count, sizeof count, "%zu", n);
	REQUIRE(options_put(&o, "count", count, 1) == 0);
	layers_resolve(&o);
	s.opts = o;
	resize(&s, cols, lines);
	check_session(&s);

	for (k = 0; k < MAX_EVENTS && in.left > 0; k++) {
		struct flock_params was;
		struct flock_view v;
		uint64_t restarts;
		enum reaction r;

		if (byte(&in) % 16 == 0) {
			/* Between keys, time passes or the terminal changes. */
			if (byte(&in) & 1)
				resize(&s, (int)(byte(&in) % 251),
				    (int)(byte(&in) % 81));
			else if (!s.paused)
				flock_step(s.flock);
			check_session(&s);
			continue;
		}
		event(&s, &in, &ev);
		was = *flock_params(s.flock);
		flock_get_view(s.flock, &v);
		npred = v.npred;
		restarts = s.restarts;
		r = session_key(&s, &ev);
		/* A key that asks for nothing changed nothing of the flight. */
		flock_get_view(s.flock, &v);
		REQUIRE(r != REACT_NONE || (restarts == s.restarts &&
		    npred == v.npred && memcmp(&was, flock_params(s.flock),
		    sizeof was) == 0));
		if (r == REACT_STEP)
			flock_step(s.flock);
		check_session(&s);
	}
	flock_free(s.flock);
	return 0;
}
