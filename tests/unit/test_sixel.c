/*
 * test_sixel.c: indexed images through the sixel encoder
 * (src/term/sixel.c) and back through a small decoder written here
 * from the VT340's description of sixel data: DCS P1;P2;P3 q, raster
 * attributes "Pan;Pad;Ph;Pv, colour definitions #Pc;2;R;G;B in percent
 * (which, as in xterm, do not select), #Pc to select, !n to repeat the
 * next sixel, $
 * back to the left edge, - down a band of six rows, ST to end. Every
 * pixel and every colour defined must come back as it went in; and the
 * stream must be as lean as promised: colours defined once each and
 * only when used, each band drawing only its own colours, no blank
 * sixels at the end of a pass, no empty bands at the bottom, runs from
 * four on.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/rng.h"
#include "term/sixel.h"

struct decoded {
	int ok;                     /* the stream parsed */
	int p2;                     /* background select */
	int w, h;
	unsigned char *pix;
	int defined[IMAGE_COLORS];  /* times each colour was defined */
	int pct[IMAGE_COLORS][3];
	int selects_in_band_max;    /* most passes in one band */
	int blank_tail;             /* a pass ended in blank sixels */
	int trailing_bands;         /* '-' with nothing drawn after */
	int short_runs;             /* !n with n below 4 */
	int long_literals;          /* four equal sixels not as a run */
	int late_defines;           /* colours defined after drawing began */
};

static int
number(const char **p)
{
	int n = 0;

	while (**p >= '0' && **p <= '9') {
		n = n * 10 + (**p - '0');
		(*p)++;
	}
	return n;
}

/* The stream's sixels into d->pix, checking the structure as it goes. */
static void
decode_body(const char *p, const char *end, struct decoded *d)
{
	int x = 0, y0 = 0, color = -1, passes = 0, last_blank = 0, drew = 0;
	int drawn_since_band = 1, run = 0;
	char prev = 0;

	while (p < end) {
		char ch = *p;

		if (ch == '#') {
			int c;

			p++;
			c = number(&p);
			if (c < 0 || c >= IMAGE_COLORS)
				return;
			if (*p == ';') {
				int u;

				p++;
				u = number(&p);
				if (u != 2 || *p++ != ';')
					return;
				d->pct[c][0] = number(&p);
				if (*p++ != ';')
					return;
				d->pct[c][1] = number(&p);
				if (*p++ != ';')
					return;
				d->pct[c][2] = number(&p);
				d->defined[c]++;
				/* Every definition comes before any sixel. */
				if (drew)
					d->late_defines++;
				continue;
			}
			color = c;
			passes++;
			if (passes > d->selects_in_band_max)
				d->selects_in_band_max = passes;
			continue;
		}
		if (ch == '$' || ch == '-') {
			if (last_blank)
				d->blank_tail = 1;
			x = 0;
			prev = 0;
			run = 0;
			if (ch == '-') {
				y0 += 6;
				passes = 0;
				drawn_since_band = 0;
			}
			p++;
			continue;
		}
		if (ch == '\033')
			break;
		{
			int n = 1, k, bits;

			if (ch == '!') {
				p++;
				n = number(&p);
				if (n < 4)
					d->short_runs++;
				ch = *p;
				prev = 0;
				run = 0;
			}
			if (ch < '?' || ch > '~' || color < 0)
				return;
			bits = ch - '?';
			drew = 1;
			if (n == 1 && ch == prev) {
				if (++run >= 4)
					d->long_literals++;
			} else {
				run = n == 1 ? 1 : 0;
			}
			prev = n == 1 ? ch : 0;
			for (k = 0; k < 6; k++) {
				int i;

				if (!(bits & (1 << k)))
					continue;
				for (i = 0; i < n; i++) {
					if (x + i >= d->w || y0 + k >= d->h)
						return;
					d->pix[(size_t)(y0 + k) * (size_t)d->w +
					    (size_t)(x + i)] = (unsigned char)color;
				}
			}
			x += n;
			last_blank = bits == 0;
			if (bits)
				drawn_since_band = 1;
			p++;
		}
	}
	if (last_blank)
		d->blank_tail = 1;
	if (!drawn_since_band)
		d->trailing_bands = 1;
	d->ok = p + 2 == end && p[0] == '\033' && p[1] == '\\';
}

static void
decode(const char *s, size_t len, struct decoded *d)
{
	const char *p = s, *end = s + len;

	memset(d, 0, sizeof *d);
	d->p2 = -1;
	if (len < 4 || p[0] != '\033' || p[1] != 'P')
		return;
	p += 2;
	/* P1;P2;P3 before the q; the absent ones are 0. */
	{
		int k = 0, v[3] = { 0, 0, 0 };

		while (*p != 'q' && p < end) {
			if (*p == ';')
				k++;
			else if (*p >= '0' && *p <= '9' && k < 3)
				v[k] = number(&p), p--;
			p++;
		}
		d->p2 = v[1];
	}
	if (*p++ != 'q' || *p++ != '"')
		return;
	if (number(&p) != 1 || *p++ != ';' || number(&p) != 1 || *p++ != ';')
		return;
	d->w = number(&p);
	if (*p++ != ';')
		return;
	d->h = number(&p);
	d->pix = calloc((size_t)d->w * (size_t)d->h + 1, 1);
	if (!d->pix)
		return;
	decode_body(p, end, d);
}

/* Encode im, decode it, compare every pixel and colour used. */
static void
round_trip(const struct image *im, struct decoded *d, size_t *bytes)
{
	struct sixel s;
	struct image_bytes out = { NULL, 0, 0 };
	int used[IMAGE_COLORS] = { 0 }, c, wrong = 0;
	size_t i, n = (size_t)im->w * (size_t)im->h;

	sixel_init(&s);
	CHECK_INT(sixel_encode(&s, &out, im), 0);
	decode(out.data, out.len, d);
	CHECK(d->ok);
	CHECK_INT(d->p2, 0);
	CHECK_INT(d->w, im->w);
	CHECK_INT(d->h, im->h);
	for (i = 0; d->pix && d->w == im->w && d->h == im->h && i < n; i++) {
		used[im->pix[i]] = 1;
		wrong += d->pix[i] != im->pix[i];
	}
	CHECK_INT(wrong, 0);
	used[0] = 1;
	for (c = 0; c < IMAGE_COLORS; c++) {
		CHECK_INT(d->defined[c], used[c]);
		if (!used[c])
			continue;
		CHECK_INT(d->pct[c][0], sixel_percent((int)(im->rgb[c] >> 16 &
		    255)));
		CHECK_INT(d->pct[c][1], sixel_percent((int)(im->rgb[c] >> 8 &
		    255)));
		CHECK_INT(d->pct[c][2], sixel_percent((int)(im->rgb[c] & 255)));
	}
	CHECK_INT(d->blank_tail, 0);
	CHECK_INT(d->trailing_bands, 0);
	CHECK_INT(d->short_runs, 0);
	CHECK_INT(d->long_literals, 0);
	CHECK_INT(d->late_defines, 0);
	*bytes = out.len;
	image_bytes_free(&out);
	sixel_free(&s);
}

static void
image_of(struct image *im, int w, int h, int ncolors, struct rng *r)
{
	int c;

	memset(im, 0, sizeof *im);
	CHECK_INT(image_fit(im, w, h), 0);
	im->ncolors = ncolors;
	for (c = 0; c < IMAGE_COLORS; c++)
		im->rgb[c] = r ? (long)(rng_next(r) & 0xffffff) :
		    (long)c * 0x010101;
}

static size_t
check_image(const struct image *im)
{
	struct decoded d;
	size_t bytes;

	round_trip(im, &d, &bytes);
	free(d.pix);
	return bytes;
}

static void
test_percent(void)
{
	CHECK_INT(sixel_percent(0), 0);
	CHECK_INT(sixel_percent(255), 100);
	CHECK_INT(sixel_percent(128), 50);
	CHECK_INT(sixel_percent(1), 0);
	CHECK_INT(sixel_percent(3), 1);
	CHECK_INT(sixel_percent(-4), 0);
	CHECK_INT(sixel_percent(300), 100);
}

/* Random images of random colours, sparse to full, odd sizes. */
static void
test_random(void)
{
	static const int size[][2] = { { 1, 1 }, { 2, 7 }, { 37, 23 },
		{ 100, 61 }, { 8, 13 }, { 301, 5 } };
	static const int colors[] = { 2, 3, 17, 256 };
	static const int fill[] = { 2, 30, 100 };
	struct rng r;
	size_t i, j, k;

	rng_seed(&r, 12345, 1);
	for (i = 0; i < sizeof size / sizeof size[0]; i++)
		for (j = 0; j < sizeof colors / sizeof colors[0]; j++)
			for (k = 0; k < sizeof fill / sizeof fill[0]; k++) {
				struct image im;
				size_t p, n;

				image_of(&im, size[i][0], size[i][1],
				    colors[j], &r);
				n = (size_t)im.w * (size_t)im.h;
				for (p = 0; p < n; p++)
					if ((int)rng_below(&r, 100) < fill[k])
						im.pix[p] = (unsigned char)
						    rng_below(&r,
						    (uint32_t)colors[j]);
				check_image(&im);
				image_free(&im);
			}
}

/* One pixel in each corner of many sizes, alone and together. */
static void
test_corners(void)
{
	int w, h;

	for (w = 1; w <= 14; w++)
		for (h = 1; h <= 14; h++) {
			struct image im;
			size_t corner[4];
			int k;

			image_of(&im, w, h, 5, NULL);
			corner[0] = 0;
			corner[1] = (size_t)w - 1;
			corner[2] = (size_t)(h - 1) * (size_t)w;
			corner[3] = (size_t)w * (size_t)h - 1;
			for (k = 0; k < 4; k++) {
				image_clear(&im);
				im.pix[corner[k]] = (unsigned char)(k + 1);
				check_image(&im);
			}
			for (k = 0; k < 4; k++)
				im.pix[corner[k]] = (unsigned char)(k + 1);
			check_image(&im);
			image_free(&im);
		}
}

/* The smallest images, and images with nothing drawn: the header and
 * the background's colour alone. */
static void
test_small_and_empty(void)
{
	struct image im;
	struct sixel s;
	struct image_bytes out = { NULL, 0, 0 };
	static const char empty[] = "\033Pq\"1;1;640;7#0;2;0;0;0\033\\";

	image_of(&im, 1, 1, 2, NULL);
	check_image(&im);
	im.pix[0] = 1;
	check_image(&im);
	image_free(&im);

	/* Seven rows: a full band and a band of one row. */
	image_of(&im, 640, 7, 4, NULL);
	sixel_init(&s);
	CHECK_INT(sixel_encode(&s, &out, &im), 0);
	CHECK_INT(out.len, sizeof empty - 1);
	CHECK(out.len == sizeof empty - 1 &&
	    memcmp(out.data, empty, out.len) == 0);
	im.pix[6 * 640 + 639] = 3;
	check_image(&im);
	im.pix[0] = 2;
	check_image(&im);
	image_free(&im);
	image_bytes_free(&out);
	sixel_free(&s);

	/* No pixels at all. */
	image_of(&im, 0, 0, 1, NULL);
	check_image(&im);
	image_free(&im);
}

/* A run of every length from 1 to 300 on one row, after a lone pixel
 * that keeps the run off the left edge: the run costs a few bytes
 * whatever its length. */
static void
test_runs(void)
{
	int len;

	for (len = 1; len <= 300; len++) {
		struct image im;
		size_t bytes;
		int x;

		image_of(&im, 320, 9, 3, NULL);
		im.pix[3 * 320 + 2] = 2;
		for (x = 10; x < 10 + len; x++)
			im.pix[3 * 320 + x] = 1;
		bytes = check_image(&im);
		/* The header (14 bytes), three colours defined (30),
		 * "#1!10?!300x" and "$#2??x", ST. */
		CHECK(bytes <= 66);
		image_free(&im);
	}
}

/* One colour over the whole image, and 255 colours (with the
 * background, 256) in one band and then one colour a row. */
static void
test_colors(void)
{
	struct image im;
	struct decoded d;
	size_t bytes, i;
	int c;

	image_of(&im, 50, 30, 2, NULL);
	memset(im.pix, 1, 50 * 30);
	round_trip(&im, &d, &bytes);
	CHECK_INT(d.selects_in_band_max, 1);
	/* Five bands of "!50~", a '-' between each. */
	CHECK(bytes < 100);
	free(d.pix);
	image_free(&im);

	image_of(&im, 255, 6, 256, NULL);
	for (i = 0; i < 255 * 6; i++)
		im.pix[i] = (unsigned char)(1 + i % 255);
	round_trip(&im, &d, &bytes);
	CHECK_INT(d.selects_in_band_max, 255);
	for (c = 0; c < IMAGE_COLORS; c++)
		CHECK_INT(d.defined[c], 1);
	free(d.pix);
	image_free(&im);

	/* A colour a row down 1530 rows: each band holds six colours. */
	image_of(&im, 3, 1530, 256, NULL);
	for (i = 0; i < 3 * 1530; i++)
		im.pix[i] = (unsigned char)(1 + (i / 3) % 255);
	round_trip(&im, &d, &bytes);
	CHECK_INT(d.selects_in_band_max, 6);
	free(d.pix);
	image_free(&im);
}

/*
 * A sparse frame: 200 sprites of 10 by 10 pixels in 24 colours over a
 * 1200 by 780 field, as 200 birds in a 120x40 terminal of 10x20 cells
 * would be. Each sprite crosses at most three bands; each crossing is a
 * pass of at most "$#nn!nnnn?" and ten sixels, about 20 bytes: with the
 * colours' definitions the frame stays under 16 KB, a quarter of what a
 * frame may cost.
 */
static void
test_sparse_bound(void)
{
	struct image im;
	struct rng r;
	size_t bytes;
	int k;

	rng_seed(&r, 7, 2);
	image_of(&im, 1200, 780, 25, &r);
	for (k = 0; k < 200; k++) {
		int x0 = (int)rng_below(&r, 1190), y0 = (int)rng_below(&r, 770);
		unsigned char c = (unsigned char)(1 + rng_below(&r, 24));
		int x, y;

		for (y = y0; y < y0 + 10; y++)
			for (x = x0 + abs(y - y0 - 5); x < x0 + 10; x++)
				im.pix[(size_t)y * 1200 + (size_t)x] = c;
	}
	bytes = check_image(&im);
	CHECK(bytes <= 16 * 1024);
	image_free(&im);
}

/* The scratch space is reused: a second, smaller image after a larger
 * one decodes as well. */
static void
test_reuse(void)
{
	struct sixel s;
	struct image_bytes out = { NULL, 0, 0 };
	struct image a, b;
	struct decoded d;
	size_t i;

	image_of(&a, 40, 12, 3, NULL);
	image_of(&b, 9, 8, 3, NULL);
	memset(a.pix, 2, 40 * 12);
	for (i = 0; i < 9 * 8; i += 3)
		b.pix[i] = 1;
	sixel_init(&s);
	CHECK_INT(sixel_encode(&s, &out, &a), 0);
	out.len = 0;
	CHECK_INT(sixel_encode(&s, &out, &b), 0);
	decode(out.data, out.len, &d);
	CHECK(d.ok);
	for (i = 0; d.pix && i < 9 * 8; i++)
		CHECK_INT(d.pix[i], b.pix[i]);
	free(d.pix);
	image_bytes_free(&out);
	sixel_free(&s);
	image_free(&a);
	image_free(&b);
}

/* A picture in tiles (as for a terminal whose largest picture is
 * smaller than the field): each tile decodes to its part of the whole,
 * a tile reaching past the edge is cut to it, only the colours of the
 * tile are defined. */
static void
test_tiles(void)
{
	static const int cut[][4] = { { 0, 0, 20, 13 }, { 20, 0, 33, 13 },
		{ 0, 13, 20, 18 }, { 20, 13, 40, 40 }, { 52, 30, 5, 5 },
		{ 60, 0, 5, 5 } };
	struct image im;
	struct sixel s;
	struct image_bytes out = { NULL, 0, 0 };
	struct rng r;
	size_t i;
	int x, y;

	rng_seed(&r, 3, 3);
	image_of(&im, 53, 31, 40, &r);
	for (i = 0; i < 53 * 31; i++)
		im.pix[i] = (unsigned char)(rng_below(&r, 3) ? 0 :
		    1 + (i % 53 < 20 ? i % 7 : 20 + i % 19));
	sixel_init(&s);
	for (i = 0; i < sizeof cut / sizeof cut[0]; i++) {
		int w = cut[i][2], h = cut[i][3], wrong = 0, c;
		struct decoded d;

		if (cut[i][0] + w > 53)
			w = cut[i][0] > 53 ? 0 : 53 - cut[i][0];
		if (cut[i][1] + h > 31)
			h = 31 - cut[i][1];
		out.len = 0;
		CHECK_INT(sixel_encode_part(&s, &out, &im, cut[i][0],
		    cut[i][1], cut[i][2], cut[i][3]), 0);
		decode(out.data, out.len, &d);
		CHECK(d.ok);
		CHECK_INT(d.w, w);
		CHECK_INT(d.h, h);
		for (y = 0; d.pix && y < d.h && y < h; y++)
			for (x = 0; x < d.w && x < w; x++)
				wrong += d.pix[y * d.w + x] != im.pix[(y +
				    cut[i][1]) * 53 + x + cut[i][0]];
		CHECK_INT(wrong, 0);
		/* The left tiles hold colours 1 to 7 alone. */
		for (c = 8; cut[i][0] == 0 && c < IMAGE_COLORS; c++)
			CHECK_INT(d.defined[c], 0);
		free(d.pix);
	}
	image_bytes_free(&out);
	sixel_free(&s);
	image_free(&im);
}

int
main(void)
{
	test_percent();
	test_random();
	test_corners();
	test_small_and_empty();
	test_runs();
	test_colors();
	test_sparse_bound();
	test_reuse();
	test_tiles();
	return check_exit("test_sixel");
}
