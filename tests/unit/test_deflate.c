/*
 * test_deflate.c: zlib streams and PNG files as src/lib/deflate.c and
 * src/lib/png.c write them, read back by the tests' own reader
 * (inflate.h): bytes of every kind come back as they went in, the
 * checksums hold, and a picture that is mostly sky shrinks as promised.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inflate.h"
#include "lib/deflate.h"
#include "lib/png.h"
#include "lib/rng.h"

/* n bytes through deflate_zlib() and back; the stream's length. */
static size_t
round_trip(const unsigned char *in, size_t n, size_t pixel, size_t row)
{
	unsigned char *z = malloc(deflate_bound(n)), *back = malloc(n + 1);
	size_t len = 0;

	CHECK(z != NULL && back != NULL);
	if (z && back) {
		len = deflate_zlib(z, in, n, pixel, row);
		CHECK(len <= deflate_bound(n));
		CHECK_INT(inflate_zlib(z, len, back, n + 1), n);
		CHECK(n == 0 || memcmp(back, in, n) == 0);
	}
	free(z);
	free(back);
	return len;
}

static void
test_kinds(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 4, 257, 258, 259, 260,
		1000, 65536 };
	struct rng r;
	unsigned char *b = malloc(65536);
	size_t i, k;

	if (!b)
		return;
	rng_seed(&r, 99, 3);
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t n = sizes[i];

		/* Noise: every literal, no match. */
		for (k = 0; k < n; k++)
			b[k] = (unsigned char)rng_next(&r);
		round_trip(b, n, 4, 64);
		/* One byte over and over: runs one back. */
		memset(b, 0xab, n);
		round_trip(b, n, 1, 0);
		/* Pixels of four bytes, runs of a colour among noise. */
		for (k = 0; k < n; k++)
			b[k] = k >= 4 && rng_below(&r, 40) ? b[k - 4] :
			    (unsigned char)rng_next(&r);
		round_trip(b, n, 4, 0);
		/* Rows alike: each row the one above but a byte. */
		for (k = 0; k < n; k++)
			b[k] = k >= 300 && rng_below(&r, 300) ? b[k - 300] :
			    (unsigned char)rng_next(&r);
		round_trip(b, n, 3, 300);
	}
	/* A row farther back than the window is not looked at. */
	for (k = 0; k < 65536; k++)
		b[k] = (unsigned char)(k % 40000 < 20 ? k : 7 * (k / 40000));
	round_trip(b, 65536, 0, 40000);
	free(b);
}

/* An empty RGBA sky of 1200x800 shrinks from 3.8 MB to under 25 KB;
 * a sky with a few birds stays near it. */
static void
test_sky(void)
{
	size_t n = 1200 * 800 * 4, len, k;
	unsigned char *sky = calloc(n, 1);

	if (!sky)
		return;
	len = round_trip(sky, n, 4, 4800);
	CHECK(len < 25 * 1024);
	for (k = 0; k < 200; k++)
		memset(sky + (k * 7919 % (1200 * 790)) * 4, 200, 40);
	CHECK(round_trip(sky, n, 4, 4800) < len + 200 * 40);
	free(sky);
}

/* Indexed pictures as PNG: every pixel and colour back, index 0 clear
 * or opaque as asked, odd sizes, all 256 colours. */
static void
test_png(void)
{
	static const int size[][2] = { { 1, 1 }, { 7, 3 }, { 300, 2 },
		{ 64, 64 } };
	struct rng r;
	long rgb[256];
	size_t i;
	int c;

	rng_seed(&r, 5, 5);
	for (c = 0; c < 256; c++)
		rgb[c] = (long)(rng_next(&r) & 0xffffff);
	for (i = 0; i < sizeof size / sizeof size[0]; i++) {
		int w = size[i][0], h = size[i][1], clear, ncolors;

		for (clear = 0; clear <= 1; clear++)
			for (ncolors = 2; ncolors <= 256; ncolors *= 8) {
				unsigned char *pix = malloc((size_t)w * h);
				unsigned char *out = malloc(png_bound(w, h));
				unsigned char *sc = malloc(png_scratch(w, h));
				unsigned char *rgba;
				size_t n, p;
				long dw, dh;
				int wrong = 0;

				if (!pix || !out || !sc)
					return;
				for (p = 0; p < (size_t)w * h; p++)
					pix[p] = (unsigned char)rng_below(&r,
					    (uint32_t)ncolors);
				n = png_indexed(out, sc, pix, (size_t)w, w, h,
				    rgb, ncolors, clear);
				CHECK(n <= png_bound(w, h));
				rgba = png_decode(out, n, &dw, &dh);
				CHECK(rgba != NULL);
				CHECK_INT(dw, w);
				CHECK_INT(dh, h);
				for (p = 0; rgba && p < (size_t)w * h; p++) {
					const unsigned char *q = rgba + 4 * p;
					long want = rgb[pix[p]];

					wrong += ((long)q[0] << 16 | (long)q[1] <<
					    8 | q[2]) != want;
					wrong += q[3] != (clear && pix[p] == 0 ?
					    0 : 255);
				}
				CHECK_INT(wrong, 0);
				free(rgba);
				free(pix);
				free(out);
				free(sc);
			}
	}
}

/* A picture cut out of a wider one: rows stride bytes apart. */
static void
test_png_stride(void)
{
	unsigned char big[20 * 10], out[2048], sc[64], *rgba;
	long rgb[3] = { 0, 0x112233, 0x445566 }, w, h;
	size_t n;
	int x, y, wrong = 0;

	for (y = 0; y < 10; y++)
		for (x = 0; x < 20; x++)
			big[y * 20 + x] = (unsigned char)((x + y) % 3);
	CHECK(png_bound(5, 4) <= sizeof out && png_scratch(5, 4) <= sizeof sc);
	n = png_indexed(out, sc, big + 3 * 20 + 6, 20, 5, 4, rgb, 3, 1);
	rgba = png_decode(out, n, &w, &h);
	CHECK(rgba != NULL);
	for (y = 0; rgba && y < 4; y++)
		for (x = 0; x < 5; x++) {
			int c = big[(y + 3) * 20 + x + 6];

			wrong += rgba[4 * (y * 5 + x) + 2] != (unsigned char)
			    rgb[c];
			wrong += rgba[4 * (y * 5 + x) + 3] != (c ? 255 : 0);
		}
	CHECK_INT(wrong, 0);
	/* A flipped byte breaks a chunk's CRC: the reader refuses. */
	out[n / 2] ^= 0x40;
	free(rgba);
	rgba = png_decode(out, n, &w, &h);
	CHECK(rgba == NULL);
	free(rgba);
}

int
main(void)
{
	test_kinds();
	test_sky();
	test_png();
	test_png_stride();
	return check_exit("test_deflate");
}
