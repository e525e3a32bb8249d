/*
 * parallel.c: when the engine's threads are worth waking.
 *
 * Threads pay off only for work larger than the cost of waking them, and
 * libgomp makes waking cheap by leaving a finished team's threads spinning
 * for milliseconds in case more work follows. A caller that steps back to
 * back (a headless run, the benchmark) gains from that. The interactive
 * loop steps at a pace instead, a frame at a time, and waits between:
 * spinning threads would burn the wait in every frame, and a flock that
 * one thread steps in a small part of the frame gains nothing from them.
 *
 * So the engine watches its own pace. A step that begins more than
 * PACED_GAP_NS after the last one ended is paced: below
 * PARALLEL_PACED_MIN_BOIDS it runs on one thread, and above, its threads
 * are handed back when it ends, to start again with the next step. The
 * choice only ever changes how many threads do the work, never its
 * result.
 *
 * However many threads the environment asks for, no loop gets more than
 * there are processors (parallel.h says why).
 */
#include <time.h>

#include "parallel.h"

/* Longer than a step's own pauses between its parallel parts, shorter
 * than the frame of any interactive rate. */
#define PACED_GAP_NS 1000000LL

/* omp_pause_resource_all() is OpenMP 5.0; GCC has it from 9 and Clang
 * from 8, while they still announce 4.5. */
#if defined(_OPENMP) && (_OPENMP >= 201811 || \
    (defined(__clang_major__) && __clang_major__ >= 8) || \
    (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 9))
#define CAN_RELEASE 1
#endif

/* The pace of the caller: one engine per process steps at a time. */
static struct {
	long long last_end;  /* when the last step ended, 0 before any */
	int paced;           /* the step under way came after a pause */
	int threaded;        /* it used more than one thread */
} pace;

static long long
monotonic_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

void
parallel_step_begin(void)
{
	pace.paced = pace.last_end > 0 &&
	    monotonic_ns() - pace.last_end > PACED_GAP_NS;
	pace.threaded = 0;
}

void
parallel_step_end(void)
{
#ifdef CAN_RELEASE
	if (pace.paced && pace.threaded)
		(void)omp_pause_resource_all(omp_pause_soft);
#endif
	pace.last_end = monotonic_ns();
	pace.paced = 0;
}

#ifdef _OPENMP
/* Asked once: OpenMP reads the process's affinity mask for it, a system
 * call, and a step asks several times. */
int
parallel_processors(void)
{
	static int procs;

	if (procs == 0)
		procs = omp_get_num_procs() > 0 ? omp_get_num_procs() : 1;
	return procs;
}

int
parallel_threads(void)
{
	int n = omp_get_max_threads(), procs = parallel_processors();

	if (n > procs)
		n = procs;
	return n < PARALLEL_MAX_THREADS ? n : PARALLEL_MAX_THREADS;
}
#endif

int
parallel_worth(size_t n)
{
	int worth = n >= PARALLEL_MIN_BOIDS && parallel_threads() > 1 &&
	    (!pace.paced || n >= PARALLEL_PACED_MIN_BOIDS);

	pace.threaded |= worth;
	return worth;
}
