/*
 * escape.c: sorting what follows an Esc from the terminal.
 *
 * Sequences from a terminal have three shapes: a control sequence (Esc [,
 * parameters, one final byte from @ to ~), with the X10 mouse report as
 * its one exception (Esc [ M and three raw bytes); a single-shift key
 * (Esc O and one byte); and a string (Esc ] up to BEL or Esc \; Esc P,
 * Esc X, Esc ^ and Esc _ up to Esc \). A control sequence or a string
 * longer than the decoder keeps is skipped byte by byte to its end,
 * however far that is. A printable byte after an Esc is
 * how most terminals send Alt with that key: it is read as the key
 * alone, so Alt+s scatters as s does and no Alt+key quits as Esc would.
 * The keypad, in the application mode that curses asks for, sends
 * Esc O and a letter, which terminfo names for some terminals and not
 * for others (tmux, screen): each is read as the character on its key.
 * Anything else after an Esc is no sequence at all, so the Esc was a key
 * of its own and the bytes after it are keys too.
 */
#include "escape.h"

#define ESC 27
#define BEL 7

/* The button code's bits: the low two and 64 name the button, 4, 8 and
 * 16 are Shift, Meta and Ctrl, 32 marks motion with a button held. */
#define MOUSE_MODIFIERS (4 | 8 | 16)
#define MOUSE_MOTION 32
#define MOUSE_LEFT 0
#define MOUSE_WHEEL_UP 64
#define MOUSE_WHEEL_DOWN 65

/* X10 adds 32 to the button and 33 to a cell counted from 0. */
#define X10_BUTTON_BIAS 32
#define X10_CELL_BIAS 33

/* A press of the left button is a click (the goal goes there at once,
 * with no wait for the release); a wheel notch is reported, and the
 * pointer's motion, which a terminal reports only when asked; a release
 * and the other buttons are dropped. */
static enum escape_kind
mouse_event(int button, int col, int row, int press, struct event *ev)
{
	int key;

	if (button < 0 || col < 0 || row < 0)
		return ESCAPE_OTHER;
	if (button & MOUSE_MOTION) {
		ev->key = EVENT_MOTION;
		ev->col = col;
		ev->row = row;
		return ESCAPE_MOUSE;
	}
	switch (button & ~MOUSE_MODIFIERS) {
	case MOUSE_LEFT:
		if (!press)
			return ESCAPE_OTHER;
		key = EVENT_CLICK;
		break;
	case MOUSE_WHEEL_UP:
		key = EVENT_WHEEL_UP;
		break;
	case MOUSE_WHEEL_DOWN:
		key = EVENT_WHEEL_DOWN;
		break;
	default:
		return ESCAPE_OTHER;
	}
	ev->key = key;
	ev->col = col;
	ev->row = row;
	return ESCAPE_MOUSE;
}

/* Esc [ M b x y: a release is button 3, as X10 cannot say which. */
static enum escape_kind
x10_mouse(const int *b, size_t n, size_t *used, struct event *ev)
{
	int button;

	if (n < 5)
		return ESCAPE_PARTIAL;
	*used = 5;
	button = b[2] - X10_BUTTON_BIAS;
	return mouse_event(button, b[3] - X10_CELL_BIAS, b[4] - X10_CELL_BIAS,
	    (button & 3) != 3, ev);
}

/* The decimal numbers of parameters p[0..n), split at ';'; how many. */
static int
numbers(const int *p, size_t n, int *num, int most)
{
	int k = 0;
	size_t i;

	num[0] = 0;
	for (i = 0; i < n; i++) {
		if (p[i] == ';') {
			if (++k >= most)
				return -1;
			num[k] = 0;
		} else if (p[i] >= '0' && p[i] <= '9') {
			if (num[k] > 100000)
				return -1;
			num[k] = num[k] * 10 + (p[i] - '0');
		} else {
			return -1;
		}
	}
	return k + 1;
}

/* Esc [ < b ; x ; y M (press) or m (release), cells counted from 1. */
static enum escape_kind
sgr_mouse(const int *p, size_t n, int final, struct event *ev)
{
	int num[3];

	if (numbers(p, n, num, 3) != 3)
		return ESCAPE_OTHER;
	return mouse_event(num[0], num[1] - 1, num[2] - 1, final == 'M', ev);
}

/* Whether Esc [ b[1] ... b[last] answers a question about pixels: the
 * device's attributes or sixel's limits (private, ending c or S), or a
 * size in pixels (4 or 6 ; height ; width t). */
static int
pixel_answer(const int *b, size_t last)
{
	if (b[1] == '?')
		return b[last] == 'c' || b[last] == 'S';
	return b[last] == 't' && last > 2 && (b[1] == '4' || b[1] == '6') &&
	    b[2] == ';';
}

/* What a whole control sequence b[0..n) (from its [) is: a mouse
 * report, where the cursor is (the answer to the query that paces the
 * frames), a mode's state, an answer about pixels, or nothing of
 * interest. */
static enum escape_kind
control_kind(const int *b, size_t n, struct event *ev)
{
	int x, y;

	if (b[1] == '<' && (b[n - 1] == 'M' || b[n - 1] == 'm'))
		return sgr_mouse(b + 2, n - 3, b[n - 1], ev);
	if (escape_position(b, n, &y, &x) == 0)
		return ESCAPE_REPLY;
	if (escape_mode(b, n, &x, &y) == 0)
		return ESCAPE_MODE;
	return pixel_answer(b, n - 1) ? ESCAPE_GRAPHICS : ESCAPE_OTHER;
}

int
escape_position(const int *b, size_t n, int *row, int *col)
{
	int num[2];

	if (n < 5 || b[0] != '[' || b[n - 1] != 'R' ||
	    numbers(b + 1, n - 2, num, 2) != 2 || num[0] < 1 || num[1] < 1)
		return -1;
	*row = num[0];
	*col = num[1];
	return 0;
}

int
escape_mode(const int *b, size_t n, int *mode, int *state)
{
	int num[2];

	if (n < 7 || b[0] != '[' || b[1] != '?' || b[n - 1] != 'y' ||
	    b[n - 2] != '$' || numbers(b + 2, n - 4, num, 2) != 2)
		return -1;
	*mode = num[0];
	*state = num[1];
	return 0;
}

/* A sequence begun and not ended: read on, or once the decoder holds
 * all it keeps, skip the rest (escape_skip). */
static enum escape_kind
too_long(size_t n, size_t *used)
{
	if (n < ESCAPE_MAX)
		return ESCAPE_PARTIAL;
	*used = n;
	return ESCAPE_LONG;
}

/* Esc [ parameters intermediates final. */
static enum escape_kind
control(const int *b, size_t n, size_t *used, struct event *ev)
{
	size_t i;

	if (n < 2)
		return ESCAPE_PARTIAL;
	if (b[1] == 'M')
		return x10_mouse(b, n, used, ev);
	for (i = 1; i < n && i < ESCAPE_MAX; i++) {
		if (b[i] >= 0x20 && b[i] <= 0x3f)
			continue;
		if (b[i] < 0x40 || b[i] > 0x7e) {
			*used = i;  /* broken off: drop what came */
			return ESCAPE_OTHER;
		}
		*used = i + 1;
		return control_kind(b, i + 1, ev);
	}
	return too_long(n, used);
}

/* Which answer the whole string b[0..n) is: the background colour's, one
 * about pixels (kitty's graphics, Esc _ G; the terminal's name, Esc P
 * > |), or none of interest. */
static enum escape_kind
string_kind(const int *b, size_t n)
{
	unsigned rgb[3];

	if (n >= 2 && b[0] == '_' && b[1] == 'G')
		return ESCAPE_GRAPHICS;
	if (n >= 3 && b[0] == 'P' && b[1] == '>' && b[2] == '|')
		return ESCAPE_GRAPHICS;
	return escape_background(b, n, rgb) == 0 ? ESCAPE_BACKGROUND :
	    ESCAPE_OTHER;
}

/* Esc ] ... up to BEL or Esc \, as answers to other queries come (the
 * background colour's among them, told apart by its form); Esc
 * P, X, ^ and _ (device control, start of string, privacy message,
 * application command) up to Esc \ alone. */
static enum escape_kind
string(const int *b, size_t n, size_t *used)
{
	size_t i;

	for (i = 1; i < n && i < ESCAPE_MAX; i++) {
		if (b[i] == BEL && b[0] == ']') {
			*used = i + 1;
			break;
		}
		if (b[i] == ESC) {
			if (i + 1 >= n)
				return too_long(n, used);
			*used = b[i + 1] == '\\' ? i + 2 : i;
			break;
		}
	}
	if (i < n && i < ESCAPE_MAX)
		return string_kind(b, *used);
	return too_long(n, used);
}

void
escape_skip_start(struct escape_skip *s, const int *b, size_t n)
{
	s->opener = n > 0 ? b[0] : '[';
	s->esc = s->opener != '[' && n > 1 && b[n - 1] == ESC;
}

int
escape_skip(struct escape_skip *s, int byte)
{
	if (s->opener == '[') {
		if (byte >= 0x20 && byte <= 0x3f)
			return 0;
		return byte >= 0x40 && byte <= 0x7e ? 1 : -1;
	}
	if (s->esc) {
		s->esc = 0;
		return byte == '\\' ? 1 : -2;
	}
	if (byte == ESC) {
		s->esc = 1;
		return 0;
	}
	return byte == BEL && s->opener == ']' ? 1 : 0;
}

/* Esc O and a letter: a key of the keypad in application mode (Enter,
 * the operators, the digits; VT100's, as xterm documents them) as the
 * character on it; any other (arrows, F1 to F4) is curses' to know. */
static enum escape_kind
keypad(const int *b, size_t n, size_t *used, struct event *ev)
{
	static const char keys[] = "*+,-./0123456789";
	int key;

	if (n < 2)
		return ESCAPE_PARTIAL;
	*used = 2;
	if (b[1] >= 'j' && b[1] <= 'y')
		key = (unsigned char)keys[b[1] - 'j'];
	else if (b[1] == 'M')
		key = '\r';
	else if (b[1] == 'X')
		key = '=';
	else if (b[1] == 'I')
		key = '\t';
	else if (b[1] == ' ')
		key = ' ';
	else
		return ESCAPE_OTHER;
	ev->key = key;
	ev->col = ev->row = 0;
	return ESCAPE_KEYPAD;
}

/* A hex digit's value, or -1. */
static int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* One channel of 1 to 4 hex digits from b[*at], scaled to 16 bits
 * (f is 0xffff, as are ff and fff); -1 for none. */
static long
channel(const int *b, size_t n, size_t *at)
{
	long v = 0, top = 0;
	int d, digits = 0;

	while (*at < n && (d = hex_digit(b[*at])) >= 0) {
		if (++digits > 4)
			return -1;
		v = v * 16 + d;
		top = top * 16 + 15;
		(*at)++;
	}
	return digits ? v * 65535 / top : -1;
}

/* Whether b[*at] starts with the text s; past it if so. */
static int
expect(const int *b, size_t n, size_t *at, const char *s)
{
	size_t k;

	for (k = 0; s[k]; k++)
		if (*at + k >= n || b[*at + k] != (unsigned char)s[k])
			return 0;
	*at += k;
	return 1;
}

int
escape_background(const int *b, size_t n, unsigned rgb[3])
{
	size_t at = 0;
	long c[4];
	int k, parts;

	if (!expect(b, n, &at, "]11;"))
		return -1;
	/* Some terminals add an alpha channel, which says nothing here. */
	if (expect(b, n, &at, "rgba:"))
		parts = 4;
	else if (expect(b, n, &at, "rgb:"))
		parts = 3;
	else
		return -1;
	for (k = 0; k < parts; k++) {
		if (k > 0 && !expect(b, n, &at, "/"))
			return -1;
		if ((c[k] = channel(b, n, &at)) < 0)
			return -1;
	}
	if (!(at + 1 == n && b[at] == BEL) &&
	    !(at + 2 == n && b[at] == ESC && b[at + 1] == '\\'))
		return -1;
	for (k = 0; k < 3; k++)
		rgb[k] = (unsigned)c[k];
	return 0;
}

enum escape_kind
escape_decode(const int *b, size_t n, size_t *used, struct event *ev)
{
	*used = 0;
	if (n == 0)
		return ESCAPE_KEY;
	switch (b[0]) {
	case '[':
		return control(b, n, used, ev);
	case 'O':
		return keypad(b, n, used, ev);
	case ']':
	case 'P':
	case 'X':
	case '^':
	case '_':
		return string(b, n, used);
	case '\\':  /* the end of a string whose start was lost */
		*used = 1;
		return ESCAPE_OTHER;
	default:
		return b[0] >= ' ' && b[0] <= '~' ? ESCAPE_ALT : ESCAPE_KEY;
	}
}
