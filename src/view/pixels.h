/*
 * pixels.h: the flock as a picture in pixels, before any protocol.
 *
 * One frame through a camera becomes an indexed image the size of the
 * field in pixels (a cell is cell_w by cell_h of them): obstacles as
 * discs, each boid a dart pointing its heading (sprite.h), predators
 * larger darts, the goal a ring, drawn in that order so that obstacles
 * lie under the boids and predators and the goal over them, as the
 * cells are drawn. Each boid is coloured as a cell of it would be: by
 * the theme's measure (its heading's hue, its speed, its crowding),
 * unless its species, its fear or its leading says more.
 *
 * Seen from so far out that many boids share each sprite's room, the
 * frame is a density image instead: each pixel shaded by how many
 * boids it holds, from dim to bright, against the density of the rest
 * of the view as the dots are, and in the hue of its neighbourhood's
 * measure; predators and the goal are still drawn as sprites over it.
 *
 * For a protocol that keeps sprites in the terminal (the kitty
 * protocol), a frame can instead list each sprite (its place, its
 * shape, its colour, and a slot naming what it shows across frames),
 * the image then holding only what is not a sprite: the obstacles, or
 * the density image.
 *
 * The palette (at most 256 colours, index 0 the background) is made
 * from the theme's when it is set; buffers are sized when the picture's
 * size changes; a frame allocates nothing, but for the list of sprites
 * and the boids' held headings and colours when the flock has grown.
 */
#ifndef BOIDS_PIXELS_H
#define BOIDS_PIXELS_H

#include <stddef.h>
#include <stdint.h>

#include "camera.h"
#include "engine/flock.h"
#include "sprite.h"
#include "term/image.h"
#include "theme.h"

/* Sprites or density: auto chooses by the view's crowding. */
enum pixels_mode { PIXELS_AUTO, PIXELS_SPRITES, PIXELS_DENSITY };

/* Auto's hysteresis: density from this many boids to a lit block (a
 * square a boid's length across), sprites again below the second. */
#define PIXELS_CROWD_ON 3.0
#define PIXELS_CROWD_OFF 2.0

/* The density image's shades of each colour, dim to bright. */
#define PIXELS_LEVELS 8

/* Slots past the boids' ids: the predators', then the goal's. */
#define PIXELS_SLOT_PREDATOR(n, k) ((uint32_t)(n) + (uint32_t)(k))
#define PIXELS_SLOT_GOAL(n) ((uint32_t)(n) + FLOCK_MAX_PREDATORS)

struct pixels {
	enum pixels_mode mode;
	int dense;                 /* the last frame was density */
	int cell_w, cell_h;
	struct image image;        /* the frame, and the palette */
	struct sprite_set sprites;
	unsigned generation;       /* changes with the shapes or palette */

	/* The list of sprites, when a frame is composed to be placed. */
	struct image_sprite *list;
	size_t nlist, list_cap;

	/* Per boid id, the heading its sprite was drawn with (0xff for
	 * none yet): held until the boid has turned well past it. */
	unsigned char *held;
	size_t nheld;

	/* Per boid id, the colour its dart was drawn in by the last frame
	 * of sprites (0: none, off the picture or perched), for what is
	 * drawn behind it (trails.h). */
	unsigned char *drawn;
	size_t ndrawn;

	/* Per block of a boid's length square: boids, summed velocity and
	 * speed, for the crowding and the density image's hues. */
	int bcols, brows;
	size_t blocks, block_cap;
	uint32_t *bcount;
	float *bsx, *bsy, *bspeed;
	uint32_t *count;           /* per pixel, for the density image */
	size_t count_cap;

	/* The palette's index of each role, each tone, and each shade of
	 * each tone (the last row: the lone boids' colour). */
	struct theme_palette theme;
	unsigned char role[ROLE_COUNT];
	unsigned char tone[THEME_MAX_TONES];
	unsigned char shade[THEME_MAX_TONES + 1][PIXELS_LEVELS];
	int by_sprites, by_density;  /* enum theme_measure */
	signed char heading_hue[SPRITE_HEADINGS]; /* field_hue() of each */

	size_t shown;              /* boids in view, last frame */
	size_t lit_blocks;         /* blocks with boids, last frame */
};

/* Heading theme on black, sprites and density toned by heading. */
void pixels_init(struct pixels *px);
void pixels_free(struct pixels *px);

/* A picture of w by h pixels for cells of cell_w by cell_h; sprites
 * are remade when the cell's width changes. 0, or -1 when memory runs
 * out (the picture is then empty). */
int pixels_fit(struct pixels *px, int w, int h, int cell_w, int cell_h);

/* The theme's colours on background bg, the terminal's own foreground
 * (a colour of index -1) taken as fg; both 0xRRGGBB. */
void pixels_set_palette(struct pixels *px, const struct theme_palette *p,
    long bg, long fg);

/* What sprites and the density image are toned by (enum
 * theme_measure). */
void pixels_set_measure(struct pixels *px, int sprites, int density);

void pixels_set_mode(struct pixels *px, enum pixels_mode m);

/*
 * One frame of the flock (p may be NULL: no goal, no speed limit) as the
 * camera sees it, the camera's view of cols by rows cells filling the
 * picture from its top-left corner. placed 0 draws everything into the
 * image; placed 1 lists the sprites (list, nlist) instead of drawing
 * them.
 */
void pixels_compose(struct pixels *px, const struct flock_view *v,
    const struct flock_params *p, const struct camera *cam, int placed);

/* The image's shapes, for a protocol that uploads them. */
const struct image_shape *pixels_shapes(const struct pixels *px);

#endif
