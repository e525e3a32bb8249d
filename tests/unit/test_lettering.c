/*
 * test_lettering.c: a text laid out in the font (src/session/
 * lettering.c), against layouts worked out by hand from the glyphs:
 * "BOIDS" is 27 pixels wide (5 + 1 + 5 + 1 + 3 + 1 + 5 + 1 + 5, the I
 * three wide) and 7 tall, 80 of them lit (B 20, O 16, I 11, D 18, S 15);
 * how it scales to cells; where lines wrap and a word too long is cut;
 * the scale chosen for the room and the boids there are, and why a text
 * is refused.
 */
#include <string.h>

#include "check.h"
#include "session/lettering.h"

/* The cells of row `row` as '#' and '.', cols of them. */
static const char *
row_text(const struct lettering *l, int row, int cols)
{
	static char buf[256];
	int c;

	for (c = 0; c < cols && c < 255; c++)
		buf[c] = lettering_at(l, c, row) ? '#' : '.';
	buf[c] = '\0';
	return buf;
}

static void
test_boids(void)
{
	struct lettering l;

	CHECK_INT(lettering_lay(&l, "BOIDS", 1, 1, 100), LETTERING_FITS);
	CHECK_INT(l.width, 27);
	CHECK_INT(l.height, 7);
	CHECK_INT(l.lit, 80);
	CHECK_INT(lettering_cells(&l), 80);
	/* B, O, I, D and S's top rows, a pixel apart: the I's three
	 * columns alone. */
	CHECK(strcmp(row_text(&l, 0, 27), "####...###..###.####...####") ==
	    0);
	CHECK(strcmp(row_text(&l, 3, 27), "####..#...#..#..#...#..###.") ==
	    0);
	lettering_free(&l);
	/* Two cells across and one down a pixel: B's top left pixel is
	 * cells 0 and 1 of row 0, and the whole is 54 by 7. */
	CHECK_INT(lettering_lay(&l, "BOIDS", 2, 1, 100), LETTERING_FITS);
	CHECK_INT(lettering_cols(&l), 54);
	CHECK_INT(lettering_rows(&l), 7);
	CHECK_INT(lettering_cells(&l), 160);
	CHECK(lettering_at(&l, 0, 0) && lettering_at(&l, 1, 0));
	CHECK(!lettering_at(&l, 8, 0) && !lettering_at(&l, 54, 0));
	/* Placed elsewhere, its cells move with it. */
	l.col = 10;
	l.row = 5;
	CHECK(!lettering_at(&l, 0, 0) && lettering_at(&l, 10, 5));
	CHECK(!lettering_at(&l, 10, 4) && !lettering_at(&l, 9, 5));
	lettering_free(&l);
}

/* "HELLO WORLD": 29 pixels a word, 63 with the space (5 pixels with
 * its gaps) between; in a room of 40 two lines of 29, 7 + 2 + 7 tall. */
static void
test_wrap(void)
{
	struct lettering l;

	CHECK_INT(lettering_lay(&l, "HELLO WORLD", 1, 1, 63), LETTERING_FITS);
	CHECK_INT(l.width, 63);
	CHECK_INT(l.height, 7);
	lettering_free(&l);
	CHECK_INT(lettering_lay(&l, "HELLO WORLD", 1, 1, 62), LETTERING_FITS);
	CHECK_INT(l.width, 29);
	CHECK_INT(l.height, 7 + LETTERING_LINE_GAP + 7);
	/* The gap between the lines is dark. */
	CHECK(strchr(row_text(&l, 7, 29), '#') == NULL);
	CHECK(strchr(row_text(&l, 8, 29), '#') == NULL);
	CHECK(strchr(row_text(&l, 9, 29), '#') != NULL);
	lettering_free(&l);
	/* A word too long for a line is cut: three 5-pixel letters and
	 * their gaps fill 17. */
	CHECK_INT(lettering_lay(&l, "ABCDEFGHJK", 1, 1, 17), LETTERING_FITS);
	CHECK_INT(l.width, 17);
	CHECK_INT(l.height, 4 * 7 + 3 * LETTERING_LINE_GAP);
	lettering_free(&l);
	/* A shorter second line is centred under the first. */
	CHECK_INT(lettering_lay(&l, "HELLO HE", 1, 1, 40), LETTERING_FITS);
	CHECK_INT(l.width, 29);
	CHECK(lettering_at(&l, 9, 9) && !lettering_at(&l, 8, 9));
	lettering_free(&l);
	/* Lines as tall as the tallest glyph: a descender makes all of
	 * them 9 rows. */
	CHECK_INT(lettering_lay(&l, "Hg H", 1, 1, 11), LETTERING_FITS);
	CHECK_INT(l.height, 9 + LETTERING_LINE_GAP + 9);
	lettering_free(&l);
}

static void
test_refused(void)
{
	struct lettering l;

	CHECK_INT(lettering_lay(&l, "   ", 1, 1, 40), LETTERING_BLANK);
	CHECK(l.px == NULL);
	CHECK_INT(lettering_lay(&l, "W", 1, 1, 4), LETTERING_NO_ROOM);
	CHECK_INT(lettering_lay(&l, "W", 2, 1, 9), LETTERING_NO_ROOM);
	/* A character the font lacks is a box, and counted. */
	CHECK_INT(lettering_lay(&l, "A\xe4\xb8\xad" "B", 1, 1, 40),
	    LETTERING_FITS);
	CHECK_INT(l.missing, 1);
	CHECK_INT(l.width, 17);
	lettering_free(&l);
}

/* The scale: the largest whose cells fit the room and are no more than
 * the boids. In 100 by 29 cells, BOIDS at 3x2 is 81 by 14 and lights
 * 480 cells; at 4x2 it would be 108 wide, cut onto two lines 32 tall. */
static void
test_fit(void)
{
	int sx = 0, sy = 0;
	size_t need = 0;

	CHECK_INT(lettering_fit("BOIDS", 100, 29, 200, &sx, &sy, &need),
	    LETTERING_FITS);
	CHECK(sx == 2 && sy == 1);
	CHECK_INT(lettering_fit("BOIDS", 100, 29, 1000, &sx, &sy, &need),
	    LETTERING_FITS);
	CHECK(sx == 3 && sy == 2);
	CHECK_INT(lettering_fit("BOIDS", 100, 29, 100, &sx, &sy, &need),
	    LETTERING_FITS);
	CHECK(sx == 1 && sy == 1);
	CHECK_INT(lettering_fit("BOIDS", 100, 29, 79, &sx, &sy, &need),
	    LETTERING_FEW_BOIDS);
	CHECK_INT(need, 80);
	/* Too narrow for one glyph; too low for the lines it must wrap
	 * into. */
	CHECK_INT(lettering_fit("BOIDS", 4, 29, 1000, &sx, &sy, &need),
	    LETTERING_NO_ROOM);
	CHECK_INT(lettering_fit("BOIDS", 10, 29, 1000, &sx, &sy, &need),
	    LETTERING_NO_ROOM);
	CHECK_INT(lettering_fit("BOIDS", 30, 6, 1000, &sx, &sy, &need),
	    LETTERING_NO_ROOM);
	CHECK_INT(lettering_fit(" ", 30, 6, 1000, &sx, &sy, &need),
	    LETTERING_BLANK);
}

int
main(void)
{
	test_boids();
	test_wrap();
	test_refused();
	test_fit();
	return check_exit("test_lettering");
}
