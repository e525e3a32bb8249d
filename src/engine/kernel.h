/*
 * kernel.h: the step's inner loops, one build of them for each vector
 * width.
 *
 * kernel.c works out the next state of a range of boids (gather, rules,
 * limits, move), and how far they moved. It is written once, in the lanes of lanes.h, and the
 * Makefile builds it once for each width the processor family may have:
 * on x86-64 for AVX-512 (sixteen lanes), AVX2 (eight) and SSE2 (four,
 * every such processor); elsewhere once, as wide as the compiler's
 * vectors go there (NEON on ARM). step.c asks the processor which it can
 * run and takes the widest. A build of one lane, the plain scalar loop,
 * is there too, for the tests: every build computes the same bits as it,
 * so the choice changes the speed and never the flight.
 */
#ifndef BOIDS_KERNEL_H
#define BOIDS_KERNEL_H

#include <stddef.h>
#include <stdint.h>

struct flock;

/* What a range of boids' step reports: the neighbours its boids
 * perceived, how many of them rest on the ground, are afraid and lead
 * afterwards, and how far the one that moved farthest moved (the bits
 * of its squared distance, flock_moved_bits()). */
struct kernel_tally {
	uint64_t perceived;
	size_t resting, afraid, leading;
	uint32_t moved;
};

/* Boids [lo, hi) of f's sorted state, stepped into f's current state. */
typedef struct kernel_tally kernel_step_fn(struct flock *f, size_t lo,
    size_t hi);

#if defined(BOIDS_KERNELS_X86)
kernel_step_fn kernel_step_avx512, kernel_step_avx2, kernel_step_sse2;
#else
kernel_step_fn kernel_step_vector;
#endif
kernel_step_fn kernel_step_scalar;

#endif
