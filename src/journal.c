/*
 * journal.c: lines written whole, or taken back.
 *
 * The journal remembers how many bytes its whole lines take; when a write
 * fails, or takes nothing, partway through a line, the file is cut back
 * to that length. A file size limit would kill the program with the
 * terminal still raw: with SIGXFSZ ignored, the write fails with EFBIG
 * instead, and is taken back like any other.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "journal.h"
#include "say.h"

struct journal {
	int fd;
	const char *path;
	off_t good;             /* bytes in whole lines */
	int error;              /* the errno of the first failed write */
};

struct journal *
journal_create(const char *path, const char *what, FILE *err)
{
	struct journal *j;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);

	if (fd < 0) {
		say(err, "cannot write %s file '%s': %s", what, path,
		    strerror(errno));
		return NULL;
	}
	if (!(j = malloc(sizeof *j))) {
		close(fd);
		say(err, "out of memory");
		return NULL;
	}
	signal(SIGXFSZ, SIG_IGN);
	j->fd = fd;
	j->path = path;
	j->good = 0;
	j->error = 0;
	return j;
}

int
journal_write(struct journal *j, const char *line, size_t len)
{
	size_t done = 0;

	if (j->error) {
		errno = j->error;
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
	free(j);
	return rc;
}
