/*
 * memory.h: whether a large allocation fits the machine.
 *
 * Checked before a flock of millions or a picture of a huge world is
 * made, so that too much is refused with a word rather than ended by the
 * kernel.
 */
#ifndef BOIDS_MEMORY_H
#define BOIDS_MEMORY_H

#include <stddef.h>

/* The machine's memory in bytes; not above 0 when it cannot be told. */
double memory_machine(void);

/* Whether need bytes fit in it with room to spare. */
int memory_fits(double need);

/* Whether bytes more could be had now: for a library that does not
 * check what it allocates (curses reading terminfo crashes when memory
 * runs out), asked before calling it. */
int memory_headroom(size_t bytes);

#endif
