/*
 * require.h: what the fuzz targets insist on. A failed invariant aborts,
 * so that libFuzzer keeps the input that broke it.
 */
#ifndef BOIDS_REQUIRE_H
#define BOIDS_REQUIRE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/flock.h"

#define REQUIRE(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
		abort(); \
	} \
} while (0)

/* Every boid, predator and obstacle is somewhere real. */
static void
require_flock_real(const struct flock *f)
{
	struct flock_view v;
	size_t i;

	flock_get_view(f, &v);
	for (i = 0; i < v.n; i++)
		REQUIRE(isfinite(v.x[i]) && isfinite(v.y[i]) &&
		    isfinite(v.vx[i]) && isfinite(v.vy[i]));
	for (i = 0; i < v.npred; i++)
		REQUIRE(isfinite(v.px[i]) && isfinite(v.py[i]) &&
		    isfinite(v.pvx[i]) && isfinite(v.pvy[i]));
	for (i = 0; i < v.nobst; i++)
		REQUIRE(isfinite(v.ox[i]) && isfinite(v.oy[i]) &&
		    isfinite(v.orad[i]) && v.orad[i] > 0.0f);
}

#endif
