/*
 * term.c: the terminal's life: checked, opened, read, restored.
 *
 * Curses is started here and nowhere else, and only after the checks that
 * would otherwise leave a half-drawn screen: both standard streams are a
 * terminal, TERM names a known type, and that type can move the cursor.
 *
 * Curses does not write to the terminal itself. It writes into a spool,
 * an unlinked temporary file, and this module moves the spool's bytes on
 * to the terminal: so every byte can be shown to a tap and counted, and a
 * repaint of any size never blocks curses (a file always takes it). As
 * curses then sees no terminal, the terminal's modes are set here (cbreak
 * and no echo, no newline or tab translation on output, as curses would
 * set them) and restored here, and its size is read here on SIGWINCH.
 *
 * Ctrl-C and Ctrl-Z still send their signals. Each signal that would end
 * the process only sets a flag and wakes the read (through a pipe, so a
 * signal that lands on another thread wakes it too); the caller restores
 * the terminal and dies of the signal. Ctrl-Z is taken the same way: the
 * read puts the terminal back as it was, stops, and on fg sets it up
 * again and reports a resize, so the whole screen is drawn anew.
 *
 * Keys are read only once poll() says input is there, and poll also says
 * when the terminal hung up; a read that then brings nothing (end of
 * file, EIO) says so too. Mouse reports and answers to queries (the
 * background colour's too) are decoded here (escape.c), never passed on
 * as keys.
 */
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"
#include "options.h"
#include "term.h"
#include "theme.h"

/* Last: its capability macros (lines, columns, ...) would rename ours. */
#include <term.h>

/* How long an Esc waits for the rest of an arrow key's sequence. */
#define ESCAPE_DELAY_MS 25
/* The most columns or rows drawn: a terminal that says it is larger
 * gets the top left corner this size, not gigabytes of screen. */
#define TERM_SIZE_MAX 2000

/* How long the rest of a sequence begun may take to come. */
#define SEQUENCE_WAIT_MS 100

/* Reads in a row that poll() called ready and that brought nothing: the
 * terminal is gone. */
#define GONE_AFTER 3

/* Mouse reports: button presses and releases (1000), in the SGR form
 * where the terminal has it (1006), since X10 cannot say a column past
 * 223. Terminals without the SGR form ignore it and send X10. */
#define MOUSE_ON "\033[?1000h\033[?1006h"
#define MOUSE_MOTION_ON "\033[?1000h\033[?1003h\033[?1006h"
#define MOUSE_OFF "\033[?1006l\033[?1003l\033[?1000l"

#define SPOOL_CHUNK 16384

/*
 * Pacing by the terminal's answers. After each frame goes the status
 * query, whose answer comes once the terminal has taken in everything
 * before it: answers say what has arrived, and when. From them, the
 * least delay seen (the link's own latency, measured by a bare query
 * whenever nothing is in flight) and the delay now: a delay that grows
 * past the least means bytes queue on the way, and the window of bytes
 * allowed in flight shrinks, down to one frame at a time; a delay that
 * stays near it lets the window grow, so a distant but fast terminal
 * still gets every frame. A terminal that has not answered the first
 * query within a second does not answer: it gets frames as they come.
 */
#define PACE_MAX 64               /* queries in flight, at most */
#define PACE_FIRST_MS 1000        /* for the first answer */
#define PACE_SETTLE_MS 500        /* the longest wait for answers at exit */
#define PACE_LOST_MS 2000         /* an answer later than this is lost, */
#define PACE_SLOWEST 1000.0       /* beyond what bytes/s take to arrive */
#define PACE_TARGET_NS 40000000LL /* queueing delay aimed at */
#define PACE_BASE_NS 10000000000LL /* the least delay, over this long */
#define PACE_PROBE_MS 5000        /* asking a silent terminal again */

enum pace_state { PACE_OFF, PACE_UNKNOWN, PACE_ANSWERING, PACE_SILENT };

/* What a query follows. */
enum { PACE_BARE, PACE_FRAME, PACE_LINE };

static struct {
	enum pace_state state;
	long long sent[PACE_MAX];          /* when each query went, ns */
	unsigned long long upto[PACE_MAX]; /* bytes sent up to it */
	int frame[PACE_MAX];               /* what it followed: PACE_ */
	int head, count, frames, notes;    /* those after frames, lines */
	unsigned long long bytes, acked;   /* sent, and known arrived */
	long long base, base_next, base_since; /* least delay, windowed */
	double window;                     /* bytes allowed in flight */
	double rate;                       /* bytes/s the link delivers */
	long long answered;                /* when the last answer came */
	unsigned long long frame_bytes;    /* the last frame's */
	long long opened, probed;
	unsigned long shown;               /* frames known shown */
} pace;

static struct {
	SCREEN *screen;
	FILE *spool;              /* curses writes here; NULL: to the tty */
	int out, in;              /* the terminal's descriptors */
	int tty;                  /* the one whose modes are set, or -1 */
	struct termios saved;     /* its modes before */
	int mouse;                /* mouse reports were asked for */
	int alternate;            /* the terminal has an alternate screen */
	int mouse_again;          /* ask again after the next frame */
	int gone;                 /* a write or read said it hung up */
	int dry_reads;            /* ready reads in a row with nothing */
	int pending[ESCAPE_MAX];  /* bytes read after an Esc, not used */
	size_t npending;
	term_tap_fn *tap;
	void *tap_arg;
} t = { NULL, NULL, -1, -1, -1, { 0 }, 0, 0, 0, 0, 0, { 0 }, 0, NULL,
	NULL };

/*
 * The background colour, asked of the terminal (OSC 11) just before the
 * first status query: a terminal answers in order, so once that query
 * is answered, or the terminal is found silent, the colour has come or
 * never will, and nobody waits for it longer than for the first frame's
 * answer. An answer that comes later still counts.
 */
static struct {
	int want;
	enum theme_answer answer;
	unsigned rgb[3];
} bg;

static volatile sig_atomic_t caught, resized, stopped;
static int wake[2] = { -1, -1 };  /* the signals' pipe to the read */

/* One line on err, naming the terminal type when there is one. */
static int
complain(FILE *err, const char *what, const char *type)
{
	if (type)
		fprintf(err, "%s: terminal type '%s': %s\n", BOIDS_NAME, type,
		    what);
	else
		fprintf(err, "%s: %s\n", BOIDS_NAME, what);
	return -1;
}

int
term_check(FILE *err)
{
	const char *type = getenv("TERM");
	const char *cup;
	int status;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return complain(err, "needs a terminal on standard input and "
		    "output (for statistics without one, use --headless)",
		    NULL);
	if (!type || !*type)
		return complain(err, "TERM is not set, so the terminal is "
		    "unknown", NULL);
	if (setupterm(type, STDOUT_FILENO, &status) != OK)
		return complain(err, status == 0 ? "unknown (set TERM to a "
		    "type in the terminfo database)" :
		    "no terminfo database found", type);
	cup = tigetstr("cup");
	del_curterm(cur_term);
	if (!cup || cup == (char *)-1)
		return complain(err, "cannot move the cursor, which a flock "
		    "needs", type);
	return 0;
}

static void
size_of(int fd, int *ncols, int *nlines)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 &&
	    ws.ws_row > 0) {
		*ncols = ws.ws_col < TERM_SIZE_MAX ? ws.ws_col : TERM_SIZE_MAX;
		*nlines = ws.ws_row < TERM_SIZE_MAX ? ws.ws_row :
		    TERM_SIZE_MAX;
	}
}

void
term_size_early(int *ncols, int *nlines)
{
	*ncols = 80;
	*nlines = 24;
	size_of(STDOUT_FILENO, ncols, nlines);
}

static long long
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long
now_ms(void)
{
	return now_ns() / 1000000LL;
}

/* Wake a read waiting in poll(); the pipe is non-blocking, and a full
 * one has woken it already. */
static void
wake_read(void)
{
	int saved = errno;

	if (wake[1] >= 0)
		(void)!write(wake[1], "", 1);
	errno = saved;
}

/* The first signal to end the program is the one it ends by. */
static void
on_signal(int sig)
{
	if (!caught)
		caught = sig;
	wake_read();
}

static void
on_resize(int sig)
{
	(void)sig;
	resized = 1;
	wake_read();
}

static void
on_stop(int sig)
{
	(void)sig;
	stopped = 1;
	wake_read();
}

/* Every signal whose default is to end the process and that a program
 * can catch without its own fault behind it. */
static const int ending[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
#ifdef SIGPOLL
	SIGPOLL,
#endif
#ifdef SIGPROF
	SIGPROF,
#endif
#ifdef SIGVTALRM
	SIGVTALRM,
#endif
#ifdef SIGXCPU
	SIGXCPU,
#endif
#ifdef SIGXFSZ
	SIGXFSZ,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

#define NENDING (sizeof ending / sizeof ending[0])

/* Catch sig with fn unless it is ignored already (as nohup leaves
 * SIGHUP): an ignored signal was meant to be ignored. */
static void
catch_unless_ignored(int sig, void (*fn)(int))
{
	struct sigaction sa, old;

	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;  /* no SA_RESTART: a waiting read must return */
	if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
		return;
	sigaction(sig, &sa, NULL);
}

static int
pipe_nonblocking(int fd[2])
{
	int k;

	if (pipe(fd) < 0)
		return -1;
	for (k = 0; k < 2; k++) {
		fcntl(fd[k], F_SETFL, fcntl(fd[k], F_GETFL) | O_NONBLOCK);
		fcntl(fd[k], F_SETFD, FD_CLOEXEC);
	}
	return 0;
}

/*
 * A fault (or abort) cannot wait for the loop: the terminal is put back
 * from the handler itself, with only what a handler may call (write and
 * tcsetattr) and bytes made ready at term_open(), and the signal goes on
 * to whatever handled it before (the default, or a sanitizer's).
 */
static const int faults[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS
};

#define NFAULTS (sizeof faults / sizeof faults[0])

static struct sigaction before_fault[NFAULTS];
static char restore[256];         /* the bytes that restore the screen */
static size_t nrestore;
static volatile sig_atomic_t armed; /* the terminal needs restoring */

/* How long a fault waits for the terminal to take the restoring bytes,
 * before and again after starting output that Ctrl-S stopped. */
#define FAULT_WAIT_MS 300

/* As much of the restoring bytes as the terminal takes within
 * FAULT_WAIT_MS; then output stopped by Ctrl-S, or stalled on a link,
 * is started again and the frames queued for it, which nobody will see
 * now, are dropped, and the rest gets as long again. A blocking write
 * would wait for Ctrl-Q for ever. Only calls a handler may make. */
static void
fault_restore(void)
{
	struct pollfd p;
	struct termios mode;
	size_t done = 0;
	int round, flags = fcntl(t.out, F_GETFL);

	if (flags >= 0)
		(void)fcntl(t.out, F_SETFL, flags | O_NONBLOCK);
	p.fd = t.out;
	p.events = POLLOUT;
	for (round = 0; round < 2 && done < nrestore; round++) {
		if (round == 1 && t.tty >= 0) {
			if (tcgetattr(t.tty, &mode) == 0) {
				mode.c_iflag &= ~(tcflag_t)IXON;
				(void)tcsetattr(t.tty, TCSANOW, &mode);
			}
			(void)tcflow(t.tty, TCOON);
			(void)tcflush(t.tty, TCOFLUSH);
		}
		while (done < nrestore && poll(&p, 1, FAULT_WAIT_MS) > 0 &&
		    (p.revents & POLLOUT)) {
			ssize_t w = write(t.out, restore + done,
			    nrestore - done);

			if (w <= 0)
				break;
			done += (size_t)w;
		}
	}
	if (flags >= 0)
		(void)fcntl(t.out, F_SETFL, flags);
}

static void
on_fault(int sig)
{
	size_t k;

	if (armed) {
		armed = 0;
		if (t.out >= 0)
			fault_restore();
		if (t.tty >= 0)
			(void)tcsetattr(t.tty, TCSANOW, &t.saved);
	}
	for (k = 0; k < NFAULTS; k++)
		if (faults[k] == sig)
			sigaction(sig, &before_fault[k], NULL);
	raise(sig);
}

static void
catch_faults(void)
{
	struct sigaction sa;
	size_t k;

	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	for (k = 0; k < NFAULTS; k++)
		if (sigaction(faults[k], NULL, &before_fault[k]) == 0 &&
		    before_fault[k].sa_handler != SIG_IGN)
			sigaction(faults[k], &sa, NULL);
}

static int
has_cap(const char *cap)
{
	const char *v = tigetstr(cap);

	return v && v != (char *)-1 && *v;
}

/* A terminfo string as bytes to send as they are: its padding,
 * $<...>, is for terminals of the past, and left out; how many bytes
 * (none, without the capability), at most len. */
static size_t
cap_bytes(const char *cap, char *buf, size_t len)
{
	const char *v = cap[0] == '\033' ? cap : tigetstr(cap);
	size_t n = 0;

	if (!v || v == (char *)-1)
		return 0;
	while (*v && n < len) {
		if (v[0] == '$' && v[1] == '<' && strchr(v, '>')) {
			v = strchr(v, '>') + 1;
			continue;
		}
		buf[n++] = *v++;
	}
	return *v ? 0 : n;
}

/* Append a terminfo string to the restoring bytes, if it has one. */
static void
restore_add(const char *cap)
{
	nrestore += cap_bytes(cap, restore + nrestore,
	    sizeof restore - nrestore);
}

/* What a fault's handler sends: attributes off, mouse reports off, the
 * cursor back, the keypad and the screen as they were. */
static void
restore_prepare(void)
{
	nrestore = 0;
	restore_add("sgr0");
	if (t.mouse)
		restore_add(MOUSE_OFF);
	restore_add("cnorm");
	restore_add("rmkx");
	if (t.alternate)
		restore_add("rmcup");
	else
		restore_add("clear");
}

void
term_catch_signals(void)
{
	size_t k;

	if (wake[0] < 0 && pipe_nonblocking(wake) < 0)
		wake[0] = wake[1] = -1;
	for (k = 0; k < NENDING; k++)
		catch_unless_ignored(ending[k], on_signal);
	catch_faults();
#ifdef SIGRTMIN
	{
		int sig;

		for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
			catch_unless_ignored(sig, on_signal);
	}
#endif
}

int
term_signal(void)
{
	return caught;
}

void
term_die_by(int sig)
{
	sigset_t set;

	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

void
term_set_tap(term_tap_fn *fn, void *arg)
{
	t.tap = fn;
	t.tap_arg = arg;
}

/*
 * Once a signal has asked the program to end, a terminal that takes
 * nothing (stopped by Ctrl-S, or a link that has stalled) must not hold
 * it: what is written waits at most LEAVE_MS for room; then output
 * stopped by Ctrl-S is started again and the frames still queued, which
 * nobody will see now, are dropped, so that the bytes that restore the
 * terminal reach it; a terminal that still takes nothing is given up.
 * The rest goes a little at a time, as much as it said it has room for.
 */
#define LEAVE_MS 300
#define LEAVE_CHUNK 256

static int
room_to_leave(void)
{
	static long long by = -1;
	static int dropped;
	struct termios mode;
	struct pollfd p;
	long long left;

	if (by < 0)
		by = now_ms() + LEAVE_MS;
	left = by - now_ms();
	p.fd = t.out;
	p.events = POLLOUT;
	if (poll(&p, 1, left > 0 ? (int)left : 0) > 0 &&
	    (p.revents & POLLOUT))
		return 1;
	if (dropped || t.tty < 0)
		return 0;
	dropped = 1;
	/* Output stopped by Ctrl-S starts again when IXON goes; the shell's
	 * modes come back with the rest. */
	if (tcgetattr(t.out, &mode) == 0) {
		mode.c_iflag &= ~(tcflag_t)IXON;
		(void)tcsetattr(t.out, TCSANOW, &mode);
	}
	(void)tcflow(t.out, TCOON);
	(void)tcflush(t.out, TCOFLUSH);
	return poll(&p, 1, LEAVE_MS) > 0 && (p.revents & POLLOUT);
}

/* Write all of buf to the terminal. A terminal that fails a write for
 * any reason but a signal is gone. */
static void
write_all(const char *buf, size_t len)
{
	pace.bytes += len;
	while (len > 0 && !t.gone) {
		size_t most = len;
		ssize_t w;

		if (caught) {
			if (!room_to_leave()) {
				t.gone = 1;
				break;
			}
			most = len < LEAVE_CHUNK ? len : LEAVE_CHUNK;
		}
		w = write(t.out, buf, most);
		if (w > 0) {
			buf += w;
			len -= (size_t)w;
		} else if (w < 0 && errno == EINTR) {
			continue;
		} else if (w < 0 && errno == EAGAIN) {
			struct pollfd p;

			p.fd = t.out;
			p.events = POLLOUT;
			(void)poll(&p, 1, 100);
		} else {
			t.gone = 1;
		}
	}
}

/* The same, after showing it to the tap: what the screen is sent. */
static void
send_bytes(const char *buf, size_t len)
{
	if (t.tap && len > 0)
		t.tap(t.tap_arg, buf, len);
	write_all(buf, len);
}

/* Move what curses has written to the spool on to the terminal, and
 * empty the spool for the next. */
static void
spool_send(void)
{
	char buf[SPOOL_CHUNK];
	int fd;
	off_t end, at = 0;

	if (!t.spool)
		return;
	fd = fileno(t.spool);
	fflush(t.spool);
	end = lseek(fd, 0, SEEK_CUR);
	if (end <= 0)
		return;
	while (at < end) {
		size_t want = end - at < (off_t)sizeof buf ?
		    (size_t)(end - at) : sizeof buf;
		ssize_t r = pread(fd, buf, want, at);

		if (r <= 0)
			break;
		send_bytes(buf, (size_t)r);
		at += r;
	}
	if (ftruncate(fd, 0) < 0)
		t.gone = 1;
	rewind(t.spool);
}

/* Ask the terminal to answer once all before has arrived. The question
 * is for this terminal alone: a tap does not see it, so that a cast
 * played elsewhere does not make that terminal answer. */
static void
pace_ask(int after)
{
	int k;

	if (pace.count >= PACE_MAX)
		return;
	write_all(ESCAPE_QUERY, strlen(ESCAPE_QUERY));
	k = (pace.head + pace.count) % PACE_MAX;
	pace.sent[k] = now_ns();
	pace.upto[k] = pace.bytes;
	pace.frame[k] = after;
	pace.count++;
	pace.frames += after == PACE_FRAME;
	pace.notes += after == PACE_LINE;
}

/* Pacing starts with a query, on a terminal only: a file or a pipe
 * answers nothing, and gets frames as they come. */
static void
pace_open(void)
{
	memset(&pace, 0, sizeof pace);
	pace.state = t.tty >= 0 ? PACE_UNKNOWN : PACE_OFF;
	pace.opened = pace.probed = now_ms();
	pace.base = pace.base_next = -1;
	bg.answer = THEME_SILENT;
	if (pace.state == PACE_UNKNOWN && bg.want) {
		write_all(ESCAPE_ASK_BACKGROUND, strlen(ESCAPE_ASK_BACKGROUND));
		bg.answer = THEME_ASKING;
	}
	if (pace.state == PACE_UNKNOWN)
		pace_ask(PACE_BARE);
}

void
term_ask_background(int on)
{
	bg.want = on;
}

enum theme_answer
term_background(unsigned rgb[3])
{
	if (bg.answer == THEME_ASKING && pace.state != PACE_UNKNOWN)
		bg.answer = THEME_SILENT;
	if (bg.answer == THEME_ANSWERED)
		memcpy(rgb, bg.rgb, sizeof bg.rgb);
	return bg.answer;
}

/* The least delay over the last PACE_BASE_NS or so: two windows, the
 * one filling and the one before. */
static void
pace_base(long long delay, long long now)
{
	if (pace.base_next < 0 || delay < pace.base_next)
		pace.base_next = delay;
	if (pace.base < 0 || delay < pace.base)
		pace.base = delay;
	if (now - pace.base_since > PACE_BASE_NS) {
		pace.base = pace.base_next;
		pace.base_next = delay;
		pace.base_since = now;
	}
}

/*
 * An answer: the oldest query's bytes have arrived. Its delay above the
 * least seen is bytes queueing on the way: below the target the window
 * grows by up to half a frame, above it shrinks as fast; it never grows
 * past twice what was in flight, as a link with room to spare tells
 * nothing of how much room.
 */
static void
pace_answer(void)
{
	long long now = now_ns(), delay, queued;
	unsigned long long flight;
	double step;

	if (pace.state == PACE_OFF)
		return;
	pace.state = PACE_ANSWERING;
	if (pace.count == 0)
		return;  /* late, for a query given up on */
	delay = now - pace.sent[pace.head];
	flight = pace.bytes - pace.upto[pace.head];
	/* Bytes between two answers over the time between them is what the
	 * link delivers, when it was busy with them all along. */
	if (pace.answered > 0 && pace.sent[pace.head] <= pace.answered &&
	    now > pace.answered && pace.upto[pace.head] > pace.acked) {
		double sample = (double)(pace.upto[pace.head] - pace.acked) *
		    1e9 / (double)(now - pace.answered);

		pace.rate = pace.rate > 0 ? 0.75 * pace.rate + 0.25 * sample :
		    sample;
	}
	pace.answered = now;
	pace.acked = pace.upto[pace.head];
	if (pace.frame[pace.head] == PACE_FRAME) {
		pace.shown++;
		pace.frames--;
	}
	pace.notes -= pace.frame[pace.head] == PACE_LINE;
	pace.head = (pace.head + 1) % PACE_MAX;
	pace.count--;
	pace_base(delay, now);
	queued = delay - pace.base;
	step = (double)pace.frame_bytes / 2.0 *
	    (double)(PACE_TARGET_NS - queued) / (double)PACE_TARGET_NS;
	if (step < -(double)pace.frame_bytes)
		step = -(double)pace.frame_bytes;
	pace.window += step;
	if (pace.window > 2.0 * (double)(flight + pace.frame_bytes))
		pace.window = 2.0 * (double)(flight + pace.frame_bytes);
	if (pace.window < 0)
		pace.window = 0;
}

/* When the oldest answer is to be given up on: PACE_LOST_MS after the
 * time its bytes should take to arrive at the link's rate (at the
 * slowest, before there is one), twice over. */
static long long
pace_lost_at(void)
{
	double rate = pace.rate > PACE_SLOWEST ? pace.rate : PACE_SLOWEST;
	double bytes = (double)(pace.upto[pace.head] - pace.acked);

	return pace.sent[pace.head] / 1000000LL + PACE_LOST_MS +
	    (long long)(2000.0 * bytes / rate);
}

/* Time alone changes the pacing: a first answer that never came, an
 * answer lost, a silent terminal to ask again. */
static void
pace_tick(void)
{
	long long now = now_ms();

	if (pace.state == PACE_UNKNOWN && now - pace.opened >= PACE_FIRST_MS)
		pace.state = PACE_SILENT;
	if (pace.state == PACE_ANSWERING && pace.count > 0 &&
	    now >= pace_lost_at())
		pace.state = PACE_SILENT;
	if (pace.state == PACE_SILENT) {
		pace.count = pace.frames = pace.notes = 0;
		if (now - pace.probed >= PACE_PROBE_MS) {
			pace.probed = now;
			pace_ask(PACE_BARE);
		}
	}
}

int
term_ready(void)
{
	pace_tick();
	switch (pace.state) {
	case PACE_ANSWERING:
		return pace.count == 0 ||
		    (double)(pace.bytes - pace.acked) < pace.window;
	case PACE_UNKNOWN:
		return pace.frames == 0;  /* one frame, then the answer */
	default:
		return 1;
	}
}

int
term_ready_in(void)
{
	long long now = now_ms(), at;

	switch (pace.state) {
	case PACE_UNKNOWN:
		at = pace.opened + PACE_FIRST_MS;
		break;
	case PACE_ANSWERING:
		if (pace.count == 0)
			return -1;
		at = pace_lost_at();
		break;
	case PACE_SILENT:
		at = pace.probed + PACE_PROBE_MS;
		break;
	default:
		return -1;
	}
	return at <= now ? 0 : (int)(at - now);
}

int
term_ready_line(void)
{
	pace_tick();
	return pace.state != PACE_ANSWERING || pace.notes == 0;
}

void
term_flush_line(void)
{
	spool_send();
	doupdate();
	spool_send();
	if (pace.state == PACE_ANSWERING)
		pace_ask(PACE_LINE);
}

unsigned long
term_frames_shown(void)
{
	return pace.shown;
}

/* The modes curses would set on a terminal of its own: keys one at a
 * time with signals kept, no echo, no translation of input newlines,
 * and none of output newlines or tabs, which curses' cursor moves count
 * on. */
static void
tty_program_mode(void)
{
	struct termios m = t.saved;

	if (t.tty < 0)
		return;
	m.c_lflag &= (tcflag_t)~(ICANON | ECHO | ECHONL);
	m.c_lflag |= ISIG;
	m.c_iflag &= (tcflag_t)~(ICRNL | INLCR | IGNCR);
	m.c_oflag &= (tcflag_t)~ONLCR;
#ifdef TABDLY
	m.c_oflag &= (tcflag_t)~TABDLY;
#endif
	m.c_cc[VMIN] = 1;
	m.c_cc[VTIME] = 0;
	(void)tcsetattr(t.tty, TCSADRAIN, &m);
}

static void
tty_shell_mode(void)
{
	if (t.tty >= 0)
		(void)tcsetattr(t.tty, TCSADRAIN, &t.saved);
}

/* The terminal's modes and size are the tty's; curses, writing to the
 * spool, is told the size. */
static void
tty_open(FILE *out, FILE *in)
{
	t.tty = -1;
	if (isatty(fileno(out)))
		t.tty = fileno(out);
	else if (isatty(fileno(in)))
		t.tty = fileno(in);
	if (t.tty >= 0 && tcgetattr(t.tty, &t.saved) < 0)
		t.tty = -1;
}

/* Curses' idea of the size, from the terminal's. */
static void
size_update(void)
{
	int ncols = COLS, nlines = LINES;

	if (t.tty < 0)
		return;
	size_of(t.tty, &ncols, &nlines);
	if (ncols != COLS || nlines != LINES)
		resize_term(nlines, ncols);
	clearok(curscr, TRUE);
}

static int motion_wanted;

void
term_report_motion(int on)
{
	motion_wanted = on;
}

/* What turns the mouse reports on: clicks and the wheel, and the
 * pointer's motion where it is wanted. */
static const char *
mouse_on(void)
{
	return motion_wanted ? MOUSE_MOTION_ON : MOUSE_ON;
}

/* Mouse reports only where terminfo says the terminal sends them in
 * the xterm way; curses is kept from decoding them, as a report it did
 * not ask for would stop its read until the next key. */
static void
mouse_open(void)
{
	const char *kmous = tigetstr("kmous");

	t.mouse = kmous && kmous != (char *)-1 && kmous[0] == '\033' &&
	    kmous[1] == '[';
	keyok(KEY_MOUSE, FALSE);
	spool_send();
	if (t.mouse)
		send_bytes(mouse_on(), strlen(mouse_on()));
}

/*
 * Curses keeps the eighth bit of input only in meta mode, which it
 * decides from the modes it reads, here none. Turning it on also sends
 * the terminal's own meta mode (xterm's 1034), which the terminal was not
 * in and would stay in afterwards: those bytes are dropped, not sent.
 */
static void
eight_bit_input(void)
{
	spool_send();
	meta(stdscr, TRUE);
	if (t.spool) {
		fflush(t.spool);
		if (ftruncate(fileno(t.spool), 0) < 0)
			t.gone = 1;
		rewind(t.spool);
	}
}

/*
 * The arrow keys in the terminal's normal cursor mode too, not only in
 * the keypad mode curses asks for: after Ctrl-Z and fg while paused, the
 * read that was waiting resumes before curses asks again, and the first
 * arrow would arrive as a sequence it did not know.
 */
static void
arrows_either_mode(void)
{
	static const struct { const char *seq; int key; } arrows[] = {
		{ "\033[A", KEY_UP }, { "\033[B", KEY_DOWN },
		{ "\033[C", KEY_RIGHT }, { "\033[D", KEY_LEFT }
	};
	size_t k;

	for (k = 0; k < sizeof arrows / sizeof arrows[0]; k++)
		if (key_defined(arrows[k].seq) == 0)
			define_key(arrows[k].seq, arrows[k].key);
}

/* A COLUMNS or LINES of the environment, kept within 1 and
 * TERM_SIZE_MAX; fallback when unset or not a number. */
static int
env_size(const char *name, int fallback)
{
	const char *v = getenv(name);
	char *end;
	long n;

	if (!v || !*v)
		return fallback;
	errno = 0;
	n = strtol(v, &end, 10);
	if (*end || errno || n < 1)
		return fallback;
	return n > TERM_SIZE_MAX ? TERM_SIZE_MAX : (int)n;
}

/*
 * Curses sizes its first screen from LINES and COLUMNS, or terminfo, as
 * it cannot ask the spool it draws into: COLUMNS=6000 LINES=6000 in an
 * 80x24 terminal would make it take gigabytes before the first frame.
 * It is told the terminal's own size instead, or, where the terminal
 * cannot say, what the environment says, clamped.
 */
static void
size_for_curses(void)
{
	int ncols = env_size("COLUMNS", 80), nlines = env_size("LINES", 24);
	char buf[16];

	if (t.tty >= 0)
		size_of(t.tty, &ncols, &nlines);
	snprintf(buf, sizeof buf, "%d", ncols);
	setenv("COLUMNS", buf, 1);
	snprintf(buf, sizeof buf, "%d", nlines);
	setenv("LINES", buf, 1);
}

int
term_open(const char *type, FILE *out, FILE *in, int want_color,
    int *colors)
{
	*colors = 0;
	t.out = fileno(out);
	t.in = fileno(in);
	t.gone = 0;
	t.dry_reads = 0;
	t.npending = 0;
	tty_open(out, in);
	if (!getenv("ESCDELAY"))
		set_escdelay(ESCAPE_DELAY_MS);
	/* Before curses starts, which takes these signals only when
	 * nobody has. */
	if (t.tty >= 0) {
		catch_unless_ignored(SIGWINCH, on_resize);
		catch_unless_ignored(SIGTSTP, on_stop);
	}
	size_for_curses();
	/* Without a spool, curses writes straight to the terminal and
	 * nothing is tapped. */
	t.spool = tmpfile();
	t.screen = newterm(type, t.spool ? t.spool : out, in);
	if (!t.screen) {
		if (t.spool)
			fclose(t.spool);
		t.spool = NULL;
		return -1;
	}
	set_term(t.screen);
	tty_program_mode();
	size_update();
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	typeahead(-1);  /* a frame is sent whole; keys wait for it */
	eight_bit_input();
	arrows_either_mode();
	leaveok(stdscr, TRUE);
	curs_set(0);
	mouse_open();
	pace_open();
	/* Colour only on the user's own background: without default
	 * colours a black one would cover it, so go without instead. A
	 * terminal of direct colour takes RGB values, not palette numbers. */
	if (want_color && has_colors() && start_color() == OK &&
	    COLORS >= 8 && use_default_colors() == OK)
		*colors = COLORS > 256 || tigetflag("RGB") > 0 ?
		    TERM_DIRECT_COLOR : COLORS >= 256 ? 256 : 8;
	t.alternate = has_cap("smcup");
	restore_prepare();
	armed = t.tty >= 0;
	return 0;
}

/*
 * The screen as it was: curses' own restore, and where there is no
 * alternate screen to leave, which would take the flock with it, the
 * screen cleared, so no frame stays behind under the shell's prompt.
 */
static void
leave_screen(void)
{
	spool_send();
	if (t.mouse)
		send_bytes(MOUSE_OFF, strlen(MOUSE_OFF));
	endwin();
	spool_send();
	if (!t.alternate && t.tty >= 0) {
		char clear[64];

		send_bytes(clear, cap_bytes("clear", clear, sizeof clear));
	}
}

static void pace_settle(void);

void
term_close(void)
{
	if (!t.screen)
		return;
	armed = 0;
	pace_settle();
	leave_screen();
	tty_shell_mode();
	delscreen(t.screen);
	t.screen = NULL;
	if (t.spool)
		fclose(t.spool);
	t.spool = NULL;
	if (t.tty >= 0) {
		signal(SIGWINCH, SIG_DFL);
		signal(SIGTSTP, SIG_DFL);
	}
}

void
term_size(int *ncols, int *nlines)
{
	*ncols = COLS;
	*nlines = LINES;
}

/*
 * Ctrl-Z: the terminal as it was, then stop; on fg, the modes again and
 * the size, which may have changed meanwhile, and a whole new screen.
 */
static void
suspend(void)
{
	sigset_t set;

	armed = 0;
	pace_settle();
	leave_screen();
	tty_shell_mode();
	signal(SIGTSTP, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGTSTP);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	kill(getpid(), SIGTSTP);
	catch_unless_ignored(SIGTSTP, on_stop);
	tty_program_mode();
	size_update();
	t.mouse_again = t.mouse;
	armed = t.tty >= 0;
}

/* A signal's news, if any: to stop, to suspend, a new size. */
static enum term_event
signal_news(void)
{
	if (wake[0] >= 0) {
		char drain[64];

		while (read(wake[0], drain, sizeof drain) > 0)
			;
	}
	if (caught)
		return TERM_SIGNAL;
	if (stopped) {
		stopped = 0;
		resized = 0;
		suspend();
		return TERM_RESIZE;
	}
	if (resized) {
		resized = 0;
		size_update();
		return TERM_RESIZE;
	}
	return TERM_NOTHING;
}

/*
 * Wait up to timeout_ms (-1: for ever) for input or a signal: 1 when
 * input is there, 0 when the time ran out or a signal came, -1 when the
 * terminal hung up.
 */
static int
wait_input(int timeout_ms)
{
	struct pollfd p[2];
	int n;

	p[0].fd = t.in;
	p[0].events = POLLIN;
	p[1].fd = wake[0];
	p[1].events = POLLIN;
	p[0].revents = p[1].revents = 0;
	n = poll(p, wake[0] >= 0 ? 2 : 1, timeout_ms);
	if (n < 0)
		return errno == EINTR ? 0 : -1;
	if (p[0].revents & POLLIN)
		return 1;
	if (p[0].revents & (POLLHUP | POLLERR | POLLNVAL))
		return -1;
	return 0;
}

/* The next byte or key: one kept from a sequence that was none, else
 * what curses has, without waiting. */
static int
next_key(void)
{
	if (t.npending > 0) {
		int key = t.pending[0];

		t.npending--;
		memmove(t.pending, t.pending + 1,
		    t.npending * sizeof t.pending[0]);
		return key;
	}
	wtimeout(stdscr, 0);
	return wgetch(stdscr);
}

/*
 * After an Esc: read what follows until the decoder calls it whole, or
 * the rest of a begun sequence is too long in coming (then it is
 * dropped). Bytes that turn out to be keys are kept for the next reads.
 */
static enum term_event
read_sequence(struct input_event *ev)
{
	int b[ESCAPE_MAX];
	size_t n = 0, used = 0;
	long long until = now_ms() + SEQUENCE_WAIT_MS;
	enum escape_kind kind;

	for (;;) {
		int key = next_key();

		if (key != ERR) {
			b[n++] = key;
		} else if (n > 0) {
			long long left = until - now_ms();

			if (left > 0 && wait_input((int)left) > 0)
				continue;
		}
		kind = escape_decode(b, n, &used, ev);
		if (kind != ESCAPE_PARTIAL || key == ERR || n >= ESCAPE_MAX)
			break;
	}
	if (kind == ESCAPE_PARTIAL)
		used = n;  /* broken off: drop it */
	/* What the sequence did not take is keys, before any later. */
	memmove(t.pending + (n - used), t.pending,
	    t.npending * sizeof t.pending[0]);
	memcpy(t.pending, b + used, (n - used) * sizeof b[0]);
	t.npending += n - used;
	switch (kind) {
	case ESCAPE_KEY:
		ev->key = 27;
		ev->col = ev->row = 0;
		return TERM_KEY;
	case ESCAPE_ALT:
		return TERM_NOTHING;  /* the key is pending, read next */
	case ESCAPE_MOUSE:
		return TERM_KEY;
	case ESCAPE_REPLY:
		pace_answer();
		return TERM_ANSWER;
	case ESCAPE_BACKGROUND:
		if (escape_background(b, used, bg.rgb) == 0)
			bg.answer = THEME_ANSWERED;
		return TERM_ANSWER;
	default:
		return TERM_NOTHING;
	}
}

/* A key curses returned: an event, or nothing to report. */
static enum term_event
take_key(int key, struct input_event *ev)
{
	switch (key) {
	case KEY_RESIZE:
		size_update();
		return TERM_RESIZE;
	case KEY_MOUSE:
		return TERM_NOTHING;
	case 27:
		return read_sequence(ev);
	default:
		ev->key = key;
		ev->col = ev->row = 0;
		return TERM_KEY;
	}
}

/*
 * Answers still to come would reach the terminal after the shell has it
 * back, which echoes them: take them in first, for as long as one can
 * take in coming, dropping what else arrives with them; less when a
 * signal ends the program. A terminal that has not answered yet is
 * waited for as long as the first answer is, a second from the start
 * (its background colour and first status query were asked at once),
 * and no longer: it may never answer.
 */
static int
pace_awaited(void)
{
	if (pace.state == PACE_UNKNOWN)
		return now_ms() < pace.opened + PACE_FIRST_MS;
	return pace.state == PACE_ANSWERING && pace.count > 0;
}

static void
pace_settle(void)
{
	long long until = now_ms() + (caught ? PACE_SETTLE_MS / 4 :
	    PACE_SETTLE_MS);
	struct input_event ev;

	if (pace.state == PACE_UNKNOWN && !caught)
		until = pace.opened + PACE_FIRST_MS;
	while (pace_awaited() && !t.gone) {
		long long left = until - now_ms();
		int key = next_key();

		if (key != ERR) {
			(void)take_key(key, &ev);
			continue;
		}
		if (left <= 0 || wait_input((int)left) <= 0)
			break;
	}
}

enum term_event
term_read(int timeout_ms, struct input_event *ev)
{
	long long until = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;

	spool_send();
	for (;;) {
		enum term_event e = signal_news();
		int key, left, ready;

		if (e != TERM_NOTHING)
			return e;
		if (t.gone)
			return TERM_GONE;
		key = next_key();
		if (key != ERR) {
			t.dry_reads = 0;
			e = take_key(key, ev);
			if (e != TERM_NOTHING)
				return e;
			continue;
		}
		left = until < 0 ? -1 : (int)(until - now_ms());
		if (until >= 0 && left < 0)
			left = 0;
		ready = wait_input(left);
		if (ready < 0 || (ready > 0 && ++t.dry_reads > GONE_AFTER))
			return TERM_GONE;
		if (ready == 0 && left == 0)
			return TERM_NOTHING;
		if (ready == 0 && until >= 0 && now_ms() >= until)
			return TERM_NOTHING;
	}
}

/*
 * The frame, and after it the query that says when it has arrived;
 * with nothing in flight, a bare query first, whose answer measures the
 * link's latency alone.
 */
void
term_flush(void)
{
	unsigned long long before;

	pace_tick();
	if (pace.state == PACE_ANSWERING && pace.count == 0)
		pace_ask(PACE_BARE);
	spool_send();
	before = pace.bytes;
	doupdate();
	spool_send();
	if (t.mouse_again)
		send_bytes(mouse_on(), strlen(mouse_on()));
	t.mouse_again = 0;
	pace.frame_bytes = pace.bytes - before;
	if (pace.state == PACE_ANSWERING || pace.state == PACE_UNKNOWN)
		pace_ask(PACE_FRAME);
	else
		pace.shown++;
}

void
term_repaint(void)
{
	clearok(curscr, TRUE);
}
