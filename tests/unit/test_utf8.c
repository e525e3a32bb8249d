/*
 * test_utf8.c: characters as UTF-8 and back (src/lib/utf8.c), against
 * bytes worked out by hand from the encoding's table: the shortest form
 * of each code point, the edges of each length, the overlong forms, the
 * surrogates and what lies past U+10FFFF, and characters cut short at
 * the end of a buffer.
 */
#include <string.h>

#include "check.h"
#include "lib/utf8.h"

/* cp encodes to the len bytes want. */
static int
encodes(unsigned long cp, const char *want, size_t len)
{
	char out[UTF8_MAX];
	size_t n = utf8_encode(cp, out);

	return n == len && memcmp(out, want, len) == 0;
}

static void
test_encode(void)
{
	CHECK(encodes(0x00, "\x00", 1));
	CHECK(encodes(0x41, "A", 1));
	CHECK(encodes(0x7f, "\x7f", 1));
	/* 0x80 = 00010 000000: 110 00010, 10 000000. */
	CHECK(encodes(0x80, "\xc2\x80", 2));
	CHECK(encodes(0xe9, "\xc3\xa9", 2));           /* é */
	CHECK(encodes(0x7ff, "\xdf\xbf", 2));
	CHECK(encodes(0x800, "\xe0\xa0\x80", 3));
	/* U+2191, the arrow up: 0010 000110 010001. */
	CHECK(encodes(0x2191, "\xe2\x86\x91", 3));
	CHECK(encodes(0x20ac, "\xe2\x82\xac", 3));     /* € */
	CHECK(encodes(0x28ff, "\xe2\xa3\xbf", 3));     /* all eight dots */
	CHECK(encodes(0xd7ff, "\xed\x9f\xbf", 3));
	CHECK(encodes(0xe000, "\xee\x80\x80", 3));
	CHECK(encodes(0xffff, "\xef\xbf\xbf", 3));
	CHECK(encodes(0x10000, "\xf0\x90\x80\x80", 4));
	/* U+1F600: 000 011111 011000 000000. */
	CHECK(encodes(0x1f600, "\xf0\x9f\x98\x80", 4));
	CHECK(encodes(0x10ffff, "\xf4\x8f\xbf\xbf", 4));
	/* No character: a surrogate, and past the last code point. */
	CHECK(encodes(0xd800, "\xef\xbf\xbd", 3));
	CHECK(encodes(0xdfff, "\xef\xbf\xbd", 3));
	CHECK(encodes(0x110000, "\xef\xbf\xbd", 3));
}

/* The n bytes s decode to what, with code point cp when well formed. */
static int
decodes(const char *s, size_t n, int what, unsigned long cp)
{
	unsigned long got = 0;
	int r = utf8_decode(s, n, &got);

	return r == what && got == (r > 0 ? cp : UTF8_REPLACEMENT);
}

static void
test_decode(void)
{
	CHECK(decodes("A", 1, 1, 0x41));
	CHECK(decodes("\x00", 1, 1, 0));
	CHECK(decodes("\xc2\x80", 2, 2, 0x80));
	CHECK(decodes("\xc3\xa9z", 3, 2, 0xe9));       /* stops at its end */
	CHECK(decodes("\xdf\xbf", 2, 2, 0x7ff));
	CHECK(decodes("\xe0\xa0\x80", 3, 3, 0x800));
	CHECK(decodes("\xe2\x86\x91", 3, 3, 0x2191));
	CHECK(decodes("\xed\x9f\xbf", 3, 3, 0xd7ff));
	CHECK(decodes("\xef\xbf\xbd", 3, 3, 0xfffd));
	CHECK(decodes("\xf0\x90\x80\x80", 4, 4, 0x10000));
	CHECK(decodes("\xf0\x9f\x98\x80", 4, 4, 0x1f600));
	CHECK(decodes("\xf4\x8f\xbf\xbf", 4, 4, 0x10ffff));

	/* Bytes that begin nothing: a continuation byte alone, C0 and C1
	 * (only ever overlong), F5 to FF. */
	CHECK(decodes("\x80", 1, -1, 0));
	CHECK(decodes("\xbf\x80", 2, -1, 0));
	CHECK(decodes("\xc0\x80", 2, -1, 0));          /* NUL, overlong */
	CHECK(decodes("\xc1\xbf", 2, -1, 0));          /* U+7F, overlong */
	CHECK(decodes("\xf5\x80\x80\x80", 4, -1, 0));
	CHECK(decodes("\xff", 1, -1, 0));
	/* Overlong forms of three and four bytes: E0 and F0 need a first
	 * continuation of at least A0 and 90. */
	CHECK(decodes("\xe0\x80\x80", 3, -1, 0));      /* NUL */
	CHECK(decodes("\xe0\x9f\xbf", 3, -1, 0));      /* U+7FF */
	CHECK(decodes("\xf0\x80\x80\x80", 4, -1, 0));
	CHECK(decodes("\xf0\x8f\xbf\xbf", 4, -1, 0));  /* U+FFFF */
	/* The surrogates, and past U+10FFFF. */
	CHECK(decodes("\xed\xa0\x80", 3, -1, 0));      /* U+D800 */
	CHECK(decodes("\xed\xbf\xbf", 3, -1, 0));      /* U+DFFF */
	CHECK(decodes("\xf4\x90\x80\x80", 4, -1, 0));  /* U+110000 */
	/* A lead whose continuation does not come: the byte after it is
	 * no continuation, at the second, third or fourth place. */
	CHECK(decodes("\xc3\x41", 2, -1, 0));
	CHECK(decodes("\xe2\x86\x41", 3, -1, 0));
	CHECK(decodes("\xf0\x9f\x98\xc3", 4, -1, 0));
	CHECK(decodes("\xe2\x00\x91", 3, -1, 0));

	/* Cut short by the end of the buffer: the start of a character,
	 * whose rest may come; the bytes past n are never read. */
	CHECK(decodes("", 0, 0, 0));
	CHECK(decodes("\xc3", 1, 0, 0));
	CHECK(decodes("\xe2", 1, 0, 0));
	CHECK(decodes("\xe2\x86\x91", 2, 0, 0));
	CHECK(decodes("\xf0\x9f\x98\x80", 3, 0, 0));
	CHECK(decodes("\xf0\x9f\x98\x80", 1, 0, 0));
	/* ... but not when what came already cannot be one. */
	CHECK(decodes("\xe0\x80", 2, -1, 0));
	CHECK(decodes("\xed\xa0", 2, -1, 0));
	CHECK(decodes("\xf4\x90", 2, -1, 0));
}

static void
test_span(void)
{
	/* a € b: 61, E2 82 AC, 62. */
	static const char s[] = "a\xe2\x82\xac" "b";
	/* a, a cut-short lead, a lone continuation, b. */
	static const char bad[] = "a\xe2\x82" "b\x80";

	CHECK_INT(utf8_span(s, 5, 0), 0);
	CHECK_INT(utf8_span(s, 5, 1), 1);
	CHECK_INT(utf8_span(s, 5, 2), 4);
	CHECK_INT(utf8_span(s, 5, 3), 5);
	CHECK_INT(utf8_span(s, 5, 9), 5);
	/* Cut in the middle of the €: what is there counts byte by byte. */
	CHECK_INT(utf8_span(s, 3, 2), 2);
	CHECK_INT(utf8_span(s, 3, 9), 3);
	/* E2 82 then b: E2 is no character, nor 82; each is one. */
	CHECK_INT(utf8_span(bad, 5, 2), 2);
	CHECK_INT(utf8_span(bad, 5, 3), 3);
	CHECK_INT(utf8_span(bad, 5, 4), 4);
	CHECK_INT(utf8_span(bad, 5, 9), 5);
}

/* Every code point but the surrogates goes there and back. */
static void
test_round_trip(void)
{
	unsigned long cp;
	long bad = 0;

	for (cp = 0; cp <= 0x10ffff; cp++) {
		char out[UTF8_MAX];
		unsigned long back;
		size_t n;

		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		n = utf8_encode(cp, out);
		bad += n != (cp < 0x80 ? 1u : cp < 0x800 ? 2u :
		    cp < 0x10000 ? 3u : 4u);
		bad += utf8_decode(out, n, &back) != (int)n || back != cp;
		bad += n > 1 && utf8_decode(out, n - 1, &back) != 0;
	}
	CHECK_INT(bad, 0);
}

int
main(void)
{
	test_encode();
	test_decode();
	test_span();
	test_round_trip();
	return check_exit("test_utf8");
}
