/*
 * test_graphics.c: the terminal's answers about pixels, read, and the
 * protocol chosen from them (src/term/graphics.c), with the sorting of
 * those answers out of the keys (src/term/escape.c).
 *
 * The answers are the bytes real terminals sent to GRAPHICS_ASK, as
 * captured from them: xterm 379 as a VT340 and as its default VT420,
 * kitty 0.26.5; tmux 3.3a's DA1 is from its documentation. The rules
 * checked: auto draws pixels only where the terminal said yes and is
 * one the tests look at, never inside tmux or screen; pixels asked for
 * draw wherever the terminal said yes, and say why not where it did
 * not.
 */
#include <string.h>

#include "check.h"
#include "term/escape.h"
#include "term/graphics.h"

/* The answers in s, each after its Esc, taken one by one as the keys'
 * reader would sort them: every one must be ESCAPE_GRAPHICS and read. */
static void
feed(struct graphics_answers *a, const char *s)
{
	size_t len = strlen(s), at = 0;

	while (at < len) {
		int b[ESCAPE_MAX];
		size_t n, used;
		struct event ev;

		CHECK(s[at] == '\033');
		for (n = 0; at + 1 + n < len && n < ESCAPE_MAX; n++)
			b[n] = (unsigned char)s[at + 1 + n];
		CHECK_INT(escape_decode(b, n, &used, &ev), ESCAPE_GRAPHICS);
		CHECK_INT(graphics_answer(a, b, used), 0);
		at += 1 + (used > 0 ? used : n);
	}
}

/* One answer (after its Esc) that must not be taken: a stays as it
 * was. */
static void
refuse(const char *s)
{
	struct graphics_answers a, was;
	int b[ESCAPE_MAX];
	size_t n;

	graphics_init(&a);
	was = a;
	for (n = 0; s[n] && n < ESCAPE_MAX; n++)
		b[n] = (unsigned char)s[n];
	CHECK_INT(graphics_answer(&a, b, n), -1);
	CHECK(memcmp(&a, &was, sizeof a) == 0);
}

#define XTERM_VT340 "\033[?63;1;2;4;6;9;15;16;22;28c\033P>|XTerm(379)\033\\" \
	"\033[?1;0;1024S\033[?2;0;960;680S"
#define XTERM_VT420 "\033[?64;1;2;6;9;15;16;17;18;21;22;28c" \
	"\033P>|XTerm(379)\033\\\033[?1;3S\033[?2;3S"
#define KITTY "\033[?62;c\033P>|kitty(0.26.5)\033\\\033[4;500;801t" \
	"\033[6;20;9t\033_Gi=31;OK\033\\"
#define TMUX "\033[?1;2c"

static void
test_read(void)
{
	struct graphics_answers a;

	graphics_init(&a);
	feed(&a, XTERM_VT340);
	CHECK_INT(a.da1, 1);
	CHECK_INT(a.sixel, 1);
	CHECK_INT(a.kitty, -1);
	CHECK_INT(a.registers, 1024);
	CHECK_INT(a.max_w, 960);
	CHECK_INT(a.max_h, 680);
	CHECK(strcmp(a.name, "XTerm(379)") == 0);
	CHECK_INT(a.cell_w, 0);

	/* Without sixel, XTSMGRAPHICS fails (status 3): nothing known. */
	graphics_init(&a);
	feed(&a, XTERM_VT420);
	CHECK_INT(a.da1, 1);
	CHECK_INT(a.sixel, 0);
	CHECK_INT(a.registers, 0);
	CHECK_INT(a.max_w, 0);

	graphics_init(&a);
	feed(&a, KITTY);
	CHECK_INT(a.sixel, 0);
	CHECK_INT(a.kitty, 1);
	CHECK_INT(a.cell_w, 9);
	CHECK_INT(a.cell_h, 20);
	CHECK_INT(a.text_w, 801);
	CHECK_INT(a.text_h, 500);
	CHECK(strcmp(a.name, "kitty(0.26.5)") == 0);

	/* A refusal from kitty's protocol is an answer: no. */
	graphics_init(&a);
	feed(&a, "\033_Gi=31;ENOTSUPPORTED:no such format\033\\");
	CHECK_INT(a.kitty, 0);
	/* The device class alone is not sixel: 4 must follow it. */
	graphics_init(&a);
	feed(&a, "\033[?4c");
	CHECK_INT(a.sixel, 0);
	feed(&a, "\033[?62;4c");
	CHECK_INT(a.sixel, 1);
}

static void
test_refused(void)
{
	/* Another id than the query's is not its answer. */
	refuse("_Gi=32;OK\033\\");
	refuse("_Gi=31;OK");
	refuse("_G;OK\033\\");
	/* Sizes: three numbers, in range. */
	refuse("[6;20t");
	refuse("[6;0;9t");
	refuse("[6;20;9;1t");
	refuse("[8;20;9t");
	refuse("[6;2x;9t");
	refuse("[6;20;999999999t");
	/* A name with a control byte in it, or none ended. */
	refuse("P>|XTe\001rm\033\\");
	refuse("P>|XTerm(379)");
	/* Other sequences. */
	refuse("[0n");
	refuse("]11;rgb:0000/0000/0000\033\\");
	refuse("[?1;2$y");
}

/* What escape.c sorts as such answers, and what it leaves alone. */
static void
test_sorted(void)
{
	static const char *const answers[] = {
		"[?62;4c", "[?1;0;256S", "[?2;0;1000;1000S", "[4;800;1200t",
		"[6;20;10t", "_Gi=31;OK\033\\", "P>|XTerm(379)\033\\"
	};
	static const char *const others[] = { "[0n", "[?1;2$y", "[8;24;80t",
		"[12;5R", "PXTerm\033\\", "_Xyz\033\\" };
	size_t k;

	for (k = 0; k < sizeof answers / sizeof answers[0]; k++) {
		int b[ESCAPE_MAX];
		size_t n, used;
		struct event ev;

		for (n = 0; answers[k][n]; n++)
			b[n] = (unsigned char)answers[k][n];
		CHECK_INT(escape_decode(b, n, &used, &ev), ESCAPE_GRAPHICS);
		CHECK_INT(used, n);
		/* Cut short, it is awaited, never read as keys. */
		CHECK_INT(escape_decode(b, n - 1, &used, &ev), ESCAPE_PARTIAL);
	}
	for (k = 0; k < sizeof others / sizeof others[0]; k++) {
		int b[ESCAPE_MAX];
		size_t n, used;
		struct event ev;

		for (n = 0; others[k][n]; n++)
			b[n] = (unsigned char)others[k][n];
		CHECK(escape_decode(b, n, &used, &ev) != ESCAPE_GRAPHICS);
	}
}

static void
test_choose(void)
{
	struct graphics_answers a;
	const char *why;

	/* xterm as a VT340, 1024 registers: auto and asked draw sixel. */
	graphics_init(&a);
	feed(&a, XTERM_VT340);
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 0, &why), GRAPHICS_SIXEL);
	CHECK(why == NULL);
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, &why),
	    GRAPHICS_SIXEL);
	CHECK_INT(graphics_choose(&a, GRAPHICS_OFF, 0, &why), GRAPHICS_NONE);
	/* Inside tmux, auto keeps cells, whatever was answered; asked for,
	 * pixels go through. */
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 1, &why), GRAPHICS_NONE);
	CHECK(why != NULL);
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 1, NULL),
	    GRAPHICS_SIXEL);
	/* Fewer registers than a picture's colours: not auto's. */
	a.registers = 16;
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 0, NULL), GRAPHICS_NONE);
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, NULL),
	    GRAPHICS_SIXEL);
	/* The same yes from a terminal the tests do not look at. */
	graphics_init(&a);
	feed(&a, "\033[?62;4c\033P>|WezTerm 20230712\033\\\033[?1;0;1024S");
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 0, &why), GRAPHICS_NONE);
	CHECK(why && strstr(why, "tested"));
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, NULL),
	    GRAPHICS_SIXEL);
	/* No name given at all: auto keeps cells. */
	graphics_init(&a);
	feed(&a, "\033[?62;4c\033[?1;0;1024S");
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 0, NULL), GRAPHICS_NONE);

	/* kitty: its protocol, auto or asked. */
	graphics_init(&a);
	feed(&a, KITTY);
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 0, NULL), GRAPHICS_KITTY);
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, NULL),
	    GRAPHICS_KITTY);
	/* A name of kitty's with no OK is no yes. */
	a.kitty = -1;
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 0, NULL), GRAPHICS_NONE);
	/* Both protocols, asked for: kitty's. */
	feed(&a, "\033_Gi=31;OK\033\\\033[?62;4c");
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, NULL),
	    GRAPHICS_KITTY);

	/* xterm without sixel, and tmux: cells, and why. */
	graphics_init(&a);
	feed(&a, XTERM_VT420);
	CHECK_INT(graphics_choose(&a, GRAPHICS_AUTO, 0, NULL), GRAPHICS_NONE);
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, &why),
	    GRAPHICS_NONE);
	CHECK(why && strstr(why, "neither"));
	graphics_init(&a);
	feed(&a, TMUX);
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 1, &why),
	    GRAPHICS_NONE);
	CHECK(why != NULL);
	/* Refused kitty's, no sixel; and no answer at all. */
	graphics_init(&a);
	feed(&a, "\033_Gi=31;EINVAL\033\\");
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, &why),
	    GRAPHICS_NONE);
	CHECK(why && strstr(why, "refused"));
	graphics_init(&a);
	CHECK_INT(graphics_choose(&a, GRAPHICS_FORCED, 0, &why),
	    GRAPHICS_NONE);
	CHECK(why && strstr(why, "did not say"));
}

static void
test_where(void)
{
	CHECK_INT(graphics_multiplexer(NULL, NULL, "xterm-256color"), 0);
	CHECK_INT(graphics_multiplexer("", "", "xterm-kitty"), 0);
	CHECK_INT(graphics_multiplexer("/tmp/tmux-0/default,1,0", NULL,
	    "xterm"), 1);
	CHECK_INT(graphics_multiplexer(NULL, "1234.pts-0.host", "xterm"), 1);
	CHECK_INT(graphics_multiplexer(NULL, NULL, "screen-256color"), 1);
	CHECK_INT(graphics_multiplexer(NULL, NULL, "tmux-256color"), 1);
	CHECK_INT(graphics_multiplexer(NULL, NULL, NULL), 0);
	/* Auto does not even ask inside one; asked for, it does. */
	CHECK_INT(graphics_worth_asking(GRAPHICS_AUTO, 0), 1);
	CHECK_INT(graphics_worth_asking(GRAPHICS_AUTO, 1), 0);
	CHECK_INT(graphics_worth_asking(GRAPHICS_FORCED, 1), 1);
	CHECK_INT(graphics_worth_asking(GRAPHICS_OFF, 0), 0);
}

static void
test_cell(void)
{
	struct graphics_answers a;
	int w = -1, h = -1;

	graphics_init(&a);
	/* The device's own pixels first. */
	CHECK_INT(graphics_cell(&a, 1200, 800, 120, 40, &w, &h), 0);
	CHECK_INT(w, 10);
	CHECK_INT(h, 20);
	/* Nothing says: none. */
	CHECK_INT(graphics_cell(&a, 0, 0, 120, 40, &w, &h), -1);
	/* A cell's answer, then the window's. */
	a.text_w = 960;
	a.text_h = 680;
	CHECK_INT(graphics_cell(&a, 0, 0, 120, 40, &w, &h), 0);
	CHECK_INT(w, 8);
	CHECK_INT(h, 17);
	a.cell_w = 9;
	a.cell_h = 20;
	CHECK_INT(graphics_cell(&a, 0, 0, 120, 40, &w, &h), 0);
	CHECK_INT(w, 9);
	CHECK_INT(h, 20);
	CHECK_INT(graphics_cell(&a, 1200, 800, 0, 40, &w, &h), -1);
}

int
main(void)
{
	test_read();
	test_refused();
	test_sorted();
	test_choose();
	test_where();
	test_cell();
	return check_exit("test_graphics");
}
