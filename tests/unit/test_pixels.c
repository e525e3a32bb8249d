/*
 * test_pixels.c: the flock in pixels (src/view/sprite.c and
 * src/view/pixels.c), without a terminal.
 *
 * The shapes: every heading's dart has its pixels on the side it flies
 * toward, their centre within half a step of the heading, and a
 * predator's has more of them. Then frames of boids placed by hand in
 * a 40 by 20 world seen whole by a 40x10 view of 10x20-pixel cells, so
 * that a world unit is ten pixels each way and (x, y) falls on pixel
 * (10x, 10y): each frame is compared pixel by pixel with one drawn
 * here from the shapes' masks, clipped by hand at the picture's edges.
 * Obstacles fill their discs, the goal is marked, things are drawn in
 * the order the cells draw them, boids out of view draw nothing, and
 * the density image grows brighter with the count, relative to the
 * rest of the view.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "view/pixels.h"

#define PI 3.14159265358979323846
#define W 400
#define H 200

static void
test_headings(void)
{
	double step = 2.0 * PI / SPRITE_HEADINGS;
	int k;

	CHECK_INT(sprite_heading(1.0, 0.0), 0);
	CHECK_INT(sprite_heading(0.0, 1.0), SPRITE_HEADINGS / 4);
	CHECK_INT(sprite_heading(-1.0, 0.0), SPRITE_HEADINGS / 2);
	CHECK_INT(sprite_heading(0.0, -1.0), 3 * SPRITE_HEADINGS / 4);
	CHECK_INT(sprite_heading(1.0, 1.0), SPRITE_HEADINGS / 8);
	CHECK_INT(sprite_heading(0.0, 0.0), 0);
	CHECK_INT(sprite_heading(NAN, 1.0), 0);
	CHECK_INT(sprite_heading(INFINITY, 1.0), 0);
	for (k = 0; k < SPRITE_HEADINGS; k++) {
		double a = k * step;

		CHECK_INT(sprite_heading(cos(a + 0.49 * step),
		    sin(a + 0.49 * step)), k);
		CHECK_INT(sprite_heading(cos(a - 0.49 * step),
		    sin(a - 0.49 * step)), k);
		CHECK_INT(sprite_heading(cos(a + 0.51 * step),
		    sin(a + 0.51 * step)), (k + 1) % SPRITE_HEADINGS);
		CHECK_NEAR(sprite_angle(k), a, 1e-12);
	}
	CHECK_INT(sprite_length(1), SPRITE_MIN);
	CHECK_INT(sprite_length(9), 9);
	CHECK_INT(sprite_length(40), SPRITE_MAX);
}

/* Shape s's pixel count, and the centre of its pixels from its point. */
static int
shape_pixels(const struct image_shape *sh, double *cx, double *cy)
{
	int x, y, n = 0;

	*cx = *cy = 0.0;
	for (y = 0; y < sh->h; y++)
		for (x = 0; x < sh->w; x++)
			if (sh->mask[y * sh->w + x]) {
				*cx += x - sh->ax;
				*cy += y - sh->ay;
				n++;
			}
	if (n) {
		*cx /= n;
		*cy /= n;
	}
	return n;
}

/* Every size, every heading: the dart lies on its heading's side, its
 * centre along the heading within half a step, and the list of its
 * pixels is its mask. */
static void
test_shapes(void)
{
	double half = PI / SPRITE_HEADINGS;
	int len;

	for (len = SPRITE_MIN; len <= SPRITE_MAX; len++) {
		struct sprite_set s;
		int k;

		memset(&s, 0, sizeof s);
		CHECK_INT(sprite_make(&s, len), 0);
		CHECK_INT(s.length, len);
		for (k = 0; k < 2 * SPRITE_HEADINGS; k++) {
			const struct image_shape *sh = &s.shape[k];
			double a = sprite_angle(k % SPRITE_HEADINGS), cx, cy;
			double ux = cos(a), uy = sin(a), behind = 0.0, reach = 0.0;
			int n = shape_pixels(sh, &cx, &cy), x, y;

			CHECK_INT(n, s.first[k + 1] - s.first[k]);
			CHECK(n > 0);
			CHECK(fabs(remainder(atan2(cy, cx) - a, 2.0 * PI)) <
			    half);
			for (y = 0; y < sh->h; y++)
				for (x = 0; x < sh->w; x++) {
					double along = (x - sh->ax) * ux +
					    (y - sh->ay) * uy;

					if (!sh->mask[y * sh->w + x])
						continue;
					behind = along < behind ? along : behind;
					reach = along > reach ? along : reach;
				}
			/* Nothing more than a pixel behind the point; the
			 * nose (its tip thinner than half a pixel) about a
			 * length ahead. */
			CHECK(behind >= -1.0);
			if (k < SPRITE_HEADINGS)
				CHECK(reach >= len - 2.5 && reach <= len + 0.5);
			if (k < SPRITE_HEADINGS)
				CHECK(s.first[SPRITE_PREDATOR + k + 1] -
				    s.first[SPRITE_PREDATOR + k] > n);
		}
		/* The ring round the goal is round: as wide as tall. */
		CHECK_INT(s.shape[SPRITE_GOAL].w, s.shape[SPRITE_GOAL].h);
		CHECK(s.shape[SPRITE_GOAL].mask[s.shape[SPRITE_GOAL].ay *
		    s.shape[SPRITE_GOAL].w + s.shape[SPRITE_GOAL].ax]);
		sprite_free(&s);
	}
}

/* A world of n boids, every one first placed far out of view. */
static struct flock *
world(size_t n, size_t npred, size_t nobst, struct flock_params *p)
{
	struct flock *f;
	size_t i;

	flock_params_default(p);
	f = flock_new(n, 40.0f, 20.0f, p, 1, npred, nobst);
	for (i = 0; f && i < n; i++)
		flock_place(f, i, -500.0f, -500.0f, 0.5f, 0.0f);
	for (i = 0; f && i < nobst; i++)
		flock_place_obstacle(f, i, -900.0f, -900.0f, 1.0f);
	for (i = 0; f && i < npred; i++)
		flock_place_predator(f, i, -700.0f, -700.0f, 0.5f, 0.0f);
	return f;
}

static void
view_of(struct pixels *px, struct camera *cam, int cell_w)
{
	pixels_init(px);
	CHECK_INT(pixels_fit(px, 40 * cell_w, H, cell_w, 20), 0);
	memset(cam, 0, sizeof *cam);
	camera_fit(cam, 40.0f, 20.0f, 40, 10);
}

/* Shape sh in colour c with its point on pixel (x, y), clipped here. */
static void
expect_shape(unsigned char *img, int w, int h, const struct image_shape *sh,
    int x, int y, unsigned char c)
{
	int mx, my;

	for (my = 0; my < sh->h; my++)
		for (mx = 0; mx < sh->w; mx++) {
			int ix = x - sh->ax + mx, iy = y - sh->ay + my;

			if (sh->mask[my * sh->w + mx] && ix >= 0 && ix < w &&
			    iy >= 0 && iy < h)
				img[iy * w + ix] = c;
		}
}

static unsigned char
heading_color(const struct pixels *px, int k)
{
	return px->tone[theme_tone_color(&px->theme, px->heading_hue[k])];
}

static int
differ(const unsigned char *a, const unsigned char *b, size_t n)
{
	size_t i;
	int d = 0;

	for (i = 0; i < n; i++)
		d += a[i] != b[i];
	return d;
}

/*
 * Boids in the middle and at every edge and corner, heading out of the
 * picture and along its edges: each drawn as its shape, clipped, and
 * nothing else; a boid at the right edge heading east draws nothing on
 * the next row's left end, one at the bottom nothing past the last row.
 */
static void
test_frame_edges(void)
{
	static const float at[][4] = {
		{ 10.05f, 5.05f, 0.5f, 0.0f },      /* the middle, east */
		{ 30.03f, 12.07f, -0.3f, 0.4f },    /* south-west */
		{ 0.03f, 0.04f, -0.5f, 0.0f },      /* top-left, west */
		{ 39.97f, 0.04f, 0.0f, -0.5f },     /* top-right, north */
		{ 0.04f, 19.96f, 0.0f, 0.5f },      /* bottom-left, south */
		{ 39.96f, 19.97f, 0.4f, 0.4f },     /* bottom-right */
		{ 39.53f, 9.03f, 0.5f, 0.0f },      /* right edge, east */
		{ 0.02f, 15.05f, -0.5f, 0.1f },     /* left edge, west */
		{ 20.05f, 19.98f, 0.0f, 0.5f },     /* bottom edge, south */
		{ 20.05f, 0.01f, 0.1f, -0.5f },     /* top edge, north */
		{ 40.6f, 3.05f, -0.5f, 0.0f },      /* just out, reaching in */
	};
	size_t n = sizeof at / sizeof at[0], i;
	struct flock_params p;
	struct flock *f = world(n, 0, 0, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	unsigned char *want = calloc(W * H, 1);
	int drawn = 0;

	CHECK(f != NULL && want != NULL);
	if (!f || !want)
		return;
	for (i = 0; i < n; i++)
		flock_place(f, i, at[i][0], at[i][1], at[i][2], at[i][3]);
	flock_get_view(f, &v);
	view_of(&px, &cam, 10);
	CHECK_NEAR(cam.scale, 1.0, 1e-12);
	pixels_set_mode(&px, PIXELS_SPRITES);
	pixels_compose(&px, &v, &p, &cam, 0);
	CHECK_INT(px.image.w, W);
	CHECK_INT(px.image.h, H);
	for (i = 0; i < v.n; i++) {
		int k = sprite_heading(v.vx[i], v.vy[i]);

		expect_shape(want, W, H, &px.sprites.shape[SPRITE_BOID + k],
		    (int)floorf(v.x[i] * 10.0f), (int)floorf(v.y[i] * 10.0f),
		    heading_color(&px, k));
	}
	CHECK_INT(differ(px.image.pix, want, W * H), 0);
	/* The east-heading boid at the right edge on row 90: its nose
	 * would run on into the start of row 91 if it were not clipped. */
	for (i = 0; i < 20; i++)
		drawn += px.image.pix[91 * W + i] != 0;
	CHECK_INT(drawn, 0);
	CHECK(px.image.pix[90 * W + 399] != 0);
	/* The boid just out of view reaches in with its nose only. */
	CHECK(px.image.pix[30 * W + 397] != 0);
	CHECK_INT(px.shown, n - 1);
	pixels_free(&px);
	flock_free(f);
	free(want);
}

/* Boids far out of view, and not-a-number places, draw nothing. */
static void
test_out_of_view(void)
{
	struct flock_params p;
	struct flock *f = world(6, 0, 0, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	int lit = 0, i;

	if (!f)
		return;
	flock_place(f, 0, -3.0f, 5.0f, 0.5f, 0.0f);
	flock_place(f, 1, 43.0f, 5.0f, -0.5f, 0.0f);
	flock_place(f, 2, 20.0f, -4.0f, 0.0f, 0.5f);
	flock_place(f, 3, 20.0f, 24.0f, 0.0f, -0.5f);
	flock_place(f, 4, NAN, 5.0f, 0.5f, 0.0f);
	flock_place(f, 5, 1e30f, -1e30f, 0.5f, 0.0f);
	flock_get_view(f, &v);
	view_of(&px, &cam, 10);
	pixels_compose(&px, &v, &p, &cam, 0);
	for (i = 0; i < W * H; i++)
		lit += px.image.pix[i] != 0;
	CHECK_INT(lit, 0);
	CHECK_INT(px.shown, 0);
	pixels_compose(&px, &v, &p, &cam, 1);
	CHECK_INT(px.nlist, 0);
	pixels_free(&px);
	flock_free(f);
}

static int
count_of(const struct pixels *px, unsigned char c)
{
	int i, n = 0;

	for (i = 0; i < px->image.w * px->image.h; i++)
		n += px->image.pix[i] == c;
	return n;
}

/* An obstacle of radius 5 fills its disc of 50 pixels (pi r^2 of
 * them), and an ellipse where the cell is narrower than half its
 * height; the goal is its ring round a dot at its place. */
static void
test_obstacle_and_goal(void)
{
	struct flock_params p;
	struct flock *f = world(1, 0, 1, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	unsigned char *want = calloc(W * H, 1);
	int n;

	if (!f || !want)
		return;
	flock_place_obstacle(f, 0, 20.0f, 10.0f, 5.0f);
	flock_get_view(f, &v);
	view_of(&px, &cam, 10);
	pixels_compose(&px, &v, &p, &cam, 0);
	n = count_of(&px, px.role[ROLE_OBSTACLE]);
	CHECK_NEAR(n, PI * 50.0 * 50.0, 0.005 * PI * 2500.0);
	CHECK_INT(px.image.pix[100 * W + 200], px.role[ROLE_OBSTACLE]);
	CHECK_INT(px.image.pix[100 * W + 251], 0);
	CHECK_INT(px.image.pix[100 * W + 248], px.role[ROLE_OBSTACLE]);
	pixels_free(&px);

	/* Cells of 8 by 20: 8 pixels a unit across, 10 down. */
	view_of(&px, &cam, 8);
	pixels_compose(&px, &v, &p, &cam, 0);
	n = count_of(&px, px.role[ROLE_OBSTACLE]);
	CHECK_NEAR(n, PI * 40.0 * 50.0, 0.005 * PI * 2000.0);
	pixels_free(&px);

	flock_place_obstacle(f, 0, -900.0f, -900.0f, 1.0f);
	flock_get_view(f, &v);
	p.goal_on = 1;
	p.goal_x = 0.25f;
	p.goal_y = 0.75f;
	view_of(&px, &cam, 10);
	pixels_compose(&px, &v, &p, &cam, 0);
	expect_shape(want, W, H, &px.sprites.shape[SPRITE_GOAL], 100, 150,
	    px.role[ROLE_GOAL]);
	CHECK_INT(differ(px.image.pix, want, W * H), 0);
	CHECK_INT(px.image.pix[150 * W + 100], px.role[ROLE_GOAL]);
	CHECK_INT(count_of(&px, px.role[ROLE_GOAL]),
	    px.sprites.first[SPRITE_GOAL + 1] - px.sprites.first[SPRITE_GOAL]);
	pixels_free(&px);
	flock_free(f);
	free(want);
}

/* Obstacle, boid, predator, goal on one spot: each over the last, as
 * the cells draw them; the predator's dart larger and in its colour. */
static void
test_order(void)
{
	struct flock_params p;
	struct flock *f = world(1, 1, 1, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	unsigned char *want = calloc(W * H, 1);

	if (!f || !want)
		return;
	flock_place_obstacle(f, 0, 20.0f, 10.0f, 3.0f);
	flock_place(f, 0, 20.05f, 10.05f, 0.0f, 0.5f);
	flock_place_predator(f, 0, 20.05f, 10.05f, 0.5f, 0.0f);
	flock_get_view(f, &v);
	p.goal_on = 1;
	p.goal_x = 0.5f;
	p.goal_y = 0.5f;
	view_of(&px, &cam, 10);
	pixels_set_mode(&px, PIXELS_SPRITES);
	pixels_compose(&px, &v, &p, &cam, 0);
	/* The obstacle drawn by hand: pixel centres inside 30 pixels. */
	{
		int x, y;

		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++) {
				double dx = (x + 0.5 - 200.0) / 30.0;
				double dy = (y + 0.5 - 100.0) / 30.0;

				if (dx * dx + dy * dy < 1.0)
					want[y * W + x] = px.role[ROLE_OBSTACLE];
			}
	}
	expect_shape(want, W, H, &px.sprites.shape[SPRITE_BOID +
	    SPRITE_HEADINGS / 4], 200, 100, heading_color(&px,
	    SPRITE_HEADINGS / 4));
	expect_shape(want, W, H, &px.sprites.shape[SPRITE_PREDATOR], 200,
	    100, px.role[ROLE_PREDATOR]);
	expect_shape(want, W, H, &px.sprites.shape[SPRITE_GOAL], 200, 100,
	    px.role[ROLE_GOAL]);
	CHECK_INT(differ(px.image.pix, want, W * H), 0);
	/* Each still shows somewhere. */
	CHECK(count_of(&px, px.role[ROLE_OBSTACLE]) > 100);
	CHECK(count_of(&px, heading_color(&px, SPRITE_HEADINGS / 4)) > 0);
	CHECK(count_of(&px, px.role[ROLE_PREDATOR]) > 0);
	CHECK(count_of(&px, px.role[ROLE_GOAL]) > 0);
	pixels_free(&px);
	flock_free(f);
	free(want);
}

/* For the kitty protocol: the sprites listed, each boid at its slot
 * (its id), predators and the goal in the marks' layer at slots past
 * the boids; the image holds only the obstacle. */
static void
test_placed(void)
{
	struct flock_params p;
	struct flock *f = world(5, 1, 1, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	int seen[5] = { 0 }, marks = 0, i;
	size_t k;

	if (!f)
		return;
	flock_place_obstacle(f, 0, 5.0f, 5.0f, 2.0f);
	for (i = 0; i < 4; i++)
		flock_place(f, (size_t)i, 10.05f + 5.0f * i, 12.05f, 0.0f,
		    -0.5f);
	flock_place_predator(f, 0, 30.05f, 4.05f, -0.5f, 0.0f);
	flock_get_view(f, &v);
	p.goal_on = 1;
	p.goal_x = 0.5f;
	p.goal_y = 0.5f;
	view_of(&px, &cam, 10);
	pixels_compose(&px, &v, &p, &cam, 1);
	CHECK_INT(px.nlist, 6);
	for (k = 0; k < px.nlist; k++) {
		const struct image_sprite *s = &px.list[k];
		const struct image_shape *sh = &px.sprites.shape[s->shape];

		if (s->layer == IMAGE_LAYER_BOIDS) {
			CHECK(s->slot < 4);
			if (s->slot >= 4)
				continue;
			seen[s->slot]++;
			CHECK_INT(s->shape, SPRITE_BOID +
			    3 * SPRITE_HEADINGS / 4);
			CHECK_INT(s->color, heading_color(&px,
			    3 * SPRITE_HEADINGS / 4));
			CHECK_INT(s->x + sh->ax, 100 + 50 * (int)s->slot);
			CHECK_INT(s->y + sh->ay, 120);
		} else {
			CHECK_INT(s->layer, IMAGE_LAYER_MARKS);
			marks++;
			if (s->shape == SPRITE_GOAL) {
				CHECK_INT(s->slot, PIXELS_SLOT_GOAL(5));
				CHECK_INT(s->color, px.role[ROLE_GOAL]);
			} else {
				CHECK_INT(s->shape, SPRITE_PREDATOR +
				    SPRITE_HEADINGS / 2);
				CHECK_INT(s->slot, PIXELS_SLOT_PREDATOR(5, 0));
				CHECK_INT(s->color, px.role[ROLE_PREDATOR]);
				CHECK_INT(s->x + sh->ax, 300);
				CHECK_INT(s->y + sh->ay, 40);
			}
		}
	}
	for (i = 0; i < 4; i++)
		CHECK_INT(seen[i], 1);
	CHECK_INT(marks, 2);
	/* The picture: the obstacle and nothing else. */
	CHECK(count_of(&px, px.role[ROLE_OBSTACLE]) > 1000);
	CHECK_INT(count_of(&px, px.role[ROLE_OBSTACLE]) + count_of(&px, 0),
	    W * H);
	pixels_free(&px);
	flock_free(f);
}

/* A boid turning little by little keeps its sprite's heading until it
 * has turned three quarters of a step past it. */
static void
test_held_heading(void)
{
	static const double turn[][2] = { { 0.0, 0 }, { 0.6, 0 }, { 0.7, 0 },
		{ 0.8, 1 }, { 0.3, 1 }, { 1.6, 1 }, { 1.8, 2 }, { -0.4, 0 } };
	double step = 2.0 * PI / SPRITE_HEADINGS;
	struct flock_params p;
	struct flock *f = world(1, 0, 0, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	size_t i;

	if (!f)
		return;
	view_of(&px, &cam, 10);
	for (i = 0; i < sizeof turn / sizeof turn[0]; i++) {
		double a = turn[i][0] * step;

		flock_place(f, 0, 20.05f, 10.05f, (float)(0.5 * cos(a)),
		    (float)(0.5 * sin(a)));
		flock_get_view(f, &v);
		pixels_compose(&px, &v, &p, &cam, 1);
		CHECK_INT(px.nlist, 1);
		if (px.nlist == 1)
			CHECK_INT(px.list[0].shape, SPRITE_BOID + (int)turn[i][1]);
	}
	pixels_free(&px);
	flock_free(f);
}

/* Groups of 1, 2, 4 ... 64 boids, each on a pixel of its own, forced
 * into a density image: the sparse ones under the view's lit count
 * stay dark, and from there each denser pixel is at least as bright,
 * the densest brighter than the least. Doubling every count changes
 * nothing: the shades are relative to the view. */
static void
test_density(void)
{
	struct flock_params p;
	struct flock *f = world(254, 0, 0, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	int pass;
	unsigned char first[7];

	if (!f)
		return;
	for (pass = 1; pass <= 2; pass++) {
		double lum[7];
		size_t id = 0;
		int g;

		for (g = 0; g < 7; g++) {
			int k;

			for (k = 0; k < (pass << g); k++)
				flock_place(f, id++, 2.05f + 5.0f * g, 3.05f,
				    0.5f, 0.0f);
		}
		while (id < 254)
			flock_place(f, id++, -500.0f, -500.0f, 0.5f, 0.0f);
		flock_get_view(f, &v);
		view_of(&px, &cam, 10);
		pixels_set_mode(&px, PIXELS_DENSITY);
		pixels_compose(&px, &v, &p, &cam, 0);
		CHECK_INT(px.dense, 1);
		for (g = 0; g < 7; g++) {
			unsigned char c = px.image.pix[30 * W + 20 + 50 * g];

			lum[g] = theme_luminance(px.image.rgb[c]);
			if (pass == 1)
				first[g] = c;
			else
				CHECK_INT(c, first[g]);
			/* The pixels round it are dark. */
			CHECK_INT(px.image.pix[30 * W + 21 + 50 * g], 0);
			CHECK_INT(px.image.pix[31 * W + 20 + 50 * g], 0);
		}
		/* 127 boids: those under 4 hold at most 5% of them. */
		CHECK_INT(first[0], 0);
		CHECK_INT(first[1], 0);
		for (g = 2; g < 7; g++)
			CHECK(first[g] != 0);
		for (g = 3; g < 7; g++)
			CHECK(lum[g] >= lum[g - 1]);
		CHECK(lum[6] > lum[2] + 0.1);
		pixels_free(&px);
	}
	flock_free(f);
}

/* Auto: a thin flock in sprites, a crowd in density, and between the
 * two thresholds whatever the last frame was. */
static void
test_auto(void)
{
	struct flock_params p;
	struct flock *f = world(400, 0, 0, &p);
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	size_t i;

	if (!f)
		return;
	view_of(&px, &cam, 10);
	/* Forty boids two units apart: one a block. */
	for (i = 0; i < 40; i++)
		flock_place(f, i, 1.05f + 2.0f * (float)(i % 10),
		    1.05f + 2.0f * (float)(i / 10), 0.5f, 0.0f);
	flock_get_view(f, &v);
	pixels_compose(&px, &v, &p, &cam, 0);
	CHECK_INT(px.dense, 0);
	CHECK_INT(px.lit_blocks, 40);
	/* Four hundred in four blocks. */
	for (i = 0; i < 400; i++)
		flock_place(f, i, 20.05f + 0.01f * (float)(i % 100),
		    10.05f + (float)(i / 100) * 0.2f + 0.001f * (float)(i % 7),
		    0.5f, 0.0f);
	flock_get_view(f, &v);
	pixels_compose(&px, &v, &p, &cam, 0);
	CHECK_INT(px.dense, 1);
	/* Five boids in two blocks: 2.5, between the thresholds. */
	for (i = 0; i < 400; i++)
		flock_place(f, i, -500.0f, -500.0f, 0.5f, 0.0f);
	for (i = 0; i < 5; i++)
		flock_place(f, i, (i < 3 ? 5.05f : 25.05f) + 0.1f * (float)i,
		    5.05f, 0.5f, 0.0f);
	flock_get_view(f, &v);
	pixels_compose(&px, &v, &p, &cam, 0);
	CHECK_INT(px.lit_blocks, 2);
	CHECK_INT(px.dense, 1);
	px.dense = 0;
	pixels_compose(&px, &v, &p, &cam, 0);
	CHECK_INT(px.dense, 0);
	CHECK(PIXELS_CROWD_OFF < 2.5 && 2.5 < PIXELS_CROWD_ON);
	pixels_free(&px);
	flock_free(f);
}

/* The palette: the background at 0, each role its own index, at most
 * 256 colours; the terminal's own foreground given as the one asked
 * for. */
static void
test_palette(void)
{
	struct theme_palette tp;
	struct pixels px;
	int k;

	pixels_init(&px);
	theme_palette(THEME_MONO, 8, 1, &tp);
	pixels_set_palette(&px, &tp, 0xffffffL, 0x102030L);
	CHECK_INT(px.image.rgb[0], 0xffffffL);
	CHECK(px.image.ncolors <= IMAGE_COLORS);
	for (k = 0; k < ROLE_COUNT; k++) {
		CHECK(px.role[k] != 0);
		CHECK(px.role[k] < px.image.ncolors);
		if (tp.role[k].index < 0)
			CHECK_INT(px.image.rgb[px.role[k]], 0x102030L);
	}
	for (k = 0; k < 2; k++) {
		theme_palette(k ? THEME_SPEED : THEME_HEADING, THEME_DIRECT, k,
		    &tp);
		pixels_set_palette(&px, &tp, k ? 0xffffffL : 0, k ? 0 :
		    0xffffffL);
		CHECK(px.image.ncolors <= IMAGE_COLORS);
		CHECK_INT(px.image.rgb[px.tone[0]], tp.tone[0].rgb);
	}
	pixels_free(&px);
}

int
main(void)
{
	test_headings();
	test_shapes();
	test_frame_edges();
	test_out_of_view();
	test_obstacle_and_goal();
	test_order();
	test_placed();
	test_held_heading();
	test_density();
	test_auto();
	test_palette();
	return check_exit("test_pixels");
}
