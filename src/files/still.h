/*
 * still.h: one picture as a PNG file.
 *
 * A picture of indexed pixels (one byte a pixel, into a palette of at
 * most 256 colours) is compressed by libpng into a PNG with that
 * palette. The file is made when the run starts, so that a name that
 * cannot be written is told before anything is flown, and written as a
 * record is (replace.h): to a new file beside the one named, which
 * takes its name only once the picture is in it whole; a run that ends
 * before leaves the old file as it was.
 */
#ifndef BOIDS_STILL_H
#define BOIDS_STILL_H

#include <stdio.h>

#include "replace.h"

struct still {
	int fd;
	struct replace place;
	const char *path;
};

/* A new file for path: 0; or -1 with "boids: cannot write png file
 * 'PATH': why" on err. */
int still_open(struct still *s, const char *path, FILE *err);

/* The picture, w by h pixels row by row, each an index below ncolors
 * into rgb (0xRRGGBB), written whole; the file then takes its name. 0,
 * or -1 with errno. */
int still_write(struct still *s, int w, int h, const unsigned char *pix,
    const long *rgb, int ncolors);

/* The file closed; one never written whole leaves the old file as it
 * was. */
void still_close(struct still *s);

#endif
