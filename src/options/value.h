/*
 * value.h: an option's value, between its text and its place.
 *
 * The table (optable.h) says of each option what kind of text it takes
 * and where in struct options its value is kept. Here a text is read by
 * its kind, completely (number.h), and put in its place; and a value is
 * read back from its place: as a number, compared with another's, or as
 * the text that reads back as the same value. Nothing here knows one
 * option from another: a new option needs nothing here.
 */
#ifndef BOIDS_VALUE_H
#define BOIDS_VALUE_H

#include <stddef.h>

#include "optable.h"

/* Read text as s's value and put it in its place in o, its mark set: 0,
 * or -1 leaving o as it was when the text is not a value s takes. A
 * flag's text is not read. */
int value_put(const struct optable_spec *s, struct options *o,
    const char *text);

/* A number's value in o (KIND_INT, KIND_REAL, KIND_FACTOR; the first
 * half of a pair), as a double, which holds each exactly. */
double value_number(const struct optable_spec *s, const struct options *o);

/* Whether s's mark is set in o, that is, whether the value is one
 * given rather than a default; an option with no mark always is. */
int value_marked(const struct optable_spec *s, const struct options *o);

/* Whether a and b hold the same value of s. */
int value_same(const struct optable_spec *s, const struct options *a,
    const struct options *b);

/* s's value in o as the text value_put() reads back as the same value,
 * shortest where a number is; "" for a flag. */
void value_text(const struct optable_spec *s, const struct options *o,
    char *buf, size_t len);

#endif
