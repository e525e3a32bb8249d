/*
 * sixel.h: an indexed image as a DEC sixel string.
 *
 * The image is sent whole each frame, as one device control string
 * (ESC P q ... ESC \) with raster attributes for its full size, square
 * pixels, and an opaque background: every pixel of index 0 is painted
 * in colour register 0 (defined as the image's background colour)
 * without a byte of its own, so each frame covers the last one
 * entirely and a bird that flew on leaves nothing behind, with nothing
 * erased first. Only the colours a frame uses are defined, all at its
 * start; each band of six rows draws only its own colours,
 * each from its first pixel to its last, in runs; empty bands at the
 * bottom are left out.
 */
#ifndef BOIDS_SIXEL_H
#define BOIDS_SIXEL_H

#include "image.h"

/* Scratch space, kept from frame to frame. */
struct sixel {
	unsigned char *bits;       /* a band's sixels, a row per colour */
	size_t cap;
	int lo[IMAGE_COLORS], hi[IMAGE_COLORS]; /* a colour's span in the
	                                         * band; hi < 0 if absent */
};

void sixel_init(struct sixel *s);
void sixel_free(struct sixel *s);

/* The image as a sixel string, appended to out. 0, or -1 when memory
 * runs out (out then holds what it held before). */
int sixel_encode(struct sixel *s, struct image_bytes *out,
    const struct image *im);

/* The w by h rectangle of it from pixel (x, y), cut to the image, as a
 * sixel string of its own: for a terminal whose largest picture is
 * smaller than the field (xterm's is 1000x1000 unless told otherwise),
 * which then takes the field in tiles. */
int sixel_encode_part(struct sixel *s, struct image_bytes *out,
    const struct image *im, int x, int y, int w, int h);

/* Percent (0 to 100), as a colour register takes it, of a channel
 * (0 to 255). */
int sixel_percent(int channel);

#endif
