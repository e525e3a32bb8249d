/*
 * test_tty.c: the terminal device's modes and size (src/term/tty.c), on a
 * real pseudo-terminal and a real file.
 *
 * The modes set are the ones curses would set, and the ones given back
 * are exactly those found; a size is the device's, clamped; and curses
 * is told to start at the device's size whatever COLUMNS and LINES
 * say, or at what they say, clamped, when there is no device.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "check.h"
#include "term/tty.h"

/* A pseudo-terminal's far end, its near end in *slave; -1 when the
 * machine gives none. */
static int
open_pty(int *slave)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY);

	if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0 ||
	    (*slave = open(ptsname(master), O_RDWR | O_NOCTTY)) < 0)
		return -1;
	return master;
}

static void
set_size(int fd, int cols, int rows)
{
	struct winsize ws;

	memset(&ws, 0, sizeof ws);
	ws.ws_col = (unsigned short)cols;
	ws.ws_row = (unsigned short)rows;
	CHECK_INT(ioctl(fd, TIOCSWINSZ, &ws), 0);
}

/* Whether the environment's NAME reads want. */
static int
env_is(const char *name, const char *want)
{
	const char *v = getenv(name);

	return v && strcmp(v, want) == 0;
}

static void
test_which(int slave, int file)
{
	struct termios saved, now;

	CHECK_INT(tty_of(slave, file, &saved), slave);
	CHECK_INT(tcgetattr(slave, &now), 0);
	CHECK(saved.c_lflag == now.c_lflag && saved.c_iflag == now.c_iflag &&
	    saved.c_oflag == now.c_oflag);
	CHECK_INT(tty_of(file, slave, &saved), slave);
	CHECK_INT(tty_of(file, file, &saved), -1);
}

static void
test_modes(int slave)
{
	struct termios saved, m;

	CHECK_INT(tty_of(slave, slave, &saved), slave);
	/* A terminal as a shell leaves it: lines, echo, translations. */
	saved.c_lflag |= ICANON | ECHO | ISIG;
	saved.c_iflag |= ICRNL;
	saved.c_oflag |= OPOST | ONLCR;
	CHECK_INT(tcsetattr(slave, TCSANOW, &saved), 0);
	CHECK_INT(tcgetattr(slave, &saved), 0);
	tty_program_mode(slave, &saved);
	CHECK_INT(tcgetattr(slave, &m), 0);
	CHECK(!(m.c_lflag & ICANON) && !(m.c_lflag & ECHO));
	CHECK(m.c_lflag & ISIG);       /* Ctrl-C and Ctrl-Z still signal */
	CHECK(!(m.c_iflag & ICRNL));
	CHECK(!(m.c_oflag & ONLCR));
	CHECK(m.c_oflag & OPOST);      /* only the translations go */
	CHECK_INT(m.c_cc[VMIN], 1);
	CHECK_INT(m.c_cc[VTIME], 0);
	tty_shell_mode(slave, &saved);
	CHECK_INT(tcgetattr(slave, &m), 0);
	CHECK(m.c_lflag == saved.c_lflag && m.c_iflag == saved.c_iflag &&
	    m.c_oflag == saved.c_oflag);
	CHECK_INT(m.c_cc[VMIN], saved.c_cc[VMIN]);
	/* No terminal: nothing to do, and nothing done. */
	tty_program_mode(-1, &saved);
	tty_shell_mode(-1, &saved);
}

static void
test_size(int slave, int file)
{
	int cols = -7, lines = -7;

	set_size(slave, 132, 43);
	CHECK_INT(tty_size(slave, &cols, &lines), 0);
	CHECK_INT(cols, 132);
	CHECK_INT(lines, 43);
	set_size(slave, 6000, 2001);
	CHECK_INT(tty_size(slave, &cols, &lines), 0);
	CHECK_INT(cols, TTY_SIZE_MAX);
	CHECK_INT(lines, TTY_SIZE_MAX);
	/* A terminal that says 0 rows, and a file, tell nothing. */
	cols = lines = -7;
	set_size(slave, 80, 0);
	CHECK_INT(tty_size(slave, &cols, &lines), -1);
	CHECK_INT(tty_size(file, &cols, &lines), -1);
	CHECK_INT(cols, -7);
	CHECK_INT(lines, -7);
}

static void
test_size_for_curses(int slave)
{
	/* The device's size, whatever the environment says. */
	set_size(slave, 90, 30);
	setenv("COLUMNS", "32767", 1);
	setenv("LINES", "32767", 1);
	tty_size_for_curses(slave);
	CHECK(env_is("COLUMNS", "90"));
	CHECK(env_is("LINES", "30"));
	/* No device: the environment's, clamped; or 80 by 24 for what is
	 * not a size. */
	setenv("COLUMNS", "32767", 1);
	setenv("LINES", "50", 1);
	tty_size_for_curses(-1);
	CHECK(env_is("COLUMNS", "2000"));
	CHECK(env_is("LINES", "50"));
	setenv("COLUMNS", "0", 1);
	setenv("LINES", "24x", 1);
	tty_size_for_curses(-1);
	CHECK(env_is("COLUMNS", "80"));
	CHECK(env_is("LINES", "24"));
	unsetenv("COLUMNS");
	setenv("LINES", "+7", 1);
	tty_size_for_curses(-1);
	CHECK(env_is("COLUMNS", "80"));
	CHECK(env_is("LINES", "7"));
	/* A device that tells nothing leaves the environment's. */
	set_size(slave, 0, 0);
	setenv("COLUMNS", "100", 1);
	setenv("LINES", "40", 1);
	tty_size_for_curses(slave);
	CHECK(env_is("COLUMNS", "100"));
	CHECK(env_is("LINES", "40"));
}

int
main(void)
{
	char path[] = "/tmp/test_tty.XXXXXX";
	int slave = -1, master = open_pty(&slave), file = mkstemp(path);

	CHECK(master >= 0);
	CHECK(file >= 0);
	if (master < 0 || file < 0)
		return check_exit("test_tty");
	unlink(path);
	test_which(slave, file);
	test_modes(slave);
	test_size(slave, file);
	test_size_for_curses(slave);
	close(file);
	close(slave);
	close(master);
	return check_exit("test_tty");
}
