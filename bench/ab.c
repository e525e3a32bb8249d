/*
 * ab.c: two builds of the engine stepped in turn in one process.
 *
 * On a shared virtual machine the speed of one binary swings by a tenth
 * or more from one second to the next, as the host gives its processors
 * to others; two binaries timed one after the other differ by as much
 * whatever their code. Here both builds live in one process (each a
 * shared library made by bench/ab.sh, loaded apart so that their names
 * do not meet) and take turns: each pair lays out the same flock in
 * both, warms each up with two steps and times a few more, the order
 * within the pair alternating. What the host does to one of a pair it
 * does to the other, and the ratio of the pair keeps only what the code
 * does. The median of the ratios, and their quartiles, is the answer.
 * On more than one thread each build has threads of its own (two
 * revisions from before the engine started its own threads share one
 * OpenMP runtime instead), which spin for a few milliseconds after its
 * steps while the other's run; and each sees the other's steps as gaps
 * in its own pace and its threads as load: there, compare only
 * revisions that manage their threads alike (f8f22ca against the engine
 * of its day gave 1.0-1.8x at a million boids on two threads, where one
 * thread gave 1.03x).
 *
 * ab LIB_A LIB_B N NBRS PAIRS STEPS: prints one line.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_PAIRS 10000

struct build {
	const char *path;
	void *lib;
	int (*make)(size_t, double);
	void (*lay)(int);
	void (*step)(void);
};

static double
now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* POSIX's way from dlsym()'s object pointer to a function pointer. */
static int
load(struct build *b)
{
	b->lib = dlopen(b->path, RTLD_NOW | RTLD_LOCAL);
	if (!b->lib) {
		fprintf(stderr, "ab: %s\n", dlerror());
		return -1;
	}
	*(void **)&b->make = dlsym(b->lib, "ab_make");
	*(void **)&b->lay = dlsym(b->lib, "ab_lay");
	*(void **)&b->step = dlsym(b->lib, "ab_step");
	if (!b->make || !b->lay || !b->step) {
		fprintf(stderr, "ab: %s lacks ab_make, ab_lay or ab_step\n",
		    b->path);
		return -1;
	}
	return 0;
}

/* ns per boid-step over k steps after a fresh layout and two more. */
static double
timed(const struct build *b, size_t n, int seed, int k)
{
	double t0;
	int s;

	b->lay(seed);
	b->step();
	b->step();
	t0 = now_ns();
	for (s = 0; s < k; s++)
		b->step();
	return (now_ns() - t0) / ((double)k * (double)n);
}

int
main(int argc, char **argv)
{
	static double ratio[MAX_PAIRS], ta[MAX_PAIRS], tb[MAX_PAIRS];
	struct build b[2];
	size_t n;
	double nbrs;
	int pairs, k, q;

	if (argc != 7) {
		fprintf(stderr, "usage: ab LIB_A LIB_B N NBRS PAIRS STEPS\n");
		return 2;
	}
	b[0].path = argv[1];
	b[1].path = argv[2];
	n = (size_t)strtoul(argv[3], NULL, 10);
	nbrs = strtod(argv[4], NULL);
	pairs = atoi(argv[5]);
	k = atoi(argv[6]);
	if (n < 2 || !(nbrs > 0) || pairs < 1 || pairs > MAX_PAIRS || k < 1) {
		fprintf(stderr, "ab: N >= 2, NBRS > 0, 1 <= PAIRS <= %d, "
		    "STEPS >= 1\n", MAX_PAIRS);
		return 2;
	}
	if (load(&b[0]) < 0 || load(&b[1]) < 0)
		return 1;
	if (b[0].make(n, nbrs) < 0 || b[1].make(n, nbrs) < 0) {
		fprintf(stderr, "ab: no memory for %zu boids\n", n);
		return 1;
	}
	for (q = 0; q < pairs; q++) {
		int first = q % 2;

		if (first == 0) {
			ta[q] = timed(&b[0], n, q % 3, k);
			tb[q] = timed(&b[1], n, q % 3, k);
		} else {
			tb[q] = timed(&b[1], n, q % 3, k);
			ta[q] = timed(&b[0], n, q % 3, k);
		}
		ratio[q] = tb[q] / ta[q];
	}
	qsort(ratio, (size_t)pairs, sizeof *ratio, by_value);
	qsort(ta, (size_t)pairs, sizeof *ta, by_value);
	qsort(tb, (size_t)pairs, sizeof *tb, by_value);
	printf("%9zu boids, %3.0f neighbours: A %6.1f B %6.1f ns a "
	    "boid-step (medians); B/A %.3f (quartiles %.3f-%.3f, %d pairs)\n",
	    n, nbrs, ta[pairs / 2], tb[pairs / 2], ratio[pairs / 2],
	    ratio[pairs / 4], ratio[3 * pairs / 4], pairs);
	return 0;
}
