/*
 * journal.c: lines written whole, or taken back.
 *
 * The lines go to a new file that replaces the old one only once kept
 * (replace.c), so that a session that never began loses nothing.
 *
 * The journal remembers how many bytes its whole lines take; when a write
 * fails, or takes nothing, partway through a line, the file is cut back
 * to that length. A file size limit would kill the program with the
 * terminal still raw: with SIGXFSZ ignored, the write fails with EFBIG
 * instead, and is taken back like any other. The journal knows that
 * limit, and a limit of its own (a record's), so that a line that would
 * pass either fails before any of it is written, and room can be kept
 * under them for a last line (a cast's, which gives the terminal back).
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "journal.h"
#include "lib/say.h"
#include "replace.h"

struct journal {
	int fd;
	struct replace place;   /* the file it replaces once kept */
	const char *path;
	off_t good;             /* bytes in whole lines */
	int error;              /* the errno of the first failed write */
	long long most;         /* bytes it may take, or -1 for no end */
	size_t reserve;         /* kept for the last line */
};

/* The file size limit, in bytes, or -1 when there is none. */
static long long
size_limit(void)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_FSIZE, &r) < 0 || r.rlim_cur == RLIM_INFINITY ||
	    r.rlim_cur > (rlim_t)0x7fffffffffffffffLL)
		return -1;
	return (long long)r.rlim_cur;
}

struct journal *
journal_create(const char *path, const char *what, FILE *err)
{
	struct journal *j = malloc(sizeof *j);
	const char *why;

	if (!j) {
		say_no_memory(err);
		return NULL;
	}
	if ((j->fd = replace_open(&j->place, path, &why)) < 0) {
		if (errno == ENOMEM)
			say_no_memory(err);
		else
			say(err, "cannot write %s file '%s': %s", what,
			    say_name(path), why);
		free(j);
		return NULL;
	}
	signal(SIGXFSZ, SIG_IGN);
	j->path = path;
	j->good = 0;
	j->error = 0;
	j->most = size_limit();
	j->reserve = 0;
	return j;
}

void
journal_limit(struct journal *j, long long most)
{
	if (j->most < 0 || most < j->most)
		j->most = most;
}

void
journal_reserve(struct journal *j, size_t len)
{
	j->reserve = len;
}

/* Whether len more bytes, and the room kept, would pass a limit. */
static int
past_limit(const struct journal *j, size_t len)
{
	return j->most >= 0 && (long long)j->good + (long long)len +
	    (long long)j->reserve > j->most;
}

int
journal_write(struct journal *j, const char *line, size_t len)
{
	size_t done = 0;

	if (j->error) {
		errno = j->error;
		return -1;
	}
	if (past_limit(j, len)) {
		j->error = errno = EFBIG;
		return -1;
	}
	while (done < len) {
		ssize_t n = write(j->fd, line + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			j->error = n < 0 ? errno : ENOSPC;
			(void)ftruncate(j->fd, j->good);
			errno = j->error;
			return -1;
		}
		done += (size_t)n;
	}
	j->good += (off_t)len;
	return 0;
}

void
journal_write_last(struct journal *j, const char *line, size_t len)
{
	if (j->error)
		(void)lseek(j->fd, j->good, SEEK_SET);
	(void)!write(j->fd, line, len);
}

void
journal_fail(struct journal *j, int err)
{
	if (!j->error)
		j->error = err;
}

int
journal_error(const struct journal *j)
{
	return j->error;
}

const char *
journal_path(const struct journal *j)
{
	return j->path;
}

void
journal_say_links(const struct journal *j, FILE *err)
{
	replace_say_links(&j->place, j->path, err);
}

int
journal_keep(struct journal *j)
{
	if (replace_keep(&j->place) == 0)
		return 0;
	journal_fail(j, errno);
	return -1;
}

int
journal_close(struct journal *j)
{
	int rc = 0;

	if (j->error) {
		errno = j->error;
		rc = -1;
	}
	if (close(j->fd) < 0 && rc == 0)
		rc = -1;
	replace_end(&j->place);
	free(j);
	return rc;
}
