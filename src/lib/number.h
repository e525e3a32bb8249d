/*
 * number.h: numbers read from text, strictly.
 *
 * The command line, a record and the environment all give numbers as
 * text, and all read them the same way: the whole text is the number,
 * with no blanks around it and nothing after it, an optional sign before
 * it, never NaN or infinity, and inside the range asked for.
 */
#ifndef BOIDS_NUMBER_H
#define BOIDS_NUMBER_H

#include <stdint.h>

/* An integer in decimal, lo to hi; 0, or -1 leaving *out alone. */
int number_int(const char *text, long long lo, long long hi,
    long long *out);

/* A finite number, lo to hi; 0, or -1 leaving *out alone. */
int number_real(const char *text, double lo, double hi, double *out);

/* An unsigned 64-bit integer in decimal (no minus sign, which strtoull
 * would wrap around); 0, or -1 leaving *out alone. */
int number_u64(const char *text, uint64_t *out);

#endif
