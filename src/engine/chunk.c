/*
 * chunk.c: what a step does to a chunk of boids one boid at a time
 * (chunk.h): the goal, predators and obstacles, fear, leaders and the
 * species' flight from each other, and the state they leave behind
 * (resting and landing boids, kinds, fear, leadership). Each works only
 * when its behaviour is on, in plain loops: most boids never need them,
 * and no vector width would speed them.
 */
#include <math.h>
#include <string.h>

#include "chunk.h"
#include "steer.h"

/*
 * Fear and leadership, for flying boids, when either is on: an afraid
 * boid hurries along its heading, a leader steers away from its
 * neighbours' heading, and the others follow a leader near them.
 */
void
chunk_moods(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	size_t q;

	for (q = 0; r->fearful && q < m; q++) {
		size_t i = i0 + q;
		float v2 = b->vx[i] * b->vx[i] + b->vy[i] * b->vy[i];

		if (!perched(f, i) && b->fear[i] > 0.0f && v2 > 0.0f) {
			float push = r->fear_thrust * b->fear[i] / sqrtf(v2);

			c->ax[q] += b->vx[i] * push;
			c->ay[q] += b->vy[i] * push;
		}
	}
	if (r->leaders) {
		struct lead_sums s;

		s.count = c->sum[SUM_COUNT];
		s.vx = c->sum[SUM_VX];
		s.vy = c->sum[SUM_VY];
		s.n = c->sum[SUM_LN];
		s.x = c->sum[SUM_LX];
		s.y = c->sum[SUM_LY];
		s.lvx = c->sum[SUM_LVX];
		s.lvy = c->sum[SUM_LVY];
		lead_steer(f, i0, m, &s, c->ax, c->ay);
	}
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
void
chunk_steer(const struct flock *f, size_t i0, size_t m, struct chunk *c)
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

/*
 * The extensions' state into f->cur: each boid's kind as it was
 * (kernel.c works out its fear and leadership).
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

	memcpy(o->id + i0, b->id + i0, m * sizeof *o->id);
	memcpy(o->perch + i0, b->perch + i0, m * sizeof *o->perch);
	if (!resting && f->obst.n == 0 && !f->rules.perch)
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

