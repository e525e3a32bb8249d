/*
 * lettering.c: a text laid out in the font, wrapped and scaled.
 *
 * The scales are tried from the largest down, each pixel of the font
 * about twice as many cells across as down, so that letters keep their
 * shape; the first at which the text fits the room, wrapped as it must
 * be, and lights no more cells than there are boids to light them, is
 * taken. A larger scale may wrap a text onto more lines: the letters
 * are as large as the room allows. Every line is as tall as the
 * tallest glyph of the whole text, accents and descenders included,
 * so that lines stand evenly.
 */
#include <stdlib.h>
#include <string.h>

#include "lettering.h"
#include "lib/font.h"
#include "lib/utf8.h"
#include "options/optable.h"

/* The scales, largest first: cells a pixel takes across, and down. */
static const int scales[][2] = {
	{ 64, 32 }, { 48, 24 }, { 40, 20 }, { 32, 16 }, { 24, 12 },
	{ 20, 10 }, { 16, 8 }, { 12, 6 }, { 10, 5 }, { 8, 4 }, { 6, 3 },
	{ 5, 3 }, { 4, 2 }, { 3, 2 }, { 2, 1 }, { 1, 1 }
};

#define SCALES (sizeof scales / sizeof scales[0])

/* A text's glyphs, and how they break into lines. */
#define MAX_GLYPHS OPTABLE_SAY_MAX

struct line {
	size_t from, to;     /* glyphs [from, to) */
	int width;           /* pixels */
};

struct setting {
	struct font_glyph g[MAX_GLYPHS];
	int blank[MAX_GLYPHS];   /* a space: where a line may break */
	size_t n;
	struct line line[MAX_GLYPHS];
	size_t lines;
	int top, bottom;         /* the rows every line takes */
	int missing;
};

/* The text's characters as glyphs; a byte that begins no character is
 * drawn as the box, as one the font lacks. */
static void
set_glyphs(struct setting *s, const char *text)
{
	size_t len = strlen(text), at = 0;

	memset(s, 0, sizeof *s);
	s->top = FONT_ROWS;
	s->bottom = -1;
	while (at < len && s->n < MAX_GLYPHS) {
		unsigned long cp;
		int k = utf8_decode(text + at, len - at, &cp);
		struct font_glyph *g = &s->g[s->n];

		at += k > 0 ? (size_t)k : 1;
		s->missing += !font_glyph(k > 0 ? cp : UTF8_REPLACEMENT, g);
		s->blank[s->n] = k > 0 && (cp == ' ' || cp == 0xa0);
		if (g->bottom >= g->top) {
			s->top = g->top < s->top ? g->top : s->top;
			s->bottom = g->bottom > s->bottom ? g->bottom :
			    s->bottom;
		}
		s->n++;
	}
}

/* The width in pixels of glyphs [from, to), a pixel apart. */
static int
span(const struct setting *s, size_t from, size_t to)
{
	int w = 0;
	size_t i;

	for (i = from; i < to; i++)
		w += s->g[i].width + (i > from);
	return w;
}

/* The end of the word at i, and of the spaces at i. */
static size_t
word_end(const struct setting *s, size_t i)
{
	while (i < s->n && !s->blank[i])
		i++;
	return i;
}

static size_t
spaces_end(const struct setting *s, size_t i)
{
	while (i < s->n && s->blank[i])
		i++;
	return i;
}

/* Line breaks for lines at most `most` pixels wide: whole words while
 * they fit, a word too long for a line of its own cut where it must
 * be. -1 when one glyph alone is too wide. */
static int
wrap(struct setting *s, int most)
{
	size_t i = spaces_end(s, 0);

	s->lines = 0;
	while (i < s->n) {
		struct line *l = &s->line[s->lines++];
		size_t end = word_end(s, i);

		l->from = i;
		if (span(s, i, end) > most) {
			/* A word too long for a line: as much as fits. */
			end = i;
			while (end < s->n && span(s, i, end + 1) <= most)
				end++;
			if (end == i)
				return -1;
		} else {
			for (;;) {
				size_t next = word_end(s, spaces_end(s, end));

				if (next == end || span(s, i, next) > most)
					break;
				end = next;
			}
		}
		l->to = end;
		l->width = span(s, l->from, l->to);
		i = spaces_end(s, end);
	}
	return 0;
}

/* The wrapped lines drawn into l's bitmap, each centred. */
static enum lettering_fault
draw(struct lettering *l, const struct setting *s)
{
	int tall = s->bottom - s->top + 1;
	size_t j;

	l->width = 0;
	for (j = 0; j < s->lines; j++)
		l->width = s->line[j].width > l->width ? s->line[j].width :
		    l->width;
	l->height = (int)s->lines * (tall + LETTERING_LINE_GAP) -
	    LETTERING_LINE_GAP;
	if (l->width <= 0 || l->height <= 0)
		return LETTERING_BLANK;
	l->px = calloc((size_t)l->width * (size_t)l->height, 1);
	if (!l->px)
		return LETTERING_NO_MEMORY;
	for (j = 0; j < s->lines; j++) {
		int x = (l->width - s->line[j].width) / 2;
		int y0 = (int)j * (tall + LETTERING_LINE_GAP);
		size_t i;

		for (i = s->line[j].from; i < s->line[j].to; i++) {
			const struct font_glyph *g = &s->g[i];
			int r, c;

			for (r = s->top; r <= s->bottom; r++)
				for (c = 0; c < g->width; c++) {
					int bit = FONT_COLS - 1 - g->left - c;

					if (bit < 0 || !((g->row[r] >> bit) & 1u))
						continue;
					l->px[(size_t)(y0 + r - s->top) *
					    (size_t)l->width + (size_t)(x + c)] = 1;
					l->lit++;
				}
			x += g->width + 1;
		}
	}
	return LETTERING_FITS;
}

enum lettering_fault
lettering_lay(struct lettering *l, const char *text, int sx, int sy,
    int cols)
{
	struct setting *s = malloc(sizeof *s);
	enum lettering_fault why = LETTERING_FITS;

	memset(l, 0, sizeof *l);
	if (!s)
		return LETTERING_NO_MEMORY;
	set_glyphs(s, text);
	l->sx = sx;
	l->sy = sy;
	l->missing = s->missing;
	if (s->bottom < s->top)
		why = LETTERING_BLANK;
	else if (wrap(s, cols / sx) < 0)
		why = LETTERING_NO_ROOM;
	else
		why = draw(l, s);
	free(s);
	if (why != LETTERING_FITS)
		lettering_free(l);
	return why;
}

enum lettering_fault
lettering_fit(const char *text, int cols, int rows, size_t most, int *sx,
    int *sy, size_t *need)
{
	size_t k, fewest = 0;

	for (k = 0; k < SCALES; k++) {
		struct lettering l;
		enum lettering_fault why;
		size_t cells;
		int high;

		if (scales[k][0] > cols || scales[k][1] > rows)
			continue;
		why = lettering_lay(&l, text, scales[k][0], scales[k][1], cols);
		if (why == LETTERING_BLANK || why == LETTERING_NO_MEMORY)
			return why;
		if (why != LETTERING_FITS)
			continue;
		cells = lettering_cells(&l);
		high = lettering_rows(&l);
		lettering_free(&l);
		if (high > rows)
			continue;
		/* Smaller scales come later: this is the fewest so far. */
		fewest = cells;
		if (cells <= most) {
			*sx = scales[k][0];
			*sy = scales[k][1];
			return LETTERING_FITS;
		}
	}
	*need = fewest;
	return fewest ? LETTERING_FEW_BOIDS : LETTERING_NO_ROOM;
}

int
lettering_cols(const struct lettering *l)
{
	return l->width * l->sx;
}

int
lettering_rows(const struct lettering *l)
{
	return l->height * l->sy;
}

size_t
lettering_cells(const struct lettering *l)
{
	return l->lit * (size_t)l->sx * (size_t)l->sy;
}

int
lettering_at(const struct lettering *l, int col, int row)
{
	int c = col - l->col, r = row - l->row;

	if (!l->px || c < 0 || r < 0 || c >= lettering_cols(l) ||
	    r >= lettering_rows(l))
		return 0;
	return l->px[(size_t)(r / l->sy) * (size_t)l->width +
	    (size_t)(c / l->sx)];
}

void
lettering_free(struct lettering *l)
{
	free(l->px);
	memset(l, 0, sizeof *l);
}
