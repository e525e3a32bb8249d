/*
 * record.c: keeping a flight, reading it back and flying it again.
 *
 * The writer sends each line with one write(2) as soon as the input it
 * keeps has happened, so the file is never behind the flight by more
 * than the line being written; when a write fails (a full disk, a file
 * size limit) the file is cut back to its last complete line, which
 * leaves a record that still reads. The reader is strict: every line is
 * checked whole, numbers completely and against their ranges, options
 * through the command line's own parser, steps in order and clicks
 * inside the world, so a damaged record is refused at the line where
 * the damage is, never flown.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record.h"
#include "slurp.h"

#define MAX_WORDS 4
#define MAX_KEY 0x10ffff
#define MAX_FILE (64L * 1024 * 1024)
/* What every record begins with. */
#define RECORD_MAGIC "boids-record "

#define MAX_EVENTS 10000000

/* What the source's checksum is, when the build says. */
#ifndef BOIDS_SOURCE
#define BOIDS_SOURCE "unknown"
#endif

#if defined(__clang__)
#define BUILD_CC "clang " __clang_version__
#elif defined(__GNUC__)
#define BUILD_CC "gcc " __VERSION__
#else
#define BUILD_CC "cc"
#endif

#if defined(__SANITIZE_ADDRESS__)
#define BUILD_ASAN " asan"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUILD_ASAN " asan"
#endif
#endif
#ifndef BUILD_ASAN
#define BUILD_ASAN ""
#endif

/*
 * The flock is chaotic: a program that rounds one sum differently flies
 * another flight within seconds. What decides the rounding is the
 * source, the compiler, the vector instructions it may use, whether it
 * optimises and whether the loops are threaded.
 */
const char *
record_build(void)
{
	return BOIDS_NAME "-" BOIDS_VERSION " src-" BOIDS_SOURCE " " BUILD_CC
#if defined(__x86_64__)
	    " x86_64"
#elif defined(__aarch64__)
	    " aarch64"
#endif
#if defined(__AVX512F__)
	    " avx512f"
#endif
#if defined(__AVX2__)
	    " avx2"
#endif
#if defined(__FMA__)
	    " fma"
#endif
#if defined(__OPTIMIZE__)
	    " opt"
#endif
#if defined(__FAST_MATH__)
	    " fast-math"
#endif
#if defined(_OPENMP)
	    " openmp"
#endif
	    BUILD_ASAN;
}

/* ---- Reading ---- */

struct reader {
	struct record *r;
	const char *name, *build;
	char *msg;
	size_t msglen;
	long line;
	int stage;              /* 0 version, 1 build, 2 options, 3 events */
	int seeded;
	float w, h;             /* the world as the events have left it */
	size_t cap;             /* of r->ev */
};

enum { STAGE_VERSION, STAGE_BUILD, STAGE_OPTIONS, STAGE_EVENTS,
	STAGE_ENDED };

static int
say(struct reader *rd, const char *what)
{
	snprintf(rd->msg, rd->msglen, "%s:%ld: %s", rd->name, rd->line, what);
	return -1;
}

/* An integer spelt out whole, in [lo, hi]. */
static int
word_long(const char *text, long lo, long hi, long *out)
{
	char *end;
	long v;

	if (!(*text == '-' || (*text >= '0' && *text <= '9')))
		return -1;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int
word_real(const char *text, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (!(*text == '-' || *text == '.' || (*text >= '0' && *text <= '9')))
		return -1;
	errno = 0;
	v = strtod(text, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v) || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* Split a line at single spaces; -1 when there are too many words or
 * blanks where none belong. */
static int
split(char *line, char **word, int *nword)
{
	int n = 0;
	char *p = line;

	for (;;) {
		if (*p == ' ' || *p == '\0' || n == MAX_WORDS)
			return -1;
		word[n++] = p;
		p = strchr(p, ' ');
		if (!p)
			break;
		*p++ = '\0';
	}
	*nword = n;
	return 0;
}

static int
add_arg(struct record *r, const char *text)
{
	char **more = realloc(r->args, (r->nargs + 1) * sizeof *more);
	char *copy = malloc(strlen(text) + 1);

	if (more)
		r->args = more;
	if (!more || !copy) {
		free(copy);
		return -1;
	}
	strcpy(copy, text);
	r->args[r->nargs++] = copy;
	return 0;
}

/* The option through the command line's own parser, into o; on refusal
 * the parser's complaint, without its program name, is the reason. */
static int
check_option(struct reader *rd, const char *arg, struct options *o)
{
	char *argv[3], *text = NULL, *nl;
	size_t len = 0;
	enum options_result res;
	FILE *err = open_memstream(&text, &len);
	const char *why;

	if (!err)
		return say(rd, "out of memory");
	argv[0] = (char *)BOIDS_NAME;
	argv[1] = (char *)arg;
	argv[2] = NULL;
	res = options_parse(o, 2, argv, err, err);
	fclose(err);
	if (res == OPTIONS_RUN) {
		free(text);
		return 0;
	}
	why = text ? text : "";
	if (strncmp(why, BOIDS_NAME ": ", sizeof BOIDS_NAME + 1) == 0)
		why += sizeof BOIDS_NAME + 1;
	if ((nl = strchr(why, '\n')) != NULL)
		*nl = '\0';
	say(rd, *why ? why : "not an option");
	free(text);
	return -1;
}

static int
read_option(struct reader *rd, char **word, int n)
{
	char arg[RECORD_MAX_LINE + 8];
	struct options o;
	const struct options_given *g;
	size_t i;

	if (n < 2 || n > 3)
		return say(rd, "an option line is 'option NAME [VALUE]'");
	for (i = 0; i < rd->r->nargs; i++) {
		const char *have = rd->r->args[i] + 2;
		size_t len = strcspn(have, "=");

		if (strlen(word[1]) == len && !strncmp(have, word[1], len))
			return say(rd, "an option given twice");
	}
	snprintf(arg, sizeof arg, "--%s%s%s", word[1], n == 3 ? "=" : "",
	    n == 3 ? word[2] : "");
	if (check_option(rd, arg, &o) < 0)
		return -1;
	/* Only an option that shapes the flight belongs in a record, and
	 * only by its whole name. */
	g = o.ngiven == 1 ? &o.given[0] : NULL;
	if (!g || strcmp(g->name, word[1]) != 0 || !g->kept)
		return say(rd, "an option a record does not keep");
	if (strcmp(word[1], "seed") == 0)
		rd->seeded = 1;
	if (add_arg(rd->r, arg) < 0)
		return say(rd, "out of memory");
	return 0;
}

/* A world size: whole world units, as a terminal or --size gives. */
static int
read_size(struct reader *rd, const char *a, const char *b, float *w,
    float *h)
{
	long x, y;

	if (word_long(a, 1, OPTIONS_MAX_SIZE, &x) < 0 ||
	    word_long(b, 1, 2L * OPTIONS_MAX_SIZE, &y) < 0)
		return say(rd, "a world size is WIDTH HEIGHT, whole units "
		    "from 1 to 10000 across and 20000 down");
	*w = (float)x;
	*h = (float)y;
	return 0;
}

static int
read_world(struct reader *rd, char **word, int n)
{
	if (n != 3)
		return say(rd, "a world line is 'world WIDTH HEIGHT'");
	if (!rd->seeded)
		return say(rd, "the record names no seed");
	if (read_size(rd, word[1], word[2], &rd->w, &rd->h) < 0)
		return -1;
	rd->r->w = rd->w;
	rd->r->h = rd->h;
	rd->stage = STAGE_EVENTS;
	return 0;
}

static struct record_event *
new_event(struct reader *rd)
{
	struct record *r = rd->r;

	if (r->nev == rd->cap) {
		size_t cap = rd->cap ? 2 * rd->cap : 64;
		struct record_event *more;

		if (cap > MAX_EVENTS)
			return NULL;
		more = realloc(r->ev, cap * sizeof *more);
		if (!more)
			return NULL;
		r->ev = more;
		rd->cap = cap;
	}
	return &r->ev[r->nev++];
}

static int
read_step(struct reader *rd, const char *text, long *step)
{
	long last = rd->r->nev ? rd->r->ev[rd->r->nev - 1].step : 0;

	if (word_long(text, 0, OPTIONS_MAX_STEPS, step) < 0)
		return say(rd, "a step is a whole number from 0 to 1000000000");
	if (*step < last)
		return say(rd, "a step earlier than the line before");
	return 0;
}

static int
read_event(struct reader *rd, char **word, int n)
{
	struct record_event e;
	long v;

	memset(&e, 0, sizeof e);
	if (strcmp(word[0], "key") == 0) {
		if (n != 3)
			return say(rd, "a key line is 'key STEP CODE'");
		if (read_step(rd, word[1], &e.step) < 0)
			return -1;
		if (word_long(word[2], 0, MAX_KEY, &v) < 0)
			return say(rd, "a key code is a whole number from 0 to "
			    "1114111");
		e.kind = RECORD_KEY;
		e.key = (int)v;
	} else if (strcmp(word[0], "click") == 0) {
		if (n != 4)
			return say(rd, "a click line is 'click STEP X Y'");
		if (read_step(rd, word[1], &e.step) < 0)
			return -1;
		if (word_real(word[2], 0.0, rd->w, &e.x) < 0 ||
		    word_real(word[3], 0.0, rd->h, &e.y) < 0)
			return say(rd, "a click outside the world");
		e.kind = RECORD_CLICK;
	} else {
		float w, h;

		if (n != 4)
			return say(rd, "a resize line is 'resize STEP WIDTH "
			    "HEIGHT'");
		if (read_step(rd, word[1], &e.step) < 0 ||
		    read_size(rd, word[2], word[3], &w, &h) < 0)
			return -1;
		e.kind = RECORD_RESIZE;
		e.x = w;
		e.y = h;
		rd->w = w;
		rd->h = h;
	}
	{
		struct record_event *slot = new_event(rd);

		if (!slot)
			return say(rd, "too many inputs");
		*slot = e;
	}
	return 0;
}

static int
read_end(struct reader *rd, char **word, int n)
{
	long last = rd->r->nev ? rd->r->ev[rd->r->nev - 1].step : 0;
	long step;

	if (n != 2)
		return say(rd, "an end line is 'end STEP'");
	if (word_long(word[1], 0, OPTIONS_MAX_STEPS, &step) < 0)
		return say(rd, "a step is a whole number from 0 to 1000000000");
	if (step < last)
		return say(rd, "the end comes before the last input");
	rd->r->end = step;
	rd->r->ended = 1;
	rd->stage = STAGE_ENDED;
	return 0;
}

static int
read_version(struct reader *rd, char **word, int n)
{
	long v;

	if (n != 2 || strcmp(word[0], "boids-record") != 0)
		return say(rd, "not a boids record");
	if (word_long(word[1], 0, INT_MAX, &v) < 0)
		return say(rd, "not a boids record version");
	if (v != RECORD_VERSION) {
		char what[96];

		snprintf(what, sizeof what, "record version %ld; this boids "
		    "reads version %d", v, RECORD_VERSION);
		return say(rd, what);
	}
	rd->stage = STAGE_BUILD;
	return 0;
}

/* The build line is compared whole, blanks and all. */
static int
read_build(struct reader *rd, const char *line)
{
	if (strncmp(line, "build ", 6) != 0)
		return say(rd, "no build line");
	if (rd->build && strcmp(line + 6, rd->build) != 0)
		return say(rd, "recorded by another build of boids");
	rd->stage = STAGE_OPTIONS;
	return 0;
}

static int
read_line(struct reader *rd, char *line)
{
	char *word[MAX_WORDS] = { NULL };
	int n = 0;

	if (rd->stage == STAGE_BUILD)
		return read_build(rd, line);
	if (split(line, word, &n) < 0)
		return say(rd, rd->stage == STAGE_VERSION ? "not a boids record"
		    : "a damaged line");
	if (rd->stage == STAGE_VERSION)
		return read_version(rd, word, n);
	if (rd->stage == STAGE_ENDED)
		return say(rd, "a line after the end");
	if (rd->stage == STAGE_OPTIONS) {
		if (strcmp(word[0], "option") == 0)
			return read_option(rd, word, n);
		if (strcmp(word[0], "world") == 0)
			return read_world(rd, word, n);
		return say(rd, "an option or the world expected");
	}
	if (!strcmp(word[0], "key") || !strcmp(word[0], "click") ||
	    !strcmp(word[0], "resize"))
		return read_event(rd, word, n);
	if (strcmp(word[0], "end") == 0)
		return read_end(rd, word, n);
	return say(rd, "not an input of a flight");
}

/* Each line whole: printable, short, ended by a newline. */
static int
next_line(struct reader *rd, const char **text, const char *stop,
    char *line)
{
	const char *p = *text, *nl = memchr(p, '\n', (size_t)(stop - p));
	size_t len, i;

	rd->line++;
	if (!nl)
		return say(rd, "truncated: the last line has no end");
	len = (size_t)(nl - p);
	if (len > RECORD_MAX_LINE)
		return say(rd, "a line too long");
	for (i = 0; i < len; i++)
		if ((unsigned char)p[i] < 0x20 || (unsigned char)p[i] > 0x7e)
			return say(rd, "not text");
	memcpy(line, p, len);
	line[len] = '\0';
	*text = nl + 1;
	return 0;
}

int
record_parse(struct record *r, const char *text, size_t len,
    const char *name, const char *build, char *msg, size_t msglen)
{
	struct reader rd;
	const char *stop = text + len;
	char line[RECORD_MAX_LINE + 1];

	memset(r, 0, sizeof *r);
	memset(&rd, 0, sizeof rd);
	rd.r = r;
	rd.name = name;
	rd.build = build;
	rd.msg = msg;
	rd.msglen = msglen;
	while (text < stop) {
		if (next_line(&rd, &text, stop, line) < 0 ||
		    read_line(&rd, line) < 0) {
			record_free(r);
			return -1;
		}
	}
	if (rd.stage < STAGE_EVENTS) {
		rd.line++;
		say(&rd, rd.stage == STAGE_VERSION ? "empty, not a boids record"
		    : "truncated: the record ends before its world line");
		record_free(r);
		return -1;
	}
	if (!r->ended)
		r->end = r->nev ? r->ev[r->nev - 1].step : 0;
	return 0;
}

int
record_load(struct record *r, const char *path, FILE *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, msg[RECORD_MAX_LINE + 128];
	size_t len = 0;
	int rc;

	memset(r, 0, sizeof *r);
	if (f)
		/* The first bytes tell a record: of anything else, nothing
		 * more is read (a device of endless zeros included). */
		buf = slurp(f, MAX_FILE, RECORD_MAGIC, &len);
	if (!buf) {
		fprintf(err, "%s: cannot read record file '%s': %s\n",
		    BOIDS_NAME, path, strerror(errno));
		if (f)
			fclose(f);
		return -2;
	}
	fclose(f);
	if (len >= sizeof RECORD_MAGIC - 1 &&
	    memcmp(buf, RECORD_MAGIC, sizeof RECORD_MAGIC - 1) != 0) {
		fprintf(err, "%s: %s:1: not a boids record\n", BOIDS_NAME, path);
		free(buf);
		return -1;
	}
	rc = record_parse(r, buf, len, path, record_build(), msg, sizeof msg);
	free(buf);
	if (rc < 0)
		fprintf(err, "%s: %s\n", BOIDS_NAME, msg);
	return rc;
}

void
record_free(struct record *r)
{
	size_t i;

	for (i = 0; i < r->nargs; i++)
		free(r->args[i]);
	free(r->args);
	free(r->ev);
	memset(r, 0, sizeof *r);
}

/* ---- Replaying ---- */

/*
 * A replay flies the record's options and no others: an option that
 * shapes the flight may not be given again, whether the record set it or
 * left it at its default, which is a choice too.
 */
static int
conflict(const struct options *o, const char *path, FILE *err)
{
	size_t i;

	if (options_find(o, "size")) {
		fprintf(err, "%s: --size: the record '%s' gives the world's "
		    "size\n", BOIDS_NAME, path);
		return -1;
	}
	for (i = 0; i < o->ngiven; i++) {
		if (!o->given[i].kept)
			continue;
		fprintf(err, "%s: --%s: the record '%s' sets the flight's "
		    "options; leave it out\n", BOIDS_NAME, o->given[i].name,
		    path);
		return -1;
	}
	return 0;
}

enum options_result
record_options(const struct record *r, struct options *o, int argc,
    char **argv, FILE *err)
{
	char **all;
	size_t i, n = 0;
	enum options_result res;
	const char *path = o->replay;

	if (conflict(o, path, err) < 0) {
		fprintf(err, "Try '%s --help'.\n", BOIDS_NAME);
		return OPTIONS_ERROR;
	}
	all = malloc((r->nargs + (size_t)argc + 1) * sizeof *all);
	if (!all) {
		fprintf(err, "%s: out of memory\n", BOIDS_NAME);
		return OPTIONS_ERROR;
	}
	all[n++] = argv[0];
	for (i = 0; i < r->nargs; i++)
		all[n++] = r->args[i];
	for (i = 1; i < (size_t)argc; i++)
		all[n++] = argv[i];
	all[n] = NULL;
	res = options_parse(o, (int)n, all, stdout, err);
	free(all);
	return res;
}

const struct record_event *
record_due(const struct record *r, size_t *next, long step)
{
	/* Inputs before this step are past: a terminal that could not keep
	 * up still gets them, late rather than never. */
	if (*next < r->nev && r->ev[*next].step <= step)
		return &r->ev[(*next)++];
	return NULL;
}

void
record_apply(const struct record_event *e, struct session *s,
    const struct options *o)
{
	struct flock_params p;
	struct flock_view v;
	struct input_event ev;
	int help = s->help;

	switch (e->kind) {
	case RECORD_KEY:
		memset(&ev, 0, sizeof ev);
		ev.key = e->key;
		s->help = 0;
		(void)input_handle(s, &ev);
		s->help = help;
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
		options_resize(o, s->flock, (float)e->x, (float)e->y);
		break;
	}
}

void
record_mark(struct record_mark *m, const struct session *s)
{
	struct flock_view v;

	memset(m, 0, sizeof *m);
	flock_get_view(s->flock, &v);
	m->params = *flock_params(s->flock);
	m->selected = s->selected;
	m->goal_next = s->goal_next;
	m->restarts = (unsigned long long)s->restarts;
	m->npred = v.npred;
}

/*
 * The parameters are floats and ints alone, with no padding between, so
 * their bytes compare them, fields added later included; a -0 for a 0
 * counts as a change, which only keeps a key too many, and a NaN (which
 * the engine never lets in) would not hide one.
 */
int
record_changed(const struct record_mark *m, const struct session *s)
{
	struct record_mark now;

	record_mark(&now, s);
	/* NOLINTNEXTLINE(bugprone-suspicious-memory-comparison,cert-exp42-c,cert-flp37-c) */
	return memcmp(&now.params, &m->params, sizeof now.params) != 0 ||
	    now.selected != m->selected || now.goal_next != m->goal_next ||
	    now.restarts != m->restarts || now.npred != m->npred;
}

/* ---- Writing ---- */

struct record_writer {
	int fd;
	const char *path;
	off_t good;             /* bytes in complete lines */
	int failed;
};

struct record_writer *
record_create(const char *path, FILE *err)
{
	struct record_writer *w;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);

	if (fd < 0) {
		fprintf(err, "%s: cannot write record file '%s': %s\n",
		    BOIDS_NAME, path, strerror(errno));
		return NULL;
	}
	if (!(w = malloc(sizeof *w))) {
		close(fd);
		fprintf(err, "%s: out of memory\n", BOIDS_NAME);
		return NULL;
	}
	w->fd = fd;
	/* A file size limit then fails the write rather than killing the
	 * program with the terminal still raw. */
	signal(SIGXFSZ, SIG_IGN);
	w->path = path;
	w->good = 0;
	w->failed = 0;
	return w;
}

const char *
record_path(const struct record_writer *w)
{
	return w->path;
}

/* One line, whole or not at all. */
static int
put_line(struct record_writer *w, const char *line)
{
	size_t len = strlen(line), done = 0;
	int saved;

	if (w->failed)
		return -1;
	while (done < len) {
		ssize_t n = write(w->fd, line + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			saved = n < 0 ? errno : ENOSPC;
			(void)ftruncate(w->fd, w->good);
			w->failed = 1;
			errno = saved;
			return -1;
		}
		done += (size_t)n;
	}
	w->good += (off_t)len;
	return 0;
}

int
record_begin(struct record_writer *w, const struct options *o, float ww,
    float wh)
{
	char line[RECORD_MAX_LINE + 1];
	size_t i;

	snprintf(line, sizeof line, "boids-record %d\n", RECORD_VERSION);
	if (put_line(w, line) < 0)
		return -1;
	snprintf(line, sizeof line, "build %s\n", record_build());
	if (put_line(w, line) < 0)
		return -1;
	for (i = 0; i < o->ngiven; i++) {
		const struct options_given *g = &o->given[i];

		if (!g->kept || strcmp(g->name, "seed") == 0)
			continue;
		snprintf(line, sizeof line, "option %s%s%s\n", g->name,
		    g->value ? " " : "", g->value ? g->value : "");
		if (put_line(w, line) < 0)
			return -1;
	}
	snprintf(line, sizeof line, "option seed %llu\nworld %.0f %.0f\n",
	    (unsigned long long)o->seed, (double)ww, (double)wh);
	return put_line(w, line);
}

int
record_key(struct record_writer *w, long step, int key)
{
	char line[64];

	snprintf(line, sizeof line, "key %ld %d\n", step, key);
	return put_line(w, line);
}

/* Seventeen digits carry a double exactly, and the goal's fraction is
 * then the same float again when divided by the same world. */
int
record_click(struct record_writer *w, long step, double x, double y)
{
	char line[96];

	snprintf(line, sizeof line, "click %ld %.17g %.17g\n", step, x, y);
	return put_line(w, line);
}

int
record_resize(struct record_writer *w, long step, float ww, float wh)
{
	char line[64];

	snprintf(line, sizeof line, "resize %ld %.0f %.0f\n", step, (double)ww,
	    (double)wh);
	return put_line(w, line);
}

int
record_finish(struct record_writer *w, long step)
{
	char line[64];
	int rc;

	snprintf(line, sizeof line, "end %ld\n", step);
	rc = put_line(w, line);
	if (close(w->fd) < 0 && rc == 0)
		rc = -1;
	free(w);
	return rc;
}
