/*
 * terminfo.h: the terminal type's strings, read from terminfo once
 * curses has loaded the type, as bytes to send as they are.
 */
#ifndef BOIDS_TERMINFO_H
#define BOIDS_TERMINFO_H

#include <stddef.h>

/* Whether the type has the string capability cap, and it is not empty. */
int terminfo_has(const char *cap);

/* The capability cap (or, when cap begins with Esc, cap itself) as
 * bytes in buf, at most len, without its padding; how many (0 when
 * the type lacks it or it does not fit). */
size_t terminfo_bytes(const char *cap, char *buf, size_t len);

#endif
