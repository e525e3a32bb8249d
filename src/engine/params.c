/*
 * params.c: what the flock flies by when nobody says otherwise: the
 * defaults, and lengths fitted to a world. (The ranges every parameter
 * is held to are flock.c's, which holds them there as it takes them.)
 *
 * When n boids at the default spacing would crowd the world, the
 * lengths the user did not set shrink together, as if the flock were
 * seen from farther away, so a million boids still make a flock on an
 * 80x24 terminal (flock_params_fit()); or the world grows until they no
 * longer crowd it (flock_world_fit()), the choice being the caller's.
 */
#include <math.h>

#include "flock_impl.h"

/* A crowded world: at most this share of it filled at default spacing. */
#define FIT_FILL 0.25f

static const struct flock_params default_params = {
	1.0f, 1.0f, 1.0f,
	FLOCK_DEFAULT_RADIUS, FLOCK_DEFAULT_DISTANCE, FLOCK_DEFAULT_SPEED,
	FLOCK_DEFAULT_TURN, 360.0f,
	0.0f, 0.0f,
	0, 0.5f, 0.5f, 1.0f,
	0, 0, 1, FLOCK_START_AUTO,
	FLOCK_DEFAULT_WANDER, FLOCK_DEFAULT_NEAREST, FLOCK_PERCEIVE_EACH,
	0, 0, 1
};

void
flock_params_default(struct flock_params *p)
{
	*p = default_params;
}

void
flock_params_fit(struct flock_params *p, size_t n, float w, float h,
    int which)
{
	double spacing = FLOCK_DEFAULT_DISTANCE;
	double room = (double)w * h * FIT_FILL / (spacing * spacing);
	float k;

	p->perceive = n > FLOCK_BIG && !(which & FLOCK_SET_RADIUS) ?
	    FLOCK_PERCEIVE_CELLS : FLOCK_PERCEIVE_EACH;
	if ((double)n <= room)
		return;
	k = (float)sqrt(room / (double)n);
	if (!(which & FLOCK_SET_RADIUS))
		p->radius = FLOCK_DEFAULT_RADIUS * k;
	if (!(which & FLOCK_SET_DISTANCE))
		p->distance = FLOCK_DEFAULT_DISTANCE * k;
	/* Only ever slower than the default here (k < 1), never below the
	 * least speed (nor at a NaN, should the world be one). */
	if (!(which & FLOCK_SET_SPEED))
		p->max_speed = !(FLOCK_DEFAULT_SPEED * k >= FLOCK_SPEED_MIN) ?
		    FLOCK_SPEED_MIN : FLOCK_DEFAULT_SPEED * k;
}

int
flock_world_fit(size_t n, float distance, float *w, float *h)
{
	double d = distance > 0.0f ? distance : FLOCK_DEFAULT_DISTANCE;
	double room = (double)*w * *h * FIT_FILL / (d * d), k;

	if ((double)n <= room)
		return 0;
	k = sqrt((double)n / room);
	*w = (float)ceil(*w * k);
	*h = (float)(2.0 * ceil(*h * k * 0.5));
	return 1;
}
