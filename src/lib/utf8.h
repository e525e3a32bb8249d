/*
 * utf8.h: characters as UTF-8 bytes, and bytes as characters.
 *
 * UTF-8 writes a code point in one to four bytes: a lead byte that says
 * how many, then that many continuation bytes, 10xxxxxx each. Bytes are
 * well formed only where every character takes the shortest form of its
 * code point (no overlong forms), and names no surrogate (U+D800 to
 * U+DFFF) and nothing past U+10FFFF; anything else stands for no
 * character, and a terminal shows each such byte as U+FFFD. The glyph
 * grid writes its rows with this, the cast checks what the terminal is
 * sent, the panel is cut to its columns, and a message finds the C1
 * controls in a name.
 */
#ifndef BOIDS_UTF8_H
#define BOIDS_UTF8_H

#include <stddef.h>

/* The most bytes a character takes. */
#define UTF8_MAX 4

/* What stands for a byte that is no part of a character. */
#define UTF8_REPLACEMENT 0xfffdUL

/* Code point cp as UTF-8 into out (UTF8_MAX bytes, no NUL); one that is
 * no character (a surrogate, or past U+10FFFF) as U+FFFD. How many bytes,
 * 1 to 4. */
size_t utf8_encode(unsigned long cp, char *out);

/*
 * The character the n bytes at s begin with, its code point into *cp:
 * its length (1 to 4) when well formed; 0 when the bytes begin one
 * well and end before it does (n 0 among them), so that the rest may
 * still come; -1 when the first byte begins no character, or what
 * follows it cannot continue the one it begins (*cp is then U+FFFD).
 * Reads no byte past the one that tells.
 */
int utf8_decode(const char *s, size_t n, unsigned long *cp);

/* The bytes the first chars characters of the n bytes at s take, a byte
 * that is no part of a character counting as one character, as a
 * terminal shows it. */
size_t utf8_span(const char *s, size_t n, size_t chars);

#endif
