/*
 * theme.c: the palettes of the themes, and the background they suit.
 *
 * Each theme has a palette for each depth and background. With 256
 * colours and on a dark background the hues are those of the cube's ring
 * (every channel from level 1 to 5, so none is dark); on a light one the
 * ring's colours are too pale, yellow and green most of all, and the
 * ring is made of the cube's colours nearest each hue whose luminance
 * is near 0.12 instead (a terminal of direct colour gets that hue at
 * exactly that luminance). Speed runs round the ring from blue (slow)
 * to red (fast) by way of green; crowding from blue to yellow by way of
 * magenta and red on a dark background, from olive to blue, dark to
 * darker, on a light one. Monochrome is greys, brighter (or darker on a
 * light background) the more crowded. With eight colours, and always in
 * the terminal theme, only the terminal's own colours are used, those
 * its user's theme defines, and of those only the ones that keep their
 * contrast with the background in xterm's defaults: no blue on black,
 * no yellow, green, cyan or white on white.
 *
 * The extensions have roles of their own: afraid boids are drawn
 * brighter (white on a dark background, black on a light one), a leader
 * in gold, and each species in a hue of its own.
 *
 * Every colour a palette uses is checked by the unit tests for a
 * contrast of THEME_MIN_CONTRAST with a black or a white background.
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

static double
gamma_encode(double l)
{
	return l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
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

	k = ((k % THEME_TONES) + THEME_TONES) % THEME_TONES;
	for (i = 0; i < k; i++) {
		int e = i / (THEME_TONES / 6);

		c[0] += edge[e][0];
		c[1] += edge[e][1];
		c[2] += edge[e][2];
	}
	return 16 + 36 * c[0] + 6 * c[1] + c[2];
}

/* The light ring in the cube: for each hue the saturated colour whose
 * hue is nearest and luminance nearest 0.12 (from 0.07 to 0.2). Green
 * has few such colours, so three hues share one there. */
static const unsigned char ring_light[THEME_TONES] = {
	160, 166, 130, 94, 58, 64, 64, 22, 22, 22, 29, 29,
	23, 24, 25, 27, 21, 57, 93, 128, 127, 126, 125, 161
};

/* Hue k at a luminance of 0.12 exactly, for direct colour: the
 * saturated colour of that hue scaled down in linear light, or as far
 * as its brightest channel allows (blue cannot reach it). */
static long
ring_light_rgb(int k)
{
	double h = (double)(((k % THEME_TONES) + THEME_TONES) % THEME_TONES) *
	    6.0 / THEME_TONES, c[3], l, s, top;
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
	for (i = 0; i < 3; i++)
		c[i] = linear(c[i]);
	l = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
	s = 0.12 / l;
	top = c[0] > c[1] ? c[0] : c[1];
	top = top > c[2] ? top : c[2];
	if (top * s > 1.0)
		s = 1.0 / top;
	for (i = 0; i < 3; i++)
		rgb = rgb << 8 | (long)floor(gamma_encode(c[i] * s) * 255.0 + 0.5);
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

/* Hue k of the ring that suits the background and depth. */
static struct theme_color
ring(int k, int colors, int light)
{
	struct theme_color c;

	k = ((k % THEME_TONES) + THEME_TONES) % THEME_TONES;
	if (!light)
		return pal(theme_ring_dark(k));
	c = pal(ring_light[k]);
	if (colors > 256)
		c.rgb = ring_light_rgb(k);
	return c;
}

/* n colours of the ring from hue `from`, `step` hues apart. */
static void
ring_arc(struct theme_palette *p, int from, int step, int n, int colors,
    int light)
{
	int i;

	for (i = 0; i < n; i++)
		p->tone[i] = ring(from + i * step, colors, light);
	p->ntones = n;
}

static void
list(struct theme_palette *p, const short *index, int n)
{
	int i;

	for (i = 0; i < n; i++)
		p->tone[i] = pal(index[i]);
	p->ntones = n;
}

/* The marks in the terminal's own colours. */
static void
roles_8(struct theme_palette *p, int light)
{
	static const short dark[ROLE_COUNT] = { ANSI_CYAN, ANSI_CYAN, FG,
		ANSI_RED, ANSI_GREEN, ANSI_WHITE, ANSI_YELLOW, ANSI_YELLOW, FG,
		ANSI_CYAN, ANSI_MAGENTA, ANSI_GREEN, ANSI_WHITE };
	static const short pale[ROLE_COUNT] = { ANSI_BLUE, ANSI_BLUE, FG,
		ANSI_RED, FG, FG, ANSI_MAGENTA, FG, FG, ANSI_BLUE, ANSI_MAGENTA,
		ANSI_RED, FG };
	int i;

	for (i = 0; i < ROLE_COUNT; i++)
		p->role[i] = pal(light ? pale[i] : dark[i]);
}

static void
roles_256(struct theme_palette *p, int light)
{
	static const short dark[ROLE_COUNT] = { 74, 74, FG, 196, 142, 60, 214,
		231, 220, 74, 171, 114, 216 };
	static const short pale[ROLE_COUNT] = { 31, 31, FG, 160, 100, 60, 166,
		16, 130, 31, 127, 28, 94 };
	int i;

	for (i = 0; i < ROLE_COUNT; i++)
		p->role[i] = pal(light ? pale[i] : dark[i]);
}

static void
roles_grey(struct theme_palette *p, int colors, int light)
{
	static const short dark[ROLE_COUNT] = { 249, 249, FG, FG, 246, 243,
		FG, FG, FG, 249, 255, 243, 252 };
	static const short pale[ROLE_COUNT] = { 240, 240, FG, FG, 242, 245,
		FG, FG, FG, 240, 233, 245, 237 };
	int i;

	for (i = 0; i < ROLE_COUNT; i++)
		p->role[i] = pal(colors == 8 ? FG : light ? pale[i] : dark[i]);
}

/* The tones in eight colours: by heading, speed or crowding. */
static void
tones_8(struct theme_palette *p, enum theme_name t, int light)
{
	static const short heading[2][4] = {
		{ ANSI_CYAN, ANSI_GREEN, ANSI_YELLOW, ANSI_MAGENTA },
		{ ANSI_BLUE, ANSI_MAGENTA, ANSI_RED, FG } };
	static const short speed[2][4] = {
		{ ANSI_CYAN, ANSI_GREEN, ANSI_YELLOW, ANSI_RED },
		{ ANSI_BLUE, ANSI_MAGENTA, ANSI_RED, 0 } };
	static const short crowd[2][4] = {
		{ ANSI_MAGENTA, ANSI_RED, ANSI_YELLOW, ANSI_WHITE },
		{ ANSI_MAGENTA, ANSI_RED, ANSI_BLUE, FG } };
	static const short terminal[2][5] = {
		{ ANSI_RED, ANSI_YELLOW, ANSI_GREEN, ANSI_CYAN,
		  ANSI_MAGENTA },
		{ ANSI_RED, ANSI_MAGENTA, ANSI_BLUE, FG, 0 } };

	switch (t) {
	case THEME_SPEED:
		list(p, speed[light], light ? 3 : 4);
		break;
	case THEME_CROWD:
		list(p, crowd[light], 4);
		break;
	case THEME_TERMINAL:
		list(p, terminal[light], light ? 4 : 5);
		break;
	case THEME_MONO:
		p->ntones = 0;
		break;
	default:
		list(p, heading[light], 4);
		break;
	}
}

/* Greys from the sparse to the dense, away from the background. */
static void
tones_grey(struct theme_palette *p, int light)
{
	static const short dark[6] = { 243, 246, 249, 252, 255, 231 };
	static const short pale[6] = { 245, 242, 239, 236, 233, 16 };

	list(p, light ? pale : dark, 6);
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
theme_palette(enum theme_name t, int colors, int light,
    struct theme_palette *p)
{
	light = light != 0;
	memset(p, 0, sizeof *p);
	if (colors < 256 || t == THEME_TERMINAL) {
		roles_8(p, light);
		if (t == THEME_MONO)
			roles_grey(p, 8, light);
		tones_8(p, t, light);
		roles_toned(p, t);
		return;
	}
	roles_256(p, light);
	switch (t) {
	case THEME_SPEED:
		/* Blue, cyan, green, yellow, red: two hues a step. */
		ring_arc(p, 16, -2, 9, colors, light);
		break;
	case THEME_CROWD:
		if (light)
			ring_arc(p, 4, -2, 7, colors, light);
		else
			ring_arc(p, 16, 2, 7, colors, light);
		break;
	case THEME_MONO:
		roles_grey(p, colors, light);
		tones_grey(p, light);
		break;
	default:
		ring_arc(p, 0, 1, THEME_TONES, colors, light);
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
		return theme_colorfgbg(colorfgbg) == 1 ? THEME_BG_LIGHT :
		    THEME_BG_DARK;
	}
}
