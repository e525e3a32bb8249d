/*
 * lead.h: leaders that break away (lead.c), and the draw to lead that
 * every boid makes in every step.
 *
 * The draw, and each boid's leadership going on or ending, is a loop
 * with no branch over a chunk of boids, which the compiler turns into
 * vector code: every boid needs one, and a leader is rare. It is inline
 * here, not in lead.c, because the step's inner loops (kernel.c) include
 * it and are built once for each vector width (kernel.h): a copy of it
 * in each build runs as wide as that build's vectors. lead.c lists the
 * leaders once a step, finds those near a tile of boids for the gather,
 * and steers leaders and followers, a few at a time.
 */
#ifndef BOIDS_LEAD_H
#define BOIDS_LEAD_H

#include <stddef.h>
#include <stdint.h>

#include "chunk.h"
#include "flock_impl.h"
#include "lib/rng.h"

/* A boid that perceives at least LEAD_LEAST of its kind becomes a leader
 * when a hash of the seed (in a stream of its own), the boid and the step
 * is 0 in LEAD_ODDS, and leads for LEAD_MIN to LEAD_MAX steps. */
#define LEAD_LEAST 3
#define LEAD_ODDS 4096      /* a power of two: the draw is a mask */
#define LEAD_MIN 90
#define LEAD_MAX 240
#define LEAD_STREAM 0x6c656164ULL   /* "lead": a stream of its own */

/* The leaders of the sorted state, in cell order, into f->leading. */
void lead_list(struct flock *f);

/* The squared distance within which a boid follows a leader. */
float lead_reach2(const struct flock *f);

/* The first leader at or after boid lo, in f->leading; *at is where the
 * last search in the same run of blocks ended, LEAD_SEARCH before the
 * first. */
#define LEAD_SEARCH ((size_t)-1)
size_t lead_first(const struct flock *f, size_t *at, uint32_t lo);

/* Boids [i0, i0 + m), flying: a leader steers away from its neighbours'
 * heading, a boid with leaders near follows them; from the chunk's sums,
 * into its change of velocity. */
void lead_steer(const struct flock *f, size_t i0, size_t m,
    struct chunk *c);

/*
 * The leadership of boids [i0, i0 + m) into f->cur, from the neighbours
 * of its kind each perceived (the chunk's counts): a leader leads a step less, or no
 * more once it perceives none of its kind; a boid with at least
 * LEAD_LEAST of its kind around becomes one when its draw comes out 0,
 * for LEAD_MIN to LEAD_MAX steps; a resting boid does not lead. The draw
 * is rng_hash(seed ^ LEAD_STREAM, id, step), the step mixed once.
 * Returns how many lead.
 */
static inline size_t
lead_next(struct flock *f, size_t i0, size_t m, const struct chunk *c)
{
	const uint16_t *restrict lead, *restrict perch = f->sorted.perch + i0;
	const uint32_t *restrict id = f->sorted.id + i0;
	const float *restrict count = c->sum[SUM_COUNT];
	uint16_t *restrict next;
	uint64_t key = f->seed ^ LEAD_STREAM;
	uint64_t when = rng_mix((uint64_t)f->step);
	size_t q, leading = 0;

	if (!f->rules.leaders)
		return 0;
	lead = f->sorted.lead + i0;
	next = f->cur.lead + i0;
#pragma omp simd reduction(+:leading)
	for (q = 0; q < m; q++) {
		uint64_t h = rng_mix(key ^ rng_mix(id[q] ^ when));
		uint32_t begin = (h & (LEAD_ODDS - 1)) == 0 ? LEAD_MIN +
		    (uint32_t)(h >> 32) % (LEAD_MAX - LEAD_MIN + 1) : 0;
		uint32_t goes = count[q] > 0.0f && lead[q] > 0 ?
		    lead[q] - 1u : 0u;
		uint32_t now = lead[q] > 0 ? goes :
		    count[q] < (float)LEAD_LEAST ? 0u : begin;

		now = perch[q] > 0 ? 0u : now;
		next[q] = (uint16_t)now;
		leading += now > 0;
	}
	return leading;
}

#endif
