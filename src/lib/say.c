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

/* What stands at p: how many bytes, and whether they stand escaped
 * (*shown 0): a control byte, DEL, the backslash, a C1 control
 * (U+0080 to U+009F, in UTF-8), or a byte that begins no character or
 * begins one the bytes after it do not go on with (a C1 control as a
 * raw byte among them); a character is shown whole. A name ends in its
 * NUL, which no character goes on with, so no byte past it is read. */
static size_t
piece_at(const unsigned char *p, int *shown)
{
	unsigned long cp;
	int len;

	*shown = 0;
	if (p[0] < 0x20 || p[0] == 0x7f || p[0] == '\\')
		return 1;
	len = utf8_decode((const char *)p, UTF8_MAX, &cp);
	if (len <= 0)
		return 1;
	if (cp >= 0x80 && cp <= 0x9f)
		return (size_t)len;
	*shown = 1;
	return (size_t)len;
}

const char *
say_name(const char *name)
{
	static char shown[SAY_NAMES][SAY_NAME_SHOWN];
	static unsigned next;
	const unsigned char *p = (const unsigned char *)name;
	char *out = shown[next++ % SAY_NAMES];
	size_t n = 0, o = 0, k, len;
	int plain;

	while (p[n] && n + (len = piece_at(p + n, &plain)) <= SAY_NAME_MAX) {
		for (k = 0; k < len; k++, n++) {
			if (plain) {
				out[o++] = (char)p[n];
				continue;
			}
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
