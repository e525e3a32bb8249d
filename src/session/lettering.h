/*
 * lettering.h: a text laid out in the font, in whole cells of the world.
 *
 * The sign's text, a character a glyph (lib/font.h), is wrapped at its
 * spaces into lines no wider than the room there is (a word wider than
 * a line is cut), the lines centred one under another, two pixels
 * apart; then each pixel of the font takes sx cells across and sy down.
 * A cell is twice as tall as it is wide, so at sx = 2 sy the font's
 * pixels are square; the smallest scale, one cell a pixel, draws it
 * narrow. The lettering is kept as a bitmap of the font's pixels, and
 * its cells are found from it by dividing.
 */
#ifndef BOIDS_LETTERING_H
#define BOIDS_LETTERING_H

#include <stddef.h>

/* Pixels between one line and the next. */
#define LETTERING_LINE_GAP 2

struct lettering {
	unsigned char *px;   /* width by height pixels, row by row: 1 lit */
	int width, height;   /* in pixels */
	int sx, sy;          /* cells a pixel takes, across and down */
	int col, row;        /* its top-left cell in the world */
	size_t lit;          /* pixels lit */
	int missing;         /* characters the font lacks, drawn as boxes */
};

/* Why a text could not be laid out, or 0 when it was. */
enum lettering_fault {
	LETTERING_FITS,
	LETTERING_NO_ROOM,     /* not in the room there is at any scale */
	LETTERING_FEW_BOIDS,   /* in the room only with more cells than
				* there are boids */
	LETTERING_BLANK,       /* nothing to draw */
	LETTERING_NO_MEMORY
};

/*
 * The largest scale at which text fits in cols by rows cells and lights
 * at most `most` of them, into *sx and *sy. On LETTERING_FEW_BOIDS,
 * *need is the fewest cells it lights at a scale where it fits.
 */
enum lettering_fault lettering_fit(const char *text, int cols, int rows,
    size_t most, int *sx, int *sy, size_t *need);

/*
 * text laid out into l at scale sx by sy, its lines at most cols cells
 * wide, placed at the top-left cell (0, 0). LETTERING_FITS, or
 * LETTERING_NO_ROOM when a character alone is wider than cols,
 * LETTERING_BLANK or LETTERING_NO_MEMORY (l then holds nothing).
 */
enum lettering_fault lettering_lay(struct lettering *l, const char *text,
    int sx, int sy, int cols);

/* Its size in cells, and the cells it lights. */
int lettering_cols(const struct lettering *l);
int lettering_rows(const struct lettering *l);
size_t lettering_cells(const struct lettering *l);

/* Whether the world's cell (col, row) is one the lettering lights. */
int lettering_at(const struct lettering *l, int col, int row);

void lettering_free(struct lettering *l);

#endif
