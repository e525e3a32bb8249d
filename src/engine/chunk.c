/*
 * chunk.c: what a step does to a chunk of boids one boid at a time
 * (chunk.h), in plain loops built once, the same on every processor:
 * branches and calls that no vector width would speed.
 *
 * The gathers that go boid by boid: radius 0, where each boid perceives
 * the whole flock (its sums the step's whole-flock sums minus its own),
 * and the nearest few, where each boid keeps the K nearest in a sorted
 * list. The behaviours that only some boids need, each only while it is
 * on: the species' flight from each other, the goal, predators and
 * obstacles. And the state they leave behind: resting and landing
 * boids, boids kept out of obstacles, and the kinds. The vector loops
 * around them (the tiles' gather, the rules, the move) are kernel.c's;
 * fear and leaders steer in fear.c and lead.c, and boids with targets
 * in target.c.
 */
#include <string.h>

#include "chunk.h"
#include "steer.h"

#if SIGHT_PAD > FLOCK_PAD
#error "the sight's read writes past the chunk's sums and reads past the boids"
#endif

/* The perceived centre and velocity of the whole flock minus boid i
 * (with species, of its own kind minus boid i), into the chunk's sums
 * at q; returns the boids perceived. */
static uint64_t
whole_flock(const struct flock *f, size_t i, struct chunk *c,
    size_t q)
{
	const struct boids *b = &f->sorted;
	double all = (double)f->n, sx = f->sum_x, sy = f->sum_y;
	double svx = f->sum_vx, svy = f->sum_vy, others;

	if (f->rules.species > 1) {
		const double *k = f->kind_sum[b->kind[i]];

		all = k[0];
		sx = k[1];
		sy = k[2];
		svx = k[3];
		svy = k[4];
	}
	others = all - 1.0;
	if (f->rules.species > 1) {
		double on = perched(f, i) ? 0.0 : (double)f->n - all;

		c->sum[SUM_ON][q] = (float)on;
		c->sum[SUM_OX][q] = (float)((f->sum_x - sx) - on * b->x[i]);
		c->sum[SUM_OY][q] = (float)((f->sum_y - sy) - on * b->y[i]);
	}
	if (others < 1.0 || perched(f, i)) {
		c->sum[SUM_COUNT][q] = c->sum[SUM_DX][q] = 0.0f;
		c->sum[SUM_DY][q] = c->sum[SUM_VX][q] = 0.0f;
		c->sum[SUM_VY][q] = 0.0f;
		return 0;
	}
	c->sum[SUM_COUNT][q] = (float)others;
	c->sum[SUM_DX][q] = (float)((sx - b->x[i]) - others * b->x[i]);
	c->sum[SUM_DY][q] = (float)((sy - b->y[i]) - others * b->y[i]);
	c->sum[SUM_VX][q] = (float)(svx - b->vx[i]);
	c->sum[SUM_VY][q] = (float)(svy - b->vy[i]);
	return (uint64_t)others;
}

/*
 * Topological neighbours (Ballerini et al. 2008): boid i perceives only
 * the K nearest of the boids within the radius and the field of view,
 * for cohesion and alignment; separation still keeps clear of all. The
 * K are kept sorted by distance as the block's boids come, in cell
 * order, so ties fall the same way on any thread. Returns the boids
 * perceived.
 */
static uint64_t
nearest(const struct flock *f, size_t i, struct chunk *c, size_t q)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	float best[FLOCK_NEAREST_LIMIT];
	uint32_t who[FLOCK_NEAREST_LIMIT];
	float x = b->x[i], y = b->y[i], vx = b->vx[i], vy = b->vy[i];
	float s[SUMS] = { 0 };
	struct grid_block blk;
	int k, n = 0, most = r->nearest;

	for (k = 0; k <= SUM_VY; k++)
		c->sum[k][q] = 0.0f;
	c->sum[SUM_ON][q] = c->sum[SUM_OX][q] = c->sum[SUM_OY][q] = 0.0f;
	if (perched(f, i))
		return 0;
	grid_block_at(&f->grid, grid_cell_col(&f->grid, x),
	    grid_cell_row(&f->grid, y), &blk);
	for (k = 0; k < 3; k++) {
		uint32_t j;

		for (j = blk.lo[k]; j < blk.hi[k]; j++) {
			float ex = b->x[j] - x, ey = b->y[j] - y;
			float d2 = ex * ex + ey * ey;
			int at;

			if (j == i || !(d2 < r->radius2) || (!r->fov_all &&
			    !steer_in_view(r, ex, ey, d2, vx, vy)))
				continue;
			/* Species: the nearest of its own kind; all the
			 * others in reach are strangers. */
			if (r->species > 1 && b->kind[j] != b->kind[i]) {
				s[SUM_ON] += 1.0f;
				s[SUM_OX] += ex;
				s[SUM_OY] += ey;
				continue;
			}
			if (n == most && d2 >= best[n - 1])
				continue;
			at = n < most ? n++ : most - 1;
			for (; at > 0 && best[at - 1] > d2; at--) {
				best[at] = best[at - 1];
				who[at] = who[at - 1];
			}
			best[at] = d2;
			who[at] = j;
		}
	}
	for (k = 0; k < n; k++) {
		uint32_t j = who[k];

		s[SUM_COUNT] += 1.0f;
		s[SUM_DX] += b->x[j] - x;
		s[SUM_DY] += b->y[j] - y;
		s[SUM_VX] += b->vx[j];
		s[SUM_VY] += b->vy[j];
	}
	for (k = 0; k <= SUM_VY; k++)
		c->sum[k][q] = s[k];
	for (k = SUM_ON; k <= SUM_OY; k++)
		c->sum[k][q] = s[k];
	return (uint64_t)n;
}


uint64_t
chunk_whole_flock(const struct flock *f, size_t i0, size_t m,
    struct chunk *c)
{
	uint64_t perceived = 0;
	size_t q;

	for (q = 0; q < m; q++)
		perceived += whole_flock(f, i0 + q, c, q);
	return perceived;
}

uint64_t
chunk_nearest(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	uint64_t perceived = 0;
	size_t q;

	for (q = 0; q < m; q++)
		perceived += nearest(f, i0 + q, c, q);
	return perceived;
}

uint64_t
chunk_sight(const struct flock *f, size_t i0, size_t m, int resting,
    struct chunk *c)
{
	const struct boids *b = &f->sorted;
	uint64_t seen = sight_read(&f->sight, i0, b->x, b->y, b->vx, b->vy, m,
	    c->sum[SUM_COUNT], c->sum[SUM_DX], c->sum[SUM_DY],
	    c->sum[SUM_VX], c->sum[SUM_VY]);
	size_t q;
	int k;

	for (q = 0; resting && q < m; q++) {
		if (!perched(f, i0 + q))
			continue;
		seen -= (uint64_t)(c->sum[SUM_COUNT][q] + 0.5f);
		for (k = SUM_COUNT; k <= SUM_VY; k++)
			c->sum[k][q] = 0.0f;
	}
	return seen;
}

/*
 * Species: a boid keeps clear of the other kinds it perceives, fleeing
 * the centre of them as a boid flees a predator, harder the closer it
 * is (steer_flee()), up to STEER_KIN_FLEE of the speed limit.
 */
void
chunk_kin(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct rules *r = &f->rules;
	size_t q;

	if (r->species < 2)
		return;
	for (q = 0; q < m; q++) {
		float on = c->sum[SUM_ON][q];

		if (on > 0.0f && !perched(f, i0 + q))
			steer_flee(-c->sum[SUM_OX][q] / on,
			    -c->sum[SUM_OY][q] / on, r->kin_flee, r->kin_reach,
			    &c->ax[q], &c->ay[q]);
	}
}

/* Goal, predators and obstacles, for flying boids, when any is on. */
static void
steer_agents(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	size_t q;

	if (!r->goal_on && f->pred.n == 0 && f->obst.n == 0)
		return;
	for (q = 0; q < m; q++) {
		size_t i = i0 + q;

		if (perched(f, i))
			continue;
		if (r->goal_on)
			steer_goal(r, b->x[i], b->y[i], &c->ax[q], &c->ay[q]);
		if (f->pred.n > 0)
			agents_flee(f, b->x[i], b->y[i], &c->ax[q], &c->ay[q]);
		if (f->obst.n > 0)
			agents_avoid(f, b->x[i], b->y[i], b->vx[i], b->vy[i],
			    &c->ax[q], &c->ay[q]);
	}
}

/* A boid with a target heeds it alone: the agents first, then the
 * targets in their place. */
void
chunk_steer(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	steer_agents(f, i0, m, c);
	target_steer(f, i0, m, c);
}

/*
 * The extensions' state into f->cur: each boid's kind as it was (its
 * fear and leadership are fear_next()'s and lead_next()'s).
 */
void
chunk_extend(struct flock *f, size_t i0, size_t m)
{
	const struct boids *b = &f->sorted;
	struct boids *o = &f->cur;

	if (b->kind)
		memcpy(o->kind + i0, b->kind + i0, m * sizeof *o->kind);
}

/*
 * Ids and perches into f->cur; resting boids stay where they are, and,
 * when obstacles or perching are on, flying ones are kept out of
 * obstacles and may land. Returns how many rest afterwards.
 */
size_t
chunk_settle(struct flock *f, size_t i0, size_t m, int resting)
{
	const struct boids *b = &f->sorted;
	struct boids *o = &f->cur;
	size_t q, rest = 0;
	int still = !resting && f->obst.n == 0 && !f->rules.perch;

	/* Between two sorts both states hold the ids in one order, and the
	 * perches too while none can change (flock_ready()). */
	if (f->ids_apart || !still) {
		memcpy(o->id + i0, b->id + i0, m * sizeof *o->id);
		memcpy(o->perch + i0, b->perch + i0, m * sizeof *o->perch);
	}
	if (still)
		return 0;
	for (q = 0; q < m; q++) {
		size_t i = i0 + q;

		if (perched(f, i)) {
			o->x[i] = b->x[i];
			o->y[i] = b->y[i];
			o->vx[i] = 0.0f;
			o->vy[i] = 0.0f;
			o->perch[i] = (uint16_t)(b->perch[i] - 1);
			rest += o->perch[i] > 0;
			continue;
		}
		/* Put back on a disc's rim, a boid slides along it, turning
		 * from where it flew a step before by no more than the limit
		 * allows; should it still head in, the rim takes it again. */
		if (agents_keep_out(f, &o->x[i], &o->y[i], &o->vx[i],
		    &o->vy[i]) && f->rules.turn_limited) {
			steer_limit_turn(b->vx[i], b->vy[i], &o->vx[i], &o->vy[i],
			    f->rules.turn_cos, f->rules.turn_sin,
			    f->rules.turn_wide);
			steer_limit_speed(&o->vx[i], &o->vy[i],
			    f->rules.max_speed);
		}
		(void)agents_land(f, b->id[i], o->x[i], &o->y[i], &o->vx[i],
		    &o->vy[i], &o->perch[i]);
		rest += o->perch[i] > 0;
	}
	return rest;
}

