/*
 * flock.c: the flock's state: making, resetting, resizing and sorting it,
 * and its parameters (see step.c for the step, steer.c for the rules).
 *
 * Boids start off-screen at random and fly in toward the middle. When n
 * boids at the default spacing would crowd the field, the lengths the user
 * did not set shrink together, as if the flock were seen from farther
 * away, so a million boids still make a flock on an 80x24 terminal.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flock_impl.h"
#include "parallel.h"

/* How far outside the field boids start: at most this share of its
 * size, and at most this many steps of flight. */
#define START_BAND 0.15f
#define START_STEPS 40.0f

/* A crowded field: at most this share of it filled at default spacing. */
#define FIT_FILL 0.25f

static const struct flock_params default_params = {
	1.0f, 1.0f, 1.0f,
	FLOCK_DEFAULT_RADIUS, FLOCK_DEFAULT_DISTANCE, FLOCK_DEFAULT_SPEED,
	FLOCK_DEFAULT_TURN, 360.0f,
	0.0f, 0.0f,
	0, 0.5f, 0.5f, 1.0f,
	0, 0, 1
};

void
flock_params_default(struct flock_params *p)
{
	*p = default_params;
}

static float
clampf(float v, float lo, float hi)
{
	if (!(v >= lo))   /* NaN goes to the low end */
		return lo;
	return v > hi ? hi : v;
}

static void
clamp_params(struct flock_params *p)
{
	p->cohesion = clampf(p->cohesion, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->separation = clampf(p->separation, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->alignment = clampf(p->alignment, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->goal_weight = clampf(p->goal_weight, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->radius = clampf(p->radius, 0.0f, FLOCK_RADIUS_LIMIT);
	p->distance = clampf(p->distance, 0.0f, FLOCK_DISTANCE_LIMIT);
	p->max_speed = clampf(p->max_speed, FLOCK_SPEED_MIN,
	    FLOCK_SPEED_LIMIT);
	p->max_turn = clampf(p->max_turn, 0.0f, 180.0f);
	p->fov = clampf(p->fov, 1.0f, 360.0f);
	p->wind_x = clampf(p->wind_x, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT);
	p->wind_y = clampf(p->wind_y, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT);
	p->goal_x = clampf(p->goal_x, 0.0f, 1.0f);
	p->goal_y = clampf(p->goal_y, 0.0f, 1.0f);
}

void
flock_params_fit(struct flock_params *p, size_t n, float w, float h,
    int which)
{
	double spacing = FLOCK_DEFAULT_DISTANCE;
	double room = (double)w * h * FIT_FILL / (spacing * spacing);
	float k;

	if ((double)n <= room)
		return;
	k = (float)sqrt(room / (double)n);
	if (!(which & FLOCK_SET_RADIUS))
		p->radius = FLOCK_DEFAULT_RADIUS * k;
	if (!(which & FLOCK_SET_DISTANCE))
		p->distance = FLOCK_DEFAULT_DISTANCE * k;
	if (!(which & FLOCK_SET_SPEED))
		p->max_speed = clampf(FLOCK_DEFAULT_SPEED * k, FLOCK_SPEED_MIN,
		    FLOCK_SPEED_LIMIT);
}

/* The rules are steer.c's; the flock keeps them with its state. */
void
flock_derive_rules(struct flock *f)
{
	steer_derive(&f->rules, &f->params, f->w, f->h);
}

/*
 * The grid's cells must be at least as wide as any distance a pair is
 * compared against, so that every such pair is in the 3x3 block. On
 * failure the old grid stays.
 */
int
flock_regrid(struct flock *f)
{
	float side = f->params.radius > f->params.distance ?
	    f->params.radius : f->params.distance;
	float bx = f->w * START_BAND + 1.0f, by = f->h * START_BAND + 1.0f;
	struct grid g;

	if (f->rules.whole_flock)
		side = f->params.distance;
	if (grid_init(&g, f->n, -bx, -by, f->w + 2 * bx, f->h + 2 * by,
	    side) < 0)
		return -1;
	grid_free(&f->grid);
	f->grid = g;
	return 0;
}

static int
boids_alloc(struct boids *b, size_t n)
{
	size_t m = n ? n : 1;

	b->x = malloc(m * sizeof *b->x);
	b->y = malloc(m * sizeof *b->y);
	b->vx = malloc(m * sizeof *b->vx);
	b->vy = malloc(m * sizeof *b->vy);
	b->id = malloc(m * sizeof *b->id);
	b->perch = malloc(m * sizeof *b->perch);
	return b->x && b->y && b->vx && b->vy && b->id && b->perch ? 0 : -1;
}

static void
boids_free(struct boids *b)
{
	free(b->x);
	free(b->y);
	free(b->vx);
	free(b->vy);
	free(b->id);
	free(b->perch);
	memset(b, 0, sizeof *b);
}

size_t
flock_bytes_per_boid(void)
{
	size_t one = 4 * sizeof(float) + sizeof(uint32_t) + sizeof(uint16_t);

	return 2 * one + sizeof(float) + grid_bytes_per_boid();
}

/*
 * How deep the band of starting places outside one side reaches: a
 * share of the field, but no more than a boid flies in START_STEPS, so a
 * flock whose speed was scaled down for a crowded field still flies in
 * within seconds; and yet deep enough to hold the flock at its own
 * spacing, or a million boids would start packed hundreds to a
 * neighbourhood.
 */
static double
start_depth(const struct flock *f, float size)
{
	double share = size * START_BAND;
	double flight = START_STEPS * f->params.max_speed;
	double d = f->params.distance, room = (double)f->n * d * d /
	    (2.0 * ((double)f->w + f->h));
	double depth = flight > room ? flight : room;

	return depth < share ? depth : share;
}

/* A place just outside the field, on a side chosen by its length, never
 * on the edge row or column itself. */
static void
start_outside(struct rng *rng, const struct flock *f, float *x, float *y)
{
	float w = f->w, h = f->h;
	double bx = start_depth(f, w), by = start_depth(f, h);
	double nx = bx < 2.0 ? bx / 2.0 : 1.0, ny = by < 2.0 ? by / 2.0 : 1.0;
	double side = rng_unit(rng) * 2.0 * (w + h);

	if (side < w) {
		*x = (float)side;
		*y = -(float)rng_range(rng, ny, ny + by);
	} else if (side < 2.0 * w) {
		*x = (float)(side - w);
		*y = h + (float)rng_range(rng, ny, ny + by);
	} else if (side < 2.0 * w + h) {
		*x = -(float)rng_range(rng, nx, nx + bx);
		*y = (float)(side - 2.0 * w);
	} else {
		*x = w + (float)rng_range(rng, nx, nx + bx);
		*y = (float)(side - 2.0 * w - h);
	}
}

/* Off-screen, heading in toward a random point near the middle. */
static void
start_boids(struct flock *f)
{
	struct rng rng;
	size_t i;

	rng_seed(&rng, f->seed, 1);
	for (i = 0; i < f->n; i++) {
		float x, y, tx, ty, dx, dy, len, speed;

		start_outside(&rng, f, &x, &y);
		tx = f->w * (float)rng_range(&rng, 0.3, 0.7);
		ty = f->h * (float)rng_range(&rng, 0.3, 0.7);
		dx = tx - x;
		dy = ty - y;
		len = sqrtf(dx * dx + dy * dy);
		speed = f->params.max_speed * (float)rng_range(&rng, 0.5, 1.0);
		f->cur.x[i] = x;
		f->cur.y[i] = y;
		f->cur.vx[i] = len > 0.0f ? dx / len * speed : speed;
		f->cur.vy[i] = len > 0.0f ? dy / len * speed : 0.0f;
		f->cur.id[i] = (uint32_t)i;
		f->cur.perch[i] = 0;
	}
}

void
flock_reset(struct flock *f, uint64_t seed)
{
	f->seed = seed;
	f->step = 0;
	f->perceived = 0;
	start_boids(f);
	agents_place_obstacles(f, f->obstacles_wanted);
	agents_place_predators(f, f->pred.n);
}

struct flock *
flock_new(size_t n, float w, float h, const struct flock_params *p,
    uint64_t seed, size_t npred, size_t nobst)
{
	struct flock *f = calloc(1, sizeof *f);

	if (!f)
		return NULL;
	f->n = n;
	f->w = w > 1.0f ? w : 1.0f;
	f->h = h > 1.0f ? h : 1.0f;
	f->params = *p;
	clamp_params(&f->params);
	flock_derive_rules(f);
	f->scratch = malloc((n ? n : 1) * sizeof *f->scratch);
	if (!f->scratch || boids_alloc(&f->cur, n) < 0 ||
	    boids_alloc(&f->sorted, n) < 0 || flock_regrid(f) < 0) {
		flock_free(f);
		return NULL;
	}
	f->pred.n = npred < FLOCK_MAX_PREDATORS ? npred : FLOCK_MAX_PREDATORS;
	f->obstacles_wanted = nobst < FLOCK_MAX_OBSTACLES ? nobst :
	    FLOCK_MAX_OBSTACLES;
	flock_reset(f, seed);
	return f;
}

void
flock_free(struct flock *f)
{
	if (!f)
		return;
	boids_free(&f->cur);
	boids_free(&f->sorted);
	grid_free(&f->grid);
	free(f->scratch);
	free(f);
}

int
flock_set_params(struct flock *f, const struct flock_params *p)
{
	struct flock_params old = f->params;

	f->params = *p;
	clamp_params(&f->params);
	flock_derive_rules(f);
	if ((f->params.radius != old.radius ||
	    f->params.distance != old.distance) && flock_regrid(f) < 0) {
		f->params = old;
		flock_derive_rules(f);
		return -1;
	}
	return 0;
}

const struct flock_params *
flock_params(const struct flock *f)
{
	return &f->params;
}

void
flock_resize(struct flock *f, float w, float h)
{
	float sx, sy;
	size_t i;

	w = w > 1.0f ? w : 1.0f;
	h = h > 1.0f ? h : 1.0f;
	sx = w / f->w;
	sy = h / f->h;
	for (i = 0; i < f->n; i++) {
		f->cur.x[i] *= sx;
		f->cur.y[i] *= sy;
	}
	f->w = w;
	f->h = h;
	agents_scale(f, sx, sy);
	flock_derive_rules(f);
	/* Should this fail, the old grid still finds every neighbour: its
	 * cells are as wide as before and it clamps what lies outside. */
	(void)flock_regrid(f);
	for (i = 0; i < f->n; i++)
		(void)agents_keep_out(f, &f->cur.x[i], &f->cur.y[i],
		    &f->cur.vx[i], &f->cur.vy[i]);
}

/* Sort the current state into cell order, into f->sorted. */
void
flock_sort(struct flock *f)
{
	const struct boids *in = &f->cur;
	struct boids *out = &f->sorted;
	const uint32_t *dest = f->grid.dest;
	long i, n = (long)f->n;

	grid_build(&f->grid, f->n, in->x, in->y);
	PARALLEL_FOR_IF(parallel_worth(f->n))
	for (i = 0; i < n; i++) {
		uint32_t d = dest[i];

		out->x[d] = in->x[i];
		out->y[d] = in->y[i];
		out->vx[d] = in->vx[i];
		out->vy[d] = in->vy[i];
		out->id[d] = in->id[i];
		out->perch[d] = in->perch[i];
	}
}

void
flock_get_view(const struct flock *f, struct flock_view *v)
{
	v->n = f->n;
	v->x = f->cur.x;
	v->y = f->cur.y;
	v->vx = f->cur.vx;
	v->vy = f->cur.vy;
	v->id = f->cur.id;
	v->perch = f->cur.perch;
	v->npred = f->pred.n;
	v->px = f->pred.x;
	v->py = f->pred.y;
	v->pvx = f->pred.vx;
	v->pvy = f->pred.vy;
	v->nobst = f->obst.n;
	v->ox = f->obst.x;
	v->oy = f->obst.y;
	v->orad = f->obst.r;
	v->w = f->w;
	v->h = f->h;
	v->step = f->step;
}

size_t
flock_index_of(const struct boids *b, size_t n, size_t id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (b->id[i] == id)
			return i;
	return n;
}

void
flock_place(struct flock *f, size_t id, float x, float y, float vx, float vy)
{
	size_t i = flock_index_of(&f->cur, f->n, id);

	if (i == f->n)
		return;
	f->cur.x[i] = x;
	f->cur.y[i] = y;
	f->cur.vx[i] = vx;
	f->cur.vy[i] = vy;
	f->cur.perch[i] = 0;
}
