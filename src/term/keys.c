/*
 * keys.c: keys, clicks and answers from what the terminal sends.
 *
 * Keys are read only once poll() says input is there, and poll also says
 * when the terminal hung up; reads that poll called ready and that bring
 * nothing (end of file, EIO) say so too. After an Esc, what follows is
 * read until the decoder (escape.c) calls it whole, or the rest of a
 * begun sequence is too long in coming (then it is dropped). Mouse
 * reports become events; answers to queries are counted, and the
 * background colour's, the cursor's position, a mode's and those
 * about pixels are kept, never passed on as keys. Bytes that turn
 * out to be keys are kept, in order, for the next reads.
 *
 * Some terminals report one notch of the wheel twice, a few milliseconds
 * apart (alacritty does where the X server sends the notch as a button
 * pressed and released: it takes each for a notch); a hand turning the
 * wheel makes notches farther apart than that. So a report that comes
 * within KEYS_WHEEL_TWIN_MS of the same report, with nothing between
 * them, counts once. When it came is known from when the input was last
 * seen: a wait for it ends as it comes, and a read that finds nothing
 * says it had not come yet; reports read together, with no look between
 * them, came together, as far as the program can tell.
 *
 * A sequence longer than the decoder keeps (a string of any length: an
 * answer of a megabyte is one) is skipped to its end as its bytes come,
 * a slice at a time so that the loop goes on between, and nothing of it
 * is kept; only a pause in it as long as a sequence may take to come
 * ends it sooner.
 */
#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <string.h>

#include "escape.h"
#include "keys.h"
#include "lib/clock.h"

/* Last: its capability macros (lines, columns, ...) would rename ours. */
#include <term.h>

/* The keys event.h names for the layers above are curses' own codes. */
typedef char event_keys_are_curses[(EVENT_KEY_UP == KEY_UP &&
    EVENT_KEY_DOWN == KEY_DOWN && EVENT_KEY_LEFT == KEY_LEFT &&
    EVENT_KEY_RIGHT == KEY_RIGHT) ? 1 : -1];

/* How long the rest of a sequence begun may take to come. */
#define SEQUENCE_WAIT_MS 100

/* Reads in a row that poll() called ready and that brought nothing: the
 * terminal is gone. */
#define GONE_AFTER 3

/* The most bytes of a long sequence skipped in one read. */
#define SKIP_SLICE 4096

static struct {
	int in;                   /* the terminal's descriptor */
	int wake;                 /* the signals', or -1 */
	int dry_reads;            /* ready reads in a row with nothing */
	int pending[ESCAPE_MAX];  /* bytes read after an Esc, not used */
	size_t npending;
	unsigned background[3];   /* the colour last told, 16-bit */
	long long looked;         /* when the input was last seen, ms */
	struct event wheel;       /* the last notch counted; key 0: none */
	long long wheel_at;       /* when it came, at the earliest, ms */
	struct keys_told told;    /* the position and mode last told */
	int skipping;             /* a long sequence is being skipped */
	struct escape_skip skip;
	int answer[ESCAPE_MAX];   /* the last answer about pixels */
	size_t nanswer;
} k = { -1, -1, 0, { 0 }, 0, { 0 }, 0, { 0, 0, 0 }, 0, { 0, 0, 0, 0 }, 0,
	{ 0, 0 }, { 0 }, 0 };

void
keys_open(int fd, int wake)
{
	k.in = fd;
	k.wake = wake;
	k.dry_reads = 0;
	k.npending = 0;
	k.wheel.key = 0;
	k.skipping = 0;
}

int
keys_wait(int timeout_ms)
{
	struct pollfd p[2];
	int n, wake = k.wake;

	p[0].fd = k.in;
	p[0].events = POLLIN;
	p[1].fd = wake;
	p[1].events = POLLIN;
	p[0].revents = p[1].revents = 0;
	n = poll(p, wake >= 0 ? 2 : 1, timeout_ms);
	if (n < 0)
		return errno == EINTR ? 0 : -1;
	if (p[0].revents & POLLIN)
		return 1;
	if (p[0].revents & (POLLHUP | POLLERR | POLLNVAL))
		return -1;
	return 0;
}

int
keys_wait_counted(int timeout_ms)
{
	int ready = keys_wait(timeout_ms);

	/* What is there now came as the wait ended, or has not come. */
	k.looked = clock_now_ms();
	if (ready > 0 && ++k.dry_reads > GONE_AFTER)
		return -1;
	return ready;
}

/* The next byte or key: one kept from a sequence that was none, else
 * what curses has, without waiting. */
static int
next_key(void)
{
	int key;

	if (k.npending > 0) {
		key = k.pending[0];
		k.npending--;
		memmove(k.pending, k.pending + 1,
		    k.npending * sizeof k.pending[0]);
	} else {
		wtimeout(stdscr, 0);
		key = wgetch(stdscr);
	}
	if (key != ERR)
		k.dry_reads = 0;
	return key;
}

/* Whether a notch of the wheel, read now, is the twin of the last one
 * counted: the same report, come within KEYS_WHEEL_TWIN_MS of it, at
 * the earliest each could have. One that is not is counted, and the
 * next is held to it. */
static int
wheel_twin(const struct event *ev)
{
	if (k.wheel.key == ev->key && k.wheel.col == ev->col &&
	    k.wheel.row == ev->row && k.looked - k.wheel_at <=
	    KEYS_WHEEL_TWIN_MS)
		return 1;
	k.wheel = *ev;
	k.wheel_at = k.looked;
	return 0;
}

/* A mouse report's event, unless it is a wheel notch's twin; anything
 * else between two notches parts them. */
static enum keys_read
mouse_read(const struct event *ev)
{
	if (ev->key != EVENT_WHEEL_UP && ev->key != EVENT_WHEEL_DOWN) {
		k.wheel.key = 0;
		return KEYS_KEY;
	}
	return wheel_twin(ev) ? KEYS_OTHER : KEYS_KEY;
}

/* Bytes to read again, before those kept already; the room is there,
 * as they were taken from the same reads. */
static void
put_back(const int *b, size_t n)
{
	if (n > ESCAPE_MAX - k.npending)
		n = ESCAPE_MAX - k.npending;
	memmove(k.pending + n, k.pending, k.npending * sizeof k.pending[0]);
	memcpy(k.pending, b, n * sizeof b[0]);
	k.npending += n;
}

/*
 * The rest of a sequence too long to keep, skipped a slice at a time:
 * KEYS_OTHER while it goes on or once it has ended, KEYS_NONE when its
 * next bytes have yet to come (a signal came while it waited). What
 * breaks it off is read again; a pause as long as a sequence may take
 * to come ends it.
 */
static enum keys_read
skip_long(void)
{
	int n;

	for (n = 0; n < SKIP_SLICE; n++) {
		int key = next_key(), got;

		if (key == ERR) {
			long long until = clock_now_ms() + SEQUENCE_WAIT_MS;

			if (keys_wait(SEQUENCE_WAIT_MS) > 0)
				continue;
			if (clock_now_ms() < until)
				return KEYS_NONE;
			break;
		}
		got = key > 0xff ? -1 : escape_skip(&k.skip, key);
		if (got == 0)
			continue;
		if (got < 0) {
			int back[2];

			back[0] = 27;
			back[1] = key;
			put_back(got == -2 ? back : back + 1, got == -2 ? 2 : 1);
		}
		break;
	}
	if (n < SKIP_SLICE)
		k.skipping = 0;
	return KEYS_OTHER;
}

/*
 * After an Esc: read what follows until the decoder calls it whole, or
 * the rest of a begun sequence is too long in coming (then it is
 * dropped). Bytes that turn out to be keys are kept for the next reads.
 */
static enum keys_read
read_sequence(struct event *ev)
{
	int b[ESCAPE_MAX];
	size_t n = 0, used = 0;
	long long until = clock_now_ms() + SEQUENCE_WAIT_MS;
	enum escape_kind kind;

	for (;;) {
		int key = next_key();

		if (key != ERR) {
			b[n++] = key;
		} else if (n > 0) {
			long long left = until - clock_now_ms();

			if (left > 0 && keys_wait((int)left) > 0)
				continue;
		}
		kind = escape_decode(b, n, &used, ev);
		if (kind != ESCAPE_PARTIAL || key == ERR || n >= ESCAPE_MAX)
			break;
	}
	if (kind == ESCAPE_PARTIAL)
		used = n;  /* broken off: drop it */
	/* What the sequence did not take is keys, before any later. */
	put_back(b + used, n - used);
	switch (kind) {
	case ESCAPE_KEY:
		ev->key = 27;
		ev->col = ev->row = 0;
		k.wheel.key = 0;
		return KEYS_KEY;
	case ESCAPE_MOUSE:
		return mouse_read(ev);
	case ESCAPE_KEYPAD:
		k.wheel.key = 0;
		return KEYS_KEY;
	case ESCAPE_LONG:
		escape_skip_start(&k.skip, b, n);
		k.skipping = 1;
		return skip_long();
	case ESCAPE_REPLY:
		(void)escape_position(b, used, &k.told.row, &k.told.col);
		return KEYS_ANSWER;
	case ESCAPE_BACKGROUND:
		(void)escape_background(b, used, k.background);
		return KEYS_BACKGROUND;
	case ESCAPE_MODE:
		(void)escape_mode(b, used, &k.told.mode, &k.told.state);
		return KEYS_MODE;
	case ESCAPE_GRAPHICS:
		memcpy(k.answer, b, used * sizeof b[0]);
		k.nanswer = used;
		return KEYS_GRAPHICS;
	default:
		return KEYS_OTHER;  /* Alt's key is pending, read next */
	}
}

/*
 * The answer to the query that paces the frames, Esc [ row ; column R,
 * is the sequence some terminals send for F3 with Shift, Ctrl or Alt
 * (xterm's Shift+F3 is Esc [ 1 ; 2 R), and curses would read such an
 * answer, where the cursor is in the top row, as that key. No key of
 * the program is an F key: curses forgets each key the terminal's type
 * names that the decoder takes for an answer.
 */
void
keys_forget_answers(void)
{
	size_t cap;

	for (cap = 0; strnames[cap]; cap++) {
		const char *v;
		int b[ESCAPE_MAX];
		size_t n, used;
		struct event ev;

		if (strnames[cap][0] != 'k')
			continue;
		v = tigetstr(strnames[cap]);
		if (!v || v == (char *)-1 || v[0] != '\033')
			continue;
		for (n = 0; n < ESCAPE_MAX && v[n + 1]; n++)
			b[n] = (unsigned char)v[n + 1];
		if (escape_decode(b, n, &used, &ev) == ESCAPE_REPLY &&
		    used == n)
			define_key(v, 0);
	}
}

void
keys_background(unsigned rgb[3])
{
	memcpy(rgb, k.background, sizeof k.background);
}

struct keys_told
keys_told(void)
{
	return k.told;
}

size_t
keys_answer(const int **b)
{
	*b = k.answer;
	return k.nanswer;
}

enum keys_read
keys_next(struct event *ev)
{
	int key;

	if (k.skipping)
		return skip_long();
	key = next_key();

	switch (key) {
	case ERR:
		k.looked = clock_now_ms();  /* nothing has come by now */
		return KEYS_NONE;
	case KEY_RESIZE:
		return KEYS_RESIZE;
	case KEY_MOUSE:
		return KEYS_OTHER;
	case 27:
		return read_sequence(ev);
	default:
		ev->key = key;
		ev->col = ev->row = 0;
		k.wheel.key = 0;
		return KEYS_KEY;
	}
}
