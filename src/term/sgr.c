/*
 * sgr.c: curses' rendition changes made as short as they can be.
 *
 * The bytes are read as a terminal parses them: text, controls, and
 * sequences after an Esc (a control sequence up to its final byte, a
 * charset's designation, a string up to its end). A rendition change
 * (SGR) or a charset's designation or shift changes only the rendition
 * asked for; a cursor motion passes at once, as it shows nothing; a
 * character, a control or any other sequence is preceded by what the
 * terminal must have first. For a blank, and for erasing, which writes
 * blanks, that is only what shows on one: reverse video, the underline
 * and the strike, the background and the charset. A change is sent as the shorter of what differs (each
 * attribute turned off by its own code) and a reset with all that is
 * wanted after it.
 *
 * An SGR with a parameter not modelled here (a curly underline, an
 * underline's colour) cannot be followed: it is passed as it came, and
 * every change after it too, until one begins with a reset. Saving the
 * cursor (DECSC, or entering xterm's alternate screen) saves the
 * rendition and the charset; restoring it brings both back, and curses,
 * which counts on that, goes on from there.
 */
#include <stdio.h>
#include <string.h>

#include "sgr.h"

#define ESC 0x1b
#define BEL 0x07
#define SO 0x0e
#define SI 0x0f

/* The attributes, each with the code that turns it on; those after
 * bold and dim each have their own code to turn off, 20 more. */
enum {
	A_BOLD_ = 1 << 0, A_DIM_ = 1 << 1, A_ITALIC_ = 1 << 2,
	A_UNDER_ = 1 << 3, A_BLINK_ = 1 << 4, A_REV_ = 1 << 5,
	A_INVIS_ = 1 << 6, A_STRIKE_ = 1 << 7, A_COUNT_ = 8
};
static const int on_code[A_COUNT_] = { 1, 2, 3, 4, 5, 7, 8, 9 };

/* What shows on a blank besides its background and charset. */
#define BLANK_SHOWS (A_UNDER_ | A_INVIS_ | A_STRIKE_)

enum { GROUND, AFTER_ESC, CSI, DESIGNATE, STRING, STRING_ESC };

static void
out_send(struct sgr *s)
{
	if (s->nout > 0)
		s->emit(s->arg, s->out, s->nout);
	s->nout = 0;
}

static void
out_put(struct sgr *s, const char *buf, size_t len)
{
	if (s->nout + len > sizeof s->out)
		out_send(s);
	if (len > sizeof s->out) {
		s->emit(s->arg, buf, len);
		return;
	}
	memcpy(s->out + s->nout, buf, len);
	s->nout += len;
}

static void
out_byte(struct sgr *s, char c)
{
	out_put(s, &c, 1);
}

static void
rendition_reset(struct sgr_rendition *r)
{
	r->flags = 0;
	r->fg[0] = r->bg[0] = '\0';
}

void
sgr_forget(struct sgr *s)
{
	s->have_known = 0;
	s->have.g0 = 0;
	s->have.shift = -1;
}

/* The terminal has restored a rendition saved before, or reset its own:
 * neither what it has nor what curses counts on is known, till curses
 * sends a reset. */
static void
lose(struct sgr *s)
{
	sgr_forget(s);
	s->want_known = 0;
	s->want.g0 = 0;
	s->want.shift = -1;
}

void
sgr_init(struct sgr *s, sgr_emit_fn *emit, void *arg)
{
	int k;

	memset(s, 0, sizeof *s);
	s->saved_known = -1;
	s->emit = emit;
	s->arg = arg;
	rendition_reset(&s->want);
	s->want.g0 = 0;
	s->want.shift = -1;
	s->want_known = 1;
	sgr_forget(s);
	for (k = 0; k < 256; k++)
		s->rgb[k] = -1;
}

void
sgr_direct(struct sgr *s, int index, long rgb)
{
	if (index >= 16 && index < 256)
		s->rgb[index] = rgb;
}

/* ---- Reading an SGR's parameters ---- */

/* The decimal number text[0..len), or -1 (none, or not a number). */
static long
number(const char *text, size_t len)
{
	long v = 0;
	size_t i;

	if (len == 0)
		return 0;
	for (i = 0; i < len; i++) {
		if (text[i] < '0' || text[i] > '9' || v > 100000)
			return -1;
		v = v * 10 + (text[i] - '0');
	}
	return v;
}

/* The parameters of an SGR, split at ';'. */
struct fields {
	const char *at[SGR_SEQ_MAX];
	size_t len[SGR_SEQ_MAX];
	int n;
};

static void
fields_split(const char *p, size_t len, struct fields *f)
{
	size_t i, start = 0;

	f->n = 0;
	for (i = 0; i <= len; i++)
		if (i == len || p[i] == ';') {
			f->at[f->n] = p + start;
			f->len[f->n] = i - start;
			f->n++;
			start = i + 1;
		}
}

/*
 * An extended colour (38 or 48) from field k on, into color: a field of
 * its own with colons ("38:2::R:G:B"), or 5;N or 2;R;G;B after it. A
 * palette colour that is to go as RGB goes so. The next field's index,
 * or -1.
 */
static int
extended_color(const struct sgr *s, const struct fields *f, int k,
    char *color)
{
	long v[4];
	int base = (int)number(f->at[k], 2);

	if (memchr(f->at[k], ':', f->len[k])) {
		if (f->len[k] >= SGR_COLOR_MAX)
			return -1;
		memcpy(color, f->at[k], f->len[k]);
		color[f->len[k]] = '\0';
		return k + 1;
	}
	if (k + 2 < f->n && number(f->at[k + 1], f->len[k + 1]) == 5) {
		v[0] = number(f->at[k + 2], f->len[k + 2]);
		if (v[0] < 0 || v[0] > 255)
			return -1;
		if (s->rgb[v[0]] >= 0)
			snprintf(color, SGR_COLOR_MAX, "%d;2;%ld;%ld;%ld", base,
			    s->rgb[v[0]] >> 16 & 255, s->rgb[v[0]] >> 8 & 255,
			    s->rgb[v[0]] & 255);
		else
			snprintf(color, SGR_COLOR_MAX, "%d;5;%ld", base, v[0]);
		return k + 3;
	}
	if (k + 4 < f->n && number(f->at[k + 1], f->len[k + 1]) == 2) {
		int j;

		for (j = 0; j < 3; j++) {
			v[j] = number(f->at[k + 2 + j], f->len[k + 2 + j]);
			if (v[j] < 0 || v[j] > 255)
				return -1;
		}
		snprintf(color, SGR_COLOR_MAX, "%d;2;%ld;%ld;%ld", base, v[0],
		    v[1], v[2]);
		return k + 5;
	}
	return -1;
}

/* One plain parameter v applied to r; 0, or -1 for one not modelled. */
static int
apply_code(struct sgr_rendition *r, long v)
{
	int a;

	if (v == 0) {
		rendition_reset(r);
		return 0;
	}
	for (a = 0; a < A_COUNT_; a++) {
		if (v == on_code[a]) {
			r->flags |= 1u << a;
			return 0;
		}
		if (a >= 2 && v == on_code[a] + 20) {
			r->flags &= ~(1u << a);
			return 0;
		}
	}
	if (v == 22) {
		r->flags &= ~(unsigned)(A_BOLD_ | A_DIM_);
	} else if ((v >= 30 && v <= 37) || (v >= 90 && v <= 97)) {
		snprintf(r->fg, sizeof r->fg, "%ld", v);
	} else if ((v >= 40 && v <= 47) || (v >= 100 && v <= 107)) {
		snprintf(r->bg, sizeof r->bg, "%ld", v);
	} else if (v == 39) {
		r->fg[0] = '\0';
	} else if (v == 49) {
		r->bg[0] = '\0';
	} else {
		return -1;
	}
	return 0;
}

/* The SGR whose parameters are p[0..len) applied to r; 0, or -1 when it
 * has one not modelled (r is then half changed). */
static int
sgr_apply(const struct sgr *s, const char *p, size_t len,
    struct sgr_rendition *r)
{
	struct fields f;
	int k = 0;

	fields_split(p, len, &f);
	while (k < f.n) {
		const char *colon = memchr(f.at[k], ':', f.len[k]);
		long v = number(f.at[k], colon ? (size_t)(colon - f.at[k]) :
		    f.len[k]);

		if (v == 38 || v == 48) {
			k = extended_color(s, &f, k, v == 38 ? r->fg : r->bg);
			if (k < 0)
				return -1;
			continue;
		}
		if (colon || apply_code(r, v) < 0)
			return -1;
		k++;
	}
	return 0;
}

/* ---- Writing a change ---- */

/* Append ";text" (or "text" first) to buf. */
static void
param(char *buf, size_t len, const char *text)
{
	size_t at = strlen(buf);

	snprintf(buf + at, len - at, "%s%s", at > 2 ? ";" : "", text);
}

/* Everything wanted, after a reset. */
static void
encode_whole(const struct sgr_rendition *w, char *buf, size_t len)
{
	char code[12];
	int a;

	snprintf(buf, len, "\033[");
	if (w->flags || w->fg[0] || w->bg[0])
		param(buf, len, "0");
	for (a = 0; a < A_COUNT_; a++)
		if (w->flags & (1u << a)) {
			snprintf(code, sizeof code, "%d", on_code[a]);
			param(buf, len, code);
		}
	if (w->fg[0])
		param(buf, len, w->fg);
	if (w->bg[0])
		param(buf, len, w->bg);
	snprintf(buf + strlen(buf), len - strlen(buf), "m");
}

/* What differs only; "" when nothing does. Bold and dim go off
 * together, so the one that stays comes back. */
static void
encode_change(const struct sgr_rendition *h, const struct sgr_rendition *w,
    char *buf, size_t len)
{
	unsigned off = h->flags & ~w->flags, on = w->flags & ~h->flags;
	char code[12];
	int a;

	snprintf(buf, len, "\033[");
	if (off & (A_BOLD_ | A_DIM_)) {
		param(buf, len, "22");
		on |= w->flags & (A_BOLD_ | A_DIM_);
	}
	for (a = 2; a < A_COUNT_; a++)
		if (off & (1u << a)) {
			snprintf(code, sizeof code, "%d", on_code[a] + 20);
			param(buf, len, code);
		}
	for (a = 0; a < A_COUNT_; a++)
		if (on & (1u << a)) {
			snprintf(code, sizeof code, "%d", on_code[a]);
			param(buf, len, code);
		}
	if (strcmp(h->fg, w->fg) != 0)
		param(buf, len, w->fg[0] ? w->fg : "39");
	if (strcmp(h->bg, w->bg) != 0)
		param(buf, len, w->bg[0] ? w->bg : "49");
	if (strlen(buf) == 2)
		buf[0] = '\0';
	else
		snprintf(buf + strlen(buf), len - strlen(buf), "m");
}

static int
same_rendition(const struct sgr_rendition *a, const struct sgr_rendition *b)
{
	return a->flags == b->flags && strcmp(a->fg, b->fg) == 0 &&
	    strcmp(a->bg, b->bg) == 0;
}

/* Whether a blank looks the same in both renditions. */
static int
blank_same(const struct sgr_rendition *a, const struct sgr_rendition *b)
{
	return !(a->flags & A_REV_) && !(b->flags & A_REV_) &&
	    ((a->flags ^ b->flags) & BLANK_SHOWS) == 0 &&
	    strcmp(a->bg, b->bg) == 0;
}

/* The charset wanted, where curses has said one. */
static void
show_charset(struct sgr *s)
{
	if (s->want.g0 && s->want.g0 != s->have.g0) {
		char d[3] = { ESC, '(', s->want.g0 };

		out_put(s, d, sizeof d);
		s->have.g0 = s->want.g0;
	}
	if (s->want.shift >= 0 && s->want.shift != s->have.shift) {
		out_byte(s, s->want.shift ? SO : SI);
		s->have.shift = s->want.shift;
	}
}

/* The terminal given what the next character needs, a blank's or any. */
static void
show(struct sgr *s, int blank)
{
	char whole[128];

	show_charset(s);
	if (!s->want_known)
		return;
	if (s->have_known && (same_rendition(&s->have, &s->want) ||
	    (blank && blank_same(&s->have, &s->want))))
		return;
	encode_whole(&s->want, whole, sizeof whole);
	if (s->have_known) {
		char change[128];

		encode_change(&s->have, &s->want, change, sizeof change);
		if (strlen(change) < strlen(whole))
			memcpy(whole, change, sizeof change);
	}
	out_put(s, whole, strlen(whole));
	s->have.flags = s->want.flags;
	memcpy(s->have.fg, s->want.fg, sizeof s->have.fg);
	memcpy(s->have.bg, s->want.bg, sizeof s->have.bg);
	s->have_known = 1;
}

/* The terminal saves its rendition with the cursor: the one asked for,
 * sent first. */
static void
save(struct sgr *s)
{
	show(s, 0);
	s->saved = s->have;
	s->saved_known = s->have_known && s->want_known;
}

/* And brings it back, for curses too, whose changes go on from it. */
static void
restore(struct sgr *s)
{
	if (s->saved_known <= 0) {
		lose(s);
		return;
	}
	s->want = s->have = s->saved;
	s->want_known = s->have_known = 1;
}

/* ---- Reading sequences ---- */

/* An SGR: the rendition wanted changes, and nothing is sent yet; one
 * not modelled goes as it came. */
static void
take_sgr(struct sgr *s)
{
	const char *p = s->seq + 2;
	size_t len = s->nseq - 3;
	struct sgr_rendition r = s->want;
	int resets = len == 0 || p[0] == '0' || p[0] == ';';

	if (s->want_known && sgr_apply(s, p, len, &r) == 0) {
		s->want.flags = r.flags;
		memcpy(s->want.fg, r.fg, sizeof r.fg);
		memcpy(s->want.bg, r.bg, sizeof r.bg);
		return;
	}
	show(s, 0);
	out_put(s, s->seq, s->nseq);
	s->have_known = 0;
	s->want_known = 0;
	r = s->want;
	/* After a reset the rendition is known again, and the terminal has
	 * it. */
	if (resets && sgr_apply(s, p, len, &r) == 0) {
		s->want = r;
		s->have.flags = r.flags;
		memcpy(s->have.fg, r.fg, sizeof r.fg);
		memcpy(s->have.bg, r.bg, sizeof r.bg);
		s->want_known = s->have_known = 1;
	}
}

/* Whether a private mode saves the rendition with the cursor when set,
 * and restores it when reset (xterm's alternate screen, 1049, and
 * 1048). */
static int
saves_mode(const char *p, size_t len)
{
	static const char *const modes[] = { "1049", "1048" };
	struct fields f;
	size_t m;
	int k;

	fields_split(p, len, &f);
	for (k = 0; k < f.n; k++)
		for (m = 0; m < sizeof modes / sizeof modes[0]; m++)
			if (f.len[k] == strlen(modes[m]) &&
			    memcmp(f.at[k], modes[m], f.len[k]) == 0)
				return 1;
	return 0;
}

/* A control sequence, whole in seq. */
static void
take_csi(struct sgr *s)
{
	char final = s->seq[s->nseq - 1];
	const char *p = s->seq + 2;
	size_t len = s->nseq - 3, i;
	int plain = 1;

	for (i = 0; i < len; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || p[i] == ';' ||
		    p[i] == ':'))
			plain = 0;
	if (plain && final == 'm') {
		take_sgr(s);
		return;
	}
	/* Cursor motions show nothing. */
	if (plain && strchr("ABCDEFGHdf`ae", final)) {
		out_put(s, s->seq, s->nseq);
		return;
	}
	/* Erasing writes blanks. */
	show(s, plain && strchr("JKX", final));
	if (len > 0 && p[0] == '?' && final == 'h' && saves_mode(p + 1,
	    len - 1))
		save(s);
	out_put(s, s->seq, s->nseq);
	if (len > 0 && p[0] == '?' && final == 'l' && saves_mode(p + 1,
	    len - 1))
		restore(s);
	else if ((final == 'p' && len > 0 && p[len - 1] == '!') ||
	    (plain && final == 'u'))
		lose(s);
}

/* A byte outside any sequence. */
static void
take_ground(struct sgr *s, unsigned char c)
{
	if (c == ESC) {
		s->seq[0] = (char)c;
		s->nseq = 1;
		s->state = AFTER_ESC;
	} else if (c == SO || c == SI) {
		s->want.shift = (signed char)(c == SO);
	} else if (c == '\r' || c == '\b' || (c >= 0x80 && c < 0xc0)) {
		out_byte(s, (char)c);  /* a motion, or the rest of a character */
	} else {
		show(s, c == ' ');
		out_byte(s, (char)c);
	}
}

/* The byte after an Esc. */
static void
take_escape(struct sgr *s, unsigned char c)
{
	s->seq[s->nseq++] = (char)c;
	if (c == '[') {
		s->state = CSI;
		return;
	}
	if (c && strchr("()*+-./", c)) {
		s->state = DESIGNATE;
		return;
	}
	show(s, 0);
	if (c == ESC) {
		out_put(s, s->seq, 1);
		s->nseq = 1;
		return;
	}
	if (c == '7')
		save(s);
	out_put(s, s->seq, s->nseq);
	s->state = c && strchr("]P_^X", c) ? STRING : GROUND;
	if (c == '8')
		restore(s);
	else if (c == 'c')
		lose(s);
}

static void
take(struct sgr *s, unsigned char c)
{
	switch (s->state) {
	case GROUND:
		take_ground(s, c);
		return;
	case AFTER_ESC:
		take_escape(s, c);
		return;
	case DESIGNATE:
		if (s->seq[1] == '(') {
			s->want.g0 = (char)c;
		} else {
			show(s, 0);
			out_put(s, s->seq, s->nseq);
			out_byte(s, (char)c);
		}
		s->state = GROUND;
		return;
	case CSI:
		s->seq[s->nseq++] = (char)c;
		if (c >= 0x40 && c <= 0x7e) {
			take_csi(s);
			s->state = GROUND;
		} else if (s->nseq >= SGR_SEQ_MAX) {
			show(s, 0);
			out_put(s, s->seq, s->nseq);
			sgr_forget(s);
			s->state = GROUND;
		}
		return;
	default:  /* inside a string, up to BEL or Esc \ */
		out_byte(s, (char)c);
		if (c == BEL || (s->state == STRING_ESC && c == '\\'))
			s->state = GROUND;
		else
			s->state = c == ESC ? STRING_ESC : STRING;
		return;
	}
}

void
sgr_feed(struct sgr *s, const char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		take(s, (unsigned char)buf[i]);
	out_send(s);
}

void
sgr_flush(struct sgr *s)
{
	if (s->state == AFTER_ESC || s->state == CSI ||
	    s->state == DESIGNATE) {
		/* The terminal reads on what comes next as part of it. */
		show(s, 0);
		out_put(s, s->seq, s->nseq);
		lose(s);
		s->state = GROUND;
	} else if (s->state == GROUND) {
		show(s, 0);
	}
	out_send(s);
}
