/*
 * input.c: the key table.
 *
 * One table lists every binding: the key codes that trigger it, the
 * action it names, whether that action may change the flight, and the
 * words --help and the overlay show for it. The key codes are curses'
 * own, by the names event.h gives them; the actions are the session's (actions.c). A key that changes
 * the flight changes what a record must hold to fly it again: the
 * rules' weights and which one + and - change, the wind, the goal and
 * where `g` puts it next, the predators, a new flock (`r`, or `n` for
 * the next preset's). What only shows the flight (the pause, the view,
 * the glyphs, the panels, the speed against real time) is not kept.
 */

#include "input.h"

static const struct input_binding bindings[] = {
	{ { 'q', EVENT_KEY_ESCAPE }, ACTION_QUIT, 0, { "q, Esc", "quit" } },
	{ { ' ', '.' }, ACTION_PAUSE, 0, { "space / .", "pause / resume; one "
	    "step while paused" } },
	{ { 's' }, ACTION_SCATTER, 1, { "s", "scatter on/off: the flock "
	    "breaks up, then re-forms" } },
	{ { EVENT_KEY_UP, EVENT_KEY_DOWN, EVENT_KEY_LEFT, EVENT_KEY_RIGHT },
	  ACTION_WIND, 1,
	  { "arrow keys", "push the wind one notch that way" } },
	{ { 'w' }, ACTION_CALM, 1, { "w", "calm: wind back to 0,0" } },
	{ { 'g' }, ACTION_GOAL_NEXT, 1, { "g", "place the goal (centre first, "
	    "then elsewhere)" } },
	{ { EVENT_CLICK }, ACTION_GOAL_CLICK, 1, { "left click",
	    "place the goal at the clicked cell" } },
	{ { 'G' }, ACTION_GOAL_OFF, 1, { "G", "remove the goal" } },
	{ { 'f' }, ACTION_FLEE, 1, { "f", "goal: seek / flee" } },
	{ { '\t' }, ACTION_SELECT, 1, { "Tab", "select the next multiplier "
	    "(coh, sep, ali)" } },
	{ { '+', '=', '-' }, ACTION_WEIGHT, 1, { "+ / -", "raise / lower the "
	    "selected multiplier by 0.1" } },
	{ { 'p', 'P' }, ACTION_PREDATOR, 1, { "p / P", "add a predator / "
	    "remove all predators" } },
	{ { 'r', 'n' }, ACTION_RESTART, 1, { "r / n", "restart: a new random "
	    "flock / the next preset" } },
	{ { 'm' }, ACTION_GLYPHS, 0, { "m", "glyphs: auto, arrows, dots in "
	    "turn" } },
	{ { 'z', 'Z', EVENT_WHEEL_UP, EVENT_WHEEL_DOWN }, ACTION_ZOOM, 0,
	  { "z / Z, wheel", "zoom in / out" } },
	{ { 'h', 'j', 'k', 'l' }, ACTION_PAN, 0, { "h j k l", "pan left, "
	    "down, up, right" } },
	{ { '0' }, ACTION_FIT, 0, { "0", "fit the whole world in view" } },
	{ { 'c' }, ACTION_FOLLOW, 0, { "c", "camera follows the flock "
	    "on/off" } },
	{ { '<', '>' }, ACTION_SPEED, 0, { "< / >", "slower / faster flight "
	    "(time-lapse)" } },
	{ { 'i', '?' }, ACTION_PANEL, 0, { "i / ?", "measures with sparklines "
	    "/ this list of keys" } },
	{ { EVENT_KEY_CTRL_L }, ACTION_REPAINT, 0, { "Ctrl-L", "repaint the "
	    "screen" } },
};

#define NBINDINGS (sizeof bindings / sizeof bindings[0])

const struct input_binding *
input_binding(int key)
{
	size_t i, k;

	for (i = 0; i < NBINDINGS; i++)
		for (k = 0; k < 4 && bindings[i].keys[k] != 0; k++)
			if (bindings[i].keys[k] == key)
				return &bindings[i];
	return NULL;
}

size_t
input_help(const struct help_line **lines)
{
	static struct help_line help[NBINDINGS];
	size_t i;

	for (i = 0; i < NBINDINGS; i++)
		help[i] = bindings[i].help;
	*lines = help;
	return NBINDINGS;
}
