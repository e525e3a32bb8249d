/*
 * trails.h: where the boids have just been, fading behind them.
 *
 * A trail is kept where it is drawn, in the screen's own units: a grid
 * of the cells, or of the picture's pixels, each with the frames it has
 * left to show and what it shows (the tone and species of the boids
 * that left a cell; the colour of the boid that crossed a pixel). Its
 * cost is the screen's, not the flock's: a frame passes once over the
 * grid, so a trail costs as much for a million boids as for ten. The
 * grid is tied to the world, not to the screen: when the camera pans,
 * what it holds moves with the world by whole cells or pixels; when it
 * zooms, or the screen takes another size, it starts empty.
 *
 * In cells, a cell a boid has left shows a small ring in the boids'
 * colour for the first half of its time, a dot for the second, then
 * nothing (in ASCII a colon, then a full stop). In
 * pixels, each boid draws the way it came since the last frame, a line
 * a pixel wide behind its dart, in its colour, which fades toward the
 * background frame by frame; under a density image there are none.
 * Nothing here allocates but when the grid grows.
 */
#ifndef BOIDS_TRAILS_H
#define BOIDS_TRAILS_H

#include <stddef.h>

#include "camera.h"
#include "engine/flock.h"
#include "field.h"
#include "pixels.h"

/* How long a trail lasts: about this long in frames at the rate drawn,
 * within the bounds below. */
#define TRAILS_SECONDS 0.25
#define TRAILS_MIN_LIFE 3
#define TRAILS_MAX_LIFE 16

/* A trail's dot in cells, in its first half and its second. */
#define TRAILS_YOUNG ((wchar_t)0x25e6)
#define TRAILS_OLD ((wchar_t)0x00b7)

struct trails {
	int w, h;                  /* the grid, in cells or pixels */
	size_t cap;
	unsigned char *age;        /* frames left to show; 0 none */
	unsigned char *what;       /* each unit's `each` bytes */
	size_t each;
	double x0, y0;             /* the world point at the grid's corner */
	double ux, uy;             /* world units a unit across, and down */
	int placed;                /* the grid is tied to the world */
	/* Pixels: each colour's shade at each age, for the palette of
	 * generation `faded`, for trails of `faded_life` frames. */
	unsigned char fade[IMAGE_COLORS][TRAILS_MAX_LIFE + 1];
	unsigned faded;
	int faded_life;
};

void trails_init(struct trails *t);
void trails_free(struct trails *t);

/* Nothing behind any boid: a new flock, or trails turned on again. */
void trails_forget(struct trails *t);

/* A trail's life in frames, for frames drawn fps times a second. */
int trails_life(int fps);

/*
 * After field_compose(), which drew f through camera cam: the cells its
 * boids are in now are marked, for life frames; the blank cells still
 * marked show their trail (STYLE_TRAIL, TRAILS_YOUNG then TRAILS_OLD);
 * every mark is a frame older. When memory runs out there are none.
 */
void trails_cells(struct trails *t, struct field *f,
    const struct camera *cam, int life);

/*
 * After pixels_compose(), which drew the flock v through camera cam:
 * each boid's way over the last steps steps (its velocity, times
 * steps, behind it) is marked in its colour, for life frames; the
 * picture's background pixels still marked show their trail, faded by
 * age; every mark is a frame older. A density image forgets them.
 */
void trails_pixels(struct trails *t, struct pixels *px,
    const struct flock_view *v, const struct camera *cam, double steps,
    int life);

#endif
