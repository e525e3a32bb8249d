/*
 * lead.c: leaders that break away (Hartman and Benes 2006).
 *
 * Hartman and Benes add to alignment a complementary force, the change
 * of leadership: a boid's chance to become a leader and try to escape,
 * the others following. Here, now and then a boid inside a flock (one
 * that perceives at least LEAD_LEAST of its own kind) becomes a leader:
 * a hash of the seed, the boid and the step comes out as 0 in
 * LEAD_ODDS, the same on any thread. It leads for LEAD_MIN to LEAD_MAX
 * steps, or until it finds itself alone.
 *
 * A leader neither aligns nor keeps to the flock (step.c weights its
 * rules so): it steers LEAD_ANGLE degrees off its neighbours' mean
 * heading, to the side it already leans to, at full speed. The boids
 * of its kind within LEAD_REACH of the radius of a leader follow it,
 * and only they, which is what parts them from the rest: they align with
 * the leaders near them LEAD_ALIGN times as hard as the pseudocode
 * aligns with the flock, and tend toward them LEAD_COHESION times as
 * hard as it keeps to the flock. So a leader draws a part of the flock
 * away with it, and the flock splits from within.
 *
 * Leaders are few, so a follower finds those near it in a list of them
 * in the grid's cell order, by searching the runs of its block; a
 * mark on each grid cell whose block holds a leader spares the search
 * to the boids that no leader is near.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flock_impl.h"

#define LEAD_LEAST 3
#define LEAD_ODDS 4000
#define LEAD_MIN 90
#define LEAD_MAX 240
#define LEAD_ANGLE 100.0
#define LEAD_STEER 0.2f
#define LEAD_REACH 0.5f     /* of the radius: the followers' reach */
#define LEAD_ALIGN 2.0f
#define LEAD_COHESION 2.0f
#define LEAD_STREAM 0x6c656164ULL   /* "lead": a stream of its own */

/* A mark for each cell of the grid, as it is made anew. */
int
lead_fit(struct flock *f)
{
	uint8_t *led;

	if (!f->params.leaders)
		return 0;
	if (!(led = calloc(f->grid.ncells, sizeof *led)))
		return -1;
	free(f->led);
	f->led = led;
	f->led_cells = f->grid.ncells;
	return 0;
}

/* How far a leader is followed. */
static float
follow_reach(const struct flock *f)
{
	return LEAD_REACH * (f->rules.whole_flock ? f->grid.side :
	    f->params.radius);
}

/* Mark the cells a leader at (x, y) reaches into: their boids may
 * follow it. The reach is within a cell's side, so they are in the
 * leader's block and it in theirs. */
static void
mark_reach(struct flock *f, float x, float y)
{
	const struct grid *g = &f->grid;
	float reach = follow_reach(f);
	uint32_t c0 = grid_cell_col(g, x - reach), c1 = grid_cell_col(g,
	    x + reach);
	uint32_t r0 = grid_cell_row(g, y - reach), r1 = grid_cell_row(g,
	    y + reach);
	uint32_t c, r;

	for (r = r0; r <= r1; r++)
		for (c = c0; c <= c1; c++)
			f->led[(size_t)r * (size_t)g->cols + c] = 1;
}

/* The leaders of the sorted state, in cell order, and the cells near
 * them. */
void
lead_list(struct flock *f)
{
	const struct boids *b = &f->sorted;
	size_t i, n = 0;

	memset(f->led, 0, f->led_cells * sizeof *f->led);
	for (i = 0; i < f->n; i++) {
		if (b->lead[i] == 0)
			continue;
		f->leading[n++] = (uint32_t)i;
		mark_reach(f, b->x[i], b->y[i]);
	}
	f->nleading = n;
}

/* The first leader at or after boid index lo. */
static size_t
first_leader(const struct flock *f, uint32_t lo)
{
	size_t a = 0, b = f->nleading;

	while (a < b) {
		size_t mid = a + (b - a) / 2;

		if (f->leading[mid] < lo)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

void
lead_follow(const struct flock *f, size_t i, size_t *at, float *ax, float *ay)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	float x = b->x[i], y = b->y[i];
	float reach = follow_reach(f), reach2 = reach * reach;
	float n = 0.0f, dx = 0.0f, dy = 0.0f, svx = 0.0f, svy = 0.0f;
	uint32_t col = grid_cell_col(&f->grid, x);
	uint32_t row = grid_cell_row(&f->grid, y);
	struct grid_block blk;
	size_t e;
	int k;

	if (f->nleading == 0 ||
	    !f->led[(size_t)row * (size_t)f->grid.cols + col])
		return;
	grid_block_at(&f->grid, col, row, &blk);
	for (k = 0; k < 3; k++) {
		if (blk.lo[k] == blk.hi[k])
			continue;
		/* Boids come in cell order, and so do the runs of their
		 * blocks: each run's first leader only moves on from the
		 * last boid's, searched for once. */
		if (at[k] == LEAD_SEARCH || (at[k] > 0 &&
		    f->leading[at[k] - 1] >= blk.lo[k]))
			at[k] = first_leader(f, blk.lo[k]);
		while (at[k] < f->nleading && f->leading[at[k]] < blk.lo[k])
			at[k]++;
		for (e = at[k]; e < f->nleading && f->leading[e] < blk.hi[k];
		    e++) {
			uint32_t j = f->leading[e];
			float ex = b->x[j] - x, ey = b->y[j] - y;

			if (!(ex * ex + ey * ey < reach2) ||
			    (r->species > 1 && b->kind[j] != b->kind[i]))
				continue;
			n += 1.0f;
			dx += ex;
			dy += ey;
			svx += b->vx[j];
			svy += b->vy[j];
		}
	}
	if (n == 0.0f)
		return;
	*ax += LEAD_ALIGN * STEER_ALIGNMENT_FACTOR * (svx / n - b->vx[i]) +
	    LEAD_COHESION * STEER_COHESION_FACTOR * dx / n;
	*ay += LEAD_ALIGN * STEER_ALIGNMENT_FACTOR * (svy / n - b->vy[i]) +
	    LEAD_COHESION * STEER_COHESION_FACTOR * dy / n;
}

void
lead_escape(const struct flock *f, size_t i, float count, float svx,
    float svy, float *ax, float *ay)
{
	const struct boids *b = &f->sorted;
	float vx = b->vx[i], vy = b->vy[i];
	float hx = count > 0.0f ? svx / count : vx;
	float hy = count > 0.0f ? svy / count : vy;
	float h = sqrtf(hx * hx + hy * hy), top = f->rules.max_speed;
	float c = (float)cos(LEAD_ANGLE * FLOCK_PI / 180.0);
	float s = (float)sin(LEAD_ANGLE * FLOCK_PI / 180.0);
	float ux, uy;

	if (!(h > 0.0f))
		return;
	hx /= h;
	hy /= h;
	/* Off the flock's heading to the side the leader leans to; straight
	 * along it, to the side its id says. */
	if (hx * vy - hy * vx < 0.0f ||
	    (hx * vy - hy * vx == 0.0f && (b->id[i] & 1u)))
		s = -s;
	ux = hx * c - hy * s;
	uy = hx * s + hy * c;
	*ax += (ux * top - vx) * LEAD_STEER;
	*ay += (uy * top - vy) * LEAD_STEER;
}

uint16_t
lead_next(const struct flock *f, size_t i, float count)
{
	const struct boids *b = &f->sorted;
	uint64_t h;

	if (b->perch[i] > 0)
		return 0;
	if (b->lead[i] > 0)
		return count > 0.0f ? (uint16_t)(b->lead[i] - 1) : 0;
	if (count < (float)LEAD_LEAST)
		return 0;
	h = rng_hash(f->seed ^ LEAD_STREAM, b->id[i], (uint64_t)f->step);
	if (h % LEAD_ODDS != 0)
		return 0;
	return (uint16_t)(LEAD_MIN + (h >> 32) % (LEAD_MAX - LEAD_MIN + 1));
}
