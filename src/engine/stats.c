/*
 * stats.c: measures of a flock, for the headless output and the tests.
 *
 * Everything is O(N): sums over the boids, a nearest-neighbour search
 * on the grid the step built, and the groups linked through cells of
 * their own (groups.c), so a line of statistics costs a few steps even
 * for a million boids. The measures do not sort a
 * flock a step has just left (placed_now() says why), so that the
 * screen's panel measures it without sorting it. Sums run in a fixed
 * order in double precision, so the printed figures are the same
 * whatever the number of threads.
 *
 * With the extensions: the share of boids afraid and the leaders; with
 * species, each one's order and its groups (linked through its own kind
 * alone), and how pure the groups are.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flock_impl.h"

static void
motion_stats(const struct boids *b, size_t n, struct flock_stats *s)
{
	double svx = 0, svy = 0, speed = 0, cx = 0, cy = 0, r2 = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double vx = b->vx[i], vy = b->vy[i];

		svx += vx;
		svy += vy;
		speed += sqrt(vx * vx + vy * vy);
		cx += b->x[i];
		cy += b->y[i];
		s->perched += b->perch[i] > 0;
	}
	cx /= (double)n;
	cy /= (double)n;
	for (i = 0; i < n; i++) {
		double dx = b->x[i] - cx, dy = b->y[i] - cy;

		r2 += dx * dx + dy * dy;
	}
	s->order = speed > 0.0 ? sqrt(svx * svx + svy * svy) / speed : 0.0;
	s->speed = speed / (double)n;
	s->spread = sqrt(r2 / (double)n);
}

/*
 * Mean and smallest nearest-neighbour distance, and the groups, through
 * the grid. After a step the boids of f->cur are still in the grid's
 * order, each moved by at most a step's flight from its place in
 * f->sorted, for which the grid was built: the search allows for that,
 * and needs no sort. When they moved farther, the step has sorted them
 * already, ahead of the next step (flock.c), and the search reads
 * f->sorted. Only a flock changed since its last step (a new one, a
 * reset, a resize) is sorted here, as its next step would sort it,
 * which then finds it sorted.
 */
struct placed {
	const float *x, *y, *vx, *vy;  /* in the grid's order */
	const uint8_t *kind;           /* species, or NULL */
	float slack;                   /* moved since the grid, at most */
};

static void
placed_now(struct flock *f, struct placed *p)
{
	p->x = f->cur.x;
	p->y = f->cur.y;
	p->vx = f->cur.vx;
	p->vy = f->cur.vy;
	p->kind = f->cur.kind;
	/* Stepped, the grid is f->sorted's, and f->cur is searched through
	 * it when each of its boids lies near f->sorted's at the same
	 * index; a sort made ahead is read as the query's own. */
	p->slack = f->sorting == FLOCK_STEPPED ? 2.0f * (f->drift +
	    flock_moved(f)) : INFINITY;
	if (!(p->slack <= FLOCK_SLACK_SHARE * f->grid.side)) {
		flock_sort(f);
		p->x = f->sorted.x;
		p->y = f->sorted.y;
		p->vx = f->sorted.vx;
		p->vy = f->sorted.vy;
		p->kind = f->sorted.kind;
		p->slack = 0.0f;
	}
}

static void
spacing_stats(struct flock *f, const struct placed *p, struct flock_stats *s)
{
	float *nearest = f->scratch;
	double sum = 0.0, least = INFINITY;
	long i, n = (long)f->n;

	if (n < 2)
		return;
	grid_nearest_all(&f->grid, f->n, p->x, p->y, p->slack, nearest);
	for (i = 0; i < n; i++) {
		float d = sqrtf(nearest[i]);

		sum += d;
		if (d < least)
			least = d;
	}
	s->nnd = sum / (double)n;
	s->minsep = least;
}

/*
 * How pure the ng groups are: each group's boids of each kind, in the
 * tally, and the share of all their boids that are of their group's
 * commonest kind. Their numbers are in scratch, at their roots.
 */
static void
purity(struct flock *f, const struct placed *p, uint32_t ng,
    struct flock_stats *s)
{
	uint32_t *tally = f->tally, i, n = (uint32_t)f->n, g, k;
	double most = 0.0, all = 0.0;

	memset(tally, 0, (size_t)ng * FLOCK_MAX_SPECIES * sizeof *tally);
	for (i = 0; i < n; i++) {
		float tag = f->scratch[groups_root(f->link, i)];

		if (tag < 0.0f)
			tally[((uint32_t)(-tag) - 1) * FLOCK_MAX_SPECIES +
			    p->kind[i]]++;
	}
	for (g = 0; g < ng; g++) {
		uint32_t top = 0;

		for (k = 0; k < FLOCK_MAX_SPECIES; k++) {
			uint32_t c = tally[g * FLOCK_MAX_SPECIES + k];

			top = c > top ? c : top;
			all += c;
		}
		most += top;
	}
	s->pure = all > 0.0 ? most / all : 1.0;
}

/* Join every pair of boids within gap of each other (of one kind, with
 * kin): each cell with itself and the cells after it within reach,
 * through the step's grid. Its cells are about a radius wide, and the
 * gap far shorter, so that this tests some hundred pairs a boid in a
 * crowded flock: only for flocks too sparse for groups_link()'s cells. */
static void
link_through_grid(struct flock *f, const struct placed *p, float gap,
    int kin)
{
	const struct grid *g = &f->grid;
	float gap2 = gap * gap;
	long reach = (long)ceilf((gap + p->slack) * g->inv_side);
	long across = (long)ceilf((gap + p->slack) * g->inv_width);
	long col, row, dc, dr;

	for (row = 0; row < g->rows; row++)
		for (col = 0; col < g->cols; col++) {
			size_t c = (size_t)row * (size_t)g->cols + (size_t)col;

			for (dr = 0; dr <= reach && row + dr < g->rows; dr++)
				for (dc = dr ? -across : 0; dc <= across; dc++) {
					long oc = col + dc;
					size_t o;
					uint32_t i, j;

					if (oc < 0 || oc >= g->cols)
						continue;
					o = (size_t)(row + dr) * (size_t)g->cols +
					    (size_t)oc;
					for (i = g->start[c]; i < g->start[c + 1];
					    i++)
						for (j = o == c ? i + 1 : g->start[o];
						    j < g->start[o + 1]; j++) {
							float ex = p->x[j] - p->x[i];
							float ey = p->y[j] - p->y[i];

							if (ex * ex + ey * ey <= gap2 &&
							    (!kin || p->kind[i] ==
							    p->kind[j]))
								groups_join(f->link, i, j);
						}
				}
		}
}

/* Join every pair of boids within gap of each other, of one kind with
 * kin, each kind in its turn: through cells of the gap's own size
 * (groups.c), or through the step's grid where those would be too many.
 * The cells are found from the places as they lie now, with no slack. */
static void
link_pairs(struct flock *f, const struct placed *p, float gap, int kin)
{
	int k;

	for (k = 0; k < (kin ? f->params.species : 1); k++)
		if (groups_link(&f->groups, f->n, p->x, p->y,
		    kin ? p->kind : NULL, k, gap, f->link) < 0) {
			link_through_grid(f, p, gap, kin);
			return;
		}
}

static int
cmp_float(const void *a, const void *b)
{
	float x = *(const float *)a, y = *(const float *)b;

	return (x > y) - (x < y);
}

/*
 * Groups and how they wheel. Boids within FLOCK_GROUP_GAP separation
 * distances of each other are one group, and so on through the chain;
 * groups of FLOCK_GROUP_LEAST boids or more count. A group's mill is the
 * rotation order of its boids about its centre, |mean of r x v / (|r|
 * |v|)|: 1 when they all fly round it the same way, near 0 when they fly
 * straight or every which way; s->mill is the median over the groups.
 */
static void
group_stats(struct flock *f, const struct placed *p, struct flock_stats *s)
{
	float d = f->params.distance > 0.0f ? f->params.distance :
	    FLOCK_DEFAULT_DISTANCE;
	struct flock_group *g = f->group;
	float *mills = f->scratch;
	uint32_t i, n = (uint32_t)f->n, k, ng = 0;

	for (i = 0; i < n; i++)
		f->link[i] = i;
	link_pairs(f, p, FLOCK_GROUP_GAP * d, 0);
	/* Count each root's boids in scratch, as floats (exact below 2^24,
	 * above the most boids), then give the groups numbers in order. */
	for (i = 0; i < n; i++)
		f->scratch[i] = 0.0f;
	for (i = 0; i < n; i++)
		f->scratch[groups_root(f->link, i)] += 1.0f;
	for (i = 0; i < n; i++) {
		if ((size_t)f->scratch[i] > s->largest)
			s->largest = (size_t)f->scratch[i];
		if (f->scratch[i] >= (float)FLOCK_GROUP_LEAST) {
			memset(&g[ng], 0, sizeof g[ng]);
			g[ng].root = i;
			g[ng].count = (uint32_t)f->scratch[i];
			f->scratch[i] = -(float)(ng + 1);  /* its number */
			ng++;
		}
	}
	s->groups = ng;
	s->pure = 1.0;
	if (ng == 0)
		return;
	for (i = 0; i < n; i++) {
		float tag = f->scratch[groups_root(f->link, i)];

		if (tag < 0.0f) {
			k = (uint32_t)(-tag) - 1;
			g[k].sx += p->x[i];
			g[k].sy += p->y[i];
		}
	}
	if (p->kind)
		purity(f, p, ng, s);
	for (i = 0; i < n; i++) {
		float tag = f->scratch[groups_root(f->link, i)];
		double rx, ry, r, v;

		if (!(tag < 0.0f))
			continue;
		k = (uint32_t)(-tag) - 1;
		rx = p->x[i] - g[k].sx / g[k].count;
		ry = p->y[i] - g[k].sy / g[k].count;
		r = sqrt(rx * rx + ry * ry);
		v = sqrt((double)p->vx[i] * p->vx[i] +
		    (double)p->vy[i] * p->vy[i]);
		if (r > 0.0 && v > 0.0) {
			g[k].rot += (rx * p->vy[i] - ry * p->vx[i]) / (r * v);
			g[k].turning++;
		}
	}
	/* The groups' numbers in scratch are no longer needed: it takes
	 * each group's mill, there being fewer groups than boids. */
	for (k = 0; k < ng; k++)
		mills[k] = g[k].turning ?
		    (float)(fabs(g[k].rot) / g[k].turning) : 0.0f;
	qsort(mills, ng, sizeof *mills, cmp_float);
	s->mill = ng % 2 ? mills[ng / 2] :
	    0.5 * ((double)mills[ng / 2 - 1] + mills[ng / 2]);
}

/*
 * Species: the groups of each kind alone, linked through boids of that
 * kind; the link and scratch arrays are free again once group_stats()
 * is done with them.
 */
static void
kind_group_stats(struct flock *f, const struct placed *p,
    struct flock_stats *s)
{
	float d = f->params.distance > 0.0f ? f->params.distance :
	    FLOCK_DEFAULT_DISTANCE;
	uint32_t i, n = (uint32_t)f->n;

	for (i = 0; i < n; i++) {
		f->link[i] = i;
		f->scratch[i] = 0.0f;
	}
	link_pairs(f, p, FLOCK_GROUP_GAP * d, 1);
	for (i = 0; i < n; i++)
		f->scratch[groups_root(f->link, i)] += 1.0f;
	for (i = 0; i < n; i++)
		if (f->scratch[i] >= (float)FLOCK_GROUP_LEAST)
			s->kind_groups[p->kind[i]]++;
}

/* Each kind's order, |sum v| / sum |v|, over its boids. */
static void
kind_order(const struct flock *f, struct flock_stats *s)
{
	const struct boids *b = &f->cur;
	double svx[FLOCK_MAX_SPECIES] = { 0 }, svy[FLOCK_MAX_SPECIES] = { 0 };
	double speed[FLOCK_MAX_SPECIES] = { 0 };
	size_t i;
	int k;

	for (i = 0; i < f->n; i++) {
		double vx = b->vx[i], vy = b->vy[i];

		svx[b->kind[i]] += vx;
		svy[b->kind[i]] += vy;
		speed[b->kind[i]] += sqrt(vx * vx + vy * vy);
	}
	for (k = 0; k < f->params.species; k++)
		s->kind_order[k] = speed[k] > 0.0 ? sqrt(svx[k] * svx[k] +
		    svy[k] * svy[k]) / speed[k] : 0.0;
}

/* The afraid and the leaders, as the last step left them. */
static void
mood_stats(const struct flock *f, struct flock_stats *s)
{
	const struct boids *b = &f->cur;
	size_t i, afraid = 0;

	for (i = 0; b->fear && i < f->n; i++)
		afraid += b->fear[i] >= FLOCK_AFRAID;
	for (i = 0; b->lead && i < f->n; i++)
		s->leaders += b->lead[i] > 0;
	s->afraid = (double)afraid / (double)f->n;
}

static void
agent_stats(const struct flock *f, struct flock_stats *s)
{
	const struct boids *b = &f->cur;
	double sum = 0.0;
	size_t i, k;

	for (i = 0; i < f->n; i++) {
		float best = INFINITY;

		for (k = 0; k < f->pred.n; k++) {
			float dx = b->x[i] - f->pred.x[k];
			float dy = b->y[i] - f->pred.y[k];
			float d2 = dx * dx + dy * dy;

			if (d2 < best)
				best = d2;
		}
		if (f->pred.n > 0)
			sum += sqrt((double)best);
		for (k = 0; k < f->obst.n; k++) {
			float dx = b->x[i] - f->obst.x[k];
			float dy = b->y[i] - f->obst.y[k];

			if (dx * dx + dy * dy < f->obst.r[k] * f->obst.r[k]) {
				s->inside++;
				break;
			}
		}
	}
	s->predator_dist = f->pred.n > 0 ? sum / (double)f->n : 0.0;
}

void
flock_measure(struct flock *f, struct flock_stats *s)
{
	struct placed pl;

	memset(s, 0, sizeof *s);
	s->step = f->step;
	if (f->n == 0)
		return;
	motion_stats(&f->cur, f->n, s);
	placed_now(f, &pl);
	spacing_stats(f, &pl, s);
	group_stats(f, &pl, s);
	if (pl.kind) {
		kind_group_stats(f, &pl, s);
		kind_order(f, s);
	}
	mood_stats(f, s);
	agent_stats(f, s);
	s->nbrs = (double)f->perceived / (double)f->n;
}
