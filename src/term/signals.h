/*
 * signals.h: the signals the terminal program takes, as flags.
 *
 * A signal that would end the process, a resize and a Ctrl-Z only set a
 * flag here and wake whoever waits on the wake descriptor (a pipe, so
 * that a signal landing on another thread wakes the reader too); the
 * loop reads the flags and acts. A fault cannot wait for the loop: its
 * handler writes the bytes that restore the screen, handed over ahead
 * of time with the descriptors to write them to, and the fault goes on
 * to whatever handled it before. Nothing here knows curses or the
 * terminal's type.
 */
#ifndef BOIDS_SIGNALS_H
#define BOIDS_SIGNALS_H

#include <stddef.h>
#include <termios.h>

/* Catch every signal that would end the process, except those ignored
 * already (as nohup leaves SIGHUP), into a flag; and the faults, which
 * restore the screen when armed. 0, or -1 (errno) when the pipe that
 * wakes the read cannot be made, and nothing is caught. */
int signals_catch(void);

/* The first signal caught that asks to end, or 0. */
int signals_caught(void);

/* Die of sig as if it had not been caught, so the parent sees it;
 * returns only if that failed. */
void signals_die_by(int sig);

/* Take SIGWINCH and the signals that stop a process at its terminal
 * (SIGTSTP, SIGTTIN, SIGTTOU) into flags too, for the terminal tty
 * (before curses starts, which takes them only when nobody has), or
 * leave them to their defaults. A SIGTTIN or SIGTTOU that comes while
 * the process is in the background, where the terminal is not its to
 * restore, stops it at once. */
void signals_watch_terminal(int tty);
void signals_leave_terminal(void);

/* The descriptor that becomes readable when a signal came, or -1; and
 * emptying it, before the flags are read. */
int signals_wake_fd(void);
void signals_drain(void);

/* 1 once after the terminal was resized. */
int signals_take_resize(void);

/* Once after Ctrl-Z, or SIGTTIN or SIGTTOU in the foreground, asked to
 * stop: that signal (a resize meanwhile is taken too); else 0. */
int signals_take_stop(void);

/* Stop the process as signal sig (signals_take_stop()'s) would have,
 * and on fg go on catching it. */
void signals_stop_now(int sig);

/* What a fault restores: n bytes (at most SIGNALS_RESTORE_MAX) written
 * to out, then the modes saved for tty (-1: none); from now until
 * signals_disarm(). */
#define SIGNALS_RESTORE_MAX 256
void signals_arm(int out, int tty, const struct termios *saved,
    const char *bytes, size_t n);
void signals_disarm(void);

/* What else a fault does while armed, once the terminal is restored:
 * fn(arg), which may make only the calls a signal handler may. NULL fn:
 * nothing. */
void signals_after_fault(void (*fn)(void *), void *arg);

#endif
