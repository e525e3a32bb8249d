/*
 * cast.c: writing the session as an asciicast v2 file.
 *
 * Each write to the terminal becomes one event line of a journal
 * (journal.c), sent as it happens, so the file keeps up with the screen;
 * a write that fails cuts the file back to its last whole line and stops
 * the writer, and the caller ends the session with the error. Room is
 * kept under the file's limits for the bytes that restore the screen,
 * which end a cast cut short as they end one cut by a fault. The output is
 * turned into a JSON string byte by byte: ASCII as itself, with quotes,
 * backslashes and control characters escaped; each well-formed UTF-8
 * character (utf8.c says which are) as itself; any other byte as U+FFFD,
 * the way a terminal shows it. A character cut short at the end of a
 * write waits for the rest in the next one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cast.h"
#include "journal.h"
#include "lib/clock.h"
#include "lib/say.h"
#include "lib/utf8.h"

struct cast {
	struct journal *j;
	long long start;        /* ns, on the program's clock */
	unsigned char carry[3]; /* the start of a character cut short */
	size_t ncarry;
	char *line;
	size_t cap;
	char *fault;            /* the fault's event, its time left out */
	size_t nfault;
};

/* Room before the fault's event for its start: [seconds, "o", */
#define FAULT_HEAD 40

struct cast *
cast_create(const char *path, FILE *err)
{
	struct cast *c = calloc(1, sizeof *c);

	if (!c) {
		say_no_memory(err);
		return NULL;
	}
	if (!(c->j = journal_create(path, "cast", err))) {
		free(c);
		return NULL;
	}
	return c;
}

const char *
cast_path(const struct cast *c)
{
	return journal_path(c->j);
}

void
cast_say_links(const struct cast *c, FILE *err)
{
	journal_say_links(c->j, err);
}

int
cast_keep(struct cast *c)
{
	return journal_keep(c->j);
}

int
cast_error(const struct cast *c)
{
	return journal_error(c->j);
}

/* Room for a line of at least len bytes. */
static int
reserve(struct cast *c, size_t len)
{
	char *more;

	if (len <= c->cap)
		return 0;
	more = realloc(c->line, len);
	if (!more) {
		journal_fail(c->j, ENOMEM);
		return -1;
	}
	c->line = more;
	c->cap = len;
	return 0;
}

static double
seconds(const struct cast *c)
{
	return (double)(clock_now() - c->start) / 1e9;
}

/* An ASCII byte as JSON: itself, or its escape. */
static size_t
put_escape(char *out, unsigned b)
{
	static const char hex[] = "0123456789abcdef";
	char e = 0;

	switch (b) {
	case '"': e = '"'; break;
	case '\\': e = '\\'; break;
	case '\n': e = 'n'; break;
	case '\r': e = 'r'; break;
	case '\t': e = 't'; break;
	default: break;
	}
	if (e) {
		out[0] = '\\';
		out[1] = e;
		return 2;
	}
	if (b >= 0x20 && b < 0x7f) {
		out[0] = (char)b;
		return 1;
	}
	out[0] = '\\';
	out[1] = 'u';
	out[2] = '0';
	out[3] = '0';
	out[4] = hex[b >> 4];
	out[5] = hex[b & 15];
	return 6;
}

/* U+FFFD, for a byte that is no part of a character. */
static size_t
put_replacement(char *out)
{
	static const char fffd[] = "\\ufffd";
	size_t n = sizeof fffd - 1;

	memcpy(out, fffd, n);
	return n;
}

/*
 * What comes next at s (n bytes to the end of the output) as JSON at
 * out + *o: an ASCII byte, a whole character (utf8.c says which are
 * whole), or U+FFFD for a byte that is no part of one. How many bytes
 * of s it took; 0 for a character cut short by the end, which waits
 * for the rest unless this is the output's last.
 */
static size_t
put_piece(char *out, size_t *o, const char *s, size_t n, int last)
{
	unsigned long cp;
	int len = utf8_decode(s, n, &cp);

	if (len == 1 && cp < 0x80) {
		*o += put_escape(out + *o, (unsigned)cp);
		return 1;
	}
	if (len > 0) {
		memcpy(out + *o, s, (size_t)len);
		*o += (size_t)len;
		return (size_t)len;
	}
	if (len == 0 && !last)
		return 0;
	*o += put_replacement(out + *o);
	return 1;
}

/* The start of a character cut short, n bytes, held for the next call. */
static void
hold(unsigned char *carry, size_t *ncarry, const char *s, size_t n)
{
	memcpy(carry, s, n);
	*ncarry = n;
}

size_t
cast_json(char *out, const char *buf, size_t len, unsigned char *carry,
    size_t *ncarry, int last)
{
	/* The carry, and as much of buf as a character begun in the carry
	 * can reach into: it ends within these bytes, or they are all. */
	char head[2 * UTF8_MAX];
	size_t nc = *ncarry, nhead = nc + (len < UTF8_MAX - 1 ? len :
	    UTF8_MAX - 1), i = 0, o = 0, took = 1;

	memcpy(head, carry, nc);
	memcpy(head + nc, buf, nhead - nc);
	*ncarry = 0;
	out[o++] = '"';
	while (i < nc && (took = put_piece(out, &o, head + i, nhead - i,
	    last)) > 0)
		i += took;
	if (!took)
		hold(carry, ncarry, head + i, nhead - i);
	for (i -= nc; took && i < len; i += took)
		if (!(took = put_piece(out, &o, buf + i, len - i, last)))
			hold(carry, ncarry, buf + i, len - i);
	out[o++] = '"';
	out[o] = '\0';
	return o;
}

/* One event: [seconds, "kind", json]; none for output that is all
 * held back, the start of a character alone. */
static int
put_event(struct cast *c, const char *kind, const char *buf, size_t len,
    int last)
{
	size_t at, json;
	int n;

	if (journal_error(c->j) || reserve(c, 6 * (len + 3) + 64) < 0) {
		errno = journal_error(c->j);
		return -1;
	}
	n = snprintf(c->line, c->cap, "[%.6f, \"%s\", ", seconds(c), kind);
	if (n < 0)
		return -1;
	at = (size_t)n;
	json = cast_json(c->line + at, buf, len, c->carry, &c->ncarry, last);
	if (json == 2 && kind[0] == 'o')
		return 0;
	at += json;
	memcpy(c->line + at, "]\n", 3);
	return journal_write(c->j, c->line, at + 2);
}

void
cast_output(void *arg, const char *buf, size_t len)
{
	(void)put_event(arg, "o", buf, len, 0);
}

int
cast_resize(struct cast *c, int cols, int rows)
{
	char size[32];

	snprintf(size, sizeof size, "%dx%d", cols, rows);
	return put_event(c, "r", size, strlen(size), 1);
}

int
cast_prepare_fault(struct cast *c, const char *bytes, size_t len)
{
	unsigned char carry[3] = { 0 };
	size_t nc = 0, json;
	char *line = malloc(FAULT_HEAD + 6 * len + 5);

	if (!line)
		return -1;
	json = cast_json(line + FAULT_HEAD, bytes, len, carry, &nc, 1);
	memcpy(line + FAULT_HEAD + json, "]\n", 3);
	free(c->fault);
	c->fault = line;
	c->nfault = json + 2;
	journal_reserve(c->j, FAULT_HEAD + c->nfault);
	return 0;
}

/* The digits of v, right to left, ending at end; where they begin. */
static char *
digits_before(char *end, long long v, int width)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (--width > 0 || v > 0);
	return end;
}

void
cast_fault_end(void *arg)
{
	struct cast *c = arg;
	static const char kind[] = ", \"o\", ";
	long long ns;
	char *at;

	if (!c->fault)
		return;
	ns = clock_now() - c->start;
	if (ns < 0)
		ns = 0;
	at = c->fault + FAULT_HEAD - (sizeof kind - 1);
	memcpy(at, kind, sizeof kind - 1);
	at = digits_before(at, ns / 1000 % 1000000, 6);
	*--at = '.';
	at = digits_before(at, ns / CLOCK_NS_PER_S, 1);
	*--at = '[';
	journal_write_last(c->j, at, (size_t)(c->fault + FAULT_HEAD -
	    at) + c->nfault);
}

/* An environment variable as a JSON member, or nothing when unset. */
static size_t
env_member(char *out, const char *name, int first)
{
	const char *v = getenv(name);
	unsigned char carry[3] = { 0 };
	size_t nc = 0, o;

	if (!v)
		return 0;
	o = (size_t)sprintf(out, "%s\"%s\": ", first ? "" : ", ", name);
	return o + cast_json(out + o, v, strlen(v), carry, &nc, 1);
}

int
cast_begin(struct cast *c, int cols, int rows)
{
	const char *term = getenv("TERM"), *shell = getenv("SHELL");
	size_t need = 6 * ((term ? strlen(term) : 0) +
	    (shell ? strlen(shell) : 0) + 6) + 160, at;

	c->start = clock_now();
	if (reserve(c, need) < 0) {
		errno = journal_error(c->j);
		return -1;
	}
	at = (size_t)sprintf(c->line, "{\"version\": 2, \"width\": %d, "
	    "\"height\": %d, \"timestamp\": %lld, \"env\": {", cols, rows,
	    clock_wall(NULL));
	at += env_member(c->line + at, "TERM", 1);
	at += env_member(c->line + at, "SHELL", !term);
	memcpy(c->line + at, "}}\n", 4);
	return journal_write(c->j, c->line, at + 3);
}

int
cast_finish(struct cast *c)
{
	int rc = 0;

	if (c->ncarry > 0 && !journal_error(c->j))
		rc = put_event(c, "o", "", 0, 1);
	/* Cut short, the cast still gives its viewer's terminal back, in
	 * the room kept for it. */
	if (journal_error(c->j))
		cast_fault_end(c);
	if (journal_close(c->j) < 0)
		rc = -1;
	free(c->line);
	free(c->fault);
	free(c);
	return rc;
}
