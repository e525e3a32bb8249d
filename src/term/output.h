/*
 * output.h: every byte on its way to the terminal.
 *
 * Curses writes its frames into the spool, an unlinked temporary file,
 * and they are moved on from there; the program's own sequences (modes,
 * mouse reports, queries) are sent directly. Either way the bytes are
 * counted, shown to a tap when they are the screen's, and written with
 * a bound on the wait once a signal has asked the program to end.
 */
#ifndef BOIDS_OUTPUT_H
#define BOIDS_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

/* Send to fd from now on; tty is the terminal whose output flow may be
 * restarted when leaving (-1: none). Forgets that a terminal was gone. */
void output_open(int fd, int tty);

/* A new spool for curses to write to, or NULL (curses then writes to
 * the terminal itself, and the tap sees nothing of it). */
FILE *output_spool_open(void);
void output_spool_close(void);

/* Move what the spool holds on to the terminal, through the tap; or
 * drop it unsent. Once the spool has lost a write, nothing more is
 * sent from it. */
void output_spool_send(void);
void output_spool_drop(void);

/* A write into the spool (by curses, which drops it and leaves only
 * errno) failed with err: the spool has lost bytes, when err says the
 * file could not grow or be written (ENOSPC, EFBIG, EDQUOT, EIO); any
 * other errno is ignored. */
void output_spool_lost(int err);

/* 0, or the errno of the first write the spool lost. */
int output_spool_error(void);

/*
 * The tap: fn sees every byte the screen is sent, in order, as it is
 * sent (curses' frames, the modes set and restored), but not the
 * queries, which are for this terminal alone. NULL fn removes it.
 */
typedef void output_tap_fn(void *arg, const char *buf, size_t len);
void output_set_tap(output_tap_fn *fn, void *arg);

/*
 * A filter between curses and the terminal: fn takes the spool's bytes
 * on their way, in order, and sends what they come to with
 * output_send(); once the spool is empty it is called with none (len 0)
 * to send what it holds. NULL fn: the bytes go as they are.
 */
typedef void output_filter_fn(void *arg, const char *buf, size_t len);
void output_set_filter(output_filter_fn *fn, void *arg);

/* Bytes for the screen: tapped, then written. */
void output_send(const char *buf, size_t len);

/* Bytes for this terminal alone: written, not tapped. */
void output_write(const char *buf, size_t len);

/* Bytes sent so far, counted as they go (also those a gone terminal
 * did not take). */
unsigned long long output_sent(void);

/* Whether a write found the terminal gone (hung up, or a failed write). */
int output_gone(void);

#endif
