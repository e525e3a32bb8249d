/*
 * headless.c: steps, statistics lines and the CSV trace.
 *
 * The trace lists agents by kind and id, so that a plot can follow one
 * boid from line to line: boids (in id order, whatever the engine's cell
 * order), then predators, then the obstacles, each at every printed step.
 *
 * A replay flies a record's flight: its world, and each kept input after
 * the step it followed, through the same functions the terminal uses;
 * the flight ends where the record does, or sooner with --steps, and the
 * last step is always printed. Steps count from the start of the flight,
 * across any restart a key or the autopilot made, in the lines and in
 * the trace alike. The trace's columns are fixed by its header: a
 * replay's keys may fly a preset with other extensions on, so its trace
 * has the columns of all of them from the start.
 *
 * A trace named "-" or /dev/stdout, or any name of the file or pipe
 * standard output goes to, is standard output: the trace is written
 * there as it is to a file, and the statistics lines and the picture go
 * to standard error instead, so that neither is lost and the CSV stays
 * whole.
 *
 * INT, TERM and HUP end a run between steps (or between a replay's
 * inputs), after the line and the trace rows of a step are whole: the
 * trace is flushed at each printed step, and cut back to the last whole
 * step when a write fails, so a trace always ends on a whole row at the
 * step the statistics last printed. The run then dies of the signal, as
 * the shell expects.
 *
 * The flight in pixels (--gif, --png) is film.h's: it is handed each
 * step after the step's inputs, and told when the run has begun, as the
 * trace is.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files/replace.h"
#include "headless.h"
#include "lib/memory.h"
#include "lib/say.h"
#include "session/session.h"
#include "session/world.h"
#include "view/field.h"
#include "view/film.h"

/* " k=a,b,c": one value a species. */
static int
per_species(char *buf, size_t len, const char *k, const double *v,
    int species, int digits)
{
	int n = snprintf(buf, len, " %s=", k), kind;

	for (kind = 0; kind < species && n >= 0 && (size_t)n < len; kind++) {
		n += snprintf(buf + n, len - (size_t)n, kind ? "," : "");
		if (n >= 0 && (size_t)n < len)
			n += snprintf(buf + n, len - (size_t)n, "%.*f", digits,
			    v[kind]);
	}
	return n;
}

/* The extensions' tokens, each with its option: afraid=, leaders=, and
 * per species groups and order, and how pure the groups are. */
static void
format_extensions(char *buf, size_t len, const struct flock_stats *s,
    const struct options *o)
{
	double groups[FLOCK_MAX_SPECIES];
	int n = 0, k, species = o->params.species;

	if (o->params.fear)
		n = snprintf(buf, len, " afraid=%.2f", s->afraid);
	if (n >= 0 && (size_t)n < len && o->params.leaders)
		n += snprintf(buf + n, len - (size_t)n, " leaders=%zu",
		    s->leaders);
	if (n < 0 || (size_t)n >= len || species < 2)
		return;
	for (k = 0; k < species; k++)
		groups[k] = (double)s->kind_groups[k];
	n += per_species(buf + n, len - (size_t)n, "species_groups", groups,
	    species, 0);
	if (n >= 0 && (size_t)n < len)
		n += per_species(buf + n, len - (size_t)n, "species_order",
		    s->kind_order, species, 2);
	if (n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " pure=%.2f", s->pure);
}

void
headless_format(char *buf, size_t len, const struct flock_stats *s,
    const struct options *o)
{
	int n = snprintf(buf, len, "step=%ld order=%.2f speed=%.2f spread=%.2f "
	    "nnd=%.2f minsep=%.2f nbrs=%.1f groups=%zu mill=%.2f", s->step,
	    s->order, s->speed, s->spread, s->nnd, s->minsep, s->nbrs,
	    s->groups, s->mill);

	if (n < 0 || (size_t)n >= len)
		return;
	if (o->params.perch)
		n += snprintf(buf + n, len - (size_t)n, " perched=%zu",
		    s->perched);
	if (n < 0 || (size_t)n >= len)
		return;
	if (o->predators > 0)
		n += snprintf(buf + n, len - (size_t)n, " predator_dist=%.2f",
		    s->predator_dist);
	if (n < 0 || (size_t)n >= len)
		return;
	if (o->obstacles > 0)
		n += snprintf(buf + n, len - (size_t)n, " inside=%zu",
		    s->inside);
	if (n < 0 || (size_t)n >= len)
		return;
	format_extensions(buf + n, len - (size_t)n, s, o);
}

/* The first of INT, TERM and HUP to come, or 0. */
static volatile sig_atomic_t ending;

static void
on_ending(int sig)
{
	if (!ending)
		ending = sig;
}

/* INT, TERM and HUP, unless the caller ignores them; a file that grows
 * past the limit fails its write with EFBIG rather than killing the
 * run, so that it is cut back and named. */
static void
catch_endings(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t k;

	sa.sa_handler = on_ending;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++)
		if (sigaction(sigs[k], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[k], &sa, NULL);
	signal(SIGXFSZ, SIG_IGN);
}

/* Die of the signal that ended the run, so the shell sees 128 + n. */
static void
die_of_ending(void)
{
	signal(ending, SIG_DFL);
	raise(ending);
}

/* The extensions' columns a trace has: a boid's species, fear and steps
 * left to lead. */
enum { TRACE_SPECIES = 1, TRACE_FEAR = 2, TRACE_LEAD = 4 };

/* The trace and how much of it is whole: every printed step's rows;
 * row[] inverts the engine's order, for as many boids as cap (a preset
 * key in a replay may make more). It replaces the old file once the run
 * has printed a line (replace.h). */
struct trace {
	FILE *f;
	struct replace place;
	const char *path;
	long whole;
	size_t *row;
	size_t cap;
	unsigned columns;       /* TRACE_ extensions, fixed by the header */
	int on_stdout;          /* standard output, not a file of its own */
};

/* The extensions' columns of a row, those the header names; 0 where the
 * extension is off, and for what is no boid (i past the boids: a
 * predator or an obstacle). */
static void
trace_extensions(FILE *t, unsigned columns, const struct flock_view *v,
    size_t i)
{
	int boid = i < v->n;

	if (columns & TRACE_SPECIES)
		fprintf(t, ",%u", boid && v->kind ? (unsigned)v->kind[i] : 0u);
	if (columns & TRACE_FEAR)
		fprintf(t, ",%.3f", boid && v->fear ? (double)v->fear[i] : 0.0);
	if (columns & TRACE_LEAD)
		fprintf(t, ",%u", boid && v->lead ? (unsigned)v->lead[i] : 0u);
	fputc('\n', t);
}

/* Row k of the trace holds boid id k: invert the engine's order. The
 * step is the flight's, which a new flock does not restart. */
static void
trace_step(const struct trace *t, const struct flock_view *v, long step)
{
	size_t i, k, *row = t->row;

	for (i = 0; i < v->n; i++)
		row[v->id[i]] = i;
	for (k = 0; k < v->n; k++) {
		i = row[k];
		fprintf(t->f, "%ld,%zu,%.4f,%.4f,%.4f,%.4f,boid,0", step, k,
		    v->x[i], v->y[i], v->vx[i], v->vy[i]);
		trace_extensions(t->f, t->columns, v, i);
	}
	for (k = 0; k < v->npred; k++) {
		fprintf(t->f, "%ld,%zu,%.4f,%.4f,%.4f,%.4f,predator,0", step,
		    k, v->px[k], v->py[k], v->pvx[k], v->pvy[k]);
		trace_extensions(t->f, t->columns, v, v->n);
	}
	for (k = 0; k < v->nobst; k++) {
		fprintf(t->f, "%ld,%zu,%.4f,%.4f,0,0,obstacle,%.4f", step, k,
		    v->ox[k], v->oy[k], v->orad[k]);
		trace_extensions(t->f, t->columns, v, v->n);
	}
}

/* A step's rows, flushed whole; on a failed write the file is cut back
 * to the last whole step, and -1 returned. */
static int
trace_report(struct trace *t, struct flock *f, long step)
{
	struct flock_view v;
	int err;

	flock_get_view(f, &v);
	if (v.n > t->cap) {
		size_t *more = realloc(t->row, v.n * sizeof *more);

		if (!more) {
			errno = ENOMEM;
			return -1;
		}
		t->row = more;
		t->cap = v.n;
	}
	trace_step(t, &v, step);
	if (fflush(t->f) != EOF && !ferror(t->f)) {
		t->whole = ftell(t->f);
		return 0;
	}
	err = errno;
	if (t->whole >= 0 && ftruncate(fileno(t->f), (off_t)t->whole) < 0)
		err = errno;
	errno = err;
	return -1;
}

/* Where the statistics and the picture go: standard output, unless
 * the trace does. */
static FILE *
lines_out(const struct trace *t)
{
	return t->on_stdout ? stderr : stdout;
}

/* A step's line, and its trace rows first, so that a trace is never
 * behind the statistics; -1 when the output failed, -2 the trace. */
static int
report(struct flock *f, const struct options *o, struct trace *trace,
    long step)
{
	struct flock_stats s;
	char line[512];

	flock_measure(f, &s);
	s.step = step;
	headless_format(line, sizeof line, &s, o);
	if (trace->f && trace_report(trace, f, step) < 0)
		return -2;
	if (fprintf(lines_out(trace), "%s\n", line) < 0 ||
	    fflush(lines_out(trace)) == EOF)
		return -1;
	return 0;
}

/* Whether the picture's buffers fit in memory beside the flock; a word
 * on stderr when they do not, before anything is flown. */
static int
picture_fits(const struct options *o, const struct record *replay)
{
	float w, h;
	double cols, rows, need;

	world_of(o->cols, o->rows, &w, &h);
	if (replay) {
		w = replay->w;
		h = replay->h;
	}
	cols = (double)w;
	rows = (double)h / 2.0;
	need = cols * rows * (double)field_bytes_per_cell() +
	    (double)o->count * (double)(flock_bytes_per_boid() +
	    flock_extra_bytes_per_boid(&o->params));
	if (memory_fits(need))
		return 1;
	say(stderr, "a picture of %.0fx%.0f cells needs about %.0f MB "
	    "of memory with the flock; this machine has %.0f MB", cols, rows,
	    need / 1e6, memory_machine() / 1e6);
	return 0;
}

/*
 * The glyph grid as the terminal would draw it at the world's own size,
 * one line a row: the world fills the view at 1:1.
 */
static int
picture(const struct flock *f, const struct options *o, FILE *out)
{
	struct flock_view v;
	struct camera cam;
	struct field fd;
	char *line;
	int cols, rows, row, status = 0;

	flock_get_view(f, &v);
	cols = (int)v.w;
	rows = (int)(v.h / 2.0f);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, v.w, v.h, cols, rows);
	field_init(&fd, !o->ascii, (enum field_glyphs)o->glyphs);
	line = malloc(4 * (size_t)cols + 1);
	if (!line || field_fit(&fd, cols, rows) < 0) {
		say_no_memory(stderr);
		free(line);
		field_free(&fd);
		return EXIT_TROUBLE;
	}
	field_compose(&fd, &v, flock_params(f), &cam);
	for (row = 0; row < rows && status == 0; row++) {
		field_row_text(&fd, row, line, 4 * (size_t)cols + 1);
		if (fprintf(out, "%s\n", line) < 0)
			status = -1;
	}
	if (fflush(out) == EOF || status < 0) {
		say(stderr, "cannot write output: %s",
		    strerror(errno));
		status = EXIT_TROUBLE;
	}
	free(line);
	field_free(&fd);
	return status;
}

/* For the tests, after the picture: the cells of the sign's strokes as
 * '#', the others '.', a line a row, as the picture's cells, on the
 * picture's stream. */
static int
print_sign_cells(const struct session *s, FILE *out)
{
	struct flock_view v;
	int col, row;

	flock_get_view(s->flock, &v);
	for (row = 0; row < (int)(v.h / 2.0f); row++) {
		for (col = 0; col < (int)v.w; col++)
			putc(sign_at(&s->sign, col, row) ? '#' : '.', out);
		putc('\n', out);
	}
	if (fflush(out) == EOF || ferror(out)) {
		say(stderr, "cannot write output: %s", strerror(errno));
		return EXIT_TROUBLE;
	}
	return 0;
}

static void
trace_refused(const char *path, const char *why)
{
	say(stderr, "cannot write trace file '%s': %s", say_name(path), why);
}

/* What failed in the trace, errno saying why: the memory for its rows
 * is said as all memory is. */
static void
trace_failed(const struct trace *t)
{
	if (errno == ENOMEM)
		say_no_memory(stderr);
	else if (t->on_stdout)
		say(stderr, "cannot write the trace to standard output: %s",
		    strerror(errno));
	else
		trace_refused(t->path, strerror(errno));
}

/* Whether path names standard output: "-" or a name of the device that
 * stands for it, or the very file or pipe it goes to. */
static int
names_stdout(const char *path)
{
	static const char *const names[] = { "-", "/dev/stdout", "/dev/fd/1",
		"/proc/self/fd/1" };
	struct stat out, named;
	size_t k;

	for (k = 0; k < sizeof names / sizeof names[0]; k++)
		if (strcmp(path, names[k]) == 0)
			return 1;
	return fstat(STDOUT_FILENO, &out) == 0 && !S_ISCHR(out.st_mode) &&
	    stat(path, &named) == 0 && out.st_dev == named.st_dev &&
	    out.st_ino == named.st_ino;
}

/* The trace's file: standard output, or a new file beside the old one
 * (replace.h). */
static int
trace_file(struct trace *t, const char *path)
{
	const char *why;
	int fd;

	if ((t->on_stdout = names_stdout(path))) {
		t->f = stdout;
		return 0;
	}
	if ((fd = replace_open(&t->place, path, &why)) < 0) {
		if (errno == ENOMEM)
			say_no_memory(stderr);
		else
			trace_refused(path, why);
		return -1;
	}
	if (!(t->f = fdopen(fd, "w"))) {
		trace_failed(t);
		close(fd);
		replace_end(&t->place);
		return -1;
	}
	return 0;
}

/* The extensions' columns: those on, or every one for a replay, whose
 * keys may fly a preset with others on. */
static unsigned
trace_columns(const struct options *o, const struct record *replay)
{
	if (replay)
		return TRACE_SPECIES | TRACE_FEAR | TRACE_LEAD;
	return (o->params.species > 1 ? TRACE_SPECIES : 0u) |
	    (o->params.fear ? TRACE_FEAR : 0u) |
	    (o->params.leaders ? TRACE_LEAD : 0u);
}

static int
open_trace(struct trace *t, const char *path, const struct options *o,
    const struct record *replay)
{
	t->path = path;
	t->whole = -1;
	t->columns = trace_columns(o, replay);
	if (trace_file(t, path) < 0)
		return -1;
	if (fprintf(t->f, "step,id,x,y,vx,vy,kind,r%s%s%s\n",
	    t->columns & TRACE_SPECIES ? ",species" : "",
	    t->columns & TRACE_FEAR ? ",fear" : "",
	    t->columns & TRACE_LEAD ? ",lead" : "") < 0 ||
	    fflush(t->f) == EOF) {
		trace_failed(t);
		return -1;
	}
	/* Standard output may be a pipe, which cannot be cut back. */
	t->whole = ftell(t->f);
	return 0;
}

/* The inputs of a replay due after this step. */
static void
replay_due(struct session *s)
{
	while (!ending && session_replay_next(s))
		;
}

/* The last step: --steps, or where a replayed record ends when that is
 * sooner or --steps was not given. */
static long
last_step(const struct options *o, const struct record *r)
{
	if (!r || (ledger_find(&o->given, "steps") && o->steps < r->end))
		return o->steps;
	return r->end;
}

/* The run has begun, or ended well: the trace takes its name. */
static int
keep_trace(struct trace *t)
{
	int kept = t->place.temp == NULL;

	if (!t->f || t->on_stdout || kept)
		return 0;
	if (replace_keep(&t->place) == 0) {
		replace_say_links(&t->place, t->path, stderr);
		return 0;
	}
	trace_failed(t);
	return -1;
}

/* The trace closed; one never kept leaves the old file as it was.
 * Standard output stays open, its trace written out. */
static int
close_trace(struct trace *t)
{
	int rc = 0;

	if (t->f && t->on_stdout) {
		if (fflush(t->f) == EOF) {
			trace_failed(t);
			rc = -1;
		}
	} else if (t->f) {
		if (fclose(t->f) == EOF) {
			trace_failed(t);
			rc = -1;
		}
		replace_end(&t->place);
	}
	t->f = NULL;
	return rc;
}

/* Said once: a flock the engine steps on one thread where it would
 * use more, as the system would not start its threads. The flight is
 * the same, only slower. */
static void
warn_threads(const struct session *s, int *said)
{
	int err = flock_threads_refused(s->flock);

	if (err && !*said) {
		say(stderr, "cannot start the engine's threads (%s): stepping "
		    "on one thread", strerror(err));
		*said = 1;
	}
}

int
headless_run(const struct options *o, const struct record *replay)
{
	struct session s;
	struct trace trace = { NULL, { NULL, NULL, 0 }, NULL, -1, NULL, 0,
	    0, 0 };
	struct film *film = NULL;
	int status = 0, got, said = 0;
	long last = last_step(o, replay);

	/* -W names a terminal: its world is a row less, for the status
	 * line, as on screen, so a headless run flies what a terminal of
	 * that size showed. A replay flies in the world it was flown in. */
	if (o->picture && !picture_fits(o, replay))
		return EXIT_TROUBLE;
	if ((got = session_start(&s, o, replay, 0, 0, stderr)) < 0)
		return got == SESSION_REFUSED ? EXIT_USAGE : EXIT_TROUBLE;
	catch_endings();
	replay_due(&s);
	warn_threads(&s, &said);
	if ((o->trace && open_trace(&trace, o->trace, &s.opts, replay) < 0) ||
	    film_open(&film, &s.opts, s.world_w, s.world_h, last,
	    stderr) < 0) {
		status = EXIT_TROUBLE;
		goto done;
	}
	while (s.step < last && !ending) {
		session_step(&s);
		replay_due(&s);
		(void)session_pilot(&s);
		warn_threads(&s, &said);
		if (film && !ending && film_step(film, s.flock, s.step,
		    stderr) < 0) {
			status = EXIT_TROUBLE;
			break;
		}
		if (ending || (s.step % o->every != 0 &&
		    !(replay && s.step == last)))
			continue;
		/* The options flown: a preset key may have changed them. */
		if ((got = report(s.flock, &s.opts, &trace, s.step)) < 0) {
			if (got == -2)
				trace_failed(&trace);
			else
				say(stderr, "cannot write output: %s",
				    strerror(errno));
			status = EXIT_TROUBLE;
			break;
		}
		if (keep_trace(&trace) < 0 || film_begun(film, stderr) < 0) {
			status = EXIT_TROUBLE;
			break;
		}
	}
	if (status == 0 && o->picture && !ending)
		status = picture(s.flock, o, lines_out(&trace));
	if (status == 0 && o->picture && !ending && s.sign.on &&
	    getenv("BOIDS_SIGN_CELLS"))
		status = print_sign_cells(&s, lines_out(&trace));
	if (status == 0 && !ending && keep_trace(&trace) < 0)
		status = EXIT_TROUBLE;
done:
	if (film_end(film, s.flock, s.step, status == 0 && !ending,
	    stderr) < 0 && status == 0)
		status = EXIT_TROUBLE;
	if (close_trace(&trace) < 0 && status == 0)
		status = EXIT_TROUBLE;
	free(trace.row);
	session_end(&s);
	if (ending)
		die_of_ending();
	return status;
}
