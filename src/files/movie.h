/*
 * movie.h: a flight as an animated GIF, written a frame at a time.
 *
 * Each frame is a picture of indexed pixels (one byte a pixel, into a
 * palette of at most 256 colours that stays the same all through),
 * shown for a delay in hundredths of a second; the GIF loops forever.
 * A frame is stored as the rectangle in which it differs from the one
 * before, its unchanged pixels there transparent, drawn over what the
 * frames before left: what a viewer shows is every frame whole, and
 * what is stored mostly what moved. giflib (libgif) compresses and
 * writes it.
 *
 * The file is written as a record is (replace.h): to a new file beside
 * the one named, which takes its name when the caller says the run has
 * begun. A write that fails cuts the file back to its last whole frame
 * and ends it there, so that what is kept is a GIF every viewer reads.
 */
#ifndef BOIDS_MOVIE_H
#define BOIDS_MOVIE_H

#include <stdio.h>

/* The most colours a movie's palette may hold; with fewer, the index
 * after them is the transparent pixels'. */
#define MOVIE_COLORS 256

struct movie;

/*
 * A movie of w by h pixels in the colours rgb[0] to rgb[ncolors - 1]
 * (0xRRGGBB, index 0 the background), written to a new file for path.
 * NULL with "boids: cannot write gif file 'PATH': why" on err when it
 * cannot be made (or is too large, or the memory is not there).
 */
struct movie *movie_open(const char *path, int w, int h, const long *rgb,
    int ncolors, FILE *err);

/* The next frame, w * h indices row by row, each below ncolors, shown
 * for delay hundredths of a second. 0; or -1 with errno, the file then
 * ended after its last whole frame, and every later frame refused. */
int movie_frame(struct movie *m, const unsigned char *pix, int delay);

/* The run has begun: the movie takes its file's name. 0, or -1 with
 * errno. */
int movie_keep(struct movie *m);

/* The movie ended after its frames and closed; one never kept leaves
 * the old file as it was. 0, or -1 with errno when its end could not
 * be written. m is freed either way. */
int movie_close(struct movie *m);

/* The frames written whole so far. */
long movie_frames(const struct movie *m);

#endif
