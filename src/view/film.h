/*
 * film.h: a flight as pictures in pixels, for a headless run: an
 * animated GIF (--gif), and its last step as a PNG (--png).
 *
 * The flock is drawn as the terminal draws it in pixels (pixels.h): the
 * whole world fitted into a picture of its cells, each cell FILM_CELL_W
 * by FILM_CELL_H pixels, in the theme and on the background the options
 * ask for (dark unless --background light; --no-color draws the mono
 * theme), with trails when --trails is given (trails.h). A world too
 * large for FILM_MAX_W by FILM_MAX_H pixels is drawn smaller, as a
 * terminal of fewer cells would show it zoomed out.
 *
 * The GIF's frames come at the rate a terminal would draw them (-f, at
 * most one a step, -R steps a second, and at most FILM_MAX_FPS, the
 * most a GIF's delays can tell): frame j shows the first step at or
 * after j / fps seconds of the flight, and stays for 1 / fps seconds,
 * the delays in hundredths rounded so that they add up to the
 * flight's time. A flight too short for a frame has one, its last
 * step. The PNG is the last step, as the GIF's frame of it shows it.
 * The files are made before the flight (a name that cannot be
 * written is told first), and replace the old ones as the others a run
 * writes do: the GIF once the run has begun and a frame is in it, the
 * PNG once it is written whole at the end.
 */
#ifndef BOIDS_FILM_H
#define BOIDS_FILM_H

#include <stdio.h>

#include "engine/flock.h"
#include "options/options.h"

#define FILM_CELL_W 10
#define FILM_CELL_H 20
#define FILM_MAX_W 3840
#define FILM_MAX_H 2160
#define FILM_MAX_FPS 50

struct film;

/*
 * The pictures o asks for, of a flight in a w by h world that ends at
 * step last, their files made: 0, *fm_out NULL when none is asked for; or
 * -1 with one line on err (a file that cannot be written, or no
 * memory).
 */
int film_open(struct film **fm_out, const struct options *o, float w,
    float h, long last, FILE *err);

/* The run has begun (it has printed its first line): the GIF takes its
 * file's name, once a frame is in it. 0, or -1 with one line on err.
 * NULL does nothing. */
int film_begun(struct film *fm, FILE *err);

/* After each step of the flight (step counted from its start): a frame
 * when one is due. 0; or -1 with one line on err, the GIF then ending
 * at its last whole frame. */
int film_step(struct film *fm, const struct flock *f, long step,
    FILE *err);

/*
 * The flight is over at step: when whole, the PNG of that step is
 * written and a GIF without a frame gets it; either way the GIF ends
 * after its frames, a file never begun leaving the old one as it was.
 * 0, or -1 with one line on err. fm is freed (NULL does nothing).
 */
int film_end(struct film *fm, const struct flock *f, long step, int whole,
    FILE *err);

#endif
