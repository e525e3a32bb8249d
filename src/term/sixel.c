/*
 * sixel.c: an indexed image as a sixel string, in few bytes.
 *
 * A sixel is a column of six pixels of one colour, sent as one
 * character (63 plus its bits, the top pixel the lowest bit). The image
 * goes down in bands of six rows; within a band each colour is one
 * pass from the left edge ('$' returns to it), and '-' moves to the
 * next band. So the bytes follow the colours a band holds and the
 * spans they cover, not the image's area: a band is scanned once, each
 * colour present gathering its sixels in a row of its own, then each
 * such row is sent from its colour's first pixel to its last, repeats
 * of four or more as runs (!n). The empty band costs one '-', and the
 * empty bands at the bottom nothing at all. The picture is read once:
 * the colours defined in the head are those the bands met, so the head
 * is written last, into room left for it ahead of the bands.
 *
 * The background: with P2 = 0 (and raster attributes giving the full
 * size) the terminal paints the whole rectangle in colour register 0
 * first, and the image is opaque. A transparent background (P2 = 1)
 * would leave the last frame's birds showing wherever this frame has
 * background, unless the field were erased first, and erasing then
 * drawing flickers. Register 0 is defined as the image's colour 0 in
 * every frame, since another program (or a palette reset) may have
 * changed it.
 */
#include <stdlib.h>
#include <string.h>

#include "sixel.h"

/* The rectangle of an image being sent: its top-left pixel, its row
 * stride, its size and the palette. */
struct part {
	const unsigned char *pix;
	size_t stride;
	int w, h;
	const long *rgb;
};

/* Bytes a colour's pass may add besides its sixels: '$', the colour's
 * selection ("#255") and the run of blanks before it. */
#define PASS_EXTRA 24

void
sixel_init(struct sixel *s)
{
	int c;

	s->bits = NULL;
	s->cap = 0;
	for (c = 0; c < IMAGE_COLORS; c++)
		s->hi[c] = -1;
}

void
sixel_free(struct sixel *s)
{
	free(s->bits);
	sixel_init(s);
}

int
sixel_percent(int channel)
{
	if (channel <= 0)
		return 0;
	if (channel >= 255)
		return 100;
	return (channel * 100 + 127) / 255;
}

/* A row of sixels for each colour, all clear (and eight bytes past the
 * last, which a pass may read but never uses): the encoder clears what
 * it used after each band. */
static int
scratch_fit(struct sixel *s, int w)
{
	size_t need = (size_t)IMAGE_COLORS * (size_t)w + 8;

	if (need <= s->cap && s->bits)
		return 0;
	free(s->bits);
	s->bits = calloc(need, 1);
	s->cap = s->bits ? need : 0;
	return s->bits ? 0 : -1;
}

/* Colour register c defined as rgb, in percent. */
static void
put_define(struct image_bytes *b, int c, long rgb)
{
	b->data[b->len++] = '#';
	image_bytes_num(b, c);
	image_bytes_put(b, ";2;", 3);
	image_bytes_num(b, sixel_percent((int)(rgb >> 16 & 255)));
	b->data[b->len++] = ';';
	image_bytes_num(b, sixel_percent((int)(rgb >> 8 & 255)));
	b->data[b->len++] = ';';
	image_bytes_num(b, sixel_percent((int)(rgb & 255)));
}

/* n sixels ch: a run from four on, where "!n" costs no more. */
static void
put_run(struct image_bytes *b, char ch, long n)
{
	if (n >= 4) {
		b->data[b->len++] = '!';
		image_bytes_num(b, n);
		b->data[b->len++] = ch;
		return;
	}
	while (n-- > 0)
		b->data[b->len++] = ch;
}

/* Pixel x of colour c, in the band's row bit: in c's row of sixels,
 * its span widened to it, c noted in present[*n] if it is new. The
 * span is kept without branches but the first: pixels of many colours
 * mixed (a trail among darts) would mislead a guess. */
static void
gather_one(struct sixel *s, size_t w, unsigned char c, int x,
    unsigned char bit, unsigned char *present, int *n)
{
	int lo, hi;

	if (s->hi[c] < 0) {
		present[(*n)++] = c;
		s->lo[c] = s->hi[c] = x;
	}
	lo = s->lo[c];
	hi = s->hi[c];
	s->lo[c] = x < lo ? x : lo;
	s->hi[c] = x > hi ? x : hi;
	s->bits[(size_t)c * w + (size_t)x] |= bit;
}

/* The place of the lowest byte set in a word read from memory, 0 to
 * 7: where the word's bytes lie as in memory, by counting its trailing
 * zero bits; else by looking. */
static int
lowest_byte(uint64_t eight, const unsigned char *at)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	(void)at;
	return __builtin_ctzll(eight) >> 3;
#else
	int b = 0;

	(void)eight;
	while (!at[b])
		b++;
	return b;
#endif
}

/* Gather a band's pixels into each present colour's row of sixels,
 * noting the colours in the order they are met; their count. Most of
 * a frame is background: it is passed eight pixels at a time, and in
 * eight with any lit only those are visited. */
static int
band_gather(struct sixel *s, const struct part *im, int y0,
    unsigned char *present)
{
	int rows = im->h - y0 < 6 ? im->h - y0 : 6, k, n = 0;
	size_t w = (size_t)im->w;

	for (k = 0; k < rows; k++) {
		const unsigned char *row = im->pix + (size_t)(y0 + k) *
		    im->stride;
		unsigned char bit = (unsigned char)(1u << k), lit[8];
		size_t x;

		for (x = 0; x + 8 <= w; x += 8) {
			uint64_t eight;

			memcpy(&eight, row + x, 8);
			if (eight == 0)
				continue;
			memcpy(lit, row + x, 8);
			while (eight) {
				int b = lowest_byte(eight, lit);

				gather_one(s, w, lit[b], (int)x + b, bit,
				    present, &n);
				lit[b] = 0;
				eight &= ~((uint64_t)0xff << (b * 8));
			}
		}
		for (; x < w; x++)
			if (row[x])
				gather_one(s, w, row[x], (int)x, bit, present,
				    &n);
	}
	return n;
}

/* The room a band's passes need. */
static size_t
band_room(const struct sixel *s, const unsigned char *present, int n)
{
	size_t room = 1;
	int i;

	for (i = 0; i < n; i++)
		room += (size_t)(s->hi[present[i]] - s->lo[present[i]] + 1) +
		    PASS_EXTRA;
	return room;
}

/* The first of bits[x..hi] not clear, or hi + 1: a colour's pixels
 * are scattered over its span (a trail's most of all), and the gaps are
 * passed eight sixels at a time. */
static int
next_lit(const unsigned char *bits, int x, int hi)
{
	uint64_t eight;

	while (x <= hi) {
		memcpy(&eight, bits + x, 8);
		if (eight != 0) {
			x += lowest_byte(eight, bits + x);
			break;
		}
		x += 8;
	}
	return x <= hi ? x : hi + 1;
}

/* One colour's pass over the band, its row of sixels cleared after. */
static void
band_pass(struct sixel *s, struct image_bytes *b, const struct part *im,
    int c)
{
	unsigned char *bits = s->bits + (size_t)c * (size_t)im->w;
	int x = s->lo[c], hi = s->hi[c];

	b->data[b->len++] = '#';
	image_bytes_num(b, c);
	put_run(b, '?', x);
	while (x <= hi) {
		unsigned char v = bits[x];
		int j = x + 1;

		if (!v)
			j = next_lit(bits, j, hi);
		while (j <= hi && bits[j] == v)
			j++;
		put_run(b, (char)('?' + v), j - x);
		x = j;
	}
	memset(bits + s->lo[c], 0, (size_t)hi - (size_t)s->lo[c] + 1);
	s->hi[c] = -1;
}

/* Room for the DCS, the raster attributes and every colour's definition
 * at most. */
#define HEAD_MOST (40 + (size_t)IMAGE_COLORS * 24)

/*
 * The DCS, raster attributes for the full size at one pixel across to
 * one down, and the colours used, all defined before any is drawn: a
 * definition does not select its colour in every terminal (xterm keeps
 * the one selected before), so each pass selects its own. There must
 * be HEAD_MOST bytes of room.
 */
static void
put_head(struct image_bytes *b, const struct part *im,
    const unsigned char *used)
{
	int c;

	image_bytes_puts(b, "\033Pq\"1;1;");
	image_bytes_num(b, im->w);
	b->data[b->len++] = ';';
	image_bytes_num(b, im->h);
	for (c = 0; c < IMAGE_COLORS; c++)
		if (used[c])
			put_define(b, c, im->rgb[c]);
}

/* The head written at start, in the room left before the bands at
 * bands, and the bands moved up to follow it. */
static void
head_close(struct image_bytes *b, const struct part *im,
    const unsigned char *used, size_t start, size_t bands)
{
	size_t end = b->len;

	b->len = start;
	put_head(b, im, used);
	memmove(b->data + b->len, b->data + bands, end - bands);
	b->len += end - bands;
}

int
sixel_encode(struct sixel *s, struct image_bytes *out,
    const struct image *im)
{
	return sixel_encode_part(s, out, im, 0, 0, im->w, im->h);
}

int
sixel_encode_part(struct sixel *s, struct image_bytes *out,
    const struct image *image, int x, int y, int w, int h)
{
	unsigned char present[IMAGE_COLORS], used[IMAGE_COLORS];
	size_t start = out->len, bands;
	long skipped = 0;
	int y0, started = 0;
	struct part part, *im = &part;

	x = x < 0 ? 0 : x > image->w ? image->w : x;
	y = y < 0 ? 0 : y > image->h ? image->h : y;
	part.w = w < 0 ? 0 : w > image->w - x ? image->w - x : w;
	part.h = h < 0 ? 0 : h > image->h - y ? image->h - y : h;
	part.stride = (size_t)image->w;
	part.rgb = image->rgb;
	part.pix = image->pix;
	if (part.pix)
		part.pix += (size_t)y * part.stride + (size_t)x;
	else
		part.w = part.h = 0;

	if (im->w > 0 && im->h > 0 && scratch_fit(s, im->w) < 0)
		return -1;
	/* The colours used are known once every band is gathered: the
	 * bands go after room for the head, which then closes the gap. */
	if (image_bytes_reserve(out, HEAD_MOST) < 0)
		return -1;
	out->len += HEAD_MOST;
	bands = out->len;
	memset(used, 0, sizeof used);
	used[0] = 1;
	for (y0 = 0; y0 < im->h; y0 += 6) {
		int n = band_gather(s, im, y0, present), i;

		if (n == 0) {
			skipped++;
			continue;
		}
		if (image_bytes_reserve(out, band_room(s, present, n) +
		    (size_t)skipped + 1) < 0) {
			for (i = 0; i < n; i++) {
				memset(s->bits + (size_t)present[i] *
				    (size_t)im->w, 0, (size_t)im->w);
				s->hi[present[i]] = -1;
			}
			out->len = start;
			return -1;
		}
		/* The bands since the last one drawn, each one '-'. */
		skipped += started;
		while (skipped-- > 0)
			out->data[out->len++] = '-';
		skipped = 0;
		started = 1;
		for (i = 0; i < n; i++) {
			if (i > 0)
				out->data[out->len++] = '$';
			used[present[i]] = 1;
			band_pass(s, out, im, present[i]);
		}
	}
	if (image_bytes_reserve(out, 2) < 0) {
		out->len = start;
		return -1;
	}
	head_close(out, im, used, start, bands);
	image_bytes_put(out, "\033\\", 2);
	return 0;
}
