/*
 * test_dial.c: the clock's text (src/session/dial.c): times written on
 * 24- and 12-hour clocks, the locale's formats told apart, BOIDS_CLOCK
 * read strictly, and a headless clock set by it that turns its minute
 * after the flight's seconds, a second for each `rate` steps.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "session/dial.h"

static int
formats(int minutes, int twelve, const char *want)
{
	char buf[DIAL_TEXT];

	dial_format(minutes, twelve, buf, sizeof buf);
	if (strcmp(buf, want) == 0)
		return 1;
	fprintf(stderr, "  %d minutes: '%s', want '%s'\n", minutes, buf, want);
	return 0;
}

static void
test_format(void)
{
	CHECK(formats(0, 0, "00:00"));
	CHECK(formats(9 * 60 + 5, 0, "09:05"));
	CHECK(formats(23 * 60 + 59, 0, "23:59"));
	CHECK(formats(0, 1, "12:00 AM"));
	CHECK(formats(9 * 60 + 5, 1, "9:05 AM"));
	CHECK(formats(12 * 60, 1, "12:00 PM"));
	CHECK(formats(15 * 60 + 7, 1, "3:07 PM"));
	CHECK(formats(23 * 60 + 59, 1, "11:59 PM"));
	/* The C locale's "%H:%M:%S", and en_US's "%r" and its long form. */
	CHECK(!dial_twelve("%H:%M:%S"));
	CHECK(!dial_twelve("%T"));
	CHECK(dial_twelve("%r"));
	CHECK(dial_twelve("%I:%M:%S %p"));
	CHECK(dial_twelve("%l:%M %p"));
	/* A time the sign wrote, as a record keeps it. */
	CHECK(dial_written_twelve("3:07 PM"));
	CHECK(dial_written_twelve("12:00 AM"));
	CHECK(!dial_written_twelve("15:07"));
	CHECK(!dial_written_twelve("PM"));
	CHECK(!dial_written_twelve(""));
}

static void
test_parse(void)
{
	CHECK_INT(dial_parse("00:00"), 0);
	CHECK_INT(dial_parse("9:05"), 9 * 3600 + 5 * 60);
	CHECK_INT(dial_parse("12:59:50"), 12 * 3600 + 59 * 60 + 50);
	CHECK_INT(dial_parse("23:59:59"), 86399);
	CHECK_INT(dial_parse("24:00"), -1);
	CHECK_INT(dial_parse("12:60"), -1);
	CHECK_INT(dial_parse("12:5"), -1);
	CHECK_INT(dial_parse("12:05:6"), -1);
	CHECK_INT(dial_parse("12:05:60"), -1);
	CHECK_INT(dial_parse("1205"), -1);
	CHECK_INT(dial_parse(" 12:05"), -1);
	CHECK_INT(dial_parse("12:05 "), -1);
	CHECK_INT(dial_parse(""), -1);
}

/* BOIDS_CLOCK=12:59:50 headless at 30 steps a second: 12:59 until the
 * flight's tenth second, step 300, then 13:00; the widest text is four
 * of the richest digit, 0. A bad BOIDS_CLOCK is refused. */
static void
test_headless(void)
{
	struct options o;
	struct dial d;
	char buf[DIAL_TEXT];
	FILE *sink = fopen("/dev/null", "w");

	options_clear(&o);
	o.headless = 1;
	o.rate = 30;
	setenv("BOIDS_CLOCK", "12:59:50", 1);
	CHECK_INT(dial_start(&d, &o, sink ? sink : stderr), 0);
	d.twelve = 0;
	dial_text(&d, 0, buf, sizeof buf);
	CHECK(strcmp(buf, "12:59") == 0);
	dial_text(&d, 299, buf, sizeof buf);
	CHECK(strcmp(buf, "12:59") == 0);
	dial_text(&d, 300, buf, sizeof buf);
	CHECK(strcmp(buf, "13:00") == 0);
	dial_widest(&d, buf, sizeof buf);
	CHECK(strcmp(buf, "00:00") == 0);
	d.twelve = 1;
	dial_text(&d, 300, buf, sizeof buf);
	CHECK(strcmp(buf, "1:00 PM") == 0);
	dial_widest(&d, buf, sizeof buf);
	CHECK(strcmp(buf, "00:00 AM") == 0);
	/* Past midnight, round again. */
	setenv("BOIDS_CLOCK", "23:59:59", 1);
	CHECK_INT(dial_start(&d, &o, sink ? sink : stderr), 0);
	d.twelve = 0;
	dial_text(&d, 30, buf, sizeof buf);
	CHECK(strcmp(buf, "00:00") == 0);
	setenv("BOIDS_CLOCK", "noon", 1);
	CHECK_INT(dial_start(&d, &o, sink ? sink : stderr), -1);
	unsetenv("BOIDS_CLOCK");
	if (sink)
		fclose(sink);
}

int
main(void)
{
	test_format();
	test_parse();
	test_headless();
	return check_exit("test_dial");
}
