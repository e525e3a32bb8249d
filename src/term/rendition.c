/*
 * rendition.c: curses' rendition changes through sgr.c, and RGB colours
 * where COLORTERM says.
 *
 * The filter is used where the terminal speaks ECMA-48's SGR (its bold
 * is Esc [ 1 m) and has colours: every terminal that does also takes SGR
 * 22, bold off alone. Elsewhere the bytes go as curses wrote them. Where
 * COLORTERM says truecolor or 24bit (kitty, alacritty and most others
 * set it) and curses says a colour past the sixteen as 38;5;N, the
 * colours curses is given are palette numbers from 255 down, each sent
 * as the RGB it stands for.
 */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "rendition.h"
#include "sgr.h"

/* Last: its capability macros (lines, columns, ...) would rename ours. */
#include <term.h>

static struct sgr sgr;
static int sgr_on;

/* The palette numbers handed out, from 255 down, and their RGB. */
static struct {
	int on, next;
	long rgb[256];
} direct;

static void
pass_on(void *arg, const char *buf, size_t len)
{
	(void)arg;
	output_send(buf, len);
}

static void
through_sgr(void *arg, const char *buf, size_t len)
{
	(void)arg;
	if (len > 0)
		sgr_feed(&sgr, buf, len);
	else
		sgr_flush(&sgr);
}

/* A terminfo string, as long as it is no more than text (no padding). */
static int
cap_is(const char *cap, const char *text)
{
	const char *v = tigetstr(cap);

	return v && v != (char *)-1 && strcmp(v, text) == 0;
}

void
rendition_open(void)
{
	sgr_init(&sgr, pass_on, NULL);
	sgr_on = has_colors() && cap_is("bold", "\033[1m");
	direct.on = 0;
	direct.next = 256;
	output_set_filter(sgr_on ? through_sgr : NULL, NULL);
}

int
rendition_direct(void)
{
	const char *ct = getenv("COLORTERM");
	const char *setaf = tigetstr("setaf");
	const char *form;

	if (!sgr_on || !ct || (strcmp(ct, "truecolor") != 0 &&
	    strcmp(ct, "24bit") != 0) || !setaf || setaf == (char *)-1)
		return 0;
	form = tiparm(setaf, 200);
	direct.on = form && strcmp(form, "\033[38;5;200m") == 0;
	return direct.on;
}

int
rendition_color(long rgb)
{
	int k;

	if (!direct.on)
		return (int)rgb;
	for (k = 255; k >= direct.next; k--)
		if (direct.rgb[k] == rgb)
			return k;
	if (direct.next <= 16)
		return -1;
	direct.rgb[--direct.next] = rgb;
	sgr_direct(&sgr, direct.next, rgb);
	return direct.next;
}

void
rendition_forget(void)
{
	sgr_forget(&sgr);
}

void
rendition_close(void)
{
	output_set_filter(NULL, NULL);
	sgr_on = direct.on = 0;
}
