/*
 * rendition.h: the attributes and colours curses sends, on their way to
 * the terminal.
 *
 * Between curses and the terminal (through the output's filter) the
 * rendition changes curses writes are made as short as they can be
 * (sgr.c), where the terminal speaks ECMA-48's SGR. Where COLORTERM
 * says the terminal takes colours as RGB values and its terminfo knows
 * only 256, curses is given palette numbers that go out as the RGB they
 * stand for.
 */
#ifndef BOIDS_RENDITION_H
#define BOIDS_RENDITION_H

/* Once curses has started on a terminal: the filter, where the
 * terminal speaks SGR (its bold is Esc [ 1 m) and has colours; no RGB
 * colours yet. */
void rendition_open(void);

/* Whether colours may go as RGB where curses knows 256 (COLORTERM says
 * truecolor or 24bit, and curses says a colour past 16 as 38;5;N); from
 * a call that says so on, rendition_color() hands out palette numbers. */
int rendition_direct(void);

/* The colour number to give curses for an RGB value (0xRRGGBB): after
 * rendition_direct(), a palette number sent as the RGB, or -1 when none
 * is left; else the value itself, as terminfo of direct colour takes. */
int rendition_color(long rgb);

/* Someone else wrote to the terminal: what it has is not known. */
void rendition_forget(void);

/* The bytes go as they are from now on. */
void rendition_close(void);

#endif
