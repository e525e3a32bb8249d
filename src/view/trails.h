/*
 * trails.h: where the boids have just been, fading behind them.
 *
 * A trail is kept where it is drawn, in the screen's own units: a grid
 * of the cells, each with the frames it has left to show and what it
 * shows (the tone and species of the boids that left it), or a list of
 * the picture's pixels still shown, each with its colour and the frame
 * that drew it. The cells' cost is the screen's: a frame passes once
 * over the grid. The pixels' is the boids' in view and the dots they
 * leave, never the whole picture. Either is tied to the world, not to
 * the screen: when the camera pans, what it holds moves with the world
 * by whole cells or pixels; when it zooms, or the screen takes another
 * size, it starts empty.
 *
 * In cells, a cell a boid has left shows a small ring in the boids'
 * colour for the first half of its time, a dot for the second, then
 * nothing (in ASCII a colon, then a full stop). In pixels, each boid
 * leaves a dot a frame in its dart's colour, just behind the dart on
 * the way it came, and the dots thin out as they age: every frame's
 * show for the first eighth of the trail's time, every other frame's
 * for a quarter, every fourth's for half, every eighth's until the
 * trail's time is up; under a density image there are none. Nothing
 * here allocates but when the grid or the list grows.
 */
#ifndef BOIDS_TRAILS_H
#define BOIDS_TRAILS_H

#include <stddef.h>
#include <stdint.h>

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

/* A pixel of a trail: where, and its colour. */
struct trails_dot {
	int32_t x, y;
	unsigned char c;
};

/* The dots that stop showing at one frame; the first `shown` of them
 * are those of earlier frames, still to be drawn in this one. */
struct trails_due {
	struct trails_dot *dot;
	size_t n, cap, shown;
};

/* More frames than any dot shows for (TRAILS_MAX_LIFE), a power of
 * two: the dots are kept by the frame they go at, modulo this. */
#define TRAILS_DUE 32

/* The kinds of dot, by the frame that left it (trails.c). */
#define TRAILS_KINDS 4

struct trails {
	int w, h;                  /* the grid, in cells or pixels */
	size_t cap;
	unsigned char *age;        /* frames left to show; 0 none */
	unsigned char *what;       /* each unit's `each` bytes */
	size_t each;
	double x0, y0;             /* the world point at the grid's corner */
	double ux, uy;             /* world units a unit across, and down */
	int placed;                /* the grid is tied to the world */
	/* Pixels: the dots still shown, at pixels counted from (ox, oy)
	 * of the picture, by the frame they go at; the frames drawn;
	 * each kind of dot's frames. */
	struct trails_due due[TRAILS_DUE];
	long ox, oy;
	unsigned frame;
	unsigned char span[TRAILS_KINDS];
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
 * each boid's dot, on its way over the last steps steps (its velocity,
 * times steps, behind it), is marked in its dart's colour and shown for
 * some of the next life frames (see above); the picture's background
 * pixels under marks still shown show their trail; every mark is a
 * frame older. A density image forgets them.
 */
void trails_pixels(struct trails *t, struct pixels *px,
    const struct flock_view *v, const struct camera *cam, double steps,
    int life);

#endif
