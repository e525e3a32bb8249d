/*
 * test_term.c: the terminal module on real files and a real
 * pseudo-terminal: the output tap, which must see every byte the screen
 * gets, in order; a spool that loses a write, which must send no part
 * of a frame and still restore the terminal; and reading, where keys, a
 * click, the answer to the pacing's query (the cursor's position) or to
 * the question of the background colour, Alt with a key and Esc alone
 * must each come out as the event they are, and a notch of the wheel
 * reported twice together counts once. How the bytes after an Esc are
 * sorted is test_escape.c's.
 */
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "term/escape.h"
#include "term/keys.h"
#include "term/term.h"

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

/* The whole screen drawn, every cell's letter and colour shifted by k,
 * and flushed. */
static void
paint(int k)
{
	int r, c;

	for (r = 0; r < LINES; r++)
		for (c = 0; c < COLS; c++) {
			attr_set(A_NORMAL, (short)((r + c + k) % 8), NULL);
			mvaddch(r, c, (chtype)('a' + (r * c + k) % 26));
		}
	wnoutrefresh(stdscr);
	term_repaint();
	term_flush();
}

/* What the terminal's file holds, checked to be exactly what the tap
 * saw; NULL when it cannot be read. */
static char *
tapped_file(FILE *out, const struct tapped *t)
{
	struct stat st;
	char *file;

	CHECK(fstat(fileno(out), &st) == 0);
	CHECK((size_t)st.st_size == t->len);
	file = malloc(t->len + 1);
	CHECK(file != NULL);
	if (!file)
		return NULL;
	rewind(out);
	CHECK(fread(file, 1, t->len, out) == t->len);
	CHECK(memcmp(file, t->buf, t->len) == 0);
	return file;
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
	char *file;
	int colors, k;

	CHECK(out && in);
	if (!out || !in)
		return;
	setenv("COLUMNS", "300", 1);
	setenv("LINES", "100", 1);
	term_set_tap(tap, &t);
	CHECK_INT(term_open("xterm-256color", out, in, 1, &colors), 0);
	for (k = 0; k < 3; k++)
		paint(k);
	term_close();
	term_set_tap(NULL, NULL);
	CHECK(t.len > 3 * 300 * 100);
	file = tapped_file(out, &t);
	if (file) {
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

/*
 * A spool that cannot take a frame (here a file size limit below it):
 * the frame is not sent in part, nor any after it; the failure is told
 * with its errno and names the spool; and the restore, which curses
 * would have sent through the same spool, reaches the terminal anyway.
 */
static void
test_lost_spool(void)
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	struct tapped t = { NULL, 0, 0 };
	struct rlimit was, limit;
	const char *what = NULL;
	char *file;
	int colors, failed;

	CHECK(out && in);
	if (!out || !in)
		return;
	signal(SIGXFSZ, SIG_IGN);
	setenv("COLUMNS", "300", 1);
	setenv("LINES", "100", 1);
	term_set_tap(tap, &t);
	CHECK_INT(term_open("xterm-256color", out, in, 1, &colors), 0);
	CHECK_INT(term_failed(&what), 0);
	getrlimit(RLIMIT_FSIZE, &was);
	limit = was;
	limit.rlim_cur = 16384;
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &limit), 0);
	paint(0);
	failed = term_failed(&what);
	mvaddch(0, 0, 'Z');
	wnoutrefresh(stdscr);
	term_flush();
	term_close();
	setrlimit(RLIMIT_FSIZE, &was);
	term_set_tap(NULL, NULL);
	CHECK_INT(failed, EFBIG);
	CHECK(what && strstr(what, "spool") != NULL);
	CHECK(t.len < 4096);  /* the set-up and the restore, no frame */
	file = tapped_file(out, &t);
	if (file) {
		CHECK(find(file, t.len, "aaaa") < 0);
		CHECK(find(file, t.len, "Z") < 0);
		CHECK(find(file, t.len, "\033[?25h") > 0);
		CHECK(find(file, t.len, "\033[?1049l") > (long)t.len - 32);
	}
	free(file);
	free(t.buf);
	fclose(out);
	fclose(in);
}

/* How many times str occurs in buf[0..len). */
static int
occurs(const char *buf, size_t len, const char *str)
{
	long at;
	int n = 0;

	while ((at = find(buf, len, str)) >= 0) {
		n++;
		buf += at + 1;
		len -= (size_t)at + 1;
	}
	return n;
}

/*
 * A row of arrows in one colour, every other one bold, as a crowd's
 * cells are drawn among lone boids: each change of weight costs SGR 1
 * or SGR 22 alone, the colour is set once, the charset once. Curses
 * alone would send a reset, the charset and the colour again around
 * every bold arrow, some 20 bytes a change.
 */
static void
test_rendition(void)
{
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	struct tapped t = { NULL, 0, 0 };
	size_t before;
	int colors, k;

	CHECK(out && in);
	if (!out || !in)
		return;
	setenv("COLUMNS", "80", 1);
	setenv("LINES", "24", 1);
	CHECK_INT(term_open("xterm-256color", out, in, 1, &colors), 0);
	CHECK(init_pair(1, 74, -1) == OK);
	term_flush();
	term_set_tap(tap, &t);
	for (k = 0; k < 40; k++)
		mvaddch(3, 10 + k, (chtype)'>' | (k % 2 ? A_BOLD : A_NORMAL) |
		    COLOR_PAIR(1));
	wnoutrefresh(stdscr);
	before = t.len;
	term_flush();
	term_set_tap(NULL, NULL);
	term_close();
	CHECK_INT(occurs(t.buf + before, t.len - before, "\033[22m"), 19);
	CHECK_INT(occurs(t.buf + before, t.len - before, "\033[1m"), 20);
	CHECK_INT(occurs(t.buf + before, t.len - before, "38;5;74"), 1);
	CHECK(occurs(t.buf + before, t.len - before, "\033(B") <= 1);
	/* 40 arrows, 39 changes of 4 or 5 bytes, a move and the first
	 * colour. */
	CHECK(t.len - before <= 40 + 39 * 5 + 40);
	free(t.buf);
	fclose(out);
	fclose(in);
}

/* What term_read() makes of bytes typed at a real pseudo-terminal. */
static enum term_event
typed(int master, const char *bytes, struct event *ev)
{
	CHECK(write(master, bytes, strlen(bytes)) == (ssize_t)strlen(bytes));
	memset(ev, 0, sizeof *ev);
	return term_read(500, ev);
}

/* What the terminal has been sent so far, up to len bytes. */
static size_t
sent_to(int master, char *buf, size_t len)
{
	size_t n = 0;
	ssize_t got;

	while (n < len && (got = read(master, buf + n, len - n)) > 0)
		n += (size_t)got;
	return n;
}

/* A wheel notch in the SGR form at cell (9, 4), up (64) or down (65). */
#define NOTCH_UP "\033[<64;10;5M"
#define NOTCH_DOWN "\033[<65;10;5M"

/* The key term_read() gives next, waiting up to ms; 0 for none. */
static int
next_key(int ms)
{
	struct event ev;

	memset(&ev, 0, sizeof ev);
	return term_read(ms, &ev) == TERM_KEY ? ev.key : 0;
}

/*
 * One notch reported twice, together (alacritty's way), is one notch;
 * the same notch again once the input was seen empty for longer than
 * KEYS_WHEEL_TWIN_MS is another, as are a notch at another cell, the
 * other way, or after a key. Each term_read(0) that finds nothing is the
 * program's loop looking between its frames.
 */
static void
wheel_twins(int master)
{
	const char *twice = NOTCH_UP NOTCH_UP;

	CHECK(write(master, twice, strlen(twice)) == (ssize_t)strlen(twice));
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(0), 0);
	/* The twin's time is past: the same report is a notch of its own,
	 * and its own twin after it is not. */
	CHECK_INT(next_key(KEYS_WHEEL_TWIN_MS + 20), 0);
	CHECK(write(master, twice, strlen(twice)) == (ssize_t)strlen(twice));
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(0), 0);
	/* Two notches, each reported twice, the second turned after the
	 * twin's time: two notches. */
	CHECK_INT(next_key(KEYS_WHEEL_TWIN_MS + 20), 0);
	CHECK(write(master, twice, strlen(twice)) == (ssize_t)strlen(twice));
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(0), 0);
	CHECK_INT(next_key(KEYS_WHEEL_TWIN_MS + 20), 0);
	CHECK(write(master, twice, strlen(twice)) == (ssize_t)strlen(twice));
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(0), 0);
	/* Together, but not the same: each counts. */
	CHECK(write(master, NOTCH_DOWN NOTCH_UP "\033[<64;11;5M",
	    3 * strlen(NOTCH_UP)) == (ssize_t)(3 * strlen(NOTCH_UP)));
	CHECK_INT(next_key(500), EVENT_WHEEL_DOWN);
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(0), 0);
	/* A key between parts them; an answer does not. */
	CHECK(write(master, NOTCH_UP "s" NOTCH_UP ESCAPE_ANSWER NOTCH_UP,
	    3 * strlen(NOTCH_UP) + 1 + strlen(ESCAPE_ANSWER)) ==
	    (ssize_t)(3 * strlen(NOTCH_UP) + 1 + strlen(ESCAPE_ANSWER)));
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(500), 's');
	CHECK_INT(next_key(500), EVENT_WHEEL_UP);
	CHECK_INT(next_key(0), 0);
}

/*
 * The terminal's side of the read: on a pseudo-terminal, a held click's
 * press and release in both encodings, a wheel notch, the answer to a
 * pacing query, the questions asked before and with the first pacing
 * query (synchronized output, the background colour, an arrow's width)
 * and their answers, Alt with a key and Esc alone, each as term_read()
 * must report it; then the terminal hangs up.
 */
static void
test_read(void)
{
	struct event ev;
	struct winsize ws = { 24, 80, 0, 0 };
	FILE *out, *in;
	int master, slave, colors, wide = -1;
	long at;
	unsigned rgb[3] = { 0, 0, 0 };
	static char got[65536];
	size_t ngot;

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
	/* The terminal's output is read only at the start: a pty holds
	 * plenty. */
	fcntl(master, F_SETFL, O_NONBLOCK);
	CHECK_INT(term_catch_signals(), 0);
	term_ask_background(1);
	term_ask_width(1);
	CHECK_INT(term_open("xterm-256color", out, in, 0, &colors), 0);
	/* The question of synchronized output and that of the background
	 * go just before the first query, which the terminal must answer
	 * after them, and which follows an arrow drawn with the cursor
	 * saved, restored after it. */
	ngot = sent_to(master, got, sizeof got);
	CHECK(find(got, ngot, ESCAPE_ASK_SYNC ESCAPE_ASK_BACKGROUND
	    "\0337\033[2H\xe2\x86\x92" ESCAPE_QUERY "\0338") >= 0);
	CHECK(term_background(rgb) != CAPS_ANSWERED);
	/* That query asks where the cursor is, which every terminal
	 * answers (st never answers a status query, Esc [ 5 n). */
	CHECK(find(got, ngot, "\033[6n") >= 0);
	CHECK(find(got, ngot, "\033[5n") < 0);
	CHECK(term_width(&wide) == CAPS_ASKING);
	/* Its answer: the cursor two columns on from the arrow, in a
	 * terminal that draws it two cells wide; no key, and the key
	 * behind it still comes. */
	CHECK_INT(typed(master, "\033[2;3Rs", &ev), TERM_ANSWER);
	CHECK_INT(term_read(0, &ev), TERM_KEY);
	CHECK_INT(ev.key, 's');
	CHECK_INT(term_width(&wide), CAPS_ANSWERED);
	CHECK_INT(wide, 1);

	CHECK_INT(typed(master, "\033[M *%", &ev), TERM_KEY);
	CHECK_INT(ev.key, EVENT_CLICK);
	CHECK_INT(ev.col, 9);
	CHECK_INT(ev.row, 4);
	/* The release: nothing to report, and no wait for a key. */
	CHECK_INT(typed(master, "\033[M#*%", &ev), TERM_NOTHING);
	CHECK_INT(typed(master, "\033[<0;3;2M", &ev), TERM_KEY);
	CHECK_INT(ev.key, EVENT_CLICK);
	CHECK_INT(ev.col, 2);
	CHECK_INT(ev.row, 1);
	CHECK_INT(typed(master, "\033[<0;3;2m", &ev), TERM_NOTHING);
	CHECK_INT(typed(master, "\033[<65;7;8M", &ev), TERM_KEY);
	CHECK_INT(ev.key, EVENT_WHEEL_DOWN);
	/* An answer is no key, and the key behind it still comes. */
	CHECK_INT(typed(master, ESCAPE_ANSWER "s", &ev), TERM_ANSWER);
	CHECK_INT(term_read(0, &ev), TERM_KEY);
	CHECK_INT(ev.key, 's');
	/* Nor is the answer with the cursor in row 1, column 2, which
	 * xterm-256color's terminfo names Shift+F3 (kf15): curses must not
	 * read it as that key. */
	CHECK_INT(typed(master, "\033[1;2R", &ev), TERM_ANSWER);
	CHECK_INT(typed(master, "\033[30;100R", &ev), TERM_ANSWER);
	/* So is the background colour, which is kept. */
	CHECK_INT(typed(master, "\033]11;rgb:ffff/8080/0000\033\\s", &ev),
	    TERM_ANSWER);
	CHECK_INT(term_read(0, &ev), TERM_KEY);
	CHECK_INT(ev.key, 's');
	CHECK_INT(term_background(rgb), CAPS_ANSWERED);
	CHECK_INT(rgb[0], 0xffff);
	CHECK_INT(rgb[1], 0x8080);
	CHECK_INT(rgb[2], 0);
	/* Synchronized output known: the answer's '?' is no key either,
	 * and frames come between the mode set and reset. */
	CHECK_INT(typed(master, "\033[?2026;2$ys", &ev), TERM_ANSWER);
	CHECK_INT(term_read(0, &ev), TERM_KEY);
	CHECK_INT(ev.key, 's');
	(void)sent_to(master, got, sizeof got);
	mvaddstr(5, 5, "frame");
	wnoutrefresh(stdscr);
	term_flush();
	ngot = sent_to(master, got, sizeof got);
	at = find(got, ngot, "frame");
	CHECK(at > 0 && find(got, (size_t)at, ESCAPE_SYNC_BEGIN) >= 0);
	CHECK(at > 0 && find(got + at, ngot - (size_t)at, ESCAPE_SYNC_END) >=
	    0);
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

	wheel_twins(master);

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
	test_lost_spool();
	test_rendition();
	test_read();
	return check_exit("test_term");
}
