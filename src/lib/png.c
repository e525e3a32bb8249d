/*
 * png.c: an indexed picture as a PNG file: the signature, IHDR (8 bits
 * of palette index a pixel), PLTE, tRNS when index 0 is clear, one IDAT
 * and IEND, each chunk closed by its CRC-32. Every row goes with filter
 * 0 (none): the sky repeats itself one pixel back and one row up as it
 * is, which is what deflate.c looks for.
 */
#include <stdint.h>
#include <string.h>

#include "deflate.h"
#include "png.h"

/* The CRC-32 table of the polynomial PNG names (0xedb88320 reflected),
 * made for each file: 256 entries cost less than the file's bytes. */
static void
crc_table(uint32_t t[256])
{
	uint32_t n;
	int k;

	for (n = 0; n < 256; n++) {
		uint32_t c = n;

		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		t[n] = c;
	}
}

static uint32_t
crc(const uint32_t t[256], const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;

	while (n-- > 0)
		c = t[(c ^ *p++) & 255] ^ (c >> 8);
	return c ^ 0xffffffffu;
}

static void
put32(unsigned char *o, uint32_t v)
{
	o[0] = (unsigned char)(v >> 24);
	o[1] = (unsigned char)(v >> 16);
	o[2] = (unsigned char)(v >> 8);
	o[3] = (unsigned char)v;
}

/* A chunk whose data (n bytes) is already at out + at + 8: its length
 * and type before, its CRC after; the length of the whole. */
static size_t
chunk(const uint32_t t[256], unsigned char *out, size_t at, const char *type,
    size_t n)
{
	put32(out + at, (uint32_t)n);
	memcpy(out + at + 4, type, 4);
	put32(out + at + 8 + n, crc(t, out + at + 4, n + 4));
	return n + 12;
}

size_t
png_scratch(int w, int h)
{
	return ((size_t)(w > 0 ? w : 0) + 1) * (size_t)(h > 0 ? h : 0);
}

size_t
png_bound(int w, int h)
{
	/* Signature, IHDR, PLTE, tRNS and IEND, with their frames: under
	 * 900 bytes; then IDAT. */
	return 1024 + deflate_bound(png_scratch(w, h));
}

size_t
png_indexed(unsigned char *out, unsigned char *scratch,
    const unsigned char *pix, size_t stride, int w, int h, const long *rgb,
    int ncolors, int clear0)
{
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', '\r', '\n',
		26, '\n' };
	uint32_t t[256];
	size_t at = 0, row = (size_t)w + 1, n;
	int i, y;

	crc_table(t);
	ncolors = ncolors < 1 ? 1 : ncolors > 256 ? 256 : ncolors;
	memcpy(out, sig, 8);
	at = 8;
	put32(out + at + 8, (uint32_t)w);
	put32(out + at + 12, (uint32_t)h);
	out[at + 16] = 8;           /* bits a pixel */
	out[at + 17] = 3;           /* of palette indices */
	out[at + 18] = 0;           /* deflate */
	out[at + 19] = 0;           /* the five filters */
	out[at + 20] = 0;           /* not interlaced */
	at += chunk(t, out, at, "IHDR", 13);
	for (i = 0; i < ncolors; i++) {
		out[at + 8 + 3 * (size_t)i] = (unsigned char)(rgb[i] >> 16);
		out[at + 9 + 3 * (size_t)i] = (unsigned char)(rgb[i] >> 8);
		out[at + 10 + 3 * (size_t)i] = (unsigned char)rgb[i];
	}
	at += chunk(t, out, at, "PLTE", 3 * (size_t)ncolors);
	if (clear0) {
		/* Alpha of the first entries only; the rest are opaque. */
		out[at + 8] = 0;
		at += chunk(t, out, at, "tRNS", 1);
	}
	for (y = 0; y < h; y++) {
		scratch[(size_t)y * row] = 0;
		memcpy(scratch + (size_t)y * row + 1, pix + (size_t)y * stride,
		    (size_t)w);
	}
	n = deflate_zlib(out + at + 8, scratch, row * (size_t)h, 1, row);
	at += chunk(t, out, at, "IDAT", n);
	at += chunk(t, out, at, "IEND", 0);
	return at;
}
