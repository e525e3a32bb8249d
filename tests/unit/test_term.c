/*
 * test_term.c: what the terminal sends after an Esc, sorted; and the
 * output tap, which must see every byte the terminal gets, in order.
 *
 * The sequences are written out by hand from xterm's documentation of
 * its mouse reports (X10: button + 32, cell + 33; SGR: button; col; row
 * from 1, M for a press, m for a release) and of the status report.
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

struct decoded {
	enum escape_kind kind;
	size_t used;
	struct input_event ev;
};

/* Decode the bytes of s (after its leading Esc), all or the first n. */
static struct decoded
decode_n(const char *s, size_t n)
{
	int b[ESCAPE_MAX];
	struct decoded d;
	size_t i;

	CHECK(s[0] == '\033');
	for (i = 0; i < n && i < ESCAPE_MAX; i++)
		b[i] = (unsigned char)s[i + 1];
	memset(&d.ev, 0, sizeof d.ev);
	d.ev.key = 12345;
	d.kind = escape_decode(b, i, &d.used, &d.ev);
	return d;
}

static struct decoded
decode(const char *s)
{
	return decode_n(s, strlen(s) - 1);
}

static void
test_x10(void)
{
	struct decoded d;

	/* Left press at column 0, row 0: button 0 + 32 = ' ', 0 + 33 = '!'. */
	d = decode("\033[M !!");
	CHECK_INT(d.kind, ESCAPE_MOUSE);
	CHECK_INT(d.used, 5);
	CHECK_INT(d.ev.key, INPUT_CLICK);
	CHECK_INT(d.ev.col, 0);
	CHECK_INT(d.ev.row, 0);
	/* Column 9, row 4: '*' (42) and '%' (37). */
	d = decode("\033[M *%");
	CHECK_INT(d.ev.col, 9);
	CHECK_INT(d.ev.row, 4);
	/* The release is button 3, '#': no event, but the report is used
	 * up, so the loop goes on. */
	d = decode("\033[M#*%");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 5);
	CHECK_INT(d.ev.key, 12345);
	/* Wheel up is 64 + 32 = '`', down 'a'. */
	d = decode("\033[M`*%");
	CHECK_INT(d.kind, ESCAPE_MOUSE);
	CHECK_INT(d.ev.key, INPUT_WHEEL_UP);
	CHECK_INT(d.ev.col, 9);
	d = decode("\033[Ma*%");
	CHECK_INT(d.ev.key, INPUT_WHEEL_DOWN);
	/* A drag (32 + 32 = '@') is the pointer's motion; the right
	 * button ('"') is dropped. */
	CHECK_INT(decode("\033[M@*%").ev.key, INPUT_MOTION);
	CHECK_INT(decode("\033[M\"*%").kind, ESCAPE_OTHER);
	/* Ctrl held (16) still clicks: 16 + 32 = '0'. */
	CHECK_INT(decode("\033[M0*%").ev.key, INPUT_CLICK);
	/* Cut short, the report is awaited. */
	CHECK_INT(decode_n("\033[M *", 4).kind, ESCAPE_PARTIAL);
	CHECK_INT(decode_n("\033[M", 1).kind, ESCAPE_PARTIAL);
}

static void
test_sgr(void)
{
	struct decoded d;

	d = decode("\033[<0;10;5M");
	CHECK_INT(d.kind, ESCAPE_MOUSE);
	CHECK_INT(d.used, 9);
	CHECK_INT(d.ev.key, INPUT_CLICK);
	CHECK_INT(d.ev.col, 9);
	CHECK_INT(d.ev.row, 4);
	/* The release of the same button. */
	d = decode("\033[<0;10;5m");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 9);
	/* Columns past X10's 223. */
	d = decode("\033[<0;300;200M");
	CHECK_INT(d.ev.col, 299);
	CHECK_INT(d.ev.row, 199);
	CHECK_INT(decode("\033[<64;1;1M").ev.key, INPUT_WHEEL_UP);
	CHECK_INT(decode("\033[<65;1;1M").ev.key, INPUT_WHEEL_DOWN);
	/* The pointer's motion, with a button held (32) or none (35). */
	d = decode("\033[<35;12;6M");
	CHECK_INT(d.kind, ESCAPE_MOUSE);
	CHECK_INT(d.ev.key, INPUT_MOTION);
	CHECK_INT(d.ev.col, 11);
	CHECK_INT(d.ev.row, 5);
	CHECK_INT(decode("\033[<32;1;1M").ev.key, INPUT_MOTION);
	CHECK_INT(decode("\033[<2;1;1M").kind, ESCAPE_OTHER);
	/* Cell 0 does not exist; nor do four numbers. */
	CHECK_INT(decode("\033[<0;0;5M").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[<0;1;2;3M").kind, ESCAPE_OTHER);
	CHECK_INT(decode_n("\033[<0;10;5M", 6).kind, ESCAPE_PARTIAL);
}

static void
test_others(void)
{
	struct decoded d;

	/* The status report's answer. */
	d = decode(ESCAPE_ANSWER);
	CHECK_INT(d.kind, ESCAPE_REPLY);
	CHECK_INT(d.used, 3);
	/* "Not ready" and a cursor report are no answer to ours. */
	CHECK_INT(decode("\033[3n").kind, ESCAPE_OTHER);
	d = decode("\033[12;40R");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 7);
	/* An Esc alone is the Esc key; before a printable key it is Alt
	 * with that key, which is read as the key alone: nothing is used,
	 * and the Esc, which would quit, is dropped. */
	d = decode_n("\033", 0);
	CHECK_INT(d.kind, ESCAPE_KEY);
	d = decode("\033q");
	CHECK_INT(d.kind, ESCAPE_ALT);
	CHECK_INT(d.used, 0);
	CHECK_INT(decode("\033s").kind, ESCAPE_ALT);
	CHECK_INT(decode("\033 ").kind, ESCAPE_ALT);
	CHECK_INT(decode("\033~").kind, ESCAPE_ALT);
	/* Esc before Esc, a control byte or a byte past ASCII: an Esc. */
	CHECK_INT(decode("\033\033").kind, ESCAPE_KEY);
	CHECK_INT(decode("\033\r").kind, ESCAPE_KEY);
	CHECK_INT(decode("\033\303").kind, ESCAPE_KEY);
	/* A function key curses did not know, and one cut short. */
	d = decode("\033[15;5~x");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 6);
	CHECK_INT(decode_n("\033[15;5~", 4).kind, ESCAPE_PARTIAL);
	CHECK_INT(decode("\033OP").kind, ESCAPE_OTHER);
	/* A control byte breaks a sequence off where it stands. */
	d = decode("\033[1;\nq");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 3);
	/* Strings: OSC to BEL or ST, DCS to ST only. */
	d = decode("\033]0;x\007q");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 5);
	d = decode("\033Pa\007b\033\\q");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 6);
	CHECK_INT(decode_n("\033Pa\007b", 4).kind, ESCAPE_PARTIAL);
	/* Start of string, privacy message and application command:
	 * skipped to ST, a BEL inside them and all. */
	d = decode("\033Xa\007b\033\\q");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 6);
	d = decode("\033^pm\033\\q");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 5);
	d = decode("\033_apc\033\\");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 6);
	CHECK_INT(decode_n("\033_ap", 3).kind, ESCAPE_PARTIAL);
	/* A string terminator alone is no Esc key. */
	CHECK_INT(decode("\033\\").kind, ESCAPE_OTHER);
}

/* Endless parameters are dropped once too long, not waited on. */
static void
test_long(void)
{
	char s[ESCAPE_MAX + 8];
	struct decoded d;

	memset(s, '1', sizeof s);
	s[0] = '\033';
	s[1] = '[';
	s[sizeof s - 1] = '\0';
	d = decode(s);
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, ESCAPE_MAX);
}

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
	test_x10();
	test_sgr();
	test_others();
	test_long();
	test_tap();
	test_read();
	return check_exit("test_term");
}
