/*
 * terminfo.c: the terminal type's strings as bytes to send.
 *
 * Curses sends most of what the type says through its own output, but
 * the bytes that restore the screen after a fault, and a few sent
 * around curses, are sent as they are by the program. Their padding,
 * $<...>, is for terminals of the past (it asks for a delay, in time
 * or in NULs) and is left out.
 */
#include <curses.h>
#include <string.h>
#include <term.h>

#include "terminfo.h"

int
terminfo_has(const char *cap)
{
	const char *v = tigetstr(cap);

	return v && v != (char *)-1 && *v;
}

size_t
terminfo_bytes(const char *cap, char *buf, size_t len)
{
	const char *v = cap[0] == '\033' ? cap : tigetstr(cap);
	size_t n = 0;

	if (!cap[0] || !v || v == (char *)-1)
		return 0;
	while (*v && n < len) {
		if (v[0] == '$' && v[1] == '<' && strchr(v, '>')) {
			v = strchr(v, '>') + 1;
			continue;
		}
		buf[n++] = *v++;
	}
	return *v ? 0 : n;
}
