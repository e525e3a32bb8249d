/*
 * session.c: a flight, its world, what keys, a record and the autopilot
 * do to it, and its keeping.
 *
 * A terminal's world is its screen above the status line, a cell one
 * unit across and two down (world.c); a flock too crowded for the
 * terminal's world at the spacing it would keep gets a larger one of the
 * same shape instead, and the camera shows it from farther away. The lengths the options
 * leave open (radius, separation distance, speed limit) are fitted to
 * the world whenever it changes size.
 *
 * A key goes to the action the key table binds it to (input.c), which
 * says what it changed: a key that changed the flight is kept in the
 * record.
 *
 * A replay applies each kept input after the step it followed: a key
 * through the same actions, with the overlay closed; a click as the goal
 * it placed, in world units; a resize as the world's new size.
 *
 * The session is kept in two files, both journals: the record of the
 * inputs that changed the flight, written here as they happen, and the
 * cast of the screen, which the terminal's output tap hands each byte
 * sent, through here, so that the loop reaches either file only by the
 * session.
 */
#include <errno.h>
#include <string.h>

#include "input.h"
#include "lib/memory.h"
#include "lib/say.h"
#include "session.h"
#include "view/render.h"
#include "world.h"

/* ---- The world and the flock ---- */

struct flock *
session_flock(const struct options *o, float w, float h, FILE *err)
{
	double need;
	struct flock *f = world_flock(o, w, h, o->seed);

	if (!f && !world_flock_fits(o, &need))
		say(err, "%zu boids need about %.0f MB of memory; this "
		    "machine has %.0f MB", o->count, need / 1e6,
		    memory_machine() / 1e6);
	else if (!f && flock_threads_refused(NULL) == ENOMEM)
		say(err, "out of memory for the engine's threads");
	else if (!f)
		say_no_memory(err);
	return f;
}

/* The flock and its world take a new size, the lengths fitted to it. */
static void
resize_world(struct session *s, float w, float h)
{
	struct flock_params p;

	flock_resize(s->flock, w, h);
	p = *flock_params(s->flock);
	world_fit(&s->opts, &p, w, h);
	(void)flock_set_params(s->flock, &p);
	s->world_w = w;
	s->world_h = h;
}

/* A cols by lines terminal's world, never below the smallest drawn (a
 * flock made in a tiny terminal still has room); 1 when grown, as the
 * flock would crowd it at its spacing, so that the lengths hold. */
static int
terminal_world(const struct options *o, int cols, int lines, float *w,
    float *h)
{
	float d = (o->set & FLOCK_SET_DISTANCE) ? o->params.distance :
	    FLOCK_DEFAULT_DISTANCE;

	world_of(cols > RENDER_MIN_COLS ? cols : RENDER_MIN_COLS,
	    lines > RENDER_MIN_LINES ? lines : RENDER_MIN_LINES, w, h);
	return flock_world_fit(o->count, d, w, h);
}

/*
 * The world a session starts in: -W's or a grown one, either of which
 * stays as it is; or the terminal's, which follows the terminal. A
 * replay flies in the record's world, and once a key has taken it over,
 * follows the terminal as its options would have.
 */
static void
start_world(struct session *s, const struct record *replay, int cols,
    int lines)
{
	const struct options *o = &s->opts;

	if (o->size_set || cols <= 0) {
		world_of(o->cols, o->rows, &s->world_w, &s->world_h);
		s->world_fixed = 1;
	} else {
		s->world_fixed = terminal_world(o, cols, lines,
		    &s->world_w, &s->world_h);
	}
	s->fit_count = o->count;
	s->fit_distance = o->params.distance;
	if (replay) {
		s->world_w = replay->w;
		s->world_h = replay->h;
	}
}

/* A new flock of another count or spacing than the world was fitted
 * for: the terminal's world is fitted to it as at the start, and the
 * view to that world. A replay's resizes are in its record. */
static void
refit_world(struct session *s)
{
	float w, h;

	if (s->replaying || s->opts.size_set || !s->cols ||
	    (s->opts.count == s->fit_count &&
	    s->opts.params.distance == s->fit_distance))
		return;
	s->fit_count = s->opts.count;
	s->fit_distance = s->opts.params.distance;
	s->world_fixed = terminal_world(&s->opts, s->cols, s->rows + 1,
	    &w, &h);
	if (w != s->world_w || h != s->world_h)
		camera_fit(&s->camera, w, h, s->cols, s->rows);
	session_resize(s, w, h);
}

/* Whether the sign tells the time: --clock, given after any --say. */
static int
clock_wins(const struct options *o)
{
	const struct ledger_entry *say = ledger_find(&o->given, "say");
	const struct ledger_entry *clock = ledger_find(&o->given, "clock");

	return o->clock && (!o->say || !say || (clock && clock > say));
}

/* A replay's clock counts the hours as its record's did, whatever the
 * locale says now: the sign is sized for the same widest time. */
static void
count_as_recorded(struct dial *d, const struct record *replay)
{
	size_t i;

	for (i = 0; i < replay->nev; i++)
		if (replay->ev[i].kind == RECORD_SIGN) {
			d->twelve = dial_written_twelve(replay->ev[i].text);
			return;
		}
}

/*
 * The sign, when one is asked for: the text of --say, or the time. A
 * replay's clock writes what its record says, from the first step on;
 * till then the sign holds the widest time, which it is sized for.
 */
static int
start_sign(struct session *s, const struct options *o,
    const struct record *replay, FILE *err)
{
	char now[DIAL_TEXT], widest[DIAL_TEXT];
	int rc;

	if (!clock_wins(o))
		rc = o->say ? sign_start(&s->sign, "--say", o->say, NULL,
		    s->flock, err) : 0;
	else if (dial_start(&s->dial, o, err) < 0)
		rc = -1;
	else {
		s->clocked = 1;
		if (replay)
			count_as_recorded(&s->dial, replay);
		dial_widest(&s->dial, widest, sizeof widest);
		dial_text(&s->dial, 0, now, sizeof now);
		rc = sign_start(&s->sign, "--clock", replay ? widest : now,
		    widest, s->flock, err);
	}
	return rc == -1 ? SESSION_REFUSED : rc;
}

int
session_start(struct session *s, const struct options *o,
    const struct record *replay, int cols, int lines, FILE *err)
{
	int rc;

	memset(s, 0, sizeof *s);
	s->opts = *o;
	start_world(s, replay, cols, lines);
	s->flock = session_flock(o, s->world_w, s->world_h, err);
	if (!s->flock)
		return -1;
	if ((rc = start_sign(s, o, replay, err)) < 0) {
		flock_free(s->flock);
		s->flock = NULL;
		return rc == SESSION_REFUSED ? rc : -1;
	}
	s->seed = o->seed;
	s->glyphs = o->glyphs;
	s->trails = o->trails;
	s->piloted = o->screensaver;
	pilot_start(&s->pilot, o->seed, o->rate, 0);
	s->replay = replay;
	s->replaying = replay != NULL;
	return 0;
}

void
session_end(struct session *s)
{
	sign_end(&s->sign);
	flock_free(s->flock);
	s->flock = NULL;
}

void
session_resize(struct session *s, float w, float h)
{
	if (w == s->world_w && h == s->world_h)
		return;
	resize_world(s, w, h);
	if (s->rec)
		(void)record_resize(s->rec, s->step, w, h);
}

void
session_terminal(struct session *s, int cols, int lines)
{
	s->cols = cols > 0 && lines > 1 ? cols : 0;
	s->rows = cols > 0 && lines > 1 ? lines - 1 : 0;
	if (!s->cols)
		return;
	if (!s->replaying && !s->world_fixed) {
		float ow = s->world_w, oh = s->world_h, w, h;

		world_of(cols, lines, &w, &h);
		session_resize(s, w, h);
		s->camera.cx *= s->world_w / ow;
		s->camera.cy *= s->world_h / oh;
	}
	camera_resize(&s->camera, s->world_w, s->world_h, s->cols, s->rows);
}

/* The time the clock shows after this step, kept in the record as the
 * sign's new text when it changed; a replay's comes from its record. */
static void
clock_turn(struct session *s)
{
	char now[DIAL_TEXT];

	if (!s->clocked || s->replaying)
		return;
	dial_text(&s->dial, s->step, now, sizeof now);
	if (strcmp(now, s->sign.text) == 0)
		return;
	sign_text(&s->sign, now);
	if (s->rec)
		(void)record_sign(s->rec, s->step, now);
}

void
session_step(struct session *s)
{
	flock_step(s->flock);
	s->step++;
	sign_step(&s->sign, s->flock, s->step);
	clock_turn(s);
}

/* ---- Keys, and keeping them ---- */

/* A key the user pressed that changed the flight: kept when recording
 * (a click as the goal it placed, in world units), and the end of a
 * replay, whose flight is the user's from here on. */
static void
keep(struct session *s, const struct event *ev)
{
	const struct flock_params *p;

	s->replaying = 0;
	if (!s->rec)
		return;
	if (ev->key != EVENT_CLICK) {
		(void)record_key(s->rec, s->step, ev->key);
		return;
	}
	p = flock_params(s->flock);
	(void)record_click(s->rec, s->step,
	    (double)p->goal_x * (double)s->world_w,
	    (double)p->goal_y * (double)s->world_h);
}

enum reaction
session_key(struct session *s, const struct event *ev)
{
	const struct input_binding *b;
	struct outcome did;

	/* The pointer's motion is reported only to end a screensaver. */
	if (ev->key == EVENT_MOTION)
		return REACT_NONE;
	/* The overlay is modal: whatever comes next only closes it, but a
	 * second ? turns its key list to the settings to fly again. */
	if (s->help) {
		s->help = s->help == 1 && ev->key == '?' ? 2 : 0;
		return REACT_REDRAW;
	}
	if (!(b = input_binding(ev->key)))
		return REACT_NONE;
	did = b->act(s, ev);
	if (did.changed & CHANGED_FLIGHT)
		keep(s, ev);
	if (did.reaction == REACT_RESTART)
		refit_world(s);
	return did.reaction;
}

/* ---- Replaying ---- */

/* A kept key, as the table does it, whether the overlay is open or not;
 * the overlay stays as the user has it. */
static void
replay_key(struct session *s, int key)
{
	const struct input_binding *b = input_binding(key);
	struct event ev;
	int help = s->help;

	if (!b || key == EVENT_MOTION)
		return;
	memset(&ev, 0, sizeof ev);
	ev.key = key;
	(void)b->act(s, &ev);
	s->help = help;
}

int
session_replay_next(struct session *s)
{
	const struct record_event *e;
	struct flock_params p;
	struct flock_view v;

	if (!s->replay || !s->replaying)
		return 0;
	e = record_due(s->replay, &s->replay_next, s->step);
	if (!e)
		return 0;
	switch (e->kind) {
	case RECORD_KEY:
		replay_key(s, e->key);
		break;
	case RECORD_CLICK:
		flock_get_view(s->flock, &v);
		p = *flock_params(s->flock);
		p.goal_on = 1;
		p.goal_x = (float)(e->x / v.w);
		p.goal_y = (float)(e->y / v.h);
		(void)flock_set_params(s->flock, &p);
		break;
	case RECORD_RESIZE:
		resize_world(s, (float)e->x, (float)e->y);
		break;
	case RECORD_SIGN:
		sign_text(&s->sign, e->text);
		break;
	}
	return 1;
}

int
session_replay_over(const struct session *s)
{
	return s->replay && s->replay_next == s->replay->nev &&
	    s->step >= s->replay->end;
}

/* ---- The autopilot ---- */

enum reaction
session_pilot(struct session *s)
{
	struct pilot_action a[PILOT_ACTIONS_MAX];
	struct flock_view v;
	enum reaction what = REACT_NONE;
	int one = -1, n, k;

	if (!s->piloted)
		return REACT_NONE;
	flock_get_view(s->flock, &v);
	if (s->step % pilot_measure_every(&s->pilot, v.n) == 0) {
		struct flock_stats st;

		flock_measure(s->flock, &st);
		/* A sign's writers make one group: its own cycle scatters
		 * them. */
		one = v.n > 0 && st.largest * 10 >= v.n * 9 && !s->sign.on;
	}
	n = pilot_step(&s->pilot, s->step, one, a);
	for (k = 0; k < n; k++) {
		enum reaction r = input_pilot(s, &a[k]).reaction;

		if (r != REACT_NONE)
			what = r;
	}
	return what;
}

/* ---- Keeping the session ---- */

void
session_failure_say(const struct session_failure *f, FILE *err)
{
	if (f->err == ENOMEM)
		say_no_memory(err);
	else if (f->what && f->path)
		say(err, "cannot write %s file '%s': %s", f->what,
		    say_name(f->path), strerror(f->err));
	else if (f->what)
		say(err, "cannot write %s: %s", f->what, strerror(f->err));
}

/* -1, with what failed, where, and errno err in *f. */
static int
keep_failure(struct session_failure *f, const char *what, const char *path,
    int err)
{
	f->what = what;
	f->path = path;
	f->err = err;
	return -1;
}

int
session_keep_start(struct session *s, const struct options *o, int cols,
    int lines, FILE *err, struct session_failure *f)
{
	s->rec_path = o->record;
	s->cast_path = o->cast;
	s->cast_cols = cols;
	s->cast_rows = lines;
	if (o->record && (!(s->rec = record_create(o->record, err)) ||
	    record_begin(s->rec, o, s->world_w, s->world_h) < 0 ||
	    (s->clocked && record_sign(s->rec, 0, s->sign.text) < 0)))
		(void)keep_failure(f, "record", o->record, errno);
	else if (o->cast && (!(s->cast = cast_create(o->cast, err)) ||
	    cast_begin(s->cast, cols, lines) < 0))
		(void)keep_failure(f, "cast", o->cast, errno);
	else
		return 0;
	/* Where the file could not even be made, its message is out. */
	if ((o->record && !s->rec) || (o->cast && !s->cast))
		f->what = NULL;
	return -1;
}

int
session_keep_begun(struct session *s, struct session_failure *f)
{
	int rc = 0;

	if (s->rec && journal_keep(s->rec) < 0)
		rc = keep_failure(f, "record", s->rec_path, errno);
	if (s->cast && cast_keep(s->cast) < 0 && rc == 0)
		rc = keep_failure(f, "cast", s->cast_path, errno);
	return rc;
}

void
session_keep_output(void *arg, const char *buf, size_t len)
{
	const struct session *s = arg;

	if (s->cast)
		cast_output(s->cast, buf, len);
}

int
session_keep_screen(struct session *s, int cols, int lines,
    struct session_failure *f)
{
	if (!s->cast || (cols == s->cast_cols && lines == s->cast_rows))
		return 0;
	s->cast_cols = cols;
	s->cast_rows = lines;
	if (cast_resize(s->cast, cols, lines) < 0)
		return keep_failure(f, "cast", s->cast_path, errno);
	return 0;
}

int
session_keep_fault(struct session *s, const char *bytes, size_t n,
    struct session_failure *f)
{
	if (s->cast && cast_prepare_fault(s->cast, bytes, n) < 0)
		return keep_failure(f, "cast", s->cast_path, errno);
	return 0;
}

/* From a fault's handler: only what a handler may do. */
void
session_keep_fault_end(void *arg)
{
	const struct session *s = arg;

	if (s->cast)
		cast_fault_end(s->cast);
}

int
session_keep_failed(const struct session *s, struct session_failure *f)
{
	if (s->rec && journal_error(s->rec))
		(void)keep_failure(f, "record", s->rec_path,
		    journal_error(s->rec));
	else if (s->cast && cast_error(s->cast))
		(void)keep_failure(f, "cast", s->cast_path,
		    cast_error(s->cast));
	else
		return 0;
	return 1;
}

int
session_keep_stop(struct session *s, struct session_failure *f)
{
	int rc = 0;

	if (s->rec && record_finish(s->rec, s->step) < 0)
		rc = keep_failure(f, "record", s->rec_path, errno);
	s->rec = NULL;
	if (s->cast && cast_finish(s->cast) < 0 && rc == 0)
		rc = keep_failure(f, "cast", s->cast_path, errno);
	s->cast = NULL;
	return rc;
}

void
session_keep_tell(const struct session *s, FILE *err)
{
	if (s->rec)
		journal_say_links(s->rec, err);
	if (s->cast)
		cast_say_links(s->cast, err);
}
