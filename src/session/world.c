/*
 * world.c: the world a terminal shows, and the flock made for a world.
 *
 * A terminal of COLS by LINES shows its world above the status line, a
 * cell being one world unit across and two down; a flock's lengths that
 * the options leave open are fitted to whatever world it flies in. The
 * memory a flock needs is asked of the machine before any is taken, so
 * that a million boids too many is refused, not swapped.
 */
#include "lib/memory.h"
#include "world.h"

void
world_of(int cols, int lines, float *w, float *h)
{
	*w = (float)cols;
	*h = 2.0f * (float)(lines - 1);
}

void
world_fit(const struct options *o, struct flock_params *p, float w,
    float h)
{
	p->radius = o->params.radius;
	p->distance = o->params.distance;
	p->max_speed = o->params.max_speed;
	flock_params_fit(p, o->count, w, h, o->set);
}

int
world_flock_fits(const struct options *o, double *need)
{
	*need = (double)o->count * (double)(flock_bytes_per_boid() +
	    flock_extra_bytes_per_boid(&o->params));
	return memory_fits(*need);
}

struct flock *
world_flock(const struct options *o, float w, float h, uint64_t seed)
{
	struct flock_params p = o->params;
	double need;

	if (!world_flock_fits(o, &need))
		return NULL;
	world_fit(o, &p, w, h);
	return flock_new(o->count, w, h, &p, seed, o->predators,
	    o->obstacles);
}

uint64_t
world_next_seed(uint64_t seed, uint64_t restarts)
{
	return seed + (restarts + 1) * 0x9e3779b97f4a7c15ULL;
}
