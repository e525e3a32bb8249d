/*
 * dial.c: the local time as the text of a sign.
 *
 * Whether the clock counts by twelve is the locale's to say (LC_TIME),
 * read once at the start; its AM and PM are this program's own, so that
 * the font has their letters whatever the locale. A terminal's clock is
 * the wall clock, or BOIDS_CLOCK's time plus the real time since the
 * start; a headless run's is its start plus the flight's time, so that
 * a headless run with BOIDS_CLOCK set is a pure function of its options,
 * as every flight is.
 */
#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dial.h"
#include "lib/clock.h"
#include "lib/font.h"
#include "lib/say.h"

#define DAY_MINUTES 1440L

/* Two digits, each 0-9, as a number. */
static int
two_digits(const char *s, int most)
{
	int v;

	if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
		return -1;
	v = (s[0] - '0') * 10 + (s[1] - '0');
	return v <= most ? v : -1;
}

long
dial_parse(const char *text)
{
	int h, m, sec = 0;
	size_t len = strlen(text);

	/* "H:MM", "HH:MM", and either with ":SS". */
	if (len == 4 || len == 7) {
		if (text[0] < '0' || text[0] > '9')
			return -1;
		h = text[0] - '0';
		text++;
		len--;
	} else if (len == 5 || len == 8) {
		if ((h = two_digits(text, 23)) < 0)
			return -1;
		text += 2;
		len -= 2;
	} else {
		return -1;
	}
	if (text[0] != ':' || (m = two_digits(text + 1, 59)) < 0)
		return -1;
	if (len == 6 && (text[3] != ':' ||
	    (sec = two_digits(text + 4, 59)) < 0))
		return -1;
	return (long)h * 3600L + (long)m * 60L + sec;
}

int
dial_twelve(const char *format)
{
	return strstr(format, "%I") || strstr(format, "%l") ||
	    strstr(format, "%r");
}

int
dial_written_twelve(const char *text)
{
	size_t len = strlen(text);

	return len > 3 && (strcmp(text + len - 3, " AM") == 0 ||
	    strcmp(text + len - 3, " PM") == 0);
}

int
dial_start(struct dial *d, const struct options *o, FILE *err)
{
	const char *set = getenv("BOIDS_CLOCK");

	memset(d, 0, sizeof *d);
	/* Headless runs set no locale of their own; LC_TIME is read for
	 * the clock alone. */
	(void)setlocale(LC_TIME, "");
	d->twelve = dial_twelve(nl_langinfo(T_FMT));
	d->headless = o->headless;
	d->rate = o->rate > 0 ? o->rate : 1;
	d->begun = clock_now();
	if (set && *set) {
		if ((d->start = dial_parse(set)) < 0) {
			say_usage(err, "invalid value for BOIDS_CLOCK: '%s' "
			    "(expected HH:MM or HH:MM:SS, from 00:00 to "
			    "23:59:59)", say_name(set));
			return -1;
		}
		d->set = 1;
	} else {
		d->start = (long)clock_wall(NULL);
	}
	return 0;
}

void
dial_format(int minutes, int twelve, char *buf, size_t len)
{
	int h = minutes / 60 % 24, m = minutes % 60;

	if (!twelve)
		snprintf(buf, len, "%02d:%02d", h, m);
	else
		snprintf(buf, len, "%d:%02d %s", h % 12 ? h % 12 : 12, m,
		    h < 12 ? "AM" : "PM");
}

/* The minutes since midnight at step `step`. */
static int
minutes_at(const struct dial *d, long step)
{
	long long since = d->headless ? step / d->rate :
	    (clock_now() - d->begun) / CLOCK_NS_PER_S;
	time_t t;
	struct tm tm;

	if (d->set)
		return (int)((d->start + since) / 60 % DAY_MINUTES);
	t = d->headless ? (time_t)(d->start + since) :
	    (time_t)clock_wall(NULL);
	if (!localtime_r(&t, &tm))
		return 0;
	return tm.tm_hour * 60 + tm.tm_min;
}

void
dial_text(const struct dial *d, long step, char *buf, size_t len)
{
	dial_format(minutes_at(d, step), d->twelve, buf, len);
}

/* Of the characters in `of`, the one whose glyph lights most pixels. */
static char
richest(const char *of)
{
	char best = of[0];
	int most = -1;

	for (; *of; of++) {
		struct font_glyph g;
		int lit;

		(void)font_glyph((unsigned char)*of, &g);
		if ((lit = font_lit(&g)) > most) {
			most = lit;
			best = *of;
		}
	}
	return best;
}

void
dial_widest(const struct dial *d, char *buf, size_t len)
{
	char digit = richest("0123456789");

	if (!d->twelve)
		snprintf(buf, len, "%c%c:%c%c", digit, digit, digit, digit);
	else
		snprintf(buf, len, "%c%c:%c%c %cM", digit, digit, digit, digit,
		    richest("AP"));
}
