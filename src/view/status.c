/*
 * status.c: the status line's text.
 *
 * The tokens say what the flight is flown with and how it goes: the
 * three multipliers, the wind with as many decimals as it has, the goal
 * in the world's cells, the boids and the frames a second, then what
 * only shows while it matters (the speed against real time, predators,
 * the afraid and the leaders, a flock kept to one thread, the zoom and
 * following). The states (the
 * preset, SCATTER, PAUSED, REPLAY) say what is going on, and on a
 * narrow line keep its right end while tokens are cut whole from the
 * end of the rest. Nothing here draws: the renderer (render.c) puts
 * the text on screen, and tests read it without a terminal.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "status.h"

/* The goal's cell: a fraction of the world, in the world's cells, kept
 * inside it. */
static void
goal_cell(const struct flock_params *p, int cols, int rows, int *col,
    int *row)
{
	double c = floor((double)p->goal_x * cols);
	double r = floor((double)p->goal_y * rows);

	*col = c < 0 ? 0 : c >= cols ? cols - 1 : (int)c;
	*row = r < 0 ? 0 : r >= rows ? rows - 1 : (int)r;
}

/* Append a piece to a string that may already be full. */
static size_t
append(char *buf, size_t len, size_t at, const char *piece)
{
	size_t n = strlen(piece);

	if (at + 1 >= len)
		return at;
	if (n > len - 1 - at)
		n = len - 1 - at;
	memcpy(buf + at, piece, n);
	buf[at + n] = '\0';
	return at + n;
}

/* "+0.0" and not "-0.0" for a value that rounds to zero. */
static double
unsigned_zero(double v, double unit)
{
	return fabs(v) < unit / 2.0 ? 0.0 : v;
}

/*
 * Decimals enough to show v as it is (at least one, at most four): a wind
 * of 0.04 shows as +0.04, not as +0.0 as if there were none.
 */
static int
decimals_of(double v)
{
	int d;

	for (d = 1; d < 4; d++) {
		double scaled = fabs(v) * pow(10.0, d);

		if (fabs(scaled - floor(scaled + 0.5)) < 1e-3)
			break;
	}
	return d;
}

/* One of the wind's parts with d decimals; one too small to show with
 * four, but there, in its own exponent rather than as none. */
static void
wind_part(char *buf, size_t len, double v, int d)
{
	double z = unsigned_zero(v, pow(10.0, -d));

	if (z == 0.0 && v != 0.0)
		snprintf(buf, len, "%+.0e", v);
	else
		snprintf(buf, len, "%+.*f", d, z);
}

/* "zoom 1/K" or "zoom K" away from 1:1, and "follow" while it does,
 * after the frame rate: on a narrow line they go first. */
static size_t
zoom_tokens(char *buf, size_t len, size_t at, const struct camera *c)
{
	double z;

	if (!c)
		return at;
	z = camera_zoom_level(c);
	if (z != 0.0) {
		char piece[32];

		snprintf(piece, sizeof piece, "  zoom %s%.3g", z < 0 ? "1/" :
		    "", fabs(z));
		at = append(buf, len, at, piece);
	}
	return c->follow ? append(buf, len, at, "  follow") : at;
}

/* The tokens of the status line; the multipliers' tokens span
 * [start[k], end[k]). Returns the length. */
static size_t
status_tokens(char *buf, size_t len, const struct status *s,
    int cols, int rows, size_t start[WEIGHT_COUNT], size_t end[WEIGHT_COUNT])
{
	const struct flock_params *p = s->params;
	const double w[WEIGHT_COUNT] = { p->cohesion, p->separation,
		p->alignment };
	static const char *const name[WEIGHT_COUNT] = { "coh", "sep", "ali" };
	char piece[64];
	size_t at = 0;
	int k, gc, gr, dx, dy;

	buf[0] = '\0';
	for (k = 0; k < WEIGHT_COUNT; k++) {
		snprintf(piece, sizeof piece, "%s %.2f", name[k],
		    unsigned_zero(w[k], 0.01));
		start[k] = at;
		at = append(buf, len, at, piece);
		end[k] = at;
		at = append(buf, len, at, "  ");
	}
	dx = decimals_of(p->wind_x);
	dy = decimals_of(p->wind_y);
	dx = dx > dy ? dx : dy;
	at = append(buf, len, at, "wind ");
	wind_part(piece, sizeof piece, p->wind_x, dx);
	at = append(buf, len, at, piece);
	at = append(buf, len, at, ",");
	wind_part(piece, sizeof piece, p->wind_y, dx);
	at = append(buf, len, at, piece);
	at = append(buf, len, at, "  ");
	if (p->goal_on) {
		goal_cell(p, cols, rows, &gc, &gr);
		snprintf(piece, sizeof piece, "%s %d,%d  ",
		    p->goal_weight < 0.0f ? "flee" : "goal", gc, gr);
	} else {
		snprintf(piece, sizeof piece, "goal off  ");
	}
	at = append(buf, len, at, piece);
	snprintf(piece, sizeof piece, "n %zu  %d fps", s->n, s->fps);
	at = append(buf, len, at, piece);
	if (s->speed && s->speed[0]) {
		at = append(buf, len, at, "  ");
		at = append(buf, len, at, s->speed);
	}
	if (s->npred > 0) {
		snprintf(piece, sizeof piece, "  pred %zu", s->npred);
		at = append(buf, len, at, piece);
	}
	if (s->fear) {
		snprintf(piece, sizeof piece, "  afraid %zu", s->afraid);
		at = append(buf, len, at, piece);
	}
	if (s->leading) {
		snprintf(piece, sizeof piece, "  lead %zu", s->leaders);
		at = append(buf, len, at, piece);
	}
	if (s->one_thread)
		at = append(buf, len, at, "  1 thread");
	return zoom_tokens(buf, len, at, s->camera);
}

/* Where to cut a line of n characters to at most limit: after the last
 * whole token that fits (tokens are parted by two spaces), or right at
 * the limit when not even the first fits. */
static size_t
token_end(const char *buf, size_t n, size_t limit)
{
	size_t k;

	if (limit >= n)
		return n;
	for (k = limit; k > 0; k--)
		if (buf[k] == ' ' && buf[k + 1] == ' ' && buf[k - 1] != ' ')
			return k;
	return limit;
}

void
status_text(char *buf, size_t len, const struct status *s, int cols,
    int rows, int width, int *sel, int *sel_len, int *state)
{
	char states[64];
	size_t start[WEIGHT_COUNT], end[WEIGHT_COUNT], n, ns, keep, a, b;

	if (width < 0)
		width = 0;
	if ((size_t)width >= len)
		width = (int)len - 1;
	n = status_tokens(buf, len, s, cols, rows, start, end);
	/* The preset flown goes with the states: it says what flies. */
	snprintf(states, sizeof states, "%s%s%s%s%s", s->preset ? "  " : "",
	    s->preset ? s->preset : "", s->params->scatter ? "  SCATTER" : "",
	    s->paused ? "  PAUSED" : "", s->replaying ? "  REPLAY" : "");
	ns = strlen(states);
	/* The states matter more than the last tokens: on a narrow line
	 * they take the right end, as long as some tokens still show. */
	keep = n;
	if (n + ns > (size_t)width)
		keep = ns > 0 && (size_t)width >= ns + 8 ? (size_t)width - ns :
		    (size_t)width;
	keep = token_end(buf, n, keep);
	buf[keep] = '\0';
	*state = (int)keep;
	if (keep + ns <= (size_t)width) {
		memcpy(buf + keep, states, ns + 1);
		*state = (int)keep + (ns > 0 ? 2 : 0);
	}
	a = start[s->selected];
	b = end[s->selected] < keep ? end[s->selected] : keep;
	*sel = (int)a;
	*sel_len = b > a ? (int)(b - a) : 0;
}
