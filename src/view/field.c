/*
 * field.c: a frame of the flock as glyphs: arrows, braille dots or an
 * ASCII ramp, through a camera.
 *
 * A frame adds up the boids once, O(boids): per cell for arrows (count,
 * summed velocity, summed speed), per dot for dots (count; velocity, and
 * speed where the theme tones by it, per cell). A pass over the cells,
 * O(cells), then picks each glyph and each cell's tone. The thresholds
 * come from a histogram of the counts in powers of two, so finding them
 * costs a few dozen steps whatever the flock's size.
 * Obstacles fill every cell whose centre lies inside the disc; boids,
 * predators and the goal are drawn over them, in that order.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "lib/utf8.h"
#include "theme.h"

/* Below this share of their summed speeds, a cell's boids disagree. */
#define ORDER_MIN 0.3f

/* The ASCII ramp, by the number of dots a cell would show. */
static const char ramp[9] = " .:-=+*#@";

#define PI 3.14159265358979323846

/* Glyphs by sector + 1: the one for no heading, then east and on
 * clockwise. */
static const wchar_t *const ascii_boid[SECTOR_COUNT + 1] = {
	L"*", L">", L"\\", L"v", L"/", L"<", L"\\", L"^", L"/"
};
static const wchar_t *const unicode_boid[SECTOR_COUNT + 1] = {
	L"\u2022", L"\u2192", L"\u2198", L"\u2193", L"\u2199",
	L"\u2190", L"\u2196", L"\u2191", L"\u2197"
};
/* Predators fly double arrows where Unicode allows. */
/* Every other species flies triangles. */
static const wchar_t *const unicode_kind[SECTOR_COUNT + 1] = {
	L"\u25aa", L"\u25b8", L"\u25e2", L"\u25be", L"\u25e3",
	L"\u25c2", L"\u25e4", L"\u25b4", L"\u25e5"
};
static const wchar_t *const unicode_predator[SECTOR_COUNT + 1] = {
	L"\u25c6", L"\u21d2", L"\u21d8", L"\u21d3", L"\u21d9",
	L"\u21d0", L"\u21d6", L"\u21d1", L"\u21d7"
};

static const wchar_t *const ascii_mark[MARK_COUNT] = {
	NULL, L"@", L"_", L"#", L"+"
};
static const wchar_t *const unicode_mark[MARK_COUNT] = {
	NULL, NULL, L"\u2581", L"\u2592", L"\u25ce"
};

void
field_init(struct field *f, int unicode, enum field_glyphs glyphs)
{
	memset(f, 0, sizeof *f);
	f->unicode = unicode;
	field_set_glyphs(f, glyphs);
	field_set_tone_by(f, THEME_BY_NOTHING, THEME_BY_HEADING);
	field_set_hue_ring(f, THEME_RING);
}

void
field_set_hue_ring(struct field *f, int n)
{
	f->hue_ring = n;
}

void
field_set_narrow(struct field *f, int narrow)
{
	f->narrow = narrow;
}

/* Whether the marks (arrows, triangles, the others) are Unicode's. */
static int
marks_unicode(const struct field *f)
{
	return f->unicode && !f->narrow;
}

void
field_set_tone_by(struct field *f, int arrows, int dots)
{
	f->by_arrows = arrows;
	f->by_dots = dots;
}

void
field_set_glyphs(struct field *f, enum field_glyphs g)
{
	f->glyphs = g >= FIELD_AUTO && g < FIELD_SETS ? g : FIELD_AUTO;
	f->dots = f->glyphs == FIELD_DOTS;
}

int
field_sector(float vx, float vy)
{
	double a, q;

	if (!(vx * vx + vy * vy > 0.0f) || !isfinite(vx * vx + vy * vy))
		return SECTOR_NONE;
	/* y grows downward, so a positive angle turns clockwise on screen,
	 * from east toward south: the order of the sectors. */
	a = atan2((double)vy, (double)vx);
	q = floor(a / (PI / 4.0) + 0.5);
	return ((int)q % SECTOR_COUNT + SECTOR_COUNT) % SECTOR_COUNT;
}

const wchar_t *
field_glyph(enum field_mark m, int sector, int unicode)
{
	int k = sector >= 0 && sector < SECTOR_COUNT ? sector + 1 : 0;

	switch (m) {
	case MARK_BOID:
		return unicode ? unicode_boid[k] : ascii_boid[k];
	case MARK_PREDATOR:
		return unicode ? unicode_predator[k] : ascii_mark[m];
	case MARK_PERCHED:
	case MARK_OBSTACLE:
	case MARK_GOAL:
		return unicode ? unicode_mark[m] : ascii_mark[m];
	case MARK_COUNT:
		break;
	}
	return L"?";
}

int
field_density(unsigned count)
{
	if (count >= 4)
		return 2;
	return count >= 2 ? 1 : 0;
}

static void
buffers_free(struct field *f)
{
	free(f->count);
	free(f->perched);
	free(f->afraid);
	free(f->leading);
	free(f->kinds);
	free(f->dot);
	free(f->sx);
	free(f->sy);
	free(f->speed);
	free(f->out);
	f->count = f->perched = f->dot = NULL;
	f->afraid = f->leading = f->kinds = NULL;
	f->sx = f->sy = f->speed = NULL;
	f->out = NULL;
	f->cap = 0;
}

void
field_free(struct field *f)
{
	buffers_free(f);
	f->cols = f->rows = 0;
	f->cells = 0;
}

size_t
field_bytes_per_cell(void)
{
	const struct field *f = NULL;

	return (4 + FLOCK_MAX_SPECIES) * sizeof *f->count +
	    8 * sizeof *f->dot + 3 * sizeof *f->sx + sizeof *f->out;
}

int
field_fit(struct field *f, int cols, int rows)
{
	size_t cells = (size_t)(cols > 0 ? cols : 0) *
	    (size_t)(rows > 0 ? rows : 0), m;

	f->cols = cols > 0 ? cols : 0;
	f->rows = rows > 0 ? rows : 0;
	f->cells = cells;
	if (cells <= f->cap && f->out)
		return 0;
	buffers_free(f);
	m = cells ? cells : 1;
	f->count = malloc(m * sizeof *f->count);
	f->perched = malloc(m * sizeof *f->perched);
	f->afraid = malloc(m * sizeof *f->afraid);
	f->leading = malloc(m * sizeof *f->leading);
	f->kinds = malloc(FLOCK_MAX_SPECIES * m * sizeof *f->kinds);
	f->dot = malloc(8 * m * sizeof *f->dot);
	f->sx = malloc(m * sizeof *f->sx);
	f->sy = malloc(m * sizeof *f->sy);
	f->speed = malloc(m * sizeof *f->speed);
	f->out = malloc(m * sizeof *f->out);
	if (!f->count || !f->perched || !f->dot || !f->sx || !f->sy ||
	    !f->speed || !f->out || !f->afraid || !f->leading || !f->kinds) {
		buffers_free(f);
		f->cols = f->rows = 0;
		f->cells = 0;
		return -1;
	}
	f->cap = m;
	return 0;
}

wchar_t
field_braille(unsigned bits)
{
	/* Unicode numbers the dots down the left column (1, 2, 3), down
	 * the right (4, 5, 6), then the bottom row (7, 8). */
	static const unsigned char code[8] = { 0x01, 0x08, 0x02, 0x10,
		0x04, 0x20, 0x40, 0x80 };
	unsigned k, out = 0;

	for (k = 0; k < 8; k++)
		if (bits & (1u << k))
			out |= code[k];
	return (wchar_t)(0x2800 + out);
}

static int
log2_floor(uint32_t v)
{
	int b = 0;

	while (v >>= 1)
		b++;
	return b;
}

uint32_t
field_threshold(const uint64_t hist[32], uint64_t total, double share)
{
	double allowed = share * (double)total, below = 0.0;
	int b;

	for (b = 0; b < 31; b++) {
		below += (double)hist[b];
		if (below > allowed)
			return (uint32_t)1 << b;
	}
	return (uint32_t)1 << 31;
}

int
field_auto(int dots, double crowding)
{
	if (dots)
		return crowding >= FIELD_CROWD_OFF;
	return crowding >= FIELD_CROWD_ON;
}

/* The linear map from world to sub-cells of the camera's view: a cell
 * has `sub` columns and 2 * sub rows of them. */
struct map {
	float ax, bx, ay, by, wcols, wrows;
};

static void
map_make(struct map *m, const struct camera *c, int sub)
{
	double a = sub / c->scale;   /* sub-cells a unit, both ways */

	m->ax = (float)a;
	m->bx = (float)(c->cols * 0.5 * sub - c->cx * a);
	/* A cell is two units tall: sub across it, 2 * sub down it. */
	m->ay = (float)a;
	m->by = (float)(c->rows * sub - c->cy * a);
	m->wcols = (float)(c->cols * sub);
	m->wrows = (float)(c->rows * 2 * sub);
}

static void
clear(struct field *f)
{
	memset(f->count, 0, f->cells * sizeof *f->count);
	memset(f->perched, 0, f->cells * sizeof *f->perched);
	memset(f->sx, 0, f->cells * sizeof *f->sx);
	memset(f->sy, 0, f->cells * sizeof *f->sy);
}

/* Arrows: per cell, the boids, their summed velocity and speeds. */
static void
add_arrows(struct field *f, const struct flock_view *v,
    const struct camera *c)
{
	struct map m;
	size_t i, cols = (size_t)f->cols;

	map_make(&m, c, 1);
	/* A cell is one map unit across and one down at sub 1 when y is
	 * halved: rows use ay / 2. */
	m.ay *= 0.5f;
	m.by *= 0.5f;
	m.wrows *= 0.5f;
	memset(f->speed, 0, f->cells * sizeof *f->speed);
	for (i = 0; i < v->n; i++) {
		float fc = v->x[i] * m.ax + m.bx, fr = v->y[i] * m.ay + m.by;
		float vx = v->vx[i], vy = v->vy[i];
		size_t k;

		if (!(fc >= 0.0f && fc < m.wcols && fr >= 0.0f &&
		    fr < m.wrows))
			continue;
		k = (size_t)fr * cols + (size_t)fc;
		if (v->perch && v->perch[i] > 0) {
			f->perched[k]++;
			continue;
		}
		f->count[k]++;
		f->sx[k] += vx;
		f->sy[k] += vy;
		f->speed[k] += sqrtf(vx * vx + vy * vy);
	}
}

/* Dots: per dot, the boids; per cell, their summed velocity. A cell's
 * count is the sum of its dots, found afterwards. */
static void
add_dots(struct field *f, const struct flock_view *v,
    const struct camera *c)
{
	struct map m;
	size_t i, cols = (size_t)f->cols;

	map_make(&m, c, 2);
	memset(f->dot, 0, 8 * f->cells * sizeof *f->dot);
	if (f->by_dots == THEME_BY_SPEED)
		memset(f->speed, 0, f->cells * sizeof *f->speed);
	for (i = 0; i < v->n; i++) {
		float fc = v->x[i] * m.ax + m.bx, fr = v->y[i] * m.ay + m.by;
		size_t dc, dr, k;

		if (!(fc >= 0.0f && fc < m.wcols && fr >= 0.0f &&
		    fr < m.wrows))
			continue;
		dc = (size_t)fc;
		dr = (size_t)fr;
		k = (dr >> 2) * cols + (dc >> 1);
		f->dot[8 * k + 2 * (dr & 3) + (dc & 1)]++;
		f->sx[k] += v->vx[i];
		f->sy[k] += v->vy[i];
		if (f->by_dots == THEME_BY_SPEED)
			f->speed[k] += sqrtf(v->vx[i] * v->vx[i] +
			    v->vy[i] * v->vy[i]);
	}
}

/* Counts per cell from the dots, and the histograms of both. */
static void
dot_totals(struct field *f, uint64_t dhist[32], uint64_t chist[32])
{
	size_t k;
	int d;

	for (k = 0; k < f->cells; k++) {
		uint32_t n = 0;

		for (d = 0; d < 8; d++) {
			uint32_t c = f->dot[8 * k + d];

			if (c) {
				dhist[log2_floor(c)] += c;
				n += c;
			}
		}
		f->count[k] = n;
		if (n)
			chist[log2_floor(n)] += n;
	}
}

static void
cell_totals(const struct field *f, uint64_t chist[32])
{
	size_t k;

	for (k = 0; k < f->cells; k++)
		if (f->count[k])
			chist[log2_floor(f->count[k])] += f->count[k];
}

/* The extensions, per cell: boids afraid, leaders, each species; only
 * when the flock has any of them. Resting boids are not counted, as
 * they are not in count[]. */
static void
add_moods(struct field *f, const struct flock_view *v,
    const struct camera *c)
{
	struct map m;
	size_t i, cols = (size_t)f->cols;

	f->moods = v->fear || v->lead || v->kind;
	if (!f->moods)
		return;
	memset(f->afraid, 0, f->cells * sizeof *f->afraid);
	memset(f->leading, 0, f->cells * sizeof *f->leading);
	memset(f->kinds, 0, FLOCK_MAX_SPECIES * f->cells * sizeof *f->kinds);
	map_make(&m, c, 1);
	m.ay *= 0.5f;
	m.by *= 0.5f;
	m.wrows *= 0.5f;
	for (i = 0; i < v->n; i++) {
		float fc = v->x[i] * m.ax + m.bx, fr = v->y[i] * m.ay + m.by;
		size_t k;

		if (!(fc >= 0.0f && fc < m.wcols && fr >= 0.0f &&
		    fr < m.wrows) || (v->perch && v->perch[i] > 0))
			continue;
		k = (size_t)fr * cols + (size_t)fc;
		if (v->fear && v->fear[i] >= FLOCK_AFRAID)
			f->afraid[k]++;
		if (v->lead && v->lead[i] > 0)
			f->leading[k]++;
		if (v->kind)
			f->kinds[FLOCK_MAX_SPECIES * k + v->kind[i] %
			    FLOCK_MAX_SPECIES]++;
	}
}

static void
accumulate(struct field *f, const struct flock_view *v,
    const struct camera *c, uint64_t dhist[32], uint64_t chist[32])
{
	size_t k;

	clear(f);
	memset(dhist, 0, 32 * sizeof *dhist);
	memset(chist, 0, 32 * sizeof *chist);
	if (f->dots) {
		add_dots(f, v, c);
		dot_totals(f, dhist, chist);
	} else {
		add_arrows(f, v, c);
		cell_totals(f, chist);
	}
	add_moods(f, v, c);
	f->shown = 0;
	f->lit_cells = 0;
	for (k = 0; k < f->cells; k++)
		if (f->count[k]) {
			f->shown += f->count[k];
			f->lit_cells++;
		}
}

static void
put(struct field *f, size_t k, wchar_t ch, int style)
{
	f->out[k].ch = ch;
	f->out[k].style = (unsigned char)style;
	f->out[k].tone = -1;
	f->out[k].kind = -1;
}

int
field_hue(float vx, float vy)
{
	double a, q;

	if (!(vx * vx + vy * vy > 0.0f) || !isfinite(vx * vx + vy * vy))
		return -1;
	a = atan2((double)vy, (double)vx);
	q = floor(a * (FIELD_HUES / (2.0 * 3.14159265358979323846)) + 0.5);
	return ((int)q % FIELD_HUES + FIELD_HUES) % FIELD_HUES;
}

/* The tone of cell k's boids by what `by` names (enum theme_tone_by);
 * unit is the count that lights a cell (arrows) or a dot (dots) in this
 * view. */
static int
tone_of(const struct field *f, int by, size_t k, uint32_t unit)
{
	switch (by) {
	case THEME_BY_HEADING:
		return field_hue(f->sx[k], f->sy[k]);
	case THEME_BY_SPEED:
		return theme_tone_speed((double)f->speed[k] /
		    (double)f->count[k], (double)f->limit);
	case THEME_BY_CROWD:
		return theme_tone_crowd((double)f->count[k] / (double)unit);
	default:
		return -1;
	}
}

/* Cell k's boids as the extensions tell them: their commonest species
 * (every other one in triangles, for arrows in Unicode), afraid when
 * most of them are, a leader's when one is among them. */
static void
mark_moods(struct field *f, size_t k, int sector)
{
	const uint32_t *kinds = f->kinds + FLOCK_MAX_SPECIES * k;
	int top = 0, s;

	for (s = 1; s < FLOCK_MAX_SPECIES; s++)
		top = kinds[s] > kinds[top] ? s : top;
	if (kinds[top] > 0) {
		f->out[k].kind = (signed char)top;
		if ((top & 1) && marks_unicode(f) && !f->dots)
			f->out[k].ch = unicode_kind[sector >= 0 ? sector + 1 :
			    0][0];
	}
	if (f->afraid[k] > 0 && 2 * f->afraid[k] >= f->count[k])
		f->out[k].style = STYLE_AFRAID;
	if (f->leading[k] > 0)
		f->out[k].style = STYLE_LEADER;
}

static void
compose_arrows(struct field *f, uint32_t unit)
{
	static const int style[3] = { STYLE_BOID, STYLE_CROWD, STYLE_DENSE };
	size_t k;

	for (k = 0; k < f->cells; k++) {
		float sx = f->sx[k], sy = f->sy[k];
		float order = ORDER_MIN * f->speed[k];
		int sector;

		if (f->count[k] == 0) {
			if (f->perched[k])
				put(f, k, field_glyph(MARK_PERCHED, 0,
				    marks_unicode(f))[0], STYLE_PERCHED);
			continue;
		}
		sector = sx * sx + sy * sy >= order * order ?
		    field_sector(sx, sy) : SECTOR_NONE;
		put(f, k, field_glyph(MARK_BOID, sector, marks_unicode(f))[0],
		    style[field_density(f->count[k] / unit)]);
		f->out[k].tone = (signed char)tone_of(f, f->by_arrows, k, unit);
		if (f->moods)
			mark_moods(f, k, sector);
	}
}

/* A dot is lit from `lit` boids; a cell is dense when one of its dots
 * is among the densest, those from `dense` up, unless every lit dot is.
 * Every lit cell, a lone dot too, takes the tone of its boids (by
 * heading, a plain one would read as another heading). */
static void
compose_dots(struct field *f, uint32_t lit, uint32_t dense)
{
	size_t k;
	int d;

	for (k = 0; k < f->cells; k++) {
		unsigned bits = 0, n = 0;
		uint32_t most = 0;

		if (f->count[k] == 0)
			continue;
		for (d = 0; d < 8; d++) {
			uint32_t c = f->dot[8 * k + d];

			if (c >= lit) {
				bits |= 1u << d;
				n++;
			}
			most = c > most ? c : most;
		}
		if (!bits)
			continue;
		put(f, k, f->unicode ? field_braille(bits) : (wchar_t)ramp[n],
		    dense > lit && most >= dense ? STYLE_DENSE : STYLE_BOID);
		f->out[k].tone = (signed char)tone_of(f, f->by_dots, k, lit);
		if (f->moods)
			mark_moods(f, k, SECTOR_NONE);
	}
}

/* How many of n colours round the wheel hues a and b are drawn apart,
 * each colour centred on its own hue. */
static int
colours_apart(int a, int b, int n)
{
	int ca = (a * n + FIELD_HUES / 2) / FIELD_HUES % n;
	int cb = (b * n + FIELD_HUES / 2) / FIELD_HUES % n;
	int d = ca > cb ? ca - cb : cb - ca;

	return d < n - d ? d : n - d;
}

/*
 * Cells toned by heading, in each row, take the hue of the last such
 * cell before them when the colours they are drawn in are next to each
 * other round the wheel, or the same (a step is 15 degrees with 256
 * colours, 5 with direct colour): a step between two glyphs side by
 * side is hardly seen, and would cost the terminal a change of colour
 * each time. No cell is drawn more than a step from its own colour.
 */
static void
share_hues(struct field *f, int by)
{
	int row, col;

	if (by != THEME_BY_HEADING || f->hue_ring <= 0)
		return;
	for (row = 0; row < f->rows; row++) {
		signed char last = -1;

		for (col = 0; col < f->cols; col++) {
			struct field_cell *c = &f->out[(size_t)row *
			    (size_t)f->cols + (size_t)col];

			if (!c->ch || c->tone < 0 || c->kind >= 0 ||
			    c->style == STYLE_AFRAID || c->style == STYLE_LEADER)
				continue;
			if (last >= 0 &&
			    colours_apart(c->tone, last, f->hue_ring) <= 1)
				c->tone = last;
			last = c->tone;
		}
	}
}

/* Every cell whose centre lies inside a disc. */
static void
compose_obstacles(struct field *f, const struct flock_view *v,
    const struct camera *c)
{
	wchar_t ch = field_glyph(MARK_OBSTACLE, 0, marks_unicode(f))[0];
	size_t k;

	for (k = 0; k < v->nobst; k++) {
		double ox = v->ox[k], oy = v->oy[k], rad = v->orad[k];
		double c0 = floor((ox - rad - c->cx) / c->scale + c->cols * 0.5);
		double c1 = floor((ox + rad - c->cx) / c->scale + c->cols * 0.5);
		double r0 = floor((oy - rad - c->cy) / (2.0 * c->scale) +
		    c->rows * 0.5);
		double r1 = floor((oy + rad - c->cy) / (2.0 * c->scale) +
		    c->rows * 0.5);
		int row, col;

		c0 = c0 < 0.0 ? 0.0 : c0;
		r0 = r0 < 0.0 ? 0.0 : r0;
		c1 = c1 > f->cols - 1.0 ? f->cols - 1.0 : c1;
		r1 = r1 > f->rows - 1.0 ? f->rows - 1.0 : r1;
		for (row = (int)r0; row <= (int)r1; row++)
			for (col = (int)c0; col <= (int)c1; col++) {
				double x, y;

				camera_point(c, col, row, &x, &y);
				x -= ox;
				y -= oy;
				if (x * x + y * y < rad * rad)
					put(f, (size_t)row * (size_t)f->cols +
					    (size_t)col, ch, STYLE_OBSTACLE);
			}
	}
}

static void
compose_marks(struct field *f, const struct flock_view *v,
    const struct flock_params *p, const struct camera *c)
{
	size_t k;
	int col, row;

	for (k = 0; k < v->npred; k++) {
		int s = field_sector(v->pvx[k], v->pvy[k]);

		if (camera_cell(c, v->px[k], v->py[k], &col, &row))
			put(f, (size_t)row * (size_t)f->cols + (size_t)col,
			    field_glyph(MARK_PREDATOR, s, marks_unicode(f))[0],
			    STYLE_PREDATOR);
	}
	if (p && p->goal_on && camera_cell(c, (double)p->goal_x * v->w,
	    (double)p->goal_y * v->h, &col, &row))
		put(f, (size_t)row * (size_t)f->cols + (size_t)col,
		    field_glyph(MARK_GOAL, 0, marks_unicode(f))[0], STYLE_GOAL);
}

void
field_compose(struct field *f, const struct flock_view *v,
    const struct flock_params *p, const struct camera *c)
{
	uint64_t dhist[32], chist[32];
	size_t k;

	if (f->cells == 0 || !(c->scale > 0.0))
		return;
	f->limit = p ? p->max_speed : 0.0f;
	accumulate(f, v, c, dhist, chist);
	if ((f->glyphs == FIELD_AUTO || f->glyphs == FIELD_PIXELS) &&
	    f->lit_cells > 0) {
		int dots = field_auto(f->dots, (double)f->shown /
		    (double)f->lit_cells);

		/* A switch draws this frame in the new set already. */
		if (dots != f->dots) {
			f->dots = dots;
			accumulate(f, v, c, dhist, chist);
		}
	}
	for (k = 0; k < f->cells; k++)
		put(f, k, 0, STYLE_BLANK);
	compose_obstacles(f, v, c);
	if (f->dots)
		compose_dots(f, field_threshold(dhist, f->shown,
		    FIELD_SKY_SHARE), field_threshold(dhist, f->shown,
		    FIELD_DENSE_SHARE));
	else
		compose_arrows(f, field_threshold(chist, f->shown,
		    FIELD_SKY_SHARE));
	share_hues(f, f->dots ? f->by_dots : f->by_arrows);
	compose_marks(f, v, p, c);
}

size_t
field_row_text(const struct field *f, int row, char *buf, size_t len)
{
	size_t at = 0, end = 0;
	int col;

	if (len == 0)
		return 0;
	for (col = 0; row >= 0 && row < f->rows && col < f->cols; col++) {
		const struct field_cell *c = &f->out[(size_t)row *
		    (size_t)f->cols + (size_t)col];
		char piece[UTF8_MAX];
		size_t n = utf8_encode((unsigned long)(c->ch ? c->ch : L' '),
		    piece);

		if (at + n >= len)
			break;
		memcpy(buf + at, piece, n);
		at += n;
		if (c->ch && c->ch != L' ')
			end = at;
	}
	buf[end] = '\0';
	return end;
}
