/*
 * term.h: the terminal, from the first check to the last restore.
 *
 * The only module that starts and ends curses, and the one the loop
 * talks to about the terminal. It tells whether there is a usable
 * terminal at all, opens one (on the standard streams, or on any pair
 * of streams for a benchmark), reads keys with a timeout, turns a click
 * or a wheel notch into an event, notices a terminal that has gone away,
 * and tells the signal that asked the program to end. Every byte on its
 * way to the terminal passes here, and may be shown to a tap; frames go
 * only as fast as the link takes them.
 */
#ifndef BOIDS_TERM_H
#define BOIDS_TERM_H

#include <stdio.h>

#include "caps.h"
#include "event.h"
#include "graphics.h"
#include "output.h"

/* What term_read() saw. */
enum term_event {
	TERM_NOTHING,   /* the timeout passed, or an event of no interest */
	TERM_KEY,       /* a key or a click, in the event */
	TERM_RESIZE,    /* the terminal changed size: see term_size() */
	TERM_SIGNAL,    /* a signal asks to stop: see term_signal() */
	TERM_GONE,      /* the terminal hung up */
	TERM_ANSWER     /* the terminal answered a query: see term_ready() */
};

/* 0 when standard input and output are a terminal that TERM names and
 * that can address the cursor; otherwise -1 after one line on err, or
 * TERM_NO_MEMORY after "out of memory". */
#define TERM_NO_MEMORY (-2)
int term_check(FILE *err);

/* The size of the terminal on standard output, before curses starts;
 * 80 by 24 when it cannot be told. */
void term_size_early(int *cols, int *lines);

/* Catch SIGINT, SIGTERM and SIGHUP into a flag, except those ignored
 * already (as nohup leaves SIGHUP). Before term_open(), so that curses
 * leaves them to us. 0, or -1 (errno) when they cannot be. */
int term_catch_signals(void);

/* The signal caught, or 0. */
int term_signal(void);

/* Die of sig as if it had not been caught, so the parent sees it;
 * returns only if that failed. */
void term_die_by(int sig);

/* Ask the terminal, from term_open() on, to report the pointer's motion
 * too, not only clicks and the wheel. */
void term_report_motion(int on);

/* Start curses on out and in as terminal type (NULL: TERM). Colours only
 * when want_color and the terminal has them; *colors is then
 * CAPS_DIRECT_COLOR (colours are RGB values: see term_direct_color()),
 * 256 or 8, else 0. 0, or -1 (errno, where one says why: ENOMEM for
 * memory) when curses would not start. */
int term_open(const char *type, FILE *out, FILE *in, int want_color,
    int *colors);

/* The colour number to give curses for an RGB value (0xRRGGBB) on a
 * terminal of direct colour: the value itself where terminfo says
 * colours as RGB; where COLORTERM does and terminfo knows 256, a palette
 * number that goes out as the RGB; -1 when none is left. */
int term_direct_color(long rgb);

/* Whether errno err, from term_catch_signals() or term_open(), means
 * the process has too few file descriptors left. */
int term_out_of_descriptors(int err);

/* Ask the terminal, from term_open() on, for its background colour. */
void term_ask_background(int on);

/* What it said: asking, silent (or not asked), or answered, its colour
 * then in rgb, 16 bits a channel. */
enum caps_answer term_background(unsigned rgb[3]);

/* Ask the terminal, from term_open() on, how wide it draws a character
 * of ambiguous width (an arrow): one cell, or two, as terminals for CJK
 * text do. */
void term_ask_width(int on);

/* What it said: asking, silent (or not asked: one cell, then), or
 * answered, *wide then 1 where two cells. */
enum caps_answer term_width(int *wide);

/* What it said so far, into a: asking while its answers may still come
 * before the first query's, then answered (or silent, not asked). */
enum caps_answer term_graphics(struct graphics_answers *a);

/* A cell's size in pixels now: 0, or -1 when nothing says. */
int term_cell_pixels(int *cell_w, int *cell_h);

/* Pictures are on the screen: from now on every way out (an exit,
 * Ctrl-Z, a fault) clears them first. */
void term_pictures_shown(void);

/* What the link to the terminal delivers, in bytes a second; 0 while
 * not known. */
double term_link_rate(void);

/* Restore the terminal as it was; harmless when not open. */
void term_close(void);

/* The bytes that restore the screen (from term_open() on), as a fault
 * sends them; how many. */
size_t term_restore_bytes(const char **bytes);

/* From term_open() to term_close(), a fault that restores the terminal
 * then calls fn(arg), which may make only the calls a signal handler
 * may; NULL fn: nothing more. */
void term_after_fault(void (*fn)(void *), void *arg);

/* The terminal's size now. */
void term_size(int *cols, int *lines);

/* Wait up to timeout_ms (-1: for ever) for a key, a click, a resize or a
 * signal. */
enum term_event term_read(int timeout_ms, struct event *ev);

/*
 * The output tap: from term_open() to term_close(), fn sees every byte
 * the screen is sent, in order, as it is sent (curses' frames, the modes
 * set and restored; not the pacing's queries). NULL fn removes it. It
 * may be set before term_open() and stays until changed.
 */
void term_set_tap(output_tap_fn *fn, void *arg);

/* Send the frame drawn since the last flush, and the query that tells
 * when it has arrived; the bytes the screen was sent, the query's
 * aside. */
unsigned long long term_flush(void);

/*
 * Whether the link between here and the terminal can take another frame
 * now, so frames are dropped rather than queued on a slow link: the
 * terminal's answers to queries say how much is in flight and whether it
 * queues. Always, for a terminal that does not answer (noticed within a
 * second) and for a file.
 */
int term_ready(void);

/* Whether a line of news (a few bytes, not a frame) may go now: it
 * may unless the last one is still on its way. */
int term_ready_line(void);

/* Send such a line, drawn since the last flush. */
void term_flush_line(void);

/* Milliseconds until term_ready() may change with no answer, or -1. */
int term_ready_in(void);

/* Frames the terminal has shown so far: those it has answered for, or
 * when it does not answer, those sent. */
unsigned long term_frames_shown(void);

/* Frames sent that the terminal has answered for, or never will: all
 * but those whose answer is still to come; the first of them in order,
 * as a terminal answers in order. */
unsigned long term_frames_settled(void);

/* 0 while every frame has gone out whole; else the errno of a write
 * the screen lost on its way (*what names where, for a message), and
 * no frame will go out again: the session must end. */
int term_failed(const char **what);

/* Make the next flush repaint the whole screen. */
void term_repaint(void);

#endif
