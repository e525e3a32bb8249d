/*
 * font.c: the font's glyphs, drawn here pixel by pixel.
 *
 * Each glyph is a row of the table: its code point, the first row it
 * draws in, and its rows from there down, five pixels each, '#' on and
 * '.' off. The table is in code point order, for a binary search. The
 * accented letters of Latin-1 are not drawn but put together: a base
 * letter and an accent in the two rows above it (a cedilla in the two
 * below), so that a capital's accent sits on rows 0 and 1 and a small
 * letter's on rows 2 and 3, over the dotless i for the i's.
 */
#include <string.h>

#include "font.h"

struct drawn {
	unsigned long cp;
	int top;
	const char *rows;
};

static const struct drawn drawn[] = {
	{ 0x21, 2, "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#.." },   /* ! */
	{ 0x22, 2, ".#.#. .#.#. .#.#." },
	{ 0x23, 2, ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#." },
	{ 0x24, 2, "..#.. .#### #.#.. .###. ..#.# ####. ..#.." },
	{ 0x25, 2, "##... ##..# ...#. ..#.. .#... #..## ...##" },
	{ 0x26, 2, ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#" },
	{ 0x27, 2, "..#.. ..#.. .#..." },
	{ 0x28, 2, "...#. ..#.. .#... .#... .#... ..#.. ...#." },
	{ 0x29, 2, ".#... ..#.. ...#. ...#. ...#. ..#.. .#..." },
	{ 0x2a, 3, "..#.. #.#.# .###. #.#.# ..#.." },
	{ 0x2b, 3, "..#.. ..#.. ##### ..#.. ..#.." },
	{ 0x2c, 7, ".##.. .##.. ..#.. .#..." },                     /* , */
	{ 0x2d, 5, "#####" },
	{ 0x2e, 7, ".##.. .##.." },
	{ 0x2f, 3, "....# ...#. ..#.. .#... #...." },
	{ 0x30, 2, ".###. #...# #..## #.#.# ##..# #...# .###." },   /* 0 */
	{ 0x31, 2, "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###." },
	{ 0x32, 2, ".###. #...# ....# ...#. ..#.. .#... #####" },
	{ 0x33, 2, "##### ...#. ..#.. ...#. ....# #...# .###." },
	{ 0x34, 2, "...#. ..##. .#.#. #..#. ##### ...#. ...#." },
	{ 0x35, 2, "##### #.... ####. ....# ....# #...# .###." },
	{ 0x36, 2, "..##. .#... #.... ####. #...# #...# .###." },
	{ 0x37, 2, "##### ....# ...#. ..#.. .#... .#... .#..." },
	{ 0x38, 2, ".###. #...# #...# .###. #...# #...# .###." },
	{ 0x39, 2, ".###. #...# #...# .#### ....# ...#. .##.." },
	{ 0x3a, 3, ".##.. .##.. ..... .##.. .##.." },               /* : */
	{ 0x3b, 3, ".##.. .##.. ..... .##.. .##.. ..#.. .#..." },
	{ 0x3c, 2, "...#. ..#.. .#... #.... .#... ..#.. ...#." },
	{ 0x3d, 4, "##### ..... #####" },
	{ 0x3e, 2, ".#... ..#.. ...#. ....# ...#. ..#.. .#..." },
	{ 0x3f, 2, ".###. #...# ....# ...#. ..#.. ..... ..#.." },
	{ 0x40, 2, ".###. #...# ....# .##.# #.#.# #.#.# .###." },   /* @ */
	{ 0x41, 2, ".###. #...# #...# ##### #...# #...# #...#" },   /* A */
	{ 0x42, 2, "####. #...# #...# ####. #...# #...# ####." },
	{ 0x43, 2, ".###. #...# #.... #.... #.... #...# .###." },
	{ 0x44, 2, "####. #...# #...# #...# #...# #...# ####." },
	{ 0x45, 2, "##### #.... #.... ####. #.... #.... #####" },
	{ 0x46, 2, "##### #.... #.... ####. #.... #.... #...." },
	{ 0x47, 2, ".###. #...# #.... #.### #...# #...# .####" },
	{ 0x48, 2, "#...# #...# #...# ##### #...# #...# #...#" },
	{ 0x49, 2, ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###." },
	{ 0x4a, 2, "..### ...#. ...#. ...#. ...#. #..#. .##.." },
	{ 0x4b, 2, "#...# #..#. #.#.. ##... #.#.. #..#. #...#" },
	{ 0x4c, 2, "#.... #.... #.... #.... #.... #.... #####" },
	{ 0x4d, 2, "#...# ##.## #.#.# #.#.# #...# #...# #...#" },
	{ 0x4e, 2, "#...# #...# ##..# #.#.# #..## #...# #...#" },
	{ 0x4f, 2, ".###. #...# #...# #...# #...# #...# .###." },
	{ 0x50, 2, "####. #...# #...# ####. #.... #.... #...." },
	{ 0x51, 2, ".###. #...# #...# #...# #.#.# #..#. .##.#" },
	{ 0x52, 2, "####. #...# #...# ####. #.#.. #..#. #...#" },
	{ 0x53, 2, ".#### #.... #.... .###. ....# ....# ####." },
	{ 0x54, 2, "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#.." },
	{ 0x55, 2, "#...# #...# #...# #...# #...# #...# .###." },
	{ 0x56, 2, "#...# #...# #...# #...# #...# .#.#. ..#.." },
	{ 0x57, 2, "#...# #...# #...# #.#.# #.#.# #.#.# .#.#." },
	{ 0x58, 2, "#...# #...# .#.#. ..#.. .#.#. #...# #...#" },
	{ 0x59, 2, "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#.." },
	{ 0x5a, 2, "##### ....# ...#. ..#.. .#... #.... #####" },
	{ 0x5b, 2, ".###. .#... .#... .#... .#... .#... .###." },   /* [ */
	{ 0x5c, 3, "#.... .#... ..#.. ...#. ....#" },
	{ 0x5d, 2, ".###. ...#. ...#. ...#. ...#. ...#. .###." },
	{ 0x5e, 2, "..#.. .#.#. #...#" },
	{ 0x5f, 8, "#####" },
	{ 0x60, 2, ".#... ..#.." },
	{ 0x61, 4, ".###. ....# .#### #...# .####" },               /* a */
	{ 0x62, 2, "#.... #.... ####. #...# #...# #...# ####." },
	{ 0x63, 4, ".###. #.... #.... #...# .###." },
	{ 0x64, 2, "....# ....# .#### #...# #...# #...# .####" },
	{ 0x65, 4, ".###. #...# ##### #.... .###." },
	{ 0x66, 2, "..##. .#..# .#... ###.. .#... .#... .#..." },
	{ 0x67, 4, ".#### #...# #...# .#### ....# ....# .###." },
	{ 0x68, 2, "#.... #.... #.##. ##..# #...# #...# #...#" },
	{ 0x69, 2, "..#.. ..... .##.. ..#.. ..#.. ..#.. .###." },
	{ 0x6a, 2, "...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##.." },
	{ 0x6b, 2, "#.... #.... #..#. #.#.. ##... #.#.. #..#." },
	{ 0x6c, 2, ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###." },
	{ 0x6d, 4, "##.#. #.#.# #.#.# #.#.# #.#.#" },
	{ 0x6e, 4, "#.##. ##..# #...# #...# #...#" },
	{ 0x6f, 4, ".###. #...# #...# #...# .###." },
	{ 0x70, 4, "####. #...# #...# #...# ####. #.... #...." },
	{ 0x71, 4, ".#### #...# #...# #...# .#### ....# ....#" },
	{ 0x72, 4, "#.##. ##..# #.... #.... #...." },
	{ 0x73, 4, ".###. #.... .###. ....# ####." },
	{ 0x74, 2, ".#... .#... ###.. .#... .#... .#..# ..##." },
	{ 0x75, 4, "#...# #...# #...# #..## .##.#" },
	{ 0x76, 4, "#...# #...# #...# .#.#. ..#.." },
	{ 0x77, 4, "#...# #...# #.#.# #.#.# .#.#." },
	{ 0x78, 4, "#...# .#.#. ..#.. .#.#. #...#" },
	{ 0x79, 4, "#...# #...# #...# #...# .#### ....# .###." },
	{ 0x7a, 4, "##### ...#. ..#.. .#... #####" },
	{ 0x7b, 2, "..##. .#... .#... #.... .#... .#... ..##." },   /* { */
	{ 0x7c, 2, "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#.." },
	{ 0x7d, 2, ".##.. ...#. ...#. ....# ...#. ...#. .##.." },
	{ 0x7e, 4, ".#... #.#.# ...#." },
	{ 0xa1, 2, "..#.. ..... ..#.. ..#.. ..#.. ..#.. ..#.." },   /* ¡ */
	{ 0xa2, 2, "..#.. .###. #.#.. #.#.. #.#.# .###. ..#.." },
	{ 0xa3, 2, "..##. .#..# .#... ###.. .#... .#... #####" },
	{ 0xa4, 3, "#...# .###. .#.#. .###. #...#" },
	{ 0xa5, 2, "#...# .#.#. ##### ..#.. ##### ..#.. ..#.." },
	{ 0xa6, 2, "..#.. ..#.. ..#.. ..... ..#.. ..#.. ..#.." },
	{ 0xa7, 2, ".###. #.... .###. #...# .###. ....# .###." },
	{ 0xa8, 2, ".#.#." },
	{ 0xaa, 2, ".##.. #.#.. .##.. ..... ###.." },               /* ª */
	{ 0xab, 4, "..#.# .#.#. #.#.. .#.#. ..#.#" },
	{ 0xac, 5, "##### ....#" },
	{ 0xad, 5, "#####" },
	{ 0xaf, 2, "#####" },
	{ 0xb0, 2, ".##.. #..#. .##.." },                           /* ° */
	{ 0xb1, 2, "..#.. ..#.. ##### ..#.. ..#.. ..... #####" },
	{ 0xb2, 2, "##... ..#.. .#... ###.." },
	{ 0xb3, 2, "##... ..#.. .#... ..#.. ##..." },
	{ 0xb4, 2, "...#. ..#.." },
	{ 0xb5, 4, "#...# #...# #...# #..## ###.# #.... #...." },
	{ 0xb7, 4, ".##.. .##.." },
	{ 0xb8, 9, "..#.. .##.." },
	{ 0xb9, 2, ".#... ##... .#... ###.." },
	{ 0xba, 2, ".#... #.#.. .#... ..... ###.." },
	{ 0xbb, 4, "#.#.. .#.#. ..#.# .#.#. #.#.." },
	{ 0xbf, 2, "..#.. ..... ..#.. .#... #.... #...# .###." },   /* ¿ */
	{ 0xc6, 2, ".#### #.#.. #.#.. ##### #.#.. #.#.. #.###" },   /* Æ */
	{ 0xd0, 2, "####. .#..# .#..# ###.# .#..# .#..# ####." },   /* Ð */
	{ 0xd7, 3, "#...# .#.#. ..#.. .#.#. #...#" },
	{ 0xd8, 2, ".###. #..## #..## #.#.# ##..# ##..# .###." },
	{ 0xde, 2, "#.... ####. #...# #...# ####. #.... #...." },
	{ 0xdf, 2, ".##.. #..#. #..#. #.##. #...# #...# #.##." },   /* ß */
	{ 0xe6, 4, "##.#. ..#.# .#### #.#.. .#.##" },               /* æ */
	{ 0xf0, 2, ".#.#. ..#.. .#.#. ....# .#### #...# .###." },   /* ð */
	{ 0xf7, 3, "..#.. ..... ##### ..... ..#.." },
	{ 0xf8, 4, ".###. #..## #.#.# ##..# .###." },
	{ 0xfe, 2, "#.... #.... ####. #...# #...# #...# ####. #.... #...." },
	{ 0x131, 4, ".##.. ..#.. ..#.. ..#.. .###." },              /* ı */
	{ 0x2013, 5, "#####" },                                     /* – */
	{ 0x2014, 5, "#####" },
	{ 0x2018, 2, "..#.. .#... .#..." },
	{ 0x2019, 2, "..#.. ..#.. .#..." },
	{ 0x201c, 2, ".#.#. #.#.. #.#.." },
	{ 0x201d, 2, ".#.#. .#.#. #.#.." },
	{ 0x2022, 4, ".###. .###. .###." },                         /* • */
	{ 0x2026, 7, "#.#.# #.#.#" },
	{ 0x20ac, 2, "..### .#... ####. .#... ####. .#... ..###" },   /* € */
};

#define DRAWN (sizeof drawn / sizeof drawn[0])

/* The box for a character the font lacks. */
static const struct drawn box = {
	0, FONT_CAP_TOP, "##### #...# #...# #...# #...# #...# #####"
};

enum accent { GRAVE, ACUTE, CIRCUMFLEX, TILDE, DIAERESIS, RING, CEDILLA,
	ACCENTS };

/* Each accent's two rows; a cedilla's go below the letter. */
static const char *const accent_rows[ACCENTS] = {
	".#... ..#..", "...#. ..#..", "..#.. .#.#.", ".##.# #.##.",
	".#.#. .....", "..#.. .#.#.", "..#.. .##.."
};

struct composed {
	unsigned long cp, base;
	enum accent accent;
};

/* The accented letters of Latin-1, in code point order. */
static const struct composed composed[] = {
	{ 0xc0, 'A', GRAVE }, { 0xc1, 'A', ACUTE }, { 0xc2, 'A', CIRCUMFLEX },
	{ 0xc3, 'A', TILDE }, { 0xc4, 'A', DIAERESIS }, { 0xc5, 'A', RING },
	{ 0xc7, 'C', CEDILLA }, { 0xc8, 'E', GRAVE }, { 0xc9, 'E', ACUTE },
	{ 0xca, 'E', CIRCUMFLEX }, { 0xcb, 'E', DIAERESIS },
	{ 0xcc, 'I', GRAVE }, { 0xcd, 'I', ACUTE }, { 0xce, 'I', CIRCUMFLEX },
	{ 0xcf, 'I', DIAERESIS }, { 0xd1, 'N', TILDE }, { 0xd2, 'O', GRAVE },
	{ 0xd3, 'O', ACUTE }, { 0xd4, 'O', CIRCUMFLEX }, { 0xd5, 'O', TILDE },
	{ 0xd6, 'O', DIAERESIS }, { 0xd9, 'U', GRAVE }, { 0xda, 'U', ACUTE },
	{ 0xdb, 'U', CIRCUMFLEX }, { 0xdc, 'U', DIAERESIS },
	{ 0xdd, 'Y', ACUTE }, { 0xe0, 'a', GRAVE }, { 0xe1, 'a', ACUTE },
	{ 0xe2, 'a', CIRCUMFLEX }, { 0xe3, 'a', TILDE },
	{ 0xe4, 'a', DIAERESIS }, { 0xe5, 'a', RING }, { 0xe7, 'c', CEDILLA },
	{ 0xe8, 'e', GRAVE }, { 0xe9, 'e', ACUTE }, { 0xea, 'e', CIRCUMFLEX },
	{ 0xeb, 'e', DIAERESIS }, { 0xec, 0x131, GRAVE },
	{ 0xed, 0x131, ACUTE }, { 0xee, 0x131, CIRCUMFLEX },
	{ 0xef, 0x131, DIAERESIS }, { 0xf1, 'n', TILDE }, { 0xf2, 'o', GRAVE },
	{ 0xf3, 'o', ACUTE }, { 0xf4, 'o', CIRCUMFLEX }, { 0xf5, 'o', TILDE },
	{ 0xf6, 'o', DIAERESIS }, { 0xf9, 'u', GRAVE }, { 0xfa, 'u', ACUTE },
	{ 0xfb, 'u', CIRCUMFLEX }, { 0xfc, 'u', DIAERESIS },
	{ 0xfd, 'y', ACUTE }, { 0xff, 'y', DIAERESIS },
};

#define COMPOSED (sizeof composed / sizeof composed[0])

/* Rows of '#' and '.' from row `top` on into g, or'ed with what is there;
 * rows past the grid are dropped. */
static void
paint(struct font_glyph *g, int top, const char *rows)
{
	int r = top;

	for (; *rows; r++) {
		int c;

		for (c = 0; c < FONT_COLS && rows[c]; c++)
			if (rows[c] == '#' && r >= 0 && r < FONT_ROWS)
				g->row[r] |= (unsigned char)(1u <<
				    (FONT_COLS - 1 - c));
		rows += c;
		if (*rows == ' ')
			rows++;
	}
}

/* The rows and columns g draws in: digits, and nothing else, take the
 * whole width. */
static void
measure(struct font_glyph *g, unsigned long cp)
{
	unsigned bits = 0;
	int r, c;

	g->top = FONT_ROWS;
	g->bottom = -1;
	for (r = 0; r < FONT_ROWS; r++) {
		if (!g->row[r])
			continue;
		bits |= g->row[r];
		g->top = g->top < r ? g->top : r;
		g->bottom = r;
	}
	g->left = 0;
	g->width = 0;
	if (cp >= '0' && cp <= '9') {
		g->width = FONT_COLS;
		return;
	}
	for (c = 0; c < FONT_COLS; c++)
		if (bits & (1u << (FONT_COLS - 1 - c))) {
			if (g->width == 0)
				g->left = c;
			g->width = c - g->left + 1;
		}
}

static const struct drawn *
find_drawn(unsigned long cp)
{
	size_t lo = 0, hi = DRAWN;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (drawn[mid].cp == cp)
			return &drawn[mid];
		if (drawn[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static const struct composed *
find_composed(unsigned long cp)
{
	size_t k;

	for (k = 0; k < COMPOSED; k++)
		if (composed[k].cp == cp)
			return &composed[k];
	return NULL;
}

/* An accented letter: its base, and the accent above it, or a cedilla
 * below. */
static void
compose(struct font_glyph *g, const struct composed *c)
{
	const struct drawn *base = find_drawn(c->base);

	if (!base)
		return;
	paint(g, base->top, base->rows);
	measure(g, c->base);
	if (c->accent == CEDILLA)
		paint(g, g->bottom + 1, accent_rows[c->accent]);
	else
		paint(g, g->top - 2, accent_rows[c->accent]);
}

int
font_glyph(unsigned long cp, struct font_glyph *g)
{
	const struct drawn *d;
	const struct composed *c;
	int known = 1;

	memset(g, 0, sizeof *g);
	if (cp == ' ' || cp == 0xa0) {
		g->top = FONT_ROWS;
		g->bottom = -1;
		g->width = FONT_SPACE;
		return 1;
	}
	if ((d = find_drawn(cp)) != NULL)
		paint(g, d->top, d->rows);
	else if ((c = find_composed(cp)) != NULL)
		compose(g, c);
	else {
		paint(g, box.top, box.rows);
		known = 0;
	}
	measure(g, cp);
	return known;
}

int
font_lit(const struct font_glyph *g)
{
	int r, c, n = 0;

	for (r = 0; r < FONT_ROWS; r++)
		for (c = 0; c < FONT_COLS; c++)
			n += (int)((g->row[r] >> c) & 1u);
	return n;
}
