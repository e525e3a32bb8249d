/*
 * test_parallel.c: however many threads OMP_NUM_THREADS or
 * omp_set_num_threads() ask for, no parallel loop of the engine runs on
 * more threads than there are processors, and the flock flies exactly as
 * it does on one thread.
 *
 * The threads are counted by the kernel (/proc/self/status): OpenMP keeps
 * the threads of the last team it started waiting for the next one, so
 * after a loop as many threads are alive as it ran on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "flock.h"
#include "parallel.h"

#define N 30000

/* Threads alive in this process, or -1 when the kernel does not say. */
static int
threads_alive(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	int n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "Threads:", 8) == 0)
			n = atoi(line + 8);
	fclose(f);
	return n;
}

static struct flock *
crowd(void)
{
	struct flock_params p;

	flock_params_default(&p);
	flock_params_fit(&p, N, 200, 120, 0);
	return flock_new(N, 200, 120, &p, 9, 0, 0);
}

static int
same_state(struct flock *a, struct flock *b)
{
	struct flock_view va, vb;
	size_t bytes;

	flock_get_view(a, &va);
	flock_get_view(b, &vb);
	bytes = va.n * sizeof(float);
	return va.n == vb.n && memcmp(va.x, vb.x, bytes) == 0 &&
	    memcmp(va.y, vb.y, bytes) == 0 &&
	    memcmp(va.vx, vb.vx, bytes) == 0 &&
	    memcmp(va.vy, vb.vy, bytes) == 0 &&
	    memcmp(va.id, vb.id, va.n * sizeof *va.id) == 0;
}

/* Steps and a line of statistics, then the threads alive after each. */
static void
fly(struct flock *f, struct flock_stats *st, int *most)
{
	int s, alive;

	*most = 0;
	for (s = 0; s < 3; s++) {
		step_flock(f);
		alive = threads_alive();
		*most = alive > *most ? alive : *most;
		stats_measure(f, st);
		alive = threads_alive();
		*most = alive > *most ? alive : *most;
	}
}

static void
test_cap(int asked)
{
#ifdef _OPENMP
	struct flock *a, *b;
	struct flock_stats sa, sb;
	int most, procs = parallel_processors();

	omp_set_num_threads(1);
	a = crowd();
	fly(a, &sa, &most);
	omp_set_num_threads(asked);
	CHECK(parallel_threads() >= 1);
	CHECK(parallel_threads() <= procs);
	CHECK(parallel_threads() <= PARALLEL_MAX_THREADS);
	b = crowd();
	fly(b, &sb, &most);
	CHECK(most >= 1);
	CHECK(most <= procs);
	/* The loops did run in parallel, where they can. */
	if (procs >= 2)
		CHECK(most >= 2);
	CHECK(same_state(a, b));
	CHECK_NEAR(sa.nnd, sb.nnd, 0.0);
	CHECK_NEAR(sa.minsep, sb.minsep, 0.0);
	CHECK_NEAR(sa.order, sb.order, 0.0);
	flock_free(a);
	flock_free(b);
#else
	(void)asked;
	CHECK(parallel_threads() == 1);
#endif
}

int
main(void)
{
	test_cap(2);
	test_cap(1000);
	test_cap(100000);
	return check_exit("test_parallel");
}
