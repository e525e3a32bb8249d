/*
 * picture.h: the field as a picture in pixels, on a terminal that
 * shows them.
 *
 * Frame by frame, this decides whether the field is a picture or cells,
 * and makes the picture's bytes: the flock composed in pixels
 * (pixels.h) through the camera the cells would use, encoded for the
 * protocol the terminal answered it has (graphics.h): sixel, the whole
 * field each frame but for the box of text over it, in tiles no larger
 * than the terminal takes; or kitty's, sprites uploaded once and
 * placed. The picture fills the
 * field (the terminal's rows above the status line) at a cell's size
 * in pixels, from the field's top left cell.
 *
 * Pixels are drawn when asked for (glyphs auto or pixels), once the
 * terminal's answers are in, where a protocol is chosen from them and a
 * cell's size is known; and while the link to the terminal takes a
 * picture soon enough: a picture that would take the link longer than
 * PICTURE_LATE_MS is not sent, and the field is cells until the link's
 * rate has grown enough for the last one, so that a key still shows at
 * once. Going back to cells, kitty's pictures are deleted; sixel's,
 * painted on the screen, go when the screen is painted again whole,
 * which the caller is told to do.
 *
 * Nothing here writes to the terminal: the caller sends the bytes
 * ahead of curses' frame, and tells the renderer how the field is
 * drawn.
 */
#ifndef BOIDS_PICTURE_H
#define BOIDS_PICTURE_H

#include <stddef.h>

#include "camera.h"
#include "engine/flock.h"
#include "term/caps.h"
#include "term/graphics.h"
#include "theme.h"

/* The longest a picture may take the link, at its rate, to be sent. */
#define PICTURE_LATE_MS 200
/* Back to pixels once the link takes the last picture in this share
 * of that time. */
#define PICTURE_BACK_SHARE 0.7

/* What the terminal says and is, as a frame finds it. */
struct picture_terminal {
	enum caps_answer state;          /* of its answers about pixels */
	struct graphics_answers answers;
	int multiplexer;                 /* inside tmux or screen */
	int cols, rows;                  /* the field, in cells */
	int cell_w, cell_h;              /* a cell in pixels; 0 unknown */
	double rate;                     /* the link's bytes/s; 0 unknown */
	int hole[4];                     /* cells of text over the field
	                                  * (x, y, w, h; w 0 for none),
	                                  * which sixel's picture leaves
	                                  * out: it would paint over them */
};

struct picture;

/* NULL when memory runs out. */
struct picture *picture_new(void);
void picture_free(struct picture *pc);

/* The theme's colours for a background of kind bg (as the cells'),
 * that background 0xRRGGBB. */
void picture_set_theme(struct picture *pc, enum theme_name t,
    enum theme_background bg, long background);

/* Trails behind the boids (trails.h), each life frames long; life 0
 * turns them off, and forgets them. */
void picture_set_trails(struct picture *pc, int life);

/*
 * One frame: the flock as a picture, when the glyphs asked for (enum
 * field_glyphs) and the terminal allow, for the camera cam (the field's
 * size); p may be NULL. The protocol drawn with, or GRAPHICS_NONE for
 * cells. The bytes to send with the frame (a picture, or what removes
 * the last one) are picture_bytes()'.
 */
enum graphics_proto picture_frame(struct picture *pc, int glyphs,
    const struct picture_terminal *t, const struct flock_view *v,
    const struct flock_params *p, const struct camera *cam);

/* The bytes picture_frame() made, to send with its frame; how many. */
size_t picture_bytes(const struct picture *pc, const char **bytes);

/* Whether the last frame went back to cells from sixel's pixels, which
 * only painting the whole screen again takes away. */
int picture_needs_repaint(const struct picture *pc);

/* The screen was cleared, or left and entered again: nothing is on it,
 * and the next picture is sent whole. */
void picture_forget(struct picture *pc);

/* Whether pixels could be drawn if asked for (the `m` key goes through
 * them): the terminal said it has a protocol, and a cell's size is
 * known. */
int picture_available(const struct picture_terminal *t);

/* Why the last frame asked for pixels (glyphs pixels) and drew cells,
 * in a few words; NULL when it did not. */
const char *picture_why_not(const struct picture *pc);

#endif
