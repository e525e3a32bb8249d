/*
 * pictures.h: pictures in pixels on their way to the terminal.
 *
 * What the terminal layer keeps about pictures between its calls: the
 * questions about pixels (graphics.h), asked once the terminal opens
 * and only where they are worth asking, and the answers as they come;
 * a picture's bytes waiting for the next frame; and whether any
 * picture has been shown, so that every way out clears them first.
 * The façade (term.c) calls these; the bytes go through output.c to
 * this terminal alone, never to a tap, as a copy of the screen kept
 * as text has no use for them.
 */
#ifndef BOIDS_PICTURES_H
#define BOIDS_PICTURES_H

#include <stddef.h>

#include "caps.h"
#include "graphics.h"

/* Whether to ask, from the next pictures_open() on. */
void pictures_want(enum graphics_want want, int multiplexer);

/* A terminal opened: nothing answered or shown yet; the questions
 * sent, if worth asking, when ask is 1 (a terminal that may answer). */
void pictures_open(int ask);

/* The answers so far, into a: asking while they may still come (due,
 * as the pacing's first answer is), then answered; silent when the
 * questions did not go out. */
enum caps_answer pictures_answered(struct graphics_answers *a, int due);

/* A cell's size in pixels, for cols by lines on the terminal tty (-1:
 * none): 0, or -1 when nothing says. */
int pictures_cell(int tty, int cols, int lines, int *cell_w, int *cell_h);

/* An answer about pixels that keys.c read (KEYS_GRAPHICS). */
void pictures_take(void);

/* A picture's bytes for the next frame, drawn over text (sent ahead of
 * curses' bytes, which draw text over it) or under it (sent after);
 * they must stay as they are until sent. */
void pictures_queue(const char *bytes, size_t n, int over_text);

/* Ahead of curses' bytes: a picture over text, unless they clear the
 * screen first, which would take it away: it is dropped then, and
 * owed. */
void pictures_send_before(int clearing);

/* After them: a picture under text. */
void pictures_send_after(void);

/* Whether a picture was dropped since the last call: the next frame
 * owes it. */
int pictures_owed(void);

/* Pictures are on the screen: 1 the first time it is said. */
int pictures_shown(void);

/* The bytes that clear every picture, once any was shown; else "". */
const char *pictures_clear_bytes(void);

/* Send them, once any was shown. */
void pictures_clear(void);

#endif
