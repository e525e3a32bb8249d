/*
 * ab-side.c: one build of the engine behind three calls, for bench/ab.
 *
 * bench/ab.sh compiles this file against each revision's own headers and
 * links it with that revision's engine into a shared library of its own,
 * so that bench/ab can load two of them into one process and step them
 * in turn. The flock is the benchmark's: default rules, the boids spread
 * at random over a square world sized for a number of neighbours each.
 * Revisions name the step differently (flock_step() in the oldest and
 * the newest, step_flock() between); both are declared weak and
 * whichever the revision has is called. AB_NO_WANDER set in the
 * environment turns the wander off where a revision has one by default,
 * for a step that does the work of the revisions before it. For the
 * step's other paths: AB_SPEED, the speed limit (fast boids move more
 * in a step than a quarter of the radius); AB_PREDATORS, predators;
 * and where a revision has the extensions, AB_FEAR and AB_LEADERS (set:
 * on) and AB_SPECIES, the number of kinds.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "flock.h"
#include "lib/rng.h"

void step_flock(struct flock *f) __attribute__((weak));
void flock_step(struct flock *f) __attribute__((weak));

int ab_make(size_t n, double nbrs);
void ab_lay(int seed);
void ab_step(void);

static struct flock *flock;

/* A flock of n boids in a square world where each has about nbrs
 * neighbours within the default radius; 0, or -1 without memory. */
int
ab_make(size_t n, double nbrs)
{
	struct flock_params p;
	double side;

	const char *speed = getenv("AB_SPEED"), *hunters = getenv("AB_PREDATORS");
	size_t npred = hunters ? (size_t)strtoul(hunters, NULL, 10) : 0;

	flock_params_default(&p);
#ifdef FLOCK_DEFAULT_WANDER
	if (getenv("AB_NO_WANDER"))
		p.wander = 0.0f;
#endif
#ifdef FLOCK_MAX_SPECIES
	p.fear = getenv("AB_FEAR") != NULL;
	p.leaders = getenv("AB_LEADERS") != NULL;
	if (getenv("AB_SPECIES"))
		p.species = atoi(getenv("AB_SPECIES"));
#endif
	if (speed)
		p.max_speed = (float)atof(speed);
	side = sqrt((double)n * M_PI * (double)p.radius * (double)p.radius /
	    nbrs);
	flock = flock_new(n, (float)side, (float)side, &p, 1, npred, 0);
	return flock ? 0 : -1;
}

/* Every boid anew at a random place and heading, from seed: the same
 * flock in every build, as far as their generators agree. It is
 * bench.c's lay_out() again, because this file is built against each
 * revision's own headers, where bench.c is not. */
void
ab_lay(int seed)
{
	struct flock_view v;
	struct rng rng;
	float top = flock_params(flock)->max_speed;
	float *x, *y, *vx, *vy;
	uint32_t *id;
	uint16_t *perch;
	size_t i;

	flock_get_view(flock, &v);
	x = (float *)(uintptr_t)v.x;
	y = (float *)(uintptr_t)v.y;
	vx = (float *)(uintptr_t)v.vx;
	vy = (float *)(uintptr_t)v.vy;
	id = (uint32_t *)(uintptr_t)v.id;
	perch = (uint16_t *)(uintptr_t)v.perch;
	rng_seed(&rng, 5 + (uint64_t)seed, 7);
	for (i = 0; i < v.n; i++) {
		double a = 2.0 * M_PI * rng_unit(&rng);
		double speed = top * rng_range(&rng, 0.5, 1.0);

		x[i] = (float)(v.w * rng_unit(&rng));
		y[i] = (float)(v.h * rng_unit(&rng));
		vx[i] = (float)(speed * cos(a));
		vy[i] = (float)(speed * sin(a));
		id[i] = (uint32_t)i;
		perch[i] = 0;
	}
	/* Where it is: the flock learns that its boids moved. */
	if (v.n > 0)
		flock_place(flock, 0, x[0], y[0], vx[0], vy[0]);
}

void
ab_step(void)
{
	if (step_flock)
		step_flock(flock);
	else
		flock_step(flock);
}
