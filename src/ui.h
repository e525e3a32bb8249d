/*
 * ui.h: the program on a terminal: the flock drawn, keys and resizes
 * taken, steps on the flock's own clock and frames as the link takes
 * them.
 */
#ifndef BOIDS_UI_H
#define BOIDS_UI_H

#include "files/record.h"
#include "options/options.h"

/* Run until quit or a signal, flying the record replay when not NULL;
 * returns the exit status. */
int ui_run(const struct options *o, const struct record *replay);

#endif
