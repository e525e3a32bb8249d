/*
 * field.h: the flock as a grid of glyphs, before any terminal.
 *
 * One frame through a camera becomes one glyph and one style per cell:
 * arrows (the heading of the boids in a cell), braille dots (a 2x4 grid
 * of dots per cell, a dot where boids are), or, without Unicode, an
 * ASCII ramp that darkens with the dots a cell would show; a cell of
 * boids has a tone too, what the theme colours it by (its boids'
 * heading, speed or crowding). Whether a dot shows, and whether a cell
 * is dense, follows the boids' density relative to the rest of the
 * view, not an absolute count, so a flock of a thousand and one of a
 * million look alike from their own distance.
 * With the extensions a cell tells more: where most of its boids are
 * afraid it is drawn afraid, where a leader flies it is drawn as the
 * leader's, and with species it takes its commonest kind, whose colour
 * it is drawn in; every other kind flies triangles, not arrows, where
 * Unicode allows, so that two kinds are told apart without colour too.
 * The terminal renderer and headless --picture both draw from here.
 * Buffers are sized once per view size; a frame allocates nothing.
 */
#ifndef BOIDS_FIELD_H
#define BOIDS_FIELD_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "camera.h"
#include "engine/flock.h"
#include "theme.h"

/* What a glyph shows. */
enum field_mark {
	MARK_BOID,       /* the heading of the boids in a cell */
	MARK_PREDATOR,
	MARK_PERCHED,    /* boids resting on the ground */
	MARK_OBSTACLE,
	MARK_GOAL,
	MARK_COUNT
};

/* Eight headings, clockwise on screen from east; none for no heading. */
enum { SECTOR_E, SECTOR_SE, SECTOR_S, SECTOR_SW, SECTOR_W, SECTOR_NW,
	SECTOR_N, SECTOR_NE, SECTOR_COUNT, SECTOR_NONE = -1 };

/* The glyph sets, in the order --glyphs names them and `m` cycles.
 * Pixels are drawn elsewhere (picture.h); where they cannot be, the
 * field draws them as auto. */
enum field_glyphs { FIELD_AUTO, FIELD_ARROWS, FIELD_DOTS, FIELD_PIXELS,
	FIELD_SETS };

/* How a cell is drawn: its colour and weight. */
enum field_style {
	STYLE_BLANK,
	STYLE_BOID,       /* a lone boid, or a dot cell of ordinary density */
	STYLE_CROWD,      /* a few */
	STYLE_DENSE,      /* a crowd, or a dense core */
	STYLE_PREDATOR,
	STYLE_PERCHED,
	STYLE_OBSTACLE,
	STYLE_GOAL,
	STYLE_AFRAID,     /* most of the cell's boids afraid */
	STYLE_LEADER,     /* a leader in the cell */
	STYLE_TRAIL       /* where boids just were (trails.h) */
};

struct field_cell {
	wchar_t ch;              /* 0 for a blank cell */
	unsigned char style;     /* enum field_style */
	signed char tone;        /* what the theme colours the boids by:
	                          * the hue of their heading, their speed
	                          * or crowding, 0 to THEME_TONES - 1; -1
	                          * for none */
	signed char kind;        /* the commonest species, or -1 */
};

/* The headings dots are told apart by, one a tone of the theme's: as
 * many hues round the wheel as a terminal of direct colour shows
 * without bands between them (256 colours show a third as many). */
#define FIELD_HUES THEME_TONES

/* auto's hysteresis: dots from this many boids a lit cell, arrows again
 * below the second. */
#define FIELD_CROWD_ON 2.5
#define FIELD_CROWD_OFF 1.6

/* Dots whose boids together make at most this share of the view's
 * boids stay dark: the thin sky around a dense flock. */
#define FIELD_SKY_SHARE 0.05
/* Cells with a dot among those holding the densest quarter of the
 * boids are drawn dense. */
#define FIELD_DENSE_SHARE 0.75

struct field {
	int unicode;
	int narrow;                /* only what is one cell wide anywhere */
	enum field_glyphs glyphs;  /* what was asked */
	int dots;                  /* what is drawn: dots 1, arrows 0 */
	int cols, rows;
	size_t cells, cap;
	uint32_t *count, *perched; /* per cell */
	uint32_t *afraid, *leading; /* per cell: the extensions */
	uint32_t *kinds;           /* FLOCK_MAX_SPECIES per cell */
	int moods;                 /* the last frame had any of them */
	uint32_t *dot;             /* eight per cell */
	float *sx, *sy, *speed;
	struct field_cell *out;
	int by_arrows, by_dots;    /* what cells are toned by in each set:
	                            * enum theme_tone_by */
	int hue_ring;              /* the colours round the wheel that
	                            * hues are drawn in, for sharing */
	float limit;               /* the speed limit, for the speed's tone */
	size_t shown;              /* boids in view in the last frame */
	size_t lit_cells;          /* cells with boids in the last frame */
};

void field_init(struct field *f, int unicode, enum field_glyphs glyphs);
void field_free(struct field *f);

/* Buffers for a view of cols by rows cells; they grow and never shrink.
 * 0, or -1 when memory runs out. */
int field_fit(struct field *f, int cols, int rows);

/* The bytes those buffers take for each cell. */
size_t field_bytes_per_cell(void);

/* Draw only characters one cell wide in every terminal, for one that
 * draws those of ambiguous width (arrows, triangles, blocks, shades)
 * two cells wide: braille dots, and ASCII for the rest. */
void field_set_narrow(struct field *f, int narrow);

/* Ask for another glyph set; auto starts from arrows. */
void field_set_glyphs(struct field *f, enum field_glyphs g);

/* What the cells of arrows and of dots are toned by (enum
 * theme_tone_by); dots by heading and arrows by nothing at first. */
void field_set_tone_by(struct field *f, int arrows, int dots);

/* A cell toned by heading takes the hue of the toned cell before it in
 * its row when, drawn in n colours round the wheel, theirs are at most
 * one apart (0: never); at first n is the 256 colours' THEME_RING. */
void field_set_hue_ring(struct field *f, int n);

/* One frame: the boids, obstacles, predators and the goal (p may be
 * NULL) as the camera, whose view is the field's size, sees them. */
void field_compose(struct field *f, const struct flock_view *v,
    const struct flock_params *p, const struct camera *cam);

/* The sector of a heading, in world units (which are square on screen),
 * SECTOR_NONE for a zero or non-finite vector. Each sector spans 45
 * degrees centred on its direction, its counter-clockwise edge included. */
int field_sector(float vx, float vy);

/* The glyph of a mark, NUL-terminated; sector matters for boids and
 * predators. unicode 0 gives plain ASCII. */
const wchar_t *field_glyph(enum field_mark m, int sector, int unicode);

/* How crowded a cell with count boids looks: 0 one, 1 a few, 2 many. */
int field_density(unsigned count);

/* The hue of heading (vx, vy), 0 to FIELD_HUES - 1 clockwise on screen
 * from east, hue 0 centred on east; -1 for no heading. */
int field_hue(float vx, float vy);

/* The braille character with the dots in bits; bit 2*row + col for the
 * dot at col 0..1, row 0..3 of the cell. */
wchar_t field_braille(unsigned bits);

/*
 * The count from which a dot (or cell) is drawn: hist[b] holds the boids
 * in dots whose count c has 2^b <= c < 2^(b+1), total their sum. The
 * answer is the least power of two such that the dots below it hold at
 * most share of the boids.
 */
uint32_t field_threshold(const uint64_t hist[32], uint64_t total,
    double share);

/* auto's choice for a view whose lit cells hold crowding boids each on
 * average, with dots 1 when it draws dots now. */
int field_auto(int dots, double crowding);

/* Row row of the last frame as text, UTF-8 unless the field is ASCII,
 * without trailing blanks; buf needs 4 * cols + 1 bytes. */
size_t field_row_text(const struct field *f, int row, char *buf,
    size_t len);

#endif
