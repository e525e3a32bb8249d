/*
 * steer.c: what the parameters mean for a step, and the steering rules
 * that run only for some boids (the goal, flight from a point) or for one
 * agent at a time (a predator's move). The rules every boid runs in every
 * step are inline in steer.h, where the step's loops can make vector code
 * of them; see there for the rules' forms.
 */
#include <math.h>
#include <string.h>

#include "steer.h"

/*
 * Separation's strength: a neighbour at half the separation distance
 * pushes by 1.5 times this share of the speed limit each step (the weight
 * D/r - r/D of steer.h's sum). Strong enough that neighbours settle near
 * the distance, weak enough that the turn limit, not the push, shapes the
 * motion: boids slow and veer apart rather than bounce.
 */
#define SEPARATION_STRENGTH 0.5f

/* Scatter turns cohesion into at least this much repulsion, so that `s`
 * scatters even when m1 is 0 or already negative and small. */
#define SCATTER_LEAST 1.0f

/* Pull toward the goal, at most this fraction of the speed limit a step:
 * a boid at full speed pulled so turns round a circle of about 8 cells,
 * about as tight as a flock of a few hundred wheels. */
#define GOAL_CAP_FACTOR 0.06f
/* Flight from the goal: at the place, this share of the speed limit
 * (times the weight), falling to nothing at this share of the world's
 * smaller side: the flock keeps well away, yet flies as a flock beyond. */
#define GOAL_FLEE_FACTOR 1.0f
#define GOAL_FLIGHT_SHARE 0.5f

/*
 * Soft bounds: inside a margin along each edge a boid is pushed back in
 * proportion to how deep it is, like a spring, stiff enough that a boid
 * at full speed turns within TURN_SHARE of the margin. A constant push
 * (the pseudocode's) either lets a flock sail off-screen or, made
 * strong, slams it back; the spring turns it in a smooth arc.
 */
#define BOUND_MARGIN_FRACTION 0.12f
#define BOUND_MARGIN_MAX 10.0f
#define TURN_SHARE 0.7f

static float
bound_margin(float size)
{
	float m = size * BOUND_MARGIN_FRACTION;

	if (m < 0.5f)
		m = 0.5f;
	return m < BOUND_MARGIN_MAX ? m : BOUND_MARGIN_MAX;
}

static void
derive_fov(struct rules *r, float fov)
{
	double half = (double)fov * 0.5 * FLOCK_PI / 180.0;
	double c = cos(half);

	r->fov_all = fov >= 360.0f;
	r->fov_wide = c < 0.0;
	r->fov_cos2 = (float)(c * c);
}

static void
derive_bounds(struct rules *r, const struct flock_params *p, float w,
    float h)
{
	float mx = bound_margin(w), my = bound_margin(h);
	float tx = TURN_SHARE * mx, ty = TURN_SHARE * my;

	r->bounds = p->bounds;
	r->left = mx;
	r->right = w - mx;
	r->top = my;
	r->bottom = h - my;
	r->spring_x = p->max_speed * p->max_speed / (tx * tx);
	r->spring_y = p->max_speed * p->max_speed / (ty * ty);
	r->perch = p->perch;
	r->ground = h - 1.0f;
	if (r->perch) {
		/* The lower bound sits a little above the ground. */
		r->bottom = h - 3.0f;
		if (r->bottom < h * 0.5f)
			r->bottom = h * 0.5f;
	}
}

static void
derive_separation(struct rules *r, const struct flock_params *p)
{
	r->distance2 = p->distance * p->distance;
	r->inv_distance2 = r->distance2 > 0.0f ? 1.0f / r->distance2 : 0.0f;
	r->separation = p->separation * SEPARATION_STRENGTH * p->distance *
	    p->max_speed;
}

static void
derive_goal(struct rules *r, const struct flock_params *p, float w, float h)
{
	r->goal_on = p->goal_on;
	r->goal_x = p->goal_x * w;
	r->goal_y = p->goal_y * h;
	r->goal_weight = p->goal_weight;
	r->goal_cap = GOAL_CAP_FACTOR * p->max_speed;
	r->flight = GOAL_FLIGHT_SHARE * (w < h ? w : h);
}

void
steer_derive(struct rules *r, const struct flock_params *p, float w, float h)
{
	double turn = (double)p->max_turn * FLOCK_PI / 180.0;
	float m1 = fabsf(p->cohesion);
	int k;

	memset(r, 0, sizeof *r);
	r->m1 = p->scatter ? -(m1 > SCATTER_LEAST ? m1 : SCATTER_LEAST) :
	    p->cohesion;
	r->m3 = p->alignment;
	r->whole_flock = p->radius <= 0.0f;
	r->nearest = r->whole_flock ? 0 : p->nearest;
	/* The cells' sums are of every boid round about: a field of view,
	 * the nearest few or kinds apart need each boid. */
	r->cells = p->perceive == FLOCK_PERCEIVE_CELLS && !r->whole_flock &&
	    p->nearest == 0 && p->fov >= 360.0f && p->species < 2;
	r->radius2 = p->radius * p->radius;
	derive_separation(r, p);
	derive_fov(r, p->fov);
	r->max_speed = p->max_speed;
	r->top_speed = p->fear ? p->max_speed * (1.0f + STEER_FEAR_SPEED) :
	    p->max_speed;
	r->turn_limited = p->max_turn < 180.0f;
	r->turn_cos = (float)cos(turn);
	r->turn_sin = (float)sin(turn);
	r->turn_wide = r->turn_cos < 0.0f;
	r->wind_x = p->wind_x;
	r->wind_y = p->wind_y;
	derive_goal(r, p, w, h);
	derive_bounds(r, p, w, h);
	r->fear = p->distance > 0.0f ? 6.0f * p->distance :
	    p->radius > 0.0f ? 2.0f * p->radius : 12.0f;
	r->flee = p->max_speed;
	r->look = 12.0f * p->max_speed;
	r->clearance = p->distance > 0.0f ? p->distance : 1.0f;
	r->wander = p->wander * p->max_speed;
	r->species = p->species > 1 ? p->species : 1;
	r->fearful = p->fear;
	r->leaders = p->leaders;
	r->fear_thrust = STEER_FEAR_THRUST * p->max_speed;
	r->kin_flee = STEER_KIN_FLEE * p->max_speed;
	r->kin_reach = p->radius > 0.0f ? p->radius : r->flight;
	for (k = 0; k < STEER_WANDER_WAYS; k++) {
		double a = 2.0 * FLOCK_PI * k / STEER_WANDER_WAYS;

		r->wander_x[k] = (float)cos(a);
		r->wander_y[k] = (float)sin(a);
	}
}

void
steer_flee(float dx, float dy, float most, float reach, float *ax,
    float *ay)
{
	float d2 = dx * dx + dy * dy, d, push;

	if (d2 >= reach * reach || d2 <= 0.0f)
		return;
	d = sqrtf(d2);
	push = most * (1.0f - d / reach) / d;
	*ax += dx * push;
	*ay += dy * push;
}

/*
 * Seek: tend to place, 1% of the way, capped at GOAL_CAP_FACTOR of the
 * speed limit beyond a few cells, so that alignment, not the goal, rules
 * how the boids fly: the flock turns toward the goal as one, passes
 * through it and comes round again. Pulled harder, or slowed to arrive,
 * each boid swings through the goal on its own and the flock becomes a
 * cloud of gnats round it. Flee: the speed limit times the
 * weight at the place, fading to nothing at the flight radius, as a boid
 * flees a predator; the pseudocode's negated tend_to_place would push
 * hardest far away and least near the place.
 */
void
steer_goal(const struct rules *r, float x, float y, float *ax, float *ay)
{
	float dx = r->goal_x - x, dy = r->goal_y - y;
	float px = dx * STEER_GOAL_FACTOR, py = dy * STEER_GOAL_FACTOR;
	float p2 = px * px + py * py;

	if (r->goal_weight < 0.0f) {
		steer_flee(-dx, -dy, -r->goal_weight * GOAL_FLEE_FACTOR *
		    r->max_speed, r->flight, ax, ay);
		return;
	}
	if (p2 > r->goal_cap * r->goal_cap) {
		float k = r->goal_cap / sqrtf(p2);

		px *= k;
		py *= k;
	}
	*ax += r->goal_weight * px;
	*ay += r->goal_weight * py;
}

void
steer_move(const struct rules *r, float x, float y, float vx, float vy,
    float ax, float ay, float turn_cos, float turn_sin, float top,
    float *nvx, float *nvy)
{
	if (r->bounds)
		steer_bounds(r, x, y, &ax, &ay);
	*nvx = vx + ax;
	*nvy = vy + ay;
	if (r->turn_limited)
		steer_limit_turn(vx, vy, nvx, nvy, turn_cos, turn_sin,
		    turn_cos < 0.0f);
	steer_limit_speed(nvx, nvy, top);
}
