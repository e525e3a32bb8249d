/*
 * target.c: points that some boids fly to and hover round, and the area
 * round those points that the other boids keep out of (flock.h).
 *
 * A boid's target is kept by its id, not by its place in cell order,
 * so that a step's sort need not carry it: the step looks it up for the
 * boids of each chunk, and only while some boid has one. A boid with a
 * target steers as Reynolds' seek and arrival say (the seeds' steering
 * write-up): its desired velocity points at the target, at the speed
 * limit far off and slower in proportion within TARGET_SLOWING of it,
 * less the wind, which carries it anyway; the change it asks for is the
 * desired velocity less its own, so that it arrives without
 * overshooting. The target it seeks circles its point: a quarter of a
 * cell each way, once every STEER_WANDER_WAYS steps, in a phase drawn
 * for each boid from the seed, so that the boids of a stroke shimmer in
 * their cells instead of freezing, and two boids given one point keep
 * apart. The turn limit holds for them too; close to its target a
 * boid that would turn further than it allows stops, and turns from
 * rest (stop_for_turn()).
 */
#include <stdlib.h>

#include "chunk.h"
#include "steer.h"

/* Within this distance of its target (world units) a boid slows, in
 * proportion: a boid at the speed limit brakes over six steps. */
#define TARGET_SLOWING 3.0f
/* How far a target circles its point, across and down: a quarter of a
 * cell each way, so a boid stays in its cell. */
#define TARGET_HOVER_X 0.25f
#define TARGET_HOVER_Y 0.5f
/* A boid without a target inside the area is pushed toward its nearest
 * edge by this share of the speed limit, and as much again for each
 * unit it is in, up to the speed limit. */
#define TARGET_PUSH 0.2f

/* The targets' arrays, made the first time a target is set: NaN for
 * each boid, none having one. */
static int
target_make(struct flock *f)
{
	size_t i, n = f->n ? f->n : 1;

	if (f->target_x)
		return 0;
	f->target_x = malloc(n * sizeof *f->target_x);
	f->target_y = malloc(n * sizeof *f->target_y);
	if (!f->target_x || !f->target_y) {
		free(f->target_x);
		free(f->target_y);
		f->target_x = f->target_y = NULL;
		return -1;
	}
	for (i = 0; i < n; i++)
		f->target_x[i] = f->target_y[i] = NAN;
	return 0;
}

int
flock_target(struct flock *f, size_t id, float x, float y)
{
	if (id >= f->n || isnan(x) || isnan(y))
		return 0;
	if (target_make(f) < 0)
		return -1;
	if (isnan(f->target_x[id]))
		f->targeted++;
	f->target_x[id] = x;
	f->target_y[id] = y;
	return 0;
}

void
flock_target_none(struct flock *f)
{
	size_t i;

	for (i = 0; f->target_x && f->targeted > 0 && i < f->n; i++)
		f->target_x[i] = f->target_y[i] = NAN;
	f->targeted = 0;
	f->keep_out[0] = f->keep_out[1] = 0.0f;
	f->keep_out[2] = f->keep_out[3] = 0.0f;
}

void
flock_target_area(struct flock *f, float x0, float y0, float x1, float y1)
{
	f->keep_out[0] = x0;
	f->keep_out[1] = y0;
	f->keep_out[2] = x1;
	f->keep_out[3] = y1;
}

size_t
flock_targeted(const struct flock *f)
{
	return f->targeted;
}

void
flock_inner(const struct flock *f, float *x0, float *y0, float *x1,
    float *y1)
{
	const struct rules *r = &f->rules;

	*x0 = r->bounds ? r->left : 0.0f;
	*y0 = r->bounds ? r->top : 0.0f;
	*x1 = r->bounds ? r->right : f->w;
	*y1 = r->bounds ? r->bottom : f->h;
}

void
target_scale(struct flock *f, float sx, float sy)
{
	size_t i;

	for (i = 0; f->target_x && f->targeted > 0 && i < f->n; i++) {
		f->target_x[i] *= sx;
		f->target_y[i] *= sy;
	}
	f->keep_out[0] *= sx;
	f->keep_out[2] *= sx;
	f->keep_out[1] *= sy;
	f->keep_out[3] *= sy;
}

/* The step of boid id's circle round its point: a phase of its own. */
static uint32_t
hover_phase(const struct flock *f, uint32_t id)
{
	return (uint32_t)(rng_hash(f->seed, id, 0x686f766572ULL) %
	    STEER_WANDER_WAYS);                    /* "hover" */
}

/*
 * Close to its target, a boid whose desired velocity (*wx, *wy) lies
 * beyond its turn limit from its velocity (vx, vy) would have the turn
 * cut short at the speed it has (steer_limit_turn()), and circle its
 * target for good, or swing wider about the point it hovers round. It
 * stops instead: from rest, any heading may be taken, and at the next
 * step it takes the one it wants.
 */
static void
stop_for_turn(const struct rules *r, float vx, float vy, float *wx,
    float *wy)
{
	float v2 = vx * vx + vy * vy, w2 = *wx * *wx + *wy * *wy;

	if (!steer_within(vx * *wx + vy * *wy,
	    r->turn_cos * r->turn_cos * v2 * w2, r->turn_wide))
		*wx = *wy = 0.0f;
}

/*
 * Seek and arrival for a boid at (x, y) flying (vx, vy), to (tx, ty):
 * the change it asks for, into (*ax, *ay), in place of every other.
 */
static void
arrive(const struct rules *r, float x, float y, float vx, float vy,
    float tx, float ty, float *ax, float *ay)
{
	float dx = tx - x, dy = ty - y, d = sqrtf(dx * dx + dy * dy);
	float speed = d < TARGET_SLOWING ? r->max_speed * d / TARGET_SLOWING :
	    r->max_speed;
	float wx = -r->wind_x, wy = -r->wind_y;

	if (d > 0.0f) {
		wx += dx * (speed / d);
		wy += dy * (speed / d);
	}
	if (r->turn_limited && d < TARGET_SLOWING)
		stop_for_turn(r, vx, vy, &wx, &wy);
	*ax = wx - vx;
	*ay = wy - vy;
}

/* A boid without a target at (x, y), inside the area: pushed toward its
 * nearest edge. */
static void
keep_out(const struct flock *f, float x, float y, float *ax, float *ay)
{
	const float *a = f->keep_out;
	float left = x - a[0], right = a[2] - x, top = y - a[1];
	float bottom = a[3] - y, depth = left, push;
	float max = f->rules.max_speed;

	if (!(left > 0.0f && right > 0.0f && top > 0.0f && bottom > 0.0f))
		return;
	depth = right < depth ? right : depth;
	depth = top < depth ? top : depth;
	depth = bottom < depth ? bottom : depth;
	push = TARGET_PUSH * max * (1.0f + depth);
	push = push < max ? push : max;
	if (depth == left)
		*ax -= push;
	else if (depth == right)
		*ax += push;
	else if (depth == top)
		*ay -= push;
	else
		*ay += push;
}

void
target_steer(const struct flock *f, size_t i0, size_t m, struct chunk *c)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	int area = f->keep_out[2] > f->keep_out[0] &&
	    f->keep_out[3] > f->keep_out[1];
	size_t q;

	if (f->targeted == 0)
		return;
	for (q = 0; q < m; q++) {
		size_t i = i0 + q;
		uint32_t id = b->id[i], k;
		float tx = f->target_x[id], ty = f->target_y[id];

		if (perched(f, i))
			continue;
		if (isnan(tx)) {
			if (area)
				keep_out(f, b->x[i], b->y[i], &c->ax[q],
				    &c->ay[q]);
			continue;
		}
		k = ((uint32_t)f->step + hover_phase(f, id)) %
		    STEER_WANDER_WAYS;
		arrive(r, b->x[i], b->y[i], b->vx[i], b->vy[i],
		    tx + TARGET_HOVER_X * r->wander_x[k],
		    ty + TARGET_HOVER_Y * r->wander_y[k], &c->ax[q], &c->ay[q]);
	}
}
