/*
 * answers.h: what the terminal tells of itself when asked at the start.
 *
 * With the pacing's first query the terminal is asked whether it has
 * synchronized output (DECRQM for mode 2026), its background colour
 * (OSC 11) where that is wanted, and, where the width of a character of
 * ambiguous width is wanted, an arrow is drawn just before that query,
 * which asks where the cursor is: its answer says whether the arrow
 * took one cell or two. The terminal answers in order, so once that
 * query's answer is in, or no longer due, the others have come or never
 * will (one that comes later still counts). The caller says whether it
 * is still due; the answers are read as keys are (keys.c).
 */
#ifndef BOIDS_ANSWERS_H
#define BOIDS_ANSWERS_H

#include "caps.h"
#include "keys.h"

/* Whether the background colour is wanted, and an arrow's width. */
void answers_want_background(int on);
void answers_want_width(int on);

/* Nothing asked or told yet, for a terminal just opened. */
void answers_reset(void);

/* Ask, for this terminal alone: the questions, then query() (the
 * pacing's first query), after an arrow where its width is wanted and
 * draw says the screen is one the first frame will clear. */
void answers_ask(int draw, void (*query)(void));

/* What was read of an answer: to a query (the first tells the arrow's
 * width), the background colour, a mode, one about pixels (pictures.c). */
void answers_take(enum keys_read what);

/* The background: asking (while the first answer is due), silent (or
 * not asked), or answered, its colour then in rgb, 16 bits a channel. */
enum caps_answer answers_background(unsigned rgb[3], int due);

/* An arrow's width: likewise, *wide then 1 where it took two cells. */
enum caps_answer answers_width(int *wide, int due);

/* Whether the terminal said it has synchronized output. */
int answers_sync(void);

#endif
