/*
 * keys.h: reading the terminal's input, key by key.
 *
 * What curses reads from the terminal, sorted: keys and clicks for the
 * key table, a resize, the terminal's answers to the pacing's queries
 * and to the questions of its background colour, its modes and its
 * pixels, and what is of no interest (dropped); a notch of the wheel that some
 * terminals report twice counts once. A sequence begun after an Esc is
 * read until it is whole or too long in coming, and one longer than is
 * kept is skipped to its end, however long; bytes that turn out to be
 * keys wait for the next read. Waiting is poll() on the terminal and
 * on the signals' wake descriptor, handed over at the start, so that a
 * signal ends the wait at once; poll also says when the terminal hung
 * up.
 */
#ifndef BOIDS_KEYS_H
#define BOIDS_KEYS_H

#include <stddef.h>

#include "event.h"

/* A notch of the wheel reported again within this many milliseconds,
 * the same report with nothing between, is the same notch (keys.c).
 * alacritty sends its twin at once, but a terminal starved of the
 * processor can send it tens of milliseconds late; a hand turns
 * notches further apart than this. */
#define KEYS_WHEEL_TWIN_MS 50

/* What keys_next() read. */
enum keys_read {
	KEYS_NONE,      /* nothing is waiting */
	KEYS_KEY,       /* a key or a click, in the event */
	KEYS_RESIZE,    /* curses says the terminal changed size */
	KEYS_ANSWER,    /* the terminal's answer to a pacing query */
	KEYS_BACKGROUND, /* its background colour: see keys_background() */
	KEYS_MODE,      /* whether it has a mode: see keys_told() */
	KEYS_GRAPHICS,  /* an answer about pixels: see keys_answer() */
	KEYS_OTHER      /* something of no interest, dropped */
};

/* Read from fd from now on, with nothing kept from before; a wait ends
 * too when wake (the signals' descriptor, -1 for none) becomes
 * readable. */
void keys_open(int fd, int wake);

/* The next thing read, without waiting; a sequence begun is waited for
 * a little. */
enum keys_read keys_next(struct event *ev);

/* Once curses has started: no key of the terminal's type that has the
 * form of an answer to the pacing's query is read as a key. */
void keys_forget_answers(void);

/* The colour the last KEYS_BACKGROUND told, 16 bits a channel. */
void keys_background(unsigned rgb[3]);

/* The cursor's row and column (from 1) the last KEYS_ANSWER told, and
 * the private mode and its state (escape.h) the last KEYS_MODE told. */
struct keys_told {
	int row, col;
	int mode, state;
};
struct keys_told keys_told(void);
/* The bytes of the last KEYS_GRAPHICS, after its Esc: how many, at *b. */
size_t keys_answer(const int **b);

/* Wait up to timeout_ms (-1: for ever) for input or a signal: 1 when
 * input is there, 0 when the time ran out or a signal came, -1 when the
 * terminal hung up. */
int keys_wait(int timeout_ms);

/* The same, and -1 too when poll() has called the terminal ready a few
 * times in a row with nothing to read since: a terminal gone that way. */
int keys_wait_counted(int timeout_ms);

#endif
