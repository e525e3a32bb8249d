/*
 * step.c: one step of the flock.
 *
 * A step sorts the boids into cell order (the copy in f->sorted is the
 * previous state, read-only for the rest of the step), then works out each
 * boid's new velocity and position into f->cur, through the inner loops
 * of kernel.c: the widest build of them that the processor runs, picked
 * the first time a flock steps. Every build computes the same bits, so
 * the pick changes only how fast the flock flies. A step whose boids
 * moved farther than the measures search the grid for sorts them at its
 * end, ahead of the next step, which then need not (flock.c): so the
 * measures of any state a step leaves need no sort of their own. A big
 * flock's step may read the last step's boids unsorted, in the cells
 * of a sort a few steps old (flock_lazy()), as long as none can have
 * drifted far from them.
 *
 * Neighbours are the other boids within the radius and the field of view;
 * separation looks all round. With radius 0 the perceived centre and
 * velocity come from sums over the whole flock minus the boid itself
 * (with species, over its own kind), worked out here before the boids
 * are stepped; so are fear's gas (fear.c) and the list of leaders
 * (lead.c), from the sorted state. Every boid reads only the previous
 * state, so the result is the same in any order and on any number of
 * threads.
 */
#include <string.h>

#include "fear.h"
#include "flock_impl.h"
#include "kernel.h"
#include "lead.h"
#include "parallel.h"

/* The kernels this build has, widest first, and the test that says
 * whether the processor runs each. */
struct kernel_build {
	const char *name;
	kernel_step_fn *step;
	int (*runs)(void);
};

static int
runs_always(void)
{
	return 1;
}

#if defined(BOIDS_KERNELS_X86)
static int
runs_avx512(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512vl") &&
	    __builtin_cpu_supports("avx512dq");
}

/* Every processor with AVX2 but a very few has FMA too, which the
 * build's masked sums use (lanes.h). */
static int
runs_avx2(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

static const struct kernel_build builds[] = {
#if defined(BOIDS_KERNELS_X86)
	{ "avx512", kernel_step_avx512, runs_avx512 },
	{ "avx2", kernel_step_avx2, runs_avx2 },
	{ "sse2", kernel_step_sse2, runs_always },
#else
	{ "vector", kernel_step_vector, runs_always },
#endif
	{ "scalar", kernel_step_scalar, runs_always },
};

#define BUILDS (sizeof builds / sizeof builds[0])

/* The kernel in use; NULL until the first step or flock_kernel_use(). */
static const struct kernel_build *chosen;

static const struct kernel_build *
kernel_chosen(void)
{
	size_t k;

	if (chosen)
		return chosen;
	for (k = 0; k < BUILDS && !chosen; k++)
		if (builds[k].runs())
			chosen = &builds[k];
	return chosen;
}

const char *
flock_kernel_name(void)
{
	return kernel_chosen()->name;
}

const char *
flock_kernel_each(size_t k)
{
	return k < BUILDS ? builds[k].name : NULL;
}

int
flock_kernel_use(const char *name)
{
	size_t k;

	for (k = 0; k < BUILDS; k++)
		if (strcmp(builds[k].name, name) == 0 && builds[k].runs()) {
			chosen = &builds[k];
			return 0;
		}
	return -1;
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

/* Species: the whole-flock sums of each kind, for radius 0. */
static void
sum_kinds(struct flock *f)
{
	const struct boids *b = &f->sorted;
	size_t i;

	memset(f->kind_sum, 0, sizeof f->kind_sum);
	for (i = 0; i < f->n; i++) {
		double *k = f->kind_sum[b->kind[i]];

		k[0] += 1.0;
		k[1] += b->x[i];
		k[2] += b->y[i];
		k[3] += b->vx[i];
		k[4] += b->vy[i];
	}
}

/* Blocks of the flock for threads to take in turn: several for each,
 * so that the last to end waits little for the others, but none so
 * small that finding its first cell costs much. */
#define STEP_BLOCKS_EACH 8
#define STEP_BLOCK_LEAST 4096

static size_t
step_blocks(size_t n, int threads)
{
	size_t blocks = (size_t)threads * STEP_BLOCKS_EACH;

	if (threads < 2)
		return 1;
	if (n / blocks < STEP_BLOCK_LEAST)
		blocks = n / STEP_BLOCK_LEAST;
	return blocks > (size_t)threads ? blocks : (size_t)threads;
}

static void
tally_add(struct kernel_tally *to, const struct kernel_tally *t)
{
	to->perceived += t->perceived;
	to->resting += t->resting;
	to->afraid += t->afraid;
	to->leading += t->leading;
	to->moved = t->moved > to->moved ? t->moved : to->moved;
}

/* Bands of the sight's rows for threads to take in turn. */
#define STEP_SIGHT_BANDS_EACH 16

struct sight_job {
	struct flock *f;
	long bands;
	/* What is done to a band of the cells' rows from the boids:
	 * sight_sum_rows() or sight_spill_rows(). */
	void (*rows)(struct sight *, const struct grid *, const float *,
	    const float *, const float *, const float *, int, int);
};

static void
sight_rows_band(void *arg, int t, long k)
{
	struct sight_job *job = arg;
	struct sight *s = &job->f->sight;
	const struct boids *b = &job->f->sorted;

	(void)t;
	job->rows(s, &job->f->grid, b->x, b->y, b->vx, b->vy,
	    (int)(s->rows * k / job->bands),
	    (int)(s->rows * (k + 1) / job->bands));
}

static void
sight_corner_band(void *arg, int t, long k)
{
	struct sight_job *job = arg;
	struct sight *s = &job->f->sight;

	(void)t;
	sight_corner_rows(s, (int)((s->rows + 1) * k / job->bands),
	    (int)((s->rows + 1) * (k + 1) / job->bands));
}

/*
 * A big flock's sight (sight.h), before its boids step: the cells' sums
 * a band of rows at a time, each thread the next band left, then the
 * boids that lie in the rows next to their own added to them, then the
 * corners', which read the cells around them once all are summed. A
 * cell is summed by one thread, in the grid's order, whichever it is.
 * The sums are made at the even steps, and an odd step reads those of
 * the step before it, where every boid was a step ago (a boid put by
 * hand in between too): which steps make them depends on the flight
 * alone, not on how many threads fly it or when it is measured.
 */
static void
step_sight(struct flock *f, int threads)
{
	struct sight_job job;

	if ((f->step & 1) && f->sight.summed == f->step - 1)
		return;
	f->sight.summed = f->step;
	job.f = f;
	job.bands = (long)threads * STEP_SIGHT_BANDS_EACH;
	job.bands = job.bands < f->sight.rows ? job.bands : f->sight.rows;
	job.rows = sight_sum_rows;
	parallel_run_turns(threads, job.bands, sight_rows_band, &job);
	job.rows = sight_spill_rows;
	parallel_run_turns(threads, job.bands, sight_rows_band, &job);
	parallel_run_turns(threads, job.bands, sight_corner_band, &job);
}

/* What the threads of a step share: each adds what it saw in the blocks
 * it took to its own tally. */
struct step_job {
	struct flock *f;
	kernel_step_fn *step;
	size_t blocks;
	struct kernel_tally part[PARALLEL_MAX_THREADS];
};

static void
step_block(void *arg, int t, long b)
{
	struct step_job *job = arg;
	size_t n = job->f->n;
	struct kernel_tally got = job->step(job->f,
	    n * (size_t)b / job->blocks, n * (size_t)(b + 1) / job->blocks);

	tally_add(&job->part[t], &got);
}

void
flock_step(struct flock *f)
{
	struct step_job job;
	struct kernel_tally all = { 0, 0, 0, 0, 0 };
	int t, threads;

	memset(&job, 0, sizeof job);
	job.f = f;
	job.step = kernel_chosen()->step;
	parallel_step_begin(f->n);
	threads = parallel_step_threads();
	if (threads > PARALLEL_MAX_THREADS)
		threads = PARALLEL_MAX_THREADS;
	flock_ready(f);
	if (f->rules.whole_flock)
		sum_whole_flock(f);
	if (f->rules.whole_flock && f->rules.species > 1)
		sum_kinds(f);
	if (f->rules.fearful)
		fear_spread(f);
	if (f->rules.leaders)
		lead_list(f);
	if (f->rules.cells)
		step_sight(f, threads);
	/* The threads take the flock a block at a time, each the next block
	 * left when it is free: where the flock crowds, a boid costs more,
	 * and equal shares of boids would leave one thread waiting for the
	 * other. A boid's next state depends on the last state alone, so
	 * who steps it does not matter. */
	job.blocks = step_blocks(f->n, threads);
	parallel_run_turns(threads, (long)job.blocks, step_block, &job);
	for (t = 0; t < threads; t++)
		tally_add(&all, &job.part[t]);
	f->perceived = all.perceived;
	f->resting = all.resting;
	f->afraid = all.afraid;
	f->leaders = all.leading;
	/* The predators seek the boids as they were, in f->sorted. */
	agents_step_predators(f);
	f->step++;
	flock_stepped(f, flock_slack(all.moved));
	parallel_step_end();
}

/*
 * A stepped flock that the next step reads unsorted (flock_lazy()) is
 * not sorted for a query, which would change that step: the boids
 * within the radius of boid i of f->cur are found by going through them
 * all.
 */
static size_t
perceived_unsorted(const struct flock *f, size_t i, uint32_t *ids,
    size_t cap)
{
	const struct boids *b = &f->cur;
	size_t j, found = 0;

	for (j = 0; j < f->n; j++) {
		float ex = b->x[j] - b->x[i], ey = b->y[j] - b->y[i];

		if (j == i || !(ex * ex + ey * ey < f->rules.radius2))
			continue;
		if (found < cap)
			ids[found] = b->id[j];
		found++;
	}
	return found;
}

size_t
flock_perceived(struct flock *f, size_t id, uint32_t *ids, size_t cap)
{
	const struct boids *b = &f->sorted;
	const struct rules *r = &f->rules;
	struct grid_block blk;
	size_t i, found = 0;
	int k;

	if (f->sorting == FLOCK_STEPPED && flock_lazy(f)) {
		i = flock_index_of(&f->cur, f->n, id);
		return i == f->n ? 0 : perceived_unsorted(f, i, ids, cap);
	}
	flock_sort(f);
	i = flock_index_of(b, f->n, id);
	if (i == f->n)
		return 0;
	if (r->whole_flock) {
		size_t j;

		for (j = 0; j < f->n; j++)
			if (j != i && (r->species < 2 ||
			    b->kind[j] == b->kind[i])) {
				if (found < cap)
					ids[found] = b->id[j];
				found++;
			}
		return found;
	}
	grid_block_at(&f->grid, grid_cell_col(&f->grid, b->x[i]),
	    grid_cell_row(&f->grid, b->y[i]), &blk);
	for (k = 0; k < 3; k++) {
		uint32_t j;

		for (j = blk.lo[k]; j < blk.hi[k]; j++) {
			float ex = b->x[j] - b->x[i], ey = b->y[j] - b->y[i];
			float d2 = ex * ex + ey * ey;

			if (j == i || !(d2 < r->radius2) || (!r->fov_all &&
			    !steer_in_view(r, ex, ey, d2, b->vx[i],
			    b->vy[i])) || (r->species > 1 &&
			    b->kind[j] != b->kind[i]))
				continue;
			if (found < cap)
				ids[found] = b->id[j];
			found++;
		}
	}
	return found;
}

