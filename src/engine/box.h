/*
 * box.h: the box around a few boids that holds every boid closer to one
 * of them than a given distance, and the candidates of a run that lie in
 * it, in the lanes of lanes.h.
 *
 * A big flock's separation compares each tile of boids (kernel.c) with
 * the candidates of the block around it: rows a radius tall, reaching
 * across by the separation distance and the drift. More than half of
 * them lie farther than the distance from every boid of the tile, above
 * or below it mostly, and add nothing; a vector of candidates at a time
 * is held against the box, and only those inside go on, in their order,
 * so that each boid meets the same candidates that count, in the same
 * order, and its sums are the same bits. The box is a little wider than
 * the distance, so that no rounding of the places loses one.
 */
#ifndef BOIDS_BOX_H
#define BOIDS_BOX_H

#include <math.h>
#include <stdint.h>

#include "lanes.h"

struct box {
	vfloat x0, x1, y0, y1;
};

/* The box around the boids of the lanes where live holds (x, y), out to
 * distance and a little more; empty when no lane is live. */
static inline void
box_around(vfloat x, vfloat y, vmask live, float distance, struct box *b)
{
	/* A lane that takes no part, or whose place is not a number,
	 * stands far outside on every side. */
	vmask in = live & vge(x, x) & vge(y, y);
	vfloat right = vsplat(1e30f), left = vsplat(-1e30f);
	float x0 = vleast(vpick(in, x, right));
	float x1 = vgreatest(vpick(in, x, left));
	float y0 = vleast(vpick(in, y, right));
	float y1 = vgreatest(vpick(in, y, left));
	float m;

	/* A hundredth of the distance more, and far more than the
	 * rounding of places as far from the origin as these. */
	m = distance * 1.01f + 1e-5f * (fabsf(x0) + fabsf(x1) + fabsf(y0) +
	    fabsf(y1));
	b->x0 = vsplat(x0 - m);
	b->x1 = vsplat(x1 + m);
	b->y0 = vsplat(y0 - m);
	b->y1 = vsplat(y1 + m);
}

/* Candidates j0 to j1 (places x, y) in box b, into near in order;
 * returns how many. A vector of candidates at a time: x and y are read
 * up to LANES - 1 past j1, and near written up to LANES past the last
 * kept. */
static inline uint32_t
box_keep(const float *x, const float *y, const struct box *b, uint32_t j0,
    uint32_t j1, uint32_t *near)
{
	vint lane = vlane_index();
	uint32_t n = 0, j;

	for (j = j0; j < j1; j += LANES) {
		vfloat px = vload(x + j), py = vload(y + j);
		vmask in = vge(px, b->x0) & vle(px, b->x1) &
		    vge(py, b->y0) & vle(py, b->y1) &
		    vlti(lane, vsplati((int32_t)(j1 - j)));

		n += vcompress_index(near + n, j, vbits(in));
	}
	return n;
}

#endif
