/*
 * sprite.c: the shapes of boids, predators, boids at rest and the goal
 * as masks of pixels, made once for a size.
 *
 * A dart's point is where the boid is: its wings' line passes through
 * it and the nose lies one length ahead, so every pixel of a boid lies
 * on the side it flies toward, and the eye reads the heading from
 * where the boid is. A pixel is drawn when more than half of its 4x4
 * sample points fall inside the outline, which keeps the turned shapes
 * symmetric about their heading.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sprite.h"

#define PI 3.14159265358979323846
#define SAMPLES 4

/* The dart, in lengths, the boid at the origin heading along +x: nose,
 * wing, the notch between the wings, the other wing. */
struct point {
	double x, y;
};

static const struct point dart[4] = {
	{ 1.0, 0.0 }, { 0.0, 0.42 }, { 0.3, 0.0 }, { 0.0, -0.42 }
};

int
sprite_length(int cell_w)
{
	if (cell_w < SPRITE_MIN)
		return SPRITE_MIN;
	return cell_w > SPRITE_MAX ? SPRITE_MAX : cell_w;
}

double
sprite_angle(int k)
{
	return (double)k * (2.0 * PI / SPRITE_HEADINGS);
}

int
sprite_heading(double dx, double dy)
{
	double a, q, len = dx * dx + dy * dy;

	if (!(len > 0.0) || !isfinite(len))
		return 0;
	a = atan2(dy, dx);
	q = floor(a / (2.0 * PI / SPRITE_HEADINGS) + 0.5);
	return ((int)q % SPRITE_HEADINGS + SPRITE_HEADINGS) % SPRITE_HEADINGS;
}

/* Whether (x, y) is inside the polygon of n points (even-odd rule). */
static int
inside(const struct point *pt, int n, double x, double y)
{
	int i, j, in = 0;

	for (i = 0, j = n - 1; i < n; j = i++) {
		double yi = pt[i].y, yj = pt[j].y;

		if ((yi > y) != (yj > y) && x < pt[j].x + (pt[i].x - pt[j].x) *
		    (y - yj) / (yi - yj))
			in = !in;
	}
	return in;
}

/* A working grid of (2r + 1) pixels square, the origin at its centre. */
struct grid {
	int r, side;
	unsigned char *cell;
};

/* The outline turned by angle, scaled and moved by d, filled into the
 * grid; only the pixels of its bounding box are sampled. */
static void
fill_polygon(struct grid *g, const struct point *outline, int n,
    double angle, double scale, struct point d)
{
	struct point pt[8];
	double c = cos(angle), s = sin(angle), lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
	int i, x, y, x0, x1, y0, y1;

	memset(g->cell, 0, (size_t)g->side * (size_t)g->side);
	for (i = 0; i < n && i < 8; i++) {
		pt[i].x = (outline[i].x * c - outline[i].y * s) * scale + d.x;
		pt[i].y = (outline[i].x * s + outline[i].y * c) * scale + d.y;
		lo[0] = i == 0 || pt[i].x < lo[0] ? pt[i].x : lo[0];
		hi[0] = i == 0 || pt[i].x > hi[0] ? pt[i].x : hi[0];
		lo[1] = i == 0 || pt[i].y < lo[1] ? pt[i].y : lo[1];
		hi[1] = i == 0 || pt[i].y > hi[1] ? pt[i].y : hi[1];
	}
	x0 = (int)floor(lo[0]) - 1;
	x1 = (int)ceil(hi[0]) + 1;
	y0 = (int)floor(lo[1]) - 1;
	y1 = (int)ceil(hi[1]) + 1;
	x0 = x0 < -g->r ? -g->r : x0;
	y0 = y0 < -g->r ? -g->r : y0;
	x1 = x1 > g->r ? g->r : x1;
	y1 = y1 > g->r ? g->r : y1;
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++) {
			int hits = 0, a, b;

			for (a = 0; a < SAMPLES; a++)
				for (b = 0; b < SAMPLES; b++)
					hits += inside(pt, i, x - 0.5 +
					    (b + 0.5) / SAMPLES, y - 0.5 +
					    (a + 0.5) / SAMPLES);
			g->cell[(y + g->r) * g->side + x + g->r] =
			    2 * hits > SAMPLES * SAMPLES;
		}
}

/* How far, in radians, the direction from the boid's pixel to the
 * centre of the grid's pixels turns away from angle. */
static double
centroid_error(const struct grid *g, double angle)
{
	double sx = 0.0, sy = 0.0;
	int x, y;

	for (y = -g->r; y <= g->r; y++)
		for (x = -g->r; x <= g->r; x++)
			if (g->cell[(y + g->r) * g->side + x + g->r]) {
				sx += x;
				sy += y;
			}
	if (sx == 0.0 && sy == 0.0)
		return PI;
	return fabs(remainder(atan2(sy, sx) - angle, 2.0 * PI));
}

/*
 * A dart heading at angle: of the outline moved by up to a quarter
 * pixel each way, the one whose pixels' centre lies most nearly along
 * the heading. Pixels cut the outline differently at each turn, and at
 * some turns and sizes one column too many on one side pulls the
 * dart's weight a heading aside; a quarter pixel is less than the
 * rounding of the boid's place to its pixel anyway.
 */
static void
fill_dart(struct grid *g, double angle, double scale)
{
	static const double step[3] = { 0.0, -0.25, 0.25 };
	struct point d, best;
	double least = 10.0;
	int i, j;

	best.x = best.y = 0.0;
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			double e;

			d.x = step[i];
			d.y = step[j];
			fill_polygon(g, dart, 4, angle, scale, d);
			e = centroid_error(g, angle);
			if (e < least - 1e-9) {
				least = e;
				best = d;
			}
		}
	fill_polygon(g, dart, 4, angle, scale, best);
}

/* The goal: a ring two pixels wide round a dot. */
static void
fill_target(struct grid *g, double outer)
{
	int x, y;

	for (y = -g->r; y <= g->r; y++)
		for (x = -g->r; x <= g->r; x++) {
			int hits = 0, a, b;

			for (a = 0; a < SAMPLES; a++)
				for (b = 0; b < SAMPLES; b++) {
					double sx = x - 0.5 + (b + 0.5) /
					    SAMPLES, sy = y - 0.5 + (a + 0.5) /
					    SAMPLES, d = sqrt(sx * sx + sy * sy);

					hits += (d <= outer && d >= outer - 2.0) ||
					    d <= 1.2;
				}
			g->cell[(y + g->r) * g->side + x + g->r] =
			    2 * hits > SAMPLES * SAMPLES;
		}
}

/* The grid's drawn pixels as shape k: cropped to them, its mask kept
 * at *mask_at and its list after the last shape's. */
static void
keep(struct sprite_set *s, int k, const struct grid *g, size_t *mask_at)
{
	int x0 = g->side, y0, x1 = -1, y1 = -1, x, y, n;
	struct image_shape *sh = &s->shape[k];
	unsigned char *mask = s->masks + *mask_at;

	y0 = x0;

	for (y = 0; y < g->side; y++)
		for (x = 0; x < g->side; x++)
			if (g->cell[y * g->side + x]) {
				x0 = x < x0 ? x : x0;
				x1 = x > x1 ? x : x1;
				y0 = y < y0 ? y : y0;
				y1 = y > y1 ? y : y1;
			}
	if (x1 < 0)
		x0 = y0 = x1 = y1 = g->r;
	sh->w = x1 - x0 + 1;
	sh->h = y1 - y0 + 1;
	sh->ax = g->r - x0;
	sh->ay = g->r - y0;
	sh->mask = mask;
	n = s->first[k];
	for (y = 0; y < sh->h; y++)
		for (x = 0; x < sh->w; x++) {
			unsigned char on = g->cell[(y + y0) * g->side + x + x0];

			mask[y * sh->w + x] = on;
			if (on) {
				s->px[n].x = (unsigned char)x;
				s->px[n].y = (unsigned char)y;
				n++;
			}
		}
	s->first[k + 1] = n;
	*mask_at += (size_t)sh->w * (size_t)sh->h;
}

void
sprite_free(struct sprite_set *s)
{
	free(s->px);
	free(s->masks);
	memset(s, 0, sizeof *s);
}

int
sprite_make(struct sprite_set *s, int length)
{
	static const struct point bar[4] = {
		{ -0.35, -1.5 }, { 0.35, -1.5 }, { 0.35, 0.5 }, { -0.35, 0.5 }
	};
	double big = floor(length * SPRITE_PREDATOR_SCALE + 0.5);
	struct grid g;
	size_t per, mask_at = 0;
	int k;

	sprite_free(s);
	length = sprite_length(length);
	g.r = (int)big + 2;
	g.side = 2 * g.r + 1;
	per = (size_t)g.side * (size_t)g.side;
	g.cell = malloc(per);
	s->masks = malloc(per * SPRITE_COUNT);
	s->px = malloc(per * SPRITE_COUNT * sizeof *s->px);
	if (!g.cell || !s->masks || !s->px) {
		free(g.cell);
		sprite_free(s);
		return -1;
	}
	s->first[0] = 0;
	for (k = 0; k < SPRITE_HEADINGS; k++) {
		fill_dart(&g, sprite_angle(k), length);
		keep(s, SPRITE_BOID + k, &g, &mask_at);
	}
	for (k = 0; k < SPRITE_HEADINGS; k++) {
		fill_dart(&g, sprite_angle(k), big);
		keep(s, SPRITE_PREDATOR + k, &g, &mask_at);
	}
	{
		/* The bar's x is in lengths, its y in pixels. */
		struct point pts[4], none = { 0.0, 0.0 };
		int i;

		for (i = 0; i < 4; i++) {
			pts[i].x = bar[i].x * length;
			pts[i].y = bar[i].y;
		}
		fill_polygon(&g, pts, 4, 0.0, 1.0, none);
		keep(s, SPRITE_PERCHED, &g, &mask_at);
	}
	fill_target(&g, 0.8 * length);
	keep(s, SPRITE_GOAL, &g, &mask_at);
	free(g.cell);
	s->length = length;
	return 0;
}
