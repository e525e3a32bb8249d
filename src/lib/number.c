/*
 * number.c: strtoll, strtod and strtoull, checked completely: errno for
 * a value out of the type's range, the end pointer for anything after
 * the number, and the first character, as they would skip blanks; and
 * the shortest %g that strtod reads back as the same number.
 */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "number.h"

/* Where a number may begin: not at nothing, nor at a blank. */
static int
starts_number(const char *text)
{
	return *text != '\0' && !isspace((unsigned char)*text);
}

int
number_int(const char *text, long long lo, long long hi, long long *out)
{
	char *end;
	long long v;

	if (!starts_number(text))
		return -1;
	errno = 0;
	v = strtoll(text, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int
number_real(const char *text, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (!starts_number(text))
		return -1;
	errno = 0;
	v = strtod(text, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v) || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int
number_u64(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (*text == '+')
		text++;
	if (!isdigit((unsigned char)*text))
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = (uint64_t)v;
	return 0;
}

void
number_shortest(char *buf, size_t len, double v, int single)
{
	/* 9 significant digits carry any float exactly, 17 any double. */
	int digits, most = single ? 9 : 17;
	double back;

	for (digits = 1; digits < most; digits++) {
		snprintf(buf, len, "%.*g", digits, v);
		if (number_real(buf, -DBL_MAX, DBL_MAX, &back) == 0 &&
		    (single ? (float)back == (float)v : back == v))
			return;
	}
	snprintf(buf, len, "%.*g", most, v);
}
