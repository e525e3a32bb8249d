/*
 * test_theme.c: the themes' colours against the backgrounds they are
 * drawn on, and how the background is told: the terminal's answer to
 * OSC 11 as xterm writes it (X11's rgb:R/G/B, 1 to 4 hex digits a
 * channel), COLORFGBG as rxvt and konsole set it, and the option.
 *
 * Contrast is WCAG's ratio of relative luminances, worked out here from
 * the RGB each palette entry is sent as (direct colour) or the RGB
 * xterm gives its palette number by default.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "term/escape.h"
#include "view/theme.h"

#define WHITE 0xffffffL
#define BLACK 0x000000L

/* ---- The answer to OSC 11 ---- */

/* escape_background() on the bytes of s after its leading Esc. */
static int
answer(const char *s, unsigned rgb[3])
{
	int b[ESCAPE_MAX];
	size_t i, n = strlen(s) - 1;

	for (i = 0; i < n && i < ESCAPE_MAX; i++)
		b[i] = (unsigned char)s[i + 1];
	return escape_background(b, i, rgb);
}

/* escape_decode() on the first n bytes of s after its Esc. */
static enum escape_kind
decode_n(const char *s, size_t n, size_t *used)
{
	int b[ESCAPE_MAX];
	struct event ev;
	size_t i;

	for (i = 0; i < n && i < ESCAPE_MAX; i++)
		b[i] = (unsigned char)s[i + 1];
	return escape_decode(b, i, used, &ev);
}

static void
test_osc11(void)
{
	unsigned rgb[3] = { 1, 2, 3 };
	static const char *const garbage[] = {
		"\033]11;rgb:ffff/ffff\033\\",          /* two channels */
		"\033]11;rgb:fffff/0/0\033\\",          /* five digits */
		"\033]11;rgb:/0/0\033\\",               /* no digits */
		"\033]11;rgb:00/0g/00\033\\",           /* not hex */
		"\033]11;rgb:0/0/0/0\033\\",            /* four without rgba */
		"\033]10;rgb:0/0/0\033\\",              /* the foreground */
		"\033]11;#000000\033\\",                /* not X11's rgb: */
		"\033]11;?\033\\",                      /* our own question */
		"\033]11;rgb:0/0/0 \033\\",             /* a blank at the end */
		"\033]11;rgb:0/0/0",                    /* no end */
		"\033]11;rgb:0/0/0\033x",               /* a broken end */
	};
	size_t k, used, n;
	const char *st = "\033]11;rgb:ffff/8000/0000\033\\";

	/* Both ends: ST (Esc \) and BEL. */
	CHECK_INT(answer(st, rgb), 0);
	CHECK_INT(rgb[0], 0xffff);
	CHECK_INT(rgb[1], 0x8000);
	CHECK_INT(rgb[2], 0);
	CHECK_INT(answer("\033]11;rgb:0000/ffff/1234\007", rgb), 0);
	CHECK_INT(rgb[0], 0);
	CHECK_INT(rgb[1], 0xffff);
	CHECK_INT(rgb[2], 0x1234);
	/* 1 to 4 digits a channel, each scaled to 16 bits: f, ff, fff and
	 * ffff are all full; 8 of 15, 80 of 255, 800 of 4095 near half. */
	CHECK_INT(answer("\033]11;rgb:f/ff/fff\007", rgb), 0);
	CHECK_INT(rgb[0], 0xffff);
	CHECK_INT(rgb[1], 0xffff);
	CHECK_INT(rgb[2], 0xffff);
	CHECK_INT(answer("\033]11;rgb:8/80/800\033\\", rgb), 0);
	CHECK_INT(rgb[0], 8 * 65535 / 15);
	CHECK_INT(rgb[1], 0x80 * 65535 / 255);
	CHECK_INT(rgb[2], 0x800 * 65535 / 4095);
	CHECK_INT(answer("\033]11;rgb:1/Ab/fFf\007", rgb), 0);
	CHECK_INT(rgb[0], 65535 / 15);
	CHECK_INT(rgb[1], 0xab * 65535 / 255);
	/* An alpha channel is allowed and ignored. */
	CHECK_INT(answer("\033]11;rgba:ffff/ffff/ffff/0000\033\\", rgb), 0);
	CHECK_INT(rgb[2], 0xffff);
	/* Garbage leaves rgb alone. */
	rgb[0] = rgb[1] = rgb[2] = 7;
	for (k = 0; k < sizeof garbage / sizeof garbage[0]; k++) {
		CHECK_INT(answer(garbage[k], rgb), -1);
		CHECK_INT(rgb[0] + rgb[1] + rgb[2], 21);
	}

	/* The decoder tells the answer from other strings, and all of it
	 * is used: none of its bytes is left to be read as keys. */
	n = strlen(st) - 1;
	CHECK_INT(decode_n(st, n, &used), ESCAPE_BACKGROUND);
	CHECK_INT(used, n);
	CHECK_INT(decode_n("\033]11;rgb:0/0/0\007", 14, &used),
	    ESCAPE_BACKGROUND);
	CHECK_INT(used, 14);
	CHECK_INT(decode_n("\033]11;rgb:0/0\007", 12, &used), ESCAPE_OTHER);
	CHECK_INT(used, 12);
	CHECK_INT(decode_n("\033]2;title\007", 9, &used), ESCAPE_OTHER);
	/* Split across reads: every part before the end asks for more,
	 * the Esc of ST included. */
	for (k = 1; k < n; k++)
		CHECK_INT(decode_n(st, k, &used), ESCAPE_PARTIAL);
	/* Followed by keys in the same read: the answer ends at its ST
	 * and the keys stay. */
	CHECK_INT(decode_n("\033]11;rgb:0/0/0\033\\qs", 17, &used),
	    ESCAPE_BACKGROUND);
	CHECK_INT(used, 15);
}

/* ---- The palettes ---- */

static double
lum(struct theme_color c)
{
	return theme_luminance(c.rgb);
}

/* Every colour of a palette (the foreground excepted, which is the
 * user's own choice for the background) against the background. */
static int
palette_ok(const struct theme_palette *p, long background, double *worst)
{
	double bl = theme_luminance(background);
	int k, bad = 0;

	*worst = 21.0;
	for (k = 0; k < ROLE_COUNT + p->ntones; k++) {
		struct theme_color c = k < ROLE_COUNT ? p->role[k] :
		    p->tone[k - ROLE_COUNT];
		double ratio;

		if (c.index < 0)
			continue;
		ratio = theme_contrast(lum(c), bl);
		*worst = ratio < *worst ? ratio : *worst;
		bad += ratio < THEME_MIN_CONTRAST;
	}
	return !bad;
}

/* The backgrounds a palette is made for. */
static const enum theme_background shades[3] = { THEME_BG_DARK,
	THEME_BG_LIGHT, THEME_BG_EITHER };

/* Every theme at every depth: on black, on white, and where the
 * background is not known on both, every colour but the foreground has
 * a contrast of THEME_MIN_CONTRAST. */
static void
test_contrast(void)
{
	static const int depth[3] = { 8, 256, THEME_DIRECT };
	int t, d, b;

	for (t = 0; t < THEME_COUNT; t++)
		for (d = 0; d < 3; d++)
			for (b = 0; b < 3; b++) {
				struct theme_palette p;
				double worst = 21.0, w;
				int k, on_white = shades[b] != THEME_BG_DARK;
				int on_black = shades[b] != THEME_BG_LIGHT;

				theme_palette((enum theme_name)t, depth[d],
				    shades[b], &p);
				if (on_white) {
					CHECK(palette_ok(&p, WHITE, &w));
					worst = w < worst ? w : worst;
				}
				if (on_black) {
					CHECK(palette_ok(&p, BLACK, &w));
					worst = w < worst ? w : worst;
				}
				if (worst < THEME_MIN_CONTRAST)
					fprintf(stderr, "theme %d depth %d shade "
					    "%d: contrast %.2f\n", t, depth[d],
					    b, worst);
				/* On white, never the terminal's white,
				 * yellow, green or cyan, dim or bright; on
				 * black never its blue or black. */
				for (k = 0; k < ROLE_COUNT + p.ntones; k++) {
					int i = k < ROLE_COUNT ? p.role[k].index :
					    p.tone[k - ROLE_COUNT].index;

					if (on_white)
						CHECK(i != 7 && i != 15 && i != 3 &&
						    i != 11 && i != 2 && i != 10 &&
						    i != 6 && i != 14 && i != 231);
					if (on_black)
						CHECK(i != 0 && i != 4 && i != 16);
				}
			}
}

/* The terminal theme keeps to the terminal's own eight colours at any
 * depth; the others use xterm's palette past the first 16 from 256
 * colours on (the first 16 are the user's, of unknown RGB). */
static void
test_depths(void)
{
	static const int depth[3] = { 8, 256, THEME_DIRECT };
	int t, d, b, k;

	for (t = 0; t < THEME_COUNT; t++)
		for (d = 0; d < 3; d++)
			for (b = 0; b < 3; b++) {
				struct theme_palette p;
				int low = 1;

				theme_palette((enum theme_name)t, depth[d],
				    shades[b], &p);
				for (k = 0; k < ROLE_COUNT + p.ntones; k++) {
					int i = k < ROLE_COUNT ? p.role[k].index :
					    p.tone[k - ROLE_COUNT].index;

					low &= i < 8;
					if (depth[d] > 8 && t != THEME_TERMINAL)
						CHECK(i < 0 || i >= 16);
				}
				if (depth[d] == 8 || t == THEME_TERMINAL)
					CHECK(low);
				CHECK(p.ntones >= 0 && p.ntones <= THEME_MAX_TONES);
			}
}

/* A light background changes every theme's colours, and so does one
 * not known, but monochrome's in eight colours, which are the
 * terminal's own foreground alone. The option's auto, until it is
 * known, is taken as not known. */
static void
test_light_differs(void)
{
	static const int depth[3] = { 8, 256, THEME_DIRECT };
	int t, d;

	for (t = 0; t < THEME_COUNT; t++)
		for (d = 0; d < 3; d++) {
			struct theme_palette a, b, c, e;

			theme_palette((enum theme_name)t, depth[d],
			    THEME_BG_DARK, &a);
			theme_palette((enum theme_name)t, depth[d],
			    THEME_BG_LIGHT, &b);
			theme_palette((enum theme_name)t, depth[d],
			    THEME_BG_EITHER, &c);
			theme_palette((enum theme_name)t, depth[d],
			    THEME_BG_AUTO, &e);
			CHECK(memcmp(&c, &e, sizeof c) == 0);
			if (t == THEME_MONO && depth[d] == 8) {
				CHECK(memcmp(&a, &b, sizeof a) == 0);
				CHECK(memcmp(&a, &c, sizeof a) == 0);
			} else {
				CHECK(memcmp(&a, &b, sizeof a) != 0);
				CHECK(memcmp(&a, &c, sizeof a) != 0);
				CHECK(memcmp(&b, &c, sizeof a) != 0);
			}
		}
}

/* The hue of an RGB value in degrees, red 0, green 120, blue 240. */
static double
hue_of(long rgb)
{
	double r = (rgb >> 16 & 255) / 255.0, g = (rgb >> 8 & 255) / 255.0;
	double b = (rgb & 255) / 255.0, mx = r, mn = r, h;

	mx = g > mx ? g : mx;
	mx = b > mx ? b : mx;
	mn = g < mn ? g : mn;
	mn = b < mn ? b : mn;
	if (mx == mn)
		return -1;
	if (mx == r)
		h = 60.0 * fmod((g - b) / (mx - mn) + 6.0, 6.0);
	else if (mx == g)
		h = 60.0 * ((b - r) / (mx - mn) + 2.0);
	else
		h = 60.0 * ((r - g) / (mx - mn) + 4.0);
	return h;
}

/* How far hue b lies on from hue a, going round, 0 to 360. */
static double
hue_step(double a, double b)
{
	return fmod(b - a + 360.0, 360.0);
}

/*
 * The ring of hues for headings: on black the cube's ring as before
 * (every neighbour one level of one channel apart, none dark); on white
 * the cube's colours near each hue, dark enough; where the background is
 * not known, near each hue and between the two. Either way round the
 * wheel in order, with no hue jumping back or far ahead. For direct
 * colour three times as many hues, 5 degrees apart: on black the cube's
 * ring between its steps (every third its colour exactly), on white at
 * a luminance of 0.12, on neither at 0.18, each with the cube's nearest
 * colour as its palette number.
 */
static void
test_rings(void)
{
	struct theme_palette p, direct;
	int k, j, b;

	CHECK_INT(theme_ring_dark(0), 16 + 36 * 5 + 6 * 1 + 1);   /* red */
	CHECK_INT(theme_ring_dark(4), 16 + 36 * 5 + 6 * 5 + 1);   /* yellow */
	CHECK_INT(theme_ring_dark(8), 16 + 36 * 1 + 6 * 5 + 1);   /* green */
	CHECK_INT(theme_ring_dark(12), 16 + 36 * 1 + 6 * 5 + 5);  /* cyan */
	CHECK_INT(theme_ring_dark(16), 16 + 36 * 1 + 6 * 1 + 5);  /* blue */
	CHECK_INT(theme_ring_dark(20), 16 + 36 * 5 + 6 * 1 + 5);
	CHECK_INT(theme_ring_dark(THEME_RING), theme_ring_dark(0));
	for (k = 0; k < THEME_RING; k++) {
		int a = theme_ring_dark(k) - 16, c = theme_ring_dark(k + 1) - 16;
		int da = abs(a / 36 - c / 36), db = abs(a / 6 % 6 - c / 6 % 6);
		int dc = abs(a % 6 - c % 6);

		CHECK_INT(da + db + dc, 1);
		CHECK(a / 36 >= 1 && a / 6 % 6 >= 1 && a % 6 >= 1);
		CHECK(a / 36 + a / 6 % 6 + a % 6 >= 7);
		for (j = 0; j < k; j++)
			CHECK(theme_ring_dark(j) != theme_ring_dark(k));
	}
	theme_palette(THEME_HEADING, 256, THEME_BG_DARK, &p);
	CHECK_INT(p.ntones, THEME_RING);
	for (k = 0; k < THEME_RING; k++)
		CHECK_INT(p.tone[k].index, theme_ring_dark(k));
	theme_palette(THEME_HEADING, THEME_DIRECT, THEME_BG_DARK, &direct);
	CHECK_INT(direct.ntones, THEME_TONES);
	for (k = 0; k < THEME_TONES; k += THEME_TONES / THEME_RING)
		CHECK_INT(direct.tone[k].rgb, theme_xterm_rgb(theme_ring_dark(
		    k / (THEME_TONES / THEME_RING))));

	for (b = 0; b < 3; b++) {
		double light_lum = shades[b] == THEME_BG_LIGHT ? 0.12 : 0.18;

		theme_palette(THEME_HEADING, 256, shades[b], &p);
		theme_palette(THEME_HEADING, THEME_DIRECT, shades[b], &direct);
		CHECK_INT(p.ntones, THEME_RING);
		for (k = 0; k < THEME_RING; k++) {
			double h = hue_of(p.tone[k].rgb);
			double next = hue_of(p.tone[(k + 1) % THEME_RING].rgb);
			double off = hue_step(k * 360.0 / THEME_RING, h);

			/* Near its own hue; round the wheel forward, never
			 * back, never far. */
			CHECK(off <= 15.0 || off >= 345.0);
			CHECK(hue_step(h, next) <= 45.0);
			if (shades[b] == THEME_BG_LIGHT)
				CHECK(lum(p.tone[k]) >= 0.06 &&
				    lum(p.tone[k]) <= 0.24);
			if (shades[b] == THEME_BG_EITHER)
				CHECK(lum(p.tone[k]) >= 0.12 &&
				    lum(p.tone[k]) <= 0.26);
		}
		for (k = 0; k < THEME_TONES; k++) {
			struct theme_color c = direct.tone[k];
			double off = hue_step(k * 360.0 / THEME_TONES,
			    hue_of(c.rgb));

			/* The hue itself, within rounding. */
			CHECK(off <= 1.5 || off >= 358.5);
			CHECK_INT(c.index, p.tone[(k * THEME_RING +
			    THEME_TONES / 2) / THEME_TONES % THEME_RING].index);
			if (shades[b] == THEME_BG_DARK)
				continue;
			/* 0.12 on white unless even the full channel is
			 * darker (blue's hues); 0.18 on neither, always. */
			CHECK(fabs(lum(c) - light_lum) <= 0.005 ||
			    (shades[b] == THEME_BG_LIGHT && lum(c) < 0.12 &&
			    (c.rgb & 255) == 255));
		}
	}
}

/* Speed runs from blue through green to red; crowding from blue to
 * yellow by way of magenta and red on black, from olive to blue on
 * white; monochrome from dim to full, away from the background. */
static void
test_scales(void)
{
	struct theme_palette p;
	int k;

	theme_palette(THEME_SPEED, 256, THEME_BG_DARK, &p);
	CHECK_INT(p.ntones, 9);
	CHECK_NEAR(hue_of(p.tone[0].rgb), 240.0, 1.0);
	CHECK_NEAR(hue_of(p.tone[4].rgb), 120.0, 1.0);
	CHECK_NEAR(hue_of(p.tone[8].rgb), 0.0, 1.0);
	theme_palette(THEME_CROWD, 256, THEME_BG_DARK, &p);
	CHECK_INT(p.ntones, 7);
	CHECK_NEAR(hue_of(p.tone[0].rgb), 240.0, 1.0);
	CHECK_NEAR(hue_of(p.tone[2].rgb), 300.0, 1.0);
	CHECK_NEAR(hue_of(p.tone[6].rgb), 60.0, 1.0);
	/* Brighter as crowds grow on black. */
	CHECK(lum(p.tone[6]) > lum(p.tone[0]));
	theme_palette(THEME_CROWD, 256, THEME_BG_LIGHT, &p);
	CHECK_NEAR(hue_of(p.tone[0].rgb), 60.0, 1.0);
	CHECK_NEAR(hue_of(p.tone[6].rgb), 240.0, 1.0);
	CHECK(lum(p.tone[6]) < lum(p.tone[0]));
	for (k = 0; k <= 1; k++) {
		int j;

		theme_palette(THEME_MONO, 256, k ? THEME_BG_LIGHT :
		    THEME_BG_DARK, &p);
		CHECK_INT(p.ntones, 6);
		for (j = 1; j < p.ntones; j++) {
			CHECK(hue_of(p.tone[j].rgb) < 0);   /* grey */
			if (k)
				CHECK(lum(p.tone[j]) < lum(p.tone[j - 1]));
			else
				CHECK(lum(p.tone[j]) > lum(p.tone[j - 1]));
		}
	}
	theme_palette(THEME_MONO, 8, THEME_BG_DARK, &p);
	CHECK_INT(p.ntones, 0);
	for (k = 0; k < ROLE_COUNT; k++)
		CHECK_INT(p.role[k].index, -1);
}

/* Tones: the palette's colours share the 24 tones evenly; speed is a
 * share of the limit, crowding four tones a doubling. */
static void
test_tones(void)
{
	struct theme_palette p;
	int k;

	theme_palette(THEME_HEADING, 8, THEME_BG_DARK, &p);
	CHECK_INT(p.ntones, 4);
	for (k = 0; k < THEME_TONES; k++)
		CHECK_INT(theme_tone_color(&p, k), k / (THEME_TONES / 4));
	CHECK_INT(theme_tone_color(&p, -1), -1);
	CHECK_INT(theme_tone_color(&p, 999), 3);
	theme_palette(THEME_MONO, 8, THEME_BG_DARK, &p);
	CHECK_INT(theme_tone_color(&p, 5), -1);
	/* A ring's colour is the one nearest the hue, round the wheel. */
	theme_palette(THEME_HEADING, 256, THEME_BG_DARK, &p);
	CHECK(p.ring);
	CHECK_INT(theme_tone_color(&p, 1), 0);     /* 5 degrees: red */
	CHECK_INT(theme_tone_color(&p, 2), 1);     /* 10: nearer 15 */
	CHECK_INT(theme_tone_color(&p, 71), 0);    /* 355: red again */
	theme_palette(THEME_SPEED, 256, THEME_BG_DARK, &p);
	CHECK(!p.ring);

	CHECK_INT(theme_tone_speed(0.0, 0.5), 0);
	CHECK_INT(theme_tone_speed(0.25, 0.5), 36);
	CHECK_INT(theme_tone_speed(0.5, 0.5), 71);
	CHECK_INT(theme_tone_speed(0.9, 0.5), 71);
	CHECK_INT(theme_tone_speed(0.1, 0.0), 0);
	CHECK_INT(theme_tone_speed(NAN, 0.5), 0);
	CHECK_INT(theme_tone_crowd(1.0), 0);
	CHECK_INT(theme_tone_crowd(0.5), 0);
	CHECK_INT(theme_tone_crowd(2.0), 12);
	CHECK_INT(theme_tone_crowd(3.0), 19);      /* 12 log2 3 = 19.02 */
	CHECK_INT(theme_tone_crowd(8.0), 36);
	CHECK_INT(theme_tone_crowd(64.0), 71);
	CHECK_INT(theme_tone_crowd(1e9), 71);
	CHECK_INT(theme_tone_crowd(NAN), 0);

	CHECK_INT(theme_tone_of(THEME_HEADING, 1), THEME_BY_HEADING);
	CHECK_INT(theme_tone_of(THEME_HEADING, 0), THEME_BY_NOTHING);
	CHECK_INT(theme_tone_of(THEME_TERMINAL, 1), THEME_BY_HEADING);
	CHECK_INT(theme_tone_of(THEME_TERMINAL, 0), THEME_BY_NOTHING);
	CHECK_INT(theme_tone_of(THEME_SPEED, 0), THEME_BY_SPEED);
	CHECK_INT(theme_tone_of(THEME_SPEED, 1), THEME_BY_SPEED);
	CHECK_INT(theme_tone_of(THEME_CROWD, 0), THEME_BY_CROWD);
	CHECK_INT(theme_tone_of(THEME_MONO, 1), THEME_BY_CROWD);
}

/* ---- The background ---- */

static void
test_background(void)
{
	static const unsigned white[3] = { 0xffff, 0xffff, 0xffff };
	static const unsigned black[3] = { 0, 0, 0 };
	/* Solarized's light and dark backgrounds. */
	static const unsigned sol_light[3] = { 0xfdfd, 0xf6f6, 0xe3e3 };
	static const unsigned sol_dark[3] = { 0x0000, 0x2b2b, 0x3636 };
	unsigned g;

	CHECK(theme_light_rgb(0xffff, 0xffff, 0xffff));
	CHECK(!theme_light_rgb(0, 0, 0));
	CHECK(theme_light_rgb(sol_light[0], sol_light[1], sol_light[2]));
	CHECK(!theme_light_rgb(sol_dark[0], sol_dark[1], sol_dark[2]));
	/* The turn is where black and white contrast alike with the grey:
	 * luminance 0.179, sRGB grey 118 of 255. */
	g = 117 * 257;
	CHECK(!theme_light_rgb(g, g, g));
	g = 119 * 257;
	CHECK(theme_light_rgb(g, g, g));

	CHECK_INT(theme_colorfgbg("15;0"), 0);
	CHECK_INT(theme_colorfgbg("0;15"), 1);
	CHECK_INT(theme_colorfgbg("0;7"), 1);
	CHECK_INT(theme_colorfgbg("7;8"), 0);
	CHECK_INT(theme_colorfgbg("15;default;0"), 0);
	CHECK_INT(theme_colorfgbg("0;default;15"), 1);
	CHECK_INT(theme_colorfgbg("0;default"), -1);
	CHECK_INT(theme_colorfgbg("15;16"), -1);
	CHECK_INT(theme_colorfgbg("15;-1"), -1);
	CHECK_INT(theme_colorfgbg("15;1x"), -1);
	CHECK_INT(theme_colorfgbg("15"), -1);
	CHECK_INT(theme_colorfgbg("15;"), -1);
	CHECK_INT(theme_colorfgbg(""), -1);
	CHECK_INT(theme_colorfgbg(NULL), -1);

	/* The option wins over all. */
	CHECK_INT(theme_background(THEME_BG_DARK, CAPS_ANSWERED, white,
	    "0;15"), THEME_BG_DARK);
	CHECK_INT(theme_background(THEME_BG_LIGHT, CAPS_ASKING, black,
	    NULL), THEME_BG_LIGHT);
	/* Then the answer, over COLORFGBG, which may be stale (set by a
	 * terminal the session was started from). */
	CHECK_INT(theme_background(THEME_BG_AUTO, CAPS_ANSWERED, white,
	    "15;0"), THEME_BG_LIGHT);
	CHECK_INT(theme_background(THEME_BG_AUTO, CAPS_ANSWERED, black,
	    "0;15"), THEME_BG_DARK);
	/* Not known while the answer may come. */
	CHECK_INT(theme_background(THEME_BG_AUTO, CAPS_ASKING, black,
	    "0;15"), THEME_BG_AUTO);
	/* Silent: COLORFGBG, else not known (tmux answers nothing and sets
	 * no COLORFGBG, whatever the terminal around it shows). */
	CHECK_INT(theme_background(THEME_BG_AUTO, CAPS_SILENT, white,
	    "0;15"), THEME_BG_LIGHT);
	CHECK_INT(theme_background(THEME_BG_AUTO, CAPS_SILENT, white,
	    "15;0"), THEME_BG_DARK);
	CHECK_INT(theme_background(THEME_BG_AUTO, CAPS_SILENT, white, NULL),
	    THEME_BG_EITHER);
	CHECK_INT(theme_background(THEME_BG_AUTO, CAPS_SILENT, white,
	    "junk"), THEME_BG_EITHER);
}

/* The luminance and contrast the checks above rest on: WCAG's figures
 * for black, white, and xterm's blue on black (2.2, the reason blue is
 * kept off black). */
static void
test_luminance(void)
{
	CHECK_NEAR(theme_luminance(BLACK), 0.0, 1e-12);
	CHECK_NEAR(theme_luminance(WHITE), 1.0, 1e-12);
	CHECK_NEAR(theme_luminance(0xff0000), 0.2126, 1e-9);
	CHECK_NEAR(theme_contrast(1.0, 0.0), 21.0, 1e-9);
	CHECK_NEAR(theme_contrast(0.0, 1.0), 21.0, 1e-9);
	CHECK_NEAR(theme_contrast(theme_luminance(theme_xterm_rgb(4)), 0.0),
	    2.23, 0.01);
	CHECK_INT(theme_xterm_rgb(16), 0x000000);
	CHECK_INT(theme_xterm_rgb(74), 0x5fafd7);
	CHECK_INT(theme_xterm_rgb(231), 0xffffff);
	CHECK_INT(theme_xterm_rgb(232), 0x080808);
	CHECK_INT(theme_xterm_rgb(255), 0xeeeeee);
	CHECK_INT(theme_xterm_rgb(256), -1);
}

int
main(void)
{
	test_osc11();
	test_luminance();
	test_contrast();
	test_depths();
	test_light_differs();
	test_rings();
	test_scales();
	test_tones();
	test_background();
	return check_exit("test_theme");
}
