/*
 * ui.h: the interactive program: the flock on the terminal, keys and
 * resizes, paced by the frame rate.
 */
#ifndef BOIDS_UI_H
#define BOIDS_UI_H

#include "files/record.h"
#include "options/options.h"

/* Run until quit or a signal, flying the record replay when not NULL;
 * returns the exit status. */
int ui_run(const struct options *o, const struct record *replay);

#endif
