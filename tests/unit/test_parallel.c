/*
 * test_parallel.c: however many threads OMP_NUM_THREADS or
 * parallel_set_threads() ask for, no parallel loop of the engine runs on
 * more threads than there are processors, and the flock flies exactly as
 * it does on one thread. A loop on a team runs each thread's part once,
 * on as many threads as asked, and its turns each once; a thread that
 * sleeps between loops wakes for the next, and a team cut to one runs
 * on the caller's thread alone. The choice between all the threads and one
 * keeps the cheaper, tries the other less and less often while it
 * loses, follows the costs when they change and not one step held up
 * now and then: on a machine where two threads cost six times one, a
 * long flight costs no more than 5% over one thread's, and where they
 * cost half, no more than 2% over theirs.
 *
 * The threads are counted by the kernel (/proc/self/status): the engine
 * keeps the threads it started waiting for the next loop, so after a
 * loop as many threads are alive as it ran on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef BOIDS_THREADS
#include <pthread.h>
#include <time.h>
#endif

#include "check.h"
#include "engine/flock.h"
#include "engine/parallel.h"

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
		flock_step(f);
		alive = threads_alive();
		*most = alive > *most ? alive : *most;
		flock_measure(f, st);
		alive = threads_alive();
		*most = alive > *most ? alive : *most;
	}
}

/* The same in a build without threads (make THREADS=0), which has one
 * processor to the engine. */
static void
test_cap(int asked)
{
	struct flock *a, *b;
	struct flock_stats sa, sb;
	int most, procs = parallel_processors();

	CHECK_INT(parallel_set_threads(1), 0);
	a = crowd();
	fly(a, &sa, &most);
	CHECK_INT(parallel_set_threads(asked), 0);
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
}

/* Steps on a modelled machine where a boid-step costs one[k] on one
 * thread and all[k] on all of them during the k-th stretch of `len`
 * steps; returns the cost of the flight, and how many steps used all
 * threads in *used. */
static double
fly_model(struct parallel_choice *c, const double *one, const double *all,
    int stretches, long len, long *used)
{
	double total = 0.0;
	long s;
	int k;

	*used = 0;
	for (k = 0; k < stretches; k++)
		for (s = 0; s < len; s++) {
			int many = parallel_choose(c, 1000);
			double cost = many ? all[k] : one[k];

			*used += many;
			total += cost;
			parallel_cost(c, cost);
		}
	return total;
}

static void
test_choice(void)
{
	struct parallel_choice c;
	double busy_one = 10.0, busy_all = 60.0, quiet_all = 5.0;
	double total;
	long used, s, tries = 0, gap = 0, last = 0;

	memset(&c, 0, sizeof c);
	/* A first step, cold, whose cost says nothing: it is not learned. */
	CHECK_INT(parallel_choose(&c, 1000), 1);
	parallel_cost(&c, 1000.0);
	/* All first, then one, each once to learn its cost. */
	CHECK_INT(parallel_choose(&c, 1000), 1);
	parallel_cost(&c, 10.0);
	CHECK_INT(parallel_choose(&c, 1000), 0);
	parallel_cost(&c, 18.0);
	/* All is cheaper: kept, and one tried after 32 steps, then after
	 * 64, 128, ..., at most every 1024. */
	for (s = 1; s <= 4000; s++) {
		int all = parallel_choose(&c, 1000);

		parallel_cost(&c, all ? 10.0 : 18.0);
		if (!all) {
			tries++;
			gap = s - last;
			if (tries <= 5)
				CHECK_INT(gap, 32L << (tries - 1));
			last = s;
		}
	}
	CHECK_INT(gap, PARALLEL_TRY_MOST);
	/* The costs turn: all now costs 30 a step. The kept cost follows
	 * within a few steps and the choice goes to one, which then stays,
	 * with all tried every 32 steps again. */
	for (s = 0; s < 10; s++)
		parallel_cost(&c, parallel_choose(&c, 1000) ? 30.0 : 18.0);
	CHECK_INT(parallel_choose(&c, 1000), 0);
	parallel_cost(&c, 18.0);
	for (s = 1, gap = 0; s <= 40 && !gap; s++) {
		int all = parallel_choose(&c, 1000);

		parallel_cost(&c, all ? 30.0 : 18.0);
		if (all)
			gap = s;
	}
	CHECK(gap > 0 && gap <= PARALLEL_TRY_FIRST);
	/* Another flock size starts afresh. */
	CHECK_INT(parallel_choose(&c, 2000), 1);
	parallel_cost(&c, 100.0);
	CHECK_INT(parallel_choose(&c, 2000), 1);
	parallel_cost(&c, 1.0);
	CHECK_INT(parallel_choose(&c, 2000), 0);
	parallel_cost(&c, 2.0);

	/* A quiet machine where another process holds up one step in
	 * twenty: all threads all the same, but for the tries. */
	memset(&c, 0, sizeof c);
	used = 0;
	for (s = 0; s < 20000; s++) {
		int all = parallel_choose(&c, 1000);

		used += all;
		parallel_cost(&c, all ? (s % 20 == 0 ? 30.0 : 5.0) : 10.0);
	}
	CHECK(used > 19900);

	/* A busy machine: no more than 5% over one thread's cost. */
	memset(&c, 0, sizeof c);
	total = fly_model(&c, &busy_one, &busy_all, 1, 20000, &used);
	CHECK(total <= 1.05 * busy_one * 20000);
	CHECK(used < 200);
	/* A quiet one: no more than 2% over all threads' cost. */
	memset(&c, 0, sizeof c);
	total = fly_model(&c, &busy_one, &quiet_all, 1, 20000, &used);
	CHECK(total <= 1.02 * quiet_all * 20000);
	CHECK(used > 19800);
	/* Quiet, then busy, then quiet again: the choice follows. */
	{
		double one[3] = { 10.0, 10.0, 10.0 };
		double all[3] = { 5.0, 60.0, 5.0 };
		double best = 5.0 * 5000 + 10.0 * 5000 + 5.0 * 5000;

		memset(&c, 0, sizeof c);
		total = fly_model(&c, one, all, 3, 5000, &used);
		CHECK(total <= 1.05 * best);
	}
}

/* ---- Loops on a team ---- */

#ifdef BOIDS_THREADS

/* What each part of a loop saw: its team, how often it ran, and on
 * which thread. */
struct seen {
	int team[PARALLEL_MAX_THREADS];
	int runs[PARALLEL_MAX_THREADS];
	pthread_t thread[PARALLEL_MAX_THREADS];
	int turns[1000];
	int taken[PARALLEL_MAX_THREADS];
};

static void
note_part(void *arg, int t, int team)
{
	struct seen *s = arg;

	s->team[t] = team;
	s->runs[t]++;
	s->thread[t] = pthread_self();
}

static void
note_turn(void *arg, int t, long turn)
{
	struct seen *s = arg;

	s->turns[turn]++;
	s->taken[t]++;
}

/* A loop on `team` threads ran each part once, on a thread of its own,
 * the first on the caller's. */
static void
check_loop(int team)
{
	struct seen s;
	int t, u;

	memset(&s, 0, sizeof s);
	parallel_run(team, note_part, &s);
	if (team > parallel_threads())
		team = parallel_threads();
	for (t = 0; t < PARALLEL_MAX_THREADS; t++)
		CHECK_INT(s.runs[t], t < team ? 1 : 0);
	for (t = 0; t < team; t++) {
		CHECK_INT(s.team[t], team);
		for (u = 0; u < t; u++)
			CHECK(!pthread_equal(s.thread[t], s.thread[u]));
	}
	CHECK(pthread_equal(s.thread[0], pthread_self()));
}

/* Each turn once, and with two threads or more, turns taken by more
 * than the caller. */
static void
check_turns(int team)
{
	struct seen s;
	int k, t, all = 0, takers = 0;

	memset(&s, 0, sizeof s);
	parallel_run_turns(team, 1000, note_turn, &s);
	for (k = 0; k < 1000; k++)
		CHECK_INT(s.turns[k], 1);
	for (t = 0; t < PARALLEL_MAX_THREADS; t++) {
		all += s.taken[t];
		takers += s.taken[t] > 0;
	}
	CHECK_INT(all, 1000);
	CHECK(takers >= 1 && takers <= parallel_threads());
}

static void
test_loops(void)
{
	struct timespec nap = { 0, 50000000 };
	int procs = parallel_processors(), most, s;

	CHECK_INT(parallel_set_threads(0), 0);
	most = procs < PARALLEL_MAX_THREADS ? procs : PARALLEL_MAX_THREADS;
	CHECK_INT(parallel_threads(), most);
	CHECK_INT(parallel_refused(), 0);
	for (s = 0; s < 200; s++) {
		check_loop(most);
		check_turns(most);
	}
	/* Past the spin, the threads sleep, and the next loop wakes them. */
	nanosleep(&nap, NULL);
	check_loop(most);
	nanosleep(&nap, NULL);
	check_turns(most);
	check_loop(1);
	check_loop(1000);
	check_turns(1);
	/* Fewer asked than there are: the others sit the loops out. */
	CHECK_INT(parallel_set_threads(1), 0);
	CHECK_INT(parallel_threads(), 1);
	check_loop(most);
	CHECK_INT(parallel_set_threads(0), 0);
	check_loop(most);
}
#else
static void
note_part(void *arg, int t, int team)
{
	int *runs = arg;

	CHECK_INT(t, 0);
	CHECK_INT(team, 1);
	(*runs)++;
}

static void
test_loops(void)
{
	int runs = 0;

	CHECK_INT(parallel_threads(), 1);
	CHECK_INT(parallel_start(), 0);
	parallel_run(8, note_part, &runs);
	CHECK_INT(runs, 1);
}
#endif

/* Slices cover n in order, whatever the team. */
static void
test_slices(void)
{
	size_t n, lo, hi, end;
	int team, t;

	for (n = 0; n < 40; n += 7)
		for (team = 1; team <= PARALLEL_MAX_THREADS; team++) {
			for (t = 0, end = 0; t < team; t++) {
				parallel_slice(n, t, team, &lo, &hi);
				CHECK(lo == end && hi >= lo);
				end = hi;
			}
			CHECK(end == n);
		}
}

int
main(void)
{
	test_choice();
	test_slices();
	test_loops();
	test_cap(2);
	test_cap(1000);
	test_cap(100000);
	return check_exit("test_parallel");
}
