/*
 * sgr.h: the rendition curses sends, changed only as much as it must.
 *
 * Curses changes a cell's attributes with the terminal's sgr string,
 * which sets them all at once: turning bold off resets the colour, which
 * is then set again although it never changed, and with it the charset
 * (xterm's Esc ( B, screen's SI) that did not change either. This
 * filter reads what curses writes, keeps the rendition curses asks for
 * and the one the terminal has, and only where a character is about to
 * show it sends what differs: bold off alone (SGR 22), a colour only when
 * it changed, a charset only when it changed, and for a blank nothing
 * that does not show on one (its foreground, its weight). It can also
 * say a palette colour as an RGB value (38;2;R;G;B), for a terminal of
 * direct colour whose terminfo knows only 256.
 *
 * Everything else passes as it came, in order; erasing and any sequence
 * it does not know get the rendition asked for first. Saving the cursor
 * saves the rendition with it (DECSC, and entering xterm's alternate
 * screen), which restoring it brings back; a sequence that changes the
 * rendition in a way not followed here (a reset, restoring what was
 * never saved) makes the filter pass curses' changes as they come until
 * curses sends a reset. It sees bytes only and writes through the
 * function it is given: the terminal module puts it between curses and
 * the terminal.
 */
#ifndef BOIDS_SGR_H
#define BOIDS_SGR_H

#include <stddef.h>

/* The longest sequence held together; a longer one passes as it is. */
#define SGR_SEQ_MAX 64
/* The longest colour kept, as its parameters ("38;2;255;255;255"). */
#define SGR_COLOR_MAX 24

typedef void sgr_emit_fn(void *arg, const char *buf, size_t len);

struct sgr_rendition {
	unsigned flags;                /* bold, dim, ... (sgr.c) */
	char fg[SGR_COLOR_MAX];        /* "" for the terminal's own */
	char bg[SGR_COLOR_MAX];
	char g0;                       /* G0's designation: 'B', '0'; 0 unknown */
	signed char shift;             /* G0 (0) or G1 (1) in use; -1 unknown */
};

struct sgr {
	struct sgr_rendition want;     /* what curses asked for */
	struct sgr_rendition have;     /* what the terminal has */
	struct sgr_rendition saved;    /* what it saved with the cursor */
	int want_known, have_known;
	int saved_known;               /* -1: nothing saved */
	int state;                     /* where in a sequence (sgr.c) */
	char seq[SGR_SEQ_MAX];         /* the sequence begun */
	size_t nseq;
	long rgb[256];                 /* a palette colour said as RGB, or -1 */
	char out[4096];
	size_t nout;
	sgr_emit_fn *emit;
	void *arg;
};

/* A filter that writes through emit(arg, ...), knowing nothing yet of
 * the terminal's rendition. */
void sgr_init(struct sgr *s, sgr_emit_fn *emit, void *arg);

/* Palette colour index (16 to 255) is to be sent as rgb (0xRRGGBB);
 * -1 sends it as the palette number again. */
void sgr_direct(struct sgr *s, int index, long rgb);

/* Take len bytes as curses wrote them; what they come to is written
 * before this returns, but for a sequence not yet whole. */
void sgr_feed(struct sgr *s, const char *buf, size_t len);

/* Send the rendition asked for, and whatever is held: the end of what
 * curses wrote for now. */
void sgr_flush(struct sgr *s);

/* Someone else has written to the terminal: what it has is unknown. */
void sgr_forget(struct sgr *s);

#endif
