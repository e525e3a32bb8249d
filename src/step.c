/*
 * step.c: one step of the flock, the rules of the pseudocode.
 *
 * A step sorts the boids into cell order (the copy in f->sorted is the
 * previous state, read-only for the rest of the step), then works out each
 * boid's new velocity and position into f->cur:
 *
 *   v1 = m1 (perceived centre - p) / 100     perceived centre excludes p
 *   v2 = m2 k sum over boids nearer than the separation distance of -(pj - p)
 *   v3 = m3 (perceived velocity - v) / 8     perceived velocity excludes v
 *   v += v1 + v2 + v3 + wind + goal + flight + avoidance, then bounds
 *   turn-rate limit, speed limit, p += v
 *
 * Neighbours are the other boids within the radius and the field of view;
 * separation looks all round. With radius 0 the perceived centre and
 * velocity come from sums over the whole flock minus the boid itself.
 * Every boid reads only the previous state, so the result is the same in
 * any order and on any number of threads.
 */
#include <math.h>
#include <string.h>

#include "flock_impl.h"
#include "parallel.h"

/* The pseudocode's own factors. */
#define COHESION_FACTOR (1.0f / 100.0f)
#define ALIGNMENT_FACTOR (1.0f / 8.0f)
#define GOAL_FACTOR (1.0f / 100.0f)

/*
 * Separation is the pseudocode's sum of displacements, scaled down: at
 * full strength a boid one unit away would be pushed one unit per step,
 * twice the default speed limit, and the motion would jerk. An eighth
 * keeps boids apart without the flock shivering.
 */
#define SEPARATION_FACTOR (1.0f / 8.0f)

/* What a boid gathers from the boids around it. */
struct sums {
	float count;       /* neighbours perceived, the boid itself included */
	float dx, dy;      /* sum of neighbour positions relative to the boid */
	float vx, vy;      /* sum of neighbour velocities */
	float sx, sy;      /* sum of (pj - p) over boids inside distance */
};

/* Field of view, without a square root: in view when the angle between
 * the heading and the neighbour is at most half the fov. A boid with no
 * heading, or a neighbour at its own place, sees all round. */
static inline int
in_view(const struct rules *r, float dx, float dy, float d2, float vx,
    float vy)
{
	return angle_within(dx * vx + dy * vy,
	    r->fov_cos2 * (vx * vx + vy * vy) * d2, r->fov_wide);
}

/* One contiguous run of candidates, seeing all round. */
static void
gather_run_all(const struct boids *b, uint32_t lo, uint32_t hi, float xi,
    float yi, float radius2, float distance2, struct sums *s)
{
	const float *restrict x = b->x, *restrict y = b->y;
	const float *restrict vx = b->vx, *restrict vy = b->vy;
	float n = 0, dx = 0, dy = 0, svx = 0, svy = 0, sx = 0, sy = 0;
	uint32_t j;

#pragma omp simd reduction(+:n, dx, dy, svx, svy, sx, sy)
	for (j = lo; j < hi; j++) {
		float ex = x[j] - xi, ey = y[j] - yi;
		float d2 = ex * ex + ey * ey;
		float near = d2 < radius2 ? 1.0f : 0.0f;
		float close = d2 < distance2 ? 1.0f : 0.0f;

		n += near;
		dx += near * ex;
		dy += near * ey;
		svx += near * vx[j];
		svy += near * vy[j];
		sx += close * ex;
		sy += close * ey;
	}
	s->count += n;
	s->dx += dx;
	s->dy += dy;
	s->vx += svx;
	s->vy += svy;
	s->sx += sx;
	s->sy += sy;
}

/* One contiguous run of candidates, with a limited field of view. */
static void
gather_run_fov(const struct rules *r, const struct boids *b, uint32_t lo,
    uint32_t hi, float xi, float yi, float vxi, float vyi, struct sums *s)
{
	uint32_t j;

	for (j = lo; j < hi; j++) {
		float ex = b->x[j] - xi, ey = b->y[j] - yi;
		float d2 = ex * ex + ey * ey;

		if (d2 < r->radius2 && in_view(r, ex, ey, d2, vxi, vyi)) {
			s->count += 1.0f;
			s->dx += ex;
			s->dy += ey;
			s->vx += b->vx[j];
			s->vy += b->vy[j];
		}
		if (d2 < r->distance2) {
			s->sx += ex;
			s->sy += ey;
		}
	}
}

/* Gather over the 3x3 block of cells around boid i of f->sorted. */
static void
gather(const struct flock *f, size_t i, struct sums *s)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	float xi = b->x[i], yi = b->y[i];
	struct grid_block blk;
	float radius2 = r->whole_flock ? 0.0f : r->radius2;
	int k;

	memset(s, 0, sizeof *s);
	if (radius2 <= 0.0f && r->distance2 <= 0.0f)
		return;
	grid_block_at(&f->grid, grid_cell_col(&f->grid, xi),
	    grid_cell_row(&f->grid, yi), &blk);
	for (k = 0; k < 3; k++) {
		if (r->fov_all || r->whole_flock)
			gather_run_all(b, blk.lo[k], blk.hi[k], xi, yi, radius2,
			    r->distance2, s);
		else
			gather_run_fov(r, b, blk.lo[k], blk.hi[k], xi, yi,
			    b->vx[i], b->vy[i], s);
	}
	/* The boid found itself: take it out again. */
	if (radius2 > 0.0f) {
		s->count -= 1.0f;
		s->vx -= b->vx[i];
		s->vy -= b->vy[i];
	}
}

/* The perceived centre and velocity of the whole flock minus boid i. */
static void
gather_whole_flock(const struct flock *f, size_t i, struct sums *s)
{
	const struct boids *b = &f->sorted;
	double others = (double)f->n - 1.0;

	if (f->n < 2)
		return;
	s->count = (float)others;
	s->dx = (float)((f->sum_x - b->x[i]) - others * b->x[i]);
	s->dy = (float)((f->sum_y - b->y[i]) - others * b->y[i]);
	s->vx = (float)(f->sum_vx - b->vx[i]);
	s->vy = (float)(f->sum_vy - b->vy[i]);
}

static void
sum_whole_flock(struct flock *f)
{
	const struct boids *b = &f->sorted;
	double x = 0, y = 0, vx = 0, vy = 0;
	size_t i;

	for (i = 0; i < f->n; i++) {
		x += b->x[i];
		y += b->y[i];
		vx += b->vx[i];
		vy += b->vy[i];
	}
	f->sum_x = x;
	f->sum_y = y;
	f->sum_vx = vx;
	f->sum_vy = vy;
}

/* v1 + v2 + v3, the pseudocode's three rules. */
static void
three_rules(const struct rules *r, const struct sums *s, float vx, float vy,
    float *ax, float *ay)
{
	if (s->count > 0.0f) {
		float inv = 1.0f / s->count;

		*ax += r->m1 * (s->dx * inv) * COHESION_FACTOR;
		*ay += r->m1 * (s->dy * inv) * COHESION_FACTOR;
		*ax += r->m3 * (s->vx * inv - vx) * ALIGNMENT_FACTOR;
		*ay += r->m3 * (s->vy * inv - vy) * ALIGNMENT_FACTOR;
	}
	*ax -= r->m2 * s->sx * SEPARATION_FACTOR;
	*ay -= r->m2 * s->sy * SEPARATION_FACTOR;
}

/*
 * Tend to place, 1% of the way, capped for distant goals; near the goal
 * the approach becomes the arrival steering of a desired velocity that
 * shrinks with the distance left. A negative weight flees the place.
 */
static void
goal_rule(const struct rules *r, float x, float y, float vx, float vy,
    float *ax, float *ay)
{
	float dx = r->goal_x - x, dy = r->goal_y - y;
	float d2 = dx * dx + dy * dy;
	float px = dx * GOAL_FACTOR, py = dy * GOAL_FACTOR;
	float p2 = px * px + py * py;

	if (r->goal_weight > 0.0f && d2 < r->goal_slow * r->goal_slow) {
		float k = r->max_speed / r->goal_slow;

		*ax += r->goal_weight * (dx * k - vx) * ALIGNMENT_FACTOR;
		*ay += r->goal_weight * (dy * k - vy) * ALIGNMENT_FACTOR;
		return;
	}
	if (p2 > r->goal_cap * r->goal_cap) {
		float k = r->goal_cap / sqrtf(p2);

		px *= k;
		py *= k;
	}
	*ax += r->goal_weight * px;
	*ay += r->goal_weight * py;
}

/*
 * Inside a margin nothing may push a boid further out (no wind, no
 * repulsion of a scattering whole flock, no flight from a goal), and a
 * spring pulls it back in proportion to its depth. So every boid comes
 * back, whatever the other rules say, and turns in a smooth arc.
 */
void
rules_bounds(const struct rules *r, float x, float y, float *ax, float *ay)
{
	if (!r->bounds)
		return;
	if (x < r->left)
		*ax = fmaxf(*ax, 0.0f) + r->spring_x * (r->left - x);
	else if (x > r->right)
		*ax = fminf(*ax, 0.0f) - r->spring_x * (x - r->right);
	if (y < r->top)
		*ay = fmaxf(*ay, 0.0f) + r->spring_y * (r->top - y);
	else if (y > r->bottom)
		*ay = fminf(*ay, 0.0f) - r->spring_y * (y - r->bottom);
}

/* Turn (ox, oy) toward (nx, ny) by at most the angle whose cosine and sine
 * are given, keeping the new speed. */
void
rules_limit_turn(float ox, float oy, float *nx, float *ny, float cosmax,
    float sinmax)
{
	float o2 = ox * ox + oy * oy, n2 = *nx * *nx + *ny * *ny;
	float dot = ox * *nx + oy * *ny;
	float ol, nl, ux, uy, s;

	if (o2 <= 0.0f || n2 <= 0.0f ||
	    angle_within(dot, cosmax * cosmax * o2 * n2, cosmax < 0.0f))
		return;
	s = ox * *ny - oy * *nx >= 0.0f ? 1.0f : -1.0f;
	ol = sqrtf(o2);
	nl = sqrtf(n2);
	ux = ox / ol;
	uy = oy / ol;
	*nx = (ux * cosmax - s * uy * sinmax) * nl;
	*ny = (uy * cosmax + s * ux * sinmax) * nl;
}

void
rules_limit_speed(float *vx, float *vy, float max_speed)
{
	float v2 = *vx * *vx + *vy * *vy;

	if (v2 > max_speed * max_speed) {
		float k = max_speed / sqrtf(v2);

		*vx *= k;
		*vy *= k;
	}
}

/* One boid's next state, from f->sorted into f->cur; returns how many
 * neighbours it perceived. */
static uint32_t
step_boid(struct flock *f, size_t i)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	float x = b->x[i], y = b->y[i], vx = b->vx[i], vy = b->vy[i];
	float ax = 0.0f, ay = 0.0f, nvx, nvy;
	uint16_t perch = b->perch[i];
	struct sums s;

	if (perch > 0) {
		f->cur.x[i] = x;
		f->cur.y[i] = y;
		f->cur.vx[i] = 0.0f;
		f->cur.vy[i] = 0.0f;
		f->cur.id[i] = b->id[i];
		f->cur.perch[i] = (uint16_t)(perch - 1);
		return 0;
	}
	gather(f, i, &s);
	if (r->whole_flock)
		gather_whole_flock(f, i, &s);
	three_rules(r, &s, vx, vy, &ax, &ay);
	ax += r->wind_x;
	ay += r->wind_y;
	if (r->goal_on)
		goal_rule(r, x, y, vx, vy, &ax, &ay);
	agents_flee(f, x, y, &ax, &ay);
	agents_avoid(f, x, y, vx, vy, &ax, &ay);
	rules_bounds(r, x, y, &ax, &ay);

	nvx = vx + ax;
	nvy = vy + ay;
	if (r->turn_limited)
		rules_limit_turn(vx, vy, &nvx, &nvy, r->turn_cos, r->turn_sin);
	rules_limit_speed(&nvx, &nvy, r->max_speed);
	x += nvx;
	y += nvy;
	agents_keep_out(f, &x, &y, &nvx, &nvy);
	(void)agents_land(f, b->id[i], &y, &nvx, &nvy, &perch);

	f->cur.x[i] = x;
	f->cur.y[i] = y;
	f->cur.vx[i] = nvx;
	f->cur.vy[i] = nvy;
	f->cur.id[i] = b->id[i];
	f->cur.perch[i] = perch;
	return (uint32_t)s.count;
}

void
flock_step(struct flock *f)
{
	uint64_t perceived = 0;
	long i, n = (long)f->n;

	flock_sort(f);
	if (f->rules.whole_flock)
		sum_whole_flock(f);
	PARALLEL_FOR_SUM_IF(perceived, parallel_worth(f->n))
	for (i = 0; i < n; i++)
		perceived += step_boid(f, (size_t)i);
	f->perceived = perceived;
	agents_step_predators(f);
	f->step++;
}

size_t
flock_perceived(struct flock *f, size_t id, uint32_t *ids, size_t cap)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	struct grid_block blk;
	size_t i, found = 0;
	int k;

	flock_sort(f);
	i = flock_index_of(b, f->n, id);
	if (i == f->n)
		return 0;
	if (r->whole_flock) {
		size_t j;

		for (j = 0; j < f->n; j++)
			if (j != i && found < cap)
				ids[found++] = b->id[j];
		return f->n - 1;
	}
	grid_block_at(&f->grid, grid_cell_col(&f->grid, b->x[i]),
	    grid_cell_row(&f->grid, b->y[i]), &blk);
	for (k = 0; k < 3; k++) {
		uint32_t j;

		for (j = blk.lo[k]; j < blk.hi[k]; j++) {
			float ex = b->x[j] - b->x[i], ey = b->y[j] - b->y[i];
			float d2 = ex * ex + ey * ey;

			if (j == i || !(d2 < r->radius2) || (!r->fov_all &&
			    !in_view(r, ex, ey, d2, b->vx[i], b->vy[i])))
				continue;
			if (found < cap)
				ids[found] = b->id[j];
			found++;
		}
	}
	return found;
}

