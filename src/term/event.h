/*
 * event.h: what the terminal reads for the program: a key, a click, a
 * wheel notch, the pointer's motion.
 *
 * Keys keep curses' codes, because a record keeps them by number and a
 * record made by any earlier build must fly again; the keys the layers
 * above name are named here, so that none of them needs curses to name
 * them (keys.c checks that the numbers are curses' own). The mouse's
 * events are negative, where no key code is.
 */
#ifndef BOIDS_EVENT_H
#define BOIDS_EVENT_H

struct event {
	int key;                /* a key code, or an EVENT_ of the mouse */
	int col, row;           /* the cell of a click or a wheel notch */
};

/* The mouse: a left click, and the wheel turned up (away from the user)
 * or down by one notch. */
#define EVENT_CLICK (-2)
#define EVENT_WHEEL_UP (-3)
#define EVENT_WHEEL_DOWN (-4)
/* The pointer moved (reported only while the screensaver asks). */
#define EVENT_MOTION (-5)

/* Keys that are not characters, by curses' numbers (KEY_DOWN and on). */
#define EVENT_KEY_DOWN 0402
#define EVENT_KEY_UP 0403
#define EVENT_KEY_LEFT 0404
#define EVENT_KEY_RIGHT 0405
/* Keys that are characters, but have no letter to write them with. */
#define EVENT_KEY_ESCAPE 033
#define EVENT_KEY_CTRL_L 014

#endif
