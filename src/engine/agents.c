/*
 * agents.c: what shares the world with the flock, and the ground below.
 *
 * Predators seek the nearest boid with the steering of the seek behaviour
 * (desired velocity toward the target minus the current velocity), a
 * little faster than the flock but turning wider, so a boid can escape by
 * turning. Boids flee any predator inside the fear radius, harder the
 * closer it is. Obstacles are discs: a boid looks ahead along its heading
 * and veers from a disc in its path, and should it still reach one it is
 * put back on the rim, so no boid ever ends up inside. Perching is the
 * pseudocode's: a boid that reaches the ground rests there for a random
 * number of steps, then takes off and rejoins the flock.
 */
#include <math.h>
#include <string.h>

#include "flock_impl.h"
#include "grid.h"
#include "lib/rng.h"
#include "steer.h"

#define PREDATOR_SPEED_FACTOR 1.25f  /* times the flock's speed limit */
#define PREDATOR_TURN_FACTOR 0.4f    /* times the flock's turn limit */
#define PREDATOR_STEER 0.08f         /* share of the steering per step */

#define AVOID_FACTOR 0.5f            /* times the speed limit */
#define OBSTACLE_MIN_FRACTION 0.06f  /* radius, of the smaller side */
#define OBSTACLE_MAX_FRACTION 0.12f
#define OBSTACLE_TRIES 200
#define OBSTACLE_GROUND_GAP 6.0f     /* keep discs off the ground */

#define PERCH_MIN_STEPS 40
#define PERCH_MAX_STEPS 160

/* The rim sits a hair outside the disc, so rounding never lands inside. */
#define RIM_SLACK 1e-3f

enum { STREAM_OBSTACLES = 2, STREAM_PREDATORS = 3 };

static float
minf(float a, float b)
{
	return a < b ? a : b;
}

static int
fits(const struct obstacles *o, float x, float y, float r, float gap)
{
	size_t k;

	for (k = 0; k < o->n; k++) {
		float dx = o->x[k] - x, dy = o->y[k] - y;
		float need = o->r[k] + r + gap;

		if (dx * dx + dy * dy < need * need)
			return 0;
	}
	return 1;
}

void
flock_goal_place(size_t k, float *x, float *y)
{
	static const float places[FLOCK_GOAL_PLACES][2] = {
		{ 0.50f, 0.50f }, { 0.25f, 0.25f }, { 0.75f, 0.25f },
		{ 0.75f, 0.75f }, { 0.25f, 0.75f }
	};

	*x = places[k % FLOCK_GOAL_PLACES][0];
	*y = places[k % FLOCK_GOAL_PLACES][1];
}

/* Whether a disc leaves room round a goal at (gx, gy), fractions of the
 * world: a flock flies through its goal, and would circle for ever round
 * an obstacle that held it. */
static int
clear_of(const struct flock *f, float x, float y, float r, float gx,
    float gy)
{
	float dx = gx * f->w - x, dy = gy * f->h - y;
	float need = r + 2.0f * f->rules.clearance;

	return dx * dx + dy * dy >= need * need;
}

/* Clear of the goal, if one is set, and of every place `g` puts one. */
static int
clear_of_goals(const struct flock *f, float x, float y, float r)
{
	size_t k;
	float gx, gy;

	if (f->params.goal_on && !clear_of(f, x, y, r, f->params.goal_x,
	    f->params.goal_y))
		return 0;
	for (k = 0; k < FLOCK_GOAL_PLACES; k++) {
		flock_goal_place(k, &gx, &gy);
		if (!clear_of(f, x, y, r, gx, gy))
			return 0;
	}
	return 1;
}

/* A place for a disc of radius r, or 0 when tries run out: inside the
 * world, clear of the discs placed, of the ground and of the goals. */
static int
find_room(struct flock *f, struct rng *rng, float r, float *x, float *y)
{
	const struct obstacles *o = &f->obst;
	float gap = 2.0f * f->rules.clearance;
	float lo_x = r + f->rules.left, hi_x = f->w - r - f->rules.left;
	float lo_y = r + f->rules.top, hi_y = f->h - r - OBSTACLE_GROUND_GAP;
	int tries;

	if (lo_x >= hi_x || lo_y >= hi_y)
		return 0;
	for (tries = 0; tries < OBSTACLE_TRIES; tries++) {
		*x = (float)rng_range(rng, lo_x, hi_x);
		*y = (float)rng_range(rng, lo_y, hi_y);
		if (fits(o, *x, *y, r, gap) && clear_of_goals(f, *x, *y, r))
			return 1;
	}
	return 0;
}

static float
obstacle_radius(const struct flock *f, struct rng *rng)
{
	float r = minf(f->w, f->h) * (float)rng_range(rng,
	    OBSTACLE_MIN_FRACTION, OBSTACLE_MAX_FRACTION);

	return r < 1.0f ? 1.0f : r;
}

/* As many of n discs as fit, inside the world and clear of each other,
 * of the ground and of the goals; boids start outside the world, so none
 * starts inside. */
void
agents_place_obstacles(struct flock *f, size_t n)
{
	struct obstacles *o = &f->obst;
	struct rng rng;
	size_t k;

	rng_seed(&rng, f->seed, STREAM_OBSTACLES);
	o->n = 0;
	for (k = 0; k < n; k++) {
		float r = obstacle_radius(f, &rng), x, y;

		if (!find_room(f, &rng, r, &x, &y))
			continue;
		o->x[o->n] = x;
		o->y[o->n] = y;
		o->r[o->n] = r;
		o->n++;
	}
}

/* A goal put down on an obstacle (a click, or a goal set while one was
 * there) moves the obstacle out of its way, to where another would have
 * gone; one that finds no room goes. Boids in its new place are put on
 * its rim by the next step. */
void
agents_clear_goal(struct flock *f)
{
	struct obstacles *o = &f->obst;
	struct rng rng;
	size_t k = 0;

	rng_seed(&rng, rng_hash(f->seed, (uint64_t)f->step, STREAM_OBSTACLES),
	    STREAM_OBSTACLES);
	while (k < o->n) {
		float r = o->r[k], x, y;

		if (clear_of(f, o->x[k], o->y[k], r, f->params.goal_x,
		    f->params.goal_y)) {
			k++;
			continue;
		}
		/* Out of the list while it looks for room, so that it is not
		 * in its own way. */
		o->n--;
		o->x[k] = o->x[o->n];
		o->y[k] = o->y[o->n];
		o->r[k] = o->r[o->n];
		if (find_room(f, &rng, r, &x, &y)) {
			o->x[o->n] = x;
			o->y[o->n] = y;
			o->r[o->n] = r;
			o->n++;
		}
	}
}

static void
place_one_predator(struct flock *f, size_t k)
{
	struct rng *rng = &f->agents_rng;
	double angle = rng_range(rng, 0.0, 2.0 * FLOCK_PI);
	float speed = f->rules.max_speed * PREDATOR_SPEED_FACTOR * 0.5f;
	float x = (float)rng_range(rng, 0.0, f->w);
	float y = (float)rng_range(rng, 0.0, f->h);

	f->pred.x[k] = x;
	f->pred.y[k] = y;
	f->pred.vx[k] = speed * (float)cos(angle);
	f->pred.vy[k] = speed * (float)sin(angle);
	(void)agents_keep_out(f, &f->pred.x[k], &f->pred.y[k], &f->pred.vx[k],
	    &f->pred.vy[k]);
}

void
agents_place_predators(struct flock *f, size_t n)
{
	size_t k;

	rng_seed(&f->agents_rng, f->seed, STREAM_PREDATORS);
	f->pred.n = n;
	for (k = 0; k < n; k++)
		place_one_predator(f, k);
}

int
flock_add_predator(struct flock *f)
{
	if (f->pred.n >= FLOCK_MAX_PREDATORS)
		return -1;
	place_one_predator(f, f->pred.n);
	f->pred.n++;
	return 0;
}

void
flock_clear_predators(struct flock *f)
{
	f->pred.n = 0;
}

void
flock_place_predator(struct flock *f, size_t k, float x, float y, float vx,
    float vy)
{
	if (k >= FLOCK_MAX_PREDATORS)
		return;
	if (k >= f->pred.n)
		f->pred.n = k + 1;
	f->pred.x[k] = x;
	f->pred.y[k] = y;
	f->pred.vx[k] = vx;
	f->pred.vy[k] = vy;
}

void
flock_place_obstacle(struct flock *f, size_t k, float x, float y, float r)
{
	if (k >= FLOCK_MAX_OBSTACLES)
		return;
	if (k >= f->obst.n)
		f->obst.n = k + 1;
	f->obst.x[k] = x;
	f->obst.y[k] = y;
	f->obst.r[k] = r;
}

void
agents_flee(const struct flock *f, float x, float y, float *ax, float *ay)
{
	const struct predators *p = &f->pred;
	size_t k;

	for (k = 0; k < p->n; k++)
		steer_flee(x - p->x[k], y - p->y[k], f->rules.flee,
		    f->rules.fear, ax, ay);
}

/*
 * Veer from a disc ahead: if the heading's line passes within the disc
 * plus clearance, and the disc is within the look-ahead, push sideways
 * away from its centre, harder the nearer it is. Close to the rim, a
 * push straight out as well.
 */
void
agents_avoid(const struct flock *f, float x, float y, float vx, float vy,
    float *ax, float *ay)
{
	const struct obstacles *o = &f->obst;
	const struct rules *r = &f->rules;
	float speed = sqrtf(vx * vx + vy * vy);
	float push = AVOID_FACTOR * r->max_speed;
	size_t k;

	for (k = 0; k < o->n; k++) {
		float cx = o->x[k] - x, cy = o->y[k] - y;
		float reach = o->r[k] + r->clearance;
		float d2 = cx * cx + cy * cy, d;

		if (d2 > (reach + r->look) * (reach + r->look))
			continue;
		d = sqrtf(d2);
		if (speed > 0.0f) {
			float ux = vx / speed, uy = vy / speed;
			float ahead = cx * ux + cy * uy;
			float px = cx - ahead * ux, py = cy - ahead * uy;
			float off = sqrtf(px * px + py * py);

			if (ahead > 0.0f && off < reach) {
				float k2 = push * (1.0f - ahead / (reach + r->look));

				/* Away from the centre, across the heading; dead
				 * ahead, always to the same hand. */
				if (off > 1e-6f) {
					*ax -= px / off * k2;
					*ay -= py / off * k2;
				} else {
					*ax -= uy * k2;
					*ay += ux * k2;
				}
			}
		}
		if (d < reach && d > 0.0f) {
			float k2 = push * (1.0f - (d - o->r[k]) / r->clearance);

			*ax -= cx / d * k2;
			*ay -= cy / d * k2;
		}
	}
}

/* Returns whether the body was inside a disc and put back on its rim. */
int
agents_keep_out(const struct flock *f, float *x, float *y, float *vx,
    float *vy)
{
	const struct obstacles *o = &f->obst;
	int moved = 0;
	size_t k;

	for (k = 0; k < o->n; k++) {
		float dx = *x - o->x[k], dy = *y - o->y[k];
		float rim = o->r[k] * (1.0f + RIM_SLACK) + RIM_SLACK;
		float d2 = dx * dx + dy * dy, d, nx, ny, in;

		if (d2 >= rim * rim)
			continue;
		d = sqrtf(d2);
		nx = d > 0.0f ? dx / d : 1.0f;
		ny = d > 0.0f ? dy / d : 0.0f;
		*x = o->x[k] + nx * rim;
		*y = o->y[k] + ny * rim;
		in = *vx * nx + *vy * ny;
		if (in < 0.0f) {
			*vx -= in * nx;
			*vy -= in * ny;
		}
		moved = 1;
	}
	return moved;
}

/* Only on the ground under the world: a boid that strays past a side
 * flies back rather than resting out of sight. */
int
agents_land(const struct flock *f, uint32_t id, float x, float *y,
    float *vx, float *vy, uint16_t *perch)
{
	const struct rules *r = &f->rules;
	uint64_t h;

	if (!r->perch || *y < r->ground || *vy <= 0.0f || x < 0.0f ||
	    x >= f->w)
		return 0;
	h = rng_hash(f->seed, id, (uint64_t)f->step);
	*y = r->ground;
	*vx = 0.0f;
	*vy = 0.0f;
	*perch = (uint16_t)(PERCH_MIN_STEPS +
	    h % (PERCH_MAX_STEPS - PERCH_MIN_STEPS + 1));
	return 1;
}

static void
fly_predator(struct flock *f, size_t k)
{
	const struct rules *r = &f->rules;
	const struct predators *p = &f->pred;
	float x = p->x[k], y = p->y[k], vx = p->vx[k], vy = p->vy[k];
	float top = r->max_speed * PREDATOR_SPEED_FACTOR;
	float ax = 0.0f, ay = 0.0f, nvx, nvy;
	double turn = acos((double)r->turn_cos) * PREDATOR_TURN_FACTOR;
	size_t who = 0;

	if (f->n > 0 && grid_nearest_moved(&f->grid, f->sorted.x, f->sorted.y,
	    x, y, f->n, 2.0f * f->drift, &who) < INFINITY) {
		float dx = f->sorted.x[who] - x, dy = f->sorted.y[who] - y;
		float d = sqrtf(dx * dx + dy * dy);

		if (d > 0.0f) {
			ax += (dx / d * top - vx) * PREDATOR_STEER;
			ay += (dy / d * top - vy) * PREDATOR_STEER;
		}
	}
	agents_avoid(f, x, y, vx, vy, &ax, &ay);
	steer_move(r, x, y, vx, vy, ax, ay, (float)cos(turn), (float)sin(turn),
	    top, &nvx, &nvy);
	x += nvx + r->wind_x;
	y += nvy + r->wind_y;
	/* Along the rim, at most as sharply as the predator turns. */
	if (agents_keep_out(f, &x, &y, &nvx, &nvy) && r->turn_limited) {
		steer_limit_turn(vx, vy, &nvx, &nvy, (float)cos(turn),
		    (float)sin(turn), 0);
		steer_limit_speed(&nvx, &nvy, top);
	}
	f->pred_next.x[k] = x;
	f->pred_next.y[k] = y;
	f->pred_next.vx[k] = nvx;
	f->pred_next.vy[k] = nvy;
}

/* After the boids, from the same previous state: the step stays
 * synchronous for predators too. */
void
agents_step_predators(struct flock *f)
{
	size_t k;

	for (k = 0; k < f->pred.n; k++)
		fly_predator(f, k);
	for (k = 0; k < f->pred.n; k++) {
		f->pred.x[k] = f->pred_next.x[k];
		f->pred.y[k] = f->pred_next.y[k];
		f->pred.vx[k] = f->pred_next.vx[k];
		f->pred.vy[k] = f->pred_next.vy[k];
	}
}

void
agents_scale(struct flock *f, float sx, float sy)
{
	float sr = minf(sx, sy);
	size_t k;

	for (k = 0; k < f->pred.n; k++) {
		f->pred.x[k] *= sx;
		f->pred.y[k] *= sy;
	}
	/* Radii shrink with the smaller scale, so discs never overlap. */
	for (k = 0; k < f->obst.n; k++) {
		f->obst.x[k] *= sx;
		f->obst.y[k] *= sy;
		f->obst.r[k] *= sr;
	}
}
