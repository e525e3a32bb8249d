/*
 * replace.c: an output file written beside the old one and renamed over
 * it once the run has begun.
 *
 * The name given is resolved first (path.h), its links followed as
 * open() would follow them, so that the new file lands in the folder of
 * the file a link names and the rename replaces that file, not the
 * link. The new file gets the old one's permissions, or those a new
 * file would have had; an old file that may not be written is refused
 * as open() would refuse it, though its folder would allow the rename.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/path.h"
#include "replace.h"

/* The permissions a new file gets: 0666 less the umask. */
static mode_t
new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* A new file in the target's folder, named after it; its descriptor,
 * or -1 (errno). The target is a resolved name: it has a folder. */
static int
make_temp(struct replace *r, mode_t mode)
{
	const char *slash = strrchr(r->target, '/');
	size_t n = strlen(r->target) + 16;
	char *name = malloc(n);
	int fd;

	if (!name)
		return -1;
	snprintf(name, n, "%.*s/.%s.XXXXXX", (int)(slash - r->target),
	    r->target, slash + 1);
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
	if (!(r->target = path_resolve(path))) {
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
