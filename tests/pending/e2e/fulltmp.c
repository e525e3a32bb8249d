/*
 * fulltmp.c: a full /tmp, for LD_PRELOAD where no private /tmp can be
 * mounted.
 *
 * While the file FULLTMP_FLAG names exists, a write to a regular file in
 * /tmp fails with ENOSPC wherever it needs room the file does not hold
 * yet, as on a file system with no free block: a write within the
 * blocks a file has (or has reserved) goes through, one past them fails.
 * Only the calls that curses and boids make on their spool are watched:
 * write(2), pwrite(2) and posix_fallocate(3).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int
full(void)
{
	const char *flag = getenv("FULLTMP_FLAG");

	return flag && access(flag, F_OK) == 0;
}

static int
in_tmp(int fd)
{
	char link[64], path[4096];
	ssize_t n;

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof path - 1);
	if (n < 0)
		return 0;
	path[n] = '\0';
	return strncmp(path, "/tmp/", 5) == 0;
}

/* Whether len bytes at off (-1: the file's offset) need room fd lacks. */
static int
needs_room(int fd, off_t off, size_t len)
{
	struct stat st;

	if (len == 0 || !full() || fstat(fd, &st) < 0 ||
	    !S_ISREG(st.st_mode) || !in_tmp(fd))
		return 0;
	if (off < 0 && (off = lseek(fd, 0, SEEK_CUR)) < 0)
		return 0;
	return off + (off_t)len > (off_t)st.st_blocks * 512;
}

ssize_t
write(int fd, const void *buf, size_t len)
{
	static ssize_t (*real)(int, const void *, size_t);

	if (!real)
		real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT,
		    "write");
	if (needs_room(fd, -1, len)) {
		errno = ENOSPC;
		return -1;
	}
	return real(fd, buf, len);
}

ssize_t
pwrite(int fd, const void *buf, size_t len, off_t off)
{
	static ssize_t (*real)(int, const void *, size_t, off_t);

	if (!real)
		real = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(
		    RTLD_NEXT, "pwrite");
	if (needs_room(fd, off, len)) {
		errno = ENOSPC;
		return -1;
	}
	return real(fd, buf, len, off);
}

int
posix_fallocate(int fd, off_t off, off_t len)
{
	static int (*real)(int, off_t, off_t);

	if (!real)
		real = (int (*)(int, off_t, off_t))dlsym(RTLD_NEXT,
		    "posix_fallocate");
	if (len > 0 && needs_room(fd, off, (size_t)len))
		return ENOSPC;
	return real(fd, off, len);
}
