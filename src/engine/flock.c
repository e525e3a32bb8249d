/*
 * flock.c: the flock's state: making, resetting, resizing and sorting it,
 * and its parameters (see step.c for the step, steer.c for the rules).
 *
 * Boids start off-screen in a few groups that fly in at different times,
 * or spread over the field when the flock is too large to fly in soon
 * (see enum flock_start). When n
 * boids at the default spacing would crowd the field, the lengths the user
 * did not set shrink together, as if the flock were seen from farther
 * away, so a million boids still make a flock on an 80x24 terminal.
 *
 * The extensions (fear, leaders, species) are fixed when the flock is
 * made: their arrays exist only while they are on, and the sort moves
 * them with the rest of each boid. Species take turns by id, so each has
 * its share of the boids, and each starts in groups of its own.
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
/* Edges: this many groups fly in, each boid within this many radians of
 * its group's heading. */
#define START_GROUPS_MIN 2
#define START_GROUPS_MAX 6
#define START_JITTER 0.2
/* Random: about this many boids a patch, at most PATCH_MAX patches, a
 * boid within PATCH_JITTER radians of its patch's heading. */
#define PATCH_BOIDS 16
#define PATCH_MAX 48
#define PATCH_FILL 0.6
#define PATCH_JITTER 0.8
/* A boid lies at this power of a uniform draw times the radius: above
 * 0.5 crowds the middle. */
#define PATCH_CORE 0.6

/* A crowded field: at most this share of it filled at default spacing. */
#define FIT_FILL 0.25f

static const struct flock_params default_params = {
	1.0f, 1.0f, 1.0f,
	FLOCK_DEFAULT_RADIUS, FLOCK_DEFAULT_DISTANCE, FLOCK_DEFAULT_SPEED,
	FLOCK_DEFAULT_TURN, 360.0f,
	0.0f, 0.0f,
	0, 0.5f, 0.5f, 1.0f,
	0, 0, 1, FLOCK_START_AUTO,
	FLOCK_DEFAULT_WANDER, FLOCK_DEFAULT_NEAREST,
	0, 0, 1
};

void
flock_goal_place(size_t k, float *x, float *y)
{
	agents_goal_place(k, x, y);
}

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
	p->wander = clampf(p->wander, 0.0f, FLOCK_WANDER_LIMIT);
	if (p->nearest < 0)
		p->nearest = 0;
	if (p->nearest > FLOCK_NEAREST_LIMIT)
		p->nearest = FLOCK_NEAREST_LIMIT;
	p->max_speed = clampf(p->max_speed, FLOCK_SPEED_MIN,
	    FLOCK_SPEED_LIMIT);
	p->max_turn = clampf(p->max_turn, 0.0f, 180.0f);
	p->fov = clampf(p->fov, 1.0f, 360.0f);
	p->wind_x = clampf(p->wind_x, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT);
	p->wind_y = clampf(p->wind_y, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT);
	p->goal_x = clampf(p->goal_x, 0.0f, 1.0f);
	p->goal_y = clampf(p->goal_y, 0.0f, 1.0f);
	p->fear = p->fear != 0;
	p->leaders = p->leaders != 0;
	if (p->species < 1)
		p->species = 1;
	if (p->species > FLOCK_MAX_SPECIES)
		p->species = FLOCK_MAX_SPECIES;
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

int
flock_world_fit(size_t n, float distance, float *w, float *h)
{
	double d = distance > 0.0f ? distance : FLOCK_DEFAULT_DISTANCE;
	double room = (double)*w * *h * FIT_FILL / (d * d), k;

	if ((double)n <= room)
		return 0;
	k = sqrt((double)n / room);
	*w = (float)ceil(*w * k);
	*h = (float)(2.0 * ceil(*h * k * 0.5));
	return 1;
}

/* The rules are steer.c's; the flock keeps them with its state. */
void
flock_derive_rules(struct flock *f)
{
	steer_derive(&f->rules, &f->params, f->w, f->h);
}

/*
 * The grid's side must be at least any distance a pair is compared
 * against, so that every such pair is in the block around it. On
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
	f->grid_sorted = 0;
	/* The gas starts anew on the new cells; should it not fit, the old
	 * one goes on, its lattice over the same field. */
	return f->params.fear ? gas_fit(&f->gas, &f->grid, f->n,
	    f->params.distance) : 0;
}

static int
boids_alloc(struct boids *b, size_t n, const struct flock_params *p)
{
	size_t m = n + FLOCK_PAD;

	b->x = calloc(m, sizeof *b->x);
	b->y = calloc(m, sizeof *b->y);
	b->vx = calloc(m, sizeof *b->vx);
	b->vy = calloc(m, sizeof *b->vy);
	b->id = calloc(m, sizeof *b->id);
	b->perch = calloc(m, sizeof *b->perch);
	if (p->species > 1 && !(b->kind = calloc(m, sizeof *b->kind)))
		return -1;
	if (p->fear && !(b->fear = calloc(m, sizeof *b->fear)))
		return -1;
	if (p->leaders && !(b->lead = calloc(m, sizeof *b->lead)))
		return -1;
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
	free(b->kind);
	free(b->fear);
	free(b->lead);
	memset(b, 0, sizeof *b);
}

size_t
flock_bytes_per_boid(void)
{
	size_t one = 4 * sizeof(float) + sizeof(uint32_t) + sizeof(uint16_t);

	return 2 * one + sizeof(float) + sizeof(uint32_t) +
	    sizeof(struct flock_group) / FLOCK_GROUP_LEAST + 1 +
	    grid_bytes_per_boid();
}

/* Two copies of each array, the leaders' list, a group's tally of each
 * kind, and the gas, at most a cell a boid. */
size_t
flock_extra_bytes_per_boid(const struct flock_params *p)
{
	size_t bytes = 0;

	if (p->species > 1)
		bytes += 2 * sizeof(uint8_t) + FLOCK_MAX_SPECIES *
		    sizeof(uint32_t) / FLOCK_GROUP_LEAST + 1;
	if (p->fear)
		bytes += 4 * sizeof(float);
	if (p->leaders)
		bytes += 2 * sizeof(uint16_t) + sizeof(uint32_t);
	return bytes;
}

/*
 * The depth of a band round the field that holds n boids at their
 * spacing: how far outside the last of them starts when all fly in.
 */
static double
start_room(const struct flock_params *p, size_t n, float w, float h)
{
	double d = p->distance;

	return (double)n * d * d / (2.0 * ((double)w + h));
}

int
flock_start_chosen(const struct flock_params *p, size_t n, float w, float h)
{
	if (p->start == FLOCK_START_EDGES || p->start == FLOCK_START_RANDOM)
		return p->start;
	return start_room(p, n, w, h) <= START_STEPS * p->max_speed ?
	    FLOCK_START_EDGES : FLOCK_START_RANDOM;
}

/*
 * How deep the band of starting places outside one side reaches: a
 * share of the field, but no more than a boid flies in START_STEPS, so a
 * flock whose speed was scaled down for a crowded field still flies in
 * within seconds; and yet deep enough to hold the flock at its own
 * spacing, or a large flock would start packed hundreds to a
 * neighbourhood.
 */
static double
start_depth(const struct flock *f, float size)
{
	double share = size * START_BAND;
	double flight = START_STEPS * f->params.max_speed;
	double room = start_room(&f->params, f->n, f->w, f->h);
	double depth = flight > room ? flight : room;

	return depth < share ? depth : share;
}

/* A group that flies in: where it crosses the edge, its heading, the
 * run of edge it spans and how far back its first and last boids are. */
struct start_group {
	double ex, ey;        /* on the edge */
	double tx, ty;        /* unit vector along the edge */
	double hx, hy;        /* unit heading, into the field */
	double spread, near, depth;
};

static void
start_group(struct rng *rng, const struct flock *f, size_t groups,
    struct start_group *g)
{
	double w = f->w, h = f->h, side = rng_unit(rng) * 2.0 * (w + h);
	double d = f->params.distance;
	double aim_x = w * rng_range(rng, 0.15, 0.85);
	double aim_y = h * rng_range(rng, 0.15, 0.85);
	double band, edge, dx, dy, len;

	g->tx = side < 2.0 * w ? 1.0 : 0.0;
	g->ty = 1.0 - g->tx;
	if (side < w) {
		g->ex = side;
		g->ey = 0.0;
	} else if (side < 2.0 * w) {
		g->ex = side - w;
		g->ey = h;
	} else if (side < 2.0 * w + h) {
		g->ex = 0.0;
		g->ey = side - 2.0 * w;
	} else {
		g->ex = w;
		g->ey = side - 2.0 * w - h;
	}
	dx = aim_x - g->ex;
	dy = aim_y - g->ey;
	len = sqrt(dx * dx + dy * dy);
	g->hx = len > 0.0 ? dx / len : 1.0;
	g->hy = len > 0.0 ? dy / len : 0.0;
	band = start_depth(f, g->tx > 0.0 ? f->h : f->w);
	edge = (g->tx > 0.0 ? f->h : f->w) * START_BAND;
	/* Each group waits its own time: the nearest boid's distance
	 * varies over half the band, the group fills the rest. */
	g->near = 1.0 + rng_unit(rng) * band * 0.5;
	g->spread = (g->tx > 0.0 ? w : h) / (double)groups * 0.5 *
	    rng_range(rng, 0.4, 1.0);
	/* Deep enough to hold the group at its spacing, so that it does
	 * not start packed and burst apart, but inside the band the grid
	 * covers. */
	g->depth = (double)f->n / (double)groups * d * d /
	    (2.0 * (g->spread > 1.0 ? g->spread : 1.0));
	if (g->depth < band * 0.5)
		g->depth = band * 0.5;
	if (g->depth > edge - g->near)
		g->depth = edge - g->near > 0.0 ? edge - g->near : 0.0;
}

/*
 * The group or patch boid i starts in, of the groups that fly in or
 * patches there are. With species, each kind has groups of its own
 * (kinds take turns by id, so each has its share of the boids): kinds
 * start apart, as flocks of different birds do, and meet in flight.
 */
static size_t
start_pick(const struct flock *f, struct rng *rng, size_t i, size_t groups)
{
	size_t kinds = (size_t)f->params.species, kind, own;

	if (kinds < 2 || groups < kinds)
		return rng_below(rng, (uint32_t)groups);
	kind = i % kinds;
	own = (groups - kind + kinds - 1) / kinds;
	return kind + kinds * rng_below(rng, (uint32_t)own);
}

/* A coordinate kept within the band round the field that the grid
 * covers: a group near a corner does not overhang it. */
static float
start_band(double v, float size)
{
	double b = size * START_BAND;

	return (float)(v < -b ? -b : v > size + b ? size + b : v);
}

/*
 * Edges: a few groups, each entering from a random place on a random side
 * toward a random point, so no two sides mirror each other. A boid starts
 * behind its group's crossing point along the heading, which keeps it
 * outside the field whatever the slant.
 */
static void
start_edges(struct flock *f, struct rng *rng)
{
	struct start_group g[START_GROUPS_MAX];
	size_t k, i, groups = START_GROUPS_MIN +
	    rng_below(rng, START_GROUPS_MAX - START_GROUPS_MIN + 1);

	/* With species, a group at least for each kind. */
	if (groups < (size_t)f->params.species)
		groups = (size_t)f->params.species;
	if (groups > f->n)
		groups = f->n ? f->n : 1;
	for (k = 0; k < groups; k++)
		start_group(rng, f, groups, &g[k]);
	for (i = 0; i < f->n; i++) {
		const struct start_group *q = &g[start_pick(f, rng, i,
		    groups)];
		double back = q->near + rng_unit(rng) * q->depth;
		double along = rng_range(rng, -q->spread, q->spread);
		double turn = rng_range(rng, -START_JITTER, START_JITTER);
		double c = cos(turn), s = sin(turn);
		double speed = f->params.max_speed * rng_range(rng, 0.6, 1.0);

		f->cur.x[i] = start_band(q->ex + q->tx * along - q->hx * back,
		    f->w);
		f->cur.y[i] = start_band(q->ey + q->ty * along - q->hy * back,
		    f->h);
		f->cur.vx[i] = (float)((q->hx * c - q->hy * s) * speed);
		f->cur.vy[i] = (float)((q->hx * s + q->hy * c) * speed);
	}
}

/* A patch that overhangs an edge is folded back in, not piled on it. */
static float
start_fold(double v, float size)
{
	if (v < 0.0)
		v = -v;
	if (v >= size)
		v = 2.0 * size - v;
	if (!(v >= 0.0) || v >= size)   /* a patch wider than the field */
		v = size * 0.5;
	return (float)v;
}

/*
 * Random: loose flocks of varied size, each at a random place with a
 * random heading that its boids share only roughly, drawn out along it,
 * denser in the middle than at the rim. A flock spread
 * evenly would stay an even grey on screen for minutes when a cell
 * holds hundreds of boids; in patches it shows shapes from the start.
 * The patches hold their boids a little apart (PATCH_FILL of the area at
 * the separation distance), so together they cover a share of the field
 * that depends only on how crowded it is.
 */
static void
start_random(struct flock *f, struct rng *rng)
{
	double cx[PATCH_MAX] = { 0 }, cy[PATCH_MAX] = { 0 };
	double head[PATCH_MAX] = { 0 }, rad[PATCH_MAX] = { 0 };
	double stretch[PATCH_MAX] = { 0 };
	double d = f->params.distance > 0.0f ? f->params.distance :
	    FLOCK_DEFAULT_DISTANCE;
	size_t k, i, patches = f->n / PATCH_BOIDS;

	patches = patches < 1 ? 1 : patches > PATCH_MAX ? PATCH_MAX : patches;
	/* With species, a patch at least for each kind. */
	if (patches < (size_t)f->params.species)
		patches = (size_t)f->params.species;
	for (k = 0; k < patches; k++) {
		double share = rng_range(rng, 0.3, 1.7) * (double)f->n /
		    (double)patches;

		cx[k] = rng_unit(rng) * f->w;
		cy[k] = rng_unit(rng) * f->h;
		head[k] = rng_unit(rng) * 2.0 * FLOCK_PI;
		rad[k] = sqrt(share * d * d / (FLOCK_PI * PATCH_FILL));
		stretch[k] = sqrt(rng_range(rng, 1.5, 4.0));
	}
	for (i = 0; i < f->n; i++) {
		size_t q = start_pick(f, rng, i, patches);
		double r = rad[q] * pow(rng_unit(rng), PATCH_CORE);
		double t = rng_unit(rng) * 2.0 * FLOCK_PI;
		double a = head[q] + rng_range(rng, -PATCH_JITTER, PATCH_JITTER);
		double speed = f->params.max_speed * rng_range(rng, 0.5, 1.0);
		double along = r * cos(t) * stretch[q];
		double across = r * sin(t) / stretch[q];
		double hc = cos(head[q]), hs = sin(head[q]);
		double x = cx[q] + along * hc - across * hs;
		double y = cy[q] + along * hs + across * hc;

		f->cur.x[i] = start_fold(x, f->w);
		f->cur.y[i] = start_fold(y, f->h);
		f->cur.vx[i] = (float)(cos(a) * speed);
		f->cur.vy[i] = (float)(sin(a) * speed);
	}
}

static void
start_boids(struct flock *f)
{
	struct rng rng;
	size_t i;

	rng_seed(&rng, f->seed, 1);
	if (flock_start_chosen(&f->params, f->n, f->w, f->h) ==
	    FLOCK_START_RANDOM)
		start_random(f, &rng);
	else
		start_edges(f, &rng);
	for (i = 0; i < f->n; i++) {
		f->cur.id[i] = (uint32_t)i;
		f->cur.perch[i] = 0;
	}
	for (i = 0; f->cur.kind && i < f->n; i++)
		f->cur.kind[i] = (uint8_t)(i % (size_t)f->params.species);
	for (i = 0; f->cur.fear && i < f->n; i++)
		f->cur.fear[i] = 0.0f;
	for (i = 0; f->cur.lead && i < f->n; i++)
		f->cur.lead[i] = 0;
	if (f->gas.level)
		memset(f->gas.level, 0, f->gas.cells * sizeof *f->gas.level);
	f->afraid = f->leaders = 0;
}

void
flock_reset(struct flock *f, uint64_t seed)
{
	f->seed = seed;
	f->step = 0;
	f->perceived = 0;
	f->resting = 0;
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
	f->link = malloc((n ? n : 1) * sizeof *f->link);
	f->group = malloc((n / FLOCK_GROUP_LEAST + 1) * sizeof *f->group);
	if (f->params.leaders)
		f->leading = malloc((n ? n : 1) * sizeof *f->leading);
	if (f->params.species > 1)
		f->tally = malloc((n / FLOCK_GROUP_LEAST + 1) *
		    FLOCK_MAX_SPECIES * sizeof *f->tally);
	if (!f->scratch || !f->link || !f->group ||
	    (f->params.leaders && !f->leading) ||
	    (f->params.species > 1 && !f->tally) ||
	    boids_alloc(&f->cur, n, &f->params) < 0 ||
	    boids_alloc(&f->sorted, n, &f->params) < 0 || flock_regrid(f) < 0) {
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
	gas_free(&f->gas);
	free(f->scratch);
	free(f->link);
	free(f->group);
	free(f->leading);
	free(f->tally);
	free(f);
}

int
flock_set_params(struct flock *f, const struct flock_params *p)
{
	struct flock_params old = f->params;

	f->params = *p;
	/* The extensions stay as the flock was made. */
	f->params.fear = old.fear;
	f->params.leaders = old.leaders;
	f->params.species = old.species;
	clamp_params(&f->params);
	flock_derive_rules(f);
	if ((f->params.radius != old.radius ||
	    f->params.distance != old.distance) && flock_regrid(f) < 0) {
		f->params = old;
		flock_derive_rules(f);
		return -1;
	}
	if (f->params.goal_on && (!old.goal_on ||
	    f->params.goal_x != old.goal_x || f->params.goal_y != old.goal_y))
		agents_clear_goal(f);
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

/* Boids [lo, hi) of the current state to their places in cell order. */
static void
move_to_sorted(void *arg, size_t lo, size_t hi)
{
	struct flock *f = arg;
	const struct boids *in = &f->cur;
	struct boids *out = &f->sorted;
	const uint32_t *dest = f->grid.dest;
	size_t i;

	for (i = lo; i < hi; i++) {
		uint32_t d = dest[i];

		out->x[d] = in->x[i];
		out->y[d] = in->y[i];
		out->vx[d] = in->vx[i];
		out->vy[d] = in->vy[i];
		out->id[d] = in->id[i];
		out->perch[d] = in->perch[i];
	}
	for (i = lo; in->kind && i < hi; i++)
		out->kind[dest[i]] = in->kind[i];
	for (i = lo; in->fear && i < hi; i++)
		out->fear[dest[i]] = in->fear[i];
	for (i = lo; in->lead && i < hi; i++)
		out->lead[dest[i]] = in->lead[i];
}

/* Sort the current state into cell order, into f->sorted. */
void
flock_sort(struct flock *f)
{
	grid_build(&f->grid, f->n, f->cur.x, f->cur.y, move_to_sorted, f);
	f->grid_sorted = 1;
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
	v->kind = f->cur.kind;
	v->fear = f->cur.fear;
	v->lead = f->cur.lead;
	v->species = f->params.species;
	v->afraid = f->afraid;
	v->leaders = f->leaders;
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

void
flock_frighten(struct flock *f, size_t id, float fear)
{
	size_t i = flock_index_of(&f->cur, f->n, id);

	if (i == f->n || !f->cur.fear)
		return;
	f->cur.fear[i] = fear > 0.0f ? (fear < 1.0f ? fear : 1.0f) : 0.0f;
}

void
flock_lead(struct flock *f, size_t id, unsigned steps)
{
	size_t i = flock_index_of(&f->cur, f->n, id);

	if (i == f->n || !f->cur.lead)
		return;
	f->cur.lead[i] = (uint16_t)(steps < 65535u ? steps : 65535u);
}
