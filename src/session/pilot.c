/*
 * pilot.c: the autopilot that keeps an unattended sky changing.
 *
 * A scene starts when the last one ends: a quiet spell, a gust, a hunt,
 * a wandering goal, or a fresh flock, drawn in turn from the seed, never
 * the same twice running. Whatever the scene, a flock that one group has
 * held for PILOT_ONE_FLOCK_S seconds is scattered until it parts: for a
 * second and a half, or while it holds together, up to six. Every scene
 * undoes what it did when it ends: the wind calms, the predators leave,
 * the goal goes.
 */
#include <math.h>

#include "pilot.h"

/* seconds to steps */
static long
secs(const struct pilot *p, double s)
{
	return (long)(s * p->rate + 0.5);
}

void
pilot_start(struct pilot *p, uint64_t seed, int rate, long step)
{
	rng_seed(&p->rng, seed, 0x70696c6f74ULL);  /* "pilot" */
	p->rate = rate > 0 ? rate : 1;
	p->scene = PILOT_QUIET;
	p->scene_end = step + secs(p, rng_range(&p->rng, 8, 15));
	p->one_since = -1;
	p->burst_end = -1;
	p->next_goal = 0;
	p->gx = p->gy = 0.5;
	p->gvx = p->gvy = 0;
	p->scenes_since_new = 0;
}

static int
act(struct pilot_action *out, int n, enum pilot_act what, double x,
    double y)
{
	if (n >= PILOT_ACTIONS_MAX)
		return n;
	out[n].act = what;
	out[n].x = x;
	out[n].y = y;
	return n + 1;
}

/* What ends the scene that is ending. */
static int
scene_undo(const struct pilot *p, struct pilot_action *out, int n)
{
	switch (p->scene) {
	case PILOT_GUST:
		return act(out, n, PILOT_CALM, 0, 0);
	case PILOT_HUNT:
		return act(out, n, PILOT_PREDATORS_OFF, 0, 0);
	case PILOT_WANDER:
		return act(out, n, PILOT_GOAL_OFF, 0, 0);
	case PILOT_BURST:
		return act(out, n, PILOT_REGROUP, 0, 0);
	default:
		return n;
	}
}

/* The next scene, never the one just ended; a quiet spell between the
 * busy ones, and a fresh flock at most every eighth scene. */
static enum pilot_scene
scene_next(struct pilot *p, int *fresh)
{
	static const enum pilot_scene busy[] = { PILOT_GUST, PILOT_HUNT,
		PILOT_WANDER };
	enum pilot_scene s;

	*fresh = 0;
	if (p->scene != PILOT_QUIET)
		return PILOT_QUIET;
	if (p->scenes_since_new >= 8 && rng_below(&p->rng, 3) == 0) {
		*fresh = 1;
		p->scenes_since_new = 0;
		return PILOT_QUIET;
	}
	s = busy[rng_below(&p->rng, 3)];
	p->scenes_since_new++;
	return s;
}

/* A goal that drifts across the world and turns back from its edges. */
static int
goal_wander(struct pilot *p, long step, struct pilot_action *out, int n)
{
	if (step < p->next_goal)
		return n;
	p->next_goal = step + secs(p, 1);
	if (rng_below(&p->rng, 4) == 0) {
		double a = rng_range(&p->rng, 0, 2 * M_PI);

		p->gvx = 0.04 * cos(a);
		p->gvy = 0.04 * sin(a);
	}
	p->gx += p->gvx;
	p->gy += p->gvy;
	if (p->gx < 0.15 || p->gx > 0.85)
		p->gvx = -p->gvx;
	if (p->gy < 0.15 || p->gy > 0.85)
		p->gvy = -p->gvy;
	p->gx = fmin(fmax(p->gx, 0.1), 0.9);
	p->gy = fmin(fmax(p->gy, 0.1), 0.9);
	return act(out, n, PILOT_GOAL, p->gx, p->gy);
}

static int
scene_begin(struct pilot *p, long step, struct pilot_action *out, int n)
{
	int fresh, k, many;
	double a;

	p->scene = scene_next(p, &fresh);
	switch (p->scene) {
	case PILOT_QUIET:
		p->scene_end = step + secs(p, rng_range(&p->rng, 10, 25));
		if (fresh) {
			n = act(out, n, PILOT_NEW_FLOCK, 0, 0);
			p->one_since = -1;
		}
		break;
	case PILOT_GUST:
		p->scene_end = step + secs(p, rng_range(&p->rng, 6, 15));
		a = rng_below(&p->rng, 4) * (M_PI / 2);
		n = act(out, n, PILOT_WIND, round(cos(a)), round(sin(a)));
		break;
	case PILOT_HUNT:
		p->scene_end = step + secs(p, rng_range(&p->rng, 10, 25));
		many = 1 + (int)rng_below(&p->rng, 3);
		for (k = 0; k < many; k++)
			n = act(out, n, PILOT_STRIKE, 0, 0);
		break;
	case PILOT_WANDER:
		p->scene_end = step + secs(p, rng_range(&p->rng, 20, 40));
		p->gx = rng_range(&p->rng, 0.2, 0.8);
		p->gy = rng_range(&p->rng, 0.2, 0.8);
		p->next_goal = step;
		a = rng_range(&p->rng, 0, 2 * M_PI);
		p->gvx = 0.04 * cos(a);
		p->gvy = 0.04 * sin(a);
		break;
	default:
		break;
	}
	return n;
}

long
pilot_measure_every(const struct pilot *p, size_t n)
{
	size_t seconds = n > PILOT_MEASURE_BOIDS ?
	    (n - 1) / PILOT_MEASURE_BOIDS + 1 : 1;

	return (long)seconds * p->rate;
}

int
pilot_step(struct pilot *p, long step, int one_flock,
    struct pilot_action *out)
{
	int n = 0;

	if (one_flock == 1 && p->one_since < 0)
		p->one_since = step;
	else if (one_flock == 0)
		p->one_since = -1;

	if (p->scene != PILOT_BURST && p->one_since >= 0 &&
	    step - p->one_since >= secs(p, PILOT_ONE_FLOCK_S)) {
		n = scene_undo(p, out, n);
		p->scene = PILOT_BURST;
		p->scene_end = step + secs(p, PILOT_BURST_S);
		p->burst_end = step + secs(p, PILOT_BURST_MAX_S);
		p->one_since = -1;
		return act(out, n, PILOT_SCATTER, 0, 0);
	}
	/* Still one group, as last measured: scatter on a while yet. */
	if (p->scene == PILOT_BURST && step >= p->scene_end &&
	    p->one_since >= 0 && step < p->burst_end)
		p->scene_end = step + secs(p, 0.5);
	if (step >= p->scene_end) {
		n = scene_undo(p, out, n);
		return scene_begin(p, step, out, n);
	}
	if (p->scene == PILOT_WANDER)
		n = goal_wander(p, step, out, n);
	return n;
}
