/*
 * test_trails.c: where the boids have just been, fading behind them
 * (src/view/trails.c), in cells and in pixels.
 *
 * Cells: a boid drawn in a cell of a 10x5 field leaves it; the cell
 * shows a dot in the boid's tone for the first half of the trail's
 * life, a smaller one for the second (a colon, then a full stop, in
 * ASCII), then nothing; a cell drawn with anything else keeps it. When the camera pans by two cells the mark moves with
 * the world, two cells the other way; panning half a cell at a time, it
 * moves a cell in all for each cell panned; a zoom or another size of
 * field, or trails forgotten, leave no mark.
 *
 * Pixels: a boid flying east in a 40x20 world drawn at ten pixels a
 * unit leaves a dot a frame behind its dart, the pixel next to its own
 * on the way it flew over the steps since the last frame, in its dart's
 * own colour; every frame's dot shows for the first eighth of the
 * trail's life, then only every other frame's, then every fourth's,
 * then every eighth's, each dot counted out frame by frame; nothing
 * else of the way is drawn, and a density image has no trail.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "view/trails.h"

#define COLS 10
#define ROWS 5
#define LIFE 4

static void
blank(struct field *f)
{
	size_t k;

	for (k = 0; k < f->cells; k++) {
		f->out[k].ch = 0;
		f->out[k].style = STYLE_BLANK;
		f->out[k].tone = -1;
		f->out[k].kind = -1;
	}
}

/* A frame with one boid's cell at (col, row), through cam. */
static void
frame(struct trails *t, struct field *f, const struct camera *cam,
    int col, int row)
{
	struct field_cell *c;

	blank(f);
	if (col >= 0) {
		c = &f->out[row * f->cols + col];
		c->ch = L'\u2192';
		c->style = STYLE_BOID;
		c->tone = 3;
		c->kind = 1;
	}
	trails_cells(t, f, cam, LIFE);
}

static const struct field_cell *
cell(const struct field *f, int col, int row)
{
	return &f->out[row * f->cols + col];
}

static int
marked(const struct field *f)
{
	size_t k;
	int n = 0;

	for (k = 0; k < f->cells; k++)
		n += f->out[k].style == STYLE_TRAIL;
	return n;
}

static void
test_life(void)
{
	CHECK_INT(trails_life(30), 8);
	CHECK_INT(trails_life(15), 4);
	CHECK_INT(trails_life(0), 8);
	CHECK_INT(trails_life(1), TRAILS_MIN_LIFE);
	CHECK_INT(trails_life(240), TRAILS_MAX_LIFE);
}

static void
test_cells_fade(void)
{
	struct trails t;
	struct field f;
	struct camera cam;
	const struct field_cell *c;

	trails_init(&t);
	field_init(&f, 1, FIELD_ARROWS);
	CHECK_INT(field_fit(&f, COLS, ROWS), 0);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, (float)COLS, 2.0f * ROWS, COLS, ROWS);
	frame(&t, &f, &cam, 2, 2);
	CHECK_INT(marked(&f), 0);
	/* Marked for LIFE frames: shown in two of them as a trail, in two
	 * as fading, then gone. */
	frame(&t, &f, &cam, 3, 2);
	c = cell(&f, 2, 2);
	CHECK_INT(c->ch, 0x25e6);
	CHECK_INT(c->style, STYLE_TRAIL);
	CHECK_INT(c->tone, 3);
	CHECK_INT(c->kind, 1);
	CHECK_INT(cell(&f, 3, 2)->style, STYLE_BOID);
	CHECK_INT(marked(&f), 1);
	frame(&t, &f, &cam, 4, 2);
	CHECK_INT(cell(&f, 2, 2)->ch, 0x25e6);
	CHECK_INT(cell(&f, 3, 2)->ch, 0x25e6);
	frame(&t, &f, &cam, 5, 2);
	CHECK_INT(cell(&f, 2, 2)->style, STYLE_TRAIL);
	CHECK_INT(cell(&f, 2, 2)->ch, 0x00b7);
	CHECK_INT(cell(&f, 2, 2)->tone, 3);
	CHECK_INT(cell(&f, 3, 2)->ch, 0x25e6);
	frame(&t, &f, &cam, 6, 2);
	CHECK_INT(cell(&f, 2, 2)->ch, 0x00b7);
	frame(&t, &f, &cam, 7, 2);
	CHECK_INT(cell(&f, 2, 2)->ch, 0);
	CHECK_INT(cell(&f, 2, 2)->style, STYLE_BLANK);
	CHECK_INT(marked(&f), 4);
	/* What is drawn over a mark stays. */
	blank(&f);
	f.out[2 * COLS + 6].ch = L'#';
	f.out[2 * COLS + 6].style = STYLE_OBSTACLE;
	trails_cells(&t, &f, &cam, LIFE);
	CHECK_INT(cell(&f, 6, 2)->style, STYLE_OBSTACLE);
	CHECK_INT(cell(&f, 6, 2)->ch, L'#');
	CHECK_INT(cell(&f, 7, 2)->style, STYLE_TRAIL);
	/* ASCII draws a colon, then a full stop. */
	f.unicode = 0;
	frame(&t, &f, &cam, -1, 0);
	CHECK_INT(cell(&f, 7, 2)->ch, ':');
	CHECK_INT(cell(&f, 5, 2)->ch, '.');
	trails_free(&t);
	field_free(&f);
}

/* The mark of a boid that stood at (2, 2), as the camera then moves. */
static void
test_cells_camera(void)
{
	struct trails t;
	struct field f;
	struct camera cam, was;
	int k;

	trails_init(&t);
	field_init(&f, 1, FIELD_ARROWS);
	CHECK_INT(field_fit(&f, COLS, ROWS), 0);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, (float)COLS, 2.0f * ROWS, COLS, ROWS);
	was = cam;
	frame(&t, &f, &cam, 2, 2);
	cam.cx += 2.0;
	frame(&t, &f, &cam, -1, 0);
	CHECK_INT(marked(&f), 1);
	CHECK_INT(cell(&f, 0, 2)->style, STYLE_TRAIL);
	/* Half a cell across and a row down at a time: a cell for each. */
	cam = was;
	trails_forget(&t);
	frame(&t, &f, &cam, 4, 3);
	for (k = 0; k < 2; k++) {
		cam.cx += 0.5;
		cam.cy += 1.0;
		frame(&t, &f, &cam, -1, 0);
	}
	CHECK_INT(marked(&f), 1);
	CHECK_INT(cell(&f, 3, 2)->style, STYLE_TRAIL);
	CHECK_INT(cell(&f, 3, 2)->ch, 0x25e6);
	/* Out of the view: gone, and not back when the view returns. */
	frame(&t, &f, &cam, 1, 1);
	cam.cx += 20.0;
	frame(&t, &f, &cam, -1, 0);
	cam.cx -= 20.0;
	frame(&t, &f, &cam, -1, 0);
	CHECK_INT(marked(&f), 0);
	/* A zoom. */
	frame(&t, &f, &cam, 1, 1);
	cam.scale *= 0.5;
	frame(&t, &f, &cam, -1, 0);
	CHECK_INT(marked(&f), 0);
	/* Another size of field. */
	cam = was;
	frame(&t, &f, &cam, 1, 1);
	CHECK_INT(field_fit(&f, COLS - 1, ROWS), 0);
	cam.cols = COLS - 1;
	frame(&t, &f, &cam, -1, 0);
	CHECK_INT(marked(&f), 0);
	/* Forgotten. */
	frame(&t, &f, &cam, 1, 1);
	trails_forget(&t);
	frame(&t, &f, &cam, -1, 0);
	CHECK_INT(marked(&f), 0);
	trails_free(&t);
	field_free(&f);
}

/* ---- Pixels ---- */

#define PW 400
#define PH 200
#define PIXEL_LIFE 8

/* The pixels lit in row 100 from x0 to x1, and whether all of them
 * are colour c. */
static int
lit_in(const struct pixels *px, int x0, int x1, unsigned char c, int *all)
{
	const unsigned char *row = px->image.pix + 100 * PW;
	int x, n = 0;

	*all = 1;
	for (x = x0; x <= x1; x++)
		if (row[x]) {
			n++;
			*all = *all && row[x] == c;
		}
	return n;
}

/* One boid at (x, 10) flying east at half a unit a step. */
static void
boid_at(struct flock_view *v, float *x, float *y, float *vx, float *vy)
{
	static const uint32_t id = 0;

	memset(v, 0, sizeof *v);
	v->n = 1;
	v->x = x;
	v->y = y;
	v->vx = vx;
	v->vy = vy;
	v->id = &id;
	v->w = 40.0f;
	v->h = 20.0f;
}

/* The boid flown on two units (20 pixels, the way of four steps at
 * its speed) and drawn, with its trail. */
static void
fly_on(struct trails *t, struct pixels *px, struct flock_view *v,
    const struct camera *cam, float *x)
{
	*x += 2.0f;
	pixels_compose(px, v, NULL, cam, 0);
	trails_pixels(t, px, v, cam, 4.0, PIXEL_LIFE);
}

static void
test_pixels(void)
{
	struct trails t;
	struct pixels px;
	struct camera cam;
	struct flock_view v;
	float x = 10.05f, y = 10.05f, vx = 0.5f, vy = 0.0f;
	unsigned char c, *row;
	int k, all;

	trails_init(&t);
	pixels_init(&px);
	pixels_set_mode(&px, PIXELS_SPRITES);
	CHECK_INT(pixels_fit(&px, PW, PH, 10, 20), 0);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, 40.0f, 20.0f, 40, 10);
	boid_at(&v, &x, &y, &vx, &vy);
	row = px.image.pix + 100 * PW;
	/* The boid's point is pixel (100, 100); its dart lies east of it,
	 * and four steps of half a unit lie 20 pixels west: pixels 80 to
	 * 99. Its dot is the nearest, 99, in the dart's own colour. */
	pixels_compose(&px, &v, NULL, &cam, 0);
	c = row[106];
	CHECK(c != 0);
	CHECK_INT(lit_in(&px, 70, 99, c, &all), 0);
	trails_pixels(&t, &px, &v, &cam, 4.0, PIXEL_LIFE);
	CHECK_INT(lit_in(&px, 70, 99, c, &all), 1);
	CHECK(all);
	CHECK_INT(row[99], c);
	CHECK_INT(row[106], c);
	CHECK_INT(px.image.pix[90 * PW + 85], 0);
	/*
	 * Frames 2 to 7, the boid 20 pixels on each time. A trail of 8
	 * frames shows an odd frame's dot one frame (an eighth of its
	 * life), frame 2's (and 6's) two, frame 4's four, frame 8's all
	 * eight. At frame 7 the boid is at 220: its own dot (219), and
	 * behind it only frame 6's (199) and frame 4's (159).
	 */
	for (k = 2; k <= 7; k++)
		fly_on(&t, &px, &v, &cam, &x);
	CHECK_INT(lit_in(&px, 70, 219, c, &all), 3);
	CHECK(all);
	CHECK_INT(row[219], c);
	CHECK_INT(row[199], c);
	CHECK_INT(row[159], c);
	/* Frame 8: frame 4's dot has had its four frames, frame 6's its
	 * two, odd frame 7's its one: only the newest is left. */
	fly_on(&t, &px, &v, &cam, &x);
	CHECK_INT(lit_in(&px, 70, 239, c, &all), 1);
	CHECK_INT(row[239], c);
	/* Frame 15, the boid at 380: frame 8's dot (239) has had seven of
	 * its eight frames, frame 12's (319) all four, frame 14's (359)
	 * both, and odd frame 15's (379) is new; frame 10's and the other
	 * odd frames' are gone. */
	for (k = 9; k <= 15; k++)
		fly_on(&t, &px, &v, &cam, &x);
	CHECK_INT(lit_in(&px, 70, 379, c, &all), 4);
	CHECK(all);
	CHECK_INT(row[239], c);
	CHECK_INT(row[319], c);
	CHECK_INT(row[359], c);
	CHECK_INT(row[379], c);
	/* Frame 16: each of them has had its time; the new dot is left. */
	fly_on(&t, &px, &v, &cam, &x);
	CHECK_INT(lit_in(&px, 70, 399, c, &all), 1);
	CHECK_INT(row[399], c);
	/* A density image, the boid back at 260: no trail. */
	pixels_set_mode(&px, PIXELS_DENSITY);
	x = 24.05f;
	fly_on(&t, &px, &v, &cam, &x);
	CHECK_INT(lit_in(&px, 70, 259, c, &all), 0);
	trails_free(&t);
	pixels_free(&px);
}

int
main(void)
{
	test_life();
	test_cells_fade();
	test_cells_camera();
	test_pixels();
	return check_exit("test_trails");
}
