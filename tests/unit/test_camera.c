/*
 * test_camera.c: the view of the world. Cell to world and back at every
 * zoom the keys reach and every pan, so that a click lands where it was
 * made; fitting by hand-worked scales; zoom keeping the point under the
 * pointer; resizing keeping the centre; the largest group found among
 * groups placed by hand; the start modes placed where they say.
 */
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "view/camera.h"

/* Every cell's centre maps back to that cell. */
static int
round_trips(const struct camera *c)
{
	int col, row, bad = 0;

	for (row = 0; row < c->rows; row++)
		for (col = 0; col < c->cols; col++) {
			double x, y;
			int c2 = -1, r2 = -1;

			camera_point(c, col, row, &x, &y);
			if (!camera_cell(c, x, y, &c2, &r2) || c2 != col ||
			    r2 != row)
				bad++;
		}
	return bad;
}

static void
test_fit(void)
{
	struct camera c;

	memset(&c, 0, sizeof c);
	/* The terminal's own screen: 1:1, nothing on the status line. */
	camera_fit(&c, 80.0f, 46.0f, 80, 23);
	CHECK_NEAR(c.scale, 1.0, 1e-12);
	CHECK_NEAR(camera_zoom_level(&c), 0.0, 0.0);
	CHECK_NEAR(c.cx, 40.0, 1e-12);
	CHECK_NEAR(c.cy, 23.0, 1e-12);
	/* World point (10.5, 7) is cell (10, 3) at 1:1. */
	{
		int col, row;

		CHECK(camera_cell(&c, 10.5, 7.0, &col, &row));
		CHECK_INT(col, 10);
		CHECK_INT(row, 3);
		CHECK(!camera_cell(&c, 80.0, 7.0, &col, &row));
		CHECK(!camera_cell(&c, -0.01, 7.0, &col, &row));
	}
	/* A world 8 times as wide, 4 times as tall: the width decides. */
	camera_fit(&c, 640.0f, 184.0f, 80, 23);
	CHECK_NEAR(c.scale, 8.0, 1e-12);
	CHECK_NEAR(camera_zoom_level(&c), -8.0, 1e-12);
	/* One 4 times as tall only: the height decides. */
	camera_fit(&c, 80.0f, 184.0f, 80, 23);
	CHECK_NEAR(c.scale, 4.0, 1e-12);
	CHECK_INT(round_trips(&c), 0);
}

/* A click lands where it was made: at every zoom the keys and the
 * wheel reach, after pans, on odd and even view sizes. */
static void
test_round_trip(void)
{
	static const int sizes[][2] = { { 80, 23 }, { 121, 39 }, { 10, 2 },
		{ 200, 59 } };
	struct camera c;
	size_t s;
	int k, bad = 0, levels = 0;

	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		float w = 1000.0f, h = 700.0f;

		memset(&c, 0, sizeof c);
		camera_fit(&c, w, h, sizes[s][0], sizes[s][1]);
		bad += round_trips(&c);
		for (k = 0; k < 12; k++) {
			camera_zoom(&c, CAMERA_ZOOM_STEP, c.cols / 2,
			    c.rows / 2, w, h);
			camera_pan(&c, k % 3 - 1, k % 2, w, h);
			bad += round_trips(&c);
			levels++;
		}
		for (k = 0; k < 16; k++) {
			camera_zoom(&c, 1.0 / CAMERA_ZOOM_STEP, 1, 0, w, h);
			bad += round_trips(&c);
			levels++;
		}
	}
	CHECK_INT(bad, 0);
	CHECK_INT(levels, 4 * 28);
}

/* Zooming keeps the world point under the pointer in its cell, within
 * the limits; the status shows K or 1/K. */
static void
test_zoom(void)
{
	struct camera c;
	double x0, y0, x1, y1;
	int col, row, k;

	memset(&c, 0, sizeof c);
	camera_fit(&c, 80.0f, 46.0f, 80, 23);
	camera_point(&c, 20, 5, &x0, &y0);
	camera_zoom(&c, 2.0, 20, 5, 80.0f, 46.0f);
	CHECK_NEAR(c.scale, 0.5, 1e-12);
	CHECK_NEAR(camera_zoom_level(&c), 2.0, 1e-12);
	CHECK_INT(c.fitted, 0);
	camera_point(&c, 20, 5, &x1, &y1);
	CHECK_NEAR(x1, x0, 1e-9);
	CHECK_NEAR(y1, y0, 1e-9);
	CHECK(camera_cell(&c, x0, y0, &col, &row));
	CHECK_INT(col, 20);
	CHECK_INT(row, 5);
	/* Cell (20, 5) at zoom 2 spans half a unit: (x0 - 0.25) is the
	 * cell's left edge, (x0 - 0.26) the cell before. */
	CHECK(camera_cell(&c, x0 - 0.24, y0, &col, &row) && col == 20);
	CHECK(camera_cell(&c, x0 - 0.26, y0, &col, &row) && col == 19);
	for (k = 0; k < 20; k++)
		camera_zoom(&c, 2.0, 40, 11, 80.0f, 46.0f);
	CHECK_NEAR(c.scale, 1.0 / CAMERA_ZOOM_IN_MAX, 1e-12);
	for (k = 0; k < 20; k++)
		camera_zoom(&c, 0.5, 40, 11, 80.0f, 46.0f);
	CHECK_NEAR(c.scale, CAMERA_ZOOM_OUT_MAX, 1e-12);
	CHECK_NEAR(camera_zoom_level(&c), -CAMERA_ZOOM_OUT_MAX, 1e-12);
}

/* Resizing keeps the centre and the zoom; a fitted view fits again. */
static void
test_resize(void)
{
	struct camera c;

	memset(&c, 0, sizeof c);
	camera_fit(&c, 800.0f, 230.0f, 80, 23);
	CHECK_NEAR(c.scale, 10.0, 1e-12);
	camera_resize(&c, 800.0f, 230.0f, 160, 23);
	CHECK_NEAR(c.scale, 5.0, 1e-12);
	camera_zoom(&c, 4.0, 10, 3, 800.0f, 230.0f);
	camera_pan(&c, 1, 1, 800.0f, 230.0f);
	{
		double cx = c.cx, cy = c.cy, s = c.scale;

		camera_resize(&c, 800.0f, 230.0f, 100, 40);
		CHECK_NEAR(c.cx, cx, 1e-12);
		CHECK_NEAR(c.cy, cy, 1e-12);
		CHECK_NEAR(c.scale, s, 1e-12);
		CHECK_INT(c.cols, 100);
		CHECK_INT(c.rows, 40);
	}
	/* Panning never takes the centre off the world. */
	{
		int k;

		for (k = 0; k < 100; k++)
			camera_pan(&c, -1, -1, 800.0f, 230.0f);
		CHECK_NEAR(c.cx, 0.0, 0.0);
		CHECK_NEAR(c.cy, 0.0, 0.0);
	}
}

/* Three groups by hand: 30 boids, 50 in a loose line of touching bins,
 * 20; the line wins, and its centre is the mean of its boids. */
static void
test_largest_group(void)
{
	struct flock_params p;
	struct flock *f;
	struct flock_view v;
	struct camera c;
	double x = -1, y = -1;
	size_t i, k = 0;

	flock_params_default(&p);
	f = flock_new(100, 400.0f, 200.0f, &p, 1, 0, 0);
	CHECK(f != NULL);
	if (!f)
		return;
	for (i = 0; i < 30; i++)
		flock_place(f, k++, 20.0f + (float)(i % 5), 20.0f, 0.1f, 0.0f);
	/* x from 200 to 249, one a unit: bins of 8.33 units all touch. */
	for (i = 0; i < 50; i++)
		flock_place(f, k++, 200.0f + (float)i, 150.0f, 0.1f, 0.0f);
	for (i = 0; i < 20; i++)
		flock_place(f, k++, 350.0f, 30.0f + (float)i * 0.1f, 0.1f, 0.0f);
	flock_get_view(f, &v);
	CHECK(camera_largest_group(&v, &x, &y));
	CHECK_NEAR(x, 224.5, 1e-9);
	CHECK_NEAR(y, 150.0, 1e-9);
	/* Following glides there a share of the way each frame. */
	memset(&c, 0, sizeof c);
	camera_fit(&c, 400.0f, 200.0f, 80, 23);
	camera_zoom(&c, 4.0, 40, 11, 400.0f, 200.0f);
	c.follow = 1;
	for (i = 0; i < 100; i++)
		camera_follow(&c, &v);
	CHECK_NEAR(c.cx, 224.5, 1e-3);
	CHECK_NEAR(c.cy, 150.0, 1e-3);
	/* Off, it stays. */
	c.follow = 0;
	c.cx = 10.0;
	camera_follow(&c, &v);
	CHECK_NEAR(c.cx, 10.0, 0.0);
	flock_free(f);
}

/* The start modes: edges all outside, random all inside and spread
 * over the four quarters unevenly, auto by how soon the flock flies in. */
static void
test_start(void)
{
	struct flock_params p;
	struct flock *f;
	struct flock_view v;
	size_t i, inside, q[4];
	int seed, uneven = 0, sides_seen = 0;

	flock_params_default(&p);
	CHECK_INT(flock_start_chosen(&p, 200, 80.0f, 46.0f),
	    FLOCK_START_EDGES);
	CHECK_INT(flock_start_chosen(&p, 100000, 80.0f, 46.0f),
	    FLOCK_START_RANDOM);
	/* 40 steps at 0.5 is 20 units of band; a band of n * 4 / 252. */
	CHECK_INT(flock_start_chosen(&p, 1260, 80.0f, 46.0f),
	    FLOCK_START_EDGES);
	CHECK_INT(flock_start_chosen(&p, 1261, 80.0f, 46.0f),
	    FLOCK_START_RANDOM);
	p.start = FLOCK_START_EDGES;
	CHECK_INT(flock_start_chosen(&p, 100000, 80.0f, 46.0f),
	    FLOCK_START_EDGES);
	p.start = FLOCK_START_RANDOM;
	CHECK_INT(flock_start_chosen(&p, 10, 80.0f, 46.0f),
	    FLOCK_START_RANDOM);

	for (seed = 1; seed <= 5; seed++) {
		int side[4] = { 0, 0, 0, 0 };

		p.start = FLOCK_START_EDGES;
		f = flock_new(300, 80.0f, 46.0f, &p, (uint64_t)seed, 0, 0);
		CHECK(f != NULL);
		if (!f)
			return;
		flock_get_view(f, &v);
		inside = 0;
		for (i = 0; i < v.n; i++) {
			inside += v.x[i] >= 0 && v.x[i] < v.w && v.y[i] >= 0 &&
			    v.y[i] < v.h;
			side[0] += v.y[i] < 0;
			side[1] += v.y[i] >= v.h;
			side[2] += v.x[i] < 0;
			side[3] += v.x[i] >= v.w;
		}
		CHECK_INT(inside, 0);
		sides_seen += (side[0] > 0) + (side[1] > 0) + (side[2] > 0) +
		    (side[3] > 0);
		flock_free(f);

		p.start = FLOCK_START_RANDOM;
		f = flock_new(3000, 80.0f, 46.0f, &p, (uint64_t)seed, 0, 0);
		CHECK(f != NULL);
		if (!f)
			return;
		flock_get_view(f, &v);
		inside = 0;
		memset(q, 0, sizeof q);
		for (i = 0; i < v.n; i++) {
			inside += v.x[i] >= 0 && v.x[i] < v.w && v.y[i] >= 0 &&
			    v.y[i] < v.h;
			q[(v.x[i] >= 40.0f) + 2 * (v.y[i] >= 23.0f)]++;
		}
		CHECK_INT(inside, 3000);
		/* No mirror symmetry: the quarters differ by more than
		 * chance would in an even spread (sd about 24). */
		uneven += (q[0] > q[1] + 100 || q[1] > q[0] + 100 ||
		    q[2] > q[3] + 100 || q[3] > q[2] + 100);
		flock_free(f);
	}
	CHECK(uneven >= 4);
	/* Groups enter from more than one side, and not always all four. */
	CHECK(sides_seen > 5 && sides_seen < 20);
}

int
main(void)
{
	test_fit();
	test_round_trip();
	test_zoom();
	test_resize();
	test_largest_group();
	test_start();
	return check_exit("test_camera");
}
