/*
 * deflate.c: a zlib stream of one fixed-Huffman block, whose matches
 * look only one pixel back and one row up.
 *
 * That is what pictures of a flock need: long runs of the sky, rows
 * alike. Each place takes the longer of the two matches when it is
 * three bytes or more (the least deflate has), else a literal, so the
 * work is one pass over the bytes. The fixed codes need no tables in
 * the stream: a literal costs 8 or 9 bits, a run of 258 bytes one
 * pixel back about 13.
 */
#include <stdint.h>

#include "deflate.h"

#define MIN_MATCH 3
#define MAX_MATCH 258
#define MAX_DISTANCE 32768

/* The lengths each length code starts at (257 on), and their extra
 * bits; likewise the distance codes. */
static const unsigned short len_base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11,
	13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
	195, 227, 258 };
static const unsigned char len_extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
	1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const unsigned short dist_base[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17,
	25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
	3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const unsigned char dist_extra[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3,
	4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

/* Bits go out from the least significant end of each byte. */
struct bits {
	unsigned char *out;
	size_t at;
	uint32_t acc;
	int n;
};

static void
put(struct bits *b, uint32_t v, int n)
{
	b->acc |= v << b->n;
	b->n += n;
	while (b->n >= 8) {
		b->out[b->at++] = (unsigned char)b->acc;
		b->acc >>= 8;
		b->n -= 8;
	}
}

/* A Huffman code goes out from its most significant bit. */
static void
put_code(struct bits *b, uint32_t code, int n)
{
	uint32_t r = 0;
	int i;

	for (i = 0; i < n; i++)
		r |= (code >> i & 1u) << (n - 1 - i);
	put(b, r, n);
}

/* Symbol s (0 to 287) of the fixed literal/length code. */
static void
put_symbol(struct bits *b, unsigned s)
{
	if (s < 144)
		put_code(b, 0x30 + s, 8);
	else if (s < 256)
		put_code(b, 0x190 + (s - 144), 9);
	else if (s < 280)
		put_code(b, s - 256, 7);
	else
		put_code(b, 0xc0 + (s - 280), 8);
}

static void
put_match(struct bits *b, unsigned len, unsigned dist)
{
	int c = 28, d = 29;

	while (len_base[c] > len)
		c--;
	put_symbol(b, 257 + (unsigned)c);
	put(b, len - len_base[c], len_extra[c]);
	while (dist_base[d] > dist)
		d--;
	put_code(b, (uint32_t)d, 5);
	put(b, dist - dist_base[d], dist_extra[d]);
}

/* How many bytes from i on repeat those dist back. */
static unsigned
match(const unsigned char *in, size_t n, size_t i, size_t dist)
{
	const unsigned char *here = in + i, *there;
	size_t k = 0, most = n - i;

	if (dist == 0 || dist > i || dist > MAX_DISTANCE)
		return 0;
	there = here - dist;
	if (most > MAX_MATCH)
		most = MAX_MATCH;
	while (k < most && here[k] == there[k])
		k++;
	return (unsigned)k;
}

static uint32_t
adler32(const unsigned char *in, size_t n)
{
	uint32_t a = 1, b = 0;

	while (n > 0) {
		/* The most bytes before b may overflow 32 bits. */
		size_t k = n < 5552 ? n : 5552;

		n -= k;
		while (k-- > 0) {
			a += *in++;
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return b << 16 | a;
}

size_t
deflate_bound(size_t n)
{
	/* Nine bits a literal at worst, the headers, the end code, the
	 * checksum, and a byte of slack. */
	return n + n / 8 + 16;
}

size_t
deflate_zlib(unsigned char *out, const unsigned char *in, size_t n,
    size_t pixel, size_t row)
{
	struct bits b = { NULL, 0, 0, 0 };
	uint32_t sum = adler32(in, n);
	size_t i = 0;

	b.out = out;
	/* CMF: deflate, a 32 KB window; FLG: no dictionary, the fastest
	 * level, checked so that CMF * 256 + FLG is a multiple of 31. */
	out[b.at++] = 0x78;
	out[b.at++] = 0x01;
	put(&b, 1, 1);      /* the last block */
	put(&b, 1, 2);      /* of the fixed codes */
	while (i < n) {
		unsigned a = match(in, n, i, pixel), c = match(in, n, i, row);
		size_t dist = a >= c ? pixel : row;
		unsigned len = a >= c ? a : c;

		if (len >= MIN_MATCH) {
			put_match(&b, len, (unsigned)dist);
			i += len;
		} else {
			put_symbol(&b, in[i]);
			i++;
		}
	}
	put_symbol(&b, 256);
	if (b.n > 0)
		put(&b, 0, 8 - b.n);
	out[b.at++] = (unsigned char)(sum >> 24);
	out[b.at++] = (unsigned char)(sum >> 16);
	out[b.at++] = (unsigned char)(sum >> 8);
	out[b.at++] = (unsigned char)sum;
	return b.at;
}
