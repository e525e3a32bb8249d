/*
 * test_render.c: world to cells, colours, and whole frames drawn on a
 * curses screen that writes to /dev/null.
 *
 * Cells are one unit across and two down: cell (c, r) holds x in [c, c+1)
 * and y in [2r, 2r+2).
 */
#include <curses.h>
#include <math.h>
#include <string.h>
#include <wchar.h>

#include "check.h"
#include "engine/flock.h"
#include "session/input.h"
#include "term/term.h"
#include "view/render.h"

static int
cell_is(float x, float y, int cols, int rows, int col, int row)
{
	int c = -7, r = -7;

	return render_cell(x, y, cols, rows, &c, &r) == 1 && c == col &&
	    r == row;
}

static int
outside(float x, float y, int cols, int rows)
{
	int c, r;

	return render_cell(x, y, cols, rows, &c, &r) == 0;
}

static void
test_cells(void)
{
	int cols, rows;

	/* An 80 by 24 terminal: 23 rows above the status line, 46 units
	 * tall. */
	CHECK(cell_is(0.0f, 0.0f, 80, 23, 0, 0));
	CHECK(cell_is(0.999f, 1.999f, 80, 23, 0, 0));
	CHECK(cell_is(1.0f, 2.0f, 80, 23, 1, 1));
	CHECK(cell_is(10.5f, 3.9f, 80, 23, 10, 1));
	CHECK(cell_is(10.5f, 4.0f, 80, 23, 10, 2));
	CHECK(cell_is(79.99f, 45.99f, 80, 23, 79, 22));
	CHECK(cell_is(40.0f, 23.0f, 80, 23, 40, 11));
	/* Aspect: two units down is one row, one unit across one column. */
	CHECK(cell_is(5.0f, 10.0f, 80, 23, 5, 5));
	CHECK(cell_is(5.0f, 11.0f, 80, 23, 5, 5));
	CHECK(cell_is(6.0f, 10.0f, 80, 23, 6, 5));
	/* Off the world: boids start there and fly in. */
	CHECK(outside(80.0f, 10.0f, 80, 23));
	CHECK(outside(10.0f, 46.0f, 80, 23));
	CHECK(outside(-0.001f, 10.0f, 80, 23));
	CHECK(outside(10.0f, -0.001f, 80, 23));
	CHECK(outside(-30.0f, -30.0f, 80, 23));
	CHECK(outside(1e30f, 5.0f, 80, 23));
	CHECK(outside(NAN, 5.0f, 80, 23));
	CHECK(outside(5.0f, NAN, 80, 23));
	CHECK(outside(INFINITY, 5.0f, 80, 23));
	/* The smallest world, and none at all. */
	CHECK(cell_is(0.5f, 1.5f, 1, 1, 0, 0));
	CHECK(outside(0.5f, 2.0f, 1, 1));
	CHECK(outside(1.0f, 0.5f, 1, 1));
	CHECK(outside(0.0f, 0.0f, 0, 5));
	CHECK(outside(0.0f, 0.0f, 5, 0));
	/* Every size: the four corner cells from inside, and just beyond. */
	for (cols = 1; cols <= 40; cols++)
		for (rows = 1; rows <= 20; rows++) {
			float w = (float)cols, h = 2.0f * (float)rows;

			CHECK(cell_is(0.0f, 0.0f, cols, rows, 0, 0));
			CHECK(cell_is(w - 0.25f, 0.0f, cols, rows, cols - 1,
			    0));
			CHECK(cell_is(0.0f, h - 0.25f, cols, rows, 0,
			    rows - 1));
			CHECK(cell_is(w - 0.25f, h - 0.25f, cols, rows,
			    cols - 1, rows - 1));
			CHECK(cell_is(w - 0.5f, h - 1.0f, cols, rows, cols - 1,
			    rows - 1));
			CHECK(outside(w, 0.0f, cols, rows));
			CHECK(outside(0.0f, h, cols, rows));
			CHECK(outside(-0.25f, h / 2.0f, cols, rows));
		}
}

/* The smallest terminal the world is drawn in. */
static void
test_usable(void)
{
	CHECK_INT(render_usable(10, 3), 1);
	CHECK_INT(render_usable(9, 3), 0);
	CHECK_INT(render_usable(10, 2), 0);
	CHECK_INT(render_usable(1, 1), 0);
	CHECK_INT(render_usable(200, 60), 1);
}

/* The status of a frame: the default weights, 200 boids at 30 fps. */
static void
status_default(struct status *s, struct flock_params *p)
{
	flock_params_default(p);
	p->cohesion = p->separation = p->alignment = 1.0f;
	memset(s, 0, sizeof *s);
	s->params = p;
	s->n = 200;
	s->fps = 30;
	s->selected = WEIGHT_COHESION;
}

/* What curses last sent to cell (row, col) of the screen. */
static wchar_t
screen_at(int row, int col)
{
	cchar_t cc;
	wchar_t wc[CCHARW_MAX + 1];
	attr_t attr;
	short pair;

	if (mvwin_wch(curscr, row, col, &cc) == ERR)
		return 0;
	getcchar(&cc, wc, &attr, &pair, NULL);
	return wc[0];
}

/* The attributes and colour pair of cell (row, col) of the screen. */
static void
screen_look(int row, int col, attr_t *attr, short *pair)
{
	cchar_t cc;
	wchar_t wc[CCHARW_MAX + 1];

	*attr = 0;
	*pair = -1;
	if (mvwin_wch(curscr, row, col, &cc) != ERR)
		getcchar(&cc, wc, attr, pair, NULL);
}

static int
screen_row_has(int row, const char *text)
{
	char line[256];
	int col, n = COLS < 255 ? COLS : 255;

	for (col = 0; col < n; col++) {
		wchar_t wc = screen_at(row, col);

		line[col] = wc > 0 && wc < 127 ? (char)wc : '?';
	}
	line[n] = '\0';
	return strstr(line, text) != NULL;
}

static int
screen_count(wchar_t want, int rows)
{
	int row, col, n = 0;

	for (row = 0; row < rows; row++)
		for (col = 0; col < COLS; col++)
			n += screen_at(row, col) == want;
	return n;
}

/* Whole frames on a real curses screen that writes to /dev/null. */
static void
test_frames(void)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	struct flock_params p;
	struct flock *f;
	struct flock_view v;
	struct status st;
	struct render *r;
	int colors, k;

	flock_params_default(&p);
	p.bounds = 0;
	f = flock_new(4, 80.0f, 46.0f, &p, 3, 0, 0);
	CHECK(out && in && f);
	if (!out || !in || !f)
		return;
	CHECK_INT(term_open("vt100", out, in, 0, &colors), 0);
	CHECK_INT(colors, 0);
	resizeterm(24, 80);
	r = render_new(0, 0);
	CHECK(r != NULL);
	CHECK_INT(render_resize(r, 80, 24), 0);

	/* Two boids in cell (10, 5) heading one way, one alone heading
	 * another, and one far off the world. */
	flock_place(f, 0, 10.2f, 10.5f, 0.5f, 0.0f);
	flock_place(f, 1, 10.8f, 11.5f, 0.5f, 0.1f);
	flock_place(f, 2, 30.5f, 20.0f, 0.0f, -0.5f);
	flock_place(f, 3, -50.0f, -50.0f, 0.5f, 0.0f);
	flock_place_obstacle(f, 0, 60.0f, 30.0f, 3.0f);
	flock_place_predator(f, 0, 70.5f, 4.5f, -0.4f, 0.4f);
	p = *flock_params(f);
	p.goal_on = 1;
	p.goal_x = 0.5f;
	p.goal_y = 0.5f;
	flock_set_params(f, &p);
	flock_get_view(f, &v);
	status_default(&st, &p);
	st.params = flock_params(f);
	render_frame(r, &v, &st);
	term_flush();

	CHECK(screen_at(5, 10) == L'>');
	CHECK(screen_at(10, 30) == L'^');
	CHECK(screen_at(2, 70) == L'@');
	CHECK(screen_at(11, 40) == L'+');
	/* A disc of radius 3 at (60, 30): cell centres are at y 29 on row
	 * 14 and y 31 on row 15, 1 from its centre, so columns whose centre
	 * is within sqrt(8) of x 60 are inside: 57..62. Rows 13 and 16 have
	 * their centres 3 away, on the rim: outside. */
	for (k = 57; k <= 62; k++) {
		CHECK(screen_at(14, k) == L'#');
		CHECK(screen_at(15, k) == L'#');
	}
	CHECK(screen_at(15, 56) != L'#');
	CHECK(screen_at(15, 63) != L'#');
	CHECK(screen_at(13, 60) != L'#');
	CHECK(screen_at(16, 60) != L'#');
	CHECK_INT(screen_count(L'#', 23), 12);
	/* 3 boids on the screen, 2 of them in one cell: 2 glyphs. */
	CHECK_INT(screen_count(L'>', 23) + screen_count(L'^', 23), 2);
	CHECK(screen_row_has(23, "coh 1.00  sep 1.00  ali 1.00"));
	CHECK(screen_row_has(23, "goal 40,11"));

	/* Opposite headings in one cell cancel: no arrow, the crowd mark. */
	flock_place(f, 0, 20.2f, 10.5f, 0.5f, 0.0f);
	flock_place(f, 1, 20.8f, 10.5f, -0.5f, 0.0f);
	flock_get_view(f, &v);
	render_frame(r, &v, &st);
	term_flush();
	CHECK(screen_at(5, 20) == L'*');
	CHECK(screen_at(5, 10) == L' ');

	/* The overlay lists every key: n lines in a box of n + 4 rows,
	 * centred in 23 (or from the top when taller), the first key on
	 * the box's second row. */
	st.nhelp = input_help(&st.help);
	render_frame(r, &v, &st);
	term_flush();
	k = 23 - ((int)st.nhelp + 4);
	CHECK(screen_row_has(k > 0 ? k / 2 + 1 : 1, "q, Esc"));
	for (k = 0; k < (int)st.nhelp; k++) {
		int row, found = 0;

		for (row = 0; row < 23; row++)
			found |= screen_row_has(row, st.help[k].what);
		CHECK(found);
	}
	/* However many keys, the way out shows within the grid. */
	{
		int row, found = 0;

		for (row = 0; row < 23; row++)
			found |= screen_row_has(row, "any key closes this");
		CHECK(found);
	}
	st.help = NULL;
	st.nhelp = 0;

	/* Down to 1 by 1 and back: a notice, then the flock again. */
	resizeterm(1, 1);
	CHECK_INT(render_resize(r, 1, 1), 0);
	render_frame(r, &v, &st);
	term_flush();
	CHECK(screen_at(0, 0) == L'!');
	resizeterm(5, 9);
	render_resize(r, 9, 5);
	render_frame(r, &v, &st);
	term_flush();
	CHECK(screen_row_has(2, "too small"));
	resizeterm(3, 10);
	render_resize(r, 10, 3);
	flock_resize(f, 10.0f, 4.0f);
	flock_get_view(f, &v);
	render_frame(r, &v, &st);
	term_flush();
	CHECK(screen_row_has(2, "coh 1.00"));
	resizeterm(60, 200);
	render_resize(r, 200, 60);
	render_frame(r, &v, &st);
	term_flush();
	CHECK(screen_row_has(59, "coh 1.00  sep 1.00  ali 1.00"));

	render_free(r);
	term_close();
	flock_free(f);
	fclose(out);
	fclose(in);
}

/*
 * Colour as the byte budget wants it: one boid, a few and a crowd each
 * look different, but a blank cell carries the lone boid's pair, so a
 * row of boids and gaps needs no colour change. The status line is in
 * reverse video with the selected multiplier underlined.
 */
static void
test_colours(void)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	struct flock_params p;
	struct flock *f;
	struct flock_view v;
	struct status st;
	struct render *r;
	attr_t a1, a2, a5, ablank, astatus, asel;
	short p1, p2, p5, pblank, pstatus, psel;
	int colors, k;

	flock_params_default(&p);
	f = flock_new(8, 80.0f, 46.0f, &p, 3, 0, 0);
	CHECK(out && in && f);
	if (!out || !in || !f)
		return;
	CHECK_INT(term_open("xterm-256color", out, in, 1, &colors), 0);
	CHECK_INT(colors, 256);
	resizeterm(24, 80);
	r = render_new(0, colors);
	render_resize(r, 80, 24);
	flock_place(f, 0, 5.5f, 5.0f, 0.5f, 0.0f);       /* alone: (5, 2) */
	flock_place(f, 1, 10.2f, 5.0f, 0.5f, 0.0f);      /* two: (10, 2) */
	flock_place(f, 2, 10.7f, 5.5f, 0.5f, 0.0f);
	for (k = 3; k < 8; k++)                           /* five: (20, 2) */
		flock_place(f, (size_t)k, 20.1f + 0.1f * (float)(k - 3), 4.5f,
		    0.5f, 0.0f);
	flock_get_view(f, &v);
	status_default(&st, &p);
	st.params = flock_params(f);
	st.selected = WEIGHT_SEPARATION;
	st.glyphs = FIELD_ARROWS;
	render_frame(r, &v, &st);
	term_flush();

	CHECK(screen_at(2, 5) == L'>' && screen_at(2, 10) == L'>' &&
	    screen_at(2, 20) == L'>');
	screen_look(2, 5, &a1, &p1);
	screen_look(2, 10, &a2, &p2);
	screen_look(2, 20, &a5, &p5);
	screen_look(2, 7, &ablank, &pblank);
	CHECK(p1 > 0);
	CHECK(p1 != p2 && p2 != p5 && p1 != p5);
	CHECK((a5 & A_BOLD) != 0);
	CHECK(pblank == p1);
	CHECK((ablank & (A_BOLD | A_REVERSE | A_UNDERLINE)) == 0);
	screen_look(23, 0, &astatus, &pstatus);
	screen_look(23, 10, &asel, &psel);
	CHECK((astatus & A_REVERSE) != 0 && (astatus & A_UNDERLINE) == 0);
	CHECK((asel & A_REVERSE) != 0 && (asel & A_UNDERLINE) != 0);

	render_free(r);
	term_close();
	flock_free(f);
	fclose(out);
	fclose(in);
}

/* The background colour of cell (row, col)'s pair: -1 the terminal's. */
static short
screen_background(int row, int col)
{
	attr_t attr;
	short pair, fg, bg = -2;

	screen_look(row, col, &attr, &pair);
	if (pair <= 0)
		return -1;
	pair_content(pair, &fg, &bg);
	return bg;
}

/*
 * The field drawn in pixels by another hand: its cells stay blank, and
 * the text over it is drawn where render_text_box() says. Over a
 * picture that lies under text (kitty's), the overlay and the panel
 * have a background of their own, which hides the picture; beside one
 * that paints over text (sixel), they are as they are in cells.
 */
static void
test_pixels(void)
{
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	struct flock_params p;
	struct flock *f;
	struct flock_view v;
	struct status st;
	struct render *r;
	int colors, box[4], k;

	flock_params_default(&p);
	f = flock_new(300, 80.0f, 46.0f, &p, 3, 0, 0);
	CHECK(out && in && f);
	if (!out || !in || !f)
		return;
	/* A boid in every other cell of the field. */
	for (k = 0; k < 300; k++)
		flock_place(f, (size_t)k, 0.5f + (float)(2 * k % 80),
		    1.0f + 2.0f * (float)(2 * k / 80 % 23), 0.5f, 0.0f);
	CHECK_INT(term_open("xterm-256color", out, in, 1, &colors), 0);
	resizeterm(24, 80);
	r = render_new(0, colors);
	CHECK(r != NULL);
	render_set_theme(r, THEME_HEADING, THEME_BG_DARK);
	CHECK_INT(render_resize(r, 80, 24), 0);
	flock_get_view(f, &v);
	status_default(&st, &p);
	render_frame(r, &v, &st);
	term_flush();
	CHECK(screen_count(L' ', 23) < 23 * 80);
	CHECK_INT(render_text_box(r, &st, box), 0);

	render_set_field(r, RENDER_PIXELS_UNDER_TEXT);
	render_frame(r, &v, &st);
	term_flush();
	CHECK_INT(screen_count(L' ', 23), 23 * 80);
	CHECK(screen_row_has(23, "coh 1.00"));
	/* The overlay: its box, its text within it, its background its
	 * own, the field's cells beside it the terminal's. */
	st.nhelp = input_help(&st.help);
	render_frame(r, &v, &st);
	term_flush();
	CHECK_INT(render_text_box(r, &st, box), 1);
	CHECK(box[2] > 20 && box[3] > 10 && box[0] + box[2] <= 80 &&
	    box[1] + box[3] <= 23);
	CHECK(screen_row_has(box[1], "keys"));
	CHECK(screen_row_has(box[1] + 1, "q, Esc"));
	CHECK(!screen_row_has(box[1] - 1, "keys") || box[1] == 0);
	for (k = 0; k < box[2]; k++) {
		CHECK_INT(screen_background(box[1] + 1, box[0] + k), 16);
		CHECK_INT(screen_background(box[1] + box[3] - 1, box[0] + k),
		    16);
	}
	if (box[0] > 0)
		CHECK_INT(screen_background(box[1] + 1, box[0] - 1), -1);
	/* Beside a picture over text: the terminal's background. */
	render_set_field(r, RENDER_PIXELS_OVER_TEXT);
	render_frame(r, &v, &st);
	term_flush();
	CHECK_INT(screen_background(box[1] + 1, box[0] + 1), -1);
	CHECK(screen_row_has(box[1] + 1, "q, Esc"));
	st.help = NULL;
	st.nhelp = 0;
	CHECK_INT(render_text_box(r, &st, box), 0);

	render_free(r);
	term_close();
	flock_free(f);
	fclose(out);
	fclose(in);
}

int
main(void)
{
	test_cells();
	test_usable();
	test_frames();
	test_colours();
	test_pixels();
	return check_exit("test_render");
}
