/*
 * say.c: one line of complaint, with the program's name before it, and
 * the names in it made harmless.
 */
#include <stdarg.h>
#include <string.h>

#include "say.h"
#include "utf8.h"
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

void
say_no_memory(FILE *err)
{
	say(err, "out of memory");
}

/* How many bytes at p stand escaped: a control byte, DEL or the
 * backslash alone; a C1 control (U+0080 to U+009F) both its bytes. A
 * byte that is not the name's end has one after it, the NUL at worst,
 * which ends any character begun. */
static size_t
escaped_at(const unsigned char *p)
{
	unsigned long cp;

	if (p[0] < 0x20 || p[0] == 0x7f || p[0] == '\\')
		return 1;
	if (utf8_decode((const char *)p, 2, &cp) == 2 && cp <= 0x9f)
		return 2;
	return 0;
}

const char *
say_name(const char *name)
{
	static char shown[SAY_NAMES][SAY_NAME_SHOWN];
	static unsigned next;
	const unsigned char *p = (const unsigned char *)name;
	char *out = shown[next++ % SAY_NAMES];
	size_t n = 0, o = 0, k;

	while (n < SAY_NAME_MAX && p[n]) {
		size_t esc = escaped_at(p + n);

		if (!esc)
			out[o++] = (char)p[n++];
		for (k = 0; k < esc; k++, n++) {
			out[o++] = '\\';
			out[o++] = (char)('0' + (p[n] >> 6));
			out[o++] = (char)('0' + ((p[n] >> 3) & 7));
			out[o++] = (char)('0' + (p[n] & 7));
		}
	}
	if (p[n]) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}
