/*
 * graphics.c: the terminal's answers about pixels, read, and a protocol
 * chosen from them.
 *
 * Each answer is told apart by its form: device attributes are Esc [ ?
 * numbers c (4 among them for sixel); XTSMGRAPHICS answers Esc [ ? item
 * ; status ; values S (item 1 the colour registers, 2 the largest
 * picture, status 0 for success); the sizes Esc [ 4 ; height ; width t
 * (the window's text area) and Esc [ 6 ; height ; width t (a cell);
 * kitty's Esc _ G keys ; message Esc \, where the message OK to the
 * query's id says yes and anything else no; the name Esc P > | text
 * Esc \. Numbers are read strictly: a form that does not parse is no
 * answer.
 *
 * Auto trusts a yes only from terminals whose pictures the tests look
 * at, told by the name each gives: a picture another terminal claims to
 * draw may come out wrong, and cells are always right. Inside tmux or
 * screen the answers are the multiplexer's, which passes pictures on
 * only when set up to: auto does not ask there at all.
 */
#include <string.h>

#include "graphics.h"

#define ESC 27
/* The id kitty's query names, which its answer repeats. */
#define QUERY_ID 31
/* The most numbers an answer holds that is read here. */
#define MOST_NUMBERS 32
/* The largest size taken for a picture or a cell, in pixels. */
#define MOST_PIXELS 65535

void
graphics_init(struct graphics_answers *a)
{
	memset(a, 0, sizeof *a);
	a->kitty = -1;
}

/* The decimal numbers in b[0..n), split at ';' (an empty one is 0); how
 * many, or -1 when anything else is there or they are too many or too
 * large. */
static int
numbers(const int *b, size_t n, long *num)
{
	int k = 0;
	size_t i;

	num[0] = 0;
	for (i = 0; i < n; i++) {
		if (b[i] == ';') {
			if (++k >= MOST_NUMBERS)
				return -1;
			num[k] = 0;
		} else if (b[i] >= '0' && b[i] <= '9') {
			if (num[k] > MOST_PIXELS * 16L)
				return -1;
			num[k] = num[k] * 10 + (b[i] - '0');
		} else {
			return -1;
		}
	}
	return k + 1;
}

static int
in_range(long v)
{
	return v > 0 && v <= MOST_PIXELS;
}

/* Esc [ ? numbers c: sixel where 4 is listed. */
static int
device_attributes(struct graphics_answers *a, const long *num, int count)
{
	int k;

	a->da1 = 1;
	for (k = 1; k < count; k++)
		if (num[k] == 4)
			a->sixel = 1;
	return 0;
}

/* Esc [ ? item ; status ; values S: what was read, on success. */
static int
sixel_limits(struct graphics_answers *a, const long *num, int count)
{
	if (count < 2)
		return -1;
	if (num[1] != 0)
		return 0;   /* an answer all the same: not known */
	if (num[0] == 1 && count == 3 && in_range(num[2]))
		a->registers = (int)num[2];
	else if (num[0] == 2 && count == 4 && in_range(num[2]) &&
	    in_range(num[3])) {
		a->max_w = (int)num[2];
		a->max_h = (int)num[3];
	}
	return 0;
}

/* Esc [ 4 or 6 ; height ; width t. */
static int
window_size(struct graphics_answers *a, const long *num, int count)
{
	if (count != 3 || !in_range(num[1]) || !in_range(num[2]))
		return -1;
	if (num[0] == 6) {
		a->cell_h = (int)num[1];
		a->cell_w = (int)num[2];
	} else if (num[0] == 4) {
		a->text_h = (int)num[1];
		a->text_w = (int)num[2];
	} else {
		return -1;
	}
	return 0;
}

/* Esc [ ... final, b[0] the '['. */
static int
control_answer(struct graphics_answers *a, const int *b, size_t n)
{
	long num[MOST_NUMBERS];
	int final, count, private;

	if (n < 3 || b[0] != '[')
		return -1;
	final = b[n - 1];
	private = b[1] == '?';
	count = numbers(b + 1 + private, n - 2 - (size_t)private, num);
	if (count < 0)
		return -1;
	if (private && final == 'c')
		return device_attributes(a, num, count);
	if (private && final == 'S')
		return sixel_limits(a, num, count);
	if (!private && final == 't')
		return window_size(a, num, count);
	return -1;
}

/* The length of a string's body: up to its Esc \, which must end it. */
static int
string_body(const int *b, size_t n, size_t *len)
{
	if (n < 2 || b[n - 2] != ESC || b[n - 1] != '\\')
		return -1;
	*len = n - 2;
	return 0;
}

/* Whether b[0..n) is the text s. */
static int
is_text(const int *b, size_t n, const char *s)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (!s[k] || b[k] != (unsigned char)s[k])
			return 0;
	return s[n] == '\0';
}

/* _G keys ; message: the answer to the query's id, OK or not. */
static int
kitty_answer(struct graphics_answers *a, const int *b, size_t n)
{
	size_t len, semi;
	long num[MOST_NUMBERS];

	if (string_body(b, n, &len) < 0)
		return -1;
	for (semi = 2; semi < len && b[semi] != ';'; semi++)
		;
	/* Keys of the answer: i=31 alone is ours. */
	if (semi >= len || semi < 4 || b[2] != 'i' || b[3] != '=' ||
	    numbers(b + 4, semi - 4, num) != 1 || num[0] != QUERY_ID)
		return -1;
	a->kitty = is_text(b + semi + 1, len - semi - 1, "OK");
	return 0;
}

/* P > | name: kept whole, printable bytes only. */
static int
name_answer(struct graphics_answers *a, const int *b, size_t n)
{
	size_t len, k;

	if (string_body(b, n, &len) < 0 || len - 3 >= sizeof a->name)
		return -1;
	for (k = 3; k < len; k++)
		if (b[k] < ' ' || b[k] > '~')
			return -1;
	for (k = 3; k < len; k++)
		a->name[k - 3] = (char)b[k];
	a->name[len - 3] = '\0';
	return 0;
}

int
graphics_answer(struct graphics_answers *a, const int *b, size_t n)
{
	struct graphics_answers was = *a;
	int r = -1;

	if (n >= 1 && b[0] == '[')
		r = control_answer(a, b, n);
	else if (n >= 2 && b[0] == '_' && b[1] == 'G')
		r = kitty_answer(a, b, n);
	else if (n >= 3 && b[0] == 'P' && b[1] == '>' && b[2] == '|')
		r = name_answer(a, b, n);
	if (r < 0)
		*a = was;
	return r;
}

int
graphics_multiplexer(const char *tmux, const char *sty, const char *term)
{
	return (tmux && *tmux) || (sty && *sty) || (term &&
	    (strncmp(term, "screen", 6) == 0 || strncmp(term, "tmux", 4) == 0));
}

int
graphics_worth_asking(enum graphics_want want, int multiplexer)
{
	return want == GRAPHICS_FORCED || (want == GRAPHICS_AUTO &&
	    !multiplexer);
}

/* Whether the terminal's name starts with that of one the tests look
 * at, followed by its version in brackets. */
static int
named(const struct graphics_answers *a, const char *name)
{
	size_t len = strlen(name);

	return strncmp(a->name, name, len) == 0 && a->name[len] == '(';
}

/* Auto's choice: a yes from a terminal the tests look at. */
static enum graphics_proto
verified(const struct graphics_answers *a, const char **why)
{
	if (a->kitty == 1 && named(a, "kitty"))
		return GRAPHICS_KITTY;
	if (a->sixel && named(a, "XTerm") && a->registers >=
	    GRAPHICS_REGISTERS)
		return GRAPHICS_SIXEL;
	*why = a->kitty == 1 || a->sixel ? "not a terminal whose pictures "
	    "are tested (xterm with sixel, kitty)" : "the terminal has "
	    "neither sixel nor kitty's graphics";
	return GRAPHICS_NONE;
}

enum graphics_proto
graphics_choose(const struct graphics_answers *a, enum graphics_want want,
    int multiplexer, const char **why)
{
	const char *dummy;

	if (!why)
		why = &dummy;
	*why = NULL;
	if (want == GRAPHICS_OFF)
		return GRAPHICS_NONE;
	if (want == GRAPHICS_AUTO && multiplexer) {
		*why = "inside tmux or screen";
		return GRAPHICS_NONE;
	}
	if (want == GRAPHICS_AUTO)
		return verified(a, why);
	/* Asked for: kitty's, which keeps sprites in the terminal, where
	 * both are there. */
	if (a->kitty == 1)
		return GRAPHICS_KITTY;
	if (a->sixel)
		return GRAPHICS_SIXEL;
	if (a->kitty == 0)
		*why = "the terminal refused kitty's graphics and has no sixel";
	else if (a->da1)
		*why = "the terminal says it has neither sixel nor kitty's "
		    "graphics";
	else
		*why = "the terminal did not say whether it has sixel or "
		    "kitty's graphics";
	return GRAPHICS_NONE;
}

int
graphics_cell(const struct graphics_answers *a, int xpixel, int ypixel,
    int cols, int lines, int *cell_w, int *cell_h)
{
	if (cols <= 0 || lines <= 0)
		return -1;
	if (xpixel >= cols && ypixel >= lines) {
		*cell_w = xpixel / cols;
		*cell_h = ypixel / lines;
	} else if (a->cell_w > 0 && a->cell_h > 0) {
		*cell_w = a->cell_w;
		*cell_h = a->cell_h;
	} else if (a->text_w >= cols && a->text_h >= lines) {
		*cell_w = a->text_w / cols;
		*cell_h = a->text_h / lines;
	} else {
		return -1;
	}
	return 0;
}
