/*
 * start.c: how a flock starts: where its boids are placed, and heading
 * which way, when it is made or reset (enum flock_start).
 *
 * Boids start outside the world in a few groups that fly in at
 * different times (edges), or spread over the world in loose patches
 * when the flock is too large to fly in soon (random). Species take
 * turns by id, so each has its share of the boids, and each starts in
 * groups of its own. Everything here is drawn from the flock's seed, in
 * a stream of its own, so a seed always starts the same flock.
 */
#include <math.h>

#include "flock_impl.h"

/* How far outside the world boids start: at most START_BAND of its size
 * (flock_impl.h), and at most this many steps of flight. */
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

/*
 * The depth of a band round the world that holds n boids at their
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
 * share of the world, but no more than a boid flies in START_STEPS, so a
 * flock whose speed was scaled down for a crowded world still flies in
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
	double hx, hy;        /* unit heading, into the world */
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

/* A coordinate kept within the band round the world that the grid
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
 * outside the world whatever the slant.
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
	if (!(v >= 0.0) || v >= size)   /* a patch wider than the world */
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
 * the separation distance), so together they cover a share of the world
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

void
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
}
