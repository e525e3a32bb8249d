/*
 * value.c: reading an option's text into its place, and back.
 *
 * Every value is checked completely (number.c): the whole text must be
 * a number (no blanks, no trailing junk, no NaN or infinity), inside the
 * row's range, before anything is put in its place. A place is reached
 * by its offset and read or written as its slot's C type, through
 * memcpy, so that one function serves every member of that type.
 */
#include <stdio.h>
#include <string.h>

#include "lib/number.h"
#include "lib/utf8.h"
#include "value.h"

/* ---- The members, by slot ---- */

static void
put_whole(struct options *o, enum optable_slot slot, size_t at,
    long long v)
{
	char *p = (char *)o + at;
	int i = (int)v;
	long l = (long)v;
	size_t z = (size_t)v;

	if (slot == SLOT_INT)
		memcpy(p, &i, sizeof i);
	else if (slot == SLOT_LONG)
		memcpy(p, &l, sizeof l);
	else if (slot == SLOT_SIZE)
		memcpy(p, &z, sizeof z);
}

static void
put_real(struct options *o, enum optable_slot slot, size_t at, double v)
{
	char *p = (char *)o + at;
	float f = (float)v;

	if (slot == SLOT_FLOAT)
		memcpy(p, &f, sizeof f);
	else if (slot == SLOT_DOUBLE)
		memcpy(p, &v, sizeof v);
}

static void
put_other(struct options *o, size_t at, const void *v, size_t size)
{
	memcpy((char *)o + at, v, size);
}

/* The member at `at` as a double: each slot's values that options take
 * are exact in one. */
static double
get_number(const struct options *o, enum optable_slot slot, size_t at)
{
	const char *p = (const char *)o + at;
	int i;
	long l;
	size_t z;
	float f;
	double d;

	switch (slot) {
	case SLOT_INT: memcpy(&i, p, sizeof i); return i;
	case SLOT_LONG: memcpy(&l, p, sizeof l); return (double)l;
	case SLOT_SIZE: memcpy(&z, p, sizeof z); return (double)z;
	case SLOT_FLOAT: memcpy(&f, p, sizeof f); return f;
	case SLOT_DOUBLE: memcpy(&d, p, sizeof d); return d;
	default: return 0.0;
	}
}

static uint64_t
get_u64(const struct options *o, size_t at)
{
	uint64_t u;

	memcpy(&u, (const char *)o + at, sizeof u);
	return u;
}

static const char *
get_text(const struct options *o, size_t at)
{
	const char *t;

	memcpy(&t, (const char *)o + at, sizeof t);
	return t;
}

static int
get_int(const struct options *o, size_t at)
{
	int i;

	memcpy(&i, (const char *)o + at, sizeof i);
	return i;
}

/* ---- Text into a place ---- */

/* The spec's range as integers: its bounds are whole numbers. */
static int
parse_int(const char *text, double lo, double hi, long long *out)
{
	return number_int(text, (long long)lo, (long long)hi, out);
}

/* "A<sep>B" into its two halves, each parsed alone. */
static int
split_pair(const char *text, int sep, char *a, char *b, size_t len)
{
	const char *mid = strchr(text, sep);
	size_t n;

	if (!mid || (n = (size_t)(mid - text)) >= len || strlen(mid + 1) >= len)
		return -1;
	memcpy(a, text, n);
	a[n] = '\0';
	strcpy(b, mid + 1);
	return 0;
}

static int
put_pair(const struct optable_spec *s, struct options *o, const char *text)
{
	char a[64], b[64];
	double x, y;

	if (split_pair(text, ',', a, b, sizeof a) < 0 ||
	    number_real(a, s->lo, s->hi, &x) < 0 ||
	    number_real(b, s->lo, s->hi, &y) < 0)
		return -1;
	put_real(o, s->place.slot, s->place.at, x);
	put_real(o, s->place.slot, s->place.second, y);
	return 0;
}

/* A terminal's size: its field is a row less, for the status line, so
 * it needs a row more than the least field. */
static int
put_size(const struct optable_spec *s, struct options *o, const char *text)
{
	char a[32], b[32];
	long long c, r;

	if (split_pair(text, 'x', a, b, sizeof a) < 0 ||
	    parse_int(a, s->lo, s->hi, &c) < 0 ||
	    parse_int(b, s->lo + 1.0, s->hi, &r) < 0)
		return -1;
	put_whole(o, s->place.slot, s->place.at, c);
	put_whole(o, s->place.slot, s->place.second, r);
	return 0;
}

/* The index of text among the words, or -1. */
static int
word_index(const char *const *words, const char *text)
{
	int k;

	for (k = 0; words[k]; k++)
		if (strcmp(text, words[k]) == 0)
			return k;
	return -1;
}

/* Text of lo to hi bytes, each character whole UTF-8 and none a
 * control (C0, DEL or C1), so that it prints as it reads. */
static int
check_text(const char *text, double lo, double hi)
{
	size_t len = strlen(text), at = 0;

	if ((double)len < lo || (double)len > hi)
		return -1;
	while (at < len) {
		unsigned long cp;
		int n = utf8_decode(text + at, len - at, &cp);

		if (n <= 0 || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
			return -1;
		at += (size_t)n;
	}
	return 0;
}

/* The text as s's kind reads it, put in its place; -1 when it is none
 * of the values s takes. */
static int
put_kind(const struct optable_spec *s, struct options *o, const char *text)
{
	const struct optable_place *at = &s->place;
	long long iv;
	double rv;
	uint64_t seed;

	switch (s->kind) {
	case KIND_FLAG:
		put_whole(o, at->slot, at->at, 1);
		return 0;
	case KIND_INT:
		if (parse_int(text, s->lo, s->hi, &iv) < 0)
			return -1;
		put_whole(o, at->slot, at->at, iv);
		return 0;
	case KIND_REAL:
		if (number_real(text, s->lo, s->hi, &rv) < 0)
			return -1;
		put_real(o, at->slot, at->at, rv);
		return 0;
	case KIND_PAIR:
		return put_pair(s, o, text);
	case KIND_SIZE:
		return put_size(s, o, text);
	case KIND_SEED:
		if (number_u64(text, &seed) < 0)
			return -1;
		put_other(o, at->at, &seed, sizeof seed);
		return 0;
	case KIND_FILE:
		if (*text == '\0')
			return -1;
		put_other(o, at->at, &text, sizeof text);
		return 0;
	case KIND_TEXT:
		if (check_text(text, s->lo, s->hi) < 0)
			return -1;
		put_other(o, at->at, &text, sizeof text);
		return 0;
	case KIND_FACTOR:
		if (strcmp(text, "auto") == 0)
			rv = 0.0;
		else if (number_real(text, s->lo, s->hi, &rv) < 0)
			return -1;
		put_real(o, at->slot, at->at, rv);
		return 0;
	case KIND_CHOICE:
	case KIND_PRESET:
		if ((iv = word_index(optable_choices(s), text)) < 0)
			return -1;
		put_whole(o, at->slot, at->at, iv);
		return 0;
	}
	return -1;
}

int
value_put(const struct optable_spec *s, struct options *o,
    const char *text)
{
	if (put_kind(s, o, text) < 0)
		return -1;
	if (s->mark.bits)
		put_whole(o, SLOT_INT, s->mark.at, get_int(o, s->mark.at) |
		    s->mark.bits);
	return 0;
}

/* ---- A place read back ---- */

double
value_number(const struct optable_spec *s, const struct options *o)
{
	return get_number(o, s->place.slot, s->place.at);
}

int
value_marked(const struct optable_spec *s, const struct options *o)
{
	return !s->mark.bits ||
	    (get_int(o, s->mark.at) & s->mark.bits) == s->mark.bits;
}

/* Whether the member at `at` is the same in a and b. */
static int
same_at(const struct options *a, const struct options *b,
    enum optable_slot slot, size_t at)
{
	const char *ta, *tb;

	switch (slot) {
	case SLOT_NONE:
		return 1;
	case SLOT_U64:
		return get_u64(a, at) == get_u64(b, at);
	case SLOT_TEXT:
		ta = get_text(a, at);
		tb = get_text(b, at);
		return ta == tb || (ta && tb && strcmp(ta, tb) == 0);
	default:
		/* A float's or a double's == (0 is -0), the others' exact. */
		return get_number(a, slot, at) == get_number(b, slot, at);
	}
}

int
value_same(const struct optable_spec *s, const struct options *a,
    const struct options *b)
{
	int halves = s->kind == KIND_PAIR || s->kind == KIND_SIZE;

	return same_at(a, b, s->place.slot, s->place.at) &&
	    (!halves || same_at(a, b, s->place.slot, s->place.second));
}

/* The member at `at` as a number's text: whole, or the shortest that
 * reads back as the same float or double. */
static void
write_number(const struct options *o, enum optable_slot slot, size_t at,
    char *buf, size_t len)
{
	double v = get_number(o, slot, at);

	if (slot == SLOT_FLOAT || slot == SLOT_DOUBLE)
		number_shortest(buf, len, v, slot == SLOT_FLOAT);
	else
		snprintf(buf, len, "%.0f", v);
}

/* A pair's text: its halves with sep between. */
static void
pair_text(const struct optable_spec *s, const struct options *o, int sep,
    char *buf, size_t len)
{
	char a[40], b[40];

	write_number(o, s->place.slot, s->place.at, a, sizeof a);
	write_number(o, s->place.slot, s->place.second, b, sizeof b);
	snprintf(buf, len, "%s%c%s", a, sep, b);
}

void
value_text(const struct optable_spec *s, const struct options *o,
    char *buf, size_t len)
{
	const char *text;

	switch (s->kind) {
	case KIND_FLAG:
		snprintf(buf, len, "%s", "");
		break;
	case KIND_PAIR:
		pair_text(s, o, ',', buf, len);
		break;
	case KIND_SIZE:
		pair_text(s, o, 'x', buf, len);
		break;
	case KIND_SEED:
		snprintf(buf, len, "%llu",
		    (unsigned long long)get_u64(o, s->place.at));
		break;
	case KIND_FILE:
	case KIND_TEXT:
		text = get_text(o, s->place.at);
		snprintf(buf, len, "%s", text ? text : "");
		break;
	case KIND_CHOICE:
	case KIND_PRESET:
		snprintf(buf, len, "%s",
		    optable_choices(s)[get_int(o, s->place.at)]);
		break;
	case KIND_FACTOR:
		if (value_number(s, o) == 0.0)
			snprintf(buf, len, "auto");
		else
			write_number(o, s->place.slot, s->place.at, buf, len);
		break;
	case KIND_INT:
	case KIND_REAL:
		write_number(o, s->place.slot, s->place.at, buf, len);
		break;
	}
}
