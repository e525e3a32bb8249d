/*
 * rng.h: the project's own seedable random numbers.
 *
 * A permuted congruential generator carried in a struct, so that every
 * user of randomness owns its stream and the same seed gives the same
 * flight on every run and every machine. rng_hash() is a stateless mix for
 * draws that must not depend on the order in which threads reach them.
 */
#ifndef BOIDS_RNG_H
#define BOIDS_RNG_H

#include <stdint.h>

struct rng {
	uint64_t state;
	uint64_t inc;
};

void rng_seed(struct rng *r, uint64_t seed, uint64_t stream);
uint32_t rng_next(struct rng *r);
/* Uniform in [0, 1). */
double rng_unit(struct rng *r);
/* Uniform in [lo, hi). */
double rng_range(struct rng *r, double lo, double hi);
/* Uniform integer in [0, bound), without modulo bias; bound > 0. */
uint32_t rng_below(struct rng *r, uint32_t bound);
/* A well-mixed 64-bit function of three words: rng_mix(a ^ rng_mix(b ^
 * rng_mix(c))), so that a caller hashing many b with the same c may mix
 * c once. */
uint64_t rng_hash(uint64_t a, uint64_t b, uint64_t c);

/* The splitmix finaliser: every bit of z moves every bit of the result. */
static inline uint64_t
rng_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
