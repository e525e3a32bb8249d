/*
 * term.c: the terminal's life: checked, opened, read, restored.
 *
 * Curses is started here and nowhere else, and only after the checks that
 * would otherwise leave a half-drawn screen: both standard streams are a
 * terminal, TERM names a known type, and that type can move the cursor.
 * This is the façade the loop talks to; the work is done in rooms below
 * it: the signals (signals.c), the bytes on their way out (output.c,
 * with curses' attribute changes made as short as they can be and its
 * colours said as RGB where the terminal takes them, rendition.c), the
 * pacing of frames by the terminal's answers (pace.c), the keys on
 * their way in (keys.c, with escape.c sorting what follows an Esc) and
 * the device's modes and size (tty.c), the type's strings as bytes
 * (terminfo.c). What one room needs of another passes through here (the
 * signals' wake descriptor to the keys' wait, the bytes sent to the
 * pacing), but for one thing a handler sets at any moment: once a
 * signal asks the program to end, the output bounds its waits (output.c
 * asks signals.c).
 *
 * Curses writes into the output's spool (unless none could be made),
 * never to the terminal itself, so it sees no terminal: the modes it
 * would set (cbreak and no echo, no newline or tab translation on
 * output) are set through tty.c, and given back at the end and on
 * Ctrl-Z; its size is told it at the start and on SIGWINCH from the
 * device's; and the bytes that restore the screen after a fault are
 * made here, from terminfo, and handed to the signals.
 *
 * Ctrl-C and Ctrl-Z still send their signals. Each signal that would end
 * the process only sets a flag and wakes the read; the caller restores
 * the terminal and dies of the signal. Ctrl-Z is taken the same way: the
 * read puts the terminal back as it was, stops, and on fg sets it up
 * again and reports a resize, so the whole screen is drawn anew. Before
 * the shell gets the terminal back, the answers still on their way to
 * the pacing's queries are taken in, so that the shell does not echo
 * them.
 *
 * Where the caller wants it, the terminal is asked its background
 * colour (OSC 11) just before the pacing's first query, and before that
 * whether it has synchronized output (DECRQM for mode 2026: a frame is
 * then sent between the mode set and reset, so that the terminal shows
 * it whole); for a caller drawing Unicode, an arrow, a character of
 * ambiguous width, is drawn just before that first query, which asks
 * where the cursor is, so that its answer tells how wide the terminal
 * draws one. It answers in order, so once that query is answered, or
 * the terminal is found silent, the answers have come or never will,
 * and nobody waits for them longer than for the first frame's answer.
 * The answers, read as keys are (keys.c), are kept here; one that comes
 * later still counts. At exit, a terminal that has not answered yet is
 * waited for until its first answer is no longer due, so that all its
 * answers are taken in; those about pixels too (pictures.c).
 */
#include <curses.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "answers.h"
#include "escape.h"
#include "keys.h"
#include "lib/clock.h"
#include "lib/memory.h"
#include "lib/say.h"
#include "output.h"
#include "pace.h"
#include "pictures.h"
#include "rendition.h"
#include "signals.h"
#include "term.h"
#include "terminfo.h"
#include "tty.h"

/* Last: its capability macros (lines, columns, ...) would rename ours. */
#include <term.h>

/* How long an Esc waits for the rest of an arrow key's sequence. */
#define ESCAPE_DELAY_MS 25

/* Memory curses may take to read a terminal's description, and more. */
#define CURSES_ROOM ((size_t)256 * 1024)

/* Mouse reports: button presses and releases (1000), in the SGR form
 * where the terminal has it (1006), since X10 cannot say a column past
 * 223. Terminals without the SGR form ignore it and send X10. */
#define MOUSE_ON "\033[?1000h\033[?1006h"
#define MOUSE_MOTION_ON "\033[?1000h\033[?1003h\033[?1006h"
#define MOUSE_OFF "\033[?1006l\033[?1003l\033[?1000l"

static struct {
	SCREEN *screen;
	int out;                  /* the terminal's descriptor */
	int tty;                  /* the one whose modes are set, or -1 */
	struct termios saved;     /* its modes before */
	int mouse;                /* mouse reports were asked for */
	int alternate;            /* the terminal has an alternate screen */
	int mouse_again;          /* ask again after the next frame */
	char restore[SIGNALS_RESTORE_MAX]; /* what a fault sends */
	size_t nrestore;
} t = { NULL, -1, -1, { 0 }, 0, 0, 0, { 0 }, 0 };

static struct pace pace;
static unsigned long frames_sent;  /* term_flush()es since term_open() */

/* Curses writes into the spool with write(2) and, when that fails,
 * drops the bytes without a word: errno alone tells, so it is cleared
 * before each call that may write and read after it. */
#define SPOOLED(call) do { \
	errno = 0; \
	(void)(call); \
	output_spool_lost(errno); \
} while (0)

/* One line on err, naming the terminal type when there is one. */
static int
complain(FILE *err, const char *what, const char *type)
{
	if (type)
		say(err, "terminal type '%s': %s", say_name(type), what);
	else
		say(err, "%s", what);
	return -1;
}

#define NO_CURSOR "cannot move the cursor, which a flock needs"

/* Why setupterm refused a type, from its status: a type it found but
 * that prints on paper (1), one it did not find (0), or no database. */
static const char *
setup_failure(int status)
{
	if (status == 1)
		return "a printing terminal: it " NO_CURSOR;
	if (status == 0)
		return "unknown (set TERM to a type in the terminfo database)";
	return "no terminfo database found";
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
	/* Curses crashes where an allocation of its fails as it reads the
	 * terminal's description: room for it first. */
	if (!memory_headroom(CURSES_ROOM)) {
		say_no_memory(err);
		return TERM_NO_MEMORY;
	}
	if (setupterm(type, STDOUT_FILENO, &status) != OK)
		return complain(err, setup_failure(status), type);
	cup = tigetstr("cup");
	del_curterm(cur_term);
	if (!cup || cup == (char *)-1)
		return complain(err, NO_CURSOR, type);
	return 0;
}

void
term_size_early(int *ncols, int *nlines)
{
	*ncols = 80;
	*nlines = 24;
	(void)tty_size(STDOUT_FILENO, ncols, nlines);
}

/* Append a terminfo string to the restoring bytes, if it has one. */
static void
restore_add(const char *cap)
{
	t.nrestore += terminfo_bytes(cap, t.restore + t.nrestore,
	    sizeof t.restore - t.nrestore);
}

/* What a fault's handler sends: pictures cleared, attributes off,
 * synchronized output ended (for a fault mid-frame; a terminal without
 * it ignores that), mouse reports off, cursor, keypad and screen back. */
static void
restore_prepare(void)
{
	t.nrestore = 0;
	restore_add(pictures_clear_bytes());
	restore_add("sgr0");
	restore_add(ESCAPE_SYNC_END);
	if (t.mouse)
		restore_add(MOUSE_OFF);
	restore_add("cnorm");
	restore_add("rmkx");
	if (t.alternate)
		restore_add("rmcup");
	else
		restore_add("clear");
}

/* A fault from now on restores the screen, where there is a terminal. */
static void
arm_fault(void)
{
	signals_arm(t.out, t.tty, &t.saved, t.restore, t.nrestore);
}

size_t
term_restore_bytes(const char **bytes)
{
	*bytes = t.restore;
	return t.nrestore;
}

void
term_after_fault(void (*fn)(void *), void *arg)
{
	signals_after_fault(fn, arg);
}

int
term_catch_signals(void)
{
	return signals_catch();
}

int
term_signal(void)
{
	return signals_caught();
}

void
term_die_by(int sig)
{
	signals_die_by(sig);
}

void
term_set_tap(output_tap_fn *fn, void *arg)
{
	output_set_tap(fn, arg);
}

/* Ask the terminal to answer once all before has arrived. The question
 * is for this terminal alone: a tap does not see it, so that a cast
 * played elsewhere does not make that terminal answer. */
static void
ask(enum pace_query after)
{
	if (!pace_may_ask(&pace))
		return;
	output_write(ESCAPE_QUERY, strlen(ESCAPE_QUERY));
	pace_asked(&pace, after, output_sent(), clock_now());
}

/* The first query, which the first questions go with (answers.c). */
static void
ask_first(void)
{
	ask(PACE_BARE);
}

void
term_ask_width(int on)
{
	answers_want_width(on);
}

enum caps_answer
term_width(int *wide)
{
	return answers_width(wide, pace_first_due(&pace, clock_now()));
}

void
term_ask_background(int on)
{
	answers_want_background(on);
}

enum caps_answer
term_graphics(struct graphics_answers *a)
{
	return pictures_answered(a, pace_first_due(&pace, clock_now()));
}

int
term_cell_pixels(int *cell_w, int *cell_h)
{
	return pictures_cell(t.tty, COLS, LINES, cell_w, cell_h);
}

void
term_pictures_shown(void)
{
	if (!t.screen || !pictures_shown())
		return;
	restore_prepare();
	arm_fault();
}

double
term_link_rate(void)
{
	return pace.rate;
}

enum caps_answer
term_background(unsigned rgb[3])
{
	return answers_background(rgb, pace_first_due(&pace, clock_now()));
}

/* Time alone may ask a silent terminal again. */
static void
tick_pace(void)
{
	if (pace_tick(&pace, clock_now()))
		ask(PACE_BARE);
}

int
term_ready(void)
{
	tick_pace();
	return pace_ready(&pace, output_sent());
}

int
term_ready_in(void)
{
	return pace_ready_in(&pace, clock_now());
}

int
term_ready_line(void)
{
	tick_pace();
	return pace_ready_line(&pace);
}

void
term_flush_line(void)
{
	output_spool_send();
	SPOOLED(doupdate());
	output_spool_send();
	if (pace_line(&pace))
		ask(PACE_LINE);
}

unsigned long
term_frames_shown(void)
{
	return pace_shown(&pace);
}

unsigned long
term_frames_settled(void)
{
	return frames_sent - (unsigned long)pace.frames;
}

/* Curses' idea of the size, from the terminal's. */
static void
size_update(void)
{
	int ncols, nlines;

	if (t.tty < 0)
		return;
	if (tty_size(t.tty, &ncols, &nlines) < 0) {
		ncols = COLS;
		nlines = LINES;
	}
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
	output_spool_send();
	if (t.mouse)
		output_send(mouse_on(), strlen(mouse_on()));
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
	output_spool_send();
	SPOOLED(meta(stdscr, TRUE));
	output_spool_drop();
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
term_direct_color(long rgb)
{
	return rendition_color(rgb);
}

/* Whether the process cannot open one more descriptor: curses, failing
 * to read terminfo for want of one, does not say so itself. */
static int
no_descriptor_left(void)
{
	int fd = dup(STDERR_FILENO);

	if (fd < 0)
		return term_out_of_descriptors(errno);
	close(fd);
	return 0;
}

int
term_out_of_descriptors(int err)
{
	return err == EMFILE || err == ENFILE;
}

int
term_open(const char *type, FILE *out, FILE *in, int want_color,
    int *colors)
{
	FILE *spool;
	int paced;

	*colors = 0;
	t.out = fileno(out);
	t.tty = tty_of(fileno(out), fileno(in), &t.saved);
	output_open(t.out, t.tty);
	keys_open(fileno(in), signals_wake_fd());
	if (!getenv("ESCDELAY"))
		set_escdelay(ESCAPE_DELAY_MS);
	/* Before curses starts, which takes these signals only when
	 * nobody has. */
	if (t.tty >= 0)
		signals_watch_terminal(t.tty);
	/* Curses starts at the terminal's size, whatever the environment
	 * says (tty.h). */
	tty_size_for_curses(t.tty);
	/* Without a spool, curses writes straight to the terminal and
	 * nothing is tapped; but a spool refused for want of descriptors
	 * leaves none for curses to read terminfo with either. */
	spool = output_spool_open();
	if (!spool && term_out_of_descriptors(errno))
		return -1;
	if (!memory_headroom(CURSES_ROOM)) {
		output_spool_close();
		errno = ENOMEM;
		return -1;
	}
	errno = 0;
	t.screen = newterm(type, spool ? spool : out, in);
	if (!t.screen) {
		int err = no_descriptor_left() ? EMFILE : errno;

		output_spool_close();
		errno = err;
		return -1;
	}
	set_term(t.screen);
	rendition_open();
	tty_program_mode(t.tty, &t.saved);
	size_update();
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	typeahead(-1);  /* a frame is sent whole; keys wait for it */
	eight_bit_input();
	arrows_either_mode();
	keys_forget_answers();
	leaveok(stdscr, TRUE);
	curs_set(0);
	mouse_open();
	answers_reset();
	frames_sent = 0;
	/* No arrow where curses' set-up was lost: no frame may come to
	 * clear it. */
	paced = pace_start(&pace, t.tty >= 0, clock_now());
	pictures_open(paced);
	if (paced)
		answers_ask(!output_spool_error(), ask_first);
	/* Colour only on the user's own background: without default
	 * colours a black one would cover it, so go without instead. A
	 * terminal of direct colour takes RGB values, not palette numbers:
	 * where its terminfo says so, or where COLORTERM does. */
	if (want_color && has_colors() && start_color() == OK &&
	    COLORS >= 8 && use_default_colors() == OK)
		*colors = COLORS > 256 || tigetflag("RGB") > 0 ?
		    CAPS_DIRECT_COLOR : COLORS >= 256 ? 256 : 8;
	if (*colors == 256 && rendition_direct())
		*colors = CAPS_DIRECT_COLOR;
	t.alternate = terminfo_has("smcup");
	restore_prepare();
	arm_fault();
	return 0;
}

/*
 * The screen as it was: curses' own restore, and where there is no
 * alternate screen to leave, which would take the flock with it, the
 * screen cleared, so no frame stays behind under the shell's prompt.
 * Curses' restore goes through the spool; a spool that has lost bytes
 * may lose those too, and the restore a fault would send goes straight
 * to the terminal instead.
 */
static void
leave_screen(void)
{
	output_spool_send();
	pictures_clear();
	if (t.mouse)
		output_send(MOUSE_OFF, strlen(MOUSE_OFF));
	SPOOLED(endwin());
	if (output_spool_error()) {
		output_spool_drop();
		output_send(t.restore, t.nrestore);
		return;
	}
	output_spool_send();
	if (!t.alternate && t.tty >= 0) {
		char clear[64];

		output_send(clear, terminfo_bytes("clear", clear, sizeof clear));
	}
}

/* A resize that curses or a signal reported: curses' size from the
 * terminal's, and the whole screen drawn anew. */
static enum term_event
resized(void)
{
	size_update();
	return TERM_RESIZE;
}

/* What was read, as an event; TERM_NOTHING for what is of no interest. */
static enum term_event
take(enum keys_read what)
{
	switch (what) {
	case KEYS_KEY:
		return TERM_KEY;
	case KEYS_RESIZE:
		return resized();
	case KEYS_ANSWER:
		answers_take(what);
		pace_answer(&pace, output_sent(), clock_now());
		return TERM_ANSWER;
	case KEYS_BACKGROUND:
	case KEYS_MODE:
	case KEYS_GRAPHICS:
		answers_take(what);
		return TERM_ANSWER;
	default:
		return TERM_NOTHING;
	}
}

/*
 * Answers still to come would reach the terminal after the shell has it
 * back, which echoes them: take them in first, for as long as one can
 * take in coming, dropping what else arrives with them; less when a
 * signal ends the program. A terminal that has not answered yet is
 * waited for as long as its first answer is due, a second from the start
 * (its background colour and first pacing query were asked at once),
 * and no longer: it may never answer.
 */
static void
settle(void)
{
	long long until = clock_now_ms() + pace_settle_in(&pace, clock_now(),
	    signals_caught() != 0);
	struct event ev;

	while (pace_waiting(&pace, clock_now()) && !output_gone()) {
		long long left = until - clock_now_ms();
		enum keys_read what = keys_next(&ev);

		if (what != KEYS_NONE) {
			(void)take(what);
			continue;
		}
		if (left <= 0 || keys_wait((int)left) <= 0)
			break;
	}
}

void
term_close(void)
{
	if (!t.screen)
		return;
	signals_disarm();
	settle();
	leave_screen();
	tty_shell_mode(t.tty, &t.saved);
	delscreen(t.screen);
	t.screen = NULL;
	rendition_close();
	output_spool_close();
	if (t.tty >= 0)
		signals_leave_terminal();
}

void
term_size(int *ncols, int *nlines)
{
	*ncols = COLS;
	*nlines = LINES;
}

/*
 * Ctrl-Z, or SIGTTIN or SIGTTOU sent to the program in the foreground:
 * the terminal as it was, then stop by that signal; on fg, the modes
 * again and the size, which may have changed meanwhile, and a whole new
 * screen.
 */
static void
suspend(int sig)
{
	signals_disarm();
	settle();
	leave_screen();
	tty_shell_mode(t.tty, &t.saved);
	signals_stop_now(sig);
	rendition_forget();  /* the shell had the terminal meanwhile */
	tty_program_mode(t.tty, &t.saved);
	size_update();
	t.mouse_again = t.mouse;
	arm_fault();
}

/* A signal's news, if any: to stop, to suspend, a new size. */
static enum term_event
signal_news(void)
{
	int sig;

	signals_drain();
	if (signals_caught())
		return TERM_SIGNAL;
	if ((sig = signals_take_stop()) != 0) {
		suspend(sig);
		return TERM_RESIZE;
	}
	if (signals_take_resize())
		return resized();
	return TERM_NOTHING;
}

enum term_event
term_read(int timeout_ms, struct event *ev)
{
	long long until = timeout_ms < 0 ? -1 : clock_now_ms() + timeout_ms;

	output_spool_send();
	for (;;) {
		enum term_event e = signal_news();
		enum keys_read what;
		int left, ready;

		if (e != TERM_NOTHING)
			return e;
		if (output_gone())
			return TERM_GONE;
		what = keys_next(ev);
		if (what != KEYS_NONE) {
			e = take(what);
			if (e != TERM_NOTHING)
				return e;
			continue;
		}
		left = until < 0 ? -1 : (int)(until - clock_now_ms());
		if (until >= 0 && left < 0)
			left = 0;
		ready = keys_wait_counted(left);
		if (ready < 0)
			return TERM_GONE;
		if (ready == 0 && left == 0)
			return TERM_NOTHING;
		if (ready == 0 && until >= 0 && clock_now_ms() >= until)
			return TERM_NOTHING;
	}
}

/*
 * The frame, and after it the query that says when it has arrived;
 * with nothing in flight, a bare query first, whose answer measures the
 * link's latency alone. The output counts the bytes: those of the
 * frame are what the pacing weighs, and with what the spool held
 * before it, what the screen was sent.
 */
unsigned long long
term_flush(void)
{
	unsigned long long start, before, screen;

	tick_pace();
	if (pace_bare_first(&pace))
		ask(PACE_BARE);
	start = output_sent();
	output_spool_send();
	before = output_sent();
	if (answers_sync())
		output_write(ESCAPE_SYNC_BEGIN, strlen(ESCAPE_SYNC_BEGIN));
	pictures_send_before(is_cleared(curscr));
	SPOOLED(doupdate());
	output_spool_send();
	pictures_send_after();
	if (answers_sync())
		output_write(ESCAPE_SYNC_END, strlen(ESCAPE_SYNC_END));
	if (t.mouse_again)
		output_send(mouse_on(), strlen(mouse_on()));
	t.mouse_again = 0;
	screen = output_sent() - start;
	frames_sent++;
	if (pace_frame(&pace, output_sent() - before))
		ask(PACE_FRAME);
	return screen;
}

int
term_failed(const char **what)
{
	*what = "the screen's spool in " P_tmpdir;
	return output_spool_error();
}

void
term_repaint(void)
{
	clearok(curscr, TRUE);
}
