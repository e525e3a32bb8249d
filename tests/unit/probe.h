/*
 * probe.h: for tests that build a scene by hand and look at what one
 * step did to it: the pseudocode's three rules alone, and one boid of a
 * flock read back by its id. The engine keeps boids in cell order, which
 * changes every step; the id does not.
 */
#ifndef BOIDS_PROBE_H
#define BOIDS_PROBE_H

#include <math.h>

#include "engine/flock.h"

/* The pseudocode's rules alone, with multipliers m1, m2 and m3: no
 * walls, no turn limit, the speed limit at its widest, no wander. */
static inline struct flock_params
only(float m1, float m2, float m3)
{
	struct flock_params p;

	flock_params_default(&p);
	p.cohesion = m1;
	p.separation = m2;
	p.alignment = m3;
	p.bounds = 0;
	p.max_turn = 180.0f;
	p.max_speed = FLOCK_SPEED_LIMIT;
	p.wander = 0.0f;
	return p;
}

struct probe {
	float x, y, vx, vy;
	unsigned perch;
};

/* Boid `id` as it is now; NaN everywhere if there is no such boid. */
static struct probe
probe_boid(const struct flock *f, size_t id)
{
	struct probe b = { NAN, NAN, NAN, NAN, 0 };
	struct flock_view v;
	size_t i;

	flock_get_view(f, &v);
	for (i = 0; i < v.n; i++)
		if (v.id[i] == id) {
			b.x = v.x[i];
			b.y = v.y[i];
			b.vx = v.vx[i];
			b.vy = v.vy[i];
			b.perch = v.perch[i];
		}
	return b;
}

#endif
