/*
 * lead.c: leaders that break away (Hartman and Benes 2006).
 *
 * Hartman and Benes add to alignment a complementary force, the change
 * of leadership: a boid's chance to become a leader and try to escape,
 * the others following. Here, now and then a boid inside a flock (one
 * that perceives at least LEAD_LEAST of its own kind) becomes a leader:
 * a hash of the seed, the boid and the step comes out as 0 in
 * LEAD_ODDS, the same on any thread (lead_next() in lead.h). It leads
 * for LEAD_MIN to LEAD_MAX steps, or until it finds itself alone.
 *
 * A leader neither aligns nor keeps to the flock (the step's rules,
 * kernel.c, weight it so): it steers LEAD_ANGLE degrees off its
 * neighbours' mean heading, to the side it already leans to, at full
 * speed. The boids of its kind within LEAD_REACH of the radius of a
 * leader follow it, and only they, which is what parts them from the
 * rest: they align with the leaders near them LEAD_ALIGN times as hard
 * as the pseudocode aligns with the flock, and tend toward them
 * LEAD_COHESION times as hard as it keeps to the flock. So a leader
 * draws a part of the flock away with it, and the flock splits from
 * within.
 *
 * Leaders are few, so the step finds those near a tile of boids in a
 * list of them in the grid's cell order (lead_list(), once a step), by
 * searching the runs of the tile's block (lead_first(); the gather in
 * kernel.c adds up each boid's leaders near, all the tile's boids at
 * once); lead_steer() turns those sums into the pull.
 */
#include <math.h>

#include "lead.h"

#define LEAD_ANGLE 100.0
#define LEAD_STEER 0.2f
#define LEAD_REACH 0.5f     /* of the radius: the followers' reach */
#define LEAD_ALIGN 2.0f
#define LEAD_COHESION 2.0f

/* How far a leader is followed. */
static float
follow_reach(const struct flock *f)
{
	return LEAD_REACH * (f->rules.whole_flock ? f->grid.side :
	    f->params.radius);
}

/* The leaders of the sorted state, in cell order. */
void
lead_list(struct flock *f)
{
	const struct boids *b = &f->sorted;
	size_t i, n = 0;

	for (i = 0; i < f->n; i++)
		if (b->lead[i] > 0)
			f->leading[n++] = (uint32_t)i;
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

float
lead_reach2(const struct flock *f)
{
	float reach = follow_reach(f);

	return reach * reach;
}

size_t
lead_first(const struct flock *f, size_t *at, uint32_t lo)
{
	/* Tiles come in cell order, and so do the runs of their blocks:
	 * each run's first leader only moves on from the last tile's,
	 * searched for once. */
	if (*at == LEAD_SEARCH || (*at > 0 && f->leading[*at - 1] >= lo))
		*at = first_leader(f, lo);
	while (*at < f->nleading && f->leading[*at] < lo)
		(*at)++;
	return *at;
}

/* Boid i's pull toward the n leaders of its kind near it, from the sums
 * of their places relative to it and of their velocities. */
static void
lead_follow(const struct flock *f, size_t i, float n, float dx, float dy,
    float svx, float svy, float *ax, float *ay)
{
	const struct boids *b = &f->sorted;

	if (n == 0.0f)
		return;
	*ax += LEAD_ALIGN * STEER_ALIGNMENT_FACTOR * (svx / n - b->vx[i]) +
	    LEAD_COHESION * STEER_COHESION_FACTOR * dx / n;
	*ay += LEAD_ALIGN * STEER_ALIGNMENT_FACTOR * (svy / n - b->vy[i]) +
	    LEAD_COHESION * STEER_COHESION_FACTOR * dy / n;
}

static void
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

void
lead_steer(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct boids *b = &f->sorted;
	const float *count = c->sum[SUM_COUNT], *n = c->sum[SUM_LN];
	size_t q;

	if (!f->rules.leaders)
		return;
	for (q = 0; q < m; q++) {
		size_t i = i0 + q;

		if (b->perch[i] > 0)
			continue;
		if (b->lead[i] > 0)
			lead_escape(f, i, count[q], c->sum[SUM_VX][q],
			    c->sum[SUM_VY][q], &c->ax[q], &c->ay[q]);
		else if (n[q] > 0.0f)
			lead_follow(f, i, n[q], c->sum[SUM_LX][q],
			    c->sum[SUM_LY][q], c->sum[SUM_LVX][q],
			    c->sum[SUM_LVY][q], &c->ax[q], &c->ay[q]);
	}
}
