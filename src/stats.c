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
#include <string.h>

#include "flock_impl.h"
#include "parallel.h"

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

/* Mean and smallest nearest-neighbour distance, through the grid. */
static void
spacing_stats(struct flock *f, struct flock_stats *s)
{
	const float *x = f->sorted.x, *y = f->sorted.y;
	float *nearest = f->scratch;
	double sum = 0.0, least = INFINITY;
	long i, n = (long)f->n;

	if (n < 2)
		return;
	flock_sort(f);
	grid_nearest_all(&f->grid, f->n, x, y, nearest);
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
