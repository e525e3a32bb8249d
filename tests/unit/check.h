/*
 * check.h: the unit tests' few assertions.
 *
 * A failed check prints where and what, and the test goes on so that one
 * run shows every failure; check_exit() turns the count into the exit
 * status. Tests are plain programs: one file, one main().
 */
#ifndef BOIDS_CHECK_H
#define BOIDS_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int check_failures;
static int check_count;

#define CHECK(cond) do { \
	check_count++; \
	if (!(cond)) { \
		check_failures++; \
		fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
		    __LINE__, #cond); \
	} \
} while (0)

/* |a - b| <= tol, printing both values when it fails. */
#define CHECK_NEAR(a, b, tol) do { \
	double check_a_ = (double)(a), check_b_ = (double)(b); \
	check_count++; \
	if (!(fabs(check_a_ - check_b_) <= (tol))) { \
		check_failures++; \
		fprintf(stderr, "%s:%d: %s = %.9g, expected %s = %.9g " \
		    "(within %g)\n", __FILE__, __LINE__, #a, check_a_, #b, \
		    check_b_, (double)(tol)); \
	} \
} while (0)

#define CHECK_INT(a, b) do { \
	long long check_a_ = (long long)(a), check_b_ = (long long)(b); \
	check_count++; \
	if (check_a_ != check_b_) { \
		check_failures++; \
		fprintf(stderr, "%s:%d: %s = %lld, expected %s = %lld\n", \
		    __FILE__, __LINE__, #a, check_a_, #b, check_b_); \
	} \
} while (0)

static int
check_exit(const char *name)
{
	if (check_count == 0) {
		fprintf(stderr, "%s: no checks ran\n", name);
		return 1;
	}
	fprintf(stderr, "%s: %d checks, %d failed\n", name, check_count,
	    check_failures);
	return check_failures ? 1 : 0;
}

#endif
