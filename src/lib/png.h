/*
 * png.h: a picture of palette indices as a PNG file.
 *
 * One byte a pixel, a palette of at most 256 colours, index 0 clear
 * when asked (tRNS), rows unfiltered through deflate.c: the smallest
 * form for a picture that is mostly sky, a quarter of the bytes of the
 * same picture in RGBA before compression. The kitty protocol takes it
 * as f=100, and a file is the same bytes.
 */
#ifndef BOIDS_PNG_H
#define BOIDS_PNG_H

#include <stddef.h>

/* The most bytes png_indexed() writes for a w by h picture, and the
 * scratch it needs. */
size_t png_bound(int w, int h);
size_t png_scratch(int w, int h);

/*
 * The w by h pixels at pix (rows stride bytes apart), each an index
 * into rgb (ncolors colours, 0xRRGGBB), as a PNG file into out; index
 * 0 is transparent when clear0 is 1. Its length.
 */
size_t png_indexed(unsigned char *out, unsigned char *scratch,
    const unsigned char *pix, size_t stride, int w, int h, const long *rgb,
    int ncolors, int clear0);

#endif
