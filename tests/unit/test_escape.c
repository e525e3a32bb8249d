/*
 * test_escape.c: what the terminal sends after an Esc, sorted
 * (src/term/escape.c).
 *
 * The sequences are written out by hand from xterm's documentation of
 * its mouse reports (X10: button + 32, cell + 33; SGR: button; col; row
 * from 1, M for a press, m for a release), of the cursor position
 * report and of the answer to a mode's request (DECRQM).
 */
#include <curses.h>
#include <string.h>

#include "check.h"
#include "term/escape.h"

struct decoded {
	enum escape_kind kind;
	size_t used;
	struct event ev;
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
	CHECK_INT(d.ev.key, EVENT_CLICK);
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
	CHECK_INT(d.ev.key, EVENT_WHEEL_UP);
	CHECK_INT(d.ev.col, 9);
	d = decode("\033[Ma*%");
	CHECK_INT(d.ev.key, EVENT_WHEEL_DOWN);
	/* A drag (32 + 32 = '@') is the pointer's motion; the right
	 * button ('"') is dropped. */
	CHECK_INT(decode("\033[M@*%").ev.key, EVENT_MOTION);
	CHECK_INT(decode("\033[M\"*%").kind, ESCAPE_OTHER);
	/* Ctrl held (16) still clicks: 16 + 32 = '0'. */
	CHECK_INT(decode("\033[M0*%").ev.key, EVENT_CLICK);
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
	CHECK_INT(d.ev.key, EVENT_CLICK);
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
	CHECK_INT(decode("\033[<64;1;1M").ev.key, EVENT_WHEEL_UP);
	CHECK_INT(decode("\033[<65;1;1M").ev.key, EVENT_WHEEL_DOWN);
	/* The pointer's motion, with a button held (32) or none (35). */
	d = decode("\033[<35;12;6M");
	CHECK_INT(d.kind, ESCAPE_MOUSE);
	CHECK_INT(d.ev.key, EVENT_MOTION);
	CHECK_INT(d.ev.col, 11);
	CHECK_INT(d.ev.row, 5);
	CHECK_INT(decode("\033[<32;1;1M").ev.key, EVENT_MOTION);
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

	/* The answer to the pacing's query, the cursor's position, at
	 * the top left and anywhere else; xterm's Shift+F3 has its form,
	 * and is taken for an answer too. */
	d = decode(ESCAPE_ANSWER);
	CHECK_INT(d.kind, ESCAPE_REPLY);
	CHECK_INT(d.used, 5);
	d = decode("\033[12;40R");
	CHECK_INT(d.kind, ESCAPE_REPLY);
	CHECK_INT(d.used, 7);
	CHECK_INT(decode("\033[1;2R").kind, ESCAPE_REPLY);
	CHECK_INT(decode_n("\033[12;40R", 5).kind, ESCAPE_PARTIAL);
	/* A status report's answers ("ready", "not ready") answer no
	 * question of ours; a position needs a row and a column, from 1. */
	CHECK_INT(decode("\033[0n").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[3n").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[12R").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[0;1R").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[1;2;3R").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[?1;2R").kind, ESCAPE_OTHER);
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
	d = decode("\033OP");
	CHECK_INT(d.kind, ESCAPE_OTHER);
	CHECK_INT(d.used, 2);
	CHECK_INT(d.ev.key, 12345);
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

/* The bytes of an answer after its Esc, as escape_position() and
 * escape_mode() take them. */
static size_t
answer_bytes(const char *s, int *b)
{
	size_t i, n = strlen(s) - 1;

	for (i = 0; i < n; i++)
		b[i] = (unsigned char)s[i + 1];
	return n;
}

/*
 * The cursor's position in an answer to the pacing's query (CPR: Esc [
 * row ; col R, each from 1), read back for the arrow's width; and a
 * private mode's state (DECRQM's answer: Esc [ ? mode ; Ps $ y), a kind
 * of its own, never keys; what only looks like one is none.
 */
static void
test_answers(void)
{
	struct decoded d;
	int b[ESCAPE_MAX], x = 0, y = 0;
	size_t n;

	n = answer_bytes("\033[12;40R", b);
	CHECK_INT(escape_position(b, n, &y, &x), 0);
	CHECK_INT(y, 12);
	CHECK_INT(x, 40);
	n = answer_bytes("\033[2;3R", b);
	CHECK_INT(escape_position(b, n, &y, &x), 0);
	CHECK_INT(y, 2);
	CHECK_INT(x, 3);
	n = answer_bytes("\033[0;3R", b);
	CHECK_INT(escape_position(b, n, &y, &x), -1);
	n = answer_bytes("\033[?2026;2$y", b);
	CHECK_INT(escape_position(b, n, &y, &x), -1);

	d = decode("\033[?2026;2$y");
	CHECK_INT(d.kind, ESCAPE_MODE);
	CHECK_INT(d.used, 10);
	n = answer_bytes("\033[?2026;2$y", b);
	CHECK_INT(escape_mode(b, n, &x, &y), 0);
	CHECK_INT(x, 2026);
	CHECK_INT(y, 2);
	n = answer_bytes("\033[?2026;0$y", b);
	CHECK_INT(escape_mode(b, n, &x, &y), 0);
	CHECK_INT(y, 0);
	CHECK_INT(decode("\033[2026;2$y").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[?2026;2y").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033[?2026$y").kind, ESCAPE_OTHER);
	CHECK_INT(decode_n("\033[?2026;2$y", 9).kind, ESCAPE_PARTIAL);
}

/* The keypad in application mode, as tmux and screen send it and their
 * terminfo does not name it (VT100's keypad, as xterm documents it):
 * Esc O and a letter, read as the character on the key. */
static void
test_keypad(void)
{
	static const struct { const char *seq; int key; } keys[] = {
		{ "\033OM", '\r' }, { "\033Oj", '*' }, { "\033Ok", '+' },
		{ "\033Ol", ',' }, { "\033Om", '-' }, { "\033On", '.' },
		{ "\033Oo", '/' }, { "\033Op", '0' }, { "\033Ou", '5' },
		{ "\033Oy", '9' }, { "\033OX", '=' }, { "\033OI", '\t' },
		{ "\033O ", ' ' }
	};
	struct decoded d;
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		d = decode(keys[i].seq);
		CHECK_INT(d.kind, ESCAPE_KEYPAD);
		CHECK_INT(d.used, 2);
		CHECK_INT(d.ev.key, keys[i].key);
	}
	/* The rest of the line waits for the next read. */
	d = decode("\033Ouq");
	CHECK_INT(d.kind, ESCAPE_KEYPAD);
	CHECK_INT(d.used, 2);
	CHECK_INT(decode_n("\033O", 1).kind, ESCAPE_PARTIAL);
	/* Arrows and F1 to F4 are curses' to know; cursor keys are not
	 * the keypad's characters. */
	CHECK_INT(decode("\033OA").kind, ESCAPE_OTHER);
	CHECK_INT(decode("\033OS").kind, ESCAPE_OTHER);
}

/* Skip the rest of a sequence the decoder called too long: the bytes of
 * rest, one by one, until one is not 0; what it was, and at which. */
static int
skip_to_end(const int *b, size_t n, const char *rest, size_t *at)
{
	struct escape_skip k;
	int got = 0;

	escape_skip_start(&k, b, n);
	for (*at = 0; rest[*at]; (*at)++)
		if ((got = escape_skip(&k, (unsigned char)rest[*at])) != 0)
			return got;
	return 0;
}

/* The first ESCAPE_MAX bytes of s after its Esc, decoded. */
static struct decoded
first_part(const char *s, int *b)
{
	struct decoded d;
	size_t i;

	for (i = 0; i < ESCAPE_MAX; i++)
		b[i] = (unsigned char)s[i + 1];
	memset(&d.ev, 0, sizeof d.ev);
	d.kind = escape_decode(b, ESCAPE_MAX, &d.used, &d.ev);
	return d;
}

/* Parameters and strings longer than the decoder keeps are skipped to
 * their end, however far: never waited on, never read as keys. */
static void
test_long(void)
{
	char s[ESCAPE_MAX + 8];
	int b[ESCAPE_MAX];
	struct decoded d;
	size_t at;

	/* Endless parameters: skipped to the final byte. */
	memset(s, '1', sizeof s);
	s[0] = '\033';
	s[1] = '[';
	s[sizeof s - 1] = '\0';
	d = decode(s);
	CHECK_INT(d.kind, ESCAPE_LONG);
	CHECK_INT(d.used, ESCAPE_MAX);
	d = first_part(s, b);
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "2;3;4mq", &at), 1);
	CHECK_INT(at, 5);
	/* A control byte breaks it off, and is read again. */
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "2;\rq", &at), -1);
	CHECK_INT(at, 2);

	/* An application command of 64 q: ESCAPE_MAX bytes of it are q
	 * (the Esc _ aside), and the rest skipped to its Esc \\. */
	memset(s, 'q', sizeof s);
	s[0] = '\033';
	s[1] = '_';
	s[sizeof s - 1] = '\0';
	d = first_part(s, b);
	CHECK_INT(d.kind, ESCAPE_LONG);
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "qq\033\\q", &at), 1);
	CHECK_INT(at, 3);
	/* BEL ends an OSC, and no other string. */
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "q\007q\033\\", &at), 1);
	CHECK_INT(at, 4);
	s[1] = ']';
	d = first_part(s, b);
	CHECK_INT(d.kind, ESCAPE_LONG);
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "nn\007q", &at), 1);
	CHECK_INT(at, 2);
	/* An Esc that begins another sequence breaks the string off: the
	 * Esc and what follows are read again. */
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "n\033[0n", &at), -2);
	CHECK_INT(at, 2);
	/* The decoder's last byte an Esc: the next one says whether it
	 * ended the string. */
	s[ESCAPE_MAX] = '\033';
	d = first_part(s, b);
	CHECK_INT(d.kind, ESCAPE_LONG);
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "\\q", &at), 1);
	CHECK_INT(at, 0);
	CHECK_INT(skip_to_end(b, ESCAPE_MAX, "q", &at), -2);
	/* Shorter than the decoder keeps, an unended string is awaited. */
	CHECK_INT(decode_n(s, ESCAPE_MAX - 1).kind, ESCAPE_PARTIAL);
}

int
main(void)
{
	test_x10();
	test_sgr();
	test_others();
	test_answers();
	test_keypad();
	test_long();
	return check_exit("test_escape");
}
