/*
 * image.c: the buffers of a picture in pixels and of the bytes that
 * carry it: sized when the picture's size changes, never per frame.
 */
#include <stdlib.h>
#include <string.h>

#include "image.h"

int
image_fit(struct image *im, int w, int h)
{
	size_t n;

	w = w > 0 ? w : 0;
	h = h > 0 ? h : 0;
	n = (size_t)w * (size_t)h;
	if (n > im->cap || !im->pix) {
		unsigned char *p = malloc(n ? n : 1);

		if (!p) {
			im->w = im->h = 0;
			return -1;
		}
		free(im->pix);
		im->pix = p;
		im->cap = n;
	}
	im->w = w;
	im->h = h;
	image_clear(im);
	return 0;
}

void
image_free(struct image *im)
{
	free(im->pix);
	im->pix = NULL;
	im->cap = 0;
	im->w = im->h = 0;
}

void
image_clear(struct image *im)
{
	if (im->pix)
		memset(im->pix, 0, (size_t)im->w * (size_t)im->h);
}

int
image_bytes_reserve(struct image_bytes *b, size_t more)
{
	size_t want = b->len + more, cap;
	char *p;

	if (want < b->len)
		return -1;
	if (want <= b->cap && b->data)
		return 0;
	/* Doubling, so that a frame a little larger than the last does
	 * not reallocate again and again. */
	cap = b->cap ? b->cap : 4096;
	while (cap < want)
		cap = cap * 2 > cap ? cap * 2 : want;
	p = realloc(b->data, cap);
	if (!p)
		return -1;
	b->data = p;
	b->cap = cap;
	return 0;
}

void
image_bytes_put(struct image_bytes *b, const char *s, size_t n)
{
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

void
image_bytes_puts(struct image_bytes *b, const char *s)
{
	image_bytes_put(b, s, strlen(s));
}

void
image_bytes_num(struct image_bytes *b, long v)
{
	char tmp[24];
	int n = 0;
	unsigned long u;

	if (v < 0) {
		b->data[b->len++] = '-';
		u = 0UL - (unsigned long)v;
	} else {
		u = (unsigned long)v;
	}
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n > 0)
		b->data[b->len++] = tmp[--n];
}

void
image_bytes_free(struct image_bytes *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

unsigned char
image_nearest(const struct image *im, long rgb)
{
	long best = -1;
	int i, at = 0;

	for (i = 1; i < im->ncolors; i++) {
		long d = 0;
		int shift;

		for (shift = 16; shift >= 0; shift -= 8) {
			long e = (im->rgb[i] >> shift & 255) - (rgb >> shift & 255);

			d += e * e;
		}
		if (best < 0 || d < best) {
			best = d;
			at = i;
		}
	}
	return (unsigned char)at;
}
