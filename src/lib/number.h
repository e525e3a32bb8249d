/*
 * number.h: numbers read from text, strictly.
 *
 * The command line, a record and the environment all give numbers as
 * text, and all read them the same way: the whole text is the number,
 * with no blanks around it and nothing after it, an optional sign before
 * it, never NaN or infinity, and inside the range asked for. A number
 * written to be read again is written as few digits as read it back.
 */
#ifndef BOIDS_NUMBER_H
#define BOIDS_NUMBER_H

#include <stddef.h>
#include <stdint.h>

/* An integer in decimal, lo to hi; 0, or -1 leaving *out alone. */
int number_int(const char *text, long long lo, long long hi,
    long long *out);

/* A finite number, lo to hi; 0, or -1 leaving *out alone. */
int number_real(const char *text, double lo, double hi, double *out);

/* An unsigned 64-bit integer in decimal (no minus sign, which strtoull
 * would wrap around); 0, or -1 leaving *out alone. */
int number_u64(const char *text, uint64_t *out);

/* The shortest text (the fewest significant digits, as %g writes them)
 * that number_real() reads back as v, as a float when single is set:
 * how a number is best given back to be read again. v is finite. */
void number_shortest(char *buf, size_t len, double v, int single);

#endif
