/*
 * sign.c: the flock writing a text, and letting go (sign.h).
 *
 * The room a sign has is the world inside the soft bounds' margins
 * (flock_inner()), where nothing pushes a hovering boid away: whole
 * cells, a cell a world unit across and two down. Its size is chosen for
 * its shape, the widest text it will write (the clock's is 00:00 in its
 * richest digits), so that a clock keeps its size as the minutes turn.
 *
 * The writers are the boids nearest the sign, as many as sign.h says,
 * and each is given a point so that the sign forms fast without a sort
 * of every pair: boids and points are both sorted across, cut into
 * strips of as many of each, and within a strip both sorted down and
 * paired in order, so that boids to the left and above take points to
 * the left and above. Every sort breaks ties by the boids' ids and the
 * points' places, so the same flock at the same step is given the same
 * points on any machine.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/say.h"
#include "sign.h"

/* The area the boids that do not write keep out of: the sign and this
 * many world units round it. */
#define SIGN_CLEAR 2.0f

/* A boid that may write, or a point to write. */
struct spot {
	float x, y, d2;
	uint32_t id;
};

/* The room: whole cells inside the margins. */
static void
room(const struct flock *f, int *col, int *row, int *cols, int *rows)
{
	float x0, y0, x1, y1;

	flock_inner(f, &x0, &y0, &x1, &y1);
	*col = (int)ceilf(x0);
	*row = (int)ceilf(y0 / 2.0f);
	*cols = (int)floorf(x1) - *col;
	*rows = (int)floorf(y1 / 2.0f) - *row;
	*cols = *cols > 0 ? *cols : 0;
	*rows = *rows > 0 ? *rows : 0;
}

/* The text laid out as large as the shape fits, centred in the room. */
static enum lettering_fault
lay_out(struct sign *g, const struct flock *f, size_t *need)
{
	struct flock_view v;
	int col, row, cols, rows, sx = 1, sy = 1;
	enum lettering_fault why;

	flock_get_view(f, &v);
	room(f, &col, &row, &cols, &rows);
	lettering_free(&g->l);
	why = lettering_fit(g->shape, cols, rows, v.n, &sx, &sy, need);
	if (why == LETTERING_FITS)
		why = lettering_lay(&g->l, g->text, sx, sy, cols);
	/* The text is laid out at the shape's scale; should it be larger
	 * than its shape (a record's time, written where the clock counted
	 * otherwise), it must fit the room and the flock itself. */
	if (why == LETTERING_FITS && lettering_rows(&g->l) > rows)
		why = LETTERING_NO_ROOM;
	if (why == LETTERING_FITS && lettering_cells(&g->l) > v.n) {
		*need = lettering_cells(&g->l);
		why = LETTERING_FEW_BOIDS;
	}
	if (why != LETTERING_FITS) {
		lettering_free(&g->l);
		return why;
	}
	g->l.col = col + (cols - lettering_cols(&g->l)) / 2;
	g->l.row = row + (rows - lettering_rows(&g->l)) / 2;
	return LETTERING_FITS;
}

/* Laid out for f as it is now, or not at all when it does not fit. */
static void
lay_again(struct sign *g, struct flock *f)
{
	struct flock_view v;
	size_t need;

	flock_get_view(f, &v);
	g->laid = lay_out(g, f, &need) == LETTERING_FITS;
	g->flock = f;
	g->n = v.n;
	g->w = v.w;
	g->h = v.h;
	g->stale = 0;
	g->placed = 0;
	if (!g->laid)
		flock_target_none(f);
}

static void
refuse(const struct sign *g, const struct flock *f, enum lettering_fault why,
    size_t need, FILE *err)
{
	struct flock_view v;
	int cols, rows;

	flock_get_view(f, &v);
	cols = (int)v.w;
	rows = (int)(v.h / 2.0f);
	if (why == LETTERING_BLANK)
		say_usage(err, "%s: '%s' has nothing to write", g->option,
		    say_name(g->text));
	else if (why == LETTERING_FEW_BOIDS)
		say_usage(err, "%s: '%s' needs at least %zu boids in a field "
		    "of %dx%d cells; the flock has %zu", g->option,
		    say_name(g->text), need, cols, rows, v.n);
	else
		say_usage(err, "%s: no room for '%s' in a field of %dx%d "
		    "cells, even wrapped", g->option, say_name(g->text), cols,
		    rows);
}

int
sign_start(struct sign *g, const char *option, const char *text,
    const char *shape, const struct flock *f, FILE *err)
{
	size_t need = 0;
	enum lettering_fault why;

	memset(g, 0, sizeof *g);
	g->option = option;
	snprintf(g->text, sizeof g->text, "%s", text);
	snprintf(g->shape, sizeof g->shape, "%s", shape ? shape : text);
	why = lay_out(g, f, &need);
	if (why == LETTERING_NO_MEMORY) {
		say(err, "out of memory for the sign");
		return -2;
	}
	if (why != LETTERING_FITS) {
		refuse(g, f, why, need, err);
		return -1;
	}
	lettering_free(&g->l);
	g->on = 1;
	g->held = 1;
	g->until = SIGN_HOLD;
	g->stale = 1;
	return 0;
}

void
sign_end(struct sign *g)
{
	lettering_free(&g->l);
	g->on = 0;
}

void
sign_text(struct sign *g, const char *text)
{
	if (!g->on || strcmp(g->text, text) == 0)
		return;
	snprintf(g->text, sizeof g->text, "%s", text);
	g->stale = 1;
}

/* ---- Who writes where ---- */

static int
by_distance(const void *a, const void *b)
{
	const struct spot *p = a, *q = b;

	if (p->d2 != q->d2)
		return p->d2 < q->d2 ? -1 : 1;
	return (p->id > q->id) - (p->id < q->id);
}

/* Across, then down, then by id: a total order. */
static int
across(const void *a, const void *b)
{
	const struct spot *p = a, *q = b;

	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	return (p->id > q->id) - (p->id < q->id);
}

static int
down(const void *a, const void *b)
{
	const struct spot *p = a, *q = b;

	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return (p->id > q->id) - (p->id < q->id);
}

/* How many boids of n write cells cells. */
static size_t
writers(size_t n, size_t cells)
{
	size_t want = n - n / SIGN_FREE_SHARE;

	if (want < cells)
		want = cells;
	if (want > SIGN_MOST_EACH * cells)
		want = SIGN_MOST_EACH * cells;
	return want < n ? want : n;
}

/* The sign's box in world units, and its squared distance from (x, y). */
static void
box(const struct lettering *l, float b[4])
{
	b[0] = (float)l->col;
	b[1] = 2.0f * (float)l->row;
	b[2] = (float)(l->col + lettering_cols(l));
	b[3] = 2.0f * (float)(l->row + lettering_rows(l));
}

static float
box_distance2(const float b[4], float x, float y)
{
	float dx = x < b[0] ? b[0] - x : x > b[2] ? x - b[2] : 0.0f;
	float dy = y < b[1] ? b[1] - y : y > b[3] ? y - b[3] : 0.0f;

	return dx * dx + dy * dy;
}

/* The w boids nearest the box into who[0, w). */
static int
choose(const struct flock_view *v, const float b[4], struct spot *who,
    size_t w)
{
	struct spot *all = who;
	size_t i;

	if (w < v->n && !(all = malloc(v->n * sizeof *all)))
		return -1;
	for (i = 0; i < v->n; i++) {
		all[i].x = v->x[i];
		all[i].y = v->y[i];
		all[i].id = v->id[i];
		all[i].d2 = box_distance2(b, v->x[i], v->y[i]);
	}
	if (w < v->n) {
		qsort(all, v->n, sizeof *all, by_distance);
		memcpy(who, all, w * sizeof *who);
		free(all);
	}
	return 0;
}

/* The centres of the lit cells into at[0, cells), then as many again of
 * them as there are writers more, spread along the list. */
static void
points(const struct lettering *l, struct spot *at, size_t w)
{
	size_t k = 0, cells, j;
	int px, py, i, r;

	for (py = 0; py < l->height; py++)
		for (px = 0; px < l->width; px++) {
			if (!l->px[(size_t)py * (size_t)l->width + (size_t)px])
				continue;
			for (r = 0; r < l->sy; r++)
				for (i = 0; i < l->sx; i++) {
					at[k].x = (float)(l->col + px * l->sx +
					    i) + 0.5f;
					at[k].y = 2.0f * (float)(l->row +
					    py * l->sy + r) + 1.0f;
					at[k].id = (uint32_t)k;
					k++;
				}
		}
	cells = k;
	for (j = 0; k < w; j++, k++) {
		at[k] = at[j * cells / (w - cells)];
		at[k].id = (uint32_t)k;
	}
}

/* Writers paired with points, strip by strip (see the top). */
static void
pair(struct spot *who, struct spot *at, size_t w, const float b[4])
{
	float wide = b[2] - b[0], tall = b[3] - b[1];
	size_t strips = (size_t)(sqrtf((float)w * wide / tall) / 2.0f), s;

	strips = strips > 0 ? strips : 1;
	qsort(who, w, sizeof *who, across);
	qsort(at, w, sizeof *at, across);
	for (s = 0; s < strips; s++) {
		size_t lo = w * s / strips, hi = w * (s + 1) / strips;

		qsort(who + lo, hi - lo, sizeof *who, down);
		qsort(at + lo, hi - lo, sizeof *at, down);
	}
}

/* The writers given their points; 0, or -1 when the memory is not
 * there (the sign then waits for the next try). */
static int
place(const struct sign *g, struct flock *f)
{
	struct flock_view v;
	struct spot *who, *at;
	size_t w, k;
	float b[4];
	int rc = 0;

	flock_get_view(f, &v);
	w = writers(v.n, lettering_cells(&g->l));
	box(&g->l, b);
	who = malloc((w ? w : 1) * sizeof *who);
	at = malloc((w ? w : 1) * sizeof *at);
	flock_target_none(f);
	if (!who || !at || choose(&v, b, who, w) < 0) {
		free(who);
		free(at);
		return -1;
	}
	points(&g->l, at, w);
	pair(who, at, w, b);
	for (k = 0; k < w && rc == 0; k++)
		rc = flock_target(f, who[k].id, at[k].x, at[k].y);
	if (rc == 0)
		flock_target_area(f, b[0] - SIGN_CLEAR, b[1] - SIGN_CLEAR,
		    b[2] + SIGN_CLEAR, b[3] + SIGN_CLEAR);
	else
		flock_target_none(f);
	free(who);
	free(at);
	return rc;
}

/* ---- The cycle ---- */

/* The scatter that let the sign go ends as it forms again. */
static void
end_scatter(struct flock *f)
{
	struct flock_params p = *flock_params(f);

	if (!p.scatter)
		return;
	p.scatter = 0;
	(void)flock_set_params(f, &p);
}

void
sign_step(struct sign *g, struct flock *f, long step)
{
	struct flock_view v;

	if (!g->on)
		return;
	flock_get_view(f, &v);
	if (g->stale || f != g->flock || v.n != g->n || v.w != g->w ||
	    v.h != g->h)
		lay_again(g, f);
	if (g->held && (flock_params(f)->scatter || step >= g->until)) {
		flock_target_none(f);
		g->held = 0;
		g->placed = 0;
		g->until = step + SIGN_FREE;
	} else if (!g->held && step >= g->until) {
		end_scatter(f);
		g->held = 1;
		g->until = step + SIGN_HOLD;
	}
	/* A new start of the flock takes its targets away. */
	if (g->held && g->laid && (!g->placed || flock_targeted(f) == 0))
		g->placed = place(g, f) == 0;
}

int
sign_at(const struct sign *g, int col, int row)
{
	return g->on && g->laid && lettering_at(&g->l, col, row);
}
