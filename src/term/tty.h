/*
 * tty.h: the terminal device itself: its modes and its size.
 *
 * What the kernel keeps for a terminal, read and set with tcgetattr,
 * tcsetattr and the TIOCGWINSZ ioctl. Curses draws into a spool and sees
 * no terminal, so the modes it would set are set here, and the size it
 * starts at is told it from here. Nothing is kept: the caller holds the
 * descriptor and the modes to give back, so each call can be tried on
 * any terminal, a pseudo-terminal in a test among them.
 */
#ifndef BOIDS_TTY_H
#define BOIDS_TTY_H

#include <termios.h>

/* The most columns or rows drawn: a terminal that says it is larger
 * gets the top left corner this size, not gigabytes of screen. */
#define TTY_SIZE_MAX 2000

/* The terminal whose modes are set, out if it is one, else in; its
 * modes as they are in *saved. -1 when neither is a terminal whose
 * modes can be read. */
int tty_of(int out, int in, struct termios *saved);

/* The modes curses would set on a terminal of its own, from saved:
 * keys one at a time with signals kept, no echo, no translation of
 * input newlines, and none of output newlines or tabs, which curses'
 * cursor moves count on. Nothing for tty -1. */
void tty_program_mode(int tty, const struct termios *saved);

/* The modes as they were; nothing for tty -1. */
void tty_shell_mode(int tty, const struct termios *saved);

/* The size of the terminal fd into *cols and *lines, each at most
 * TTY_SIZE_MAX; 0, or -1 leaving them alone when it cannot be told. */
int tty_size(int fd, int *cols, int *lines);

/* The size of the terminal fd in pixels, where it says one (many leave
 * it 0); 0, or -1 leaving them alone. */
int tty_pixels(int fd, int *xpixel, int *ypixel);

/*
 * Tell curses, through COLUMNS and LINES, to start at the size of the
 * terminal tty, or where it cannot be told (tty -1, or a terminal that
 * says nothing) at what COLUMNS and LINES say, each within 1 and
 * TTY_SIZE_MAX, or 80 by 24. Curses sizes its first screen from them,
 * or terminfo, as it cannot ask the spool it draws into.
 */
void tty_size_for_curses(int tty);

#endif
