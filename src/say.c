/*
 * say.c: one line of complaint, with the program's name before it.
 */
#include <stdarg.h>

#include "say.h"
#include "version.h"

/* The line, from a format and its arguments already taken. */
#if defined(__GNUC__)
static void say_line(FILE *err, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
#endif

static void
say_line(FILE *err, const char *fmt, va_list ap)
{
	fprintf(err, "%s: ", BOIDS_NAME);
	vfprintf(err, fmt, ap);
	fputc('\n', err);
}

void
say(FILE *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_line(err, fmt, ap);
	va_end(ap);
}

void
say_usage(FILE *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_line(err, fmt, ap);
	va_end(ap);
	fprintf(err, "Try '%s --help'.\n", BOIDS_NAME);
}
