/*
 * sign.h: the flock writing a text (--say, --clock), and letting go.
 *
 * A sign is a text laid out in the font (lettering.h) as large as the
 * world inside its margins and the flock allow, centred there. Each cell
 * of its strokes is a point that a boid is given as its target (the
 * engine's flock_target()): it flies there, hovers round it, and the
 * text stands written in boids, while the boids that do not write fly
 * round it. The sign holds for SIGN_HOLD steps, lets go for SIGN_FREE
 * steps of free flight, and forms again, the writers chosen and placed
 * anew from where the boids are then; a scatter (`s`) lets go of it at
 * once, and when it forms again the scatter ends. A sign whose world
 * shrinks too small for it, or whose flock becomes too few for it, lets
 * go, and forms again once it fits. Every choice follows from the flock
 * and the step, so a flight with a sign is as much a function of its
 * options and seed as any other.
 */
#ifndef BOIDS_SIGN_H
#define BOIDS_SIGN_H

#include <stdio.h>

#include "engine/flock.h"
#include "lettering.h"
#include "options/optable.h"

/* The cycle, in steps: thirty seconds held and eight flown free at the
 * default rate of thirty steps a second. */
#define SIGN_HOLD 900
#define SIGN_FREE 240

/* The writers: at least one for each cell of the strokes, and as many
 * more as leave an eighth of the flock free, up to two a cell. */
#define SIGN_FREE_SHARE 8
#define SIGN_MOST_EACH 2

struct sign {
	int on;
	const char *option;       /* what asked for it: "--say", "--clock" */
	char text[OPTABLE_SAY_MAX + 1];   /* what it writes */
	char shape[OPTABLE_SAY_MAX + 1];  /* what its size is chosen for */
	struct lettering l;
	int laid;                 /* l is the text laid out for the world */
	int stale;                /* the text changed: lay it out again */
	/* What l was laid out for. */
	const struct flock *flock;
	size_t n;
	float w, h;
	int held;                 /* the boids write; else they fly free */
	long until;               /* the step this phase ends at */
	int placed;               /* the writers have their targets */
};

/*
 * A sign of text, sized for shape (the widest text it will write; text
 * itself when NULL), on flock f. 0; or -1 with a line on err (and the
 * hint to --help) when it fits neither the world nor the flock at any
 * scale, or is blank; -2 when the memory is not there. option names
 * what asked for it, in that line.
 */
int sign_start(struct sign *g, const char *option, const char *text,
    const char *shape, const struct flock *f, FILE *err);
void sign_end(struct sign *g);

/* The text written from the next step on. */
void sign_text(struct sign *g, const char *text);

/* After each step of f, the step-th: the sign laid out anew for a new
 * flock or world, let go or formed as its cycle says. */
void sign_step(struct sign *g, struct flock *f, long step);

/* Whether the world's cell (col, row) is one of the strokes. */
int sign_at(const struct sign *g, int col, int row);

#endif
