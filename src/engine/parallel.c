/*
 * parallel.c: how many of the engine's threads a step is worth.
 *
 * Threads pay off only for work larger than the cost of waking them, and
 * libgomp makes waking cheap by leaving a finished team's threads spinning
 * for milliseconds in case more work follows. A caller that steps back to
 * back (a headless run, the benchmark) gains from that. The interactive
 * loop steps at a pace instead, a frame at a time, and waits between:
 * spinning threads would burn the wait in every frame, and a flock that
 * one thread steps in a small part of the frame gains nothing from them.
 * So the engine watches its own pace. A step that begins more than
 * PACED_GAP_NS after the last one ended, and longer after it than the
 * last one took, is paced: below PARALLEL_PACED_MIN_BOIDS it runs on
 * one thread, and above, its threads are handed back when it ends, to
 * start again with the next step. A loop that draws a frame between
 * steps it takes as fast as it can (a big flock flown faster than real
 * time) waits less than a step: there the threads are kept, since
 * starting them anew for every step costs more than their spinning
 * through the frame.
 *
 * Nor do threads pay off on a machine whose other processors are busy
 * with other work: a thread that waits for a processor holds up every
 * other at each barrier of the step, and two threads then take longer
 * than one. So the engine also times its steps, per boid, with all its
 * threads and with one, keeps the faster, and now and then tries the
 * other again, less often the longer the choice holds. The choice only
 * ever changes how many threads do the work, never its result.
 *
 * However many threads the environment asks for, no loop gets more than
 * there are processors (parallel.h says why).
 */
#include <string.h>

#include "lib/clock.h"
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
#ifdef CAN_RELEASE
	if (pace.paced && pace.threaded)
		(void)omp_pause_resource_all(omp_pause_soft);
#endif
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
	int worth;

	if (pace.stepping)
		return parallel_step_threads() > 1 && n >= PARALLEL_MIN_BOIDS;
	worth = may_thread(n);
	pace.threaded |= worth;
	return worth;
}
