/*
 * parallel.h: the engine's threads, which it starts itself, and when
 * they are worth waking (parallel.c).
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
 * The threads a loop may use: as many as OMP_NUM_THREADS asks (its first
 * number, as OpenMP programs read it) or parallel_set_threads() asked
 * last, all the processors the process may run on when neither says;
 * but never more than those processors, nor PARALLEL_MAX_THREADS, nor
 * the threads started. More threads than processors only take turns on
 * them, waiting for each other between the parts of a step, and a
 * thousand of them cost more to wake than a step's work. A build made
 * without threads (make THREADS=0) has one.
 */
int parallel_threads(void);
int parallel_processors(void);

/*
 * The threads parallel_threads() may give, started if they are not yet:
 * once, before the first flock that may use them steps, so that their
 * failure is known before a session begins. 0 when they run (or none
 * are wanted); otherwise the error that stopped them, and the engine
 * keeps to one thread until a later call starts them: ENOMEM when there
 * was no memory for a thread's stack, or pthread_create()'s error
 * (EAGAIN for a limit on processes or threads). parallel_refused()
 * answers the last call's.
 */
int parallel_start(void);
int parallel_refused(void);

/* From now on at most n threads, or as the environment says for n < 1;
 * starts them as parallel_start() does, and answers the same. For the
 * tests and the benchmark; the program leaves it to the environment. */
int parallel_set_threads(int n);

/*
 * A loop on a team of threads: fn(arg, t, team) on each, t from 0 (the
 * caller's own thread) to team - 1, at once, returning when all have
 * returned. team is cut to parallel_threads(); on one thread fn runs
 * here alone. Not to be called from inside a loop.
 */
typedef void parallel_fn(void *arg, int t, int team);
void parallel_run(int team, parallel_fn *fn, void *arg);

/* A loop's turns 0 to turns - 1 shared out one at a time, each to
 * whichever of the team's threads is free first: fn(arg, t, turn). */
typedef void parallel_turn_fn(void *arg, int t, long turn);
void parallel_run_turns(int team, long turns, parallel_turn_fn *fn,
    void *arg);

/* Thread t's share of n things among team, [*lo, *hi): contiguous, in
 * thread order, covering them all. */
void parallel_slice(size_t n, int t, int team, size_t *lo, size_t *hi);

/*
 * A step of n boids begins and ends: between the two, it may use
 * parallel_step_threads() threads, one or parallel_threads(), as the
 * pace the caller keeps and the costs seen so far say, and
 * parallel_worth() answers the same. When steps come at a pace, the
 * threads rest at the end of each, until the next wakes them.
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
