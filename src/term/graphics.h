/*
 * graphics.h: whether a terminal shows pictures in pixels, as it says
 * when asked.
 *
 * Two protocols draw pixels in a terminal: DEC's sixel (xterm as a
 * VT340, mlterm, foot, WezTerm, ...) and kitty's graphics protocol
 * (kitty, Ghostty, WezTerm). Which one a terminal has is asked, never
 * guessed from its name or the environment: its device attributes
 * (DA1) list 4 where it has sixel, kitty's query (a=q) is answered OK
 * where it has kitty's, XTSMGRAPHICS tells sixel's colour registers and
 * largest picture, CSI 14t and 16t the window's and a cell's size in
 * pixels, and XTVERSION the terminal's name. The answers are read here,
 * and a protocol chosen from them: `auto` only where the terminal said
 * it can and is one whose pictures the tests look at (xterm with sixel,
 * kitty), never inside tmux or screen; `pixels`, asked for, wherever
 * the terminal said it can. Pure: the terminal layer sends the
 * questions and hands the answers over.
 */
#ifndef BOIDS_GRAPHICS_H
#define BOIDS_GRAPHICS_H

#include <stddef.h>

/* The questions, in one string, sent before the pacing's first query,
 * which the terminal answers after them: kitty's query (a picture of
 * one pixel, id 31, not kept), a cell's and the window's size in
 * pixels, sixel's colour registers and largest picture, the terminal's
 * name, and its device attributes last, as every terminal answers
 * those. */
#define GRAPHICS_ASK "\033_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\033\\" \
	"\033[16t\033[14t\033[?1;1;0S\033[?2;1;0S\033[>0q\033[c"

/* What removes every picture: kitty's placements and images deleted,
 * and the screen erased, which takes sixel's pictures with it. For a
 * fault's handler too, so a constant. */
#define GRAPHICS_CLEAR "\033_Ga=d,d=A,q=2\033\\\033[2J"

/* The fewest colour registers auto draws sixel with: one for each
 * colour a picture may have. */
#define GRAPHICS_REGISTERS 256

enum graphics_proto { GRAPHICS_NONE, GRAPHICS_SIXEL, GRAPHICS_KITTY };

/* What was asked for: no pixels, auto, or pixels. */
enum graphics_want { GRAPHICS_OFF, GRAPHICS_AUTO, GRAPHICS_FORCED };

/* What the terminal answered; 0 (or -1 for kitty) where it did not. */
struct graphics_answers {
	int da1;                 /* it answered its device attributes */
	int sixel;               /* and listed sixel (4) among them */
	int kitty;               /* kitty's query: -1 no answer, 0 refused,
	                          * 1 OK */
	int registers;           /* sixel's colour registers */
	int max_w, max_h;        /* sixel's largest picture */
	int cell_w, cell_h;      /* a cell (CSI 16t) */
	int text_w, text_h;      /* the window's text area (CSI 14t) */
	char name[48];           /* XTVERSION: "XTerm(379)", "kitty(0.26.5)" */
};

/* Nothing answered yet. */
void graphics_init(struct graphics_answers *a);

/*
 * Take one answer: the n bytes after its Esc up to and with its end, as
 * escape.c sorts them (ESCAPE_GRAPHICS). 0 when it was one of the
 * answers above, -1 when not (a is then untouched).
 */
int graphics_answer(struct graphics_answers *a, const int *b, size_t n);

/* Whether the environment says the program runs inside a multiplexer:
 * TMUX or STY set, or TERM a screen or tmux type (any may be NULL). */
int graphics_multiplexer(const char *tmux, const char *sty,
    const char *term);

/*
 * The protocol to draw with, for what was asked, from the answers, in
 * or out of a multiplexer; when none, *why (if why is not NULL) says
 * why in a few words, or is NULL where nothing was asked for.
 */
enum graphics_proto graphics_choose(const struct graphics_answers *a,
    enum graphics_want want, int multiplexer, const char **why);

/* Whether a terminal in or out of a multiplexer is asked at all. */
int graphics_worth_asking(enum graphics_want want, int multiplexer);

/*
 * A cell's size in pixels: from the device's size (xpixel by ypixel for
 * cols by lines, as TIOCGWINSZ tells it; 0 where it does not), else the
 * terminal's answers (a cell's, or the window's over cols by lines).
 * 0, or -1 when nothing says.
 */
int graphics_cell(const struct graphics_answers *a, int xpixel, int ypixel,
    int cols, int lines, int *cell_w, int *cell_h);

#endif
