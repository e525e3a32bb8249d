/*
 * replace.c: an output file written beside the old one and renamed over
 * it once the run has begun.
 *
 * The name given is followed through its symbolic links first, as
 * open() would, so that the new file lands in the folder of the file a
 * link names and the rename replaces that file, not the link. The new
 * file gets the old one's permissions, or those a new file would have
 * had; an old file that may not be written is refused as open() would
 * refuse it, though its folder would allow the rename.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "replace.h"

/* As many links in a row as Linux follows before ELOOP. */
#define LINK_HOPS 40

/* The folder part of path, "." when it has none; malloc'd. */
static char *
folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 1;
	char *dir = malloc(n + 1);

	if (!dir)
		return NULL;
	if (!slash)
		memcpy(dir, ".", 1);
	else if (n == 0)
		memcpy(dir, "/", n = 1);
	else
		memcpy(dir, path, n);
	dir[n] = '\0';
	return dir;
}

/* a "/" b, malloc'd. */
static char *
joined(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", a, b);
	return p;
}

/* path with the links at its end followed; NULL with errno set. A
 * link to a file that does not exist yet names that file. */
static char *
follow_links(const char *path)
{
	char *at = strdup(path), link[PATH_MAX];
	int hops;

	for (hops = 0; at && hops < LINK_HOPS; hops++) {
		struct stat st;
		ssize_t n;
		char *dir, *next;

		if (lstat(at, &st) < 0 || !S_ISLNK(st.st_mode))
			return at;
		n = readlink(at, link, sizeof link - 1);
		if (n < 0)
			return at;
		link[n] = '\0';
		dir = link[0] == '/' ? NULL : folder_of(at);
		next = link[0] == '/' ? strdup(link) : dir ? joined(dir, link) :
		    NULL;
		free(dir);
		free(at);
		at = next;
	}
	if (at) {
		free(at);
		errno = ELOOP;
	}
	return NULL;
}

/* The permissions a new file gets: 0666 less the umask. */
static mode_t
new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* A new file in the target's folder, named after it; its descriptor,
 * or -1 (errno). */
static int
make_temp(struct replace *r, mode_t mode)
{
	const char *slash = strrchr(r->target, '/');
	char *dir = folder_of(r->target), *name;
	size_t n;
	int fd;

	if (!dir)
		return -1;
	n = strlen(dir) + strlen(r->target) + 16;
	if (!(name = malloc(n))) {
		free(dir);
		return -1;
	}
	snprintf(name, n, "%s/.%s.XXXXXX", dir, slash ? slash + 1 : r->target);
	free(dir);
	fd = mkstemp(name);
	if (fd < 0) {
		int err = errno;

		free(name);
		errno = err;
		return -1;
	}
	(void)fchmod(fd, mode);
	r->temp = name;
	return fd;
}

/* What the old file is, and how to write for it: -1 with *why when it
 * cannot be replaced; 1 for a device, written to directly; else 0, the
 * new file's permissions in *mode. */
static int
old_file(const char *target, mode_t *mode, const char **why)
{
	struct stat st;

	if (stat(target, &st) < 0) {
		if (errno != ENOENT) {
			*why = strerror(errno);
			return -1;
		}
		*mode = new_file_mode();
		return 0;
	}
	if (S_ISCHR(st.st_mode))
		return 1;
	if (S_ISDIR(st.st_mode))
		*why = strerror(EISDIR);
	else if (S_ISFIFO(st.st_mode))
		*why = "a FIFO, which would hold the session until read";
	else if (!S_ISREG(st.st_mode))
		*why = "not a regular file";
	else if (access(target, W_OK) < 0)
		*why = strerror(errno);
	else
		*why = NULL;
	*mode = st.st_mode & 07777;
	return *why ? -1 : 0;
}

int
replace_open(struct replace *r, const char *path, const char **why)
{
	mode_t mode = 0;
	int fd, kind;

	r->temp = NULL;
	if (!(r->target = follow_links(path))) {
		*why = strerror(errno);
		return -1;
	}
	kind = old_file(r->target, &mode, why);
	if (kind < 0)
		fd = -1;
	else if (kind == 1)
		fd = open(r->target, O_WRONLY);
	else
		fd = make_temp(r, mode);
	if (fd < 0) {
		if (kind >= 0)
			*why = strerror(errno);
		free(r->target);
		r->target = NULL;
	}
	return fd;
}

int
replace_keep(struct replace *r)
{
	if (!r->temp)
		return 0;
	if (rename(r->temp, r->target) < 0)
		return -1;
	free(r->temp);
	r->temp = NULL;
	return 0;
}

void
replace_end(struct replace *r)
{
	if (r->temp) {
		(void)unlink(r->temp);
		free(r->temp);
	}
	free(r->target);
	r->temp = r->target = NULL;
}
