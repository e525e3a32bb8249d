/*
 * tty.c: the terminal device: its modes, given and given back, and its
 * size, as the kernel tells them.
 *
 * Curses starts at the size COLUMNS and LINES give, or terminfo's, as it
 * draws into a spool that has no size: COLUMNS=6000 LINES=6000 in an
 * 80x24 terminal would make it take gigabytes before the first frame.
 * So it is told the terminal's own size, or, where the terminal cannot
 * say, what the environment says, clamped.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "lib/number.h"
#include "tty.h"

int
tty_of(int out, int in, struct termios *saved)
{
	int tty = -1;

	if (isatty(out))
		tty = out;
	else if (isatty(in))
		tty = in;
	if (tty >= 0 && tcgetattr(tty, saved) < 0)
		tty = -1;
	return tty;
}

/* The modes set, once what went before has been sent. A process in the
 * background is stopped as it tries (SIGTTOU), and tries again once
 * it goes on: the call is interrupted, not done. */
static void
set_modes(int tty, const struct termios *m)
{
	while (tcsetattr(tty, TCSADRAIN, m) < 0 && errno == EINTR)
		;
}

void
tty_program_mode(int tty, const struct termios *saved)
{
	struct termios m;

	if (tty < 0)
		return;
	m = *saved;
	m.c_lflag &= (tcflag_t)~(ICANON | ECHO | ECHONL);
	m.c_lflag |= ISIG;
	m.c_iflag &= (tcflag_t)~(ICRNL | INLCR | IGNCR);
	m.c_oflag &= (tcflag_t)~ONLCR;
#ifdef TABDLY
	m.c_oflag &= (tcflag_t)~TABDLY;
#endif
	m.c_cc[VMIN] = 1;
	m.c_cc[VTIME] = 0;
	set_modes(tty, &m);
}

void
tty_shell_mode(int tty, const struct termios *saved)
{
	if (tty >= 0)
		set_modes(tty, saved);
}

int
tty_size(int fd, int *cols, int *lines)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) < 0 || ws.ws_col == 0 ||
	    ws.ws_row == 0)
		return -1;
	*cols = ws.ws_col < TTY_SIZE_MAX ? ws.ws_col : TTY_SIZE_MAX;
	*lines = ws.ws_row < TTY_SIZE_MAX ? ws.ws_row : TTY_SIZE_MAX;
	return 0;
}

int
tty_pixels(int fd, int *xpixel, int *ypixel)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) < 0 || ws.ws_xpixel == 0 ||
	    ws.ws_ypixel == 0)
		return -1;
	*xpixel = ws.ws_xpixel;
	*ypixel = ws.ws_ypixel;
	return 0;
}

/* A COLUMNS or LINES of the environment, kept within 1 and
 * TTY_SIZE_MAX; fallback when unset or not a number. */
static int
env_size(const char *name, int fallback)
{
	const char *v = getenv(name);
	long long n;

	if (!v || number_int(v, 1, LLONG_MAX, &n) < 0)
		return fallback;
	return n > TTY_SIZE_MAX ? TTY_SIZE_MAX : (int)n;
}

void
tty_size_for_curses(int tty)
{
	int cols = env_size("COLUMNS", 80), lines = env_size("LINES", 24);
	char buf[16];

	if (tty >= 0)
		(void)tty_size(tty, &cols, &lines);
	snprintf(buf, sizeof buf, "%d", cols);
	setenv("COLUMNS", buf, 1);
	snprintf(buf, sizeof buf, "%d", lines);
	setenv("LINES", buf, 1);
}
