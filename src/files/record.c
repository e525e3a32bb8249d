/*
 * record.c: a flight kept as a small text file, and read back.
 *
 * The writer makes each line as soon as the input it keeps has happened
 * and sends it through a journal (journal.c), which leaves the file at
 * its last whole line whatever fails, so that it still reads. The reader
 * takes the whole file first, within a bound (slurp.c), and is strict:
 * every line is checked whole, numbers completely and against their
 * ranges, options through the command line's own parser, steps in order
 * and clicks inside the world, so a damaged record is refused at the
 * line where the damage is, never flown. What a replay does with the
 * inputs is the session's (session.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lib/number.h"
#include "lib/say.h"
#include "lib/slurp.h"
#include "lib/version.h"
#include "record.h"

#define MAX_WORDS 4
#define MAX_KEY 0x10ffff
/* What every record begins with. */
#define RECORD_MAGIC "boids-record "

/* Why an option line is refused when it names no option of a flight. */
#define NOT_KEPT "an option a record does not keep"

/* The most bytes of a text a line carries (a sign's), decoded. */
#define MAX_TEXT OPTABLE_SAY_MAX

/* ---- Texts in a line ---- */

/* Whether byte c is written as %XX: a blank or a control, a percent
 * sign, or no ASCII. */
static int
escaped(unsigned char c)
{
	return c <= 0x20 || c >= 0x7f || c == '%';
}

/* text as a word of a line, into out (len bytes, 3 a byte at most). */
static void
encode(const char *text, char *out, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t k = 0;

	for (; *text && k + 4 <= len; text++) {
		unsigned char c = (unsigned char)*text;

		if (escaped(c)) {
			out[k++] = '%';
			out[k++] = hex[c >> 4];
			out[k++] = hex[c & 15];
		} else {
			out[k++] = (char)c;
		}
	}
	out[k] = '\0';
}

static int
hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* A word of a line back into its text, in out (len bytes); -1 when an
 * escape is not % and two hex digits, stands for NUL, or the text is
 * longer than len allows. */
static int
decode(const char *word, char *out, size_t len)
{
	size_t k = 0;

	for (; *word; k++) {
		int hi, lo;

		if (k + 1 >= len)
			return -1;
		if (*word != '%') {
			out[k] = *word++;
			continue;
		}
		hi = hex_digit(word[1]);
		lo = hi < 0 ? -1 : hex_digit(word[2]);
		if (lo < 0 || (hi == 0 && lo == 0))
			return -1;
		out[k] = (char)(hi * 16 + lo);
		word += 3;
	}
	out[k] = '\0';
	return 0;
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
refuse(struct reader *rd, const char *what)
{
	snprintf(rd->msg, rd->msglen, "%s:%ld: %s", say_name(rd->name),
	    rd->line, what);
	return -1;
}

/* Out of memory is no damage in the record: its own status. */
static int
exhausted(struct reader *rd)
{
	refuse(rd, "out of memory");
	return RECORD_NO_MEMORY;
}

/* An integer in [lo, hi]. */
static int
word_long(const char *text, long lo, long hi, long *out)
{
	long long v;

	if (number_int(text, lo, hi, &v) < 0)
		return -1;
	*out = (long)v;
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
		return exhausted(rd);
	argv[0] = (char *)BOIDS_NAME;
	argv[1] = (char *)arg;
	argv[2] = NULL;
	res = options_parse(o, 2, argv, err, err);
	fclose(err);
	/* An option that prints (help, version) is no option of a flight:
	 * what it printed is no reason. */
	if (res != OPTIONS_ERROR) {
		free(text);
		return res == OPTIONS_RUN ? 0 :
		    refuse(rd, NOT_KEPT);
	}
	why = text ? text : "";
	if (strncmp(why, BOIDS_NAME ": ", sizeof BOIDS_NAME + 1) == 0)
		why += sizeof BOIDS_NAME + 1;
	if ((nl = strchr(why, '\n')) != NULL)
		*nl = '\0';
	refuse(rd, *why ? why : "not an option");
	free(text);
	return -1;
}

static int
read_option(struct reader *rd, char **word, int n)
{
	char arg[RECORD_MAX_LINE + 8], value[RECORD_MAX_LINE + 1];
	struct options o;
	const struct ledger_entry *g;
	size_t i;
	int rc;

	if (n < 2 || n > 3)
		return refuse(rd, "an option line is 'option NAME [VALUE]'");
	for (i = 0; i < rd->r->nargs; i++) {
		const char *have = rd->r->args[i] + 2;
		size_t len = strcspn(have, "=");

		if (strlen(word[1]) == len && !strncmp(have, word[1], len))
			return refuse(rd, "an option given twice");
	}
	if (n == 3 && decode(word[2], value, sizeof value) < 0)
		return refuse(rd, "a value with a broken %-escape");
	snprintf(arg, sizeof arg, "--%s%s%s", word[1], n == 3 ? "=" : "",
	    n == 3 ? value : "");
	if ((rc = check_option(rd, arg, &o)) < 0)
		return rc;
	/* Only an option that shapes the flight belongs in a record, and
	 * only by its whole name. */
	g = o.given.n == 1 ? &o.given.entry[0] : NULL;
	if (!g || strcmp(g->name, word[1]) != 0 || !g->kept)
		return refuse(rd, NOT_KEPT);
	if (strcmp(word[1], "seed") == 0)
		rd->seeded = 1;
	if (add_arg(rd->r, arg) < 0)
		return exhausted(rd);
	return 0;
}

/* A world size: whole world units, as a terminal or --size gives. */
static int
read_size(struct reader *rd, const char *a, const char *b, float *w,
    float *h)
{
	long x, y;

	if (word_long(a, 1, OPTABLE_MAX_SIZE, &x) < 0 ||
	    word_long(b, 1, 2L * OPTABLE_MAX_SIZE, &y) < 0)
		return refuse(rd, "a world size is WIDTH HEIGHT, whole units "
		    "from 1 to 10000 across and 20000 down");
	*w = (float)x;
	*h = (float)y;
	return 0;
}

static int
read_world(struct reader *rd, char **word, int n)
{
	if (n != 3)
		return refuse(rd, "a world line is 'world WIDTH HEIGHT'");
	if (!rd->seeded)
		return refuse(rd, "the record names no seed");
	if (read_size(rd, word[1], word[2], &rd->w, &rd->h) < 0)
		return -1;
	rd->r->w = rd->w;
	rd->r->h = rd->h;
	rd->stage = STAGE_EVENTS;
	return 0;
}

/* A slot for one more input; the table doubles (a record's bytes bound
 * how many there are). */
static int
new_event(struct reader *rd, struct record_event **slot)
{
	struct record *r = rd->r;

	if (r->nev == rd->cap) {
		size_t cap = rd->cap ? 2 * rd->cap : 64;
		struct record_event *more;

		more = realloc(r->ev, cap * sizeof *more);
		if (!more)
			return exhausted(rd);
		r->ev = more;
		rd->cap = cap;
	}
	*slot = &r->ev[r->nev++];
	return 0;
}

static int
read_step(struct reader *rd, const char *text, long *step)
{
	long last = rd->r->nev ? rd->r->ev[rd->r->nev - 1].step : 0;

	if (word_long(text, 0, OPTABLE_MAX_STEPS, step) < 0)
		return refuse(rd, "a step is a whole number from 0 to "
		    "1000000000");
	if (*step < last)
		return refuse(rd, "a step earlier than the line before");
	return 0;
}

/* A sign's text, decoded into a copy of its own: 0, or what refused it
 * (refuse(), or exhausted() when the memory is not there). */
static int
read_text(struct reader *rd, const char *word, char **text)
{
	char buf[MAX_TEXT + 1];

	if (decode(word, buf, sizeof buf) < 0)
		return refuse(rd, "a text with a broken %-escape, or longer "
		    "than 160 bytes");
	if (!(*text = malloc(strlen(buf) + 1)))
		return exhausted(rd);
	strcpy(*text, buf);
	return 0;
}

static int
read_event(struct reader *rd, char **word, int n)
{
	struct record_event e;
	long v;
	int rc;

	memset(&e, 0, sizeof e);
	e.text = NULL;
	if (strcmp(word[0], "key") == 0) {
		if (n != 3)
			return refuse(rd, "a key line is 'key STEP CODE'");
		if (read_step(rd, word[1], &e.step) < 0)
			return -1;
		if (word_long(word[2], 0, MAX_KEY, &v) < 0)
			return refuse(rd, "a key code is a whole number from "
			    "0 to 1114111");
		e.kind = RECORD_KEY;
		e.key = (int)v;
	} else if (strcmp(word[0], "click") == 0) {
		if (n != 4)
			return refuse(rd, "a click line is 'click STEP X Y'");
		if (read_step(rd, word[1], &e.step) < 0)
			return -1;
		if (number_real(word[2], 0.0, rd->w, &e.x) < 0 ||
		    number_real(word[3], 0.0, rd->h, &e.y) < 0)
			return refuse(rd, "a click outside the world");
		e.kind = RECORD_CLICK;
	} else if (strcmp(word[0], "sign") == 0) {
		if (n != 3)
			return refuse(rd, "a sign line is 'sign STEP TEXT'");
		if (read_step(rd, word[1], &e.step) < 0)
			return -1;
		if ((rc = read_text(rd, word[2], &e.text)) < 0)
			return rc;
		e.kind = RECORD_SIGN;
	} else {
		float w = 0.0f, h = 0.0f;

		if (n != 4)
			return refuse(rd, "a resize line is 'resize STEP WIDTH "
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
		struct record_event *slot;

		rc = new_event(rd, &slot);
		if (rc < 0) {
			free(e.text);
			return rc;
		}
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
		return refuse(rd, "an end line is 'end STEP'");
	if (word_long(word[1], 0, OPTABLE_MAX_STEPS, &step) < 0)
		return refuse(rd, "a step is a whole number from 0 to "
		    "1000000000");
	if (step < last)
		return refuse(rd, "the end comes before the last input");
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
		return refuse(rd, "not a boids record");
	if (word_long(word[1], 0, INT_MAX, &v) < 0)
		return refuse(rd, "not a boids record version");
	if (v != RECORD_VERSION) {
		char what[96];

		snprintf(what, sizeof what, "record version %ld; this boids "
		    "reads version %d", v, RECORD_VERSION);
		return refuse(rd, what);
	}
	rd->stage = STAGE_BUILD;
	return 0;
}

/* The build line is compared whole, blanks and all. */
static int
read_build(struct reader *rd, const char *line)
{
	if (strncmp(line, "build ", 6) != 0)
		return refuse(rd, "no build line");
	if (rd->build && strcmp(line + 6, rd->build) != 0)
		return refuse(rd, "recorded by another build of boids");
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
		return refuse(rd, rd->stage == STAGE_VERSION ?
		    "not a boids record" : "a damaged line");
	if (rd->stage == STAGE_VERSION)
		return read_version(rd, word, n);
	if (rd->stage == STAGE_ENDED)
		return refuse(rd, "a line after the end");
	if (rd->stage == STAGE_OPTIONS) {
		if (strcmp(word[0], "option") == 0)
			return read_option(rd, word, n);
		if (strcmp(word[0], "world") == 0)
			return read_world(rd, word, n);
		return refuse(rd, "an option or the world expected");
	}
	if (!strcmp(word[0], "key") || !strcmp(word[0], "click") ||
	    !strcmp(word[0], "resize") || !strcmp(word[0], "sign"))
		return read_event(rd, word, n);
	if (strcmp(word[0], "end") == 0)
		return read_end(rd, word, n);
	return refuse(rd, "not an input of a flight");
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
		return refuse(rd, "truncated: the last line has no end");
	len = (size_t)(nl - p);
	if (len > RECORD_MAX_LINE)
		return refuse(rd, "a line too long");
	for (i = 0; i < len; i++)
		if ((unsigned char)p[i] < 0x20 || (unsigned char)p[i] > 0x7e)
			return refuse(rd, "not text");
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
		int rc = next_line(&rd, &text, stop, line);

		if (rc == 0)
			rc = read_line(&rd, line);
		if (rc < 0) {
			record_free(r);
			return rc;
		}
	}
	if (rd.stage < STAGE_EVENTS) {
		rd.line++;
		refuse(&rd, rd.stage == STAGE_VERSION ?
		    "empty, not a boids record" :
		    "truncated: the record ends before its world line");
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
	const char *why;
	FILE *f = slurp_open(path, &why);
	char *buf = NULL, msg[RECORD_MAX_LINE + SAY_NAME_SHOWN + 128];
	size_t len = 0;
	int rc;

	memset(r, 0, sizeof *r);
	if (f)
		/* The first bytes tell a record: of anything else, nothing
		 * more is read (a device of endless zeros included). */
		buf = slurp(f, RECORD_MAX_BYTES, RECORD_MAGIC, &len);
	if (!buf && f && errno == EFBIG) {
		say(err, "%s: larger than a record can be (%ld bytes, 64 MiB)",
		    say_name(path), RECORD_MAX_BYTES);
		fclose(f);
		return -1;
	}
	if (!buf && f && errno == ENOMEM) {
		say_no_memory(err);
		fclose(f);
		return -2;
	}
	if (!buf) {
		say(err, "cannot read record file '%s': %s", say_name(path),
		    why ? why : strerror(errno));
		if (f)
			fclose(f);
		return -2;
	}
	fclose(f);
	if (len >= sizeof RECORD_MAGIC - 1 &&
	    memcmp(buf, RECORD_MAGIC, sizeof RECORD_MAGIC - 1) != 0) {
		say(err, "%s:1: not a boids record", say_name(path));
		free(buf);
		return -1;
	}
	rc = record_parse(r, buf, len, path, version_build(), msg, sizeof msg);
	free(buf);
	if (rc == RECORD_NO_MEMORY)
		say_no_memory(err);
	else if (rc < 0)
		say(err, "%s", msg);
	return rc;
}

void
record_free(struct record *r)
{
	size_t i;

	for (i = 0; i < r->nargs; i++)
		free(r->args[i]);
	for (i = 0; i < r->nev; i++)
		free(r->ev[i].text);
	free(r->args);
	free(r->ev);
	memset(r, 0, sizeof *r);
}

/* ---- Replaying ---- */

const struct record_event *
record_due(const struct record *r, size_t *next, long step)
{
	/* Inputs before this step are past: a terminal that could not keep
	 * up still gets them, late rather than never. */
	if (*next < r->nev && r->ev[*next].step <= step)
		return &r->ev[(*next)++];
	return NULL;
}

/* ---- Writing ---- */

struct journal *
record_create(const char *path, FILE *err)
{
	struct journal *j = journal_create(path, "record", err);

	if (j)
		journal_limit(j, RECORD_MAX_BYTES);
	return j;
}

/* One line, whole or not at all. */
static int
put_line(struct journal *j, const char *line)
{
	return journal_write(j, line, strlen(line));
}

int
record_begin(struct journal *w, const struct options *o, float ww,
    float wh)
{
	char line[RECORD_MAX_LINE + 1], value[3 * MAX_TEXT + 1];
	size_t i;

	snprintf(line, sizeof line, "boids-record %d\n", RECORD_VERSION);
	if (put_line(w, line) < 0)
		return -1;
	snprintf(line, sizeof line, "build %s\n", version_build());
	if (put_line(w, line) < 0)
		return -1;
	for (i = 0; i < o->given.n; i++) {
		const struct ledger_entry *g = &o->given.entry[i];

		if (!g->kept || strcmp(g->name, "seed") == 0)
			continue;
		if (g->value)
			encode(g->value, value, sizeof value);
		snprintf(line, sizeof line, "option %s%s%s\n", g->name,
		    g->value ? " " : "", g->value ? value : "");
		if (put_line(w, line) < 0)
			return -1;
	}
	snprintf(line, sizeof line, "option seed %llu\nworld %.0f %.0f\n",
	    (unsigned long long)o->seed, (double)ww, (double)wh);
	return put_line(w, line);
}

int
record_key(struct journal *w, long step, int key)
{
	char line[64];

	snprintf(line, sizeof line, "key %ld %d\n", step, key);
	return put_line(w, line);
}

/* Seventeen digits carry a double exactly, and the goal's fraction is
 * then the same float again when divided by the same world. */
int
record_click(struct journal *w, long step, double x, double y)
{
	char line[96];

	snprintf(line, sizeof line, "click %ld %.17g %.17g\n", step, x, y);
	return put_line(w, line);
}

int
record_resize(struct journal *w, long step, float ww, float wh)
{
	char line[64];

	snprintf(line, sizeof line, "resize %ld %.0f %.0f\n", step, (double)ww,
	    (double)wh);
	return put_line(w, line);
}

int
record_sign(struct journal *w, long step, const char *text)
{
	char line[RECORD_MAX_LINE + 1], word[3 * MAX_TEXT + 1];

	encode(text, word, sizeof word);
	snprintf(line, sizeof line, "sign %ld %s\n", step, word);
	return put_line(w, line);
}

int
record_finish(struct journal *w, long step)
{
	char line[64];
	int rc;

	snprintf(line, sizeof line, "end %ld\n", step);
	rc = put_line(w, line);
	if (journal_close(w) < 0)
		rc = -1;
	return rc;
}
