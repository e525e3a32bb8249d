/*
 * parallel.c: the engine's threads, and how many of them a step is
 * worth.
 *
 * The engine starts its threads itself, a pool of them beside the
 * caller's own, once: when the first flock large enough to use them is
 * made (flock_new()), before any step, so that whoever made it learns
 * then whether they run. Where the system will not start them (a limit
 * on processes or threads, as a container's), the engine keeps to one
 * thread, which flies the same flight; where no memory is left for a
 * thread's stack, the flock is not made, as when no memory is left for
 * its boids. A failure is never a surprise in the middle of a step.
 *
 * A loop runs on a team: the caller's thread and as many of the pool's
 * as it takes, each told to start by a counter they watch, and the
 * caller waits until each has said it is done. Between loops a thread
 * spins for a few milliseconds (SPIN_NS) in case more work follows, then
 * sleeps until woken; the caller waits for its team the same way. So a
 * step's loops, which follow each other closely, and a caller that steps
 * back to back (a headless run, the benchmark) wake nobody. The
 * interactive loop steps at a pace instead, a frame at a time, and waits
 * between: spinning threads would burn the wait in every frame, and a
 * flock that one thread steps in a small part of the frame gains
 * nothing from them. So the engine watches its own pace. A step that
 * begins more than PACED_GAP_NS after the last one ended, and longer
 * after it than the last one took, is paced: below
 * PARALLEL_PACED_MIN_BOIDS it runs on one thread, and above, its
 * threads go to sleep when it ends, to be woken by the next step. A
 * loop that draws a frame between steps it takes as fast as it can (a
 * big flock flown faster than real time) waits less than a step: there
 * the threads keep spinning, since waking them for every step costs
 * more than their spinning through the frame.
 *
 * Nor do threads pay off on a machine whose other processors are busy
 * with other work: a thread that waits for a processor holds up every
 * other at each end of a loop, and two threads then take longer than
 * one. So the engine also times its steps, per boid, with all its
 * threads and with one, keeps the faster, and now and then tries the
 * other again, less often the longer the choice holds. The choice only
 * ever changes how many threads do the work, never its result.
 *
 * However many threads the environment asks for, no loop gets more than
 * there are processors (parallel.h says why).
 */
#if defined(__linux__) && defined(BOIDS_THREADS)
/* sched_getaffinity(): the processors this process may run on, which
 * the C library declares only for a program that asks for its own. */
/* NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifdef BOIDS_THREADS
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>
#endif

#include "lib/clock.h"
#include "lib/number.h"
#include "parallel.h"

/* Longer than a step's own pauses between its parallel parts, shorter
 * than the frame of any interactive rate. */
#define PACED_GAP_NS 1000000LL

/* How long a thread with nothing to do spins before it sleeps: about as
 * long as OpenMP's runtime (libgomp) spins on two processors, longer
 * than a step's pauses between its loops and than the pause between
 * the steps of a headless run. */
#define SPIN_NS (5 * CLOCK_NS_PER_MS)

void
parallel_slice(size_t n, int t, int team, size_t *lo, size_t *hi)
{
	*lo = n * (size_t)t / (size_t)team;
	*hi = n * (size_t)(t + 1) / (size_t)team;
}

/* ---- The threads ---- */

#ifdef BOIDS_THREADS

/*
 * What the threads share. The caller alone starts a loop: it writes the
 * loop (fn, arg, team) and the count of threads to finish it (busy),
 * then bumps the loop's number (run); a thread that sees the number
 * change reads the loop, runs its part if it is on the team, and counts
 * itself out of busy. Every thread of the pool answers every loop, on
 * the team or not, so that none still reads the loop when the caller
 * writes the next. The counters are read and written through atomics;
 * a thread that sleeps, or a caller that does, says so first, and whoever
 * would wake it looks after changing the counter it waits on: one of
 * the two always sees the other (sequentially consistent atomics), and
 * the wake is sent under the lock the sleeper holds until it waits.
 */
static struct {
	pthread_t thread[PARALLEL_MAX_THREADS];
	unsigned born[PARALLEL_MAX_THREADS]; /* run when each was started */
	int workers;         /* started, beside the caller; 1 to workers */
	int refused;         /* what stopped the last start, or 0 */
	int asked;           /* parallel_set_threads(), 0 when not called */
	int ends_at_exit;    /* stop_pool() is to run at exit */
	pthread_mutex_t lock;
	pthread_cond_t wake; /* for sleeping threads: a loop or the end */
	pthread_cond_t done; /* for a sleeping caller: the loop is done */
	parallel_fn *fn;     /* the loop under way */
	void *arg;
	int team;
	unsigned run;        /* atomic: the loop's number */
	int busy;            /* atomic: threads yet to answer the loop */
	int sleepers;        /* atomic: threads asleep on wake */
	int waiting;         /* atomic: the caller asleep on done */
	int rest;            /* atomic: sleep at once, without spinning */
	int quit;            /* atomic: the threads end */
} pool = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.wake = PTHREAD_COND_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
};

static unsigned
run_now(void)
{
	return __atomic_load_n(&pool.run, __ATOMIC_SEQ_CST);
}

/* A moment of a spin: the processor told that it is one, where it can
 * be, so that it spends less and lets its other hyperthread run. */
static void
relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield");
#endif
}

/* Whether a spin that began at `from` has gone on long enough: the clock
 * is read only every 64th time round. */
static int
spun_out(long long from, unsigned *round)
{
	return (++*round & 63) == 0 && clock_now() - from > SPIN_NS;
}

/* The number of the next loop after `seen`, spun for, then slept for. */
static unsigned
await_run(unsigned seen)
{
	long long from = clock_now();
	unsigned run, round = 0;

	while ((run = __atomic_load_n(&pool.run, __ATOMIC_ACQUIRE)) == seen) {
		if (__atomic_load_n(&pool.rest, __ATOMIC_RELAXED) ||
		    spun_out(from, &round))
			break;
		relax();
	}
	if (run != seen)
		return run;
	pthread_mutex_lock(&pool.lock);
	__atomic_add_fetch(&pool.sleepers, 1, __ATOMIC_SEQ_CST);
	while ((run = run_now()) == seen)
		pthread_cond_wait(&pool.wake, &pool.lock);
	__atomic_sub_fetch(&pool.sleepers, 1, __ATOMIC_SEQ_CST);
	pthread_mutex_unlock(&pool.lock);
	return run;
}

/* A thread's answer to a loop: the last to answer wakes the caller if it
 * sleeps. */
static void
answer(void)
{
	if (__atomic_sub_fetch(&pool.busy, 1, __ATOMIC_SEQ_CST) == 0 &&
	    __atomic_load_n(&pool.waiting, __ATOMIC_SEQ_CST)) {
		pthread_mutex_lock(&pool.lock);
		pthread_cond_signal(&pool.done);
		pthread_mutex_unlock(&pool.lock);
	}
}

static void *
worker(void *arg)
{
	int me = (int)(intptr_t)arg;
	unsigned seen = pool.born[me];

	for (;;) {
		seen = await_run(seen);
		if (__atomic_load_n(&pool.quit, __ATOMIC_ACQUIRE))
			return NULL;
		if (me < pool.team)
			pool.fn(pool.arg, me, pool.team);
		answer();
	}
}

/* A new loop's number, and the threads asleep woken to it. */
static void
begin_run(void)
{
	__atomic_add_fetch(&pool.run, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&pool.sleepers, __ATOMIC_SEQ_CST) > 0) {
		pthread_mutex_lock(&pool.lock);
		pthread_cond_broadcast(&pool.wake);
		pthread_mutex_unlock(&pool.lock);
	}
}

/* Until every thread has answered the loop: spun for, then slept for. */
static void
await_team(void)
{
	long long from = clock_now();
	unsigned round = 0;

	while (__atomic_load_n(&pool.busy, __ATOMIC_ACQUIRE) != 0) {
		if (spun_out(from, &round))
			break;
		relax();
	}
	if (__atomic_load_n(&pool.busy, __ATOMIC_ACQUIRE) == 0)
		return;
	pthread_mutex_lock(&pool.lock);
	__atomic_store_n(&pool.waiting, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&pool.busy, __ATOMIC_SEQ_CST) != 0)
		pthread_cond_wait(&pool.done, &pool.lock);
	__atomic_store_n(&pool.waiting, 0, __ATOMIC_SEQ_CST);
	pthread_mutex_unlock(&pool.lock);
}

/* Every thread of the pool ended and joined. */
static void
stop_pool(void)
{
	int w;

	if (pool.workers == 0)
		return;
	__atomic_store_n(&pool.quit, 1, __ATOMIC_RELEASE);
	begin_run();
	for (w = 1; w <= pool.workers; w++)
		pthread_join(pool.thread[w], NULL);
	pool.workers = 0;
	__atomic_store_n(&pool.quit, 0, __ATOMIC_RELEASE);
}

/* Whether a thread's stack would have fitted in memory: pthread_create()
 * says EAGAIN both when it did not and when a limit on threads was
 * reached. The block is held in a volatile, so that no compiler takes
 * it for one that cannot fail, never being used. */
static int
stack_fits(const pthread_attr_t *attr)
{
	size_t size = 0;
	void *volatile p;
	int fits;

	if (pthread_attr_getstacksize(attr, &size) != 0 || size == 0)
		return 1;
	p = malloc(size);
	fits = p != NULL;
	free(p);
	return fits;
}

/*
 * The pool's threads take no signal but a fault: a signal for the
 * process is handled on the caller's thread, where the program waits for
 * it, while a fault of a thread's own is handled where it happens.
 */
static void
block_signals(sigset_t *old)
{
	static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL,
		SIGABRT, SIGTRAP, SIGSYS };
	sigset_t all;
	size_t k;

	sigfillset(&all);
	for (k = 0; k < sizeof faults / sizeof faults[0]; k++)
		sigdelset(&all, faults[k]);
	pthread_sigmask(SIG_SETMASK, &all, old);
}

/* Threads started until there are `want` beside the caller; 0, or the
 * error that stopped them. */
static int
add_workers(int want)
{
	pthread_attr_t attr;
	sigset_t old;
	int err;

	if ((err = pthread_attr_init(&attr)) != 0)
		return err;
	block_signals(&old);
	while (pool.workers < want && err == 0) {
		int w = pool.workers + 1;

		pool.born[w] = run_now();
		err = pthread_create(&pool.thread[w], &attr, worker,
		    (void *)(intptr_t)w);
		if (err == 0)
			pool.workers = w;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err == EAGAIN && !stack_fits(&attr))
		err = ENOMEM;
	pthread_attr_destroy(&attr);
	return err;
}

/* The threads the environment asks for: OMP_NUM_THREADS's first number,
 * read once; 0 when it asks for none. */
static int
threads_asked(void)
{
	static int asked = -1;
	const char *env;
	char first[32];
	long long n;
	size_t len;

	if (asked >= 0)
		return asked;
	asked = 0;
	env = getenv("OMP_NUM_THREADS");
	if (!env)
		return asked;
	len = strcspn(env, ",");
	if (len < sizeof first) {
		memcpy(first, env, len);
		first[len] = '\0';
		if (number_int(first, 1, INT_MAX, &n) == 0)
			asked = (int)n;
	}
	return asked;
}

/* The threads wanted: as asked, at most one a processor. */
static int
threads_wanted(void)
{
	int n = pool.asked > 0 ? pool.asked : threads_asked();
	int procs = parallel_processors();

	if (n < 1 || n > procs)
		n = procs;
	return n < PARALLEL_MAX_THREADS ? n : PARALLEL_MAX_THREADS;
}

/* The processors this process may run on, or else those online. */
static int
processors_now(void)
{
	long n;
#if defined(__linux__)
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 &&
	    CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
#endif
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (n < INT_MAX ? (int)n : INT_MAX) : 1;
}

/* Asked once: it is a system call, and a step asks several times. */
int
parallel_processors(void)
{
	static int procs;

	if (procs == 0)
		procs = processors_now();
	return procs;
}

int
parallel_threads(void)
{
	int n = threads_wanted();

	return n < pool.workers + 1 ? n : pool.workers + 1;
}

int
parallel_start(void)
{
	int want = threads_wanted() - 1, err = 0;

	if (pool.workers < want) {
		if (!pool.ends_at_exit)
			pool.ends_at_exit = atexit(stop_pool) == 0;
		err = add_workers(want);
		/* All the threads wanted, or none: a step on fewer than
		 * the processors would wait for one thread that waits for
		 * a processor. */
		if (err != 0)
			stop_pool();
	}
	pool.refused = err;
	return err;
}

int
parallel_refused(void)
{
	return pool.refused;
}

int
parallel_set_threads(int n)
{
	pool.asked = n > 0 ? n : 0;
	return parallel_start();
}

void
parallel_run(int team, parallel_fn *fn, void *arg)
{
	if (team > parallel_threads())
		team = parallel_threads();
	if (team <= 1) {
		fn(arg, 0, 1);
		return;
	}
	pool.fn = fn;
	pool.arg = arg;
	pool.team = team;
	__atomic_store_n(&pool.busy, pool.workers, __ATOMIC_RELAXED);
	__atomic_store_n(&pool.rest, 0, __ATOMIC_RELAXED);
	begin_run();
	fn(arg, 0, team);
	await_team();
}

/* The threads spinning for the next loop sleep now: the caller will not
 * start one soon. */
static void
rest_threads(void)
{
	__atomic_store_n(&pool.rest, 1, __ATOMIC_RELAXED);
}

/* The turns of parallel_run_turns(), taken by each thread in turn. */
struct turns {
	parallel_turn_fn *fn;
	void *arg;
	long turns;
	long next;           /* atomic: the next turn not yet taken */
};

static void
take_turns(void *arg, int t, int team)
{
	struct turns *u = arg;
	long k;

	(void)team;
	while ((k = __atomic_fetch_add(&u->next, 1, __ATOMIC_RELAXED)) <
	    u->turns)
		u->fn(u->arg, t, k);
}

#else

/* Built without threads: one, the caller's. */
int
parallel_processors(void)
{
	return 1;
}

int
parallel_threads(void)
{
	return 1;
}

int
parallel_start(void)
{
	return 0;
}

int
parallel_refused(void)
{
	return 0;
}

int
parallel_set_threads(int n)
{
	(void)n;
	return 0;
}

void
parallel_run(int team, parallel_fn *fn, void *arg)
{
	(void)team;
	fn(arg, 0, 1);
}

static void
rest_threads(void)
{
}

struct turns {
	parallel_turn_fn *fn;
	void *arg;
	long turns;
	long next;
};

static void
take_turns(void *arg, int t, int team)
{
	struct turns *u = arg;

	(void)team;
	for (; u->next < u->turns; u->next++)
		u->fn(u->arg, t, u->next);
}

#endif

void
parallel_run_turns(int team, long turns, parallel_turn_fn *fn, void *arg)
{
	struct turns u;

	u.fn = fn;
	u.arg = arg;
	u.turns = turns;
	u.next = 0;
	parallel_run(team, take_turns, &u);
}

/* ---- How many threads a step is worth ---- */

/* The pace of the caller and the choice of threads: one engine per
 * process steps at a time. */
static struct {
	long long last_end;  /* when the last step ended, 0 before any */
	long long last_took; /* how long it took */
	int paced;           /* the step under way came after a pause */
	int threaded;        /* it used more than one thread */
	int stepping;        /* a step is under way */
	int choosing;        /* and its threads were chosen by cost */
	long long began;     /* when it began */
	size_t n;            /* the boids it steps */
	int team;            /* the threads it may use */
	struct parallel_choice choice;
	int chosen_for;      /* all the threads, as the choice knew them */
} pace = { 0, 0, 0, 0, 0, 0, 0, 0, 1, { 0 }, 0 };

/* Whether a step of n boids, paced or not, may use threads at all. */
static int
may_thread(size_t n)
{
	return n >= PARALLEL_MIN_BOIDS && parallel_threads() > 1 &&
	    (!pace.paced || n >= PARALLEL_PACED_MIN_BOIDS);
}

/* What a step of the choice's is for: to warm up (the first of a flock,
 * which touches its memory for the first time and says nothing of the
 * steps to come), to learn a cost not known yet, or to try again the
 * choice not kept. */
enum { KEEPING, WARMING, LEARNING, TRYING };

int
parallel_choose(struct parallel_choice *c, size_t n)
{
	int all;

	if (c->n != n || c->every == 0) {
		c->n = n;
		c->cost[0] = c->cost[1] = 0.0;
		c->nseen[0] = c->nseen[1] = 0;
		c->since = 0;
		c->every = PARALLEL_TRY_FIRST;
		c->all = 1;
		c->trying = WARMING;
		return 1;
	}
	c->trying = KEEPING;
	if (c->cost[1] == 0.0)
		all = 1;
	else if (c->cost[0] == 0.0) {
		c->trying = LEARNING;
		all = 0;
	} else {
		all = c->cost[1] <= c->cost[0];
		if (++c->since >= c->every) {
			c->since = 0;
			c->trying = TRYING;
			all = !all;
		}
	}
	c->all = all;
	return all;
}

/* The median of the n costs seen, n from 1 to PARALLEL_SEEN. */
static double
median_seen(const double *seen, int n)
{
	double v[PARALLEL_SEEN] = { 0 };
	int i, j;

	for (i = 0; i < n; i++) {
		double x = seen[i];

		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void
parallel_cost(struct parallel_choice *c, double per)
{
	int k = c->all, cheaper;

	if (c->trying == WARMING)
		return;
	if (c->trying != KEEPING || c->nseen[k] == 0) {
		c->nseen[k] = 0;
		c->next[k] = 0;
	}
	c->seen[k][c->next[k]] = per;
	c->next[k] = (c->next[k] + 1) % PARALLEL_SEEN;
	if (c->nseen[k] < PARALLEL_SEEN)
		c->nseen[k]++;
	c->cost[k] = median_seen(c->seen[k], c->nseen[k]);
	if (c->cost[0] == 0.0 || c->cost[1] == 0.0)
		return;
	cheaper = c->cost[1] <= c->cost[0];
	if (c->trying == TRYING && cheaper == c->all)
		c->every = PARALLEL_TRY_FIRST;
	else if (c->trying == TRYING)
		c->every = c->every * 2 < PARALLEL_TRY_MOST ? c->every * 2 :
		    PARALLEL_TRY_MOST;
	else if (c->trying == KEEPING && cheaper != c->all) {
		/* The kept choice lost by itself: things have changed, so
		 * the one taken now is tried against soon. */
		c->every = PARALLEL_TRY_FIRST;
		c->since = 0;
	}
}

void
parallel_step_begin(size_t n)
{
	long long now = clock_now();

	pace.paced = pace.last_end > 0 && now - pace.last_end > PACED_GAP_NS &&
	    now - pace.last_end > pace.last_took;
	pace.threaded = 0;
	pace.stepping = 1;
	pace.began = now;
	pace.n = n;
	pace.team = 1;
	pace.choosing = may_thread(n);
	/* The costs learned were for another number of threads: all
	 * of them now are not what they were then. */
	if (pace.choosing && pace.chosen_for != parallel_threads()) {
		memset(&pace.choice, 0, sizeof pace.choice);
		pace.chosen_for = parallel_threads();
	}
	if (pace.choosing && parallel_choose(&pace.choice, n))
		pace.team = parallel_threads();
}

void
parallel_step_end(void)
{
	long long now = clock_now();

	if (pace.choosing)
		parallel_cost(&pace.choice, (double)(now - pace.began) /
		    (double)pace.n);
	if (pace.paced && pace.threaded)
		rest_threads();
	pace.last_end = clock_now();
	pace.last_took = pace.last_end - pace.began;
	pace.paced = 0;
	pace.stepping = 0;
	pace.choosing = 0;
}

int
parallel_step_threads(void)
{
	pace.threaded |= pace.team > 1;
	return pace.team;
}

int
parallel_worth(size_t n)
{
	int worth;

	if (pace.stepping)
		return parallel_step_threads() > 1 && n >= PARALLEL_MIN_BOIDS;
	worth = may_thread(n);
	pace.threaded |= worth;
	return worth;
}
