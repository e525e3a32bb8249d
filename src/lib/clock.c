/*
 * clock.c: the monotonic clock, in nanoseconds, and the wall clock.
 */
#include <time.h>

#include "clock.h"

long long
clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * CLOCK_NS_PER_S + ts.tv_nsec;
}

long long
clock_now_ms(void)
{
	return clock_now() / CLOCK_NS_PER_MS;
}

long long
clock_wall(long *ns)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	if (ns)
		*ns = ts.tv_nsec;
	return (long long)ts.tv_sec;
}
