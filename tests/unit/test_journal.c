/*
 * test_journal.c: lines written whole or taken back (src/files/journal.c).
 *
 * A file size limit stops a line partway: the file must end at the last
 * whole line, the error must be EFBIG and stay, and nothing more may be
 * written but the last line the caller kept room for, under the file
 * size limit as under a limit of the journal's own. Until kept, the old file is untouched. A file that cannot be
 * made says so in one line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "files/journal.h"

/* A journal on a new, empty file at path (a mkstemp() template), kept
 * at once, so that its lines are in path; NULL when there is none. */
static struct journal *
new_journal(char *path)
{
	int fd = mkstemp(path);
	struct journal *j;

	CHECK(fd >= 0);
	if (fd < 0)
		return NULL;
	close(fd);
	j = journal_create(path, "test", stderr);
	CHECK(j != NULL);
	if (j)
		CHECK_INT(journal_keep(j), 0);
	return j;
}

static long
size_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void
test_lines(void)
{
	char path[] = "/tmp/test_journal_XXXXXX";
	struct journal *j = new_journal(path);

	if (!j)
		return;
	CHECK(strcmp(journal_path(j), path) == 0);
	CHECK_INT(journal_write(j, "one\n", 4), 0);
	CHECK_INT(journal_write(j, "two\n", 4), 0);
	CHECK_INT(size_of(path), 8);   /* there at once, not at close */
	CHECK_INT(journal_error(j), 0);
	CHECK_INT(journal_close(j), 0);
	CHECK_INT(size_of(path), 8);
	unlink(path);
}

/* Under a limit of 100 bytes, lines of 30: three go whole, the fourth
 * is taken back, and nothing goes after it. */
static void
test_limit(void)
{
	char path[] = "/tmp/test_journal_XXXXXX";
	char line[31];
	struct rlimit was, limit;
	struct journal *j = new_journal(path);
	int k, rc = 0;

	if (!j)
		return;
	memset(line, 'x', 29);
	line[29] = '\n';
	line[30] = '\0';
	getrlimit(RLIMIT_FSIZE, &was);
	limit = was;
	limit.rlim_cur = 100;
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &limit), 0);
	for (k = 0; k < 3; k++)
		CHECK_INT(journal_write(j, line, 30), 0);
	errno = 0;
	rc = journal_write(j, line, 30);
	setrlimit(RLIMIT_FSIZE, &was);
	CHECK_INT(rc, -1);
	CHECK_INT(errno, EFBIG);
	CHECK_INT(journal_error(j), EFBIG);
	CHECK_INT(size_of(path), 90);
	/* Stopped: even a line that would fit now is refused. */
	errno = 0;
	CHECK_INT(journal_write(j, "ok\n", 3), -1);
	CHECK_INT(errno, EFBIG);
	CHECK_INT(size_of(path), 90);
	errno = 0;
	CHECK_INT(journal_close(j), -1);
	CHECK_INT(errno, EFBIG);
	unlink(path);
}

/* A limit known at the start, the file size limit or the journal's
 * own: a line that would take the room kept for the last one fails
 * before any of it is written, and the last line still goes in. */
static void
test_room(void)
{
	char path[] = "/tmp/test_journal_XXXXXX";
	char other[] = "/tmp/test_journal_XXXXXX";
	char line[31], last[26];
	struct rlimit was, limit;
	struct journal *j;
	FILE *f;
	int k, rc;

	memset(line, 'x', 29);
	line[29] = '\n';
	memset(last, 'z', 24);
	last[24] = '\n';
	getrlimit(RLIMIT_FSIZE, &was);
	limit = was;
	limit.rlim_cur = 100;
	CHECK_INT(setrlimit(RLIMIT_FSIZE, &limit), 0);
	j = new_journal(path);
	setrlimit(RLIMIT_FSIZE, &was);
	if (!j)
		return;
	journal_reserve(j, 25);
	for (k = 0; k < 2; k++)
		CHECK_INT(journal_write(j, line, 30), 0);
	errno = 0;
	rc = journal_write(j, line, 30);
	CHECK_INT(rc, -1);
	CHECK_INT(errno, EFBIG);
	CHECK_INT(size_of(path), 60);
	journal_write_last(j, last, 25);
	CHECK_INT(size_of(path), 85);
	CHECK_INT(journal_close(j), -1);
	f = fopen(path, "rb");
	if (f) {
		char text[128];
		size_t n = fread(text, 1, sizeof text, f);

		fclose(f);
		CHECK_INT(n, 85);
		CHECK(n == 85 && memcmp(text + 60, last, 25) == 0);
	}
	unlink(path);

	/* The journal's own limit, no file size limit. */
	j = new_journal(other);
	if (!j)
		return;
	journal_limit(j, 70);
	for (k = 0; k < 2; k++)
		CHECK_INT(journal_write(j, line, 30), 0);
	errno = 0;
	CHECK_INT(journal_write(j, "0123456789\n", 11), -1);
	CHECK_INT(errno, EFBIG);
	CHECK_INT(size_of(other), 60);
	CHECK_INT(journal_close(j), -1);
	unlink(other);
}

/* A failure the caller found (a line it could not make) stops it too;
 * the first error is the one kept. */
static void
test_fail(void)
{
	char path[] = "/tmp/test_journal_XXXXXX";
	struct journal *j = new_journal(path);

	if (!j)
		return;
	journal_fail(j, ENOMEM);
	journal_fail(j, EIO);
	CHECK_INT(journal_error(j), ENOMEM);
	CHECK_INT(journal_write(j, "a\n", 2), -1);
	CHECK_INT(size_of(path), 0);
	CHECK_INT(journal_close(j), -1);
	unlink(path);
}

/* Until kept, the lines go elsewhere: the old file stays as it was,
 * and a journal closed unkept leaves it so. */
static void
test_unkept(void)
{
	char path[] = "/tmp/test_journal_XXXXXX";
	int fd = mkstemp(path), k;
	struct journal *j = NULL;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	CHECK_INT(write(fd, "old\n", 4), 4);
	close(fd);
	for (k = 0; k < 2; k++) {
		j = journal_create(path, "test", stderr);
		CHECK(j != NULL);
		if (!j)
			return;
		CHECK_INT(journal_write(j, "new line\n", 9), 0);
		CHECK_INT(size_of(path), 4);
		if (k == 1)
			break;
		CHECK_INT(journal_close(j), 0);
		CHECK_INT(size_of(path), 4);
	}
	CHECK_INT(journal_keep(j), 0);
	CHECK_INT(size_of(path), 9);
	CHECK_INT(journal_write(j, "more\n", 5), 0);
	CHECK_INT(size_of(path), 14);  /* after the keep, still at once */
	CHECK_INT(journal_close(j), 0);
	unlink(path);
}

static void
test_cannot_create(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *err = open_memstream(&text, &len);

	CHECK(err != NULL);
	if (!err)
		return;
	CHECK(journal_create("/nonexistent/dir/file", "cast", err) == NULL);
	fclose(err);
	CHECK(text && strcmp(text, "boids: cannot write cast file "
	    "'/nonexistent/dir/file': No such file or directory\n") == 0);
	free(text);
}

int
main(void)
{
	test_lines();
	test_limit();
	test_room();
	test_fail();
	test_unkept();
	test_cannot_create();
	return check_exit("test_journal");
}
