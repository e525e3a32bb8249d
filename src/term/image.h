/*
 * image.h: a picture in pixels as the graphics protocols take it.
 *
 * An image is one byte a pixel, each an index into a palette of at most
 * IMAGE_COLORS RGB colours, index 0 the background: the form sixel sends
 * (its colour registers) and a GIF stores. A sprite is a small shape
 * placed at a pixel, in one colour of that palette, named across frames
 * by a slot, so that a protocol which keeps images in the terminal (the
 * kitty protocol) can move it instead of sending its pixels again. The
 * encoders' output goes into a byte buffer that the caller keeps and
 * that grows only when too small. Nothing here knows a terminal.
 */
#ifndef BOIDS_IMAGE_H
#define BOIDS_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#define IMAGE_COLORS 256

struct image {
	int w, h;
	unsigned char *pix;        /* w * h indices, row by row */
	size_t cap;                /* pixels pix holds */
	long rgb[IMAGE_COLORS];    /* 0xRRGGBB of each index */
	int ncolors;               /* every index in pix is below this */
};

/* A sprite's shape: w by h, mask[y * w + x] nonzero where it is drawn;
 * (ax, ay) is the pixel over the point it stands for. */
struct image_shape {
	int w, h, ax, ay;
	const unsigned char *mask;
};

/* Sprites in a layer above every lower layer's. */
enum { IMAGE_LAYER_BOIDS, IMAGE_LAYER_MARKS, IMAGE_LAYERS };

/* One sprite of a frame: its shape's top-left pixel at (x, y) of the
 * image (partly outside it at the edges), shape and colour by index,
 * and its slot: the same number for the same thing (a boid's id) from
 * frame to frame. */
struct image_sprite {
	int x, y;
	unsigned short shape;
	unsigned char color, layer;
	uint32_t slot;
};

/* Bytes for the terminal. */
struct image_bytes {
	char *data;
	size_t len, cap;
};

/* Room for w by h pixels (the buffer grows, never shrinks), the image
 * then that size and all background. 0, or -1 when memory runs out
 * (the image is then 0 by 0). */
int image_fit(struct image *im, int w, int h);
void image_free(struct image *im);

/* Every pixel background. */
void image_clear(struct image *im);

/* The index of the palette's colour nearest rgb (0xRRGGBB), by the
 * sum of squared differences; the background, index 0, is never
 * chosen, but is what a palette of the background alone gives. */
unsigned char image_nearest(const struct image *im, long rgb);

/* Room for more bytes after len: 0, or -1 when memory runs out. */
int image_bytes_reserve(struct image_bytes *b, size_t more);

/* Append n bytes, or a string, or a number in decimal; the caller has
 * reserved the room. */
void image_bytes_put(struct image_bytes *b, const char *s, size_t n);
void image_bytes_puts(struct image_bytes *b, const char *s);
void image_bytes_num(struct image_bytes *b, long v);

void image_bytes_free(struct image_bytes *b);

#endif
