/*
 * test_input.c: the key table (src/session/input.c): every key bound once, the
 * words --help and the overlay show, and which keys a record keeps.
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
		"p / P", "r / n", "m", "z / Z, wheel", "h j k l", "0", "c",
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

/* Each key, click and wheel notch leads to one binding; keys nobody
 * bound lead to none. */
static void
test_bindings(void)
{
	static const int bound[] = { 'q', 27, ' ', '.', 's', KEY_UP, KEY_DOWN,
		KEY_LEFT, KEY_RIGHT, 'w', 'g', EVENT_CLICK, 'G', 'f', '\t',
		'+', '=', '-', 'p', 'P', 'r', 'n', 'm', 'z', 'Z', EVENT_WHEEL_UP,
		EVENT_WHEEL_DOWN, 'h', 'j', 'k', 'l', '0', 'c', '<', '>', 'i',
		'?', 12 };
	static const int unbound[] = { 'x', 'Q', 'S', '1', KEY_F(1),
		EVENT_MOTION, KEY_RESIZE, 0, -1 };
	size_t i;

	for (i = 0; i < sizeof bound / sizeof bound[0]; i++)
		CHECK(input_binding(bound[i]) != NULL);
	for (i = 0; i < sizeof unbound / sizeof unbound[0]; i++)
		CHECK(input_binding(unbound[i]) == NULL);
	CHECK_INT(input_binding('q')->action, ACTION_QUIT);
	CHECK_INT(input_binding(27)->action, ACTION_QUIT);
	CHECK_INT(input_binding('=')->action, ACTION_WEIGHT);
	CHECK_INT(input_binding(EVENT_WHEEL_DOWN)->action, ACTION_ZOOM);
	CHECK_INT(input_binding('?')->action, ACTION_PANEL);
	CHECK_INT(input_binding('n')->action, ACTION_RESTART);
}

/* The keys that change the flight, which a record must keep to fly it
 * again, and those that only show it, which it leaves out. */
static void
test_flight_column(void)
{
	static const int flight[] = { 's', KEY_UP, 'w', 'g', EVENT_CLICK,
		'G', 'f', '\t', '+', '-', 'p', 'P', 'r', 'n' };
	static const int shown[] = { 'q', 27, ' ', '.', 'm', 'z',
		EVENT_WHEEL_UP, 'h', '0', 'c', '<', '>', 'i', '?', 12 };
	size_t i;

	for (i = 0; i < sizeof flight / sizeof flight[0]; i++)
		CHECK(input_binding(flight[i])->flight);
	for (i = 0; i < sizeof shown / sizeof shown[0]; i++)
		CHECK(!input_binding(shown[i])->flight);
}

int
main(void)
{
	test_help();
	test_bindings();
	test_flight_column();
	return check_exit("test_input");
}
