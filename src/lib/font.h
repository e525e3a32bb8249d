/*
 * font.h: a small bitmap font of the program's own.
 *
 * Every glyph is drawn on the same grid of FONT_COLS pixels across and
 * FONT_ROWS down, a pixel being on or off. A capital or a digit takes
 * rows FONT_CAP_TOP to FONT_BASE, seven rows; the rows above are for the
 * accents over capitals, and those below for the descenders of g, j, p,
 * q and y. A small letter stands on the same baseline, five rows high
 * and its ascenders as tall as a capital, with its accents in the two
 * rows above it. The font has the printable ASCII characters, the
 * letters and most signs of Latin-1, the euro sign and the typographic
 * quotes and dashes; anything else is drawn as a box, a capital's
 * outline, and said to be missing.
 */
#ifndef BOIDS_FONT_H
#define BOIDS_FONT_H

#define FONT_COLS 5
#define FONT_ROWS 11
#define FONT_CAP_TOP 2
#define FONT_BASE 8
/* How far a space moves the next glyph on, in pixels; a glyph's own
 * advance is its width. */
#define FONT_SPACE 3

struct font_glyph {
	/* A row's pixels as bits, the leftmost pixel 1 << (FONT_COLS - 1). */
	unsigned char row[FONT_ROWS];
	/* The columns it takes: a digit takes all five, so that figures
	 * line up; any other glyph only those it draws in (a space none). */
	int left, width;
	/* The rows it draws in; bottom < top when it draws nothing. */
	int top, bottom;
};

/* The glyph of code point cp into *g: 1 when the font has one, 0 when
 * *g is the box that stands for a character it lacks. */
int font_glyph(unsigned long cp, struct font_glyph *g);

/* How many pixels of g are on. */
int font_lit(const struct font_glyph *g);

#endif
