/*
 * test_cast.c: terminal bytes as asciicast JSON, and the file's lines.
 *
 * Each expected string is written out by hand: ASCII and escapes, UTF-8
 * characters kept whole, characters split across two and three writes
 * joined again, every kind of malformed byte (a stray continuation, an
 * overlong lead, a surrogate, past U+10FFFF, a character cut by another
 * byte or by the end of the session) as U+FFFD. Then a whole file: its
 * header, an output event that waits for the end of a character, a
 * resize, and a write to a full disk that fails and says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "files/cast.h"

static char out[4096];
static unsigned char carry[3];
static size_t ncarry;

/* The JSON for the pieces in turn, each a write; the last ends it. */
static const char *
json(const char *const *piece, size_t n)
{
	size_t k, at = 0;

	ncarry = 0;
	for (k = 0; k < n; k++) {
		char one[512];
		size_t len = cast_json(one, piece[k], strlen(piece[k]), carry,
		    &ncarry, k + 1 == n);

		/* Drop the quotes of each piece, to compare the whole. */
		memcpy(out + at, one + 1, len - 2);
		at += len - 2;
	}
	out[at] = '\0';
	return out;
}

#define ONE(text, want) do { \
	const char *p_[1] = { text }; \
	CHECK(strcmp(json(p_, 1), want) == 0); \
	if (strcmp(out, want) != 0) \
		fprintf(stderr, "  got '%s', want '%s'\n", out, want); \
} while (0)

static void
test_ascii(void)
{
	ONE("plain text 123", "plain text 123");
	ONE("\"q\" \\b\\", "\\\"q\\\" \\\\b\\\\");
	ONE("\x1b[1;24r\r\n\t", "\\u001b[1;24r\\r\\n\\t");
	ONE("\x01\x7f\x1f", "\\u0001\\u007f\\u001f");
}

static void
test_utf8(void)
{
	const char *two[] = { "x\xe2\x86", "\x91y" };
	const char *three[] = { "\xf0", "\x9f", "\x90\xa6!" };
	const char *broken[] = { "\xe2\x86", "z" };
	char one[64];
	size_t len;

	ONE("\xe2\x86\x91 \xc3\xa9 \xf0\x9f\x90\xa6", "\xe2\x86\x91 \xc3\xa9 "
	    "\xf0\x9f\x90\xa6");
	CHECK(strcmp(json(two, 2), "x\xe2\x86\x91y") == 0);
	CHECK(strcmp(json(three, 3), "\xf0\x9f\x90\xa6!") == 0);
	CHECK(strcmp(json(broken, 2), "\\ufffd\\ufffdz") == 0);
	/* Held back, and nothing else in that write. */
	ncarry = 0;
	len = cast_json(one, "ab\xe2", 3, carry, &ncarry, 0);
	CHECK(len == 4 && memcmp(one, "\"ab\"", 4) == 0);
	CHECK_INT(ncarry, 1);
	CHECK(carry[0] == 0xe2);
}

static void
test_malformed(void)
{
	ONE("\x80", "\\ufffd");                 /* a stray continuation */
	ONE("\xc0\xaf", "\\ufffd\\ufffd");      /* an overlong '/' */
	ONE("\xe0\x80\xaf", "\\ufffd\\ufffd\\ufffd");
	ONE("\xed\xa0\x80", "\\ufffd\\ufffd\\ufffd"); /* a surrogate */
	ONE("\xf4\x90\x80\x80", "\\ufffd\\ufffd\\ufffd\\ufffd");
	ONE("\xf5\xff\xfe", "\\ufffd\\ufffd\\ufffd");
	ONE("\xe2\x86" "A", "\\ufffd\\ufffdA"); /* cut by a byte */
	ONE("end\xf0\x9f", "end\\ufffd\\ufffd"); /* cut by the end */
	/* The largest and smallest of each length are whole. */
	ONE("\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf\xf0\x90\x80\x80"
	    "\xf4\x8f\xbf\xbf", "\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf"
	    "\xf0\x90\x80\x80\xf4\x8f\xbf\xbf");
}

static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = calloc(1, 1 << 16);

	if (f && buf)
		(void)fread(buf, 1, (1 << 16) - 1, f);
	if (f)
		fclose(f);
	return buf;
}

/* Where the writer's complaints go. */
static FILE *sink;

/* A cast on a new file at path (a mkstemp() template), kept at once so
 * that its lines are in path; NULL when there is none. */
static struct cast *
new_cast(char *path)
{
	int fd = mkstemp(path);
	struct cast *c;

	CHECK(fd >= 0);
	if (fd < 0)
		return NULL;
	close(fd);
	c = cast_create(path, sink);
	CHECK(c != NULL);
	if (c)
		CHECK_INT(cast_keep(c), 0);
	return c;
}

static void
test_file(void)
{
	char path[] = "/tmp/test_cast_XXXXXX", *text, *line;
	struct cast *c;

	setenv("TERM", "xterm \"q\"", 1);
	unsetenv("SHELL");
	if (!(c = new_cast(path)))
		return;
	CHECK_INT(cast_begin(c, 80, 24), 0);
	cast_output(c, "hi\xe2\x86", 4);
	cast_output(c, "\x91", 1);
	CHECK_INT(cast_resize(c, 100, 30), 0);
	cast_output(c, "\xc3", 1);
	CHECK_INT(cast_error(c), 0);
	CHECK_INT(cast_finish(c), 0);
	text = slurp(path);
	CHECK(text != NULL);
	if (text) {
		line = strtok(text, "\n");
		CHECK(line && strncmp(line, "{\"version\": 2, \"width\": 80, "
		    "\"height\": 24, \"timestamp\": ", 50) == 0);
		CHECK(line && strstr(line, ", \"env\": {\"TERM\": \"xterm "
		    "\\\"q\\\"\"}}") != NULL);
		line = strtok(NULL, "\n");
		CHECK(line && line[0] == '[' &&
		    strstr(line, ", \"o\", \"hi\"]") != NULL);
		line = strtok(NULL, "\n");
		CHECK(line && strstr(line, ", \"o\", \"\xe2\x86\x91\"]"));
		line = strtok(NULL, "\n");
		CHECK(line && strstr(line, ", \"r\", \"100x30\"]"));
		line = strtok(NULL, "\n");
		CHECK(line && strstr(line, ", \"o\", \"\\ufffd\"]"));
		CHECK(strtok(NULL, "\n") == NULL);
	}
	free(text);
	unlink(path);

	if (access("/dev/full", W_OK) == 0) {
		c = cast_create("/dev/full", sink);
		CHECK(c != NULL);
		if (c) {
			CHECK_INT(cast_begin(c, 80, 24), -1);
			CHECK(cast_error(c) != 0);
			cast_output(c, "x", 1);
			CHECK_INT(cast_finish(c), -1);
		}
	}
	CHECK(cast_create("/nonexistent/dir/c", sink) == NULL);
}

/* Whether line is [SECONDS, "o", WANT] with SECONDS as %.6f makes it. */
static int
event_is(const char *line, const char *want)
{
	size_t whole = strspn(line + 1, "0123456789");
	const char *frac = line + 1 + whole;

	return line[0] == '[' && whole >= 1 && frac[0] == '.' &&
	    strspn(frac + 1, "0123456789") == 6 &&
	    strncmp(frac + 7, ", \"o\", ", 7) == 0 &&
	    strcmp(frac + 14, want) == 0;
}

/* A fault's last event: the restoring bytes, prepared ahead, written
 * whole after the events before, with a time as the writer's own. */
static void
test_fault_end(void)
{
	char path[] = "/tmp/test_cast_XXXXXX", *text, *line;
	struct cast *c;

	if (!(c = new_cast(path)))
		return;
	CHECK_INT(cast_begin(c, 80, 24), 0);
	cast_fault_end(c);  /* nothing prepared: nothing written */
	cast_output(c, "x", 1);
	CHECK_INT(cast_prepare_fault(c, "\x1b[?1049l\x1b[?25h\"", 15), 0);
	cast_fault_end(c);
	CHECK_INT(cast_finish(c), 0);
	text = slurp(path);
	CHECK(text != NULL);
	if (text) {
		line = strtok(text, "\n");
		CHECK(line && line[0] == '{');
		line = strtok(NULL, "\n");
		CHECK(line && event_is(line, "\"x\"]"));
		line = strtok(NULL, "\n");
		CHECK(line && event_is(line,
		    "\"\\u001b[?1049l\\u001b[?25h\\\"\"]"));
		CHECK(strtok(NULL, "\n") == NULL);
	}
	free(text);
	unlink(path);
}

int
main(void)
{
	sink = fopen("/dev/null", "w");
	CHECK(sink != NULL);
	if (!sink)
		return check_exit("test_cast");
	test_ascii();
	test_utf8();
	test_malformed();
	test_file();
	test_fault_end();
	fclose(sink);
	return check_exit("test_cast");
}
