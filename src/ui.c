/*
 * ui.c: the program on a terminal: its loop, and little else.
 *
 * Everything the program does is done below and handed over here: the
 * session (session/) keeps the flight, does what a key means, and keeps
 * the record and the cast; the terminal (term/) reads keys and sends
 * frames; the view (view/) draws them. This file decides when: it is
 * the loop that paces them.
 *
 * The flock keeps its own clock: a step every 1/rate seconds, whatever
 * the frames do, so fewer frames show the same flight, only less often.
 * Each pass of the loop takes in all the input waiting (every key
 * applied, no frame for each), then the steps due, then at most one
 * frame: when something changed, the least gap between frames (-f) has
 * passed, and the link to the terminal can take it. A frame the link
 * cannot take is not queued but dropped: the next one shows the flock as
 * it is by then. Between passes the loop waits in the terminal's read,
 * until a key, the next step, the next frame or the link's news; paused
 * and up to date, it waits for a key alone. A replay's inputs are
 * applied a slice of time at a time, and at the record's end the flight
 * holds still, paused.
 *
 * A signal or a terminal that went away ends the loop, and so does a
 * file of the session's that could not be written; the terminal is
 * restored before the process exits, by the signal if one came, so the
 * shell sees what happened, and then the first failure is said.
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/flock.h"
#include "lib/clock.h"
#include "lib/say.h"
#include "session/report.h"
#include "session/session.h"
#include "session/tuned.h"
#include "show.h"
#include "term/term.h"
#include "ui.h"
#include "view/panel.h"
#include "view/render.h"

/* The most steps one pass takes to catch up, and the most events it
 * takes in before it steps and draws (a held key cannot starve them). */
#define UI_CATCH_UP 4
#define UI_DRAIN_MAX 256
/* A time-lapse the processor cannot keep up with draws no less often
 * than this (nor than --fps asks, when it asks for less): frames come
 * first, and the steps take the time they leave. */
#define UI_LAPSE_GAP (CLOCK_NS_PER_S / 24)
/* The frames whose slots are remembered: more than the terminal may
 * have in flight (PACE_MAX, term/pace.h). */
#define UI_SLOTS 128
/* A screensaver takes no input for this long after it starts. */
#define UI_SAVER_DEAF (CLOCK_NS_PER_S / 2)
/* The longest a replay applies its inputs before the loop looks at keys
 * and signals again. */
#define UI_REPLAY_SLICE (CLOCK_NS_PER_S / 20)

struct ui {
	const struct options *opts;
	struct session s;
	struct render *render;
	int usable;               /* the terminal is large enough to draw */
	long long period;         /* between steps, in ns */
	long long gap;            /* the least between frames, in ns */
	long long next;           /* when the next step is due */
	long long next_frame;     /* the earliest for the next frame */
	int dirty;                /* the screen is behind the flock */
	int news;                 /* a key changed what the status says */
	unsigned long frames;     /* frames drawn */
	long long slot_end[UI_SLOTS]; /* where each frame's slot ended */
	long long fps_since;      /* frames shown, counted each second */
	unsigned long fps_shown;
	unsigned long fps_settled; /* frames settled when counting began */
	long long fps_slots;      /* the end of the last one's slot */
	int fps;
	int fps_known;            /* a whole second has been counted */
	int was_paused;
	int quit, status;
	struct panel *panel;      /* made when first opened */
	int panel_open;           /* as the last frame had it */
	int unicode;
	int narrow;               /* only what is one cell wide anywhere */
	struct session_failure failed; /* said once the terminal is back */
	char speed[16];           /* the flight's speed on the status line */
	long long saver_from;     /* --screensaver: input ends it from then */
	int background;           /* enum theme_background drawn for, or -1 */
	int replay_behind;        /* inputs due are still to be applied */
	struct tuned tuned;       /* the settings to fly again, for `? ?` */
	struct show show;         /* the field in pixels, or cells */
};

/* ---- What went wrong ---- */

/* What could not be written (the screen, a file of the session's) ends
 * the session; the first failure is the one said, once the terminal is
 * restored. */
static void
ui_fail(struct ui *u, const char *what, const char *path, int err)
{
	if (!u->failed.what) {
		u->failed.what = what;
		u->failed.path = path;
		u->failed.err = err;
	}
	u->status = EXIT_TROUBLE;
	u->quit = 1;
}

/* A frame that could not go out whole ends the session. */
static void
ui_check_screen(struct ui *u)
{
	const char *what;
	int err = term_failed(&what);

	if (err)
		ui_fail(u, what, NULL, err);
}

/* A file of the session's that lost a write ends it too. */
static void
ui_check_keep(struct ui *u)
{
	struct session_failure f;

	if (session_keep_failed(&u->s, &f))
		ui_fail(u, f.what, f.path, f.err);
}

/* ---- A frame ---- */

/* The measures panel, when open: its measures when due, and its text.
 * Opened again, it starts a new minute. */
static void
ui_panel(struct ui *u, const struct flock_view *v, struct status *st)
{
	long long now;

	st->panel = NULL;
	st->npanel = 0;
	if (!u->s.panel) {
		u->panel_open = 0;
		return;
	}
	if (!u->panel && !(u->panel = panel_new())) {
		u->s.panel = 0;
		ui_fail(u, "memory", NULL, ENOMEM);
		return;
	}
	now = clock_now();
	if (!u->panel_open)
		panel_clear(u->panel);
	u->panel_open = 1;
	if (panel_due(u->panel, now, u->s.step, u->s.paused))
		panel_measure(u->panel, u->s.flock, u->s.step, now);
	st->npanel = panel_text(u->panel, u->unicode && !u->narrow,
	    st->params->perch,
	    v->npred > 0, u->gap, now, u->s.paused, &st->panel);
	st->panel_width = PANEL_WIDTH;
}

/* What the status line and the overlay show: the session's report,
 * and what the loop knows. */
static void
ui_status(struct ui *u, const struct flock_view *v, struct status *st)
{
	report_status(&u->s, &u->tuned, v, st);
	st->fps = u->fps;
	st->speed = u->speed;
	st->hidden = u->opts->screensaver;
}

/* The theme's colours for the background: the option's, the
 * terminal's answer, or once it will not answer, what COLORFGBG says,
 * else those that read on either; until then the terminal's own
 * foreground. They change when it is told. */
static void
ui_colours(struct ui *u)
{
	unsigned rgb[3] = { 0, 0, 0 };
	enum theme_background bg = theme_background(
	    (enum theme_background)u->opts->background, term_background(rgb),
	    rgb, getenv("COLORFGBG"));

	if ((int)bg == u->background)
		return;
	u->background = (int)bg;
	render_set_theme(u->render, (enum theme_name)u->opts->theme, bg);
	show_theme(&u->show, (enum theme_name)u->opts->theme, bg);
}

/*
 * A frame takes the slot the schedule has for it, and the next slot is
 * a gap later, or a gap from now when the frame is late by more: no
 * frame comes before its slot, so none comes sooner than -f allows.
 */
static void
ui_take_slot(struct ui *u, long long now)
{
	u->next_frame += u->gap;
	u->slot_end[u->frames++ % UI_SLOTS] = u->next_frame;
	if (u->next_frame < now)
		u->next_frame = now + u->gap;
}

/* Characters one cell wide only, while the terminal may draw those of
 * ambiguous width two cells wide, or says it does; the rest of Unicode
 * once it says it does not, or will not say. */
static void
ui_width(struct ui *u)
{
	int wide;
	enum caps_answer a = term_width(&wide);
	int narrow = a == CAPS_ASKING || wide;

	if (narrow == u->narrow)
		return;
	u->narrow = narrow;
	render_set_narrow(u->render, narrow);
}

static void
ui_draw(struct ui *u)
{
	struct flock_view v;
	struct status st;
	unsigned long long sent;

	ui_take_slot(u, clock_now());
	flock_get_view(u->s.flock, &v);
	/* A fitted view keeps fitting a world that a replay resized. */
	if (u->s.camera.fitted)
		camera_fit(&u->s.camera, v.w, v.h, u->s.camera.cols,
		    u->s.camera.rows);
	camera_follow(&u->s.camera, &v);
	ui_status(u, &v, &st);
	ui_width(u);
	ui_panel(u, &v, &st);
	ui_colours(u);
	render_set_field(u->render, show_frame(&u->show, u->render,
	    u->s.glyphs, u->usable, &v, &st, &u->s.pixels));
	render_frame(u->render, &v, &st);
	sent = term_flush();
	ui_check_screen(u);
	if (st.npanel)
		panel_frame(u->panel, (double)sent, u->fps, clock_now());
	ui_check_keep(u);
	u->news = 0;
	/* A picture the screen's clearing took: the next frame draws it. */
	u->dirty = show_owed();
}

/* The status line alone, ahead of the frame a slow link holds back. */
static void
ui_draw_news(struct ui *u)
{
	struct flock_view v;
	struct status st;

	flock_get_view(u->s.flock, &v);
	ui_status(u, &v, &st);
	render_status(u->render, &st);
	term_flush_line();
	ui_check_screen(u);
	ui_check_keep(u);
	u->news = 0;
}

/*
 * The frame rate the terminal shows: frames it has shown, each second;
 * in the first second, those shown so far, once a quarter of a second
 * gives it some footing (till then, none are known to have been). The
 * frames are counted against the second, or against the slots of those
 * the terminal has answered for (or never will) since the count began,
 * whichever is longer: answers delayed on their way bunch up, and a
 * second may hold one more of them than of the frames, but never more
 * frames than slots.
 */
static void
ui_count_frames(struct ui *u, long long now)
{
	long long span = now - u->fps_since, over = span;
	unsigned long shown = term_frames_shown() - u->fps_shown;
	unsigned long settled = term_frames_settled();
	long long slots = settled > 0 ? u->slot_end[(settled - 1) % UI_SLOTS] :
	    u->fps_slots;

	if (span < CLOCK_NS_PER_S / 4 ||
	    (span < CLOCK_NS_PER_S && u->fps_known))
		return;
	if (slots - u->fps_slots > over)
		over = slots - u->fps_slots;
	u->fps = (int)(((long long)shown * CLOCK_NS_PER_S + over / 2) / over);
	if (span < CLOCK_NS_PER_S)
		return;
	u->fps_known = 1;
	u->fps_shown += shown;
	u->fps_since = now;
	u->fps_settled = settled;
	u->fps_slots = slots;
}

/* A frame, when one is owed, its slot has come (at once after a key
 * when the flock was still) and the link can take it; else none, and
 * the next one shows what is new by then. A key's news on the status
 * line goes ahead of it, a few bytes that a slow link shows long
 * before a whole frame. */
static void
ui_frame(struct ui *u)
{
	long long now = clock_now();

	ui_count_frames(u, now);
	if (u->news && term_ready_line())
		ui_draw_news(u);
	if (!u->dirty || now < u->next_frame || !term_ready())
		return;
	ui_draw(u);
}

/* ---- The flight's clock ---- */

/* The recorded inputs due after this step; at the record's end the
 * flight holds still on its last frame, for the user to go on or quit. */
static void
ui_replay(struct ui *u)
{
	long long t0 = clock_now();

	/* A record may hold thousands of inputs after one step, each a new
	 * flock of a million: they are applied a slice of time at a time,
	 * and the loop reads keys and signals between slices (the flock
	 * takes no step till all are in). */
	u->replay_behind = 0;
	while (session_replay_next(&u->s)) {
		if (clock_now() - t0 >= UI_REPLAY_SLICE) {
			u->replay_behind = 1;
			break;
		}
	}
	if (u->s.replaying && !u->replay_behind &&
	    session_replay_over(&u->s)) {
		u->s.replaying = 0;
		u->s.paused = 1;
	}
}

/* The one place the flock steps. */
static void
ui_advance(struct ui *u)
{
	if (u->s.panel && u->panel) {
		long long t0 = clock_now();

		session_step(&u->s);
		panel_step_time(u->panel, clock_now() - t0);
	} else {
		session_step(&u->s);
	}
	lapse_count(&u->s.lapse, 1, clock_now(), u->opts->rate);
	ui_replay(u);
	/* The autopilot only changes the flight and the sky: it asks for
	 * nothing more than the next frame and the status line. */
	if (session_pilot(&u->s) != REACT_NONE)
		u->news = 1;
	u->dirty = 1;
}

/* The camera's scale: world units a column, 1 before it is fitted. */
static double
ui_scale(const struct ui *u)
{
	return u->s.camera.scale > 0.0 ? u->s.camera.scale : 1.0;
}

/* The time between steps for the flight's speed now: the camera may
 * have zoomed, or < and > set another speed. The speed reached goes on
 * the status line. */
static void
ui_pace_flight(struct ui *u)
{
	char was[sizeof u->speed];

	/* Paused, the speed it will fly at shows, not the one it flew. */
	if (u->s.paused)
		u->s.lapse.reached = 0;
	lapse_aim(&u->s.lapse, ui_scale(u), clock_now());
	u->period = lapse_period(&u->s.lapse, u->opts->rate, ui_scale(u));
	u->gap = CLOCK_NS_PER_S / u->opts->fps;
	if (lapse_behind(&u->s.lapse, ui_scale(u)) && u->gap < UI_LAPSE_GAP)
		u->gap = UI_LAPSE_GAP;
	memcpy(was, u->speed, sizeof was);
	lapse_token(&u->s.lapse, ui_scale(u), u->speed, sizeof u->speed);
	if (strcmp(was, u->speed) != 0)
		u->news = u->dirty = 1;
}

/* After a pause the clock restarts: no burst of steps to catch up, and
 * the pause is no slow second for the speed reached. */
static void
ui_resume(struct ui *u)
{
	long long now = clock_now();

	u->next = now + u->period;
	lapse_restart(&u->s.lapse, now);
}

/* The steps due, on the flock's own clock. A machine that cannot keep
 * up takes one step a pass, so keys are read between; one far behind
 * drops the backlog rather than racing to make it up, and steps again
 * as soon as the keys and the frame are seen to: a flight the
 * processor cannot keep up with flies as fast as it can. */
static void
ui_steps(struct ui *u)
{
	long long start = clock_now(), now = start;
	int k;

	ui_pace_flight(u);
	if (u->replay_behind) {
		ui_replay(u);
		u->dirty = 1;
		return;
	}
	if (u->s.paused)
		return;
	for (k = 0; k < UI_CATCH_UP && now >= u->next && !u->s.paused; k++) {
		ui_advance(u);
		u->next += u->period;
		now = clock_now();
		if (now - start >= u->period)
			break;  /* steps as slow as the clock: one a pass */
	}
	if (now >= u->next + u->period)
		u->next = now;
}

/* ---- What the terminal reports ---- */

/*
 * The terminal changed size: the cast learns it before the frame drawn
 * for it, the renderer fits it, and the session's screen and world
 * follow (session_terminal()); a terminal too small to draw in leaves
 * all as it was, for when it grows back.
 */
static void
ui_resize(struct ui *u)
{
	struct session_failure f;
	int cols, lines;

	term_size(&cols, &lines);
	if (session_keep_screen(&u->s, cols, lines, &f) < 0)
		ui_fail(u, f.what, f.path, f.err);
	u->usable = render_resize(u->render, cols, lines) == 0 &&
	    render_usable(cols, lines);
	if (!u->usable && render_usable(cols, lines))
		ui_fail(u, "memory", NULL, ENOMEM);
	show_forget(&u->show);
	session_terminal(&u->s, u->usable ? cols : 0, u->usable ? lines : 0);
	ui_check_keep(u);
}

/* Do what a key's reaction asks; any change shows in the next frame,
 * even while paused, and leaving a pause restarts the clock. */
static void
ui_react(struct ui *u, enum reaction what)
{
	switch (what) {
	case REACT_NONE:
		return;
	case REACT_QUIT:
		u->quit = 1;
		return;
	case REACT_STEP:
		ui_advance(u);
		break;
	case REACT_REPAINT:
		term_repaint();
		render_invalidate(u->render);
		show_forget(&u->show);
		break;
	case REACT_REDRAW:
	case REACT_RESTART:
		break;
	}
	if (u->was_paused && !u->s.paused)
		ui_resume(u);
	u->was_paused = u->s.paused;
	u->dirty = u->news = 1;
}

/* The one place a key or a click is handled. */
static void
ui_key(struct ui *u, const struct event *ev)
{
	enum reaction what = session_key(&u->s, ev);

	ui_check_keep(u);
	ui_react(u, what);
}

/* One thing the terminal reported; 0 when the loop must end. */
static int
ui_event(struct ui *u, enum term_event e, const struct event *ev)
{
	switch (e) {
	case TERM_KEY:
		/* A screensaver ends on any key, click or motion, but the
		 * first half second's, the key that started it among them. */
		if (u->opts->screensaver) {
			u->quit = clock_now() >= u->saver_from;
			return !u->quit;
		}
		ui_key(u, ev);
		return !u->quit;
	case TERM_RESIZE:
		ui_resize(u);
		u->dirty = 1;
		return !u->quit;
	case TERM_SIGNAL:
		return 0;
	case TERM_GONE:
		u->status = EXIT_TROUBLE;
		return 0;
	case TERM_ANSWER:
	case TERM_NOTHING:
		return !u->quit;
	}
	return !u->quit;
}

/* Milliseconds to wait for input: until the next step, the next frame
 * or the link's next news, whichever comes first; -1 for ever. */
static int
ui_wait(const struct ui *u)
{
	long long now = clock_now(), until = -1;
	int link = u->dirty ? term_ready_in() : -1;

	if (u->quit)
		return 0;
	if (u->replay_behind)
		return 0;  /* a look at the keys, then more of the replay */
	if (!u->s.paused)
		until = u->next;
	if (u->dirty && term_ready() && (until < 0 || u->next_frame < until))
		until = u->next_frame;
	if (link >= 0 && (until < 0 || now + link * CLOCK_NS_PER_MS < until))
		until = now + link * CLOCK_NS_PER_MS;
	if (until < 0)
		return -1;
	return until <= now ? 0 : (int)((until - now + CLOCK_NS_PER_MS - 1) /
	    CLOCK_NS_PER_MS);
}

/* All the input waiting, each key applied; 0 when the loop must end. */
static int
ui_drain(struct ui *u)
{
	struct event ev;
	int k;

	for (k = 0; k < UI_DRAIN_MAX; k++) {
		enum term_event e = term_read(0, &ev);

		if (e == TERM_NOTHING)
			return !u->quit;
		if (!ui_event(u, e, &ev))
			return 0;
	}
	return !u->quit;
}

/* ---- The loop ---- */

/* The session has begun, its first frame drawn: the files take their
 * names. One that ends before leaves the old files as they were. */
static void
ui_keep_begun(struct ui *u)
{
	struct session_failure f;

	if (session_keep_begun(&u->s, &f) < 0)
		ui_fail(u, f.what, f.path, f.err);
}

static void
ui_loop(struct ui *u)
{
	struct event ev;

	ui_draw(u);
	if (u->quit)
		return;
	ui_keep_begun(u);
	while (ui_drain(u)) {
		ui_steps(u);
		if (u->quit)
			return;
		ui_frame(u);
		if (!ui_event(u, term_read(ui_wait(u), &ev), &ev))
			return;
	}
}

/* ---- Start and stop ---- */

/* The locale decides the glyphs; numbers keep their dot whatever it
 * says, as the status line's form is fixed. */
static int
ui_unicode(const struct options *o)
{
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	return !o->ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

static int
ui_want_color(const struct options *o)
{
	const char *no = getenv("NO_COLOR");

	return !o->no_color && !(no && *no);
}

/* The record's end line and the cast's last bytes, and what went wrong
 * with either if anything did; for after the terminal is restored. */
static void
ui_keep_stop(struct ui *u)
{
	struct session_failure f;

	term_set_tap(NULL, NULL);
	term_after_fault(NULL, NULL);
	session_keep_tell(&u->s, stderr);
	if (session_keep_stop(&u->s, &f) < 0)
		ui_fail(u, f.what, f.path, f.err);
	session_failure_say(&u->failed, stderr);
}

/* The files that keep the session, made before the terminal is touched;
 * the terminal's bytes go to them from its first. */
static int
ui_keep_start(struct ui *u, const struct options *o, int cols, int lines)
{
	struct session_failure f;

	if (session_keep_start(&u->s, o, cols, lines, stderr, &f) == 0) {
		term_set_tap(session_keep_output, &u->s);
		return 0;
	}
	ui_fail(u, f.what, f.path, f.err);
	ui_keep_stop(u);
	return -1;
}

/* The terminal is open: a fault from now on ends the cast as it
 * restores the terminal, so that the cast gives its viewer's terminal
 * back too. */
static void
ui_keep_fault(struct ui *u)
{
	struct session_failure f;
	const char *bytes;
	size_t n = term_restore_bytes(&bytes);

	if (session_keep_fault(&u->s, bytes, n, &f) < 0)
		ui_fail(u, f.what, f.path, f.err);
	else
		term_after_fault(session_keep_fault_end, &u->s);
}

/* Everything up to the first frame; on failure the terminal is as it
 * was and u->status says why. */
static int
ui_start(struct ui *u, const struct options *o, const struct record *replay)
{
	int cols, lines, colors, unicode, got;

	memset(u, 0, sizeof *u);
	u->opts = o;
	u->status = EXIT_TROUBLE;
	unicode = ui_unicode(o);
	term_size_early(&cols, &lines);
	if ((got = session_start(&u->s, o, replay, cols, lines, stderr)) < 0) {
		if (got == SESSION_REFUSED)
			u->status = EXIT_USAGE;
		return -1;
	}
	camera_fit(&u->s.camera, u->s.world_w, u->s.world_h, cols, lines - 1);
	if (ui_keep_start(u, o, cols, lines) < 0) {
		u->status = EXIT_TROUBLE;
		session_end(&u->s);
		return -1;
	}
	ui_replay(u);
	term_report_motion(o->screensaver);
	term_ask_background(ui_want_color(o) &&
	    o->background == THEME_BG_AUTO);
	term_ask_width(unicode);
	show_ask(&u->show, o->glyphs);
	if (term_catch_signals() < 0 ||
	    term_open(NULL, stdout, stdin, ui_want_color(o), &colors) < 0) {
		u->status = EXIT_NO_TERMINAL;
		if (errno == ENOMEM) {
			say_no_memory(stderr);
			u->status = EXIT_TROUBLE;
		} else if (term_out_of_descriptors(errno)) {
			say(stderr, "too few file descriptors to start the "
			    "terminal: %s", strerror(errno));
		} else {
			say(stderr, "cannot start the terminal");
		}
		show_close(&u->show, FIELD_AUTO);
		ui_keep_stop(u);
		session_end(&u->s);
		return -1;
	}
	u->unicode = unicode;
	u->render = render_new(unicode, colors);
	u->background = -1;
	if (!u->render) {
		term_close();
		show_close(&u->show, FIELD_AUTO);
		say_no_memory(stderr);
		ui_keep_stop(u);
		session_end(&u->s);
		return -1;
	}
	u->status = 0;
	ui_keep_fault(u);
	lapse_start(&u->s.lapse, o->speed, clock_now());
	u->period = lapse_period(&u->s.lapse, o->rate, ui_scale(u));
	u->gap = CLOCK_NS_PER_S / o->fps;
	u->fps = 0;
	u->fps_known = 0;
	ui_resize(u);
	ui_resume(u);
	u->next_frame = u->fps_since = u->fps_slots = clock_now();
	u->saver_from = u->next_frame + UI_SAVER_DEAF;
	return 0;
}

static void
ui_stop(struct ui *u)
{
	render_free(u->render);
	term_close();
	show_close(&u->show, u->opts->glyphs);
	ui_keep_stop(u);
	panel_free(u->panel);
	session_end(&u->s);
}

/* The session lies on the heap: curses reads the terminal's description
 * deep in its own calls, and a stack grown there once ulimit -v is
 * reached ends the program by a fault, where a failed allocation is said. */
int
ui_run(const struct options *o, const struct record *replay)
{
	struct ui *u;
	int sig = 0, status;

	switch (term_check(stderr)) {
	case 0:
		break;
	case TERM_NO_MEMORY:
		return EXIT_TROUBLE;
	default:
		return EXIT_NO_TERMINAL;
	}
	u = malloc(sizeof *u);
	if (!u) {
		say_no_memory(stderr);
		return EXIT_TROUBLE;
	}
	if (ui_start(u, o, replay) == 0) {
		ui_loop(u);
		sig = term_signal();
		ui_stop(u);
	}
	status = u->status;
	free(u);
	if (sig) {
		term_die_by(sig);
		return 128 + sig;
	}
	return status;
}
