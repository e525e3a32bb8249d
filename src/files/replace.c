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
 * The new file's name is the old one's with a dot before and six
 * letters after, cut where that would pass the longest name the folder
 * takes, so that any name that can be written can be replaced.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/path.h"
#include "replace.h"

/* What the new file's name adds to the target's: a dot and ".XXXXXX". */
#define TEMP_EXTRA 8
/* The longest name a folder takes, where it will not say. */
#define NAME_MAX_FALLBACK 255

/* The permissions a new file gets: 0666 less the umask. */
static mode_t
new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/* The most bytes of the target's name that its new file's name, a dot
 * before and ".XXXXXX" after, may take in folder dir: all of it, unless
 * that would pass the longest name the folder takes, or the longest
 * path, cut then where a character begins. */
static size_t
name_room(const char *dir, const char *name)
{
	size_t len = strlen(name), path = strlen(dir) + 1 + TEMP_EXTRA + 1;
	long most = pathconf(dir[0] ? dir : "/", _PC_NAME_MAX);
	size_t room;

	if (most <= 0)
		most = NAME_MAX_FALLBACK;
	room = (size_t)most > TEMP_EXTRA ? (size_t)most - TEMP_EXTRA : 1;
	if (path < PATH_MAX && PATH_MAX - path < room)
		room = PATH_MAX - path;
	if (len <= room)
		return len;
	while (room > 1 && ((unsigned char)name[room] & 0xc0) == 0x80)
		room--;
	return room;
}

/* A new file in the target's folder, named after it; its descriptor,
 * or -1 (errno). The target is a resolved name: it has a folder. */
static int
make_temp(struct replace *r, mode_t mode)
{
	const char *slash = strrchr(r->target, '/');
	size_t n = strlen(r->target) + 16, room;
	char *name = malloc(n);
	int fd;

	if (!name)
		return -1;
	snprintf(name, n, "%.*s", (int)(slash - r->target), r->target);
	room = name_room(name, slash + 1);
	snprintf(name, n, "%.*s/.%.*s.XXXXXX", (int)(slash - r->target),
	    r->target, (int)room, slash + 1);
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
