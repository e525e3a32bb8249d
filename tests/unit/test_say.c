/*
 * test_say.c: names in messages are shown, never obeyed (src/lib/say.c).
 */
#include <string.h>

#include "check.h"
#include "lib/say.h"

#define SHOWN(name, want) CHECK(strcmp(say_name(name), want) == 0)

static void
test_escapes(void)
{
	/* Plain names, UTF-8 letters among them, stand as they are. */
	SHOWN("flight.rec", "flight.rec");
	SHOWN("/tmp/vol\xc3\xa9" "e 2.rec", "/tmp/vol\xc3\xa9" "e 2.rec");
	SHOWN("", "");
	/* ESC [ 2 J clears a screen; a newline would forge a line. */
	SHOWN("a\033[2Jb\nc.rec", "a\\033[2Jb\\012c.rec");
	SHOWN("\001\037\177", "\\001\\037\\177");
	/* The backslash too, so that an escape is never ambiguous. */
	SHOWN("a\\033", "a\\134033");
	/* CSI as a UTF-8 C1 control, both bytes; U+00A0 is no control. */
	SHOWN("x\xc2\x9b" "2J", "x\\302\\2332J");
	SHOWN("x\xc2\xa0y", "x\xc2\xa0y");
	/* A lone lead byte at the end reads nothing past the name, and
	 * begins no character: escaped. */
	SHOWN("x\xc2", "x\\302");
	/* The C1 controls as raw bytes, which an 8-bit terminal obeys:
	 * CSI (0x9b) clears a screen as Esc [ does. */
	SHOWN("x\x9b" "2J", "x\\2332J");
	SHOWN("\x80\x85\x9f", "\\200\\205\\237");
	/* Bytes that begin no character, or one they do not go on with:
	 * each stands escaped, the character after them as it is. */
	SHOWN("a\xff\xfe" "b", "a\\377\\376b");
	SHOWN("\xe2\x82" "b", "\\342\\202b");
	SHOWN("\xc3\xa9\xc3" "\xc3\xa9", "\xc3\xa9\\303\xc3\xa9");
	/* Overlong forms and surrogates are no characters. */
	SHOWN("\xc0\xaf", "\\300\\257");
	SHOWN("\xed\xa0\x80", "\\355\\240\\200");
	/* A character of four bytes, whole. */
	SHOWN("\xf0\x9f\x90\xa6", "\xf0\x9f\x90\xa6");
}

/* A name cut at the bound ends on a whole character. */
static void
test_cut_whole(void)
{
	static char name[SAY_NAME_MAX + 8];
	const char *shown;
	size_t len, k;

	/* Three-byte characters: the bound falls inside one. */
	for (k = 0; k + 3 <= sizeof name - 1; k += 3)
		memcpy(name + k, "\xe2\x82\xac", 3);
	name[k] = '\0';
	shown = say_name(name);
	len = strlen(shown);
	CHECK(strcmp(shown + len - 3, "...") == 0);
	CHECK((len - 3) % 3 == 0);
	CHECK(len - 3 <= SAY_NAME_MAX);
	CHECK(memcmp(shown + len - 6, "\xe2\x82\xac", 3) == 0);
}

/* Each result lives while SAY_NAMES - 1 more are asked for. */
static void
test_lifetime(void)
{
	const char *first = say_name("one\n");
	int k;

	for (k = 1; k < SAY_NAMES; k++)
		(void)say_name("other");
	CHECK(strcmp(first, "one\\012") == 0);
}

/* A name longer than any path is cut, and says so. */
static void
test_long(void)
{
	static char name[10000];
	const char *shown;
	size_t len;

	memset(name, '\n', sizeof name - 1);
	shown = say_name(name);
	len = strlen(shown);
	CHECK(len > 4 * 4000);
	CHECK(len < 4 * 4200);
	CHECK(strcmp(shown + len - 7, "\\012...") == 0);
}

int
main(void)
{
	test_escapes();
	test_cut_whole();
	test_lifetime();
	test_long();
	return check_exit("test_say");
}
