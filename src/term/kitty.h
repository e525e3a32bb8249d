/*
 * kitty.h: frames of sprites over the kitty graphics protocol.
 *
 * The terminal keeps images: each sprite (a shape in a colour) is sent
 * once, the first time a frame shows it, and after that a frame only
 * places it: one short command a sprite, so the bytes of a frame follow
 * the sprites shown, not the pixels. A placement is named by its image
 * and by the sprite's slot (a boid's id), and placing the same pair
 * again moves it without a flicker; a sprite that stood still is not
 * sent at all. When a slot's sprite changes image (the boid turned a
 * heading further), the old placement is deleted; a slot no longer
 * shown is deleted too, so nothing stale stays on screen.
 *
 * What is not a sprite (the obstacles, or the density image) is one
 * image under them, sent as an indexed PNG (f=100, a byte a pixel)
 * when it changes, cropped to what it draws. Every image lies under the text, and under cells of a
 * colour other than the terminal's default, so text drawn over the
 * field hides it where its cells are painted.
 *
 * Every command asks for no answer (q=2). A frame saves the cursor
 * first and restores it last, so whoever draws the text finds it where
 * they left it.
 */
#ifndef BOIDS_KITTY_H
#define BOIDS_KITTY_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"

/* The z-index of every image: below INT32_MIN / 2, under the text and
 * under cells of a colour of their own. Images of the same z stack by
 * id: the layer, then the boids' sprites, then the marks'. */
#define KITTY_Z (-1073741825L)
#define KITTY_ID_LAYER 1u
#define KITTY_ID_BOIDS 2u
#define KITTY_ID_MARKS 100000u

/* Delete every placement on the screen, and the images they show: a
 * constant, for a signal handler. */
#define KITTY_DELETE_ALL "\033_Ga=d,d=A,q=2\033\\"

/* What a frame shows. */
struct kitty_scene {
	const struct image *image;   /* under the sprites; its palette colours
	                              * the sprites */
	const struct image_shape *shapes;
	size_t nshapes;
	const struct image_sprite *sprites;
	size_t nsprites;
	unsigned generation;         /* changes when the shapes or the
	                              * palette do: every sprite is sent
	                              * again */
	int cell_w, cell_h;          /* a cell of the terminal, in pixels */
	int col, row;                /* the cell of the image's top-left
	                              * corner, from 0 */
};

struct kitty {
	uint32_t *sprite_id;         /* per shape and colour: its image, or 0
	                              * before it is sent */
	size_t nsprite_ids;
	uint32_t next_id[IMAGE_LAYERS];
	unsigned generation;
	int started;                 /* a frame was sent */

	/* Per slot: the image placed there, where, and the frame that
	 * last showed it; the slots shown by the last frame. */
	uint32_t *slot_image, *slot_pos, *slot_frame;
	size_t nslots;
	uint32_t *shown, *showing;
	size_t nshown, shown_cap;
	uint32_t frame;

	int cur_col, cur_row;        /* the cursor in a frame; -1 unknown */

	/* The layer: what was sent last, and where. */
	uint64_t layer_sum;
	int layer_shown;
	int cell_w, cell_h, col, row;

	unsigned char *rgba, *zip;   /* scratch for sending an image */
	size_t rgba_cap, zip_cap;

	/* The last frame's commands, counted. */
	size_t uploads, placements, deletes, layers;
};

void kitty_init(struct kitty *k);
void kitty_free(struct kitty *k);

/* One frame's commands, appended to out. 0, or -1 when memory runs out
 * (out then holds what it held before, and the next frame starts over:
 * every sprite is placed again). */
int kitty_frame(struct kitty *k, struct image_bytes *out,
    const struct kitty_scene *s);

/* Commands that delete every image and placement this sent, appended
 * to out; it then forgets them. 0, or -1 when memory runs out. */
int kitty_clear(struct kitty *k, struct image_bytes *out);

#endif
