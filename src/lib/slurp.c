/*
 * slurp.c: reading a small file whole, growing the buffer as it comes,
 * and giving up at the bound, to the byte, rather than at the end of
 * the memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "slurp.h"

char *
slurp(FILE *f, size_t max, const char *magic, size_t *len)
{
	/* Room for max bytes, one more that says there are more, and the
	 * NUL. */
	size_t most = max + 2, cap = most < 4096 ? most : 4096;
	size_t m = magic ? strlen(magic) : 0;
	char *buf = malloc(cap), *more;

	*len = 0;
	while (buf) {
		size_t got = fread(buf + *len, 1, cap - *len - 1, f);

		*len += got;
		if (*len > max) {
			free(buf);
			errno = EFBIG;
			return NULL;
		}
		if (got == 0)
			break;
		if (m > 0 && *len >= m && memcmp(buf, magic, m) != 0)
			break;
		if (cap - *len > 1)
			continue;
		cap = cap > most / 2 ? most : cap * 2;
		if (!(more = realloc(buf, cap))) {
			free(buf);
			errno = ENOMEM;
			return NULL;
		}
		buf = more;
	}
	if (buf && ferror(f)) {
		free(buf);
		/* errno is what the read failed with */
		return NULL;
	}
	if (buf)
		buf[*len] = '\0';
	return buf;
}

/* The file, opened without waiting: a FIFO or a terminal would hold
 * the session until someone wrote to it or typed, and is refused with
 * *why; another device is read as a file is. NULL with errno set, or
 * *why. */
FILE *
slurp_open(const char *path, const char **why)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	struct stat st;
	FILE *f;

	*why = NULL;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
		*why = "a FIFO, which would hold the session until written";
	else if (isatty(fd))
		*why = "a terminal, which would hold the session until typed "
		    "at";
	if (*why) {
		close(fd);
		return NULL;
	}
	(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	if (!(f = fdopen(fd, "rb")))
		close(fd);
	return f;
}
