/*
 * params.c: what the flock flies by when nobody says otherwise, and what
 * it may fly by: the defaults, the ranges every parameter is held to,
 * and lengths fitted to a world.
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
	FLOCK_DEFAULT_WANDER, FLOCK_DEFAULT_NEAREST,
	0, 0, 1
};

void
flock_params_default(struct flock_params *p)
{
	*p = default_params;
}

static float
clampf(float v, float lo, float hi)
{
	if (!(v >= lo))   /* NaN goes to the low end */
		return lo;
	return v > hi ? hi : v;
}

void
params_clamp(struct flock_params *p)
{
	p->cohesion = clampf(p->cohesion, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->separation = clampf(p->separation, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->alignment = clampf(p->alignment, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->goal_weight = clampf(p->goal_weight, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT);
	p->radius = clampf(p->radius, 0.0f, FLOCK_RADIUS_LIMIT);
	p->distance = clampf(p->distance, 0.0f, FLOCK_DISTANCE_LIMIT);
	p->wander = clampf(p->wander, 0.0f, FLOCK_WANDER_LIMIT);
	if (p->nearest < 0)
		p->nearest = 0;
	if (p->nearest > FLOCK_NEAREST_LIMIT)
		p->nearest = FLOCK_NEAREST_LIMIT;
	p->max_speed = clampf(p->max_speed, FLOCK_SPEED_MIN,
	    FLOCK_SPEED_LIMIT);
	p->max_turn = clampf(p->max_turn, 0.0f, 180.0f);
	p->fov = clampf(p->fov, 1.0f, 360.0f);
	p->wind_x = clampf(p->wind_x, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT);
	p->wind_y = clampf(p->wind_y, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT);
	p->goal_x = clampf(p->goal_x, 0.0f, 1.0f);
	p->goal_y = clampf(p->goal_y, 0.0f, 1.0f);
	p->fear = p->fear != 0;
	p->leaders = p->leaders != 0;
	if (p->species < 1)
		p->species = 1;
	if (p->species > FLOCK_MAX_SPECIES)
		p->species = FLOCK_MAX_SPECIES;
}

void
flock_params_fit(struct flock_params *p, size_t n, float w, float h,
    int which)
{
	double spacing = FLOCK_DEFAULT_DISTANCE;
	double room = (double)w * h * FIT_FILL / (spacing * spacing);
	float k;

	if ((double)n <= room)
		return;
	k = (float)sqrt(room / (double)n);
	if (!(which & FLOCK_SET_RADIUS))
		p->radius = FLOCK_DEFAULT_RADIUS * k;
	if (!(which & FLOCK_SET_DISTANCE))
		p->distance = FLOCK_DEFAULT_DISTANCE * k;
	if (!(which & FLOCK_SET_SPEED))
		p->max_speed = clampf(FLOCK_DEFAULT_SPEED * k, FLOCK_SPEED_MIN,
		    FLOCK_SPEED_LIMIT);
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
