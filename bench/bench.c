/*
 * bench.c: how fast the engine steps, and how few bytes the screen costs.
 *
 * Four measures, each printed as a table:
 *
 * - The machine's own limits, as it measures them: memory bandwidth from
 *   a triad loop, vector arithmetic from a loop of independent fused
 *   multiply-adds, on one thread and on two.
 * - The step, in nanoseconds per boid-step, for 1,000 to 10,000,000 boids
 *   spread at random over a square field sized so that each boid
 *   perceives about 20 others at the default radius, on one thread and on
 *   two, with the share of the machine's limit it reaches and what a line
 *   of headless statistics costs beside it; and, up to 10,000 boids, a
 *   naive step that compares every pair and computes the same three
 *   rules, for the ratio.
 * - Big flocks at their own density: 100,000 boids on one thread and
 *   ten million on two, made as the program makes them and flown a
 *   while, against the reference step on the same boids.
 * - The builds of the step at 100,000 boids on one thread: this
 *   program's, the NATIVE=0 program's each in turn and the
 *   x86-64-v3 program's AVX2, each against its own reference step,
 *   the programs running side by side.
 * - The terminal: the real renderer draws a flying flock through curses
 *   into a file, as it would to an xterm; each frame's bytes are set
 *   against a lower bound worked out from the cells that changed, and
 *   the renderer's CPU time per frame is reported.
 * - A million and ten million boids on a 200x60 screen, stepped and drawn
 *   as the interactive loop does it: frames per second, and the
 *   renderer's share.
 * - Pictures of big flocks: a million and 200,000 boids in a 120x40
 *   terminal in the world the program makes, their frame rate and what the screen shows
 *   after five seconds; the dots renderer against the arrows one, CPU at
 *   a million boids and bytes at 200.
 * - Trails: the CPU to draw a frame of 2,000 boids in 120x40 with and
 *   without them, in cells; and in pixels, to compose and encode it as
 *   sixel.
 * - The themes: the bytes of a frame in each theme, on a dark and on a
 *   light background, against the bound and against the colours of
 *   before (the heading theme on a dark background).
 * - Pixels: the bytes of a frame as sixel and as kitty commands at 200
 *   and 2,000 boids in 120x40 cells of 10x20 pixels, against the bars
 *   they must stay under; the time to compose and encode a frame at
 *   2,000 and 200,000 boids; and the real program (./boids, or $BOIDS)
 *   drawing 2,000 boids in pixels at 30 frames a second on a
 *   pseudo-terminal that answers as xterm or kitty would (driven.c):
 *   its processor time over the wall time, against its bar.
 *
 * Wall times come from CLOCK_MONOTONIC after a warm-up, as the median of
 * several runs; the renderer's CPU from the main thread's CPU clock, so
 * that engine threads waiting after a step are not counted against it.
 */
#include <curses.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#if defined(__AVX512F__) || defined(__FMA__)
#include <immintrin.h>
#endif

#include "engine/flock.h"
#include "engine/parallel.h"
#include "lib/rng.h"
#include "driven.h"
#include "options/options.h"
#include "reference.h"
#include "session/lapse.h"
#include "term/term.h"
#include "term/image.h"
#include "term/kitty.h"
#include "term/sixel.h"
#include "view/camera.h"
#include "view/field.h"
#include "view/panel.h"
#include "view/pixels.h"
#include "view/render.h"
#include "view/trails.h"


#define PI 3.14159265358979323846
#define SEED 42

#define TARGET_NBRS 20.0
#define RUNS 5

/* ---- Clocks and small helpers ---- */

static double
clock_ns(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static double
now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void
set_threads(int t)
{
	if (parallel_set_threads(t) != 0) {
		fprintf(stderr, "bench: cannot start %d threads\n", t);
		exit(1);
	}
}

static int
cpus(void)
{
#ifdef BOIDS_THREADS
	return parallel_processors();
#else
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
#endif
}

/* Two threads when the engine has threads and the machine two cores. */
static int
two_threads(void)
{
#ifdef BOIDS_THREADS
	return cpus() >= 2;
#else
	return 0;
#endif
}

/* "1,000,000" */
static const char *
grouped(size_t n, char *buf, size_t len)
{
	char digits[32];
	size_t nd, i, at = 0;

	snprintf(digits, sizeof digits, "%zu", n);
	nd = strlen(digits);
	for (i = 0; i < nd && at + 2 < len; i++) {
		if (i > 0 && (nd - i) % 3 == 0)
			buf[at++] = ',';
		buf[at++] = digits[i];
	}
	buf[at] = '\0';
	return buf;
}

static void *
xmalloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fprintf(stderr, "bench: out of memory\n");
		exit(1);
	}
	return p;
}

/* ---- Flocks spread evenly ---- */

/*
 * Mean neighbours within r of a boid among n spread evenly over a square
 * of side s: n - 1 times the chance that two uniform points lie within r,
 * which is pi u^2 - 8 u^3 / 3 + u^4 / 2 with u = r / s (for u <= 1); the
 * last two terms are the boids near the edges, who see fewer.
 */
static double
expected_nbrs(size_t n, double r, double s)
{
	double u = r / s;

	return (double)(n - 1) * (PI * u * u - 8.0 * u * u * u / 3.0 +
	    u * u * u * u / 2.0);
}

/* The side of the square where boids see nbrs others on average. */
static double
side_for(size_t n, double r, double nbrs)
{
	double lo = r, hi = 1e7;
	int k;

	for (k = 0; k < 100; k++) {
		double mid = 0.5 * (lo + hi);

		if (expected_nbrs(n, r, mid) > nbrs)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/*
 * Every boid at a uniform place in the world, flying in a uniform
 * direction at half to full speed. The view's arrays are the flock's own
 * state, which a step only reads; writing them directly is what
 * flock_place() does, without its search for each id, which for a
 * million boids would take longer than the benchmark. A last
 * flock_place() of the first boid, where it already is, tells the flock
 * that its boids moved, so that the next step sorts them anew.
 */
static void
lay_out(struct flock *f, uint64_t seed)
{
	struct flock_view v;
	struct rng rng;
	float speed = flock_params(f)->max_speed;
	float *x, *y, *vx, *vy;
	uint32_t *id;
	uint16_t *perch;
	size_t i;

	flock_get_view(f, &v);
	x = (float *)v.x;
	y = (float *)v.y;
	vx = (float *)v.vx;
	vy = (float *)v.vy;
	id = (uint32_t *)v.id;
	perch = (uint16_t *)v.perch;
	rng_seed(&rng, seed, 7);
	for (i = 0; i < v.n; i++) {
		double a = 2.0 * PI * rng_unit(&rng);
		double s = speed * rng_range(&rng, 0.5, 1.0);

		x[i] = (float)(v.w * rng_unit(&rng));
		y[i] = (float)(v.h * rng_unit(&rng));
		vx[i] = (float)(s * cos(a));
		vy[i] = (float)(s * sin(a));
		id[i] = (uint32_t)i;
		perch[i] = 0;
	}
	if (v.n > 0)
		flock_place(f, 0, x[0], y[0], vx[0], vy[0]);
}

/* ---- The naive step ---- */

/*
 * What a first boids program does: for every boid, look at every other,
 * then apply the same three rules, turn limit and speed limit as the
 * engine. Double-buffered like the engine, so it is a fair step.
 */
struct naive {
	size_t n;
	float *x, *y, *vx, *vy;
	float *nx, *ny, *nvx, *nvy;
};

static void
naive_init(struct naive *a, const struct flock *f)
{
	struct flock_view v;
	size_t bytes;

	flock_get_view(f, &v);
	a->n = v.n;
	bytes = v.n * sizeof(float);
	a->x = xmalloc(bytes);
	a->y = xmalloc(bytes);
	a->vx = xmalloc(bytes);
	a->vy = xmalloc(bytes);
	a->nx = xmalloc(bytes);
	a->ny = xmalloc(bytes);
	a->nvx = xmalloc(bytes);
	a->nvy = xmalloc(bytes);
	memcpy(a->x, v.x, bytes);
	memcpy(a->y, v.y, bytes);
	memcpy(a->vx, v.vx, bytes);
	memcpy(a->vy, v.vy, bytes);
}

static void
naive_free(struct naive *a)
{
	free(a->x);
	free(a->y);
	free(a->vx);
	free(a->vy);
	free(a->nx);
	free(a->ny);
	free(a->nvx);
	free(a->nvy);
}

/* One step; returns the neighbours perceived, summed over the boids. */
static double
naive_step(struct naive *a, const struct flock_params *p)
{
	float r2 = p->radius * p->radius, s2 = p->distance * p->distance;
	float cosmax = cosf(p->max_turn * (float)PI / 180.0f);
	float sinmax = sinf(p->max_turn * (float)PI / 180.0f);
	double seen = 0;
	size_t i, j;
	float *t;

	for (i = 0; i < a->n; i++) {
		float x = a->x[i], y = a->y[i], vx = a->vx[i], vy = a->vy[i];
		float cx = 0, cy = 0, ax = 0, ay = 0, sx = 0, sy = 0;
		float count = 0, nvx, nvy, v2;

		for (j = 0; j < a->n; j++) {
			float dx = a->x[j] - x, dy = a->y[j] - y;
			float d2 = dx * dx + dy * dy;

			if (j == i)
				continue;
			if (d2 < r2) {
				count += 1.0f;
				cx += dx;
				cy += dy;
				ax += a->vx[j];
				ay += a->vy[j];
			}
			if (d2 < s2) {
				sx += dx;
				sy += dy;
			}
		}
		seen += count;
		nvx = vx - p->separation * sx / 8.0f;
		nvy = vy - p->separation * sy / 8.0f;
		if (count > 0) {
			nvx += p->cohesion * cx / count / 100.0f +
			    p->alignment * (ax / count - vx) / 8.0f;
			nvy += p->cohesion * cy / count / 100.0f +
			    p->alignment * (ay / count - vy) / 8.0f;
		}
		/* Turn at most max_turn from the old heading. */
		{
			float o = sqrtf(vx * vx + vy * vy);
			float nl = sqrtf(nvx * nvx + nvy * nvy);

			if (o > 0 && nl > 0 &&
			    (vx * nvx + vy * nvy) / (o * nl) < cosmax) {
				float ux = vx / o, uy = vy / o;
				float s = vx * nvy - vy * nvx >= 0 ? 1.0f : -1.0f;

				nvx = (ux * cosmax - s * uy * sinmax) * nl;
				nvy = (uy * cosmax + s * ux * sinmax) * nl;
			}
		}
		v2 = nvx * nvx + nvy * nvy;
		if (v2 > p->max_speed * p->max_speed) {
			nvx *= p->max_speed / sqrtf(v2);
			nvy *= p->max_speed / sqrtf(v2);
		}
		a->nx[i] = x + nvx;
		a->ny[i] = y + nvy;
		a->nvx[i] = nvx;
		a->nvy[i] = nvy;
	}
	t = a->x; a->x = a->nx; a->nx = t;
	t = a->y; a->y = a->ny; a->ny = t;
	t = a->vx; a->vx = a->nvx; a->nvx = t;
	t = a->vy; a->vy = a->nvy; a->nvy = t;
	return seen;
}

/* ---- The machine's own limits ---- */

/*
 * Memory: the triad a[i] = b[i] + s c[i] over arrays far larger than any
 * cache, counted as 24 bytes an element (two read, one written), the best
 * of a few passes.
 */
#define TRIAD_N (1L << 24)
#define TRIAD_PASSES 5

struct triad {
	double *a, *b, *c;
	double scale;
};

/* Each thread first touches the pages it will stream. */
static void
triad_fill(void *arg, int t, int team)
{
	struct triad *d = arg;
	size_t lo, hi, i;

	parallel_slice(TRIAD_N, t, team, &lo, &hi);
	for (i = lo; i < hi; i++) {
		d->a[i] = 0.0;
		d->b[i] = (double)i;
		d->c[i] = 1.0;
	}
}

static void
triad_pass(void *arg, int t, int team)
{
	struct triad *d = arg;
	size_t lo, hi, i;

	parallel_slice(TRIAD_N, t, team, &lo, &hi);
	for (i = lo; i < hi; i++)
		d->a[i] = d->b[i] + d->scale * d->c[i];
}

static double
triad_gbs(int threads)
{
	double *a = xmalloc(TRIAD_N * sizeof *a);
	double *b = xmalloc(TRIAD_N * sizeof *b);
	double *c = xmalloc(TRIAD_N * sizeof *c);
	double best = INFINITY, sink = 0;
	struct triad d;
	int k;

	set_threads(threads);
	d.a = a;
	d.b = b;
	d.c = c;
	d.scale = 1.0;
	parallel_run(threads, triad_fill, &d);
	for (k = 0; k < TRIAD_PASSES; k++) {
		double t0 = now_ns(), t;

		d.scale = 1.0 + k;
		parallel_run(threads, triad_pass, &d);
		t = now_ns() - t0;
		best = t < best ? t : best;
		sink += a[k];
	}
	free(a);
	free(b);
	free(c);
	return sink < 0 ? 0 : 24.0 * (double)TRIAD_N / best;
}

/*
 * Arithmetic: twelve independent chains of fused multiply-adds (plain
 * multiplies and adds where the machine has no FMA), as wide as the
 * machine's vectors, so that nothing waits on a result; counted in lane
 * operations, one per lane of each instruction, the unit the step's cost
 * is reckoned in below. Each pass is long enough (tens of milliseconds)
 * that starting the threads is lost in it, the best of a few.
 */
#define FMA_ROUNDS (1L << 24)
#define FMA_PASSES 5

#if defined(__AVX512F__)
#define FMA_WIDTH 16
typedef __m512 fma_vec;
#define fma_splat(f) _mm512_set1_ps(f)
#define fma_op(a, m, c) _mm512_fmadd_ps(a, m, c)
#define fma_lane0(v) _mm512_cvtss_f32(v)
#elif defined(__FMA__)
#define FMA_WIDTH 8
typedef __m256 fma_vec;
#define fma_splat(f) _mm256_set1_ps(f)
#define fma_op(a, m, c) _mm256_fmadd_ps(a, m, c)
#define fma_lane0(v) _mm256_cvtss_f32(v)
#else
#define FMA_WIDTH 1
typedef float fma_vec;
#define fma_splat(f) (f)
#define fma_op(a, m, c) ((a) * (m) + (c))
#define fma_lane0(v) (v)
#endif
#define FMA_OPS (FMA_WIDTH > 1 ? 1 : 2)   /* lane operations each */

/* Each chain starts elsewhere, so that none is the same as another
 * and the compiler keeps all twelve. */
static float
fma_chains(long rounds, float seed)
{
	fma_vec m = fma_splat(0.999999f), c = fma_splat(1e-7f);
	fma_vec v0 = fma_splat(seed), v1 = fma_splat(seed + 1.0f);
	fma_vec v2 = fma_splat(seed + 2.0f), v3 = fma_splat(seed + 3.0f);
	fma_vec v4 = fma_splat(seed + 4.0f), v5 = fma_splat(seed + 5.0f);
	fma_vec v6 = fma_splat(seed + 6.0f), v7 = fma_splat(seed + 7.0f);
	fma_vec v8 = fma_splat(seed + 8.0f), v9 = fma_splat(seed + 9.0f);
	fma_vec v10 = fma_splat(seed + 10.0f), v11 = fma_splat(seed + 11.0f);
	long r;

	for (r = 0; r < rounds; r++) {
		v0 = fma_op(v0, m, c);
		v1 = fma_op(v1, m, c);
		v2 = fma_op(v2, m, c);
		v3 = fma_op(v3, m, c);
		v4 = fma_op(v4, m, c);
		v5 = fma_op(v5, m, c);
		v6 = fma_op(v6, m, c);
		v7 = fma_op(v7, m, c);
		v8 = fma_op(v8, m, c);
		v9 = fma_op(v9, m, c);
		v10 = fma_op(v10, m, c);
		v11 = fma_op(v11, m, c);
	}
	return fma_lane0(v0) + fma_lane0(v1) + fma_lane0(v2) +
	    fma_lane0(v3) + fma_lane0(v4) + fma_lane0(v5) + fma_lane0(v6) +
	    fma_lane0(v7) + fma_lane0(v8) + fma_lane0(v9) + fma_lane0(v10) +
	    fma_lane0(v11);
}

/* Each thread's chains, and what they came to. */
struct fma_work {
	long rounds;
	float part[PARALLEL_MAX_THREADS];
};

static void
fma_thread(void *arg, int t, int team)
{
	struct fma_work *w = arg;

	(void)team;
	w->part[t] = fma_chains(w->rounds, (float)t + 0.5f);
}

/* Lane operations per nanosecond, over all the threads, the best of
 * passes of rounds each. */
static double
fma_rate_of(int threads, long rounds, int passes)
{
	double best = INFINITY;
	volatile float sink = 0;
	struct fma_work w;
	int k;

	set_threads(threads);
	threads = parallel_threads() < threads ? parallel_threads() : threads;
	memset(&w, 0, sizeof w);
	w.rounds = rounds;
	for (k = 0; k < passes; k++) {
		double t0 = now_ns(), t;
		float part = 0;
		int u;

		parallel_run(threads, fma_thread, &w);
		for (u = 0; u < threads; u++)
			part += w.part[u];
		t = now_ns() - t0;
		best = t < best ? t : best;
		sink += part;
	}
	(void)sink;
	return 12.0 * FMA_WIDTH * FMA_OPS * (double)rounds *
	    (double)threads / best;
}

static double
fma_rate(int threads)
{
	return fma_rate_of(threads, FMA_ROUNDS, FMA_PASSES);
}

/*
 * What two threads gave over one just now, on the multiply-adds alone: a
 * probe of a millisecond or two, timed between the step's runs. A
 * virtual machine's two processors are not always two cores: the host
 * may run them on two threads of one core, or another guest may share
 * one, and then no step can gain what the table asks of it.
 */
#define CORES_ROUNDS (1L << 18)
#define CORES_PASSES 3

static double
cores_now(void)
{
	double one = fma_rate_of(1, CORES_ROUNDS, CORES_PASSES);

	return fma_rate_of(2, CORES_ROUNDS, CORES_PASSES) / one;
}

/*
 * What a boid-step must cost at least on this machine. Arithmetic: the
 * 3x3 block of cells of side R around a boid holds 9 R^2 rho candidates
 * at density rho, each about STEP_LANE_OPS lane operations (distance,
 * two tests, seven masked sums). Memory, once the flock outgrows the
 * last-level cache: every step reads and writes the state twice (the
 * sort and the step) and the grid's keys and indices once, with a line
 * read before each one written.
 */
#define STEP_LANE_OPS 14.0
#define STATE_BYTES (4 * sizeof(float) + sizeof(uint32_t) + sizeof(uint16_t))
#define STEP_BYTES (2.0 * (STATE_BYTES + 2.0 * STATE_BYTES) + \
	2.0 * sizeof(float) + 4.0 * 3.0 * sizeof(uint32_t))

struct limits {
	double gbs[2];      /* triad bandwidth, GB/s, on 1 and 2 threads */
	double ops[2];      /* lane operations a ns, on 1 and 2 threads */
	long cache;         /* last-level cache, bytes; 0 when unknown */
};

/* The kernel's word first: under a hypervisor the C library's may be
 * the host's. */
static long
last_level_cache(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
	long c = -1;
	char unit = 0;

	if (f) {
		if (fscanf(f, "%ld%c", &c, &unit) < 1)
			c = -1;
		else if (unit == 'K')
			c <<= 10;
		else if (unit == 'M')
			c <<= 20;
		fclose(f);
	}
#ifdef _SC_LEVEL3_CACHE_SIZE
	if (c <= 0)
		c = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
	return c > 0 ? c : 0;
}

/* The floor for a boid-step at n boids with nbrs neighbours each, on t
 * threads (0 or 1 as the index). */
static double
limit_ns(const struct limits *L, size_t n, double nbrs, int t)
{
	double candidates = 9.0 * nbrs / PI;
	double compute = candidates * STEP_LANE_OPS / L->ops[t];
	double bytes = (double)n * (2.0 * STATE_BYTES + 3.0 * sizeof(float));
	double memory = STEP_BYTES / L->gbs[t];

	if (L->cache > 0 && bytes < (double)L->cache)
		memory = 0;
	return compute > memory ? compute : memory;
}

static void
bench_limits(struct limits *L)
{
	int two = two_threads(), t;

	L->cache = last_level_cache();
	for (t = 0; t < 1 + two; t++) {
		L->gbs[t] = triad_gbs(t + 1);
		L->ops[t] = fma_rate(t + 1);
	}
	if (!two) {
		L->gbs[1] = L->gbs[0];
		L->ops[1] = L->ops[0];
	}
	printf("Machine: a triad a = b + s c over 3 x %ld MB (24 bytes an "
	    "element), and\n12 chains of %s, %d lanes wide; best of a few "
	    "passes.\nLast-level cache %ld MB.\n\n", TRIAD_N * 8 >> 20,
	    FMA_OPS == 1 ? "fused multiply-adds" : "multiplies and adds",
	    FMA_WIDTH, L->cache >> 20);
	printf("%10s %14s %22s\n", "threads", "triad GB/s",
	    "lane ops/ns (GFLOP/s)");
	for (t = 0; t < 1 + two; t++)
		printf("%10d %14.1f %12.1f (%6.1f)\n", t + 1, L->gbs[t],
		    L->ops[t], L->ops[t] * (FMA_OPS == 1 ? 2.0 : 1.0));
	printf("\nA boid-step's floor: %.0f lane operations for each of the "
	    "9 R^2 rho candidates\nin the 3x3 block of cells (side R), or, "
	    "once the flock outgrows that cache,\n%.0f bytes to and from "
	    "memory (state sorted and stepped, keys and indices,\nwith "
	    "each line read before it is written), whichever is more. "
	    "limit: that floor\nas a share of the time measured.\n\n",
	    STEP_LANE_OPS, STEP_BYTES);
}

/* ---- The step table ---- */

/*
 * A run times a few steps only: cohesion and alignment gather an even
 * spread into clumps within tens of steps, and the density is what the
 * table claims. Small flocks make up for it with more runs.
 */
#define TIMED_STEPS 4
#define MAX_RUNS 41

static int
runs_for(size_t n)
{
	size_t k = 8000000 / (n * (TIMED_STEPS + 2));

	if (n >= 10000000)
		return 1;
	if (n >= 1000000)
		return 3;
	return k < RUNS ? RUNS : k > MAX_RUNS ? MAX_RUNS : (int)(k | 1);
}

/* The timed steps of a run: fewer for the largest flocks, whose steps
 * each take long enough to time alone. */
static int
steps_for(size_t n)
{
	return n >= 10000000 ? 2 : TIMED_STEPS;
}

/* Wall and CPU time of one run, in ns per boid-step. */
struct timing {
	double wall, cpu;
};

/*
 * One run: a fresh even spread, two warm-up steps (the first sorts a
 * random order; from the second on each sort finds the boids almost in
 * place, as in a long flight), then k timed steps on t threads. With
 * more than one thread a third warms up too: a new flock's first steps
 * are how the engine learns whether its threads pay (parallel.h). On one
 * thread the CPU time leaves out what a busy machine adds to the wall
 * time: waiting for a core. (On two it is not kept: a thread running on
 * the other core is accounted only at its next tick.)
 */
static struct timing
time_steps(struct flock *f, size_t n, int threads, int k)
{
	struct timing t;
	double w0, c0;
	int s;

	set_threads(threads);
	lay_out(f, SEED);
	for (s = 0; s < (threads > 1 ? 3 : 2); s++)
		flock_step(f);
	w0 = now_ns();
	c0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	for (s = 0; s < k; s++)
		flock_step(f);
	t.wall = (now_ns() - w0) / ((double)k * (double)n);
	t.cpu = (clock_ns(CLOCK_PROCESS_CPUTIME_ID) - c0) /
	    ((double)k * (double)n);
	return t;
}

static double
time_naive(struct flock *f, int k, double *nbrs)
{
	const struct flock_params *p = flock_params(f);
	struct naive a;
	double t0, t, seen = 0;
	int s;

	lay_out(f, SEED);
	naive_init(&a, f);
	naive_step(&a, p);
	t0 = now_ns();
	for (s = 0; s < k; s++)
		seen = naive_step(&a, p);
	t = (now_ns() - t0) / ((double)k * (double)a.n);
	*nbrs = seen / (double)a.n;
	naive_free(&a);
	return t;
}

/* One run of the reference step on the same spread as time_steps(). */
static double
time_reference(struct flock *f, size_t n, struct reference *a, int threads,
    int k)
{
	double t0, seen = 0;
	int s;

	lay_out(f, SEED);
	reference_load(a, f);
	(void)reference_step(a, threads);
	(void)reference_step(a, threads);
	t0 = now_ns();
	for (s = 0; s < k; s++)
		seen += reference_step(a, threads);
	(void)seen;
	return (now_ns() - t0) / ((double)k * (double)n);
}

/*
 * How busy other work keeps the machine: the processors' busy time
 * (/proc/stat) less this process's own CPU time, over the wall time, in
 * processors; its own CPU time counts the children it has waited for,
 * which are the benchmark too (the table of builds' programs). The load
 * average cannot say it: it counts the benchmark's own threads too, and
 * for a minute after they have stopped.
 */
struct meter {
	double wall, own;
	double busy;         /* the processors' busy seconds; < 0 unknown */
};

static double
busy_seconds(void)
{
	FILE *f = fopen("/proc/stat", "r");
	unsigned long long v[8] = { 0 };
	double busy = -1.0;
	long hz = sysconf(_SC_CLK_TCK);

	if (f) {
		if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
		    &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
		    &v[7]) == 8 && hz > 0)
			/* user, nice, system, irq, softirq, steal */
			busy = (double)(v[0] + v[1] + v[2] + v[5] + v[6] +
			    v[7]) / (double)hz;
		fclose(f);
	}
	return busy;
}

/* This process's CPU seconds and its waited-for children's. */
static double
own_seconds(void)
{
	struct rusage u;
	double kids = 0.0;

	if (getrusage(RUSAGE_CHILDREN, &u) == 0)
		kids = (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec +
		    ((double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_usec) /
		    1e6;
	return clock_ns(CLOCK_PROCESS_CPUTIME_ID) / 1e9 + kids;
}

static void
meter_start(struct meter *m)
{
	m->wall = now_ns() / 1e9;
	m->own = own_seconds();
	m->busy = busy_seconds();
}

/* Processors other work kept busy since meter_start(), or -1. */
static double
meter_others(const struct meter *m)
{
	double busy = busy_seconds();
	double wall = now_ns() / 1e9 - m->wall;
	double own = own_seconds() - m->own;
	double others;

	if (busy < 0.0 || m->busy < 0.0 || wall <= 0.0)
		return -1.0;
	others = (busy - m->busy - own) / wall;
	return others > 0.0 ? others : 0.0;
}

/* A line of headless statistics, in ns per boid, on the flock as it is. */
static double
time_stats(struct flock *f, size_t n)
{
	struct flock_stats st;
	double t0 = now_ns();

	flock_measure(f, &st);
	return (now_ns() - t0) / (double)n;
}

/*
 * Figures are unreliable once other work keeps a processor busy for a
 * sizeable part of the time; two threads' most, which need both.
 */
static void
warn_others(const struct meter *m, int two)
{
	double others = meter_others(m);

	if (others < 0.0)
		return;
	printf("Other work kept %.2f of %d processors busy while the table "
	    "ran.\n", others, cpus());
	if (others > 0.5)
		printf("The figures%s are unreliable: compare ratios\nwithin "
		    "this run only.\n", two ? ", the two threads' above all," :
		    "");
}

static void
bench_steps(size_t only, const struct limits *L)
{
	static const size_t sizes[] = { 1000, 10000, 100000, 1000000,
		10000000 };
	int two = two_threads();
	struct meter m;
	size_t z;

	printf("Step: default rules (radius %.0f, separation %.0f, fov 360),"
	    " boids spread at random\nfor about %.0f neighbours each; ns per "
	    "boid-step over %d steps (%d at ten million) after\n2 to warm up, "
	    "median of 1 to %d runs. wall: CLOCK_MONOTONIC; cpu: CPU time, which\nleaves out "
	    "waiting for a core on a busy machine. Below %d boids the\n"
	    "engine keeps to one thread. ref: the step's time against the "
	    "reference step's\n(a counting-sort cell list stepping one boid "
	    "at a time, bench/reference.c),\nrun alternately with it. stats: "
	    "a line of headless statistics, against a\nstep on one thread. "
	    "naive: the all-pairs step, on one thread.\ncores: two threads "
	    "against one on a loop of multiply-adds alone, timed\nbetween "
	    "the runs: what the machine's two processors gave then (2.00x "
	    "when\neach is a core of its own). Kernel: %s.\n\n",
	    FLOCK_DEFAULT_RADIUS, FLOCK_DEFAULT_DISTANCE, TARGET_NBRS,
	    TIMED_STEPS, steps_for(10000000), MAX_RUNS, PARALLEL_MIN_BOIDS,
	    flock_kernel_name());
	printf("%10s %11s %5s %27s %38s %7s %8s\n", "", "", "",
	    "1 thread", "2 threads", "stats", "naive/");
	printf("%10s %11s %5s %7s %7s %6s %5s %7s %9s %6s %6s %7s %8s\n",
	    "boids", "field", "nbrs", "wall", "cpu", "limit", "ref", "wall",
	    "speed-up", "cores", "limit", "ref", "/step 1 thread");
	meter_start(&m);
	for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
		size_t n = sizes[z];
		double side = side_for(n, FLOCK_DEFAULT_RADIUS, TARGET_NBRS);
		double w1[MAX_RUNS], c1[MAX_RUNS], w2[MAX_RUNS], sc[MAX_RUNS];
		double r1[MAX_RUNS], r2[MAX_RUNS], cores[MAX_RUNS];
		double naive = 0, nn = 0, m1, m2 = 0;
		struct flock_params p;
		struct flock_stats st;
		struct reference *ref;
		struct flock *f;
		char num[32], field[32];
		int r, runs = runs_for(n), threaded = two &&
		    n >= PARALLEL_MIN_BOIDS;

		if (only && n != only)
			continue;
		flock_params_default(&p);
		f = flock_new(n, (float)side, (float)side, &p, SEED, 0, 0);
		if (!f) {
			fprintf(stderr, "bench: no memory for %zu boids\n", n);
			exit(1);
		}
		ref = reference_new(f);
		for (r = 0; r < runs; r++) {
			struct timing t = time_steps(f, n, 1, steps_for(n));

			w1[r] = t.wall;
			c1[r] = t.cpu;
			sc[r] = time_stats(f, n);
			/* Ten million on one thread against the reference
			 * would take as long as the rest of the table. */
			r1[r] = n >= 10000000 ? 0 :
			    time_reference(f, n, ref, 1, steps_for(n));
			if (threaded) {
				t = time_steps(f, n, 2, steps_for(n));
				w2[r] = t.wall;
				r2[r] = time_reference(f, n, ref, 2,
				    steps_for(n));
				cores[r] = cores_now();
			}
		}
		reference_free(ref);
		flock_measure(f, &st);
		if (n <= 10000) {
			double v[3];

			set_threads(1);
			for (r = 0; r < 3; r++)
				v[r] = time_naive(f, n <= 1000 ? 10 : 2, &nn);
			naive = median(v, 3);
		}
		m1 = median(w1, runs);
		snprintf(field, sizeof field, "%.0fx%.0f", side, side);
		printf("%10s %11s %5.1f %7.1f %7.1f %5.0f%% ",
		    grouped(n, num, sizeof num), field, st.nbrs, m1,
		    median(c1, runs), 100.0 * limit_ns(L, n, st.nbrs, 0) / m1);
		if (r1[0] > 0)
			printf("%4.2fx ", m1 / median(r1, runs));
		else
			printf("%5s ", "-");
		if (threaded) {
			m2 = median(w2, runs);
			printf("%7.1f %8.2fx %5.2fx %5.0f%% %6.2fx", m2, m1 / m2,
			    median(cores, runs),
			    100.0 * limit_ns(L, n, st.nbrs, 1) / m2,
			    m2 / median(r2, runs));
		} else {
			printf("%7s %9s %6s %6s %7s", "-", "-", "-", "-", "-");
		}
		printf(" %6.2fx", median(sc, runs) / m1);
		if (naive > 0)
			printf(" %7.0fx\n", naive / m1);
		else
			printf(" %8s\n", "-");
		if (naive > 0 && fabs(nn - st.nbrs) > 0.2 * st.nbrs)
			printf("%10s naive step saw %.1f neighbours\n", "", nn);
		flock_free(f);
	}
	warn_others(&m, two);
	set_threads(two ? 2 : 1);
}

/* ---- Big flocks at their own density ---- */

#define DENSITY_STEPS 4

static struct flock *program_flock(size_t n, int cols, int lines,
    struct camera *cam);
static double flock_neighbours(struct flock *f);

/*
 * The step of a flock made as the program makes it in a 120x40
 * terminal, after it has flown `fly` steps and gathered into flocks,
 * against the reference step on the same boids: both at the density
 * the flock keeps itself, not at an even spread. The flock's nbrs are
 * what it perceives (a big flock's through the cells' sums, each boid
 * by its weight); the reference's, the boids within the radius. Median
 * of `runs` alternate runs of DENSITY_STEPS steps, in ns a boid-step.
 */
static void
density_row(size_t n, int threads, int fly, int runs)
{
	double ours[5], theirs[5], seen = 0;
	struct reference *ref;
	struct camera cam;
	struct flock *f;
	char num[32];
	int r, s;

	set_threads(threads);
	f = program_flock(n, 120, 40, &cam);
	if (!f) {
		printf("%10s no memory\n", grouped(n, num, sizeof num));
		return;
	}
	for (s = 0; s < fly; s++)
		flock_step(f);
	ref = reference_new(f);
	for (r = 0; r < runs; r++) {
		double t0;

		reference_load(ref, f);
		(void)reference_step(ref, threads);
		t0 = now_ns();
		for (s = 0; s < DENSITY_STEPS; s++)
			seen = reference_step(ref, threads);
		theirs[r] = (now_ns() - t0) / (DENSITY_STEPS * (double)n);
		t0 = now_ns();
		for (s = 0; s < DENSITY_STEPS; s++)
			flock_step(f);
		ours[r] = (now_ns() - t0) / (DENSITY_STEPS * (double)n);
	}
	printf("%10s %7d %6d %7.1f %7.1f %8.1f %8.1f %6.2fx %8.1f\n",
	    grouped(n, num, sizeof num), threads, fly, flock_neighbours(f),
	    seen / (double)n, median(ours, runs), median(theirs, runs),
	    median(ours, runs) / median(theirs, runs),
	    1e9 / (median(ours, runs) * (double)n));
	reference_free(ref);
	flock_free(f);
}

static void
bench_density(void)
{
	int two = two_threads() ? 2 : 1;

	printf("\nAt their own density: flocks made as the program makes them "
	    "in a 120x40\nterminal (default lengths, a world grown to fit), "
	    "flown a while, then stepped\nalternately with the reference step "
	    "(bench/reference.c) on the same boids.\nnbrs: what a boid "
	    "perceives (above 20,000 boids through the cells' sums,\nweighted);"
	    " ref nbrs: the boids within the radius, which the reference\n"
	    "counts. ns a boid-step, median of the runs, and our steps a "
	    "second;\nwanted: 100,000 on one thread <= 0.35x, 10,000,000 on "
	    "two <= 0.45x and\n>= 10 steps a second.\n\n");
	printf("%10s %7s %6s %7s %7s %8s %8s %7s %8s\n", "boids", "threads",
	    "flown", "nbrs", "ref", "ns", "ref ns", "ratio", "steps/s");
	density_row(100000, 1, 300, 5);
	density_row(10000000, two, 20, 1);
	set_threads(two);
}

/* ---- The builds of the step ---- */

#define BUILDS_N 100000
#define BUILDS_RUNS 7
#define BUILDS_MAX 8

/* A flock of n spread for TARGET_NBRS neighbours each. */
static struct flock *
spread_flock(size_t n)
{
	double side = side_for(n, FLOCK_DEFAULT_RADIUS, TARGET_NBRS);
	struct flock_params p;
	struct flock *f;

	flock_params_default(&p);
	f = flock_new(n, (float)side, (float)side, &p, SEED, 0, 0);
	if (!f) {
		fprintf(stderr, "bench: no memory for %zu boids\n", n);
		exit(1);
	}
	return f;
}

/*
 * "serve N": runs at n boids on one thread for the table of builds of
 * another process. A line "ready" once the flock is made, then for each
 * word read, a build's name, one run of it and a line back: the build
 * that ran and its ns a boid-step, -1 when this processor cannot run it.
 * A name is a build of the step's inner loops (flock_kernel_use()),
 * "picked" for the one the program picks itself, or "reference" for the
 * reference step.
 */
static void
bench_serve(size_t n)
{
	struct flock *f = spread_flock(n);
	struct reference *a = reference_new(f);
	const char *pick = flock_kernel_name();
	char want[64];

	printf("ready\n");
	while (scanf("%63s", want) == 1) {
		const char *b = strcmp(want, "picked") == 0 ? pick : want;

		if (strcmp(b, "reference") == 0)
			printf("reference %.3f\n", time_reference(f, n, a, 1,
			    TIMED_STEPS));
		else if (flock_kernel_use(b) == 0)
			printf("%s %.3f\n", b, time_steps(f, n, 1,
			    TIMED_STEPS).wall);
		else
			printf("%s -1\n", b);
	}
	reference_free(a);
	flock_free(f);
}

/*
 * The programs of the table of builds, each a process of its own
 * (bench_serve()): this one, built for this machine (-march=native); the
 * program built as a binary copied to another machine is (NATIVE=0, no
 * -march: its AVX2 and SSE2 builds are what a machine with no more than
 * those runs, where this program's use AVX-512's encodings); and the
 * program built for AVX2 machines (-march=x86-64-v3), its reference step
 * as such a machine's would be built. The Makefile makes them beside
 * this one. This one runs as a process too, so that every row is timed
 * alike: in a process that does nothing else. They run side by side,
 * asked for one run at a time in turn, so that the runs a row is set
 * against are a second apart at most.
 */
struct program {
	const char *file;               /* beside this one; NULL: this one */
	const char *label[2];
	const char *build[BUILDS_MAX];  /* what it is asked */
	int builds;
	char name[BUILDS_MAX][16];      /* the builds that ran */
	double t[BUILDS_MAX][BUILDS_RUNS];
	char path[4096];
	pid_t pid;
	FILE *to, *from;                /* NULL: not running */
};

static void
program_init(struct program *p, const char *file, const char *name,
    const char *built)
{
	memset(p, 0, sizeof *p);
	p->file = file;
	p->label[0] = name;
	p->label[1] = built;
}

/* One more build to ask program p for, its runs -1 until timed. */
static void
program_want(struct program *p, const char *build)
{
	int r;

	if (p->builds == BUILDS_MAX)
		return;
	p->build[p->builds] = build;
	snprintf(p->name[p->builds], sizeof p->name[0], "%s", build);
	for (r = 0; r < BUILDS_RUNS; r++)
		p->t[p->builds][r] = -1.0;
	p->builds++;
}

/* Where program p is (self: this one's argv[0]), or "" when it is not
 * there. */
static void
find_program(struct program *p, const char *self)
{
	const char *slash = strrchr(self, '/');
	size_t dir = slash ? (size_t)(slash - self) + 1 : 0;

	p->path[0] = '\0';
	if (!p->file) {
		if (strlen(self) < sizeof p->path)
			strcpy(p->path, self);
		return;
	}
	if (dir + strlen(p->file) + 1 > sizeof p->path)
		return;
	memcpy(p->path, self, dir);
	strcpy(p->path + dir, p->file);
	if (access(p->path, X_OK) != 0)
		p->path[0] = '\0';
}

/*
 * Program p serving runs at n boids, its input and output through pipes,
 * once it is ready: programs making their flocks beside it would slow
 * the first runs. Our ends are closed on exec: a program started later
 * holding the first one's input open would keep it from seeing its end.
 */
static void
program_start(struct program *p, size_t n)
{
	int in[2], out[2];
	char num[32];

	snprintf(num, sizeof num, "%zu", n);
	if (pipe(in) != 0)
		return;
	if (pipe(out) != 0) {
		close(in[0]);
		close(in[1]);
		return;
	}
	(void)fcntl(in[1], F_SETFD, FD_CLOEXEC);
	(void)fcntl(out[0], F_SETFD, FD_CLOEXEC);
	p->pid = fork();
	if (p->pid == 0) {
		(void)signal(SIGPIPE, SIG_DFL);
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		close(in[0]);
		close(out[1]);
		execl(p->path, p->path, "serve", num, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	if (p->pid > 0) {
		p->to = fdopen(in[1], "w");
		p->from = fdopen(out[0], "r");
	}
	if (!p->to || !p->from || fscanf(p->from, "%15s", num) != 1 ||
	    strcmp(num, "ready") != 0) {
		if (p->to)
			fclose(p->to);
		else
			close(in[1]);
		if (p->from)
			fclose(p->from);
		else
			close(out[0]);
		p->to = p->from = NULL;
		if (p->pid > 0)
			(void)waitpid(p->pid, NULL, 0);
	}
}

/* Run r of program p's k-th build; a program that does not answer is
 * asked no more this run, its builds' runs left at -1. */
static void
program_ask(struct program *p, int k, int r)
{
	char got[16];
	double ns;

	if (!p->to)
		return;
	if (fprintf(p->to, "%s\n", p->build[k]) < 0 || fflush(p->to) != 0 ||
	    fscanf(p->from, "%15s %lf", got, &ns) != 2) {
		fclose(p->to);
		fclose(p->from);
		p->to = p->from = NULL;
		(void)waitpid(p->pid, NULL, 0);
		return;
	}
	memcpy(p->name[k], got, sizeof got);
	p->t[k][r] = ns;
}

/* The end of its input ends program p. */
static void
program_stop(struct program *p)
{
	if (!p->to)
		return;
	fclose(p->to);
	fclose(p->from);
	p->to = p->from = NULL;
	(void)waitpid(p->pid, NULL, 0);
}

/*
 * The median of a row's runs, or -1 when any run failed: a row with a
 * hole would be the median of fewer runs than the table says.
 */
static double
row_median(const double *t, int runs)
{
	double v[BUILDS_RUNS];
	int r;

	for (r = 0; r < runs; r++)
		if ((v[r] = t[r]) < 0)
			return -1.0;
	return median(v, runs);
}

/* Program p's rows; native: this program's pick's median. */
static void
program_print(const struct program *p, double native)
{
	double ref = -1.0;
	int k;

	for (k = 0; k < p->builds; k++)
		if (strcmp(p->build[k], "reference") == 0)
			ref = row_median(p->t[k], BUILDS_RUNS);
	for (k = 0; k < p->builds; k++) {
		double v = row_median(p->t[k], BUILDS_RUNS);
		char build[32];

		snprintf(build, sizeof build, "%s%s", p->name[k],
		    strcmp(p->build[k], "picked") == 0 ? " (picked)" : "");
		printf("%-15s %-16s ", k < 2 ? p->label[k] : "", build);
		if (v < 0) {
			printf("%8s\n", "failed");
			continue;
		}
		printf("%8.1f", v);
		if (ref > 0)
			printf(" %10.2fx", v / ref);
		else
			printf(" %11s", "-");
		if (native > 0)
			printf(" %8.2fx\n", v / native);
		else
			printf(" %9s\n", "-");
	}
}

/*
 * Each build of the step's inner loops on one thread at BUILDS_N boids,
 * against the reference step of the same program and against this
 * program's pick: this program's pick, the portable program's pick then
 * each other build it has, and the x86-64-v3 program's AVX2, each with
 * its program's reference step. A run asks each program for its first
 * build in turn, then each for its second, and so on: the rows compared
 * most, the programs' picks, are timed one straight after another.
 */
static void
bench_builds(const char *self)
{
	struct program prog[3];
	int np = (int)(sizeof prog / sizeof prog[0]);
	const char *was = flock_kernel_name();
	void (*pipe_was)(int);
	struct meter mt;
	int i, k, r;
	size_t z;
	char num[32];

	program_init(&prog[0], NULL, "bench", "(native)");
	program_want(&prog[0], "picked");
	program_want(&prog[0], "reference");
	/* The portable program's pick, then each other build this
	 * processor runs. */
	program_init(&prog[1], "bench-portable", "bench-portable",
	    "(NATIVE=0)");
	program_want(&prog[1], "picked");
	for (z = 0; flock_kernel_each(z); z++) {
		const char *b = flock_kernel_each(z);

		if (strcmp(b, was) != 0 && flock_kernel_use(b) == 0 &&
		    prog[1].builds < BUILDS_MAX - 1)
			program_want(&prog[1], b);
	}
	program_want(&prog[1], "reference");
	/* The x86-64-v3 program needs a processor with AVX2 (and the rest
	 * of x86-64-v3, which every processor with AVX2 has). */
	program_init(&prog[2], "bench-v3", "bench-v3", "(x86-64-v3)");
	if (flock_kernel_use("avx2") == 0) {
		program_want(&prog[2], "avx2");
		program_want(&prog[2], "reference");
	}
	(void)flock_kernel_use(was);
	/* A program that dies leaves holes in its run; writing to it must
	 * not end this one. */
	pipe_was = signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < np; i++)
		find_program(&prog[i], self);
	/* Each run starts the programs afresh: a process can be faster or
	 * slower than another of the same program for the whole of its life
	 * (where its memory falls, say), and that must not weigh on every
	 * run of a row. Each starts with another program, so that whatever
	 * being asked first costs or saves falls on each in turn. */
	meter_start(&mt);
	for (r = 0; r < BUILDS_RUNS; r++) {
		for (i = 0; i < np; i++)
			if (prog[i].path[0] && prog[i].builds > 0)
				program_start(&prog[i], BUILDS_N);
		for (k = 0; k < BUILDS_MAX; k++)
			for (i = 0; i < np; i++) {
				struct program *p = &prog[(i + r) % np];

				if (k < p->builds)
					program_ask(p, k, r);
			}
		for (i = 0; i < np; i++)
			program_stop(&prog[i]);
	}
	(void)signal(SIGPIPE, pipe_was);
	printf("\nBuilds of the step: %s boids on one thread, ns a boid-step, "
	    "median of\n%d runs, each by three programs started afresh side by "
	    "side, asked in turn:\nbench, built for this machine "
	    "(-march=native); bench-portable, built with\nNATIVE=0 (no -march: "
	    "its AVX2 and SSE2 builds are what a machine with no\nmore than "
	    "those runs); and bench-v3, built with -march=x86-64-v3 for AVX2\n"
	    "machines, its reference step too. picked: the build the program "
	    "picks\nitself, as it does when it flies; the others are forced by "
	    "name. /reference:\nagainst the reference step built the same way; "
	    "/native: against bench's pick.\n\n",
	    grouped(BUILDS_N, num, sizeof num), BUILDS_RUNS);
	printf("%-15s %-16s %8s %11s %9s\n", "program", "build", "ns",
	    "/reference", "/native");
	for (i = 0; i < np; i++) {
		if (!prog[i].path[0])
			printf("%-15s not built\n", prog[i].label[0]);
		else if (prog[i].builds == 0)
			printf("%-15s not run: no AVX2 here\n",
			    prog[i].label[0]);
		else
			program_print(&prog[i],
			    row_median(prog[0].t[0], BUILDS_RUNS));
	}
	warn_others(&mt, 0);
}

/* ---- Beside other work ---- */

/* A process that keeps one processor busy until this one ends. */
static pid_t
busy_start(void)
{
	pid_t parent = getpid(), pid = fork();

	if (pid == 0) {
		volatile unsigned long spin = 0;

		for (;;) {
			unsigned long k;

			for (k = 0; k < 10000000UL; k++)
				spin += k;
			if (getppid() != parent)
				_exit(0);
		}
	}
	return pid;
}

static void
busy_stop(pid_t pid)
{
	if (pid > 0) {
		kill(pid, SIGKILL);
		(void)waitpid(pid, NULL, 0);
	}
}

/*
 * One thread against two with a process keeping one processor busy, as
 * a desktop's other work does: the engine's threads must never make it
 * slower than one thread would.
 */
static void
bench_busy(void)
{
	static const size_t sizes[] = { 10000, 100000, 1000000, 10000000 };
	pid_t busy;
	size_t z;
	char num[32];

	if (!two_threads()) {
		printf("\nBeside other work: one processor, nothing to "
		    "compare.\n");
		return;
	}
	printf("\nBeside other work: a process spinning on one processor "
	    "throughout; ns a\nboid-step, one thread and two alternately, "
	    "median of the runs, after a run\non two threads not timed, "
	    "for the engine to learn the load.\n\n%10s %9s %9s %12s\n",
	    "boids",
	    "1 thread", "2 threads", "2 against 1");
	busy = busy_start();
	if (busy < 0) {
		printf("  cannot start the busy process\n");
		return;
	}
	for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
		size_t n = sizes[z];
		int r, runs = (runs_for(n) + 1) / 2;
		double w1[MAX_RUNS], w2[MAX_RUNS], m1, m2;
		struct flock *f = spread_flock(n);

		/* The engine learns that a processor is taken within a few
		 * steps of it, as a flight would; but what it learned of
		 * this size on a quiet machine, in the tables before, holds
		 * that long into the first run. That run is not timed. */
		(void)time_steps(f, n, 2, steps_for(n));
		for (r = 0; r < runs; r++) {
			w1[r] = time_steps(f, n, 1, steps_for(n)).wall;
			w2[r] = time_steps(f, n, 2, steps_for(n)).wall;
		}
		m1 = median(w1, runs);
		m2 = median(w2, runs);
		printf("%10s %9.1f %9.1f %11.2fx\n", grouped(n, num,
		    sizeof num), m1, m2, m1 / m2);
		flock_free(f);
	}
	busy_stop(busy);
	set_threads(2);
}

/* ---- The terminal ---- */

#define TERM_TYPE "xterm-256color"
#define TERM_WARMUP 200
#define TERM_FRAMES 150

/* The lengths of the terminal's own sequences, from its terminfo entry. */
struct caps {
	const char *cup, *cuf, *cub, *cud, *cuu, *hpa, *vpa, *setaf;
	int cuf1, cub1, cud1, cuu1, cr;
	int sgr0, bold, rev, smul, op;
};

static int
cap_len(const char *s)
{
	return s && s != (const char *)-1 ? (int)strlen(s) : 9999;
}

static const char *
cap_str(const char *name)
{
	char *s = tigetstr(name);

	return s && s != (char *)-1 ? s : NULL;
}

/* A parameterised capability's length; 9999 when the terminal lacks it. */
static int
cap_len1(const char *s, int a)
{
	return s ? cap_len(tiparm(s, a)) : 9999;
}

static int
cap_len2(const char *s, int a, int b)
{
	return s ? cap_len(tiparm(s, a, b)) : 9999;
}

static void
caps_load(struct caps *c)
{
	c->cup = cap_str("cup");
	c->cuf = cap_str("cuf");
	c->cub = cap_str("cub");
	c->cud = cap_str("cud");
	c->cuu = cap_str("cuu");
	c->hpa = cap_str("hpa");
	c->vpa = cap_str("vpa");
	c->setaf = cap_str("setaf");
	c->cuf1 = cap_len(cap_str("cuf1"));
	c->cub1 = cap_len(cap_str("cub1"));
	c->cud1 = cap_len(cap_str("cud1"));
	c->cuu1 = cap_len(cap_str("cuu1"));
	c->cr = cap_len(cap_str("cr"));
	c->sgr0 = cap_len(cap_str("sgr0"));
	c->bold = cap_len(cap_str("bold"));
	c->rev = cap_len(cap_str("rev"));
	c->smul = cap_len(cap_str("smul"));
	c->op = cap_len(cap_str("op"));
}

static int
min2(int a, int b)
{
	return a < b ? a : b;
}

/* Moving the cursor n columns or rows one way: n single steps, or one
 * parameterised move. */
static int
steps_or_move(int n, int one, const char *move)
{
	long singles = (long)n * one;

	return min2(singles > 9999 ? 9999 : (int)singles, cap_len1(move, n));
}

/* The cheapest horizontal move, not counting rewriting cells. */
static int
move_across(const struct caps *c, int from, int to)
{
	int best = cap_len1(c->hpa, to);

	if (to == from)
		return 0;
	if (to > from)
		best = min2(best, steps_or_move(to - from, c->cuf1, c->cuf));
	else
		best = min2(best, steps_or_move(from - to, c->cub1, c->cub));
	return min2(best, c->cr + (to > 0 ?
	    steps_or_move(to, c->cuf1, c->cuf) : 0));
}

static int
move_down(const struct caps *c, int from, int to)
{
	int best = cap_len1(c->vpa, to);

	if (to == from)
		return 0;
	if (to > from)
		return min2(best, steps_or_move(to - from, c->cud1, c->cud));
	return min2(best, steps_or_move(from - to, c->cuu1, c->cuu));
}

/* What one cell shows: its text's bytes and its rendition. */
struct cell {
	int bytes;
	attr_t attr;
	short pair;
	wchar_t text[CCHARW_MAX + 1];
};

static int
cell_same(const struct cell *a, const struct cell *b)
{
	return a->attr == b->attr && a->pair == b->pair &&
	    wcscmp(a->text, b->text) == 0;
}

static void
cell_read(struct cell *c, int row, int col)
{
	cchar_t cc;
	mbstate_t st;
	char mb[MB_LEN_MAX];
	int k;

	memset(c, 0, sizeof *c);
	if (mvwin_wch(curscr, row, col, &cc) == ERR)
		return;
	getcchar(&cc, c->text, &c->attr, &c->pair, NULL);
	c->attr &= A_ATTRIBUTES & ~A_COLOR;
	for (k = 0; c->text[k]; k++) {
		size_t b;

		memset(&st, 0, sizeof st);
		b = wcrtomb(mb, c->text[k], &st);
		c->bytes += b == (size_t)-1 ? 1 : (int)b;
	}
	if (c->bytes == 0)
		c->bytes = 1;
}

/* The foreground of a colour pair; -1 is the terminal's own. */
static short
pair_fg(short pair)
{
	short fg = -1, bg = -1;

	if (pair > 0)
		pair_content(pair, &fg, &bg);
	return fg;
}

/*
 * The shortest change of rendition: attributes can be added one by one,
 * but turning one off takes a reset (sgr0), after which everything the
 * new cell needs is set again.
 */
static int
sgr_cost(const struct caps *c, attr_t a, short pa, attr_t b, short pb)
{
	int cost = 0;
	attr_t add;
	short fa = pair_fg(pa), fb = pair_fg(pb);

	if (a == b && fa == fb)
		return 0;
	if (a & ~b) {
		cost += c->sgr0;
		a = 0;
		fa = -1;
	}
	add = b & ~a;
	if (add & A_BOLD)
		cost += c->bold;
	if (add & A_REVERSE)
		cost += c->rev;
	if (add & A_UNDERLINE)
		cost += c->smul;
	if (fa != fb)
		cost += fb < 0 ? c->op : cap_len1(c->setaf, fb);
	return cost;
}

/*
 * The screen as it was after the last frame, and the bound's state: where
 * the cursor was left and in what rendition.
 */
struct shadow {
	int cols, lines;
	struct cell *cells;
	int row, col;            /* cursor; col == cols: unknown after a wrap */
	attr_t attr;
	short pair;
	struct caps caps;
};

static void
shadow_init(struct shadow *s, int cols, int lines)
{
	int r, c;

	s->cols = cols;
	s->lines = lines;
	s->cells = xmalloc((size_t)cols * (size_t)lines * sizeof *s->cells);
	for (r = 0; r < lines; r++)
		for (c = 0; c < cols; c++)
			cell_read(&s->cells[r * cols + c], r, c);
	s->row = 0;
	s->col = cols;
	s->attr = A_NORMAL;
	s->pair = 0;
	caps_load(&s->caps);
}

/* Rewriting the unchanged cells from the cursor up to col, when they are
 * all in the current rendition; 9999 when they are not. */
static int
rewrite_cost(const struct shadow *s, int row, int col)
{
	int c, cost = 0;

	for (c = s->col; c < col; c++) {
		const struct cell *k = &s->cells[row * s->cols + c];

		if (k->attr != s->attr || k->pair != s->pair)
			return 9999;
		cost += k->bytes;
		if (cost >= 9999)
			break;
	}
	return cost;
}

static int
motion_cost(const struct shadow *s, int row, int col)
{
	const struct caps *c = &s->caps;
	int best = cap_len2(c->cup, row, col);

	if (s->col >= s->cols)
		return best;
	if (row == s->row && col >= s->col)
		best = min2(best, rewrite_cost(s, row, col));
	return min2(best, move_down(c, s->row, row) +
	    move_across(c, s->col, col));
}

/*
 * Compare the screen curses now holds with the last frame: count the
 * cells that changed, and add up the least a terminal must be sent to
 * show them, taking them in screen order. Each costs its glyph's bytes,
 * plus the cheapest cursor motion this terminal type offers to reach it
 * (nothing when it follows the cell written before, as the cursor moved
 * there already; rewriting the unchanged cells between when that is
 * shorter), plus a change of colour or attributes only when it differs
 * from the cell written before.
 */
static void
shadow_diff(struct shadow *s, long *changed, long *bound)
{
	int r, c;

	for (r = 0; r < s->lines; r++)
		for (c = 0; c < s->cols; c++) {
			struct cell now, *was = &s->cells[r * s->cols + c];

			cell_read(&now, r, c);
			if (cell_same(&now, was))
				continue;
			*changed += 1;
			*bound += motion_cost(s, r, c) + sgr_cost(&s->caps,
			    s->attr, s->pair, now.attr, now.pair) + now.bytes;
			*was = now;
			s->row = r;
			s->col = c + 1;
			s->attr = now.attr;
			s->pair = now.pair;
		}
}

static off_t
file_size(FILE *f)
{
	struct stat st;

	fflush(f);
	return fstat(fileno(f), &st) == 0 ? st.st_size : 0;
}

/* What a frame of f shows, as the program fills it in: the flock, and
 * the status line's figures; cam NULL fits the world to the field. */
static void
frame_of(struct flock *f, const struct camera *cam, enum field_glyphs g,
    struct flock_view *v, struct status *st)
{
	flock_get_view(f, v);
	memset(st, 0, sizeof *st);
	st->params = flock_params(f);
	st->n = v->n;
	st->fps = 30;
	st->selected = WEIGHT_COHESION;
	st->camera = cam;
	st->glyphs = g;
}

/* One frame as the program draws it: through the camera (NULL fits the
 * world to the field), in the glyphs asked for. */
static void
draw_as(struct render *r, struct flock *f, const struct camera *cam,
    enum field_glyphs g)
{
	struct flock_view v;
	struct status st;

	frame_of(f, cam, g, &v, &st);
	render_frame(r, &v, &st);
	term_flush();
}

struct term_result {
	double bytes, changed, bound, cpu_us;
};

/* The theme and background the screens below are drawn in. */
static enum theme_name bench_theme = THEME_HEADING;
static enum theme_background bench_background = THEME_BG_DARK;

/* Curses on a file, as a terminal of cols by lines; NULL on failure. */
static struct render *
screen_open(FILE *out, FILE *in, int cols, int lines, int colour,
    int unicode)
{
	char buf[16];
	int colors;

	snprintf(buf, sizeof buf, "%d", cols);
	setenv("COLUMNS", buf, 1);
	snprintf(buf, sizeof buf, "%d", lines);
	setenv("LINES", buf, 1);
	struct render *r;

	if (term_open(TERM_TYPE, out, in, colour, &colors) < 0)
		return NULL;
	r = render_new(unicode, colors);
	if (r)
		render_set_theme(r, bench_theme, bench_background);
	return r;
}

/*
 * A flock of n made as the program makes it for this screen, flown in
 * from off-screen until it has formed, then TERM_FRAMES frames, each
 * stepped, drawn and sent.
 */
static int
term_run(size_t n, int cols, int lines, int colour, int unicode,
    struct term_result *res)
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	struct flock_params p;
	struct shadow sh;
	struct render *r;
	struct flock *f;
	float w = (float)cols, h = 2.0f * (float)(lines - 1);
	long changed = 0, bound = 0;
	double cpu = 0;
	off_t before;
	int s;

	memset(res, 0, sizeof *res);
	if (!out || !in)
		return -1;
	r = screen_open(out, in, cols, lines, colour, unicode);
	if (!r) {
		fclose(out);
		fclose(in);
		return -1;
	}
	render_resize(r, cols, lines);
	flock_params_default(&p);
	flock_params_fit(&p, n, w, h, 0);
	f = flock_new(n, w, h, &p, SEED, 0, 0);
	for (s = 0; s < TERM_WARMUP; s++)
		flock_step(f);
	draw_as(r, f, NULL, FIELD_AUTO);
	shadow_init(&sh, cols, lines);
	before = file_size(out);
	for (s = 0; s < TERM_FRAMES; s++) {
		double c0;

		flock_step(f);
		c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		draw_as(r, f, NULL, FIELD_AUTO);
		cpu += clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
		shadow_diff(&sh, &changed, &bound);
	}
	res->bytes = (double)(file_size(out) - before) / TERM_FRAMES;
	res->changed = (double)changed / TERM_FRAMES;
	res->bound = (double)bound / TERM_FRAMES;
	res->cpu_us = cpu / TERM_FRAMES / 1e3;
	free(sh.cells);
	flock_free(f);
	render_free(r);
	term_close();
	fclose(out);
	fclose(in);
	return 0;
}

static void
bench_terminal(int unicode)
{
	static const size_t sizes[] = { 200, 2000, 20000 };
	static const int screens[][2] = { { 120, 40 }, { 200, 60 } };
	size_t z;
	int sc, colour;

	printf("\nTerminal: the real renderer, %s glyphs, TERM=%s, into a "
	    "file;\n%d frames of a flying flock after %d steps. bound: the "
	    "changed cells in screen\norder, each its glyph's bytes plus "
	    "the cheapest cursor motion to it (none\nwhen it follows the "
	    "last) plus a colour change only where one is needed.\n\n",
	    unicode ? "UTF-8" : "ASCII", TERM_TYPE, TERM_FRAMES, TERM_WARMUP);
	printf("%8s %8s %7s %9s %9s %9s %7s %10s\n", "boids", "screen",
	    "colour", "changed", "bound B", "sent B", "sent/", "CPU us");
	printf("%8s %8s %7s %9s %9s %9s %7s %10s\n", "", "", "", "cells/f",
	    "/frame", "/frame", "bound", "/frame");
	for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
		for (sc = 0; sc < 2; sc++)
			for (colour = 1; colour >= 0; colour--) {
				struct term_result t;
				char num[32], scr[16];

				snprintf(scr, sizeof scr, "%dx%d",
				    screens[sc][0], screens[sc][1]);
				if (term_run(sizes[z], screens[sc][0],
				    screens[sc][1], colour, unicode, &t) < 0) {
					printf("%8s %8s: cannot open curses on "
					    "a file\n", grouped(sizes[z], num,
					    sizeof num), scr);
					continue;
				}
				printf("%8s %8s %7s %9.1f %9.1f %9.1f %6.2fx "
				    "%10.1f\n", grouped(sizes[z], num,
				    sizeof num), scr, colour ? "yes" : "no",
				    t.changed, t.bound, t.bytes,
				    t.bound > 0 ? t.bytes / t.bound : 0.0,
				    t.cpu_us);
			}
}

/*
 * The themes against the heading theme on a dark background (the
 * colours before there were themes): bytes a frame and how far over the
 * bound, at 200 boids in 80x24 (arrows) and 2,000 and 20,000 in 120x40
 * (dots), each theme on a dark and a light background.
 */
static void
bench_themes(int unicode)
{
	static const char *const name[THEME_COUNT] = { "heading", "speed",
		"crowd", "mono", "terminal" };
	static const struct { size_t n; int cols, lines; } runs[] = {
		{ 200, 80, 24 }, { 2000, 120, 40 } };
	size_t z;

	printf("\nThemes: the real renderer, %s glyphs, TERM=%s, in colour, "
	    "%d frames after %d steps;\nx today: bytes a frame over the "
	    "heading theme's on a dark background.\n\n",
	    unicode ? "UTF-8" : "ASCII", TERM_TYPE, TERM_FRAMES, TERM_WARMUP);
	printf("%8s %8s %9s %6s %9s %9s %7s %8s\n", "boids", "screen", "theme",
	    "bg", "bound B", "sent B", "sent/", "x today");
	for (z = 0; z < sizeof runs / sizeof runs[0]; z++) {
		double today = 0;
		int t, bg;

		for (t = 0; t < THEME_COUNT; t++)
			for (bg = THEME_BG_DARK; bg <= THEME_BG_LIGHT; bg++) {
				struct term_result res;
				char num[32], scr[16];

				bench_theme = (enum theme_name)t;
				bench_background = (enum theme_background)bg;
				snprintf(scr, sizeof scr, "%dx%d", runs[z].cols,
				    runs[z].lines);
				if (term_run(runs[z].n, runs[z].cols,
				    runs[z].lines, 1, unicode, &res) < 0) {
					printf("  cannot open curses on a file\n");
					continue;
				}
				if (t == THEME_HEADING && bg == THEME_BG_DARK)
					today = res.bytes;
				printf("%8s %8s %9s %6s %9.1f %9.1f %6.2fx "
				    "%7.2fx\n", grouped(runs[z].n, num,
				    sizeof num), scr, name[t],
				    bg == THEME_BG_DARK ? "dark" : "light",
				    res.bound, res.bytes, res.bound > 0 ?
				    res.bytes / res.bound : 0.0, today > 0 ?
				    res.bytes / today : 0.0);
			}
	}
	bench_theme = THEME_HEADING;
	bench_background = THEME_BG_DARK;
}

/* ---- A million boids and ten million, interactively ---- */

static void
bench_interactive(int unicode, size_t big, int frames)
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	int cols = 200, lines = 60, s, threads = two_threads() ? 2 : 1;
	float w = (float)cols, h = 2.0f * (float)(lines - 1);
	double step = 0, render = 0;
	struct flock_params p;
	struct render *r;
	struct flock *f;
	char num[32];

	if (!out || !in || !(r = screen_open(out, in, cols, lines, 1,
	    unicode))) {
		printf("\nInteractive: cannot open curses on a file\n");
		return;
	}
	render_resize(r, cols, lines);
	set_threads(threads);
	flock_params_default(&p);
	flock_params_fit(&p, big, w, h, 0);
	f = flock_new(big, w, h, &p, SEED, 0, 0);
	if (!f) {
		printf("\nInteractive: no memory for %zu boids\n", big);
		render_free(r);
		term_close();
		fclose(out);
		fclose(in);
		return;
	}
	lay_out(f, SEED);
	for (s = 0; s < 3; s++) {
		flock_step(f);
		draw_as(r, f, NULL, FIELD_AUTO);
	}
	for (s = 0; s < frames; s++) {
		double t0 = now_ns(), t1;

		flock_step(f);
		t1 = now_ns();
		draw_as(r, f, NULL, FIELD_AUTO);
		step += t1 - t0;
		render += now_ns() - t1;
	}
	step /= frames;
	render /= frames;
	printf("\nInteractive: %s boids on a 200x60 screen in colour, "
	    "%d thread%s,\nlengths fitted to the field as the program does "
	    "(radius %.2f), boids spread at random:\n", grouped(big, num,
	    sizeof num), threads, threads > 1 ? "s" : "", p.radius);
	printf("  step %.1f ms + render %.1f ms = %.1f ms a frame: %.1f fps;"
	    " renderer's share %.0f%%\n", step / 1e6, render / 1e6,
	    (step + render) / 1e6, 1e9 / (step + render),
	    100.0 * render / (step + render));
	flock_free(f);
	render_free(r);
	term_close();
	fclose(out);
	fclose(in);
}

/* ---- Pictures of big flocks: the glyph sets and the camera ---- */

#define SHOW_N 1000000
#define SHOW_SECONDS 2
#define SHOW_RATE 30
#define SHOW_FRAMES 8
/* Steps flown before the frames are timed: twenty seconds of flight at
 * SHOW_RATE, by when the flocks have gathered to their own density. */
#define SHOW_FLOWN 600
#define GLYPH_FRAMES 10
#define GLYPH_WARMUP_BIG 30
#define RING 3


/* The mean neighbours a boid of f perceives. */
static double
flock_neighbours(struct flock *f)
{
	struct flock_stats st;

	flock_measure(f, &st);
	return st.nbrs;
}

/* The world the program makes for n boids in a terminal of cols by
 * lines: the terminal's field, grown when the flock would crowd it, and
 * the lengths and the way of perceiving fitted to it as the program
 * fits them. */
static struct flock *
program_flock(size_t n, int cols, int lines, struct camera *cam)
{
	struct flock_params p;
	float w = (float)cols, h = 2.0f * (float)(lines - 1);

	flock_params_default(&p);
	(void)flock_world_fit(n, p.distance, &w, &h);
	flock_params_fit(&p, n, w, h, 0);
	memset(cam, 0, sizeof *cam);
	camera_fit(cam, w, h, cols, lines - 1);
	return flock_new(n, w, h, &p, SEED, 0, 0);
}

struct look {
	int distinct;        /* different glyphs on the field */
	double lit;          /* share of the field's cells drawn */
	double ring;         /* share of the lit cells in the outer RING */
	double ring_area;    /* the ring's share of the field */
};

/* What the screen shows: the field composed as the renderer does. */
static void
look_at(struct flock *f, const struct camera *cam, int unicode,
    struct look *lk)
{
	static wchar_t seen[1024];
	struct field fd;
	struct flock_view v;
	size_t k, lit = 0, ring = 0, nseen = 0, ringcells = 0;

	memset(lk, 0, sizeof *lk);
	field_init(&fd, unicode, FIELD_AUTO);
	if (field_fit(&fd, cam->cols, cam->rows) < 0)
		return;
	flock_get_view(f, &v);
	field_compose(&fd, &v, flock_params(f), cam);
	for (k = 0; k < fd.cells; k++) {
		int col = (int)(k % (size_t)fd.cols), row = (int)(k /
		    (size_t)fd.cols);
		int edge = col < RING || row < RING || col >= fd.cols - RING ||
		    row >= fd.rows - RING;
		size_t j;

		ringcells += edge;
		if (!fd.out[k].ch)
			continue;
		lit++;
		ring += edge;
		for (j = 0; j < nseen && seen[j] != fd.out[k].ch; j++)
			;
		if (j == nseen && nseen < sizeof seen / sizeof seen[0])
			seen[nseen++] = fd.out[k].ch;
	}
	lk->distinct = (int)nseen;
	lk->lit = fd.cells ? (double)lit / (double)fd.cells : 0.0;
	lk->ring = lit ? (double)ring / (double)lit : 0.0;
	lk->ring_area = fd.cells ? (double)ringcells / (double)fd.cells : 0.0;
	field_free(&fd);
}

/*
 * n boids in a 120x40 terminal in colour on two threads, made as
 * the program makes them: what the screen shows after SHOW_SECONDS of
 * flight at SHOW_RATE steps a second, and the frame rate of step and
 * draw once they have flown SHOW_FLOWN steps and gathered.
 */
static void
render_big(int unicode, size_t n)
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	int cols = 120, lines = 40, s, threads = two_threads() ? 2 : 1;
	double step = 0, draw_t = 0;
	struct camera cam;
	struct render *r;
	struct flock *f;
	struct look lk;
	char num[32];

	if (!out || !in || !(r = screen_open(out, in, cols, lines, 1,
	    unicode))) {
		printf("\nRender: cannot open curses on a file\n");
		return;
	}
	render_resize(r, cols, lines);
	set_threads(threads);
	f = program_flock(n, cols, lines, &cam);
	for (s = 0; s < SHOW_SECONDS * SHOW_RATE; s++) {
		flock_step(f);
		draw_as(r, f, &cam, FIELD_AUTO);
	}
	look_at(f, &cam, unicode, &lk);
	for (; s < SHOW_FLOWN; s++)
		flock_step(f);
	for (s = 0; s < SHOW_FRAMES; s++) {
		double t0 = now_ns(), t1;

		flock_step(f);
		t1 = now_ns();
		draw_as(r, f, &cam, FIELD_AUTO);
		step += t1 - t0;
		draw_t += now_ns() - t1;
	}
	step /= SHOW_FRAMES;
	draw_t /= SHOW_FRAMES;
	printf("\nRender: %s boids in a 120x40 terminal in colour, %d "
	    "thread%s, in the world\nthe program makes (%.0fx%.0f units, "
	    "zoom 1/%.3g, default lengths), start auto:\n",
	    grouped(n, num, sizeof num), threads,
	    threads > 1 ? "s" : "", cam.cx * 2.0, cam.cy * 2.0, cam.scale);
	printf("  after %d steps: step %.1f ms + draw %.1f ms = %.1f ms a "
	    "frame: %.1f fps (wanted >= 24);\n  %.1f steps a second (wanted "
	    ">= 60 at a million), %.1f neighbours a boid\n", SHOW_FLOWN,
	    step / 1e6, draw_t / 1e6, (step + draw_t) / 1e6,
	    1e9 / (step + draw_t), 1e9 / step, flock_neighbours(f));
	printf("  after %d s of flight: %d distinct glyphs; %.0f%% of the "
	    "field lit (wanted 10%% to 90%%);\n  %.0f%% of the lit cells in "
	    "the outer %d cells, which are %.0f%% of the field (a frame\n"
	    "  round the edge would put most there)\n", SHOW_SECONDS,
	    lk.distinct, 100.0 * lk.lit, 100.0 * lk.ring, RING,
	    100.0 * lk.ring_area);
	flock_free(f);
	render_free(r);
	term_close();
	fclose(out);
	fclose(in);
}

/*
 * Dots against arrows, side by side on the same frames: the renderer's
 * CPU per frame at a million boids on 200x60, and the bytes a frame at
 * 200 boids on 80x24, each set drawing every other frame of one flight
 * on its own screen.
 */
static int
glyphs_pair(size_t n, int cols, int lines, int unicode, double cpu[2],
    double bytes[2])
{
	static const enum field_glyphs set[2] = { FIELD_ARROWS, FIELD_DOTS };
	FILE *out[2], *in = fopen("/dev/null", "r");
	struct render *r[2];
	struct camera cam;
	struct flock *f;
	off_t before[2];
	int s, g;

	out[0] = tmpfile();
	out[1] = tmpfile();
	if (!out[0] || !out[1] || !in)
		return -1;
	f = program_flock(n, cols, lines, &cam);
	/* A million boids gather in far fewer steps than they would take
	 * to fly TERM_WARMUP; what is compared is the drawing. */
	for (s = 0; s < (n > 100000 ? GLYPH_WARMUP_BIG : TERM_WARMUP); s++)
		flock_step(f);
	/* Two curses screens cannot be open at once here: one renderer at
	 * a time, each on its own file, the flock stepped once per pair. */
	for (g = 0; g < 2; g++) {
		cpu[g] = 0;
		bytes[g] = 0;
	}
	for (s = 0; s < GLYPH_FRAMES; s++) {
		flock_step(f);
		for (g = 0; g < 2; g++) {
			double c0;

			r[g] = screen_open(out[g], in, cols, lines, 1, unicode);
			if (!r[g])
				return -1;
			render_resize(r[g], cols, lines);
			draw_as(r[g], f, &cam, set[g]);
			before[g] = file_size(out[g]);
			/* The frame after a full one: what a step costs. */
			flock_step(f);
			c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
			draw_as(r[g], f, &cam, set[g]);
			cpu[g] += clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
			bytes[g] += (double)(file_size(out[g]) - before[g]);
			render_free(r[g]);
			term_close();
		}
	}
	for (g = 0; g < 2; g++) {
		cpu[g] /= GLYPH_FRAMES;
		bytes[g] /= GLYPH_FRAMES;
		fclose(out[g]);
	}
	fclose(in);
	flock_free(f);
	return 0;
}

/*
 * The measures panel at n boids on cols by lines, as the program keeps
 * it: CPU a frame (the step, the measures when due, the panel's text and
 * the drawing) with it closed and open, in alternating blocks of frames
 * of one flight, so that both see the same flock.
 */
#define PANEL_FRAMES 400
#define PANEL_BLOCK 20

static int
panel_cost(size_t n, int cols, int lines, int unicode, double cpu[2])
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	struct panel *pn = panel_new();
	struct render *r;
	struct camera cam;
	struct flock *f;
	int s, frames[2] = { 0, 0 };

	if (!out || !in || !pn)
		return -1;
	r = screen_open(out, in, cols, lines, 1, unicode);
	if (!r)
		return -1;
	render_resize(r, cols, lines);
	f = program_flock(n, cols, lines, &cam);
	for (s = 0; s < TERM_WARMUP; s++)
		flock_step(f);
	cpu[0] = cpu[1] = 0;
	for (s = 0; s < PANEL_FRAMES; s++) {
		int open = (s / PANEL_BLOCK) % 2;
		double c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		double t0 = now_ns();
		struct flock_view v;
		struct status st;
		long long now;

		flock_step(f);
		frame_of(f, &cam, FIELD_AUTO, &v, &st);
		if (open) {
			now = (long long)now_ns();
			panel_step_time(pn, now - (long long)t0);
			if (panel_due(pn, now, v.step, 0))
				panel_measure(pn, f, v.step, now);
			panel_frame(pn, 900.0, 30.0, now);
			st.npanel = panel_text(pn, unicode, 0, 0,
			    1000000000LL / 30, now, 0, &st.panel);
			st.panel_width = PANEL_WIDTH;
		}
		render_frame(r, &v, &st);
		term_flush();
		cpu[open] += clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
		frames[open]++;
	}
	cpu[0] /= frames[0];
	cpu[1] /= frames[1];
	flock_free(f);
	render_free(r);
	term_close();
	panel_free(pn);
	fclose(out);
	fclose(in);
	return 0;
}

/*
 * Trails at n boids on cols by lines, as the program draws them: the
 * main thread's CPU to draw and send a frame (the field composed, its
 * trails, the cells drawn, curses' bytes written) without trails and
 * with them, in alternating blocks of frames of one flight, so that
 * both see the same flock and the same swings of a shared machine. A
 * block's first frames are not counted: trails take their life in
 * frames to grow whole.
 */
#define TRAILS_FRAMES 800
#define TRAILS_BLOCK 40
#define TRAILS_SETTLE 16

static int
trails_cost(size_t n, int cols, int lines, int unicode, double cpu[2])
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	struct render *r;
	struct camera cam;
	struct flock *f;
	int s, frames[2] = { 0, 0 };

	if (!out || !in)
		return -1;
	r = screen_open(out, in, cols, lines, 1, unicode);
	if (!r)
		return -1;
	render_resize(r, cols, lines);
	f = program_flock(n, cols, lines, &cam);
	for (s = 0; s < TERM_WARMUP; s++)
		flock_step(f);
	cpu[0] = cpu[1] = 0;
	for (s = 0; s < TRAILS_FRAMES; s++) {
		int on = (s / TRAILS_BLOCK) % 2;
		struct flock_view v;
		struct status st;
		double c0;

		flock_step(f);
		frame_of(f, &cam, FIELD_AUTO, &v, &st);
		st.trails = on;
		c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		render_frame(r, &v, &st);
		term_flush();
		if (s % TRAILS_BLOCK < TRAILS_SETTLE)
			continue;
		cpu[on] += clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
		frames[on]++;
	}
	cpu[0] /= frames[0];
	cpu[1] /= frames[1];
	flock_free(f);
	render_free(r);
	term_close();
	fclose(out);
	fclose(in);
	return 0;
}

static void
bench_render(int unicode)
{
	double cpu[2], bytes[2], cpu2[2], bytes2[2];

	render_big(unicode, SHOW_N);
	render_big(unicode, 200000);
	set_threads(two_threads() ? 2 : 1);
	if (glyphs_pair(SHOW_N, 200, 60, unicode, cpu, bytes) < 0 ||
	    glyphs_pair(200, 80, 24, unicode, cpu2, bytes2) < 0) {
		printf("  glyph sets: cannot open curses on a file\n");
		return;
	}
	printf("\nGlyph sets side by side, the same frames, in colour:\n");
	printf("  1,000,000 boids on 200x60: arrows %.2f ms, dots %.2f ms of "
	    "CPU a frame: dots/arrows %.2fx (wanted <= 1.2x)\n", cpu[0] / 1e6,
	    cpu[1] / 1e6, cpu[0] > 0 ? cpu[1] / cpu[0] : 0.0);
	printf("  200 boids on 80x24: arrows %.0f B, dots %.0f B a frame: "
	    "dots/arrows %.2fx (wanted <= 1.5x)\n", bytes2[0], bytes2[1],
	    bytes2[0] > 0 ? bytes2[1] / bytes2[0] : 0.0);
	set_threads(1);
	if (panel_cost(200, 120, 40, unicode, cpu) < 0) {
		printf("  panel: cannot open curses on a file\n");
		return;
	}
	printf("\nThe measures panel, measured every frame, 200 boids on "
	    "120x40, one thread:\n  a frame (step, measures, drawing) "
	    "takes %.0f us of CPU closed, %.0f us open: %.2fx\n",
	    cpu[0] / 1e3, cpu[1] / 1e3, cpu[0] > 0 ? cpu[1] / cpu[0] : 0.0);
}

static void
bench_trails(int unicode)
{
	double cpu[2];

	set_threads(1);
	if (trails_cost(2000, 120, 40, unicode, cpu) < 0) {
		printf("  trails: cannot open curses on a file\n");
		return;
	}
	printf("\nTrails, 2,000 boids on 120x40, in colour, one thread:\n"
	    "  drawing a frame takes %.0f us of CPU without trails, %.0f us "
	    "with them:\n  %.2fx (wanted <= 1.10x)\n", cpu[0] / 1e3,
	    cpu[1] / 1e3, cpu[0] > 0 ? cpu[1] / cpu[0] : 0.0);
}

/*
 * The cells' bytes: 800 boids in a 120x40 terminal, in the world the
 * program makes for them, drawn in arrows and in dots in the heading
 * theme on a dark background; each frame's bytes, and the share of them
 * that changes the rendition (SGR sequences, and the charset's
 * designations and shifts that come with them).
 */
#define CELLS_N 800

/* The bytes of rendition changes in the n bytes of f from `from`. */
static long
rendition_bytes(FILE *f, off_t from)
{
	long n = 0, run = 0;
	int c, state = 0;   /* 1 after Esc, 2 inside a CSI, 3 after Esc ( */

	fflush(f);
	if (fseeko(f, from, SEEK_SET) != 0)
		return 0;
	while ((c = getc(f)) != EOF) {
		if (state == 0 && (c == 14 || c == 15)) {
			n++;
		} else if (state == 0 && c == 27) {
			state = 1;
			run = 1;
		} else if (state == 1) {
			run++;
			state = c == '[' ? 2 : c == '(' || c == ')' ? 3 : 0;
		} else if (state == 2) {
			run++;
			if (c >= 0x40 && c <= 0x7e) {
				n += c == 'm' ? run : 0;
				state = 0;
			}
		} else if (state == 3) {
			n += run + 1;
			state = 0;
		}
	}
	fseeko(f, 0, SEEK_END);
	return n;
}

static int
cells_bytes(enum field_glyphs g, int unicode, double *bytes, double *attrs)
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	int cols = 120, lines = 40, s;
	struct render *r;
	struct camera cam;
	struct flock *f;
	off_t before;

	if (!out || !in)
		return -1;
	r = screen_open(out, in, cols, lines, 1, unicode);
	if (!r)
		return -1;
	render_resize(r, cols, lines);
	f = program_flock(CELLS_N, cols, lines, &cam);
	for (s = 0; s < TERM_WARMUP; s++)
		flock_step(f);
	draw_as(r, f, &cam, g);
	before = file_size(out);
	for (s = 0; s < TERM_FRAMES; s++) {
		flock_step(f);
		draw_as(r, f, &cam, g);
	}
	*bytes = (double)(file_size(out) - before) / TERM_FRAMES;
	*attrs = (double)rendition_bytes(out, before) / TERM_FRAMES;
	flock_free(f);
	render_free(r);
	term_close();
	fclose(out);
	fclose(in);
	return 0;
}

static void
bench_cells(int unicode)
{
	static const enum field_glyphs set[2] = { FIELD_ARROWS, FIELD_DOTS };
	static const char *const name[2] = { "arrows", "dots" };
	int g;

	printf("\nCells: %d boids in 120x40 in the world the program makes, "
	    "TERM=%s,\n%d frames after %d steps, the heading theme on a dark "
	    "background:\n", CELLS_N, TERM_TYPE, TERM_FRAMES, TERM_WARMUP);
	for (g = 0; g < 2; g++) {
		double bytes, attrs;

		if (cells_bytes(set[g], unicode, &bytes, &attrs) < 0) {
			printf("  cannot open curses on a file\n");
			return;
		}
		printf("  %-6s %7.0f bytes a frame, %5.0f of them (%2.0f%%) "
		    "changing the rendition\n", name[g], bytes, attrs,
		    bytes > 0 ? 100.0 * attrs / bytes : 0.0);
	}
}

/*
 * With no arguments, every table; "step", "builds", "busy", "terminal",
 * "interactive", "render", "trails" (cells and pixels), "themes",
 * "pixels" or "cells" picks one, and a number after "step" runs that
 * flock size alone. "serve N" times runs of the builds
 * named on its input at N boids, for another process's table of builds
 * (bench_serve()).
 */
/* ---- Pixels ---- */

/*
 * A flock flown in the world a terminal of cols by rows cells shows
 * (grown when the flock would crowd it, as the program grows it), seen
 * whole through the field above the status line, drawn in cells of
 * PX_CELL_W by PX_CELL_H pixels.
 */
#define PX_CELL_W 10
#define PX_CELL_H 20
#define PX_FRAMES 60
#define PX_SIXEL_BAR (60 * 1024)
#define PX_KITTY_BAR (15 * 1024)
/* The program's share of a core, drawing 2,000 boids at 30 frames a
 * second in pixels, for this long. */
#define PX_CPU_BAR 0.25
#define PX_DRIVEN_S 10.0

struct px_run {
	struct flock_params p;
	struct flock *f;
	struct camera cam;
	struct pixels px;
	struct sixel sx;
	struct kitty kt;
	struct image_bytes out;
	int cols, rows;
};

static int
px_open(struct px_run *r, size_t n, int cols, int rows, long warmup)
{
	float w = (float)cols, h = 2.0f * (float)(rows - 1);
	long i;

	memset(r, 0, sizeof *r);
	r->cols = cols;
	r->rows = rows;
	(void)flock_world_fit(n, FLOCK_DEFAULT_DISTANCE, &w, &h);
	flock_params_default(&r->p);
	flock_params_fit(&r->p, n, w, h, 0);
	r->f = flock_new(n, w, h, &r->p, SEED, 0, 0);
	if (!r->f)
		return -1;
	for (i = 0; i < warmup; i++)
		flock_step(r->f);
	camera_fit(&r->cam, w, h, cols, rows - 1);
	pixels_init(&r->px);
	sixel_init(&r->sx);
	kitty_init(&r->kt);
	return pixels_fit(&r->px, cols * PX_CELL_W, (rows - 1) * PX_CELL_H,
	    PX_CELL_W, PX_CELL_H);
}

static void
px_close(struct px_run *r)
{
	image_bytes_free(&r->out);
	kitty_free(&r->kt);
	sixel_free(&r->sx);
	pixels_free(&r->px);
	if (r->f)
		flock_free(r->f);
}

/* One frame, composed and encoded (kitty or sixel): its bytes, and the
 * main thread's CPU for it in *ns. */
static size_t
px_frame(struct px_run *r, int kitty, double *ns)
{
	struct flock_view v;
	double t0;

	flock_get_view(r->f, &v);
	r->out.len = 0;
	t0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	pixels_compose(&r->px, &v, &r->p, &r->cam, kitty);
	if (kitty) {
		struct kitty_scene s;

		s.image = &r->px.image;
		s.shapes = pixels_shapes(&r->px);
		s.nshapes = SPRITE_COUNT;
		s.sprites = r->px.list;
		s.nsprites = r->px.nlist;
		s.generation = r->px.generation;
		s.cell_w = PX_CELL_W;
		s.cell_h = PX_CELL_H;
		s.col = s.row = 0;
		if (kitty_frame(&r->kt, &r->out, &s) < 0)
			r->out.len = 0;
	} else if (sixel_encode(&r->sx, &r->out, &r->px.image) < 0) {
		r->out.len = 0;
	}
	*ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
	return r->out.len;
}

/* The bytes of the first frame, and the median and largest of the
 * PX_FRAMES after it, one step apart; the median CPU a frame; 1 if the
 * last frame was a density image. */
static int
px_bytes(size_t n, int kitty, double out[5])
{
	double bytes[PX_FRAMES], cpu[PX_FRAMES], ns;
	struct px_run r;
	int k;

	if (px_open(&r, n, 120, 40, TERM_WARMUP) < 0) {
		px_close(&r);
		return -1;
	}
	out[0] = (double)px_frame(&r, kitty, &ns);
	out[2] = 0;
	for (k = 0; k < PX_FRAMES; k++) {
		flock_step(r.f);
		bytes[k] = (double)px_frame(&r, kitty, &cpu[k]);
		out[2] = bytes[k] > out[2] ? bytes[k] : out[2];
	}
	out[1] = median(bytes, PX_FRAMES);
	out[3] = median(cpu, PX_FRAMES);
	out[4] = r.px.dense;
	px_close(&r);
	return 0;
}

/* The steps between two frames of the program at its default speed
 * (auto), frame rate and steps a second (o), seen through camera cam:
 * trails are drawn over that way. */
static int
program_pace(const struct camera *cam, const struct options *o)
{
	struct lapse auto_speed;
	long steps;

	lapse_start(&auto_speed, 0.0, 0);
	steps = lround(lapse_wanted(&auto_speed, cam->scale) * o->rate /
	    o->fps);
	return steps > 1 ? (int)steps : 1;
}

/*
 * Trails in pixels at n boids in 120x40 cells: the main thread's CPU to
 * compose a frame and encode it as sixel, as the whole picture is sent,
 * without trails and with them, in alternating blocks of one flight as
 * trails_cost() does in cells. The frames are as many steps apart as
 * the program's (*pace), since a trail's dots lie a frame's way apart.
 */
static int
px_trails_cost(size_t n, double cpu[2], int *pace)
{
	struct options o;
	struct px_run r;
	struct trails t;
	int s, k, life, frames[2] = { 0, 0 };

	if (px_open(&r, n, 120, 40, TERM_WARMUP) < 0) {
		px_close(&r);
		return -1;
	}
	options_clear(&o);
	life = trails_life(o.fps);
	*pace = program_pace(&r.cam, &o);
	trails_init(&t);
	cpu[0] = cpu[1] = 0;
	for (s = 0; s < TRAILS_FRAMES; s++) {
		int on = (s / TRAILS_BLOCK) % 2;
		struct flock_view v;
		double t0;

		for (k = 0; k < *pace; k++)
			flock_step(r.f);
		flock_get_view(r.f, &v);
		r.out.len = 0;
		t0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		pixels_compose(&r.px, &v, &r.p, &r.cam, 0);
		if (on)
			trails_pixels(&t, &r.px, &v, &r.cam, (double)*pace,
			    life);
		else
			trails_forget(&t);
		if (sixel_encode(&r.sx, &r.out, &r.px.image) < 0)
			r.out.len = 0;
		if (s % TRAILS_BLOCK < TRAILS_SETTLE)
			continue;
		cpu[on] += clock_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
		frames[on]++;
	}
	cpu[0] /= frames[0];
	cpu[1] /= frames[1];
	trails_free(&t);
	px_close(&r);
	return 0;
}

static void
bench_pixel_trails(void)
{
	double cpu[2];
	int pace;

	set_threads(1);
	if (px_trails_cost(2000, cpu, &pace) < 0) {
		printf("  trails in pixels: no memory\n");
		return;
	}
	printf("\nTrails in pixels, 2,000 boids in 120x40 cells of %dx%d "
	    "pixels, sixel, one thread,\nframes %d steps apart as the "
	    "program's: composing and encoding a frame takes\n%.0f us of CPU "
	    "without trails, %.0f us with them (%.2fx); the program's whole\n"
	    "frame is measured under pixels\n", PX_CELL_W, PX_CELL_H, pace,
	    cpu[0] / 1e3, cpu[1] / 1e3, cpu[0] > 0 ? cpu[1] / cpu[0] : 0.0);
}

/* The program's trails turned on and off with t every 0.6 s, for the
 * CPU a frame takes with them and without from phases side by side in
 * one run (the settling time is longer than a trail's life). */
#define PX_TOGGLED_S 24.0
#define PX_TOGGLE_EVERY 0.6
#define PX_TOGGLE_SETTLE 0.3

/* The real program, 2,000 boids in pixels at 30 frames a second, as
 * xterm and as kitty: its share of a core; and what trails add to its
 * CPU a frame. */
static void
bench_program_pixels(void)
{
	char *args[] = { "boids", "--count", "2000", "--seed", "1", "--fps",
		"30", "--glyphs", "pixels", NULL };
	const char *path = getenv("BOIDS") ? getenv("BOIDS") : "./boids";
	double load = -1, per[2];
	FILE *f = fopen("/proc/loadavg", "r");
	struct driven_phases ph;
	struct driven d;
	int run;

	if (f) {
		if (fscanf(f, "%lf", &load) != 1)
			load = -1;
		fclose(f);
	}
	printf("\nThe program (%s), 2,000 boids in pixels at 30 frames a "
	    "second in 120x40 cells\nof 10x20, %.0f s on a pseudo-terminal "
	    "answering at once; load %.2f before.\n\n", path, PX_DRIVEN_S,
	    load);
	printf("%13s %8s %8s %8s %10s %10s %6s\n", "proto", "CPU s",
	    "wall s", "core", "pictures/s", "KB/s", "bar");
	for (run = 0; run < 2; run++) {
		const char *name = run == 0 ? "sixel" : "kitty";

		if (driven_run(path, args, run, PX_DRIVEN_S, &d) < 0 ||
		    d.status != 0 || d.wall_s <= 0) {
			printf("%13s  could not run it (status %d)\n", name,
			    d.status);
			continue;
		}
		printf("%13s %8.2f %8.2f %7.1f%% %10.1f %10.1f %6s\n", name,
		    d.cpu_s, d.wall_s, 100.0 * d.cpu_s / d.wall_s,
		    (double)d.pictures / d.wall_s, (double)d.bytes / d.wall_s /
		    1024.0, d.cpu_s / d.wall_s <= PX_CPU_BAR ? "met" :
		    "MISSED");
	}
	if (driven_toggled(path, args, 0, PX_TOGGLED_S, "t", PX_TOGGLE_EVERY,
	    PX_TOGGLE_SETTLE, &d, &ph) < 0 || d.status != 0 ||
	    ph.pictures[0] == 0 || ph.pictures[1] == 0) {
		printf("  trails: could not run it (status %d)\n", d.status);
		return;
	}
	per[0] = ph.cpu_s[0] / (double)ph.pictures[0];
	per[1] = ph.cpu_s[1] / (double)ph.pictures[1];
	printf("  sixel, trails turned on and off with t every %.1f s for "
	    "%.0f s (%lu and %lu\n  pictures counted): a frame takes %.2f ms "
	    "of the program's CPU with trails,\n  %.2f ms without: %.2fx "
	    "(wanted <= 1.10x)\n", PX_TOGGLE_EVERY, PX_TOGGLED_S,
	    ph.pictures[1], ph.pictures[0], per[1] * 1e3, per[0] * 1e3,
	    per[1] / per[0]);
}

static void
bench_pixels(void)
{
	static const size_t sizes[] = { 200, 2000, 200000 };
	size_t z;
	int kitty;

	set_threads(two_threads() ? 2 : 1);
	printf("\nPixels: a flock in 120x40 cells of %dx%d pixels (a picture "
	    "of %dx%d), %d steps\nin, then %d frames a step apart; bytes and "
	    "the main thread's CPU to compose and\nencode a frame; bars: "
	    "sixel %d KB, kitty %d KB a frame at 200 boids.\n\n",
	    PX_CELL_W, PX_CELL_H, 120 * PX_CELL_W, 39 * PX_CELL_H,
	    TERM_WARMUP, PX_FRAMES, PX_SIXEL_BAR / 1024, PX_KITTY_BAR / 1024);
	printf("%8s %6s %9s %10s %10s %10s %10s %6s\n", "boids", "proto",
	    "drawn as", "first B", "median B", "most B", "CPU ms", "bar");
	for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
		for (kitty = 0; kitty <= 1; kitty++) {
			double b[5];
			char num[32];
			const char *bar = "";

			if (px_bytes(sizes[z], kitty, b) < 0) {
				printf("  no memory for %zu boids\n", sizes[z]);
				continue;
			}
			if (sizes[z] == 200)
				bar = b[2] <= (kitty ? PX_KITTY_BAR :
				    PX_SIXEL_BAR) ? "met" : "MISSED";
			printf("%8s %6s %9s %10.0f %10.0f %10.0f %10.2f %6s\n",
			    grouped(sizes[z], num, sizeof num), kitty ?
			    "kitty" : "sixel", b[4] ? "density" : "sprites",
			    b[0], b[1], b[2], b[3] / 1e6, bar);
		}
	set_threads(1);
	bench_program_pixels();
}

/* ---- groups= at a million boids ---- */

#define GROUPS_N 1000000
#define GROUPS_RUNS 3

/*
 * The measure that yields groups= (flock_measure) at a million boids
 * made as the program makes them in a 120x40 terminal, flown a while,
 * against one step of the same flock: the status line and headless
 * output report it, so it must cost well under a step (<= 0.25 of one).
 */
static void
bench_groups(void)
{
	double measure[GROUPS_RUNS], step[GROUPS_RUNS], ratio;
	struct flock_stats st;
	struct camera cam;
	struct flock *f;
	int r, s;

	set_threads(two_threads() ? 2 : 1);
	f = program_flock(GROUPS_N, 120, 40, &cam);
	if (!f) {
		printf("\ngroups: no memory for a million boids\n");
		return;
	}
	for (s = 0; s < 30; s++)
		flock_step(f);
	for (r = 0; r < GROUPS_RUNS; r++) {
		double t0 = now_ns();

		flock_step(f);
		step[r] = (now_ns() - t0) / 1e6;
		t0 = now_ns();
		flock_measure(f, &st);
		measure[r] = (now_ns() - t0) / 1e6;
	}
	ratio = median(measure, GROUPS_RUNS) / median(step, GROUPS_RUNS);
	printf("\ngroups= at 1,000,000 boids (a 120x40 terminal's world, "
	    "flown 30 steps):\nthe measure %.1f ms, a step %.1f ms: "
	    "%.2f of a step (%s; wanted <= 0.25), groups=%zu\n",
	    median(measure, GROUPS_RUNS), median(step, GROUPS_RUNS), ratio,
	    ratio <= 0.25 ? "well under" : "NOT well under", st.groups);
	flock_free(f);
}

int
main(int argc, char **argv)
{
	int unicode = setlocale(LC_ALL, "C.UTF-8") != NULL;
	const char *only = argc > 1 ? argv[1] : NULL;
	size_t n = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 0;
	struct limits L;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (only && strcmp(only, "serve") == 0 && n > 0) {
		bench_serve(n);
		return 0;
	}
	if (!only || strcmp(only, "step") == 0) {
		bench_limits(&L);
		bench_steps(n, &L);
	}
	if (!only || strcmp(only, "density") == 0)
		bench_density();
	if (!only || strcmp(only, "builds") == 0)
		bench_builds(argv[0]);
	if (!only || strcmp(only, "busy") == 0)
		bench_busy();
	if (!only || strcmp(only, "terminal") == 0)
		bench_terminal(unicode);
	if (!only || strcmp(only, "interactive") == 0) {
		bench_interactive(unicode, 1000000, 15);
	}
	if (!only || strcmp(only, "render") == 0)
		bench_render(unicode);
	if (!only || strcmp(only, "trails") == 0)
		bench_trails(unicode);
	if (!only || strcmp(only, "themes") == 0)
		bench_themes(unicode);
	if (!only || strcmp(only, "pixels") == 0)
		bench_pixels();
	if (!only || strcmp(only, "trails") == 0)
		bench_pixel_trails();
	if (!only || strcmp(only, "cells") == 0)
		bench_cells(unicode);
	if (!only || strcmp(only, "groups") == 0)
		bench_groups();
	return 0;
}
