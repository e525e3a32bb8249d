/*
 * answers.c: the questions asked with the first query, and what the
 * answers told.
 *
 * The arrow is drawn on the second row (an answer from the first would
 * read as a function key with Shift or Alt), with the cursor saved
 * before it and restored after the query: the answer is the cursor's
 * place after the arrow, two columns on in a terminal that draws it two
 * cells wide. Synchronized output is had where the terminal knows the
 * mode, set or reset.
 */
#include <string.h>

#include "answers.h"
#include "escape.h"
#include "output.h"
#include "pictures.h"

#define WIDTH_ROW 2
#define WIDTH_ARROW "\0337\033[2H\xe2\x86\x92"
#define WIDTH_BACK "\0338"

/* Each question: wanted, sent, answered; and what was told. */
static struct {
	int want, asked, answered;
	unsigned rgb[3];
} bg;
static struct {
	int want, asked, answered, wide;
} width;
static int sync_frames;

void
answers_want_background(int on)
{
	bg.want = on;
}

void
answers_want_width(int on)
{
	width.want = on;
}

void
answers_reset(void)
{
	bg.asked = bg.answered = 0;
	width.asked = width.answered = width.wide = 0;
	sync_frames = 0;
}

static void
say(const char *bytes)
{
	output_write(bytes, strlen(bytes));
}

void
answers_ask(int draw, void (*query)(void))
{
	int arrow = width.want && draw;

	say(ESCAPE_ASK_SYNC);
	if (bg.want) {
		say(ESCAPE_ASK_BACKGROUND);
		bg.asked = 1;
	}
	if (arrow)
		say(WIDTH_ARROW);
	query();
	if (arrow) {
		say(WIDTH_BACK);
		width.asked = 1;
	}
}

void
answers_take(enum keys_read what)
{
	struct keys_told told = keys_told();

	switch (what) {
	case KEYS_ANSWER:
		if (!width.asked || width.answered)
			return;
		width.answered = 1;
		width.wide = told.row == WIDTH_ROW && told.col >= 3;
		return;
	case KEYS_BACKGROUND:
		keys_background(bg.rgb);
		bg.answered = 1;
		return;
	case KEYS_MODE:
		if (told.mode == ESCAPE_SYNC_MODE && (told.state == 1 ||
		    told.state == 2))
			sync_frames = 1;
		return;
	case KEYS_GRAPHICS:
		pictures_take();
		return;
	default:
		return;
	}
}

enum caps_answer
answers_background(unsigned rgb[3], int due)
{
	if (bg.answered) {
		memcpy(rgb, bg.rgb, sizeof bg.rgb);
		return CAPS_ANSWERED;
	}
	return bg.asked && due ? CAPS_ASKING : CAPS_SILENT;
}

enum caps_answer
answers_width(int *wide, int due)
{
	*wide = width.answered && width.wide;
	if (width.answered)
		return CAPS_ANSWERED;
	return width.asked && due ? CAPS_ASKING : CAPS_SILENT;
}

int
answers_sync(void)
{
	return sync_frames;
}
