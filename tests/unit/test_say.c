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
	/* A lone lead byte at the end reads nothing past the name. */
	SHOWN("x\xc2", "x\xc2");
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
	test_lifetime();
	test_long();
	return check_exit("test_say");
}
