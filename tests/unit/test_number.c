/*
 * test_number.c: numbers read from text (src/lib/number.c), as the command
 * line, a record and the environment all read them; and numbers written
 * back as the fewest digits that read back the same.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "lib/number.h"

static void
test_int(void)
{
	long long v = -7;

	CHECK_INT(number_int("42", 1, 100, &v), 0);
	CHECK_INT(v, 42);
	CHECK_INT(number_int("-3", -5, 5, &v), 0);
	CHECK_INT(v, -3);
	CHECK_INT(number_int("+3", -5, 5, &v), 0);
	CHECK_INT(v, 3);
	CHECK_INT(number_int("0", 0, 0, &v), 0);
	CHECK_INT(v, 0);
	CHECK_INT(number_int("10000000", 1, 10000000, &v), 0);
	v = -7;
	/* Out of range, and by one. */
	CHECK_INT(number_int("10000001", 1, 10000000, &v), -1);
	CHECK_INT(number_int("0", 1, 10, &v), -1);
	/* Beyond the type: errno, not a wrapped value. */
	CHECK_INT(number_int("99999999999999999999", 0, LLONG_MAX, &v), -1);
	/* Anything but the number alone. */
	CHECK_INT(number_int("", 0, 10, &v), -1);
	CHECK_INT(number_int(" 5", 0, 10, &v), -1);
	CHECK_INT(number_int("\t5", 0, 10, &v), -1);
	CHECK_INT(number_int("5 ", 0, 10, &v), -1);
	CHECK_INT(number_int("5x", 0, 10, &v), -1);
	CHECK_INT(number_int("0x5", 0, 10, &v), -1);
	CHECK_INT(number_int("5.0", 0, 10, &v), -1);
	CHECK_INT(number_int("abc", 0, 10, &v), -1);
	CHECK_INT(number_int("-", -10, 10, &v), -1);
	CHECK_INT(number_int("+", -10, 10, &v), -1);
	CHECK_INT(v, -7);  /* left alone by every refusal */
}

static void
test_real(void)
{
	double v = -7.0;

	CHECK_INT(number_real("0.5", 0, 1, &v), 0);
	CHECK_NEAR(v, 0.5, 0);
	CHECK_INT(number_real("+0.5", -1, 1, &v), 0);
	CHECK_NEAR(v, 0.5, 0);
	CHECK_INT(number_real(".25", 0, 1, &v), 0);
	CHECK_NEAR(v, 0.25, 0);
	CHECK_INT(number_real("-10", -10, 10, &v), 0);
	CHECK_NEAR(v, -10, 0);
	CHECK_INT(number_real("1e-3", 0, 1, &v), 0);
	CHECK_NEAR(v, 0.001, 1e-15);
	CHECK_INT(number_real("360", 1, 360, &v), 0);
	v = -7.0;
	CHECK_INT(number_real("360.0001", 1, 360, &v), -1);
	CHECK_INT(number_real("0.9999", 1, 360, &v), -1);
	CHECK_INT(number_real("nan", -1e9, 1e9, &v), -1);
	CHECK_INT(number_real("inf", -1e308, 1e308, &v), -1);
	CHECK_INT(number_real("-inf", -1e308, 1e308, &v), -1);
	CHECK_INT(number_real("1e999", 0, 1e308, &v), -1);
	CHECK_INT(number_real("", 0, 1, &v), -1);
	CHECK_INT(number_real(" 0.5", 0, 1, &v), -1);
	CHECK_INT(number_real("0.5 ", 0, 1, &v), -1);
	CHECK_INT(number_real("0,5", 0, 1, &v), -1);
	CHECK_INT(number_real("0.5.", 0, 1, &v), -1);
	CHECK_INT(number_real(".", 0, 1, &v), -1);
	CHECK_NEAR(v, -7.0, 0);
}

static void
test_u64(void)
{
	uint64_t v = 7;

	CHECK_INT(number_u64("0", &v), 0);
	CHECK(v == 0);
	CHECK_INT(number_u64("18446744073709551615", &v), 0);
	CHECK(v == UINT64_MAX);
	CHECK_INT(number_u64("+12", &v), 0);
	CHECK(v == 12);
	v = 7;
	CHECK_INT(number_u64("18446744073709551616", &v), -1);
	/* strtoull takes -1 for UINT64_MAX: refused. */
	CHECK_INT(number_u64("-1", &v), -1);
	CHECK_INT(number_u64(" 1", &v), -1);
	CHECK_INT(number_u64("1 ", &v), -1);
	CHECK_INT(number_u64("", &v), -1);
	CHECK_INT(number_u64("+", &v), -1);
	CHECK_INT(number_u64("1.0", &v), -1);
	CHECK(v == 7);
}

/* number_shortest(v, single) is want, and reads back as v. */
static void
shortest_is(double v, int single, const char *want)
{
	char buf[40];
	double back = 0.0;

	number_shortest(buf, sizeof buf, v, single);
	CHECK(strcmp(buf, want) == 0);
	if (strcmp(buf, want) != 0)
		fprintf(stderr, "  %.17g: '%s', not '%s'\n", v, buf, want);
	CHECK_INT(number_real(buf, -1e308, 1e308, &back), 0);
	CHECK(single ? (float)back == (float)v : back == v);
}

static void
test_shortest(void)
{
	/* A float's digits, not the double it widens to (1.2f is
	 * 1.2000000476837158 as a double). */
	shortest_is(1.2f, 1, "1.2");
	shortest_is(-0.3f, 1, "-0.3");
	shortest_is(0.4125f, 1, "0.4125");
	shortest_is(1.0f / 3.0f, 1, "0.33333334");
	shortest_is(16777217.0f, 1, "16777216");
	shortest_is(1e-7f, 1, "1e-07");
	shortest_is(0.0f, 1, "0");
	shortest_is(64.0, 0, "64");
	shortest_is(0.1, 0, "0.1");
	shortest_is(1.0 / 3.0, 0, "0.3333333333333333");
	shortest_is((double)1.2f, 0, "1.2000000476837158");
}

int
main(void)
{
	test_int();
	test_real();
	test_u64();
	test_shortest();
	return check_exit("test_number");
}
