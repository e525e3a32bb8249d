/*
 * test_rng.c: the seedable random numbers (src/lib/rng.c).
 *
 * The generator's state steps as a linear congruence, which is checked
 * against a jump ahead worked out another way (the affine map squared,
 * not stepped); its output permutation on states chosen so that it can
 * be worked out by hand; and what the draws promise: the same seed the
 * same numbers, other seeds and streams others, ranges kept, no bias in
 * rng_below(), and a hash whose every input bit stirs about half the
 * output bits. Every draw is from a fixed seed, so nothing here depends
 * on chance.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "lib/rng.h"

#define A 6364136223846793005ULL

/* k steps of s -> a s + c at once: (a, c) composed with itself by
 * squaring, as a jump ahead does. */
static uint64_t
jump(uint64_t state, uint64_t inc, uint64_t k)
{
	uint64_t am = 1, cm = 0, a = A, c = inc;

	while (k) {
		if (k & 1) {
			am *= a;
			cm = cm * a + c;
		}
		c = (a + 1) * c;
		a *= a;
		k >>= 1;
	}
	return am * state + cm;
}

static void
test_state(void)
{
	struct rng r;
	uint64_t s0, inc;
	int k;

	rng_seed(&r, 42, 7);
	s0 = r.state;
	inc = r.inc;
	CHECK(inc & 1);                 /* an odd increment: full period */
	for (k = 0; k < 1000; k++)
		(void)rng_next(&r);
	CHECK(r.state == jump(s0, inc, 1000));
	CHECK(r.inc == inc);
}

/* The output of a state: xorshift by 18, keep bits 27 to 58, rotate
 * right by the top five bits. */
static void
test_output(void)
{
	struct rng r;

	r.inc = 1;
	r.state = 0;
	CHECK_INT(rng_next(&r), 0);
	/* Top bits 00001: rotate by 1; (2^59 >> 18 ^ 2^59) >> 27 keeps
	 * 2^14 in 32 bits; rotated right by one, 2^13. */
	r.state = 1ULL << 59;
	CHECK_INT(rng_next(&r), 1u << 13);
	/* No rotation: bit 27 of the state is bit 0 of the output. */
	r.state = 1ULL << 27;
	CHECK_INT(rng_next(&r), 1);
	/* 31 * 2^59 + 2^27, xorshifted: 31 * 2^59 + 31 * 2^41 + 2^27 + 2^9;
	 * bits 27 to 58 of that: 31 * 2^14 + 1 = 507905; rotated right
	 * by 31, that is left by one: 1015810. */
	r.state = (31ULL << 59) | (1ULL << 27);
	CHECK_INT(rng_next(&r), 1015810);
}

static void
test_seeds(void)
{
	struct rng a, b, c, d;
	int k, same_ab = 0, same_ac = 0, same_ad = 0;

	rng_seed(&a, 1, 0);
	rng_seed(&b, 1, 0);
	rng_seed(&c, 2, 0);
	rng_seed(&d, 1, 1);
	for (k = 0; k < 1000; k++) {
		uint32_t x = rng_next(&a);

		same_ab += x == rng_next(&b);
		same_ac += x == rng_next(&c);
		same_ad += x == rng_next(&d);
	}
	CHECK_INT(same_ab, 1000);
	CHECK(same_ac < 3);
	CHECK(same_ad < 3);
	/* Another stream is not the same numbers shifted. */
	rng_seed(&a, 1, 0);
	rng_seed(&d, 1, 1);
	{
		uint32_t first[64], x;
		int shifted = 0, j;

		for (k = 0; k < 64; k++)
			first[k] = rng_next(&a);
		for (k = 0; k < 4096; k++) {
			x = rng_next(&d);
			for (j = 0; j < 64; j++)
				shifted += x == first[j];
		}
		CHECK(shifted < 4);
	}
}

static void
test_ranges(void)
{
	struct rng r;
	double sum = 0.0, lo = 1.0, hi = 0.0;
	int k;

	rng_seed(&r, 99, 3);
	for (k = 0; k < 100000; k++) {
		double u = rng_unit(&r), v = rng_range(&r, -2.5, 4.0);

		CHECK(u >= 0.0 && u < 1.0);
		CHECK(v >= -2.5 && v < 4.0);
		/* 53 bits: u times 2^53 is a whole number. */
		CHECK((double)(uint64_t)(u * 9007199254740992.0) ==
		    u * 9007199254740992.0);
		sum += u;
		lo = u < lo ? u : lo;
		hi = u > hi ? u : hi;
	}
	CHECK_NEAR(sum / 100000.0, 0.5, 0.01);
	CHECK(lo < 0.001 && hi > 0.999);
}

/* Each of three values about a third of the time, and the bound at the
 * top of the range too, where a plain modulo would favour the low half. */
static void
test_below(void)
{
	struct rng r;
	unsigned long count[3] = { 0, 0, 0 }, low = 0;
	uint32_t big = 3000000000u;
	int k;

	rng_seed(&r, 5, 5);
	for (k = 0; k < 30000; k++) {
		uint32_t x = rng_below(&r, 3);

		CHECK(x < 3);
		if (x < 3)
			count[x]++;
		CHECK_INT(rng_below(&r, 1), 0);
	}
	for (k = 0; k < 3; k++)
		CHECK(count[k] > 9500 && count[k] < 10500);
	/* With a modulo, [0, 2^32 - 3e9) would come twice as often. */
	for (k = 0; k < 40000; k++) {
		uint32_t x = rng_below(&r, big);

		CHECK(x < big);
		low += x < 4294967296u - big;
	}
	/* The share of that range is 1294967296 / 3e9 = 0.43. */
	CHECK_NEAR((double)low / 40000.0, 1294967296.0 / 3e9, 0.02);
}

static int
bits(uint64_t v)
{
	int n = 0;

	while (v) {
		n += (int)(v & 1);
		v >>= 1;
	}
	return n;
}

static void
test_hash(void)
{
	uint64_t k;
	long flips = 0, n = 0;

	CHECK(rng_hash(1, 2, 3) == rng_hash(1, 2, 3));
	CHECK(rng_hash(1, 2, 3) != rng_hash(1, 2, 4));
	CHECK(rng_hash(1, 2, 3) != rng_hash(1, 3, 3));
	CHECK(rng_hash(1, 2, 3) != rng_hash(2, 2, 3));
	CHECK(rng_hash(1, 2, 3) != rng_hash(3, 2, 1));
	/* Flipping any one input bit flips about half the output bits. */
	for (k = 0; k < 200; k++) {
		uint64_t h = rng_hash(k, k * 7, k * 13);
		int b;

		for (b = 0; b < 64; b++) {
			flips += bits(h ^ rng_hash(k ^ (1ULL << b), k * 7,
			    k * 13));
			flips += bits(h ^ rng_hash(k, (k * 7) ^ (1ULL << b),
			    k * 13));
			flips += bits(h ^ rng_hash(k, k * 7,
			    (k * 13) ^ (1ULL << b)));
			n += 3;
		}
	}
	CHECK_NEAR((double)flips / (double)n, 32.0, 1.0);
}

int
main(void)
{
	test_state();
	test_output();
	test_seeds();
	test_ranges();
	test_below();
	test_hash();
	return check_exit("test_rng");
}
