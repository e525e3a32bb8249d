/*
 * flock.h: the boids engine.
 *
 * A flock is a set of boids in a rectangular world, stepped synchronously:
 * every boid reads the previous state and writes the next one, so the order
 * of the loop never matters. Positions are in world units: one unit is the
 * width of a character cell, and a cell is two units tall, so a circle in
 * the world is round on screen. x grows to the right and y grows downward,
 * as columns and rows do; the world spans [0, w) by [0, h).
 *
 * The engine knows nothing of terminals or I/O and allocates nothing once
 * the flock exists: flock_step() only reads and writes its own arrays.
 */
#ifndef BOIDS_FLOCK_H
#define BOIDS_FLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "flock_params.h"

/* Limits that the option parser, the keys and the engine agree on. */
#define FLOCK_MAX_BOIDS 10000000
#define FLOCK_MAX_PREDATORS 100
#define FLOCK_MAX_OBSTACLES 100
#define FLOCK_WEIGHT_LIMIT 10.0f   /* |m1|, |m2|, |m3|, |goal weight| */
#define FLOCK_WIND_LIMIT 1.0f      /* |wind x|, |wind y| */
#define FLOCK_RADIUS_LIMIT 100.0f
#define FLOCK_DISTANCE_LIMIT 100.0f
#define FLOCK_SPEED_MIN 0.01f
#define FLOCK_SPEED_LIMIT 10.0f

/* Defaults, tuned for a few hundred boids on an ordinary terminal. */
#define FLOCK_DEFAULT_RADIUS 10.0f
#define FLOCK_DEFAULT_DISTANCE 2.0f
#define FLOCK_DEFAULT_SPEED 0.5f
#define FLOCK_DEFAULT_TURN 15.0f   /* degrees per step */
#define FLOCK_DEFAULT_WANDER 0.15f
#define FLOCK_WANDER_LIMIT 1.0f
#define FLOCK_DEFAULT_NEAREST 0
#define FLOCK_NEAREST_LIMIT 64
#define FLOCK_MAX_SPECIES 4

/* A boid counts as afraid, for the measures and the screen, from this
 * level of fear on (fear runs from 0, calm, to 1, panic). */
#define FLOCK_AFRAID 0.25f

/*
 * How a flock starts. EDGES: a few groups fly in from random places
 * outside the world, each at its own distance, so they arrive at
 * different times; RANDOM: spread over the world with random headings;
 * AUTO: edges while the whole flock can fly in within about two seconds,
 * random beyond.
 */
enum flock_start { FLOCK_START_AUTO, FLOCK_START_EDGES, FLOCK_START_RANDOM };

/* The start AUTO means for n boids with these parameters in a w by h
 * world: FLOCK_START_EDGES or FLOCK_START_RANDOM. */
int flock_start_chosen(const struct flock_params *p, size_t n, float w,
    float h);

/* Kinds of agent, as the trace and the renderer name them. */
enum flock_kind { FLOCK_BOID, FLOCK_PREDATOR, FLOCK_OBSTACLE };

/*
 * A read-only view of the current state for the renderer, the statistics
 * and the trace. Boids are in cell order, which changes every step; id[]
 * names each boid across steps. perch[i] > 0 while boid i rests. The
 * extensions' arrays are NULL while they are off: kind[i] is boid i's
 * species, 0 to species - 1; fear[i] its fear, 0 to 1; lead[i] > 0 while
 * it leads. afraid and leaders count the boids afraid and leading.
 */
struct flock_view {
	size_t n;
	const float *x, *y, *vx, *vy;
	const uint32_t *id;
	const uint16_t *perch;
	const uint8_t *kind;
	const float *fear;
	const uint16_t *lead;
	int species;
	size_t afraid, leaders;
	size_t npred;
	const float *px, *py, *pvx, *pvy;
	size_t nobst;
	const float *ox, *oy, *orad;
	float w, h;
	long step;
};

struct flock_stats {
	long step;
	double order;         /* |sum v| / sum |v| */
	double speed;         /* mean |v| */
	double spread;        /* RMS distance to the centroid */
	double nnd;           /* mean nearest-neighbour distance */
	double minsep;        /* smallest pair distance */
	double nbrs;          /* mean neighbours perceived in the last step */
	size_t perched;       /* boids resting on the ground */
	double predator_dist; /* mean prey-to-nearest-predator distance */
	size_t inside;        /* boids inside an obstacle */
	size_t groups;        /* groups of at least FLOCK_GROUP_LEAST boids */
	double mill;          /* median rotation order of the groups */
	size_t largest;       /* boids in the largest group, any size */
	double afraid;        /* share of boids afraid (--fear) */
	size_t leaders;       /* boids leading (--leaders) */
	/* With species: each one's groups (of its own kind alone) and order,
	 * and the share of the boids in groups that are of their group's
	 * commonest species. */
	size_t kind_groups[FLOCK_MAX_SPECIES];
	double kind_order[FLOCK_MAX_SPECIES];
	double pure;
};

/* A group: boids linked by gaps of at most FLOCK_GROUP_GAP separation
 * distances, at least FLOCK_GROUP_LEAST of them. */
#define FLOCK_GROUP_LEAST 5
#define FLOCK_GROUP_GAP 2.0f

struct flock;

/* Heap bytes a flock of n boids needs, for a check before allocating;
 * the extensions p switches on take flock_extra_bytes_per_boid() more.
 * The cells the measure links the groups through, taken at its first
 * call (about a dozen bytes a boid in a flock as crowded as the program
 * makes one, at most twenty), are not counted: where their memory is not
 * there, the measure links the groups through the grid instead. */
size_t flock_bytes_per_boid(void);
size_t flock_extra_bytes_per_boid(const struct flock_params *p);

/*
 * A new flock of n boids in a w by h world, started as p->start says
 * from seed, with npred predators and nobst obstacles. NULL when memory
 * runs out. Parameters are copied; see flock_set_params().
 *
 * The engine steps large flocks on threads of its own, started with the
 * first flock that may use them, here. Should there be no memory for
 * them, flock_new() fails, and flock_threads_refused(NULL) answers
 * ENOMEM. Should the system refuse them otherwise (a limit on processes
 * or threads), the flock is made all the same and steps on one thread,
 * flying the same flight: flock_threads_refused(f) answers the error
 * (EAGAIN) while that keeps flock f to one thread where it would use
 * more, and 0 otherwise.
 */
struct flock *flock_new(size_t n, float w, float h,
    const struct flock_params *p, uint64_t seed, size_t npred, size_t nobst);
void flock_free(struct flock *f);
int flock_threads_refused(const struct flock *f);

/* A fresh random flock in the same world, as if just created from seed. */
void flock_reset(struct flock *f, uint64_t seed);

/* Change the world's size; boids, predators and obstacles keep their
 * relative places. */
void flock_resize(struct flock *f, float w, float h);

/* Replace the parameters (values outside the documented ranges are
 * clamped); takes effect at the next step. Returns 0, or -1 when a new
 * radius or distance needs memory that is not there (nothing changes). */
int flock_set_params(struct flock *f, const struct flock_params *p);
const struct flock_params *flock_params(const struct flock *f);

/* Defaults for every parameter. */
void flock_params_default(struct flock_params *p);

/*
 * Lengths scaled for a crowded world: when n boids at the default spacing
 * would not fit in a w by h world, radius, distance and speed shrink
 * together, as if seen from farther away. Only the values the user did not
 * set (flags in `which`) change. And how a boid perceives: a flock of
 * more than FLOCK_BIG boids whose radius the user did not set perceives
 * through the cells around each boid (FLOCK_PERCEIVE_CELLS), any other
 * flock each boid within the radius.
 */
#define FLOCK_BIG 20000
#define FLOCK_SET_RADIUS 1
#define FLOCK_SET_DISTANCE 2
#define FLOCK_SET_SPEED 4
void flock_params_fit(struct flock_params *p, size_t n, float w, float h,
    int which);

/*
 * The other way to make room: a world of the same shape as w by h, grown
 * until n boids at spacing distance no longer crowd it (whole cells:
 * w whole, h even). Returns 1 when it grew, 0 when w by h had room.
 */
int flock_world_fit(size_t n, float distance, float *w, float *h);

void flock_step(struct flock *f);

/*
 * The builds of the step's inner loops (kernel.h), which fly the same
 * flight at different speeds: the one in use (the widest the processor
 * runs, unless another was chosen), the k-th of this program's, widest
 * first (NULL past the last), and the choice of one by name: 0, or -1
 * when the processor cannot run it.
 */
const char *flock_kernel_name(void);
const char *flock_kernel_each(size_t k);
int flock_kernel_use(const char *name);

/* The places the `g` key puts the goal, in turn, as fractions of the
 * world: the middle, then the four quarter points. Obstacles keep clear
 * of them, and of the goal wherever it is put. */
#define FLOCK_GOAL_PLACES 5
void flock_goal_place(size_t k, float *x, float *y);

int flock_add_predator(struct flock *f);   /* 0, or -1 when full */
void flock_clear_predators(struct flock *f);

void flock_get_view(const struct flock *f, struct flock_view *v);
void flock_measure(struct flock *f, struct flock_stats *s);

/*
 * The ids of the boids that boid `id` perceives in the current state
 * (within the radius and the field of view), found through the grid the
 * way a step finds them; at most cap are stored, the count is returned.
 * With radius 0 every other boid is perceived. A flock perceiving
 * through the cells (FLOCK_PERCEIVE_CELLS) weighs the boids of about two
 * radii instead: here, too, the boids within the radius are given.
 */
size_t flock_perceived(struct flock *f, size_t id, uint32_t *ids,
    size_t cap);

/*
 * Targets: a point of the world for each of some boids, named by id,
 * which the boid flies to and then hovers round, as the flock writing a
 * sign does. A boid with a target seeks it (Reynolds' seek), slowing as
 * it comes near so that it arrives without overshooting (his arrival),
 * and then circles it a quarter of a cell away, in a phase of its own;
 * it heeds nothing else meanwhile (neighbours, goal, predators), and
 * makes up for the wind's drift where its speed allows. The other boids
 * keep out of an area, the one the targets lie in, pushed out of it
 * toward its nearest edge. A step with no target set costs nothing
 * more: it flies as if targets did not exist. A new start (flock_reset())
 * takes every target and the area away; a resize moves them with the
 * world.
 */
/* Boid id's target, at (x, y); 0, or -1 when the memory for targets,
 * taken the first time, is not there. */
int flock_target(struct flock *f, size_t id, float x, float y);
/* Every target taken away, and the area with them. */
void flock_target_none(struct flock *f);
/* The area the boids without a target keep out of: x0 to x1, y0 to y1;
 * none when x1 <= x0 or y1 <= y0. */
void flock_target_area(struct flock *f, float x0, float y0, float x1,
    float y1);
/* How many boids have a target. */
size_t flock_targeted(const struct flock *f);
/* The part of the world inside the soft bounds' margins, where nothing
 * pushes a boid back in: a target there is held still. */
void flock_inner(const struct flock *f, float *x0, float *y0, float *x1,
    float *y1);

/* Direct placement, for tests and for scenes built by hand; the fear
 * and the leadership of a boid too, when they are on (lead: the steps
 * it leads for, 0 for none). */
void flock_place(struct flock *f, size_t id, float x, float y, float vx,
    float vy);
void flock_frighten(struct flock *f, size_t id, float fear);
void flock_lead(struct flock *f, size_t id, unsigned steps);
void flock_place_predator(struct flock *f, size_t k, float x, float y,
    float vx, float vy);
void flock_place_obstacle(struct flock *f, size_t k, float x, float y,
    float r);

#endif
