/*
 * test_font.c: the bitmap font (src/lib/font.c) against glyphs drawn
 * out by hand: a capital, a small letter with a descender, a digit and
 * a colon; every printable ASCII character and every letter of Latin-1
 * there, inside the grid; the accented letters put together from their
 * base and accent, a cedilla below; a character the font lacks drawn as
 * the box and said to be missing.
 */
#include <string.h>

#include "check.h"
#include "lib/font.h"

/* The glyph of cp, each of its rows written out as '#' and '.'. */
static int
drawn_as(unsigned long cp, int top, const char *const *rows, int n)
{
	struct font_glyph g;
	int r, ok = 1;

	(void)font_glyph(cp, &g);
	for (r = 0; r < FONT_ROWS; r++) {
		unsigned want = 0;
		int c;

		if (r >= top && r < top + n)
			for (c = 0; c < FONT_COLS; c++)
				want = want << 1 | (rows[r - top][c] == '#');
		if (g.row[r] != want) {
			fprintf(stderr, "  U+%04lX row %d: %02x, want %02x\n",
			    cp, r, g.row[r], want);
			ok = 0;
		}
	}
	return ok;
}

static void
test_drawn(void)
{
	static const char *const a[] = { ".###.", "#...#", "#...#", "#####",
		"#...#", "#...#", "#...#" };
	static const char *const g[] = { ".####", "#...#", "#...#", ".####",
		"....#", "....#", ".###." };
	static const char *const seven[] = { "#####", "....#", "...#.",
		"..#..", ".#...", ".#...", ".#..." };
	static const char *const colon[] = { ".##..", ".##..", ".....",
		".##..", ".##.." };
	struct font_glyph f;

	CHECK(drawn_as('A', 2, a, 7));
	CHECK(drawn_as('g', 4, g, 7));
	CHECK(drawn_as('7', 2, seven, 7));
	CHECK(drawn_as(':', 3, colon, 5));
	/* A is as wide as the grid; the colon only its two columns; a
	 * digit the whole grid, however narrow (1), so figures line up. */
	CHECK(font_glyph('A', &f) && f.left == 0 && f.width == 5 &&
	    f.top == 2 && f.bottom == 8);
	CHECK(font_glyph(':', &f) && f.left == 1 && f.width == 2);
	CHECK(font_glyph('1', &f) && f.left == 0 && f.width == 5);
	CHECK(font_glyph('g', &f) && f.top == 4 && f.bottom == 10);
	CHECK_INT(font_lit(&f), 17);
	/* A space draws nothing and moves on by FONT_SPACE. */
	CHECK(font_glyph(' ', &f) && f.width == FONT_SPACE &&
	    f.bottom < f.top && font_lit(&f) == 0);
	CHECK(font_glyph(0xa0, &f) && f.width == FONT_SPACE);
}

/* Every printable ASCII character and every letter of Latin-1 has a
 * glyph that draws something; a capital and a digit stand on the
 * baseline. */
static void
test_coverage(void)
{
	unsigned long cp;
	struct font_glyph f;
	int missing = 0;

	for (cp = 0x21; cp <= 0x7e; cp++) {
		int known = font_glyph(cp, &f);

		missing += !known;
		CHECK(font_lit(&f) > 0 && f.top >= 0 && f.bottom < FONT_ROWS);
		CHECK(f.width >= 1 && f.left + f.width <= FONT_COLS);
		if ((cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9'))
			CHECK(f.top == FONT_CAP_TOP && f.bottom == FONT_BASE);
		if (!known)
			fprintf(stderr, "  no glyph for '%c'\n", (int)cp);
	}
	for (cp = 0xc0; cp <= 0xff; cp++) {
		missing += !font_glyph(cp, &f);
		CHECK(font_lit(&f) > 0);
		if (!font_glyph(cp, &f))
			fprintf(stderr, "  no glyph for U+%04lX\n", cp);
	}
	CHECK_INT(missing, 0);
	CHECK(font_glyph(0x20ac, &f));          /* the euro sign */
}

/* É: E with the acute on rows 0 and 1; ï: the dotless i with two dots;
 * ç: c with its cedilla in rows 9 and 10. */
static void
test_accents(void)
{
	static const char *const e_acute[] = { "...#.", "..#..", "#####",
		"#....", "#....", "####.", "#....", "#....", "#####" };
	static const char *const i_diaeresis[] = { ".#.#.", ".....", ".##..",
		"..#..", "..#..", "..#..", ".###." };
	static const char *const c_cedilla[] = { ".###.", "#....", "#....",
		"#...#", ".###.", "..#..", ".##.." };
	struct font_glyph f;

	CHECK(drawn_as(0xc9, 0, e_acute, 9));
	CHECK(drawn_as(0xef, 2, i_diaeresis, 7));
	CHECK(drawn_as(0xe7, 4, c_cedilla, 7));
	CHECK(font_glyph(0xc9, &f) && f.top == 0 && f.bottom == FONT_BASE);
}

/* A character the font lacks: the box, a capital's outline. */
static void
test_box(void)
{
	static const char *const box[] = { "#####", "#...#", "#...#",
		"#...#", "#...#", "#...#", "#####" };
	struct font_glyph f;

	CHECK_INT(font_glyph(0x4e2d, &f), 0);         /* 中 */
	CHECK(drawn_as(0x4e2d, 2, box, 7));
	CHECK_INT(font_glyph(0xfffd, &f), 0);
	CHECK_INT(font_glyph(0x09, &f), 0);           /* a tab */
	CHECK_INT(font_glyph(0xa9, &f), 0);           /* © */
}

int
main(void)
{
	test_drawn();
	test_coverage();
	test_accents();
	test_box();
	return check_exit("test_font");
}
