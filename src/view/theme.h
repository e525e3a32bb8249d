/*
 * theme.h: the colours a flock is drawn in.
 *
 * A theme says what a cell of boids is coloured by (its heading, its
 * speed, its crowding, or nothing) and with which colours, for each
 * depth a terminal has (its own eight colours, the 256 of xterm's
 * palette, or direct RGB) and for a dark or a light background, so that
 * every colour it uses stands out from the background it is drawn on.
 * The background is told by the option, the terminal's answer to OSC 11,
 * or COLORFGBG. All of it is pure: the terminal and the renderer only
 * ask.
 */
#ifndef BOIDS_THEME_H
#define BOIDS_THEME_H

#include "term/caps.h"

/* The themes, in the order --theme names them. */
enum theme_name {
	THEME_HEADING,    /* hue by heading (dots); the default */
	THEME_SPEED,      /* cool slow, hot fast */
	THEME_CROWD,      /* by how crowded a cell is */
	THEME_MONO,       /* greys by crowding, or the terminal's own
	                   * foreground alone */
	THEME_TERMINAL,   /* hue by heading in the terminal's own colours */
	THEME_COUNT
};

/* The background, in the order --background names it; then one that
 * is not known and never will be (the terminal will not say, nor the
 * environment): colours for it read on a dark and a light one alike. */
enum theme_background { THEME_BG_AUTO, THEME_BG_DARK, THEME_BG_LIGHT,
	THEME_BG_EITHER };

/* What a cell's colour tells: what its tone is worked out from. */
enum theme_tone_by {
	THEME_BY_NOTHING,
	THEME_BY_HEADING,
	THEME_BY_SPEED,
	THEME_BY_CROWD
};

/* What a cell is toned by is told in this many tones, 0 (east, slow,
 * sparse) to THEME_TONES - 1: a heading's hue in steps of 5 degrees,
 * as many as direct colour shows without bands; a palette may have
 * fewer colours, each then standing for a run of tones. */
#define THEME_TONES 72

/* The hues of the ring the 256 colours' cube has round the wheel, 15
 * degrees apart. */
#define THEME_RING 24

/* The colours a mark is drawn in, before any tone. */
enum theme_role {
	ROLE_BOID,        /* a lone boid; also the blanks' colour */
	ROLE_CROWD,
	ROLE_DENSE,
	ROLE_PREDATOR,
	ROLE_PERCHED,
	ROLE_OBSTACLE,
	ROLE_GOAL,
	ROLE_AFRAID,      /* boids afraid (--fear): brighter */
	ROLE_LEADER,      /* a leader (--leaders) */
	ROLE_KIND,        /* the species (--species), one colour each */
	ROLE_KIND_LAST = ROLE_KIND + 3,
	ROLE_COUNT
};

/* A terminal's colour depth, as the terminal says it: 8, 256 or
 * CAPS_DIRECT_COLOR (caps.h). */
#define THEME_DIRECT CAPS_DIRECT_COLOR

/*
 * A colour as a terminal is told it: a palette number (0 to 7 are the
 * terminal's own, which its user's theme defines; 16 to 255 xterm's cube
 * and greys), or -1 for the terminal's own foreground; and its RGB
 * (0xRRGGBB), sent as it is to a terminal of direct colour, and for a
 * palette number the value xterm gives it by default; -1 for the
 * foreground, which is whatever the user chose.
 */
struct theme_color {
	short index;
	long rgb;
};

#define THEME_MAX_TONES THEME_TONES

struct theme_palette {
	struct theme_color role[ROLE_COUNT];
	struct theme_color tone[THEME_MAX_TONES];
	int ntones;               /* 0: cells take their role's colour */
	int ring;                 /* the tones go round the wheel (headings
	                           * in 24 hues or more), each colour
	                           * centred on its own */
};

/* The colours of theme t on a terminal of colors (8, 256 or
 * THEME_DIRECT) on background bg: dark, light, or either (AUTO is
 * taken as either). */
void theme_palette(enum theme_name t, int colors, enum theme_background bg,
    struct theme_palette *p);

/* What theme t colours a cell of dots, or of arrows, by. */
enum theme_tone_by theme_tone_of(enum theme_name t, int dots);

/* The palette's colour for tone k (0 to THEME_TONES - 1): of a ring,
 * the one whose hue is nearest. */
int theme_tone_color(const struct theme_palette *p, int k);

/* The tone of a mean speed against the speed limit, and of crowding: a
 * cell's boids over the count that lights a cell in this view, each
 * doubling a quarter of the palette's way further up to 64 times. */
int theme_tone_speed(double speed, double limit);
int theme_tone_crowd(double ratio);

/* Hue k of the 256-colour cube's ring (THEME_RING round it, red
 * first), as a dark background shows it: every channel from level 1
 * to 5 of its 6, neighbours a level of one channel apart. */
int theme_ring_dark(int k);

/* The RGB value xterm gives palette colour index by default. */
long theme_xterm_rgb(int index);

/* Relative luminance (0 black to 1 white) of an RGB value, and the
 * contrast ratio of two luminances (1 to 21). */
double theme_luminance(long rgb);
double theme_contrast(double a, double b);

/* The least contrast every colour of a theme has with its background,
 * and on a background not known, with black and with white alike (by
 * xterm's colours for the terminal's own eight; of those only red and
 * magenta have it). 3 to 1 is the least WCAG asks of graphics (SC
 * 1.4.11), which a glyph in a cell is; it needs a luminance from 0.1
 * to 0.3, and 0.18 gives 4.6 to 1 with both. */
#define THEME_MIN_CONTRAST 3.0

/* Whether an RGB background (16 bits a channel) is light: nearer white
 * than black in contrast. */
int theme_light_rgb(unsigned r, unsigned g, unsigned b);

/* What COLORFGBG ("fg;bg" or "fg;extra;bg", as rxvt and konsole set it)
 * says of the background: 1 light, 0 dark, -1 nothing. */
int theme_colorfgbg(const char *value);

/*
 * The background to draw on: what the option asks; else the terminal's
 * answer (rgb, 16 bits a channel); else, once the terminal will not say,
 * COLORFGBG, else either. THEME_BG_AUTO while the answer may still come.
 */
enum theme_background theme_background(enum theme_background asked,
    enum caps_answer answer, const unsigned rgb[3], const char *colorfgbg);

#endif
