/*
 * stats.c: measures of a flock, for the headless output and the tests.
 *
 * Everything is O(N): sums over the boids, and a nearest-neighbour search
 * on a grid built for the current positions, so a line of statistics
 * costs about as much as a step even for a million boids. Sums run in a
 * fixed order in double precision, so the printed figures are the same
 * whatever the number of threads.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "flock_impl.h"
#include "parallel.h"

#define BITS_OF_INFINITY 0x7f800000u

static void
motion_stats(const struct boids *b, size_t n, struct flock_stats *s)
{
	double svx = 0, svy = 0, speed = 0, cx = 0, cy = 0, r2 = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double vx = b->vx[i], vy = b->vy[i];

		svx += vx;
		svy += vy;
		speed += sqrt(vx * vx + vy * vy);
		cx += b->x[i];
		cy += b->y[i];
		s->perched += b->perch[i] > 0;
	}
	cx /= (double)n;
	cy /= (double)n;
	for (i = 0; i < n; i++) {
		double dx = b->x[i] - cx, dy = b->y[i] - cy;

		r2 += dx * dx + dy * dy;
	}
	s->order = speed > 0.0 ? sqrt(svx * svx + svy * svy) / speed : 0.0;
	s->speed = speed / (double)n;
	s->spread = sqrt(r2 / (double)n);
}

/*
 * How far the boids have moved since the grid was built for them: twice
 * the longest move, boid i of f->cur from boid i of f->sorted; infinite
 * when the grid was not built for f->sorted or a position is not a
 * number.
 */
static float
moved_since_sort(const struct flock *f)
{
	const float *x = f->cur.x, *y = f->cur.y;
	const float *sx = f->sorted.x, *sy = f->sorted.y;
	uint32_t most = 0;
	size_t i, n = f->n;
	float d;

	if (!f->grid_sorted)
		return INFINITY;
	/* A squared distance is never negative, and such floats order as
	 * their bits do, NaN above infinity: the greatest is found in
	 * integers, which every compiler's vectors take. */
#pragma omp simd reduction(max:most)
	for (i = 0; i < n; i++) {
		float dx = x[i] - sx[i], dy = y[i] - sy[i];
		float d2 = dx * dx + dy * dy;
		uint32_t bits;

		memcpy(&bits, &d2, sizeof bits);
		most = bits > most ? bits : most;
	}
	/* NaN counts as infinitely far. */
	if (most > BITS_OF_INFINITY)
		return INFINITY;
	memcpy(&d, &most, sizeof d);
	return 2.0f * sqrtf(d);
}

/*
 * Mean and smallest nearest-neighbour distance, through the grid. After
 * a step the boids of f->cur are still in the grid's order, each moved by
 * at most a step's flight from its place in f->sorted, for which the grid
 * was built: the search allows for that, and no sort is needed. Only when
 * they moved farther (a resize, a new flock) are they sorted again.
 */
static void
spacing_stats(struct flock *f, struct flock_stats *s)
{
	const float *x = f->cur.x, *y = f->cur.y;
	float *nearest = f->scratch;
	float slack;
	double sum = 0.0, least = INFINITY;
	long i, n = (long)f->n;

	if (n < 2)
		return;
	slack = moved_since_sort(f);
	if (!(slack <= 0.25f * f->grid.side)) {
		flock_sort(f);
		x = f->sorted.x;
		y = f->sorted.y;
		slack = 0.0f;
	}
	grid_nearest_all(&f->grid, f->n, x, y, slack, nearest);
	for (i = 0; i < n; i++) {
		float d = sqrtf(nearest[i]);

		sum += d;
		if (d < least)
			least = d;
	}
	s->nnd = sum / (double)n;
	s->minsep = least;
}

static void
agent_stats(const struct flock *f, struct flock_stats *s)
{
	const struct boids *b = &f->cur;
	double sum = 0.0;
	size_t i, k;

	for (i = 0; i < f->n; i++) {
		float best = INFINITY;

		for (k = 0; k < f->pred.n; k++) {
			float dx = b->x[i] - f->pred.x[k];
			float dy = b->y[i] - f->pred.y[k];
			float d2 = dx * dx + dy * dy;

			if (d2 < best)
				best = d2;
		}
		if (f->pred.n > 0)
			sum += sqrt((double)best);
		for (k = 0; k < f->obst.n; k++) {
			float dx = b->x[i] - f->obst.x[k];
			float dy = b->y[i] - f->obst.y[k];

			if (dx * dx + dy * dy < f->obst.r[k] * f->obst.r[k]) {
				s->inside++;
				break;
			}
		}
	}
	s->predator_dist = f->pred.n > 0 ? sum / (double)f->n : 0.0;
}

void
flock_get_stats(struct flock *f, struct flock_stats *s)
{
	memset(s, 0, sizeof *s);
	s->step = f->step;
	if (f->n == 0)
		return;
	motion_stats(&f->cur, f->n, s);
	spacing_stats(f, s);
	agent_stats(f, s);
	s->nbrs = (double)f->perceived / (double)f->n;
}
