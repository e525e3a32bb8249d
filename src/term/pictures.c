/*
 * pictures.c: the questions about pixels, their answers, and the
 * pictures sent, between the façade's calls.
 *
 * The questions go just before the pacing's first query: a terminal
 * answers in order, so once that query is answered or found silent,
 * every answer about pixels has come or never will. Those that come
 * later still count. A picture is queued by the frame that drew it and
 * sent with that frame: ahead of curses' bytes where it paints over
 * text (sixel), so that the text drawn over it shows; after them where
 * it lies under text (kitty's). Where curses clears the screen first
 * (a resize, a repaint), which takes pictures with it, a picture that
 * would have gone ahead is dropped instead, and owed by the next frame.
 */
#include <string.h>

#include "keys.h"
#include "output.h"
#include "pictures.h"
#include "tty.h"

static struct {
	int want, asked, shown;
	struct graphics_answers a;
	const char *picture;
	size_t npicture;
	int over, owed;
} p;

void
pictures_want(enum graphics_want want, int multiplexer)
{
	p.want = graphics_worth_asking(want, multiplexer);
}

void
pictures_open(int ask)
{
	graphics_init(&p.a);
	p.asked = ask && p.want;
	p.shown = 0;
	p.npicture = 0;
	p.owed = 0;
	if (p.asked)
		output_write(GRAPHICS_ASK, strlen(GRAPHICS_ASK));
}

enum caps_answer
pictures_answered(struct graphics_answers *a, int due)
{
	*a = p.a;
	if (!p.asked)
		return CAPS_SILENT;
	return due ? CAPS_ASKING : CAPS_ANSWERED;
}

int
pictures_cell(int tty, int cols, int lines, int *cell_w, int *cell_h)
{
	int x = 0, y = 0;

	if (tty >= 0)
		(void)tty_pixels(tty, &x, &y);
	return graphics_cell(&p.a, x, y, cols, lines, cell_w, cell_h);
}

void
pictures_take(void)
{
	const int *b;
	size_t n = keys_answer(&b);

	(void)graphics_answer(&p.a, b, n);
}

void
pictures_queue(const char *bytes, size_t n, int over_text)
{
	p.picture = bytes;
	p.npicture = n;
	p.over = over_text;
}

void
pictures_send_before(int clearing)
{
	if (!p.npicture || !p.over)
		return;
	if (clearing)
		p.owed = 1;
	else
		output_write(p.picture, p.npicture);
	p.npicture = 0;
}

void
pictures_send_after(void)
{
	if (p.npicture)
		output_write(p.picture, p.npicture);
	p.npicture = 0;
}

int
pictures_owed(void)
{
	int owed = p.owed;

	p.owed = 0;
	return owed;
}

int
pictures_shown(void)
{
	if (p.shown)
		return 0;
	p.shown = 1;
	return 1;
}

const char *
pictures_clear_bytes(void)
{
	return p.shown ? GRAPHICS_CLEAR : "";
}

void
pictures_clear(void)
{
	if (p.shown)
		output_write(GRAPHICS_CLEAR, strlen(GRAPHICS_CLEAR));
}
