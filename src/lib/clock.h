/*
 * clock.h: the one clock the program keeps time by, and the wall clock.
 *
 * Monotonic, so that a change of the wall clock never makes a step, a
 * frame or a timeout come early or late. Modules that only work out
 * what time means (pacing, the flight's speed, the panel's measures)
 * take the time as an argument instead, and are tested without waiting.
 * The wall clock is read only for what names a moment: a seed that
 * differs from run to run, and the time a cast was made.
 */
#ifndef BOIDS_CLOCK_H
#define BOIDS_CLOCK_H

#define CLOCK_NS_PER_S 1000000000LL
#define CLOCK_NS_PER_MS 1000000LL

/* Nanoseconds since some fixed moment. */
long long clock_now(void);

/* The same in milliseconds. */
long long clock_now_ms(void);

/* The wall clock: seconds since the epoch, and nanoseconds into the
 * second in *ns when ns is not NULL. */
long long clock_wall(long *ns);

#endif
