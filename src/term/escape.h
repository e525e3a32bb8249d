/*
 * escape.h: what follows an Esc from the terminal.
 *
 * A terminal sends more than keys after an Esc: mouse reports in the
 * X10 form (Esc [ M and three bytes, what tmux and screen use) and the
 * SGR form (Esc [ < b ; x ; y M or m, what xterm uses), answers to the
 * queries the program sends, and function keys curses does not know,
 * the keypad's among them.
 * This decoder sorts them, so that a mouse report becomes an event, an
 * answer is counted and never read as keys, and Alt with a key (the Esc
 * most terminals send before it) is read as that key alone, never as an
 * Esc, which quits. A sequence longer than it keeps is skipped to its
 * end however long it is, a byte at a time, nothing of it kept. It sees
 * bytes only: the reading of keys (keys.c) feeds it what it reads.
 */
#ifndef BOIDS_ESCAPE_H
#define BOIDS_ESCAPE_H

#include <stddef.h>

#include "event.h"

enum escape_kind {
	ESCAPE_PARTIAL,  /* a sequence has begun and not ended: read on */
	ESCAPE_KEY,      /* an Esc of its own; the bytes after it are keys */
	ESCAPE_ALT,      /* Alt and a key: the Esc goes, the key stays */
	ESCAPE_MOUSE,    /* a click or a wheel notch, in the event */
	ESCAPE_REPLY,    /* the terminal's answer to ESCAPE_QUERY */
	ESCAPE_BACKGROUND, /* its answer to ESCAPE_ASK_BACKGROUND */
	ESCAPE_MODE,     /* its answer to a mode's question (ESCAPE_ASK_SYNC) */
	ESCAPE_KEYPAD,   /* a key of the keypad, in the event */
	ESCAPE_GRAPHICS, /* an answer about pictures in pixels (graphics.h):
	                  * device attributes (Esc [ ? ... c), sixel's
	                  * limits (Esc [ ? ... S), a size in pixels (Esc [
	                  * 4 or 6 ; h ; w t), kitty's graphics (Esc _ G ...
	                  * Esc \), the terminal's name (Esc P > | ... Esc \) */
	ESCAPE_LONG,     /* longer than ESCAPE_MAX and not ended: the rest
			  * is skipped (escape_skip) */
	ESCAPE_OTHER     /* a whole sequence of no interest: drop it */
};

/* The longest sequence kept; a longer one is skipped as ESCAPE_LONG.
 * Room for the longest answer asked for: a terminal's name, or kitty's
 * message when it refuses a picture. */
#define ESCAPE_MAX 128

/* The query whose answer is ESCAPE_REPLY: where is the cursor? (device
 * status report 6). Every terminal answers it, where some never answer
 * the plainer "are you ready?" (5). The answer is Esc [ row ; column R,
 * such as this one, for the top left cell. */
#define ESCAPE_QUERY "\033[6n"
#define ESCAPE_ANSWER "\033[1;1R"

/* The query whose answer is ESCAPE_BACKGROUND (OSC 11: "what is your
 * background colour?"), answered Esc ] 11 ; rgb:R/G/B and BEL or Esc \. */
#define ESCAPE_ASK_BACKGROUND "\033]11;?\033\\"

/* The question whose answer is ESCAPE_MODE for synchronized output
 * (DECRQM for DEC private mode 2026), answered Esc [ ? 2026 ; Ps $ y,
 * Ps 1 or 2 where the terminal has the mode (set or reset), 0 or 4
 * where it has not. And the mode itself, set around a frame so that the
 * terminal shows it whole. */
#define ESCAPE_ASK_SYNC "\033[?2026$p"
#define ESCAPE_SYNC_MODE 2026
#define ESCAPE_SYNC_BEGIN "\033[?2026h"
#define ESCAPE_SYNC_END "\033[?2026l"

/*
 * Sort the n bytes b that followed an Esc (n may be 0: nothing came).
 * *used is set to how many of them the sequence took (0 for
 * ESCAPE_KEY and ESCAPE_ALT); for ESCAPE_MOUSE, ev says what and where
 * (cells from 0), for ESCAPE_KEYPAD which key.
 * Bytes are 0 to 255, as curses returns them.
 */
enum escape_kind escape_decode(const int *b, size_t n, size_t *used,
    struct event *ev);

/* A sequence too long to keep, on its way to its end. */
struct escape_skip {
	int opener;             /* the byte after its Esc */
	int esc;                /* a string's last byte was an Esc */
};

/* Skip the rest of the sequence whose n bytes after its Esc escape_decode
 * called ESCAPE_LONG. */
void escape_skip_start(struct escape_skip *s, const int *b, size_t n);

/*
 * One more byte of a sequence being skipped: 0 while it goes on; 1 when
 * this byte ended it; else the sequence broke off before it, and what
 * follows is read again: -1 this byte, -2 an Esc and this byte (a
 * string broken off by another sequence).
 */
int escape_skip(struct escape_skip *s, int byte);

/*
 * The colour in an answer to ESCAPE_ASK_BACKGROUND: the n bytes after
 * its Esc, up to and with its end (BEL or Esc \). Each channel has 1 to
 * 4 hex digits, as X11 writes colours; rgb gets it scaled to 16 bits.
 * 0, or -1 when the bytes are no such answer (rgb is then untouched).
 */
int escape_background(const int *b, size_t n, unsigned rgb[3]);

/* The row and column (from 1) in an answer to ESCAPE_QUERY: the n
 * bytes after its Esc, up to and with its R. 0, or -1 when the bytes
 * are no such answer. */
int escape_position(const int *b, size_t n, int *row, int *col);

/* The private mode and its state (DECRQM's Ps: 0 not recognised, 1 set,
 * 2 reset, 3 set for good, 4 reset for good) in an answer to a private
 * mode's question: the n bytes after its Esc, up to and with its y. 0,
 * or -1 when the bytes are no such answer. */
int escape_mode(const int *b, size_t n, int *mode, int *state);

#endif
