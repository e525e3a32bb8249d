/*
 * test_flock.c: the flock as a whole. It flocks: from the off-screen start
 * with default weights it polarises, keeps its spacing, scatters when told
 * and re-forms after. It never produces NaN or infinity, whatever the
 * valid settings. It is deterministic: the same seed gives the same bytes,
 * on one thread or two. A sort that a step makes ahead of the next is
 * made again when the boids are changed by hand in between (placed, or
 * the flock reset), and one made again leaves no trace in the flight;
 * nor does a measure of the flock, whenever it is taken.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/flock.h"

#include "engine/parallel.h"

/* An 80x24 world: 80 units across, 24 rows of two units. */
#define W 80.0f
#define H 48.0f
#define N 200

/*
 * The defaults, less the wander: these tests hold the pseudocode's rules
 * to the one flock they make, which gathers and stays together. The
 * wander splits it into groups that part and meet; tests/headless/alive.sh
 * holds the defaults to that.
 */
static void
rules_params(struct flock_params *p)
{
	flock_params_default(p);
	p->wander = 0.0f;
}

static struct flock *
default_flock(uint64_t seed)
{
	struct flock_params p;

	rules_params(&p);
	return flock_new(N, W, H, &p, seed, 0, 0);
}

static struct flock_stats
stats_of(struct flock *f)
{
	struct flock_stats s;

	flock_measure(f, &s);
	return s;
}

static int
same_state(const struct flock *a, const struct flock *b)
{
	struct flock_view u, v;

	flock_get_view(a, &u);
	flock_get_view(b, &v);
	return u.n == v.n && u.npred == v.npred &&
	    !memcmp(u.x, v.x, u.n * sizeof *u.x) &&
	    !memcmp(u.y, v.y, u.n * sizeof *u.y) &&
	    !memcmp(u.vx, v.vx, u.n * sizeof *u.vx) &&
	    !memcmp(u.vy, v.vy, u.n * sizeof *u.vy) &&
	    !memcmp(u.id, v.id, u.n * sizeof *u.id) &&
	    !memcmp(u.px, v.px, u.npred * sizeof *u.px);
}

/* Step until order exceeds 0.9; the step it did, or -1. */
static long
steps_to_polarise(struct flock *f, long limit)
{
	long s;

	for (s = 1; s <= limit; s++) {
		flock_step(f);
		if (s % 10 == 0 && stats_of(f).order > 0.9)
			return s;
	}
	return -1;
}

struct window {
	double order, spread;
};

static struct window
run_window(struct flock *f, int steps)
{
	struct window w = { 0, 0 };
	int s, samples = 0;

	for (s = 1; s <= steps; s++) {
		flock_step(f);
		if (s % 10 == 0) {
			struct flock_stats st = stats_of(f);

			w.order += st.order;
			w.spread += st.spread;
			samples++;
		}
	}
	w.order /= samples;
	w.spread /= samples;
	return w;
}

static void
set_scatter(struct flock *f, int on)
{
	struct flock_params p = *flock_params(f);

	p.scatter = on;
	CHECK_INT(flock_set_params(f, &p), 0);
}

/*
 * Polarisation well before step 2000 from the off-screen start, for
 * several seeds. A flock that splits may fly as two for a while before
 * the halves meet again, so one seed of six may take longer.
 */
static void
test_polarisation(void)
{
	uint64_t seed;
	int quick = 0;

	for (seed = 1; seed <= 6; seed++) {
		struct flock *f = default_flock(seed);
		long first = steps_to_polarise(f, 1500);

		fprintf(stderr, "seed %llu: order above 0.9 at step %ld\n",
		    (unsigned long long)seed, first);
		quick += first > 0;
		flock_free(f);
	}
	CHECK(quick >= 5);
}

/*
 * Scatter, against a control: two flocks from one seed fly until they
 * polarise; then one scatters for 300 steps while the other flies on. The
 * scattered one spreads out and loses order; once scatter is off it
 * polarises again and draws back together. Single seeds vary, so the
 * measures are averaged over five; a seed whose flock has not polarised
 * by step 2000 (one in twenty, see test_polarisation) is passed over.
 */
static void
test_scatter(void)
{
	struct window control = { 0, 0 }, scatter = { 0, 0 };
	struct window reformed = { 0, 0 };
	uint64_t seed;
	int used = 0;

	for (seed = 1; seed <= 8 && used < 5; seed++) {
		struct flock *a = default_flock(seed), *b = default_flock(seed);
		struct window c, during, after;

		if (steps_to_polarise(a, 2000) < 0) {
			fprintf(stderr, "seed %llu: not polarised by step "
			    "2000, passed over\n", (unsigned long long)seed);
			flock_free(a);
			flock_free(b);
			continue;
		}
		(void)steps_to_polarise(b, 2000);
		CHECK(same_state(a, b));
		set_scatter(b, 1);
		c = run_window(a, 300);
		during = run_window(b, 300);
		set_scatter(b, 0);
		CHECK(steps_to_polarise(b, 1500) > 0);
		after = run_window(b, 300);
		fprintf(stderr, "seed %llu: control order %.2f spread %.1f; "
		    "scattering %.2f, %.1f; re-formed %.2f, %.1f\n",
		    (unsigned long long)seed, c.order, c.spread, during.order,
		    during.spread, after.order, after.spread);
		CHECK(during.spread > 1.3 * c.spread);
		control.order += c.order / 5;
		control.spread += c.spread / 5;
		scatter.order += during.order / 5;
		scatter.spread += during.spread / 5;
		reformed.spread += after.spread / 5;
		used++;
		flock_free(a);
		flock_free(b);
	}
	CHECK_INT(used, 5);
	CHECK(scatter.order < control.order - 0.07);
	CHECK(scatter.spread > 1.6 * control.spread);
	CHECK(reformed.spread < 0.7 * scatter.spread);
}

/*
 * Spacing: once formed, no two boids settle closer than a tenth of the
 * separation distance. Boids may pass close for a moment; no pair may
 * stay that close for two seconds (60 steps) at a time.
 */
static void
test_spacing(void)
{
	static uint16_t run[N][N];
	static float x[N], y[N];
	uint64_t seed;

	for (seed = 1; seed <= 3; seed++) {
		struct flock *f = default_flock(seed);
		float close = 0.1f * flock_params(f)->distance;
		int longest = 0, s, i, j;
		double nnd = 0.0;

		memset(run, 0, sizeof run);
		for (s = 1; s <= 2000; s++) {
			struct flock_view v;
			size_t k;

			flock_step(f);
			if (s <= 1000)
				continue;
			flock_get_view(f, &v);
			for (k = 0; k < v.n; k++) {
				x[v.id[k]] = v.x[k];
				y[v.id[k]] = v.y[k];
			}
			for (i = 0; i < N; i++)
				for (j = i + 1; j < N; j++) {
					float dx = x[i] - x[j], dy = y[i] - y[j];

					if (dx * dx + dy * dy >= close * close)
						run[i][j] = 0;
					else if (++run[i][j] > longest)
						longest = run[i][j];
				}
			if (s % 100 == 0)
				nnd += stats_of(f).nnd / 10.0;
		}
		fprintf(stderr, "seed %llu: longest time closer than %.2f: %d "
		    "steps; mean nnd %.2f\n", (unsigned long long)seed, close,
		    longest, nnd);
		CHECK(longest <= 60);
		/* Neighbours sit at about the separation distance, not
		 * piled up: the mean nearest distance is over half of it. */
		CHECK(nnd > 0.5 * flock_params(f)->distance);
		flock_free(f);
	}
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The spacing the separation rule keeps, and the order the flock keeps
 * meanwhile, in the world of an 80x24 terminal (80 by 23 rows): over
 * steps 1000-4000 of five seeds, every tenth step, the median distance
 * from a boid to its nearest neighbour (brute force) is at least 0.75 of
 * the separation distance, at most 2% of boids are closer than a quarter
 * of it, and each seed's median order is at least 0.8. Measured at the
 * defaults: median 1.60 (0.80 of it), 0.9% closer, orders 0.93-0.96.
 */
static void
test_spacing_figures(void)
{
	enum { FROM = 1000, TO = 4000, EVERY = 10, SEEDS = 5 };
	enum { SAMPLES = (TO - FROM) / EVERY + 1 };
	static double nearest[SEEDS * SAMPLES * N];
	static float x[N], y[N];
	size_t kept = 0, close = 0;
	uint64_t seed;
	float d = FLOCK_DEFAULT_DISTANCE;

	for (seed = 1; seed <= SEEDS; seed++) {
		struct flock_params p;
		struct flock *f;
		double order[SAMPLES];
		int s, samples = 0, i, j;

		rules_params(&p);
		f = flock_new(N, 80, 46, &p, seed, 0, 0);
		for (s = 1; s <= TO; s++) {
			struct flock_view v;
			size_t k;

			flock_step(f);
			if (s < FROM || s % EVERY != 0)
				continue;
			flock_get_view(f, &v);
			for (k = 0; k < v.n; k++) {
				x[v.id[k]] = v.x[k];
				y[v.id[k]] = v.y[k];
			}
			for (i = 0; i < N; i++) {
				double least = INFINITY;

				for (j = 0; j < N; j++) {
					double dx = x[i] - x[j], dy = y[i] - y[j];
					double r = sqrt(dx * dx + dy * dy);

					if (j != i && r < least)
						least = r;
				}
				nearest[kept++] = least;
				close += least < 0.25 * d;
			}
			order[samples++] = stats_of(f).order;
		}
		qsort(order, (size_t)samples, sizeof *order, cmp_double);
		fprintf(stderr, "seed %llu: median order over steps %d-%d "
		    "%.3f\n", (unsigned long long)seed, FROM, TO,
		    order[samples / 2]);
		CHECK(order[samples / 2] >= 0.8);
		flock_free(f);
	}
	qsort(nearest, kept, sizeof *nearest, cmp_double);
	fprintf(stderr, "median nearest neighbour %.3f (%.2f of the "
	    "distance); %.2f%% closer than a quarter of it\n",
	    nearest[kept / 2], nearest[kept / 2] / d,
	    100.0 * (double)close / (double)kept);
	CHECK(nearest[kept / 2] >= 0.75 * d);
	CHECK((double)close <= 0.02 * (double)kept);
}

static int
all_finite(const struct flock *f)
{
	struct flock_view v;
	size_t i;

	flock_get_view(f, &v);
	for (i = 0; i < v.n; i++)
		if (!isfinite(v.x[i]) || !isfinite(v.y[i]) ||
		    !isfinite(v.vx[i]) || !isfinite(v.vy[i]))
			return 0;
	for (i = 0; i < v.npred; i++)
		if (!isfinite(v.px[i]) || !isfinite(v.py[i]) ||
		    !isfinite(v.pvx[i]) || !isfinite(v.pvy[i]))
			return 0;
	return 1;
}

static int
stats_finite(struct flock *f)
{
	struct flock_stats s = stats_of(f);

	return isfinite(s.order) && isfinite(s.speed) && isfinite(s.spread) &&
	    isfinite(s.nnd) && isfinite(s.minsep) && isfinite(s.nbrs) &&
	    isfinite(s.predator_dist);
}

/* Extreme but valid settings, tiny and odd flocks: never NaN or inf. */
static void
test_never_nan(void)
{
	static const float weights[] = { -10, 0, 10 };
	struct flock_params p;
	size_t a, b, c, n;
	int bad = 0, s;

	for (a = 0; a < 3; a++)
		for (b = 0; b < 3; b++)
			for (c = 0; c < 3; c++) {
				struct flock *f;

				flock_params_default(&p);
				p.cohesion = weights[a];
				p.separation = weights[b];
				p.alignment = weights[c];
				p.wind_x = a == 1 ? 1.0f : -1.0f;
				p.wind_y = c == 2 ? 1.0f : 0.0f;
				p.max_speed = b == 2 ? FLOCK_SPEED_LIMIT :
				    FLOCK_SPEED_MIN;
				p.radius = c == 0 ? 0.0f : FLOCK_RADIUS_LIMIT;
				p.distance = a == 2 ? FLOCK_DISTANCE_LIMIT : 0.0f;
				p.fov = b == 0 ? 1.0f : 360.0f;
				p.goal_on = 1;
				p.goal_weight = weights[(a + b) % 3];
				p.perch = (int)(a & 1);
				f = flock_new(60, 20, 12, &p, a * 9 + b * 3 + c, 2,
				    2);
				for (s = 0; s < 200; s++)
					flock_step(f);
				bad += !all_finite(f) || !stats_finite(f);
				flock_free(f);
			}
	CHECK_INT(bad, 0);

	/* One boid, two coincident boids with no velocity, five at rest. */
	for (n = 1; n <= 5; n++) {
		struct flock *f;
		size_t i;

		flock_params_default(&p);
		f = flock_new(n, 80, 48, &p, 3, 1, 1);
		for (i = 0; i < n; i++)
			flock_place(f, i, 40, 24, 0, 0);
		for (s = 0; s < 300; s++)
			flock_step(f);
		CHECK(all_finite(f));
		CHECK(stats_finite(f));
		flock_free(f);
	}
}

static struct flock *
busy_flock(size_t n, uint64_t seed)
{
	struct flock_params p;

	flock_params_default(&p);
	p.perch = 1;
	p.goal_on = 1;
	p.goal_x = 0.3f;
	flock_params_fit(&p, n, 80, 48, 0);
	return flock_new(n, 80, 48, &p, seed, 2, 2);
}

static void
test_determinism(void)
{
	struct flock *a = busy_flock(N, 11), *b = busy_flock(N, 11);
	struct flock *c = busy_flock(N, 12);
	int s;

	for (s = 0; s < 300; s++) {
		flock_step(a);
		flock_step(b);
		flock_step(c);
	}
	CHECK(same_state(a, b));
	CHECK(!same_state(a, c));
	flock_free(a);
	flock_free(b);
	flock_free(c);
}

/* Large enough that the step runs in parallel: one thread or two, the
 * same bytes. */
static void
test_threads(void)
{
#ifdef BOIDS_THREADS
	struct flock *a, *b;
	int s;

	CHECK_INT(parallel_set_threads(1), 0);
	a = busy_flock(30000, 5);
	for (s = 0; s < 5; s++)
		flock_step(a);
	CHECK_INT(parallel_set_threads(2), 0);
	b = busy_flock(30000, 5);
	for (s = 0; s < 5; s++)
		flock_step(b);
	CHECK(same_state(a, b));
	CHECK_NEAR(stats_of(a).nnd, stats_of(b).nnd, 0.0);
	flock_free(a);
	flock_free(b);
	CHECK_INT(parallel_set_threads(0), 0);
#endif
}

/* After a resize every boid keeps its place relative to the world. */
static void
test_resize(void)
{
	struct flock *f = default_flock(4);
	struct flock_view v;
	float *fx = malloc(N * sizeof *fx), *fy = malloc(N * sizeof *fy);
	size_t i;
	int s, moved = 0;

	for (s = 0; s < 200; s++)
		flock_step(f);
	flock_get_view(f, &v);
	for (i = 0; i < v.n; i++) {
		fx[v.id[i]] = v.x[i] / W;
		fy[v.id[i]] = v.y[i] / H;
	}
	flock_resize(f, 200, 118);
	flock_get_view(f, &v);
	CHECK_NEAR(v.w, 200, 0);
	CHECK_NEAR(v.h, 118, 0);
	for (i = 0; i < v.n; i++)
		moved += fabsf(v.x[i] / 200 - fx[v.id[i]]) > 1e-5f ||
		    fabsf(v.y[i] / 118 - fy[v.id[i]]) > 1e-5f;
	CHECK_INT(moved, 0);
	flock_resize(f, 1, 1);   /* a 1x1 terminal: a world of 1 by 1 */
	for (s = 0; s < 50; s++)
		flock_step(f);
	CHECK(all_finite(f));
	free(fx);
	free(fy);
	flock_free(f);
}

/* A crowded world shrinks the lengths the user did not set. */
static void
test_fit(void)
{
	struct flock_params p;

	flock_params_default(&p);
	flock_params_fit(&p, 200, W, H, 0);
	CHECK_NEAR(p.radius, FLOCK_DEFAULT_RADIUS, 0);
	/* A million boids: room for 240 at default spacing; k = sqrt(240/1e6). */
	flock_params_fit(&p, 1000000, W, H, FLOCK_SET_SPEED);
	CHECK_NEAR(p.radius, FLOCK_DEFAULT_RADIUS * sqrt(240.0 / 1e6), 1e-5);
	CHECK_NEAR(p.distance, FLOCK_DEFAULT_DISTANCE * sqrt(240.0 / 1e6),
	    1e-6);
	CHECK_NEAR(p.max_speed, FLOCK_DEFAULT_SPEED, 0);
}

/* Restarting gives a fresh flock: off-screen again, step count zero. */
static void
test_reset(void)
{
	struct flock *f = default_flock(8), *g = default_flock(9);
	struct flock_view v;
	size_t i, outside = 0;
	int s;

	for (s = 0; s < 100; s++)
		flock_step(f);
	flock_reset(f, 9);
	CHECK(same_state(f, g));
	flock_get_view(f, &v);
	CHECK_INT(v.step, 0);
	for (i = 0; i < v.n; i++)
		outside += v.x[i] < 0 || v.x[i] > W || v.y[i] < 0 || v.y[i] > H;
	CHECK_INT(outside, N);
	flock_free(f);
	flock_free(g);
}

/*
 * Fast boids, crowded: lengths fitted to the world but for the speed,
 * so that each moves more in a step than the measures search the grid
 * for (a quarter of its side, the radius), and every step sorts its
 * boids at its end, ahead of the next step. The crowd thins as the
 * flock flies in, and the grid's cut changes within the first 30 steps
 * (from 4 columns a side to 2).
 */
#define FAST_N 3000
#define FAST_SPEED 3.0f

static struct flock *
fast_flock(uint64_t seed)
{
	struct flock_params p;

	flock_params_default(&p);
	p.max_speed = FAST_SPEED;
	flock_params_fit(&p, FAST_N, W, H, FLOCK_SET_SPEED);
	return flock_new(FAST_N, W, H, &p, seed, 0, 0);
}

/* Boid id's place in view v, at *x, *y; 0 when it has none. */
static int
place_of(const struct flock_view *v, uint32_t id, float *x, float *y)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (v->id[i] == id) {
			*x = v->x[i];
			*y = v->y[i];
			return 1;
		}
	return 0;
}

static float
apart(float ax, float ay, float bx, float by)
{
	return sqrtf((ax - bx) * (ax - bx) + (ay - by) * (ay - by));
}

/*
 * After `steps` steps, boid 7 put by hand in the quarter of the world
 * across from its own, at least `far` from where it was, with velocity
 * (vx, 0): the next step moves it at most `speed` from there.
 */
static void
check_steps_from_placed(struct flock *f, int steps, float far, float vx,
    float speed)
{
	struct flock_view v;
	float x = 0, y = 0, px, py, nx = 0, ny = 0;
	int s;

	for (s = 0; s < steps; s++)
		flock_step(f);
	flock_get_view(f, &v);
	CHECK(place_of(&v, 7, &x, &y));
	px = x < W / 2 ? 0.8f * W : 0.2f * W;
	py = y < H / 2 ? 0.8f * H : 0.2f * H;
	CHECK(apart(x, y, px, py) > far);
	flock_place(f, 7, px, py, vx, 0.0f);
	flock_step(f);
	flock_get_view(f, &v);
	CHECK(place_of(&v, 7, &nx, &ny));
	CHECK(apart(nx, ny, px, py) <= speed * 1.001f);
}

/*
 * A boid placed by hand after a step steps from where it was put, not
 * from where that step left it: the sort the step made ahead of the
 * next is made again. It is put far from where it was, so that a step
 * from there could not end near the place.
 */
static void
test_placed_after_sort_ahead(void)
{
	struct flock *f = fast_flock(3);

	check_steps_from_placed(f, 5, 4.0f * FAST_SPEED, FAST_SPEED,
	    FAST_SPEED);
	flock_free(f);
}

/* After a reset, the next step moves every boid from its new start. */
static void
test_reset_after_sort_ahead(void)
{
	struct flock *f = fast_flock(4);
	struct flock_view v;
	float *sx = malloc(FAST_N * sizeof *sx), *sy = malloc(FAST_N *
	    sizeof *sy);
	size_t i, far = 0, moved_far = 0;
	int s;

	CHECK(sx && sy);
	for (s = 0; sx && sy && s < 5; s++)
		flock_step(f);
	flock_get_view(f, &v);
	for (i = 0; sx && sy && i < v.n; i++) {
		sx[v.id[i]] = v.x[i];
		sy[v.id[i]] = v.y[i];
	}
	flock_reset(f, 5);
	flock_get_view(f, &v);
	for (i = 0; sx && sy && i < v.n; i++) {
		far += apart(sx[v.id[i]], sy[v.id[i]], v.x[i], v.y[i]) >
		    4.0f * FAST_SPEED;
		sx[v.id[i]] = v.x[i];
		sy[v.id[i]] = v.y[i];
	}
	/* Most boids start far from where the last flight left them. */
	CHECK(far > FAST_N / 2);
	flock_step(f);
	flock_get_view(f, &v);
	for (i = 0; sx && sy && i < v.n; i++)
		moved_far += apart(sx[v.id[i]], sy[v.id[i]], v.x[i], v.y[i]) >
		    FAST_SPEED * 1.001f;
	CHECK_INT(moved_far, 0);
	free(sx);
	free(sy);
	flock_free(f);
}

/*
 * A sort made ahead and then undone leaves no trace: a flight whose
 * every step is followed by a change by hand that changes nothing (a
 * boid put where it is), so that every step sorts again, is the flight
 * without them, bit for bit. The grid's cut for each sort follows from
 * the one before (grid.h), and this flight changes its cut as it goes:
 * a sort undone must not count among them.
 */
static void
test_sort_ahead_undone(void)
{
	struct flock *a = fast_flock(1), *b = fast_flock(1);
	struct flock_view v;
	size_t i;
	int s;

	for (s = 0; s < 100; s++) {
		flock_step(a);
		flock_step(b);
		flock_get_view(b, &v);
		for (i = 0; i < v.n && v.id[i] != 11; i++)
			;
		CHECK(i < v.n);
		if (i < v.n)
			flock_place(b, 11, v.x[i], v.y[i], v.vx[i], v.vy[i]);
	}
	CHECK(same_state(a, b));
	flock_free(a);
	flock_free(b);
}

/*
 * Nor does a measure: a flight measured before its first step and after
 * every step, some twice, with the neighbours of a boid asked for now
 * and then, and a boid put back where it was after a measure, is the
 * flight never measured, bit for bit. Every step of it sorts ahead of
 * the next, and a measure, which reads that sort, or makes it when it
 * was undone, must not count among the builds that choose the cut.
 */
static void
test_measures_leave_no_trace(void)
{
	struct flock *a = fast_flock(2), *b = fast_flock(2);
	struct flock_stats st;
	struct flock_view v;
	uint32_t ids[64];
	int s;

	flock_measure(b, &st);
	for (s = 0; s < 100; s++) {
		flock_step(a);
		flock_step(b);
		flock_measure(b, &st);
		if (s % 3 == 0)
			flock_measure(b, &st);
		if (s % 7 == 0)
			(void)flock_perceived(b, 5, ids, 64);
		if (s % 5 == 0) {
			flock_get_view(b, &v);
			flock_place(b, v.id[0], v.x[0], v.y[0], v.vx[0],
			    v.vy[0]);
			flock_measure(b, &st);
		}
	}
	CHECK(same_state(a, b));
	flock_free(a);
	flock_free(b);
}

/*
 * A flock that perceives through the cells, as a big one does, at the
 * default speed: its steps read the boids in the cells of a sort made
 * some steps before (flock_lazy()), and sort them again only once they
 * may have drifted far from those cells.
 */
#define CELLS_N 3000

static struct flock *
cells_flock(uint64_t seed)
{
	struct flock_params p;

	flock_params_default(&p);
	flock_params_fit(&p, CELLS_N, W, H, 0);
	p.perceive = FLOCK_PERCEIVE_CELLS;
	return flock_new(CELLS_N, W, H, &p, seed, 0, 0);
}

/*
 * Such a flight, measured after every step, with the neighbours of a
 * boid asked for and a boid put back where it was now and then, is the
 * flight never measured, bit for bit: neither a measure nor a query
 * sorts the boids the next step would have read unsorted.
 */
static void
test_cells_measures_leave_no_trace(void)
{
	struct flock *a = cells_flock(6), *b = cells_flock(6);
	struct flock_stats st;
	struct flock_view v;
	uint32_t ids[64];
	size_t seen = 0;
	int s;

	for (s = 0; s < 60; s++) {
		flock_step(a);
		flock_step(b);
		flock_measure(b, &st);
		if (s % 3 == 0)
			seen += flock_perceived(b, 5, ids, 64);
		if (s % 7 == 0) {
			flock_get_view(b, &v);
			flock_place(b, v.id[0], v.x[0], v.y[0], v.vx[0],
			    v.vy[0]);
		}
	}
	CHECK(seen > 0);
	CHECK(same_state(a, b));
	flock_free(a);
	flock_free(b);
}

/*
 * A boid put by hand far from where a step left it steps from there:
 * the step after a change by hand measures how far the boids lie from
 * where they were sorted, and sorts them again.
 */
static void
test_cells_placed(void)
{
	struct flock *f = cells_flock(7);
	float speed = flock_params(f)->max_speed;

	check_steps_from_placed(f, 9, 10.0f * speed, 0.0f, speed);
	flock_free(f);
}

/*
 * The boids of a flight of `steps` steps that, after boid 7 is put by
 * hand a quarter of the world away and the flock steps once more, step
 * otherwise than those of the same flight with boid 7 put back where it
 * was: of the boids farther than twice the separation distance from
 * both places, which it cannot reach pair by pair. Otherwise is by more
 * than PLACED_TELLS in velocity: the boids between its two places in
 * the grid's order fall into other tiles, which rounds their sums
 * otherwise (by 2e-7 at most here), while those that perceive it where
 * it was put change by up to 1e-4.
 */
#define PLACED_TELLS 1e-5f

/* Each boid's place (where place is not NULL) and velocity, by its id:
 * a flock's order follows its cells, which a boid put by hand changes. */
static void
by_id(const struct flock_view *v, float *place, float *vel)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		if (place) {
			place[2 * v->id[i]] = v->x[i];
			place[2 * v->id[i] + 1] = v->y[i];
		}
		vel[2 * v->id[i]] = v->vx[i];
		vel[2 * v->id[i] + 1] = v->vy[i];
	}
}

static size_t
changed_far_from_placed(int steps)
{
	float *was = calloc(2 * CELLS_N, sizeof *was);
	float *va = calloc(2 * CELLS_N, sizeof *va);
	float *vb = calloc(2 * CELLS_N, sizeof *vb);
	struct flock *a, *b;
	struct flock_view v;
	float reach, x, y, px;
	size_t id, changed = 0;
	int s;

	CHECK(was && va && vb);
	if (!was || !va || !vb) {
		free(was);
		free(va);
		free(vb);
		return 0;
	}
	a = cells_flock(8);
	b = cells_flock(8);
	reach = 2.0f * flock_params(a)->distance;
	for (s = 0; s < steps; s++) {
		flock_step(a);
		flock_step(b);
	}
	flock_get_view(a, &v);
	CHECK(v.n == CELLS_N);
	by_id(&v, was, va);
	x = was[14];
	y = was[15];
	px = x < W / 2 ? x + W / 4 : x - W / 4;
	flock_place(a, 7, x, y, va[14], va[15]);
	flock_place(b, 7, px, y, va[14], va[15]);
	flock_step(a);
	flock_step(b);
	flock_get_view(a, &v);
	by_id(&v, NULL, va);
	flock_get_view(b, &v);
	by_id(&v, NULL, vb);
	for (id = 0; id < CELLS_N; id++) {
		if (id == 7 || apart(was[2 * id], was[2 * id + 1], x, y) <=
		    reach || apart(was[2 * id], was[2 * id + 1], px, y) <=
		    reach)
			continue;
		changed += fabsf(va[2 * id] - vb[2 * id]) +
		    fabsf(va[2 * id + 1] - vb[2 * id + 1]) > PLACED_TELLS;
	}
	free(was);
	free(va);
	free(vb);
	flock_free(a);
	flock_free(b);
	return changed;
}

/*
 * A big flock sums its cells at the even steps, and an odd step reads
 * the sums of the step before: a boid put by hand just before an odd
 * step is perceived where it was, and changes no boid out of its
 * separation's reach; just before an even step, the boids round its
 * new place perceive it there at once.
 */
static void
test_cells_summed_every_other_step(void)
{
	CHECK_INT((int)changed_far_from_placed(1), 0);
	CHECK_INT((int)changed_far_from_placed(3), 0);
	CHECK(changed_far_from_placed(2) > 0);
	CHECK(changed_far_from_placed(4) > 0);
}

int
main(void)
{
	test_polarisation();
	test_scatter();
	test_spacing();
	test_spacing_figures();
	test_never_nan();
	test_determinism();
	test_threads();
	test_resize();
	test_fit();
	test_reset();
	test_placed_after_sort_ahead();
	test_reset_after_sort_ahead();
	test_sort_ahead_undone();
	test_measures_leave_no_trace();
	test_cells_measures_leave_no_trace();
	test_cells_placed();
	test_cells_summed_every_other_step();
	return check_exit("test_flock");
}
