/*
 * groups.h: boids linked into groups: two boids lying within a gap of
 * each other are of one group, and so on through the chain. The groups
 * are kept as a union-find over the boids' indices, each named by its
 * lowest index, whatever order the pairs are met in.
 *
 * The boids are binned into square cells just under gap / sqrt(2) wide,
 * so that any two boids of one cell lie within the gap: a cell is one
 * group from the start, with no distance tested. Two cells are then
 * linked when any boid of one lies within the gap of any boid of the
 * other; only cells up to two apart can hold such a pair, and the test
 * stops at the first pair found, or is not made when the cells are
 * linked already. In a crowded flock most cells link on their first
 * pair, so that the cost is about the binning's.
 */
#ifndef BOIDS_GROUPS_H
#define BOIDS_GROUPS_H

#include <stddef.h>
#include <stdint.h>

/* The cells the binning may use, at most, for each boid and at least:
 * a sparser flock over a wider box is linked some other way. */
#define GROUPS_CELLS_PER_BOID 4
#define GROUPS_CELLS_LEAST 4096

/* What the binning holds from one linking to the next, grown when a
 * linking needs more: nothing at first. */
struct groups {
	uint32_t *order;     /* the boids binned, cell after cell */
	uint32_t *start;     /* each cell's first in order, and the end */
	size_t boids_cap, cells_cap;
};

/*
 * Join every two boids of the n at (x, y) lying within gap of each
 * other, as groups_join() does, in link, a union-find over them in which
 * each boid linked here is its own group still (others may be joined
 * already). With kind, only the boids of kind `only` are linked, and
 * only to their own kind.
 * Two boids lie within the gap when (float) dx * dx + dy * dy <= gap *
 * gap; a boid whose place is not finite lies within no gap. Returns 0,
 * or -1, link unchanged, when the boids are spread over more cells than
 * the binning may use or its memory runs out.
 */
int groups_link(struct groups *g, size_t n, const float *x, const float *y,
    const uint8_t *kind, int only, float gap, uint32_t *link);

/* The root of boid i's group, halving the path on the way. */
uint32_t groups_root(uint32_t *link, uint32_t i);

/* One group of a and b, named by the lower of their roots, so that the
 * names do not depend on the order pairs are met in. */
void groups_join(uint32_t *link, uint32_t a, uint32_t b);

void groups_free(struct groups *g);

#endif
