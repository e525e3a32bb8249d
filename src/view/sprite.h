/*
 * sprite.h: the small shapes a flock is drawn with in pixels.
 *
 * A boid is a dart, its nose toward its heading, in SPRITE_HEADINGS
 * turns; a predator the same dart larger; a boid at rest a short flat
 * bar; the goal a ring round a dot. Each shape is a mask made once,
 * when the sprites' size is chosen, by turning the shape's outline and
 * filling the pixels it covers at least half of (no antialiasing: a
 * pixel is drawn or not, in one colour), and a list of those pixels,
 * which is what a frame draws.
 */
#ifndef BOIDS_SPRITE_H
#define BOIDS_SPRITE_H

#include "term/image.h"

#define SPRITE_HEADINGS 32

/* The shapes, by index: a boid's and a predator's for each heading. */
enum {
	SPRITE_BOID = 0,
	SPRITE_PREDATOR = SPRITE_HEADINGS,
	SPRITE_PERCHED = 2 * SPRITE_HEADINGS,
	SPRITE_GOAL,
	SPRITE_COUNT
};

/* A boid's length, nose to tail, in pixels: a cell's width, within
 * these bounds; a predator's is this much longer. */
#define SPRITE_MIN 6
#define SPRITE_MAX 12
#define SPRITE_PREDATOR_SCALE 1.6

/* A pixel of a shape, from its mask's top-left corner. */
struct sprite_px {
	unsigned char x, y;
};

struct sprite_set {
	int length;                        /* a boid's; 0 before any */
	struct image_shape shape[SPRITE_COUNT];
	int first[SPRITE_COUNT + 1];       /* shape s's pixels: px[first[s]]
	                                    * to px[first[s + 1] - 1] */
	struct sprite_px *px;
	unsigned char *masks;
};

/* The length of a boid in cells w pixels wide. */
int sprite_length(int cell_w);

/* Every shape for boids length pixels long: 0, or -1 when memory runs
 * out (the set is then empty). */
int sprite_make(struct sprite_set *s, int length);
void sprite_free(struct sprite_set *s);

/* The heading of (dx, dy), on screen (y down), as 0 (east) to
 * SPRITE_HEADINGS - 1 clockwise, each centred on its direction; 0 for
 * no heading. */
int sprite_heading(double dx, double dy);

/* The direction of heading k, in radians clockwise on screen from
 * east. */
double sprite_angle(int k);

#endif
