/*
 * utf8.c: characters as UTF-8 bytes, and bytes as characters.
 *
 * The lead byte says how many continuation bytes follow, and for some
 * leads the first of them has a narrower range: that is what keeps out
 * the overlong forms (after E0 and F0), the surrogates (after ED) and
 * the code points past U+10FFFF (after F4), so that each well-formed
 * string has one reading. C0, C1 and F5 to FF begin nothing.
 */
#include "utf8.h"

size_t
utf8_encode(unsigned long cp, char *out)
{
	if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		cp = UTF8_REPLACEMENT;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* How many continuation bytes follow lead b, and the range of the first
 * (*lo to *hi), its bits in *cp; 0 when b leads nothing. */
static size_t
lead(unsigned b, unsigned *lo, unsigned *hi, unsigned long *cp)
{
	*lo = 0x80;
	*hi = 0xbf;
	if (b >= 0xc2 && b <= 0xdf) {
		*cp = b & 0x1f;
		return 1;
	}
	if (b >= 0xe0 && b <= 0xef) {
		*cp = b & 0x0f;
		if (b == 0xe0)
			*lo = 0xa0;
		if (b == 0xed)
			*hi = 0x9f;
		return 2;
	}
	if (b >= 0xf0 && b <= 0xf4) {
		*cp = b & 0x07;
		if (b == 0xf0)
			*lo = 0x90;
		if (b == 0xf4)
			*hi = 0x8f;
		return 3;
	}
	return 0;
}

int
utf8_decode(const char *s, size_t n, unsigned long *cp)
{
	const unsigned char *b = (const unsigned char *)s;
	unsigned long c = 0;
	unsigned lo, hi;
	size_t need, k;

	*cp = UTF8_REPLACEMENT;
	if (n == 0)
		return 0;
	if (b[0] < 0x80) {
		*cp = b[0];
		return 1;
	}
	need = lead(b[0], &lo, &hi, &c);
	if (need == 0)
		return -1;
	for (k = 1; k <= need; k++) {
		if (k >= n)
			return 0;
		if (b[k] < lo || b[k] > hi)
			return -1;
		c = c << 6 | (b[k] & 0x3f);
		lo = 0x80;
		hi = 0xbf;
	}
	*cp = c;
	return (int)need + 1;
}

size_t
utf8_span(const char *s, size_t n, size_t chars)
{
	size_t at = 0;

	for (; at < n && chars > 0; chars--) {
		unsigned long cp;
		int len = utf8_decode(s + at, n - at, &cp);

		at += len > 0 ? (size_t)len : 1;
	}
	return at;
}
