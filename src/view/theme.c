/*
 * theme.c: the palettes of the themes, and the background they suit.
 *
 * Each theme has a palette for each depth and background. With 256
 * colours and on a dark background the hues are those of the cube's ring
 * (every channel from level 1 to 5, so none is dark); on a light one the
 * ring's colours are too pale, yellow and green most of all, and the
 * ring is made of the cube's colours nearest each hue whose luminance
 * is near 0.12 instead; on a background not known, near 0.18, where
 * black and white contrast alike with them. A terminal of direct colour
 * gets each hue as it is, three times as finely for headings: on a dark
 * background the ring's colours between the cube's steps, on the others
 * at exactly that luminance. Speed runs round the ring from blue (slow)
 * to red (fast) by way of green; crowding from blue to yellow by way of
 * magenta and red on a dark background (or one not known), from olive
 * to blue, dark to darker, on a light one. Monochrome is greys, brighter
 * (or darker on a light background) the more crowded. With eight
 * colours, and always in the terminal theme, only the terminal's own
 * colours are used, those its user's theme defines, and of those only
 * the ones that keep their contrast with the background in xterm's
 * defaults: no blue on black, no yellow, green, cyan or white on white,
 * only red and magenta on a background not known.
 *
 * The extensions have roles of their own: afraid boids are drawn
 * brighter (white on a dark background, black on a light one), a leader
 * in gold, and each species in a hue of its own.
 *
 * Every colour a palette uses is checked by the unit tests for a
 * contrast of THEME_MIN_CONTRAST with a black or a white background, and
 * with both where the background is not known.
 */
#include <math.h>
#include <string.h>

#include "lib/number.h"
#include "theme.h"

#define FG (-1)   /* the terminal's own foreground */

/* The terminal's own colours, as curses numbers them. */
enum { ANSI_BLACK, ANSI_RED, ANSI_GREEN, ANSI_YELLOW, ANSI_BLUE,
	ANSI_MAGENTA, ANSI_CYAN, ANSI_WHITE };

/* The cube's six levels of a channel. */
static const int cube_level[6] = { 0, 95, 135, 175, 215, 255 };

long
theme_xterm_rgb(int index)
{
	static const long ansi[16] = {
		0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
		0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
		0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff
	};

	if (index < 0 || index > 255)
		return -1;
	if (index < 16)
		return ansi[index];
	if (index >= 232) {
		int g = 8 + 10 * (index - 232);

		return (long)g << 16 | (long)g << 8 | g;
	}
	index -= 16;
	return (long)cube_level[index / 36] << 16 |
	    (long)cube_level[index / 6 % 6] << 8 | cube_level[index % 6];
}

static double
linear(double c)
{
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

double
theme_luminance(long rgb)
{
	return 0.2126 * linear((double)(rgb >> 16 & 255) / 255.0) +
	    0.7152 * linear((double)(rgb >> 8 & 255) / 255.0) +
	    0.0722 * linear((double)(rgb & 255) / 255.0);
}

double
theme_contrast(double a, double b)
{
	return a > b ? (a + 0.05) / (b + 0.05) : (b + 0.05) / (a + 0.05);
}

int
theme_ring_dark(int k)
{
	static const signed char edge[6][3] = { { 0, 1, 0 }, { -1, 0, 0 },
		{ 0, 0, 1 }, { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } };
	int c[3] = { 5, 1, 1 }, i;

	k = ((k % THEME_RING) + THEME_RING) % THEME_RING;
	for (i = 0; i < k; i++) {
		int e = i / (THEME_RING / 6);

		c[0] += edge[e][0];
		c[1] += edge[e][1];
		c[2] += edge[e][2];
	}
	return 16 + 36 * c[0] + 6 * c[1] + c[2];
}

/* The light ring in the cube: for each hue the saturated colour whose
 * hue is nearest and luminance nearest 0.12 (from 0.07 to 0.2). Green
 * has few such colours, so three hues share one there. */
static const unsigned char ring_light[THEME_RING] = {
	160, 166, 130, 94, 58, 64, 64, 22, 22, 22, 29, 29,
	23, 24, 25, 27, 21, 57, 93, 128, 127, 126, 125, 161
};

/* The ring for a background not known: for each hue the saturated
 * colour whose hue is nearest and luminance nearest 0.18 (from 0.13 to
 * 0.25: 3.5 to 1 at least with black and with white). */
static const unsigned char ring_either[THEME_RING] = {
	196, 166, 130, 94, 100, 64, 64, 28, 28, 28, 29, 29,
	30, 31, 33, 27, 63, 99, 135, 129, 164, 163, 198, 197
};

/* The luminance of the light ring and of the ring for either. */
#define LIGHT_LUMINANCE 0.12
#define EITHER_LUMINANCE 0.18

/* The luminance of a colour of gamma-encoded channels 0 to 1. */
static double
luminance_of(const double c[3])
{
	return 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) +
	    0.0722 * linear(c[2]);
}

/* The colour a + t (b - a) whose luminance is target, for a and b
 * either side of it: halving the span fifty times. */
static void
mix_to(const double a[3], const double b[3], double target, double out[3])
{
	double lo = 0.0, hi = 1.0;
	int n, i;

	for (n = 0; n < 50; n++) {
		double t = (lo + hi) / 2.0;

		for (i = 0; i < 3; i++)
			out[i] = a[i] + t * (b[i] - a[i]);
		if ((luminance_of(out) < target) == (luminance_of(a) < target))
			lo = t;
		else
			hi = t;
	}
}

/*
 * Hue h (0 to 6, a sixth of the wheel a unit) for direct colour, for
 * background bg. On a dark one the cube's ring between its steps: each
 * channel from 95 to 255 as the saturated colour has it from 0 to 1. On
 * a light one at a luminance of 0.12: the saturated colour darkened, or
 * as it is where it is darker already (blue cannot reach it). On one not
 * known at 0.18, which blue's hues reach only mixed with white. Every
 * channel keeps its share, so the hue stays the hue.
 */
static long
ring_rgb(double h, enum theme_background bg)
{
	static const double black[3] = { 0, 0, 0 }, white[3] = { 1, 1, 1 };
	double c[3], out[3], target;
	int sector = (int)h, i;
	double f = h - sector;
	long rgb = 0;

	/* The saturated colour of hue h: HSV with S = V = 1. */
	switch (sector) {
	case 0: c[0] = 1; c[1] = f; c[2] = 0; break;
	case 1: c[0] = 1 - f; c[1] = 1; c[2] = 0; break;
	case 2: c[0] = 0; c[1] = 1; c[2] = f; break;
	case 3: c[0] = 0; c[1] = 1 - f; c[2] = 1; break;
	case 4: c[0] = f; c[1] = 0; c[2] = 1; break;
	default: c[0] = 1; c[1] = 0; c[2] = 1 - f; break;
	}
	target = bg == THEME_BG_LIGHT ? LIGHT_LUMINANCE : EITHER_LUMINANCE;
	if (bg == THEME_BG_DARK)
		for (i = 0; i < 3; i++)
			out[i] = (95.0 + 160.0 * c[i]) / 255.0;
	else if (luminance_of(c) >= target)
		mix_to(black, c, target, out);
	else if (bg == THEME_BG_EITHER)
		mix_to(c, white, target, out);
	else
		memcpy(out, c, sizeof out);
	for (i = 0; i < 3; i++)
		rgb = rgb << 8 | (long)floor(out[i] * 255.0 + 0.5);
	return rgb;
}

static struct theme_color
pal(int index)
{
	struct theme_color c;

	c.index = (short)index;
	c.rgb = index < 0 ? -1 : theme_xterm_rgb(index);
	return c;
}

/* Hue k of the cube's ring that suits the background and depth. */
static struct theme_color
ring(int k, int colors, enum theme_background bg)
{
	struct theme_color c;

	k = ((k % THEME_RING) + THEME_RING) % THEME_RING;
	c = pal(bg == THEME_BG_LIGHT ? ring_light[k] : bg == THEME_BG_EITHER ?
	    ring_either[k] : theme_ring_dark(k));
	if (colors > 256)
		c.rgb = ring_rgb(k * 6.0 / THEME_RING, bg);
	return c;
}

/* n colours of the ring from hue `from`, `step` hues apart. */
static void
ring_arc(struct theme_palette *p, int from, int step, int n, int colors,
    enum theme_background bg)
{
	int i;

	for (i = 0; i < n; i++)
		p->tone[i] = ring(from + i * step, colors, bg);
	p->ntones = n;
}

/* The headings' hues for direct colour: every tone its own, and the
 * cube's nearest for a terminal that reads palette numbers after all. */
static void
ring_fine(struct theme_palette *p, enum theme_background bg)
{
	int i;

	for (i = 0; i < THEME_TONES; i++) {
		p->tone[i] = ring((i * THEME_RING + THEME_TONES / 2) /
		    THEME_TONES, THEME_DIRECT, bg);
		p->tone[i].rgb = ring_rgb(i * 6.0 / THEME_TONES, bg);
	}
	p->ntones = THEME_TONES;
}

static void
list(struct theme_palette *p, const short *index, int n)
{
	int i;

	for (i = 0; i < n; i++)
		p->tone[i] = pal(index[i]);
	p->ntones = n;
}

/* The backgrounds the tables below have a column for. */
enum { SHADE_DARK, SHADE_LIGHT, SHADE_EITHER, SHADES };

/* The marks in the terminal's own colours. */
static void
roles_8(struct theme_palette *p, int shade)
{
	static const short role[SHADES][ROLE_COUNT] = {
		{ ANSI_CYAN, ANSI_CYAN, FG, ANSI_RED, ANSI_GREEN, ANSI_WHITE,
		  ANSI_YELLOW, ANSI_YELLOW, FG, ANSI_CYAN, ANSI_MAGENTA,
		  ANSI_GREEN, ANSI_WHITE },
		{ ANSI_BLUE, ANSI_BLUE, FG, ANSI_RED, FG, FG, ANSI_MAGENTA, FG,
		  FG, ANSI_BLUE, ANSI_MAGENTA, ANSI_RED, FG },
		{ FG, FG, FG, ANSI_RED, ANSI_MAGENTA, FG, ANSI_MAGENTA, FG,
		  ANSI_RED, FG, ANSI_MAGENTA, ANSI_RED, FG } };
	int i;

	for (i = 0; i < ROLE_COUNT; i++)
		p->role[i] = pal(role[shade][i]);
}

static void
roles_256(struct theme_palette *p, int shade)
{
	static const short role[SHADES][ROLE_COUNT] = {
		{ 74, 74, FG, 196, 142, 60, 214, 231, 220, 74, 171, 114, 216 },
		{ 31, 31, FG, 160, 100, 60, 166, 16, 130, 31, 127, 28, 94 },
		{ 31, 31, FG, 160, 100, 60, 166, FG, 136, 31, 127, 28, 167 } };
	int i;

	for (i = 0; i < ROLE_COUNT; i++)
		p->role[i] = pal(role[shade][i]);
}

static void
roles_grey(struct theme_palette *p, int colors, int shade)
{
	static const short role[SHADES][ROLE_COUNT] = {
		{ 249, 249, FG, FG, 246, 243, FG, FG, FG, 249, 255, 243, 252 },
		{ 240, 240, FG, FG, 242, 245, FG, FG, FG, 240, 233, 245, 237 },
		{ 243, 243, FG, FG, 244, 241, FG, FG, FG, 243, 246, 241, 245 } };
	int i;

	for (i = 0; i < ROLE_COUNT; i++)
		p->role[i] = pal(colors == 8 ? FG : role[shade][i]);
}

/* The tones in eight colours: by heading, speed or crowding; each list
 * as long as the count before it. */
static void
tones_8(struct theme_palette *p, enum theme_name t, int shade)
{
	static const short heading[SHADES][5] = {
		{ 4, ANSI_CYAN, ANSI_GREEN, ANSI_YELLOW, ANSI_MAGENTA },
		{ 4, ANSI_BLUE, ANSI_MAGENTA, ANSI_RED, FG },
		{ 3, ANSI_RED, ANSI_MAGENTA, FG } };
	static const short speed[SHADES][5] = {
		{ 4, ANSI_CYAN, ANSI_GREEN, ANSI_YELLOW, ANSI_RED },
		{ 3, ANSI_BLUE, ANSI_MAGENTA, ANSI_RED },
		{ 3, ANSI_MAGENTA, ANSI_RED, FG } };
	static const short crowd[SHADES][5] = {
		{ 4, ANSI_MAGENTA, ANSI_RED, ANSI_YELLOW, ANSI_WHITE },
		{ 4, ANSI_MAGENTA, ANSI_RED, ANSI_BLUE, FG },
		{ 3, ANSI_MAGENTA, ANSI_RED, FG } };
	static const short terminal[SHADES][6] = {
		{ 5, ANSI_RED, ANSI_YELLOW, ANSI_GREEN, ANSI_CYAN,
		  ANSI_MAGENTA },
		{ 4, ANSI_RED, ANSI_MAGENTA, ANSI_BLUE, FG },
		{ 3, ANSI_RED, ANSI_MAGENTA, FG } };

	switch (t) {
	case THEME_SPEED:
		list(p, speed[shade] + 1, speed[shade][0]);
		break;
	case THEME_CROWD:
		list(p, crowd[shade] + 1, crowd[shade][0]);
		break;
	case THEME_TERMINAL:
		list(p, terminal[shade] + 1, terminal[shade][0]);
		break;
	case THEME_MONO:
		p->ntones = 0;
		break;
	default:
		list(p, heading[shade] + 1, heading[shade][0]);
		break;
	}
}

/* Greys from the sparse to the dense, away from the background, or on
 * one not known, from the darker to the lighter of those that read on
 * both. */
static void
tones_grey(struct theme_palette *p, int shade)
{
	static const short grey[SHADES][6] = {
		{ 243, 246, 249, 252, 255, 231 },
		{ 245, 242, 239, 236, 233, 16 },
		{ 241, 242, 243, 244, 245, 246 } };

	list(p, grey[shade], 6);
}

/*
 * Where arrows are toned, most cells hold a boid or two, the least
 * crowded tone or the fastest: lone boids take that colour, and so do
 * the blanks, so that a run of boids and gaps needs no colour change.
 */
static void
roles_toned(struct theme_palette *p, enum theme_name t)
{
	if (p->ntones <= 0)
		return;
	if (t == THEME_CROWD || t == THEME_MONO)
		p->role[ROLE_BOID] = p->role[ROLE_CROWD] = p->tone[0];
	else if (t == THEME_SPEED)
		p->role[ROLE_BOID] = p->role[ROLE_CROWD] =
		    p->tone[p->ntones - 1];
}

void
theme_palette(enum theme_name t, int colors, enum theme_background bg,
    struct theme_palette *p)
{
	int shade = bg == THEME_BG_LIGHT ? SHADE_LIGHT : bg == THEME_BG_DARK ?
	    SHADE_DARK : SHADE_EITHER;

	bg = shade == SHADE_EITHER ? THEME_BG_EITHER : bg;
	memset(p, 0, sizeof *p);
	if (colors < 256 || t == THEME_TERMINAL) {
		roles_8(p, shade);
		if (t == THEME_MONO)
			roles_grey(p, 8, shade);
		tones_8(p, t, shade);
		roles_toned(p, t);
		return;
	}
	roles_256(p, shade);
	switch (t) {
	case THEME_SPEED:
		/* Blue, cyan, green, yellow, red: two hues a step. */
		ring_arc(p, 16, -2, 9, colors, bg);
		break;
	case THEME_CROWD:
		if (bg == THEME_BG_LIGHT)
			ring_arc(p, 4, -2, 7, colors, bg);
		else
			ring_arc(p, 16, 2, 7, colors, bg);
		break;
	case THEME_MONO:
		roles_grey(p, colors, shade);
		tones_grey(p, shade);
		break;
	default:
		if (colors > 256)
			ring_fine(p, bg);
		else
			ring_arc(p, 0, 1, THEME_RING, colors, bg);
		p->ring = 1;
		break;
	}
	roles_toned(p, t);
}

enum theme_tone_by
theme_tone_of(enum theme_name t, int dots)
{
	switch (t) {
	case THEME_SPEED:
		return THEME_BY_SPEED;
	case THEME_CROWD:
	case THEME_MONO:
		return THEME_BY_CROWD;
	default:
		/* An arrow shows its heading already, and hues that change
		 * from one lone boid to the next cost a colour change each. */
		return dots ? THEME_BY_HEADING : THEME_BY_NOTHING;
	}
}

int
theme_tone_color(const struct theme_palette *p, int k)
{
	if (p->ntones <= 0 || k < 0)
		return -1;
	if (k >= THEME_TONES)
		k = THEME_TONES - 1;
	if (p->ring)
		return (k * p->ntones + THEME_TONES / 2) / THEME_TONES %
		    p->ntones;
	return k * p->ntones / THEME_TONES;
}

int
theme_tone_speed(double speed, double limit)
{
	double s;

	if (!(limit > 0.0) || !(speed > 0.0))
		return 0;
	s = speed / limit;
	return s >= 1.0 ? THEME_TONES - 1 : (int)(s * THEME_TONES);
}

int
theme_tone_crowd(double ratio)
{
	double t;

	if (!(ratio > 1.0))
		return 0;
	t = log2(ratio) * THEME_TONES / 6.0;
	return t >= THEME_TONES - 1 ? THEME_TONES - 1 : (int)t;
}

int
theme_light_rgb(unsigned r, unsigned g, unsigned b)
{
	double l = 0.2126 * linear(r / 65535.0) + 0.7152 * linear(g / 65535.0) +
	    0.0722 * linear(b / 65535.0);

	/* Where the contrasts with black and with white are equal. */
	return (l + 0.05) * (l + 0.05) > 1.05 * 0.05;
}

int
theme_colorfgbg(const char *value)
{
	const char *bg;
	long long n;

	if (!value || !*value)
		return -1;
	bg = strrchr(value, ';');
	if (!bg || number_int(bg + 1, 0, 15, &n) < 0)
		return -1;
	/* The dark ones of the sixteen: black, the six colours, and bright
	 * black (grey); white and the bright colours are light. */
	return !(n <= 6 || n == 8);
}

enum theme_background
theme_background(enum theme_background asked, enum caps_answer answer,
    const unsigned rgb[3], const char *colorfgbg)
{
	if (asked != THEME_BG_AUTO)
		return asked;
	switch (answer) {
	case CAPS_ANSWERED:
		return theme_light_rgb(rgb[0], rgb[1], rgb[2]) ?
		    THEME_BG_LIGHT : THEME_BG_DARK;
	case CAPS_ASKING:
		return THEME_BG_AUTO;
	default:
		switch (theme_colorfgbg(colorfgbg)) {
		case 1:
			return THEME_BG_LIGHT;
		case 0:
			return THEME_BG_DARK;
		default:
			return THEME_BG_EITHER;
		}
	}
}
