/*
 * panel.c: the measures panel's numbers, their minute of history and
 * their text.
 *
 * Every measure keeps a ring of PANEL_CELLS cells, each the mean of
 * what came in during its PANEL_CELL_NS (a cell with nothing in it is
 * left blank), and the cell being filled. A sparkline scales its cells
 * between their least and greatest, so a measure that hardly moves
 * still shows how it moves; the value beside it says how large it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/clock.h"
#include "panel.h"

#define LINE_BYTES (PANEL_WIDTH * 3 + 16)

struct series {
	double cell[PANEL_CELLS];
	unsigned char has[PANEL_CELLS];
	double sum;             /* the cell being filled */
	unsigned long n;
	double now;             /* the latest value */
	int known;
};

struct panel {
	struct series m[PANEL_COUNT];
	size_t newest;          /* the last cell closed */
	long long cell_start;
	int started;
	long step;              /* of the last measures */
	int measured;
	long long last, every;  /* when they were taken, and how often */
	int stale;              /* the text is behind the numbers */
	long long texted;       /* when the text was made */
	int unicode, perch, predators; /* what the text was made for */
	int fear, leaders, species;    /* the flock measured has them */
	size_t nlines;
	char text[PANEL_LINES][LINE_BYTES];
	const char *line[PANEL_LINES];
};

static const char *const names[PANEL_COUNT] = {
	"order", "speed", "spread", "nnd", "nbrs", "groups", "mill", "perched",
	"predator_dist", "afraid", "leaders", "pure", "step time",
	"frame bytes", "frames shown"
};

struct panel *
panel_new(void)
{
	struct panel *p = malloc(sizeof *p);

	if (p)
		panel_clear(p);
	return p;
}

void
panel_free(struct panel *p)
{
	free(p);
}

void
panel_clear(struct panel *p)
{
	memset(p, 0, sizeof *p);
	p->stale = 1;
}

/* Close the cell being filled once its time is over, and start the next;
 * a long silence closes the cells it spans, blank. */
static void
advance(struct panel *p, long long now)
{
	int k, spent = 0;

	if (!p->started) {
		p->started = 1;
		p->cell_start = now;
		return;
	}
	while (now - p->cell_start >= PANEL_CELL_NS && spent++ < PANEL_CELLS) {
		p->newest = (p->newest + 1) % PANEL_CELLS;
		for (k = 0; k < PANEL_COUNT; k++) {
			struct series *s = &p->m[k];

			s->has[p->newest] = s->n > 0;
			s->cell[p->newest] = s->n ? s->sum / (double)s->n : 0.0;
			s->sum = 0.0;
			s->n = 0;
		}
		p->cell_start += PANEL_CELL_NS;
		p->stale = 1;
	}
	if (now - p->cell_start >= PANEL_CELL_NS)
		p->cell_start = now;
}

static void
add(struct panel *p, enum panel_measure k, double v)
{
	struct series *s = &p->m[k];

	s->now = v;
	s->known = 1;
	s->sum += v;
	s->n++;
}

int
panel_due(const struct panel *p, long long now, long step, int paused)
{
	if (!p->measured)
		return 1;
	return step != p->step && (paused || now - p->last >= p->every);
}

void
panel_measure(struct panel *p, struct flock *f, long step, long long now)
{
	struct flock_stats st;
	long long t0 = clock_now(), took;

	flock_measure(f, &st);
	took = clock_now() - t0;
	advance(p, now);
	add(p, PANEL_ORDER, st.order);
	add(p, PANEL_SPEED, st.speed);
	add(p, PANEL_SPREAD, st.spread);
	add(p, PANEL_NND, st.nnd);
	add(p, PANEL_NBRS, st.nbrs);
	add(p, PANEL_GROUPS, (double)st.groups);
	add(p, PANEL_MILL, st.mill);
	add(p, PANEL_PERCHED, (double)st.perched);
	add(p, PANEL_PREDATOR, st.predator_dist);
	add(p, PANEL_AFRAID, st.afraid);
	add(p, PANEL_LEADERS, (double)st.leaders);
	add(p, PANEL_PURE, st.pure);
	p->fear = flock_params(f)->fear;
	p->leaders = flock_params(f)->leaders;
	p->species = flock_params(f)->species > 1;
	p->step = step;
	p->measured = 1;
	p->stale = 1;
	p->last = now;
	/* What the measures take stays a small share of the time. */
	p->every = (long long)((double)took / PANEL_SHARE);
}

void
panel_step_time(struct panel *p, long long took)
{
	add(p, PANEL_STEP, (double)took / 1e6);
}

void
panel_frame(struct panel *p, double bytes, double fps, long long now)
{
	advance(p, now);
	add(p, PANEL_BYTES, bytes);
	add(p, PANEL_FRAMES, fps);
}

void
panel_spark(char *buf, double v, double lo, double hi, int unicode)
{
	static const char ascii[] = "_.-~=+*#";
	int level = 0;

	if (hi > lo)
		level = (int)((v - lo) / (hi - lo) * 7.0 + 0.5);
	if (level < 0)
		level = 0;
	if (level > 7)
		level = 7;
	if (unicode) {
		buf[0] = '\xe2';
		buf[1] = '\x96';
		buf[2] = (char)(0x81 + level);
		buf[3] = '\0';
	} else {
		buf[0] = ascii[level];
		buf[1] = '\0';
	}
}

static void
format_value(char *buf, size_t len, enum panel_measure k, double v)
{
	switch (k) {
	case PANEL_NBRS:
		snprintf(buf, len, "%.1f", v);
		break;
	case PANEL_PERCHED:
	case PANEL_GROUPS:
	case PANEL_LEADERS:
	case PANEL_BYTES:
		snprintf(buf, len, "%.0f", v);
		break;
	case PANEL_STEP:
		snprintf(buf, len, "%.2f ms", v);
		break;
	case PANEL_FRAMES:
		snprintf(buf, len, "%.0f/s", v);
		break;
	default:
		snprintf(buf, len, "%.2f", v);
		break;
	}
}

/* name, value, and the minute's sparkline, oldest cell first. */
static void
format_line(const struct panel *p, enum panel_measure k, int unicode,
    char *out)
{
	const struct series *s = &p->m[k];
	char value[32];
	double lo = 0.0, hi = 0.0;
	int c, any = 0;
	size_t at;

	for (c = 0; c < PANEL_CELLS; c++) {
		if (!s->has[c])
			continue;
		if (!any || s->cell[c] < lo)
			lo = s->cell[c];
		if (!any || s->cell[c] > hi)
			hi = s->cell[c];
		any = 1;
	}
	if (s->known)
		format_value(value, sizeof value, k, s->now);
	else
		snprintf(value, sizeof value, "-");
	at = (size_t)snprintf(out, LINE_BYTES, "%-13s %9s ", names[k], value);
	for (c = 1; c <= PANEL_CELLS; c++) {
		size_t i = (p->newest + (size_t)c) % PANEL_CELLS;
		char cell[8] = " ";

		if (s->has[i])
			panel_spark(cell, s->cell[i], lo, hi, unicode);
		memcpy(out + at, cell, strlen(cell) + 1);
		at += strlen(cell);
	}
}

/* The text is made again when the numbers have moved on, at most every
 * PANEL_TEXT_NS: figures that changed every frame could not be read,
 * and would cost every frame what they cost to make and to draw. Paused,
 * at once: no frame may come after to show them. */
size_t
panel_text(struct panel *p, int unicode, int perch, int predators,
    long long frame_ns, long long now, int paused, const char *const **lines)
{
	size_t n = 0;
	int k;

	*lines = p->line;
	if (unicode == p->unicode && perch == p->perch &&
	    predators == p->predators && p->nlines > 0 &&
	    (!p->stale || (now - p->texted < PANEL_TEXT_NS && !paused)))
		return p->nlines;
	/* Less often than the frames, the measures are samples of a flight
	 * that moves on between them. */
	if (p->every <= frame_ns)
		snprintf(p->text[n++], LINE_BYTES, "step %-10ld measured every "
		    "frame", p->step);
	else
		snprintf(p->text[n++], LINE_BYTES, "step %-10ld sampled every "
		    "%.1f s", p->step, (double)p->every / 1e9);
	for (k = 0; k < PANEL_COUNT; k++) {
		if ((k == PANEL_PERCHED && !perch) ||
		    (k == PANEL_PREDATOR && !predators) ||
		    (k == PANEL_AFRAID && !p->fear) ||
		    (k == PANEL_LEADERS && !p->leaders) ||
		    (k == PANEL_PURE && !p->species))
			continue;
		format_line(p, (enum panel_measure)k, unicode, p->text[n++]);
	}
	for (k = 0; (size_t)k < n; k++)
		p->line[k] = p->text[k];
	p->stale = 0;
	p->texted = now;
	p->unicode = unicode;
	p->perch = perch;
	p->predators = predators;
	p->nlines = n;
	return n;
}
