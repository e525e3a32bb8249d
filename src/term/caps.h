/*
 * caps.h: what a terminal can show, as it says when asked.
 *
 * The terminal layer finds these out (terminfo, the environment, the
 * answers to its queries); the view above reads them to choose colours
 * and glyphs, and knows no terminal of its own.
 */
#ifndef BOIDS_CAPS_H
#define BOIDS_CAPS_H

/* A depth of colours given as RGB values, past the 256 of a palette. */
#define CAPS_DIRECT_COLOR (1 << 24)

/* What the terminal said when asked for its background colour. */
enum caps_answer {
	CAPS_ASKING,      /* asked, no news yet */
	CAPS_SILENT,      /* not asked, or it will not say */
	CAPS_ANSWERED     /* it said: the RGB is known */
};

#endif
