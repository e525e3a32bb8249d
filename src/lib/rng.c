/*
 * rng.c: a PCG-style generator (64-bit linear congruential state, output
 * permuted by an xorshift and a data-dependent rotation) and a splitmix
 * finaliser for stateless hashing. Both are small, fast and far better
 * than rand(), whose sequence differs between C libraries.
 */
#include "rng.h"

#define RNG_MULTIPLIER 6364136223846793005ULL

void
rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	r->state = 0;
	r->inc = (rng_mix(stream) << 1) | 1u;
	(void)rng_next(r);
	r->state += rng_mix(seed);
	(void)rng_next(r);
}

uint32_t
rng_next(struct rng *r)
{
	uint64_t old = r->state;
	uint32_t xorshifted, rot;

	r->state = old * RNG_MULTIPLIER + r->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

double
rng_unit(struct rng *r)
{
	uint64_t hi = rng_next(r), lo = rng_next(r);

	/* 53 random bits, exactly representable in a double. */
	return (double)(((hi << 21) ^ lo) & ((1ULL << 53) - 1)) /
	    9007199254740992.0;
}

double
rng_range(struct rng *r, double lo, double hi)
{
	return lo + (hi - lo) * rng_unit(r);
}

uint32_t
rng_below(struct rng *r, uint32_t bound)
{
	uint32_t threshold = (uint32_t)(-bound) % bound;
	uint32_t x;

	do
		x = rng_next(r);
	while (x < threshold);
	return x % bound;
}

uint64_t
rng_hash(uint64_t a, uint64_t b, uint64_t c)
{
	return rng_mix(a ^ rng_mix(b ^ rng_mix(c)));
}
