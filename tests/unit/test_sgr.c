/*
 * test_sgr.c: the rendition filter between curses and the terminal.
 *
 * Hand-worked streams as curses writes them for xterm and for screen
 * (tmux), each with the bytes they must come to: bold off alone, no
 * colour set again that did not change, no charset designated again,
 * nothing for a blank that does not show on one, a palette colour said
 * as RGB when asked. Then random streams through a model terminal of
 * its own, fed whole and in random pieces: every character must show in
 * the same rendition after the filter as before it (a blank in what
 * shows on a blank), with the same motions, text and other sequences in
 * the same order, and the pieces must change nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "term/sgr.h"

struct sink {
	char buf[1 << 16];
	size_t len;
};

static void
sink_emit(void *arg, const char *buf, size_t len)
{
	struct sink *k = arg;

	CHECK(k->len + len < sizeof k->buf);
	if (k->len + len >= sizeof k->buf)
		return;
	memcpy(k->buf + k->len, buf, len);
	k->len += len;
	k->buf[k->len] = '\0';
}

/* What in comes to, fed whole and flushed, from a filter that knows
 * nothing of the terminal yet. */
static const char *
filtered(struct sgr *s, struct sink *k, const char *in)
{
	k->len = 0;
	k->buf[0] = '\0';
	sgr_feed(s, in, strlen(in));
	sgr_flush(s);
	return k->buf;
}

static void
check_stream(const char *in, const char *want)
{
	static struct sgr s;
	static struct sink k;
	const char *got;

	sgr_init(&s, sink_emit, &k);
	got = filtered(&s, &k, in);
	CHECK(strcmp(got, want) == 0);
	if (strcmp(got, want) != 0)
		fprintf(stderr, "  got  %s\n  want %s\n", got + 0, want);
}

#define ARROW "\xe2\x86\x92"
#define DOT "\xe2\xa0\x81"

static void
test_streams(void)
{
	static struct sgr s;
	static struct sink k;

	/* xterm-256color: sgr brings Esc ( B and a reset with it; a crowd's
	 * bold costs Esc [ 1 m and Esc [ 2 2 m, nothing more. */
	check_stream("\033(B\033[0;1m\033[38;5;74m" ARROW
	    "\033(B\033[0m\033[38;5;74m" ARROW
	    "\033(B\033[0;1m\033[38;5;74m" ARROW,
	    "\033(B\033[0;1;38;5;74m" ARROW "\033[22m" ARROW "\033[1m" ARROW);
	/* screen (tmux): SI with every sgr0, sent once. */
	check_stream("\033[0;1m\017\033[36m" ARROW "\033[0m\017\033[36m"
	    ARROW "\033[0m\017",
	    "\017\033[0;1;36m" ARROW "\033[22m" ARROW "\033[m");
	/* A motion between changes costs no change of its own. */
	check_stream("\033[38;5;81m" DOT "\033[38;5;74m\033[5;9H"
	    "\033[38;5;81m" DOT,
	    "\033[0;38;5;81m" DOT "\033[5;9H" DOT);
	/* Blanks between dots of one colour, drawn in another: none. */
	check_stream("\033[38;5;81m" DOT "\033[38;5;74m  \033[38;5;81m" DOT,
	    "\033[0;38;5;81m" DOT "  " DOT);
	/* Erasing shows only the background too; what curses asked for
	 * last is sent at the end. */
	check_stream("\033[38;5;81m" DOT "\033[38;5;74m\033[K",
	    "\033[0;38;5;81m" DOT "\033[K\033[38;5;74m");
	/* But a blank in reverse video shows its colours; the reset is
	 * shorter here than what changed. */
	check_stream("\033[38;5;81m" DOT "\033[0;7m ",
	    "\033[0;38;5;81m" DOT "\033[0;7m ");
	/* Bold and dim go off together: the one that stays comes back. */
	check_stream("\033[1;2;4mx\033[0;2;4my",
	    "\033[0;1;2;4mx\033[22;2my");
	/* Only the last of several changes goes. */
	check_stream("\033[1m\033[4m\033[0m\033[33mx", "\033[0;33mx");
	/* A charset changed and changed back is none. */
	check_stream("\033(Bx\033(0\033(By", "\033(B\033[mxy");
	/* A parameter not modelled goes as it came, and what follows too,
	 * till a reset. */
	check_stream("\033[1mx\033[4:3my\033[22mz\033[0;1mw\033[22mv",
	    "\033[0;1mx\033[4:3my\033[22mz\033[0;1mw\033[mv");
	/* Saving the cursor saves the rendition, sent first; restoring it
	 * brings that back, and curses goes on from there (as around a
	 * scrolling region). */
	check_stream("\033[1mx\033[4m\0337\033[0my\0338z\033[0;4mw",
	    "\033[0;1mx\033[4m\0337\033[my\0338z\033[22mw");
	/* Restoring what was never saved brings back what is not known
	 * here: changes go as they come till a reset. */
	check_stream("\033[1mx\0338\033[1my\033[mz\033[1mw",
	    "\033[0;1mx\0338\033[1my\033[mz\033[1mw");
	/* A sequence cut off at the end goes as it came. */
	check_stream("\033[1mx\033[3", "\033[0;1mx\033[3");

	/* Colours said as RGB, for a terminal of direct colour. */
	sgr_init(&s, sink_emit, &k);
	sgr_direct(&s, 74, 0x5fafd7);
	CHECK(strcmp(filtered(&s, &k, "\033[38;5;74mx\033[38;5;75my"),
	    "\033[0;38;2;95;175;215mx\033[38;5;75my") == 0);
	sgr_direct(&s, 74, -1);
	CHECK(strcmp(filtered(&s, &k, "\033[38;5;74mx"),
	    "\033[38;5;74mx") == 0);
	/* Once sent, the rendition is known: the next frame starts from it,
	 * unless someone else wrote to the terminal meanwhile. */
	sgr_init(&s, sink_emit, &k);
	CHECK(strcmp(filtered(&s, &k, "\033[1mx"), "\033[0;1mx") == 0);
	CHECK(strcmp(filtered(&s, &k, "\033[1my"), "y") == 0);
	sgr_forget(&s);
	CHECK(strcmp(filtered(&s, &k, "z"), "\033[0;1mz") == 0);
}

/* ---- A model terminal ---- */

struct look {
	unsigned flags;
	char fg[32], bg[32];
	char g0;
	int shift;
};

struct model {
	struct look now, saved;
	char trace[1 << 17];   /* what shows and moves, in order */
	size_t len;
};

static void
trace(struct model *m, const char *text)
{
	size_t n = strlen(text);

	if (m->len + n >= sizeof m->trace)
		return;
	memcpy(m->trace + m->len, text, n + 1);
	m->len += n;
}

/* One SGR's parameters, as a terminal reads them. */
static void
model_sgr(struct model *m, const char *p, size_t len)
{
	char text[64];
	char *f, *save = NULL;

	if (len >= sizeof text)
		len = sizeof text - 1;
	memcpy(text, p, len);
	text[len] = '\0';
	if (len == 0) {
		m->now.flags = 0;
		m->now.fg[0] = m->now.bg[0] = '\0';
		return;
	}
	for (f = strtok_r(text, ";", &save); f;
	    f = strtok_r(NULL, ";", &save)) {
		int v = atoi(f);

		if (strchr(f, ':')) {
			if (v == 38)
				snprintf(m->now.fg, sizeof m->now.fg, "%s", f);
			else if (v == 48)
				snprintf(m->now.bg, sizeof m->now.bg, "%s", f);
			else
				m->now.flags |= 1u << 12;  /* curly: marked */
		} else if (v == 38 || v == 48) {
			char *how = strtok_r(NULL, ";", &save), *n;
			char *col = v == 38 ? m->now.fg : m->now.bg;

			if (how && atoi(how) == 5 && (n = strtok_r(NULL, ";",
			    &save)))
				snprintf(col, 32, "5:%s", n);
			else if (how && atoi(how) == 2) {
				char *r = strtok_r(NULL, ";", &save);
				char *g = strtok_r(NULL, ";", &save);
				char *b = strtok_r(NULL, ";", &save);

				snprintf(col, 32, "2:%s:%s:%s", r ? r : "",
				    g ? g : "", b ? b : "");
			}
		} else if (v == 0) {
			m->now.flags = 0;
			m->now.fg[0] = m->now.bg[0] = '\0';
		} else if (v == 22) {
			m->now.flags &= ~(1u << 1 | 1u << 2);
		} else if (v >= 1 && v <= 9) {
			m->now.flags |= 1u << v;
		} else if (v >= 23 && v <= 29) {
			m->now.flags &= ~(1u << (v - 20));
		} else if (v == 39) {
			m->now.fg[0] = '\0';
		} else if (v == 49) {
			m->now.bg[0] = '\0';
		} else if ((v >= 30 && v <= 37) || (v >= 90 && v <= 97)) {
			snprintf(m->now.fg, sizeof m->now.fg, "%d", v);
		} else if ((v >= 40 && v <= 47) || (v >= 100 && v <= 107)) {
			snprintf(m->now.bg, sizeof m->now.bg, "%d", v);
		}
	}
}

/* A blank's look: what shows on one; everything in reverse video. */
static void
trace_look(struct model *m, int blank)
{
	char text[160];

	if (blank && !(m->now.flags & (1u << 7)))
		snprintf(text, sizeof text, "[%x|%s|%c%d]", m->now.flags &
		    (1u << 4 | 1u << 8 | 1u << 9 | 1u << 12), m->now.bg,
		    m->now.g0 ? m->now.g0 : 'B', m->now.shift);
	else
		snprintf(text, sizeof text, "[%x|%s|%s|%c%d]", m->now.flags,
		    m->now.fg, m->now.bg, m->now.g0 ? m->now.g0 : 'B',
		    m->now.shift);
	trace(m, text);
}

static void
model_run(struct model *m, const char *b, size_t n)
{
	size_t i = 0;

	memset(m, 0, sizeof *m);
	while (i < n) {
		unsigned char c = (unsigned char)b[i];
		char text[80];

		if (c == 0x0e || c == 0x0f) {
			m->now.shift = c == 0x0e;
			i++;
		} else if (c == 0x1b && i + 1 < n && b[i + 1] == '(') {
			m->now.g0 = b[i + 2];
			i += 3;
		} else if (c == 0x1b && i + 1 < n && b[i + 1] == '[') {
			size_t j = i + 2;

			while (j < n && !(b[j] >= 0x40 && b[j] <= 0x7e))
				j++;
			if (b[j] == 'm') {
				model_sgr(m, b + i + 2, j - i - 2);
			} else {
				if (b[j] == 'K' || b[j] == 'X')
					trace_look(m, 1);
				snprintf(text, sizeof text, "{%.*s}",
				    (int)(j - i - 1), b + i + 1);
				trace(m, text);
				if (j - i - 2 >= 5 &&
				    memcmp(b + i + 2, "?1049", 5) == 0)
					b[j] == 'h' ? (void)(m->saved = m->now) :
					    (void)(m->now = m->saved);
			}
			i = j + 1;
		} else if (c == 0x1b) {
			if (b[i + 1] == '7')
				m->saved = m->now;
			if (b[i + 1] == '8')
				m->now = m->saved;
			snprintf(text, sizeof text, "{%c}", b[i + 1]);
			trace(m, text);
			i += 2;
		} else if (c == '\r' || c == '\b') {
			trace(m, c == '\r' ? "{CR}" : "{BS}");
			i++;
		} else {
			size_t len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ?
			    3 : 4;

			trace_look(m, c == ' ');
			snprintf(text, sizeof text, "%.*s", (int)len, b + i);
			trace(m, text);
			i += len;
		}
	}
}

static const char *const pieces[] = {
	"\033[0m", "\033[m", "\033[1m", "\033[22m", "\033[0;1m", "\033[2m",
	"\033[38;5;74m", "\033[38;5;204m", "\033[39m", "\033[39;49m",
	"\033[7m", "\033[27m", "\033[4m", "\033[24m", "\033[0;7m",
	"\033[0;4;7m", "\033[48;5;17m", "\033[49m", "\033[38:2::1:2:3m",
	"\033[3m", "\033[9m", "\033[29m", "\033[0;4:3m",
	"\033(B", "\033(0", "\017", "\016",
	"\033[5;7H", "\r", "\b", "\033[12d", "\033[3G", "\033[2C",
	"a", "b", ARROW, DOT, " ", "  ", "\033[K", "\033[3X",
	"\033[?25l", "\0337", "\0338", "\033[?1049h", "\033[?1049l"
};

static void
test_model(void)
{
	static char in[1 << 14];
	static struct model a, b;
	static struct sgr s, t;
	static struct sink k, whole;
	unsigned seed = 12345;
	int run;

	for (run = 0; run < 300; run++) {
		size_t len = 0, at;
		int p;

		for (p = 0; p < 200; p++) {
			const char *piece;

			seed = seed * 1103515245u + 12345u;
			piece = pieces[(seed >> 16) % (sizeof pieces /
			    sizeof pieces[0])];
			memcpy(in + len, piece, strlen(piece));
			len += strlen(piece);
		}
		in[len] = '\0';
		sgr_init(&s, sink_emit, &whole);
		whole.len = 0;
		sgr_feed(&s, in, len);
		sgr_flush(&s);
		model_run(&a, in, len);
		model_run(&b, whole.buf, whole.len);
		CHECK(strcmp(a.trace, b.trace) == 0);
		if (strcmp(a.trace, b.trace) != 0) {
			fprintf(stderr, "run %d differs\n", run);
			break;
		}
		/* In pieces: the same bytes. */
		sgr_init(&t, sink_emit, &k);
		k.len = 0;
		for (at = 0; at < len;) {
			size_t n;

			seed = seed * 1103515245u + 12345u;
			n = 1 + (seed >> 16) % 9;
			n = n < len - at ? n : len - at;
			sgr_feed(&t, in + at, n);
			at += n;
		}
		sgr_flush(&t);
		CHECK(k.len == whole.len && memcmp(k.buf, whole.buf,
		    k.len) == 0);
	}
}

int
main(void)
{
	test_streams();
	test_model();
	return check_exit("test_sgr");
}
