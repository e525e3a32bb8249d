/*
 * parallel.h: the engine's threads, through OpenMP when the compiler has
 * it and serial otherwise, and when they are worth waking (parallel.c).
 *
 * Small flocks stay on one thread: below PARALLEL_MIN_BOIDS the cost of
 * waking a team is larger than the work. A caller that steps at a pace,
 * a frame at a time, keeps flocks below PARALLEL_PACED_MIN_BOIDS on one
 * thread too: one thread steps them in a small part of a frame, and the
 * interactive front end must not pay for threads it does not need.
 */
#ifndef BOIDS_PARALLEL_H
#define BOIDS_PARALLEL_H

#include <stddef.h>

#define PARALLEL_MIN_BOIDS 4096
#define PARALLEL_PACED_MIN_BOIDS 100000

/* The most threads the engine splits work for; more cores sit idle. */
#define PARALLEL_MAX_THREADS 16

/*
 * Every parallel loop asks for parallel_threads() threads: as many as
 * OpenMP allows (OMP_NUM_THREADS, omp_set_num_threads()), but never more
 * than the processors the process may run on, nor PARALLEL_MAX_THREADS.
 * More threads than processors only take turns on them, waiting for
 * each other at every barrier, and a thousand of them cost more to wake
 * than a step's work.
 */

#ifdef _OPENMP
#include <omp.h>
#define PARALLEL_PRAGMA(x) _Pragma(#x)
#define PARALLEL_REGION(n) PARALLEL_PRAGMA(omp parallel num_threads(n))
#define PARALLEL_REGION_IF(n, cond) \
	PARALLEL_PRAGMA(omp parallel num_threads(n) if(cond))
#define PARALLEL_BARRIER PARALLEL_PRAGMA(omp barrier)
#define PARALLEL_SINGLE PARALLEL_PRAGMA(omp single)
#define PARALLEL_FOR_IF(cond) \
	PARALLEL_PRAGMA(omp parallel for schedule(static) \
	    num_threads(parallel_threads()) if(cond))
#define PARALLEL_FOR_SUM_IF(var, cond) \
	PARALLEL_PRAGMA(omp parallel for schedule(static) \
	    num_threads(parallel_threads()) reduction(+:var) if(cond))
/* Inside a region: the loop's turns shared out one at a time, to
 * whichever thread is free first. */
#define PARALLEL_FOR_EACH_FREE PARALLEL_PRAGMA(omp for schedule(dynamic, 1))
static inline int parallel_thread_num(void) { return omp_get_thread_num(); }
static inline int parallel_team_size(void) { return omp_get_num_threads(); }
int parallel_threads(void);
int parallel_processors(void);
#else
#define PARALLEL_REGION(n)
#define PARALLEL_REGION_IF(n, cond)
#define PARALLEL_BARRIER
#define PARALLEL_SINGLE
#define PARALLEL_FOR_IF(cond)
#define PARALLEL_FOR_SUM_IF(var, cond)
#define PARALLEL_FOR_EACH_FREE
static inline int parallel_thread_num(void) { return 0; }
static inline int parallel_team_size(void) { return 1; }
static inline int parallel_threads(void) { return 1; }
static inline int parallel_processors(void) { return 1; }
#endif

/*
 * A step of n boids begins and ends: between the two, it may use
 * parallel_step_threads() threads, one or parallel_threads(), as the
 * pace the caller keeps and the costs seen so far say, and
 * parallel_worth() answers the same. When steps come at a pace, the
 * threads are handed back at the end of each.
 */
void parallel_step_begin(size_t n);
void parallel_step_end(void);
int parallel_step_threads(void);

/* Whether work over n boids is worth more than one thread. */
int parallel_worth(size_t n);

/*
 * The choice between all the threads and one, a pure function of the
 * costs it is told, so that it can be tested without a clock. Before
 * each step of n boids, parallel_choose() says whether to use all (1)
 * or one (0): all for the first step of a flock, whose cost is not
 * learned (its memory is touched for the first time); the cheaper as
 * last seen, each at first until its cost is known, and the other now
 * and then, every PARALLEL_TRY_FIRST steps, twice as long after each try
 * that loses, up to PARALLEL_TRY_MOST.
 * After the step, parallel_cost() is told its cost per boid: a try
 * stands for its choice as things are now, and the kept choice's cost is
 * the median of the last PARALLEL_SEEN steps, so that a step another
 * process held up once does not turn the choice; should the kept choice
 * lose all the same, the other is tried again soon. Another n starts
 * afresh. A zeroed struct is ready.
 */
#define PARALLEL_TRY_FIRST 32
#define PARALLEL_TRY_MOST 1024
#define PARALLEL_SEEN 5

struct parallel_choice {
	size_t n;            /* the flock size the costs are for */
	double cost[2];      /* a boid-step on one thread, on all; 0 unknown */
	double seen[2][PARALLEL_SEEN];  /* the last costs of each */
	int nseen[2], next[2];
	long since;          /* steps since the last try */
	long every;          /* steps between tries */
	int trying;          /* the step under way learns or tries the other */
	int all;             /* the step under way uses all threads */
};

int parallel_choose(struct parallel_choice *c, size_t n);
void parallel_cost(struct parallel_choice *c, double per);

#endif
