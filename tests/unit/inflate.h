/*
 * inflate.h: the tests' reader of zlib streams and PNG files, through
 * zlib's inflate and libpng's reader: what the program sends is read
 * back by the libraries a terminal would read it with, whatever
 * compression level and filters the writer chose.
 */
#ifndef BOIDS_INFLATE_H
#define BOIDS_INFLATE_H

#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* A zlib stream into out (cap bytes); its length, or -1 if it is broken
 * or longer than cap. */
static long
inflate_zlib(const unsigned char *in, size_t n, unsigned char *out,
    size_t cap)
{
	uLongf len = (uLongf)cap;

	if (uncompress(out, &len, in, (uLong)n) != Z_OK)
		return -1;
	return (long)len;
}

/* A PNG file of 8-bit palette indices into RGBA (its size in *w, *h),
 * the palette's transparency kept; NULL if it is not one. */
static unsigned char *
png_decode(const unsigned char *p, size_t n, long *w, long *h)
{
	png_image pi;
	unsigned char *rgba;

	*w = *h = 0;
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&pi, p, n))
		return NULL;
	if (!(pi.format & PNG_FORMAT_FLAG_COLORMAP) || pi.width == 0 ||
	    pi.height == 0) {
		png_image_free(&pi);
		return NULL;
	}
	pi.format = PNG_FORMAT_RGBA;
	rgba = malloc(PNG_IMAGE_SIZE(pi));
	if (!rgba || !png_image_finish_read(&pi, NULL, rgba, 0, NULL)) {
		png_image_free(&pi);
		free(rgba);
		return NULL;
	}
	*w = (long)pi.width;
	*h = (long)pi.height;
	return rgba;
}

#endif
