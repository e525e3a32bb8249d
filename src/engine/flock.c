/*
 * flock.c: the flock's storage: making and freeing it, starting it anew,
 * resizing its world, replacing its parameters (held to their ranges),
 * sorting its boids into cell order, and showing its state (see step.c
 * for the step, start.c for where boids start, params.c for the
 * parameters' defaults and their fitting to a world).
 *
 * Each boid's state is a structure of arrays, twice: f->cur, the state
 * now, and f->sorted, the last state in the grid's cell order, which a
 * step reads. A sort may be made ahead of the step that reads it (enum
 * flock_sorting): whatever changes f->cur by hand in between makes the
 * step sort again. The extensions (fear, leaders, species) are fixed when the
 * flock is made: their arrays exist only while they are on, and the sort
 * moves them with the rest of each boid.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flock_impl.h"
#include "parallel.h"

static float
clampf(float v, float lo, float hi)
{
	if (!(v >= lo))   /* NaN goes to the low end */
		return lo;
	return v > hi ? hi : v;
}

/* Every parameter held to its range (flock.h). */
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

/* The rules are steer.c's; the flock keeps them with its state. */
static void
derive_rules(struct flock *f)
{
	steer_derive(&f->rules, &f->params, f->w, f->h);
}

/*
 * f->cur was changed by hand, each boid kept at its index: a sort made
 * ahead of the next step (by the step before, or by a query) no longer
 * holds, and is made again by the step, cut as it was, so that the
 * flight goes on as if it had never been made. The boids of a stepped
 * state still follow f->sorted's order.
 */
static void
changed(struct flock *f)
{
	f->moved = NAN;
	if (f->sorting != FLOCK_SORTED)
		return;
	grid_cut_again(&f->grid);
	f->sorting = FLOCK_UNSORTED;
}

/*
 * The grid's side must be at least any distance a pair is compared
 * against, so that every such pair is in the block around it: the
 * radius, or with radius 0 the separation distance. A big flock that
 * perceives through the sight's cells compares pairs only against the
 * separation distance (and leaders' half radius, lead.c), but its rows
 * stay a radius tall (SIGHT_GRID): finer rows cost more to sort into
 * than the shorter blocks save, and the gather reaches across no more
 * columns than the distance needs. Its sight's cells are whole rows of
 * the grid.
 */
static float
grid_side(const struct flock *f)
{
	float d = f->params.distance, half = SIGHT_GRID * f->params.radius;

	if (f->rules.whole_flock)
		return d;
	if (f->rules.cells)
		return half > d ? half : d;
	return f->params.radius > d ? f->params.radius : d;
}

/* The sight's cells, as many of the grid's sides across as make them
 * SIGHT_CELL radii, at least one. */
static int
sight_rows(const struct flock *f, const struct grid *g)
{
	float k = SIGHT_CELL * f->params.radius / g->side;

	return k > 1.5f ? (int)(k + 0.5f) : 1;
}

/* On failure the old grid stays. */
static int
regrid(struct flock *f)
{
	float bx = f->w * START_BAND + 1.0f, by = f->h * START_BAND + 1.0f;
	struct grid g;
	struct sight s;

	memset(&s, 0, sizeof s);
	if (grid_init(&g, f->n, -bx, -by, f->w + 2 * bx, f->h + 2 * by,
	    grid_side(f)) < 0)
		return -1;
	if (f->rules.cells && (grid_keep_cells(&g) < 0 ||
	    sight_fit(&s, &g, sight_rows(f, &g), f->n) < 0)) {
		grid_free(&g);
		return -1;
	}
	grid_free(&f->grid);
	f->grid = g;
	sight_free(&f->sight);
	f->sight = s;
	f->sorting = FLOCK_UNSORTED;
	/* The gas starts anew on the new cells; should it not fit, the old
	 * one goes on, its lattice over the same world. */
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
	    grid_bytes_per_boid() + sight_bytes_per_boid();
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

/* Calm, and no leader: fear and leadership start anew with the flock,
 * and so does the gas. */
static void
calm(struct flock *f)
{
	size_t i;

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
	changed(f);
	f->sorting = FLOCK_UNSORTED;
	f->seed = seed;
	f->step = 0;
	f->perceived = 0;
	f->resting = 0;
	start_boids(f);
	calm(f);
	flock_target_none(f);
	agents_place_obstacles(f, f->obstacles_wanted);
	agents_place_predators(f, f->pred.n);
}

struct flock *
flock_new(size_t n, float w, float h, const struct flock_params *p,
    uint64_t seed, size_t npred, size_t nobst)
{
	struct flock *f;

	if (n >= PARALLEL_MIN_BOIDS && parallel_start() == ENOMEM)
		return NULL;
	f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	f->n = n;
	f->w = w > 1.0f ? w : 1.0f;
	f->h = h > 1.0f ? h : 1.0f;
	f->params = *p;
	clamp_params(&f->params);
	derive_rules(f);
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
	    boids_alloc(&f->sorted, n, &f->params) < 0 || regrid(f) < 0) {
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
	sight_free(&f->sight);
	gas_free(&f->gas);
	free(f->scratch);
	free(f->link);
	free(f->group);
	groups_free(&f->groups);
	free(f->leading);
	free(f->tally);
	free(f->target_x);
	free(f->target_y);
	free(f);
}

int
flock_threads_refused(const struct flock *f)
{
	int err = parallel_refused();

	return !f || f->n >= PARALLEL_MIN_BOIDS ? err : 0;
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
	derive_rules(f);
	if ((f->params.radius != old.radius ||
	    f->params.distance != old.distance ||
	    f->rules.cells != (f->sight.cells > 0)) && regrid(f) < 0) {
		f->params = old;
		derive_rules(f);
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

	changed(f);
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
	target_scale(f, sx, sy);
	derive_rules(f);
	/* Should this fail, the old grid still finds every neighbour: its
	 * cells are as wide as before and it clamps what lies outside. */
	(void)regrid(f);
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

/*
 * Each build of the grid chooses the next one's cut (grid.h), and the
 * cut orders each boid's candidates, so it shapes the flight: were a
 * query to sort the boids for itself, the step after it would sort them
 * again, cut as that sort chose, and a flight would depend on the steps
 * it was measured at. So a query sorts them as the next step would,
 * and the step uses that sort as it is.
 */
void
flock_sort(struct flock *f)
{
	if (f->sorting == FLOCK_SORTED)
		return;
	grid_build(&f->grid, f->n, f->cur.x, f->cur.y, move_to_sorted, f);
	f->sorting = FLOCK_SORTED;
	f->drift = 0.0f;
	f->ids_apart = 1;
}

int
flock_lazy(const struct flock *f)
{
	const struct rules *r = &f->rules;

	return r->cells && !r->fearful && !r->leaders;
}

/* How far a boid may drift from where it was sorted before the boids
 * are sorted again (flock_lazy()). */
static float
drift_most(const struct flock *f)
{
	float most = FLOCK_DRIFT_SHARE * f->params.distance;
	float measures = 0.5f * FLOCK_SLACK_SHARE * f->grid.side;

	return most < measures ? most : measures;
}

void
flock_stepped(struct flock *f, float slack)
{
	f->sorting = FLOCK_STEPPED;
	f->moved = 0.5f * slack;
	f->ids_apart = 0;
	if (!(2.0f * f->drift + slack <= FLOCK_SLACK_SHARE * f->grid.side) ||
	    (flock_lazy(f) && !(f->drift + f->moved <= drift_most(f))))
		flock_sort(f);
}

float
flock_moved(struct flock *f)
{
	if (isnan(f->moved))
		f->moved = 0.5f * flock_slack(flock_moved_bits(f, 0, f->n));
	return f->moved;
}

void
flock_ready(struct flock *f)
{
	struct boids last;

	if (f->sorting != FLOCK_STEPPED || !flock_lazy(f) ||
	    !(f->drift + flock_moved(f) <= drift_most(f))) {
		flock_sort(f);
		return;
	}
	last = f->sorted;
	f->sorted = f->cur;
	f->cur = last;
	f->drift += f->moved;
	f->sorting = FLOCK_SORTED;
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
	changed(f);
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
	changed(f);
	f->cur.fear[i] = fear > 0.0f ? (fear < 1.0f ? fear : 1.0f) : 0.0f;
}

void
flock_lead(struct flock *f, size_t id, unsigned steps)
{
	size_t i = flock_index_of(&f->cur, f->n, id);

	if (i == f->n || !f->cur.lead)
		return;
	changed(f);
	f->cur.lead[i] = (uint16_t)(steps < 65535u ? steps : 65535u);
}
