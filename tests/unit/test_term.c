/*
 * test_term.c: the terminal module on real files and a real
 * pseudo-terminal: the output tap, which must see every byte the screen
 * gets, in order; and reading, where keys, a click, the answer to a
 * status query, Alt with a key and Esc alone must each come out as the
 * event they are. How the bytes after an Esc are sorted is
 * test_escape.c's.
 */
#include <curses.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "escape.h"
#include "term.h"

struct tapped {
	char *buf;
	size_t len, calls;
};

static void
tap(void *arg, const char *buf, size_t len)
{
	struct tapped *t = arg;
	char *grown = realloc(t->buf, t->len + len);

	CHECK(grown != NULL);
	if (!grown)
		return;
	memcpy(grown + t->len, buf, len);
	t->buf = grown;
	t->len += len;
	t->calls++;
}

/* Where str first occurs in buf[0..len), or -1. */
static long
find(const char *buf, size_t len, const char *str)
{
	size_t n = strlen(str), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(buf + i, str, n) == 0)
			return (long)i;
	return -1;
}

/*
 * Curses on a file: what the file holds at the end is what the terminal
 * got, and the tap must have seen exactly that, from the first byte
 * (the terminal's set-up) to the last (its restore). A full repaint of a
 * large screen, bigger than any pipe, must not hold anything up.
 */
static void
test_tap(void)
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	struct tapped t = { NULL, 0, 0 };
	struct stat st;
	char *file;
	int colors, k, r, c;

	CHECK(out && in);
	if (!out || !in)
		return;
	setenv("COLUMNS", "300", 1);
	setenv("LINES", "100", 1);
	term_set_tap(tap, &t);
	CHECK_INT(term_open("xterm-256color", out, in, 1, &colors), 0);
	for (k = 0; k < 3; k++) {
		for (r = 0; r < LINES; r++)
			for (c = 0; c < COLS; c++) {
				attr_set(A_NORMAL, (short)((r + c + k) % 8),
				    NULL);
				mvaddch(r, c, (chtype)('a' + (r * c + k) % 26));
			}
		wnoutrefresh(stdscr);
		term_repaint();
		term_flush();
	}
	term_close();
	term_set_tap(NULL, NULL);
	CHECK(fstat(fileno(out), &st) == 0);
	CHECK((size_t)st.st_size == t.len);
	CHECK(t.len > 3 * 300 * 100);
	file = malloc((size_t)st.st_size + 1);
	CHECK(file != NULL);
	if (file) {
		rewind(out);
		CHECK(fread(file, 1, (size_t)st.st_size, out) ==
		    (size_t)st.st_size);
		CHECK(memcmp(file, t.buf, t.len) == 0);
		/* The alternate screen entered before the frames and left
		 * after them. */
		CHECK(find(file, t.len, "\033[?1049h") >= 0);
		CHECK(find(file, t.len, "\033[?1049h") < 64);
		CHECK(find(file, t.len, "\033[?1049l") > (long)t.len - 64);
	}
	free(file);
	free(t.buf);
	fclose(out);
	fclose(in);
}

/* What term_read() makes of bytes typed at a real pseudo-terminal. */
static enum term_event
typed(int master, const char *bytes, struct input_event *ev)
{
	CHECK(write(master, bytes, strlen(bytes)) == (ssize_t)strlen(bytes));
	memset(ev, 0, sizeof *ev);
	return term_read(500, ev);
}

/*
 * The terminal's side of the read: on a pseudo-terminal, a held click's
 * press and release in both encodings, a wheel notch, the answer to a
 * status query, Alt with a key and Esc alone, each as term_read() must
 * report it; then the terminal hangs up.
 */
static void
test_read(void)
{
	struct input_event ev;
	struct winsize ws = { 24, 80, 0, 0 };
	FILE *out, *in;
	int master, slave, colors;

	master = posix_openpt(O_RDWR | O_NOCTTY);
	CHECK(master >= 0);
	if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0)
		return;
	slave = open(ptsname(master), O_RDWR | O_NOCTTY);
	CHECK(slave >= 0);
	if (slave < 0)
		return;
	ioctl(slave, TIOCSWINSZ, &ws);
	out = fdopen(slave, "w");
	in = fdopen(dup(slave), "r");
	CHECK(out && in);
	if (!out || !in)
		return;
	/* The terminal's output is not read here: a pty holds plenty. */
	fcntl(master, F_SETFL, O_NONBLOCK);
	term_catch_signals();
	CHECK_INT(term_open("xterm-256color", out, in, 0, &colors), 0);

	CHECK_INT(typed(master, "\033[M *%", &ev), TERM_KEY);
	CHECK_INT(ev.key, INPUT_CLICK);
	CHECK_INT(ev.col, 9);
	CHECK_INT(ev.row, 4);
	/* The release: nothing to report, and no wait for a key. */
	CHECK_INT(typed(master, "\033[M#*%", &ev), TERM_NOTHING);
	CHECK_INT(typed(master, "\033[<0;3;2M", &ev), TERM_KEY);
	CHECK_INT(ev.key, INPUT_CLICK);
	CHECK_INT(ev.col, 2);
	CHECK_INT(ev.row, 1);
	CHECK_INT(typed(master, "\033[<0;3;2m", &ev), TERM_NOTHING);
	CHECK_INT(typed(master, "\033[<65;7;8M", &ev), TERM_KEY);
	CHECK_INT(ev.key, INPUT_WHEEL_DOWN);
	/* An answer is no key, and the key behind it still comes. */
	CHECK_INT(typed(master, ESCAPE_ANSWER "s", &ev), TERM_ANSWER);
	CHECK_INT(term_read(0, &ev), TERM_KEY);
	CHECK_INT(ev.key, 's');
	/* Esc and s together, as Alt+s comes: s alone, no Esc (which
	 * quits). */
	CHECK_INT(typed(master, "\033s", &ev), TERM_KEY);
	CHECK_INT(ev.key, 's');
	CHECK_INT(term_read(0, &ev), TERM_NOTHING);
	/* Esc and then, after the Esc delay, q: Esc, then q. */
	CHECK(write(master, "\033", 1) == 1);
	CHECK_INT(term_read(500, &ev), TERM_KEY);
	CHECK_INT(ev.key, 27);
	CHECK_INT(typed(master, "q", &ev), TERM_KEY);
	CHECK_INT(ev.key, 'q');
	CHECK_INT(term_read(0, &ev), TERM_NOTHING);

	/* The far side goes. */
	close(master);
	CHECK_INT(term_read(1000, &ev), TERM_GONE);
	term_close();
	fclose(out);
	fclose(in);
}

int
main(void)
{
	test_tap();
	test_read();
	return check_exit("test_term");
}
