/*
 * deflate.h: a picture's bytes as a zlib stream (RFC 1950 and 1951).
 *
 * Made for pictures that are mostly one colour: one block of the fixed
 * Huffman codes, whose only matches repeat what lies one pixel back
 * (a run of a colour) or one row up (a row like the last). A field of
 * a few birds on an empty sky shrinks a hundredfold; any zlib reader
 * takes it (the kitty protocol's o=z, a PNG's data).
 */
#ifndef BOIDS_DEFLATE_H
#define BOIDS_DEFLATE_H

#include <stddef.h>

/* The most bytes deflate_zlib() writes for n bytes. */
size_t deflate_bound(size_t n);

/* The n bytes at in, as a zlib stream into out (deflate_bound(n) bytes
 * of room), matching back `pixel` bytes and `row` bytes (0: not); its
 * length. */
size_t deflate_zlib(unsigned char *out, const unsigned char *in, size_t n,
    size_t pixel, size_t row);

#endif
