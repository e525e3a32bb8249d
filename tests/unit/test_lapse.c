/*
 * test_lapse.c: the flight's speed against real time (src/session/lapse.c).
 */
#include <string.h>

#include "check.h"
#include "session/lapse.h"

#define S 1000000000LL

static const char *
token(const struct lapse *l, double scale)
{
	static char buf[16];

	lapse_token(l, scale, buf, sizeof buf);
	return buf;
}

/* Auto follows the camera's scale, between 1 and LAPSE_MAX. */
static void
test_auto(void)
{
	struct lapse l;

	lapse_start(&l, 0, 0);
	CHECK_NEAR(lapse_wanted(&l, 0.25), 1.0, 0);   /* zoomed in */
	CHECK_NEAR(lapse_wanted(&l, 1.0), 1.0, 0);
	CHECK_NEAR(lapse_wanted(&l, 41.4), 41.4, 1e-12);
	CHECK_NEAR(lapse_wanted(&l, 500), LAPSE_MAX, 0);
	/* 30 steps a second at 1:1; at 1/4, 120. */
	CHECK_INT(lapse_period(&l, 30, 1.0), S / 30);
	CHECK_INT(lapse_period(&l, 30, 4.0), S / 120);
	CHECK(lapse_period(&l, 1000, 1e9) >= 1);
	CHECK_INT(strcmp(token(&l, 1.0), ""), 0);
	CHECK_INT(strcmp(token(&l, 4.0), "x4"), 0);
}

/* A factor asked for holds at every zoom. */
static void
test_factor(void)
{
	struct lapse l;

	lapse_start(&l, 0.5, 0);
	CHECK_NEAR(lapse_wanted(&l, 41.4), 0.5, 0);
	CHECK_INT(lapse_period(&l, 30, 41.4), S / 15);
	CHECK_INT(strcmp(token(&l, 41.4), "x0.5"), 0);
}

/* The speed reached is measured from the steps taken, once a second,
 * and shown instead of the one wanted once known. */
static void
test_reached(void)
{
	struct lapse l;

	lapse_start(&l, 0, 0);
	lapse_count(&l, 10, S / 2, 30);
	CHECK_NEAR(l.reached, 0, 0);             /* not a second yet */
	lapse_count(&l, 5, S, 30);               /* 15 steps in 1 s */
	CHECK_NEAR(l.reached, 0.5, 1e-12);
	CHECK_INT(strcmp(token(&l, 1.0), "x0.5"), 0);
	lapse_count(&l, 120, 2 * S, 30);         /* 120 in the next */
	CHECK_NEAR(l.reached, 4.0, 1e-12);
	CHECK_INT(strcmp(token(&l, 8.0), "x4"), 0);
	lapse_count(&l, 31, 3 * S, 30);          /* 1.03x: shown as none */
	CHECK_INT(strcmp(token(&l, 8.0), ""), 0);
	lapse_count(&l, 9, 4 * S, 30);
	CHECK_INT(strcmp(token(&l, 8.0), "x0.3"), 0);
	lapse_count(&l, 1230, 5 * S, 30);
	CHECK_INT(strcmp(token(&l, 8.0), "x41"), 0);
	lapse_count(&l, 75, 6 * S, 30);
	CHECK_INT(strcmp(token(&l, 8.0), "x2.5"), 0);
	/* A pause restarts the count: its time is not a slow second. */
	lapse_restart(&l, 100 * S);
	lapse_count(&l, 30, 101 * S, 30);
	CHECK_NEAR(l.reached, 1.0, 1e-12);
}

/* < and > step through powers of two from the factor wanted now. */
static void
test_keys(void)
{
	struct lapse l;

	lapse_start(&l, 0, 0);
	lapse_faster(&l, 1.0);
	CHECK_NEAR(l.factor, 2, 0);
	lapse_faster(&l, 1.0);
	CHECK_NEAR(l.factor, 4, 0);
	lapse_slower(&l, 1.0);
	lapse_slower(&l, 1.0);
	lapse_slower(&l, 1.0);
	CHECK_NEAR(l.factor, 0.5, 0);
	lapse_start(&l, 0, 0);
	lapse_slower(&l, 41.4);                  /* auto x41.4 */
	CHECK_NEAR(l.factor, 32, 0);
	lapse_start(&l, 0, 0);
	lapse_faster(&l, 41.4);
	CHECK_NEAR(l.factor, 64, 0);
	lapse_faster(&l, 41.4);
	CHECK_NEAR(l.factor, LAPSE_MAX, 0);      /* no further */
	lapse_start(&l, LAPSE_MIN, 0);
	lapse_slower(&l, 1.0);
	CHECK_NEAR(l.factor, LAPSE_MIN, 0);
	lapse_start(&l, 3, 0);                   /* --speed 3 */
	lapse_faster(&l, 1.0);
	CHECK_NEAR(l.factor, 4, 0);
	lapse_start(&l, 3, 0);
	lapse_slower(&l, 1.0);
	CHECK_NEAR(l.factor, 2, 0);
}

/* A new speed wanted (a key, a zoom) is measured afresh: the second
 * flown at the old one is not taken for it. */
static void
test_aim(void)
{
	struct lapse l;

	lapse_start(&l, 1, 0);
	lapse_aim(&l, 1.0, 0);
	lapse_count(&l, 30, S, 30);
	CHECK_NEAR(l.reached, 1.0, 1e-12);
	lapse_aim(&l, 1.0, S);                  /* the same: kept */
	CHECK_NEAR(l.reached, 1.0, 1e-12);
	lapse_faster(&l, 1.0);                  /* x2 */
	lapse_aim(&l, 1.0, S + S / 10);
	CHECK_NEAR(l.reached, 0, 0);
	CHECK(!lapse_behind(&l, 1.0));
	CHECK_INT(strcmp(token(&l, 1.0), "x2"), 0);
	lapse_count(&l, 60, 2 * S + S / 10, 30);
	CHECK_NEAR(l.reached, 2.0, 1e-12);
	lapse_start(&l, 0, 0);                  /* auto, zoomed out */
	lapse_aim(&l, 8.0, 0);
	lapse_count(&l, 240, S, 30);
	CHECK_NEAR(l.reached, 8.0, 1e-12);
	lapse_aim(&l, 4.0, S);
	CHECK_NEAR(l.reached, 0, 0);
}

int
main(void)
{
	test_aim();
	test_auto();
	test_factor();
	test_reached();
	test_keys();
	return check_exit("test_lapse");
}
