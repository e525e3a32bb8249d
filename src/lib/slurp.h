/*
 * slurp.h: a small file read whole, with a bound.
 *
 * Records and the config file are read whole before anything is done
 * with them, so that a bad one is refused before it changes anything;
 * the bound keeps a device that never ends (or a huge file named by
 * mistake) from eating the memory.
 */
#ifndef BOIDS_SLURP_H
#define BOIDS_SLURP_H

#include <stddef.h>
#include <stdio.h>

/*
 * All of f, NUL-terminated, in a buffer the caller frees; its length in
 * *len. NULL with errno set when it cannot be read, when memory runs out
 * (ENOMEM), or when it holds more than max bytes (EFBIG). With
 * magic, the reading stops as soon as the first bytes are not magic:
 * what was read is returned, for the caller to refuse.
 */
char *slurp(FILE *f, size_t max, const char *magic, size_t *len);

/*
 * path opened for reading without waiting: a FIFO or a terminal would
 * hold the session until someone wrote to it or typed, and is refused
 * with *why; another device is read as a file is. NULL with errno set,
 * or with *why.
 */
FILE *slurp_open(const char *path, const char **why);

#endif
