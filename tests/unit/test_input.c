/*
 * test_input.c: the key table (src/session/input.c): every key bound
 * once, and the words --help and the overlay show.
 */
#include <curses.h>
#include <string.h>

#include "check.h"
#include "session/input.h"

static void
test_help(void)
{
	static const char *const names[] = { "q, Esc", "space / .", "s",
		"arrow keys", "w", "g", "left click", "G", "f", "Tab", "+ / -",
		"p / P", "r / n", "m", "t", "z / Z, wheel", "h j k l", "0", "c",
		"< / >", "i / ?", "Ctrl-L" };
	const struct help_line *lines;
	size_t n = input_help(&lines), i;

	CHECK_INT(n, sizeof names / sizeof names[0]);
	for (i = 0; i < n && i < sizeof names / sizeof names[0]; i++) {
		CHECK(strcmp(lines[i].keys, names[i]) == 0);
		CHECK(lines[i].what != NULL && strlen(lines[i].what) > 3);
		/* Short enough for the overlay on an 80-column terminal. */
		CHECK(strlen(lines[i].keys) + strlen(lines[i].what) + 6 <= 78);
	}
}

/* Each key, click and wheel notch leads to one binding, the one whose
 * help line names it; keys nobody bound lead to none. What each does is
 * test_session.c's to check. */
static void
test_bindings(void)
{
	static const struct { int key; const char *line; } bound[] = {
		{ 'q', "q, Esc" }, { 27, "q, Esc" }, { ' ', "space / ." },
		{ '.', "space / ." }, { 's', "s" }, { KEY_UP, "arrow keys" },
		{ KEY_DOWN, "arrow keys" }, { KEY_LEFT, "arrow keys" },
		{ KEY_RIGHT, "arrow keys" }, { 'w', "w" }, { 'g', "g" },
		{ EVENT_CLICK, "left click" }, { 'G', "G" }, { 'f', "f" },
		{ '\t', "Tab" }, { '+', "+ / -" }, { '=', "+ / -" },
		{ '-', "+ / -" }, { 'p', "p / P" }, { 'P', "p / P" },
		{ 'r', "r / n" }, { 'n', "r / n" }, { 'm', "m" },
		{ 't', "t" },
		{ 'z', "z / Z, wheel" }, { 'Z', "z / Z, wheel" },
		{ EVENT_WHEEL_UP, "z / Z, wheel" },
		{ EVENT_WHEEL_DOWN, "z / Z, wheel" }, { 'h', "h j k l" },
		{ 'j', "h j k l" }, { 'k', "h j k l" }, { 'l', "h j k l" },
		{ '0', "0" }, { 'c', "c" }, { '<', "< / >" }, { '>', "< / >" },
		{ 'i', "i / ?" }, { '?', "i / ?" }, { 12, "Ctrl-L" }
	};
	static const int unbound[] = { 'x', 'Q', 'S', '1', KEY_F(1),
		EVENT_MOTION, KEY_RESIZE, 0, -1 };
	size_t i;

	for (i = 0; i < sizeof bound / sizeof bound[0]; i++) {
		const struct input_binding *b = input_binding(bound[i].key);

		CHECK(b != NULL && b->act != NULL &&
		    strcmp(b->help.keys, bound[i].line) == 0);
	}
	for (i = 0; i < sizeof unbound / sizeof unbound[0]; i++)
		CHECK(input_binding(unbound[i]) == NULL);
	/* The keys of one line share its action. */
	CHECK(input_binding('q') == input_binding(27));
	CHECK(input_binding('=') == input_binding('-'));
	CHECK(input_binding(EVENT_WHEEL_DOWN) == input_binding('z'));
	CHECK(input_binding('?') == input_binding('i'));
	CHECK(input_binding('n') == input_binding('r'));
	CHECK(input_binding('n') != input_binding('p'));
}

int
main(void)
{
	test_help();
	test_bindings();
	return check_exit("test_input");
}
