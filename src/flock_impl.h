/*
 * flock_impl.h: the engine's inside, shared by its modules (flock.c, the
 * state; step.c, the rules and the step; agents.c, predators, obstacles
 * and perching; stats.c, the measures of a flock) and by nothing else.
 */
#ifndef BOIDS_FLOCK_IMPL_H
#define BOIDS_FLOCK_IMPL_H

#include "flock.h"
#include "grid.h"
#include "rng.h"

/* One copy of the boids' state, structure of arrays. */
struct boids {
	float *x, *y, *vx, *vy;
	uint32_t *id;
	uint16_t *perch;   /* steps left to rest; 0 while flying */
};

/*
 * What the parameters mean for one step, worked out once: squares instead
 * of lengths so that no pair needs a square root, cosines instead of
 * angles, the goal in world units.
 */
struct rules {
	float m1, m2, m3;          /* m1 already negative when scattering */
	float radius2, distance2;
	int whole_flock;           /* radius 0 */
	int fov_all;
	int fov_wide;              /* fov above 180 degrees */
	float fov_cos2;
	float max_speed, max_speed2;
	int turn_limited;
	float turn_cos, turn_sin;
	float wind_x, wind_y;
	int goal_on;
	float goal_x, goal_y, goal_weight, goal_cap, goal_slow;
	int bounds;
	float left, right, top, bottom;
	float spring_x, spring_y;   /* push per unit of depth in a margin */
	int perch;
	float ground;
	float fear, fear2, flee;
	float look;                /* obstacle look-ahead */
	float clearance;
};

struct predators {
	size_t n;
	float x[FLOCK_MAX_PREDATORS], y[FLOCK_MAX_PREDATORS];
	float vx[FLOCK_MAX_PREDATORS], vy[FLOCK_MAX_PREDATORS];
};

struct obstacles {
	size_t n;
	float x[FLOCK_MAX_OBSTACLES], y[FLOCK_MAX_OBSTACLES];
	float r[FLOCK_MAX_OBSTACLES];
};

struct flock {
	size_t n;
	float w, h;
	struct flock_params params;
	struct rules rules;
	struct boids cur;          /* the state now */
	struct boids sorted;       /* last state in cell order, read by a step */
	float *scratch;            /* one float a boid, for statistics */
	struct grid grid;
	double sum_x, sum_y, sum_vx, sum_vy;  /* whole-flock sums, radius 0 */
	uint64_t seed;
	long step;
	uint64_t perceived;        /* neighbours perceived in the last step */
	struct predators pred;
	struct predators pred_next;
	struct obstacles obst;
	size_t obstacles_wanted;
	struct rng agents_rng;     /* predators added later, by key */
};

#define FLOCK_PI 3.14159265358979323846

/*
 * Whether two vectors are at most an angle apart, without square roots:
 * dot is their dot product, bound the squared cosine of the angle times
 * both squared lengths, wide whether the angle exceeds 90 degrees.
 */
static inline int
angle_within(float dot, float bound, int wide)
{
	if (wide)
		return dot >= 0.0f || dot * dot <= bound;
	return dot >= 0.0f && dot * dot >= bound;
}

/* flock.c */
void flock_derive_rules(struct flock *f);
size_t flock_index_of(const struct boids *b, size_t n, size_t id);
int flock_regrid(struct flock *f);
void flock_sort(struct flock *f);

/* agents.c */
void agents_place_predators(struct flock *f, size_t n);
void agents_place_obstacles(struct flock *f, size_t n);
void agents_flee(const struct flock *f, float x, float y, float *ax,
    float *ay);
void agents_avoid(const struct flock *f, float x, float y, float vx,
    float vy, float *ax, float *ay);
void agents_keep_out(const struct flock *f, float *x, float *y, float *vx,
    float *vy);
int agents_land(const struct flock *f, uint32_t id, float x, float *y,
    float *vx, float *vy, uint16_t *perch);
void agents_step_predators(struct flock *f);
void agents_scale(struct flock *f, float sx, float sy);

/* Shared by boids and predators. */
void rules_limit_turn(float ox, float oy, float *nx, float *ny, float cosmax,
    float sinmax);
void rules_limit_speed(float *vx, float *vy, float max_speed);
void rules_hold(const struct rules *r, float x, float y, float *ax,
    float *ay);
void rules_spring(const struct rules *r, float x, float y, float *vx,
    float *vy);

#endif
