/*
 * term.c: the terminal's life: checked, opened, read, restored.
 *
 * Curses is started here and nowhere else, and only after the checks that
 * would otherwise leave a half-drawn screen: both standard streams are a
 * terminal, TERM names a known type, and that type can move the cursor.
 * The screen runs in cbreak mode, so Ctrl-C and Ctrl-Z still send their
 * signals: ours set a flag that the read returns promptly (no handler
 * restarts the read), and Ctrl-Z is left to curses, which restores the
 * terminal on the way out and repaints on the way back.
 *
 * A terminal can also vanish, as when an SSH connection drops: reads then
 * fail at once, again and again. A read that ends early with nothing is
 * therefore checked, and the terminal declared gone rather than spun on.
 */
#include <curses.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "options.h"
#include "term.h"

/* Last: its capability macros (lines, columns, ...) would rename ours. */
#include <term.h>

/* How long an Esc waits for the rest of an arrow key's sequence. */
#define ESCAPE_DELAY_MS 25

/* Early empty reads in a row that mean the terminal is gone even when
 * poll() does not say so. */
#define GONE_AFTER 20

static SCREEN *screen;
static volatile sig_atomic_t caught;
static int empty_reads;

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

void
term_size_early(int *ncols, int *nlines)
{
	struct winsize ws;

	*ncols = 80;
	*nlines = 24;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 &&
	    ws.ws_row > 0) {
		*ncols = ws.ws_col;
		*nlines = ws.ws_row;
	}
}

static void
on_signal(int sig)
{
	caught = sig;
}

void
term_catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t k;

	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;  /* no SA_RESTART: a waiting read must return */
	for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
		if (sigaction(sigs[k], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[k], &sa, NULL);
	}
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

int
term_open(const char *type, FILE *out, FILE *in, int want_color,
    int *colors)
{
	*colors = 0;
	if (!getenv("ESCDELAY"))
		set_escdelay(ESCAPE_DELAY_MS);
	screen = newterm(type, out, in);
	if (!screen)
		return -1;
	set_term(screen);
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	arrows_either_mode();
	leaveok(stdscr, TRUE);
	curs_set(0);
	mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
	mouseinterval(0);  /* a press is a click: no wait to tell them apart */
	/* Colour only on the user's own background: without default
	 * colours a black one would cover it, so go without instead. */
	if (want_color && has_colors() && start_color() == OK &&
	    COLORS >= 8 && use_default_colors() == OK)
		*colors = COLORS >= 256 ? 256 : 8;
	empty_reads = 0;
	return 0;
}

void
term_close(void)
{
	if (!screen)
		return;
	endwin();
	delscreen(screen);
	screen = NULL;
}

void
term_size(int *ncols, int *nlines)
{
	*ncols = COLS;
	*nlines = LINES;
}

static long
elapsed_ms(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (long)(t1.tv_sec - t0->tv_sec) * 1000L +
	    (t1.tv_nsec - t0->tv_nsec) / 1000000L;
}

/* Whether the input has hung up: poll reports it without reading. */
static int
input_hung_up(void)
{
	struct pollfd p;

	p.fd = STDIN_FILENO;
	p.events = POLLIN;
	p.revents = 0;
	if (poll(&p, 1, 0) < 0)
		return 0;
	return (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/*
 * A read that returned nothing. After its full timeout that is just the
 * time to step; before it, with no signal to explain it, the terminal may
 * be gone: poll says so when the line hung up, and a long run of such
 * reads says so when it did not.
 */
static enum term_event
read_empty(int timeout_ms, long waited)
{
	if (timeout_ms >= 0 && waited >= timeout_ms / 2) {
		empty_reads = 0;
		return TERM_NOTHING;
	}
	if (input_hung_up() || ++empty_reads >= GONE_AFTER)
		return TERM_GONE;
	return TERM_NOTHING;
}

static enum term_event
read_click(struct input_event *ev)
{
	MEVENT m;

	if (getmouse(&m) != OK ||
	    !(m.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return TERM_NOTHING;
	ev->key = INPUT_CLICK;
	ev->col = m.x;
	ev->row = m.y;
	return TERM_KEY;
}

/*
 * An Esc with more bytes right behind it is a sequence curses did not
 * know (a function key without a name, a mouse report in another
 * encoding): swallow it, rather than quit on its first byte.
 */
static int
unknown_sequence(void)
{
	int n = 0;

	wtimeout(stdscr, 0);
	while (wgetch(stdscr) != ERR)
		n++;
	return n > 0;
}

enum term_event
term_read(int timeout_ms, struct input_event *ev)
{
	struct timespec t0;
	int key;

	if (caught)
		return TERM_SIGNAL;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	wtimeout(stdscr, timeout_ms);
	key = wgetch(stdscr);
	if (caught)
		return TERM_SIGNAL;
	switch (key) {
	case ERR:
		return read_empty(timeout_ms, elapsed_ms(&t0));
	case KEY_RESIZE:
		empty_reads = 0;
		return TERM_RESIZE;
	case KEY_MOUSE:
		empty_reads = 0;
		return read_click(ev);
	default:
		empty_reads = 0;
		if (key == 27 && unknown_sequence())
			return TERM_NOTHING;
		ev->key = key;
		ev->col = ev->row = 0;
		return TERM_KEY;
	}
}

void
term_flush(void)
{
	doupdate();
}

void
term_repaint(void)
{
	clearok(curscr, TRUE);
}
