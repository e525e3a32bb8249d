/*
 * test_field.c: the flock as glyphs, without a terminal: headings to
 * sectors and glyphs, braille codes worked out by hand from the Unicode
 * dot numbering, the density thresholds on histograms summed by hand,
 * auto's hysteresis, and whole frames of dots and of the ASCII ramp from
 * boids placed by hand.
 *
 * Headings are in world units, which are square on screen, so one cell
 * right and one row down, (1, 2), is south-east.
 */
#include <math.h>
#include <string.h>
#include <wchar.h>

#include "check.h"
#include "view/field.h"
#include "view/render.h"

#define DEG (3.14159265358979323846 / 180.0)

static int
sector_at(double degrees)
{
	return field_sector((float)cos(degrees * DEG),
	    (float)sin(degrees * DEG));
}

static void
test_sectors(void)
{
	int k;

	/* The eight directions; y grows downward, so +y is south. */
	CHECK_INT(field_sector(1.0f, 0.0f), SECTOR_E);
	CHECK_INT(field_sector(1.0f, 1.0f), SECTOR_SE);
	CHECK_INT(field_sector(0.0f, 1.0f), SECTOR_S);
	CHECK_INT(field_sector(-1.0f, 1.0f), SECTOR_SW);
	CHECK_INT(field_sector(-1.0f, 0.0f), SECTOR_W);
	CHECK_INT(field_sector(-1.0f, -1.0f), SECTOR_NW);
	CHECK_INT(field_sector(0.0f, -1.0f), SECTOR_N);
	CHECK_INT(field_sector(1.0f, -1.0f), SECTOR_NE);
	/* One cell right, one row (two units) down: diagonal on screen. */
	CHECK_INT(field_sector(1.0f, 2.0f), SECTOR_SE);
	/* One cell right, one unit down: half a row, mostly east. */
	CHECK_INT(field_sector(1.0f, 0.4f), SECTOR_E);
	/* Length does not matter. */
	CHECK_INT(field_sector(0.001f, -0.001f), SECTOR_NE);
	CHECK_INT(field_sector(-300.0f, 1.0f), SECTOR_W);
	/* Either side of each boundary, 22.5 degrees off each direction. */
	for (k = 0; k < 8; k++) {
		double centre = 45.0 * k;

		CHECK_INT(sector_at(centre), k);
		CHECK_INT(sector_at(centre + 22.4), k);
		CHECK_INT(sector_at(centre - 22.4), k);
		CHECK_INT(sector_at(centre + 22.6), (k + 1) % 8);
		CHECK_INT(sector_at(centre - 22.6), (k + 7) % 8);
	}
	CHECK_INT(sector_at(180.0), SECTOR_W);
	CHECK_INT(sector_at(-179.9), SECTOR_W);
	CHECK_INT(sector_at(179.9), SECTOR_W);
	/* No heading at all. */
	CHECK_INT(field_sector(0.0f, 0.0f), SECTOR_NONE);
	CHECK_INT(field_sector(-0.0f, 0.0f), SECTOR_NONE);
	CHECK_INT(field_sector(NAN, 1.0f), SECTOR_NONE);
	CHECK_INT(field_sector(INFINITY, 0.0f), SECTOR_NONE);
}

static int
glyph_is(enum field_mark m, int sector, int unicode, wchar_t want)
{
	const wchar_t *g = field_glyph(m, sector, unicode);

	return g && g[0] == want && g[1] == L'\0';
}

static void
test_glyphs(void)
{
	static const wchar_t ascii[8] = { L'>', L'\\', L'v', L'/', L'<',
		L'\\', L'^', L'/' };
	static const wchar_t arrows[8] = { 0x2192, 0x2198, 0x2193, 0x2199,
		0x2190, 0x2196, 0x2191, 0x2197 };
	enum field_mark m;
	int k, u;

	for (k = 0; k < 8; k++) {
		CHECK(glyph_is(MARK_BOID, k, 0, ascii[k]));
		CHECK(glyph_is(MARK_BOID, k, 1, arrows[k]));
	}
	/* No heading: its own glyph, not an arrow. */
	for (u = 0; u <= 1; u++) {
		const wchar_t *none = field_glyph(MARK_BOID, SECTOR_NONE, u);

		CHECK(none && wcslen(none) == 1);
		for (k = 0; k < 8; k++)
			CHECK(none && none[0] != ascii[k] &&
			    none[0] != arrows[k]);
	}
	CHECK(glyph_is(MARK_BOID, SECTOR_NONE, 0, L'*'));
	/* Marks: one character each, ASCII in the ASCII set, and unlike a
	 * boid's in both sets. */
	for (u = 0; u <= 1; u++)
		for (m = MARK_PREDATOR; m < MARK_COUNT; m++)
			for (k = SECTOR_NONE; k < 8; k++) {
				const wchar_t *g = field_glyph(m, k, u);
				int j;

				CHECK(g && wcslen(g) == 1);
				if (!g)
					continue;
				if (!u)
					CHECK(g[0] > 32 && g[0] < 127);
				for (j = 0; j < 8; j++)
					CHECK(g[0] != ascii[j] &&
					    g[0] != arrows[j]);
			}
	CHECK(glyph_is(MARK_PREDATOR, SECTOR_E, 0, L'@'));
	CHECK(glyph_is(MARK_PREDATOR, SECTOR_E, 1, 0x21d2));
	CHECK(glyph_is(MARK_PREDATOR, SECTOR_N, 1, 0x21d1));
	CHECK(glyph_is(MARK_OBSTACLE, 0, 0, L'#'));
	CHECK(glyph_is(MARK_PERCHED, 0, 0, L'_'));
	CHECK(glyph_is(MARK_GOAL, 0, 0, L'+'));
	/* Crowds. */
	CHECK_INT(field_density(1), 0);
	CHECK_INT(field_density(2), 1);
	CHECK_INT(field_density(3), 1);
	CHECK_INT(field_density(4), 2);
	CHECK_INT(field_density(100000), 2);
}

/* Unicode numbers braille dots 1 2 3 down the left column, 4 5 6 down
 * the right, 7 and 8 along the bottom; dot k is bit k-1 of the code. */
static void
test_braille(void)
{
	unsigned bits;
	int hits = 0;

	CHECK_INT(field_braille(0), 0x2800);
	CHECK_INT(field_braille(1u << 0), 0x2801);        /* col 0 row 0: 1 */
	CHECK_INT(field_braille(1u << 1), 0x2808);        /* col 1 row 0: 4 */
	CHECK_INT(field_braille(1u << 2), 0x2802);        /* col 0 row 1: 2 */
	CHECK_INT(field_braille(1u << 3), 0x2810);        /* col 1 row 1: 5 */
	CHECK_INT(field_braille(1u << 4), 0x2804);        /* col 0 row 2: 3 */
	CHECK_INT(field_braille(1u << 5), 0x2820);        /* col 1 row 2: 6 */
	CHECK_INT(field_braille(1u << 6), 0x2840);        /* col 0 row 3: 7 */
	CHECK_INT(field_braille(1u << 7), 0x2880);        /* col 1 row 3: 8 */
	CHECK_INT(field_braille(0xff), 0x28ff);
	/* The left column: dots 1 2 3 7 = 0x47; the top row: 1 4 = 0x09. */
	CHECK_INT(field_braille(0x55), 0x2847);
	CHECK_INT(field_braille(0x03), 0x2809);
	/* Every pattern has its own character, all in the block. */
	for (bits = 0; bits < 256; bits++) {
		wchar_t c = field_braille(bits);

		hits += c >= 0x2800 && c <= 0x28ff;
	}
	CHECK_INT(hits, 256);
	for (bits = 1; bits < 256; bits++)
		CHECK(field_braille(bits) != field_braille(bits - 1));
}

/*
 * Thresholds relative to the view: the same shape of histogram at a
 * thousand times the boids gives a thousand-odd times the threshold.
 */
static void
test_threshold(void)
{
	uint64_t h[32] = { 0 }, big[32] = { 0 };
	int b;

	/* 100 boids alone in their dots: every dot is drawn. */
	h[0] = 100;
	CHECK_INT(field_threshold(h, 100, 0.05), 1);
	/* 4 boids alone (4%), 96 in dots of 8 to 15: the lone ones are
	 * the 5% of sky left dark. */
	h[0] = 4;
	h[3] = 96;
	CHECK_INT(field_threshold(h, 100, 0.05), 8);
	/* 6 alone is more than 5%: they show. */
	h[0] = 6;
	h[3] = 94;
	CHECK_INT(field_threshold(h, 100, 0.05), 1);
	/* Scaled by 1024: the counts move up ten bins. */
	h[0] = 4;
	h[3] = 96;
	for (b = 0; b < 22; b++)
		big[b + 10] = h[b] * 1024;
	CHECK_INT(field_threshold(big, 102400, 0.05), 8 * 1024);
	/* The dense share: above three quarters. */
	memset(h, 0, sizeof h);
	h[0] = 10;
	h[2] = 60;
	h[5] = 30;
	CHECK_INT(field_threshold(h, 100, 0.75), 32);
	CHECK_INT(field_threshold(h, 100, 0.05), 1);
}

/* Arrows stay until boids crowd past the upper mark, dots stay until
 * they thin below the lower one: no flicker in between. */
static void
test_auto(void)
{
	double c;
	int dots = 0, switches = 0, k;

	CHECK_INT(field_auto(0, 1.0), 0);
	CHECK_INT(field_auto(0, 2.0), 0);
	CHECK_INT(field_auto(0, FIELD_CROWD_ON), 1);
	CHECK_INT(field_auto(1, 2.0), 1);
	CHECK_INT(field_auto(1, FIELD_CROWD_OFF), 1);
	CHECK_INT(field_auto(1, 1.5), 0);
	/* Crowding that wavers between the marks never switches. */
	for (k = 0; k < 1000; k++) {
		int next;

		c = 2.0 + 0.4 * ((k % 7) - 3) / 3.0;
		next = field_auto(dots, c);
		switches += next != dots;
		dots = next;
	}
	CHECK_INT(switches, 0);
	CHECK(FIELD_CROWD_OFF < FIELD_CROWD_ON);
}

/* A flock of n boids in a w by h field, each placed by the caller. */
static struct flock *
flock_of(size_t n, float w, float h)
{
	struct flock_params p;

	flock_params_default(&p);
	return flock_new(n, w, h, &p, 1, 0, 0);
}

static wchar_t
at(const struct field *f, int col, int row)
{
	return f->out[(size_t)row * (size_t)f->cols + (size_t)col].ch;
}

/*
 * Dots at 1:1 in a 10 by 4 cell field: a dot is half a unit across and
 * half a unit down. Boids at hand-picked points light hand-picked dots.
 */
static void
test_dots_frame(void)
{
	struct flock *fl = flock_of(6, 10.0f, 8.0f);
	struct flock_view v;
	struct camera cam;
	struct field f;
	char line[64];

	CHECK(fl != NULL);
	if (!fl)
		return;
	/* Cell (1, 0): x 1..2, y 0..2. (1.2, 0.2) is dot col 0 row 0;
	 * (1.7, 1.7) is dot col 1 row 3. */
	flock_place(fl, 0, 1.2f, 0.2f, 0.5f, 0.0f);
	flock_place(fl, 1, 1.7f, 1.7f, 0.5f, 0.0f);
	/* Cell (4, 2): x 4..5, y 4..6; (4.6, 5.1) is col 1 row 2. */
	flock_place(fl, 2, 4.6f, 5.1f, 0.0f, 0.5f);
	/* Cell (9, 3): three in one dot, col 0 row 1 (y 6.5..7). */
	flock_place(fl, 3, 9.1f, 6.6f, -0.5f, 0.0f);
	flock_place(fl, 4, 9.2f, 6.7f, -0.5f, 0.0f);
	flock_place(fl, 5, 9.3f, 6.8f, -0.5f, 0.0f);
	flock_get_view(fl, &v);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, v.w, v.h, 10, 4);
	CHECK_NEAR(cam.scale, 1.0, 1e-12);
	field_init(&f, 1, FIELD_DOTS);
	CHECK_INT(field_fit(&f, 10, 4), 0);
	field_compose(&f, &v, NULL, &cam);
	CHECK_INT(at(&f, 1, 0), 0x2801 | 0x80);
	CHECK_INT(at(&f, 4, 2), 0x2820);
	CHECK_INT(at(&f, 9, 3), 0x2802);
	CHECK_INT(at(&f, 0, 0), 0);
	CHECK_INT(f.shown, 6);
	CHECK_INT(f.lit_cells, 3);
	/* Every lit cell takes the hue of its boids' heading, the lone
	 * boid heading south too: east 0, south a quarter of the wheel on,
	 * west half. */
	CHECK_INT(f.out[1].tone, 0);
	CHECK_INT(f.out[2 * 10 + 4].tone, FIELD_HUES / 4);
	CHECK_INT(f.out[3 * 10 + 9].tone, FIELD_HUES / 2);
	CHECK_INT(f.out[0].tone, -1);
	/* The dense cell is the one holding the crowd of three. */
	CHECK_INT(f.out[3 * 10 + 9].style, STYLE_DENSE);
	CHECK_INT(f.out[2 * 10 + 4].style, STYLE_BOID);

	/* The ASCII ramp: two dots ':', one '.'. */
	field_free(&f);
	field_init(&f, 0, FIELD_DOTS);
	CHECK_INT(field_fit(&f, 10, 4), 0);
	field_compose(&f, &v, NULL, &cam);
	field_row_text(&f, 0, line, sizeof line);
	CHECK(strcmp(line, " :") == 0);
	field_row_text(&f, 3, line, sizeof line);
	CHECK(strcmp(line, "         .") == 0);
	field_row_text(&f, 1, line, sizeof line);
	CHECK(strcmp(line, "") == 0);
	/* UTF-8: the braille cell takes three bytes. */
	field_free(&f);
	field_init(&f, 1, FIELD_DOTS);
	CHECK_INT(field_fit(&f, 10, 4), 0);
	field_compose(&f, &v, NULL, &cam);
	CHECK_INT(field_row_text(&f, 0, line, sizeof line), 4);
	CHECK(strcmp(line, " \xe2\xa2\x81") == 0);
	field_free(&f);
	flock_free(fl);
}

/*
 * In a row, a cell drawn in the colour next to (or the same as) that of
 * the last toned cell before it, of the 256 colours' 24 round the
 * wheel, takes that cell's hue; further apart it keeps its own, and
 * the next row starts afresh. Hues of headings at 0, 69, 9, 12, 18 and
 * 15 (5 degrees each, colours 0, 23, 3, 4, 6, 5) in row 0, cells a
 * blank apart, and 3 in row 1: 0 0 9 9 18 18, then 3. In the 72
 * colours of direct colour, 69 keeps its own.
 */
static void
test_shared_hues(void)
{
	static const int hue[6] = { 0, 69, 9, 12, 18, 15 };
	struct flock *fl = flock_of(7, 12.0f, 4.0f);
	struct flock_view v;
	struct camera cam;
	struct field f;
	int k;

	CHECK(fl != NULL);
	if (!fl)
		return;
	for (k = 0; k < 6; k++) {
		double a = hue[k] * 2.0 * 3.14159265358979323846 / FIELD_HUES;

		flock_place(fl, (size_t)k, 2.0f * (float)k + 0.5f, 0.5f,
		    (float)(0.5 * cos(a)), (float)(0.5 * sin(a)));
	}
	flock_place(fl, 6, 0.5f, 2.5f, (float)(0.5 * cos(0.2618)),
	    (float)(0.5 * sin(0.2618)));    /* 15 degrees */
	flock_get_view(fl, &v);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, v.w, v.h, 12, 2);
	field_init(&f, 1, FIELD_DOTS);
	CHECK_INT(field_fit(&f, 12, 2), 0);
	field_compose(&f, &v, NULL, &cam);
	CHECK_INT(f.out[0].tone, 0);
	CHECK_INT(f.out[2].tone, 0);    /* 69: a step back from 0 */
	CHECK_INT(f.out[4].tone, 9);
	CHECK_INT(f.out[6].tone, 9);
	CHECK_INT(f.out[8].tone, 18);
	CHECK_INT(f.out[10].tone, 18);
	CHECK_INT(f.out[12].tone, 3);
	field_set_hue_ring(&f, THEME_TONES);
	field_compose(&f, &v, NULL, &cam);
	CHECK_INT(f.out[2].tone, 69);
	CHECK_INT(f.out[6].tone, 12);
	/* Dots toned by nothing have no hue to share. */
	field_set_tone_by(&f, THEME_BY_HEADING, THEME_BY_NOTHING);
	field_compose(&f, &v, NULL, &cam);
	CHECK_INT(f.out[2].tone, -1);
	field_free(&f);
	flock_free(fl);
}

/*
 * What the theme tones cells by, in both sets, at 1:1 in a 10 by 4
 * field: two boids at half the limit of 0.5 and at the limit in one
 * cell, one at a tenth in another, three at the limit in a third.
 * Speed: the mean speed's share of the limit in 24 tones; crowding:
 * four tones a doubling over the count that lights a cell (here 1).
 */
static void
test_tones(void)
{
	struct flock *fl = flock_of(6, 10.0f, 8.0f);
	struct flock_params p;
	struct flock_view v;
	struct camera cam;
	struct field f;
	int set;

	CHECK(fl != NULL);
	if (!fl)
		return;
	flock_place(fl, 0, 1.2f, 0.2f, 0.25f, 0.0f);
	flock_place(fl, 1, 1.7f, 1.7f, 0.0f, 0.5f);
	flock_place(fl, 2, 4.6f, 5.1f, 0.0f, 0.05f);
	flock_place(fl, 3, 9.1f, 6.6f, -0.5f, 0.0f);
	flock_place(fl, 4, 9.2f, 6.7f, -0.3f, -0.4f);
	flock_place(fl, 5, 9.3f, 6.8f, 0.0f, -0.5f);
	flock_get_view(fl, &v);
	flock_params_default(&p);
	p.max_speed = 0.5f;
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, v.w, v.h, 10, 4);
	for (set = FIELD_ARROWS; set <= FIELD_DOTS; set++) {
		field_init(&f, 1, (enum field_glyphs)set);
		CHECK_INT(field_fit(&f, 10, 4), 0);
		/* At first: dots by heading, arrows by nothing. */
		field_compose(&f, &v, &p, &cam);
		CHECK_INT(f.out[1].tone, set == FIELD_DOTS ?
		    field_hue(0.25f, 0.5f) : -1);
		field_set_tone_by(&f, THEME_BY_SPEED, THEME_BY_SPEED);
		field_compose(&f, &v, &p, &cam);
		CHECK_INT(f.out[1].tone, 54);          /* 0.375 of 0.5 */
		CHECK_INT(f.out[2 * 10 + 4].tone, 7);  /* 0.05 of 0.5 */
		CHECK_INT(f.out[3 * 10 + 9].tone, 71);
		CHECK_INT(f.out[0].tone, -1);
		field_set_tone_by(&f, THEME_BY_CROWD, THEME_BY_CROWD);
		field_compose(&f, &v, &p, &cam);
		CHECK_INT(f.out[1].tone, 12);          /* two: a doubling */
		CHECK_INT(f.out[2 * 10 + 4].tone, 0);
		CHECK_INT(f.out[3 * 10 + 9].tone, 19); /* 12 log2 3 */
		field_set_tone_by(&f, THEME_BY_NOTHING, THEME_BY_NOTHING);
		field_compose(&f, &v, &p, &cam);
		CHECK_INT(f.out[1].tone, -1);
		CHECK(f.out[1].ch != 0);
		field_free(&f);
	}
	flock_free(fl);
}

/*
 * Density relative to the view: a thousand boids in one dot and one
 * boid in another. The lone boid is under the 5% of sky and stays dark,
 * where arrows, which show every boid, draw both.
 */
static void
test_relative(void)
{
	struct flock *fl = flock_of(1001, 20.0f, 8.0f);
	struct flock_view v;
	struct camera cam;
	struct field f;
	size_t i;

	CHECK(fl != NULL);
	if (!fl)
		return;
	for (i = 0; i < 1000; i++)
		flock_place(fl, i, 3.1f, 3.1f, 0.3f, 0.3f);
	flock_place(fl, 1000, 15.1f, 3.1f, 0.3f, 0.0f);
	flock_get_view(fl, &v);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, v.w, v.h, 20, 4);
	field_init(&f, 1, FIELD_DOTS);
	CHECK_INT(field_fit(&f, 20, 4), 0);
	field_compose(&f, &v, NULL, &cam);
	CHECK(at(&f, 3, 1) != 0);
	CHECK_INT(at(&f, 15, 1), 0);
	field_set_glyphs(&f, FIELD_ARROWS);
	field_compose(&f, &v, NULL, &cam);
	CHECK(at(&f, 3, 1) == L'\u2198');
	CHECK(at(&f, 15, 1) == L'\u2192');
	/* Auto: 1001 boids in two cells is a crowd. */
	field_set_glyphs(&f, FIELD_AUTO);
	CHECK_INT(f.dots, 0);
	field_compose(&f, &v, NULL, &cam);
	CHECK_INT(f.dots, 1);
	CHECK(at(&f, 3, 1) >= 0x2800 && at(&f, 3, 1) <= 0x28ff);
	field_free(&f);
	flock_free(fl);
}

/* Hues go round the wheel clockwise on screen from east, one every 5
 * degrees, each centred on its heading; none for no heading. */
static void
test_hue(void)
{
	int k;

	CHECK_INT(field_hue(1, 0), 0);
	CHECK_INT(field_hue(0, 1), 18);     /* south: y grows downward */
	CHECK_INT(field_hue(-1, 0), 36);
	CHECK_INT(field_hue(0, -1), 54);
	CHECK_INT(field_hue(1, -1), 63);    /* north-east */
	CHECK_INT(field_hue(0, 0), -1);
	CHECK_INT(field_hue(NAN, 1), -1);
	for (k = 0; k < 360; k++) {
		double a = k * 3.14159265358979323846 / 180.0;
		int h = field_hue((float)cos(a), (float)sin(a));
		int want = (int)floor(k / 5.0 + 0.5) % FIELD_HUES;

		/* at the borders, rounding may take either side */
		if (k % 5 != 2 && k % 5 != 3)
			CHECK_INT(h, want);
		CHECK(h >= 0 && h < FIELD_HUES);
	}
}

/*
 * The extensions in a frame of arrows, 10 by 5 cells over a world of
 * 10 by 10 units, a cell 1 across and 2 down: a cell whose boids are
 * mostly afraid is drawn afraid, one of three is not; a leader's cell is
 * a leader's; a cell takes its commonest species, and the second kind
 * flies a triangle where the first flies an arrow.
 */
static void
test_moods(void)
{
	static const float x[8] = { 1.5f, 3.5f, 3.6f, 3.4f, 5.5f, 7.5f, 7.6f,
		8.5f };
	static const float y[8] = { 1, 1, 1.2f, 1.4f, 5, 7, 7.2f, 9 };
	static const float vx[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	static const float vy[8] = { 0 };
	static const uint32_t id[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	static const float fear[8] = { 1, 0.5f, 0, 0, 0, 0, 0, 0 };
	static const uint16_t lead[8] = { 0, 0, 0, 0, 30, 0, 0, 0 };
	static const uint8_t kind[8] = { 0, 0, 0, 0, 0, 1, 1, 0 };
	struct flock_view v;
	struct camera cam;
	struct field fd;
	const struct field_cell *c;

	memset(&v, 0, sizeof v);
	v.n = 8;
	v.x = x;
	v.y = y;
	v.vx = vx;
	v.vy = vy;
	v.id = id;
	v.w = 10;
	v.h = 10;
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, v.w, v.h, 10, 5);
	field_init(&fd, 1, FIELD_ARROWS);
	CHECK_INT(field_fit(&fd, 10, 5), 0);
	/* Without the extensions: no kinds, no afraid cells. */
	field_compose(&fd, &v, NULL, &cam);
	c = fd.out;
	CHECK_INT(c[1].style, STYLE_BOID);
	CHECK_INT(c[1].kind, -1);
	CHECK(c[3 * 10 + 7].ch == L'\u2192');
	v.fear = fear;
	v.lead = lead;
	v.kind = kind;
	v.species = 2;
	field_compose(&fd, &v, NULL, &cam);
	CHECK_INT(c[1].style, STYLE_AFRAID);          /* (1.5, 1) */
	CHECK(c[3].style != STYLE_AFRAID);            /* one of three */
	CHECK_INT(c[2 * 10 + 5].style, STYLE_LEADER); /* (5.5, 5) */
	CHECK_INT(c[3 * 10 + 7].kind, 1);             /* (7.5, 7) */
	CHECK(c[3 * 10 + 7].ch == L'\u25b8');         /* a triangle east */
	CHECK_INT(c[4 * 10 + 8].kind, 0);             /* (8.5, 9) */
	CHECK(c[4 * 10 + 8].ch == L'\u2192');         /* an arrow east */
	field_free(&fd);
}

int
main(void)
{
	test_hue();
	test_tones();
	test_shared_hues();
	test_sectors();
	test_glyphs();
	test_braille();
	test_threshold();
	test_auto();
	test_dots_frame();
	test_relative();
	test_moods();
	return check_exit("test_field");
}
