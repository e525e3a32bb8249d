/*
 * inflate.h: the tests' own reader of zlib streams (RFC 1950 and 1951:
 * stored and fixed-Huffman blocks, what src/lib/deflate.c writes) and
 * of PNG files of 8-bit palette indices with unfiltered rows (what
 * src/lib/png.c writes), written from the public descriptions of both,
 * so that what the program writes is read back by other code than its
 * own.
 */
#ifndef BOIDS_INFLATE_H
#define BOIDS_INFLATE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct bitin {
	const unsigned char *p;
	size_t n, at;
	int bit;
};

static int
bit_get(struct bitin *b)
{
	int v;

	if (b->at >= b->n)
		return -1;
	v = b->p[b->at] >> b->bit & 1;
	if (++b->bit == 8) {
		b->bit = 0;
		b->at++;
	}
	return v;
}

static long
bits_get(struct bitin *b, int n)
{
	long v = 0;
	int i;

	for (i = 0; i < n; i++) {
		int x = bit_get(b);

		if (x < 0)
			return -1;
		v |= (long)x << i;
	}
	return v;
}

/* A fixed-code symbol, read from its most significant bit. */
static int
fixed_symbol(struct bitin *b)
{
	int code = 0, len;

	for (len = 1; len <= 9; len++) {
		int x = bit_get(b);

		if (x < 0)
			return -1;
		code = code << 1 | x;
		if (len == 7 && code <= 23)
			return 256 + code;
		if (len == 8 && code >= 0x30 && code <= 0xbf)
			return code - 0x30;
		if (len == 8 && code >= 0xc0 && code <= 0xc7)
			return 280 + code - 0xc0;
		if (len == 9 && code >= 0x190)
			return 144 + code - 0x190;
	}
	return -1;
}

/* A zlib stream into out (cap bytes); its length, or -1 if broken. */
static long
inflate_zlib(const unsigned char *in, size_t n, unsigned char *out,
    size_t cap)
{
	static const int lbase[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15,
		17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
		195, 227, 258 };
	static const int lextra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
		2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
	static const int dbase[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33,
		49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
		3073, 4097, 6145, 8193, 12289, 16385, 24577 };
	static const int dextra[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
		5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };
	struct bitin b;
	size_t o = 0, k;
	uint32_t s1 = 1, s2 = 0, want;
	int last = 0;

	if (n < 6 || (in[0] * 256 + in[1]) % 31 != 0 || (in[0] & 15) != 8)
		return -1;
	b.p = in + 2;
	b.n = n - 6;
	b.at = 0;
	b.bit = 0;
	while (!last) {
		long type;

		last = bit_get(&b);
		type = bits_get(&b, 2);
		if (last < 0 || type < 0)
			return -1;
		if (type == 0) {
			long len;

			if (b.bit) {
				b.bit = 0;
				b.at++;
			}
			if (b.at + 4 > b.n)
				return -1;
			len = b.p[b.at] | b.p[b.at + 1] << 8;
			b.at += 4;
			if (b.at + (size_t)len > b.n || o + (size_t)len > cap)
				return -1;
			memcpy(out + o, b.p + b.at, (size_t)len);
			o += (size_t)len;
			b.at += (size_t)len;
			continue;
		}
		if (type != 1)
			return -1;
		for (;;) {
			int sym = fixed_symbol(&b), d;
			long len, dist;

			if (sym < 0)
				return -1;
			if (sym < 256) {
				if (o >= cap)
					return -1;
				out[o++] = (unsigned char)sym;
				continue;
			}
			if (sym == 256)
				break;
			sym -= 257;
			if (sym >= 29)
				return -1;
			len = lbase[sym] + bits_get(&b, lextra[sym]);
			d = (int)bits_get(&b, 5);
			if (d < 0)
				return -1;
			{
				long r = 0;
				int i;

				for (i = 4; i >= 0; i--)
					r |= (long)(d >> (4 - i) & 1) << i;
				d = (int)r;
			}
			if (d >= 30)
				return -1;
			dist = dbase[d] + bits_get(&b, dextra[d]);
			if (dist > (long)o || o + (size_t)len > cap)
				return -1;
			for (; len > 0; len--, o++)
				out[o] = out[o - (size_t)dist];
		}
	}
	if (b.bit)
		b.at++;
	for (k = 0; k < o; k++) {
		s1 = (s1 + out[k]) % 65521;
		s2 = (s2 + s1) % 65521;
	}
	want = (uint32_t)in[n - 4] << 24 | (uint32_t)in[n - 3] << 16 |
	    (uint32_t)in[n - 2] << 8 | in[n - 1];
	return want == (s2 << 16 | s1) ? (long)o : -1;
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static uint32_t
crc32_of(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	int k;

	while (n-- > 0) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
	}
	return c ^ 0xffffffffu;
}

/* A PNG of 8-bit palette indices, rows unfiltered, into RGBA (its
 * size in *w, *h); NULL if it is not one. */
static unsigned char *
png_decode(const unsigned char *p, size_t n, long *w, long *h)
{
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', '\r', '\n',
		26, '\n' };
	unsigned char pal[256][4], *idat = NULL, *rows = NULL, *rgba = NULL;
	size_t at = 8, nidat = 0, k;
	int ncolors = 0, ended = 0;
	long y, x;

	*w = *h = 0;
	memset(pal, 255, sizeof pal);
	if (n < 8 || memcmp(p, sig, 8) != 0)
		return NULL;
	while (at + 12 <= n && !ended) {
		uint32_t len = be32(p + at);
		const unsigned char *type = p + at + 4, *data = p + at + 8;

		if (at + 12 + len > n || crc32_of(type, len + 4) !=
		    be32(data + len))
			goto bad;
		if (memcmp(type, "IHDR", 4) == 0) {
			*w = (long)be32(data);
			*h = (long)be32(data + 4);
			if (data[8] != 8 || data[9] != 3 || data[12] != 0)
				goto bad;
		} else if (memcmp(type, "PLTE", 4) == 0) {
			ncolors = (int)(len / 3);
			for (k = 0; k < (size_t)ncolors && k < 256; k++)
				memcpy(pal[k], data + 3 * k, 3);
		} else if (memcmp(type, "tRNS", 4) == 0) {
			for (k = 0; k < len && k < 256; k++)
				pal[k][3] = data[k];
		} else if (memcmp(type, "IDAT", 4) == 0) {
			unsigned char *more = realloc(idat, nidat + len + 1);

			if (!more)
				goto bad;
			idat = more;
			memcpy(idat + nidat, data, len);
			nidat += len;
		} else if (memcmp(type, "IEND", 4) == 0) {
			ended = 1;
		}
		at += 12 + len;
	}
	if (!ended || *w <= 0 || *h <= 0 || ncolors == 0 || !idat)
		goto bad;
	rows = malloc((size_t)(*w + 1) * (size_t)*h);
	rgba = malloc((size_t)*w * (size_t)*h * 4);
	if (!rows || !rgba || inflate_zlib(idat, nidat, rows,
	    (size_t)(*w + 1) * (size_t)*h) != (*w + 1) * *h)
		goto bad;
	for (y = 0; y < *h; y++) {
		const unsigned char *r = rows + (size_t)y * (size_t)(*w + 1);

		if (r[0] != 0)
			goto bad;
		for (x = 0; x < *w; x++) {
			if (r[1 + x] >= ncolors)
				goto bad;
			memcpy(rgba + 4 * ((size_t)y * (size_t)*w + (size_t)x),
			    pal[r[1 + x]], 4);
		}
	}
	free(idat);
	free(rows);
	return rgba;
bad:
	free(idat);
	free(rows);
	free(rgba);
	return NULL;
}

#endif
