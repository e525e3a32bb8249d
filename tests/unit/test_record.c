/*
 * test_record.c: a record written and read back (src/files/record.c).
 *
 * The writer's lines are read back by the reader to the same options,
 * world and inputs; a click's world point divides back to the very float
 * the goal was, over a sweep of goals and worlds; and a write that fails
 * says so and leaves the file at its last whole line; the writer stops
 * at the very bound the reader keeps, RECORD_MAX_BYTES. What a replay
 * does with a record is test_session.c's.
 */
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "check.h"
#include "files/record.h"
#include "lib/version.h"
#include "options/options.h"

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = malloc(1 << 16);

	*len = 0;
	if (f && buf)
		*len = fread(buf, 1, (1 << 16) - 1, f);
	if (f)
		fclose(f);
	if (buf)
		buf[*len] = '\0';
	return buf;
}

static void
test_round_trip(void)
{
	char path[] = "/tmp/test_record_XXXXXX";
	char *argv[] = { (char *)"boids", (char *)"-n", (char *)"30",
		(char *)"--perch", (char *)"-c", (char *)"1.5", (char *)"-f",
		(char *)"60", (char *)"--seed", (char *)"77", NULL };
	struct options o;
	struct record r;
	struct journal *w;
	char msg[600], *text;
	size_t len;
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	parse_args(&o, 10, argv);
	w = record_create(path, stderr);
	CHECK(w && journal_keep(w) == 0);
	CHECK(w != NULL);
	if (!w)
		return;
	CHECK_INT(record_begin(w, &o, 80.0f, 46.0f), 0);
	CHECK_INT(record_key(w, 0, 's'), 0);
	CHECK_INT(record_click(w, 5, 12.25, 30.0), 0);
	CHECK_INT(record_resize(w, 9, 100.0f, 58.0f), 0);
	CHECK_INT(record_key(w, 9, KEY_UP), 0);
	CHECK_INT(record_finish(w, 40), 0);

	text = slurp(path, &len);
	CHECK(text != NULL);
	if (!text)
		return;
	/* The frame rate is how it was shown, not what flew: left out. */
	CHECK(strstr(text, "option count 30\noption perch\noption cohesion "
	    "1.5\noption seed 77\nworld 80 46\nkey 0 115\nclick 5 12.25 30\n"
	    "resize 9 100 58\nkey 9 259\nend 40\n") != NULL);
	CHECK(strstr(text, "fps") == NULL);
	CHECK_INT(record_parse(&r, text, len, "t", version_build(), msg,
	    sizeof msg), 0);
	CHECK_INT(r.nargs, 4);
	CHECK(r.nargs == 4 && strcmp(r.args[0], "--count=30") == 0 &&
	    strcmp(r.args[1], "--perch") == 0 &&
	    strcmp(r.args[3], "--seed=77") == 0);
	CHECK(r.w == 80.0f && r.h == 46.0f);
	CHECK_INT(r.nev, 4);
	CHECK_INT(r.end, 40);
	CHECK(r.nev == 4 && r.ev[1].kind == RECORD_CLICK &&
	    r.ev[1].x == 12.25 && r.ev[1].y == 30.0 && r.ev[1].step == 5);
	CHECK(r.nev == 4 && r.ev[2].kind == RECORD_RESIZE &&
	    r.ev[2].x == 100.0 && r.ev[2].y == 58.0);
	CHECK(r.nev == 4 && r.ev[3].key == KEY_UP && r.ev[3].step == 9);
	record_free(&r);
	/* Another build's record is refused at its build line. */
	CHECK_INT(record_parse(&r, text, len, "t", "other", msg, sizeof msg),
	    -1);
	CHECK(strcmp(msg, "t:2: recorded by another build of boids") == 0);
	free(text);
	unlink(path);
}

/* goal * w, printed with 17 digits and divided by w again, is goal. */
static void
test_click_exact(void)
{
	int i, bad = 0;

	for (i = 0; i < 20000; i++) {
		float w = (float)(10 + i % 991), goal = (float)(i % 997) / 997.0f;
		char text[64];
		double x;

		snprintf(text, sizeof text, "%.17g", (double)goal * (double)w);
		x = strtod(text, NULL);
		bad += (float)(x / (double)w) != goal;
	}
	CHECK_INT(bad, 0);
}

/* A disk that is full: the write fails with its reason, and the file
 * keeps its whole lines. */
static void
test_full(void)
{
	char *argv[] = { (char *)"boids", (char *)"-S", (char *)"1", NULL };
	struct options o;
	struct journal *w;

	parse_args(&o, 3, argv);
	if (access("/dev/full", W_OK) != 0)
		return;
	w = record_create("/dev/full", stderr);
	CHECK(w != NULL);
	if (!w)
		return;
	CHECK_INT(record_begin(w, &o, 80.0f, 46.0f), -1);
	CHECK_INT(record_key(w, 1, 's'), -1);
	CHECK_INT(record_finish(w, 2), -1);
	{
		FILE *sink = fopen("/dev/null", "w");

		CHECK(sink && record_create("/nonexistent/dir/rec", sink) ==
		    NULL);
		if (sink)
			fclose(sink);
	}
}

/* Read path back as a replay would: record_load()'s result, its
 * message (if any) in msg. */
static int
load(const char *path, char *msg, size_t len)
{
	FILE *err = fmemopen(msg, len, "w");
	struct record r;
	int rc;

	memset(msg, 0, len);
	rc = record_load(&r, path, err ? err : stderr);
	if (err)
		fclose(err);
	if (rc == 0)
		record_free(&r);
	return rc;
}

/* The writer keeps a record within the bound the reader keeps: clicks
 * until a line would pass it, which fails with EFBIG and leaves the
 * file at its last whole line, within the bound and read back whole;
 * one byte more and the reader refuses it, as damaged. */
static void
test_limit(void)
{
	char path[] = "/tmp/test_record_XXXXXX";
	char *argv[] = { (char *)"boids", (char *)"-S", (char *)"1", NULL };
	char msg[512];
	struct options o;
	struct journal *w;
	long step = 0;
	int fd = mkstemp(path), rc = 0;
	FILE *f;
	long size;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	parse_args(&o, 3, argv);
	w = record_create(path, stderr);
	CHECK(w != NULL);
	if (!w || journal_keep(w) < 0 || record_begin(w, &o, 80.0f,
	    46.0f) < 0) {
		unlink(path);
		return;
	}
	while (rc == 0 && step < 2000000)
		rc = record_click(w, step++, 40.123456789012345,
		    23.456789012345678);
	CHECK_INT(rc, -1);
	CHECK_INT(errno, EFBIG);
	CHECK_INT(journal_error(w), EFBIG);
	CHECK_INT(record_finish(w, step), -1);
	f = fopen(path, "rb");
	size = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	if (f)
		fclose(f);
	CHECK(size <= RECORD_MAX_BYTES);
	CHECK(size > RECORD_MAX_BYTES - RECORD_MAX_LINE);
	CHECK_INT(load(path, msg, sizeof msg), 0);
	/* Filled to the bound, to the byte, it is still read (as damaged,
	 * should its last lines be blank); a byte past it is not. */
	f = fopen(path, "ab");
	CHECK(f != NULL);
	if (f) {
		for (; size + 14 <= RECORD_MAX_BYTES; size += 14)
			fputs("key 9999999 0\n", f);
		for (; size < RECORD_MAX_BYTES; size++)
			fputc('\n', f);
		fclose(f);
	}
	rc = load(path, msg, sizeof msg);
	CHECK(rc == 0 || rc == -1);
	CHECK(strstr(msg, "larger than") == NULL);
	f = fopen(path, "ab");
	if (f) {
		fputc('\n', f);
		fclose(f);
	}
	CHECK_INT(load(path, msg, sizeof msg), -1);
	CHECK(strstr(msg, "larger than a record can be") != NULL);
	unlink(path);
}

/*
 * Texts in a record: --say's with a space, a percent sign and an é,
 * and the clock's signs, written with %XX for each of those bytes and
 * read back whole; an escape that is broken, or stands for NUL, or a
 * sign's text past 160 bytes, is refused at its line.
 */
static void
test_texts(void)
{
	char path[] = "/tmp/test_record_XXXXXX";
	char *argv[] = { (char *)"boids", (char *)"--say",
		(char *)"50% \xc3\xa9t\xc3\xa9", (char *)"--seed", (char *)"3",
		NULL };
	static const char *const bad[] = { "sign 4 12%3", "sign 4 %G0",
		"sign 4 a%00b", "sign 4" };
	struct options o;
	struct record r;
	struct journal *w;
	char msg[600], *text, line[600], head[300];
	size_t len, k;
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	parse_args(&o, 5, argv);
	w = record_create(path, stderr);
	CHECK(w && journal_keep(w) == 0);
	if (!w)
		return;
	CHECK_INT(record_begin(w, &o, 120.0f, 78.0f), 0);
	CHECK_INT(record_sign(w, 0, "9:59 PM"), 0);
	CHECK_INT(record_sign(w, 300, "10:00 PM"), 0);
	CHECK_INT(record_finish(w, 400), 0);
	text = slurp(path, &len);
	CHECK(text != NULL);
	if (!text)
		return;
	CHECK(strstr(text, "option say 50%25%20%C3%A9t%C3%A9\noption seed 3\n"
	    "world 120 78\nsign 0 9:59%20PM\nsign 300 10:00%20PM\nend 400\n")
	    != NULL);
	CHECK_INT(record_parse(&r, text, len, "t", version_build(), msg,
	    sizeof msg), 0);
	CHECK(r.nargs == 2 && strcmp(r.args[0],
	    "--say=50% \xc3\xa9t\xc3\xa9") == 0);
	CHECK(r.nev == 2 && r.ev[0].kind == RECORD_SIGN &&
	    r.ev[0].step == 0 && strcmp(r.ev[0].text, "9:59 PM") == 0);
	CHECK(r.nev == 2 && r.ev[1].step == 300 &&
	    strcmp(r.ev[1].text, "10:00 PM") == 0);
	record_free(&r);
	/* Damaged lines, each after a good head. */
	snprintf(head, sizeof head, "boids-record 1\nbuild b\noption seed 3\n"
	    "world 120 78\n");
	for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		snprintf(line, sizeof line, "%s%s\n", head, bad[k]);
		CHECK_INT(record_parse(&r, line, strlen(line), "t", NULL, msg,
		    sizeof msg), -1);
		CHECK(strncmp(msg, "t:5: ", 5) == 0);
	}
	/* A text of 161 bytes is past what a sign writes. */
	memset(line, 0, sizeof line);
	snprintf(line, sizeof line, "%ssign 4 ", head);
	memset(line + strlen(line), 'A', 161);
	strcat(line, "\n");
	CHECK_INT(record_parse(&r, line, strlen(line), "t", NULL, msg,
	    sizeof msg), -1);
	free(text);
	unlink(path);
}

int
main(void)
{
	test_round_trip();
	test_click_exact();
	test_full();
	test_limit();
	test_texts();
	return check_exit("test_record");
}
