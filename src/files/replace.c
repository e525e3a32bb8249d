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
 *
 * The old file's owner is kept, as are its permissions, but for the
 * bits that would make a data file run as its owner (setuid, setgid)
 * or change its folder's rules (sticky). A lock for writing (fcntl,
 * which a process holds until it closes the file, whatever its name)
 * marks a file being written, so that a second process does not replace
 * it under the first.
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
#include "lib/say.h"
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

/* What the old file is, that the new one keeps. */
struct old {
	int there;              /* there is an old file */
	mode_t mode;            /* the new file's permissions */
	uid_t uid;              /* the old file's owner and group */
	gid_t gid;
	unsigned long links;    /* its other names */
};

/* Whether another process holds a lock for writing on the file at path:
 * it is writing that file, and its pid in *pid. */
static int
locked(const char *path, long *pid)
{
	struct flock l;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY), held;

	if (fd < 0)
		return 0;
	memset(&l, 0, sizeof l);
	l.l_type = F_WRLCK;
	l.l_whence = SEEK_SET;
	held = fcntl(fd, F_GETLK, &l) == 0 && l.l_type != F_UNLCK;
	*pid = held ? (long)l.l_pid : 0;
	close(fd);
	return held;
}

/* Why a file being written is refused. */
static const char *
busy(long pid)
{
	static char why[64];

	snprintf(why, sizeof why, "another process (%ld) is writing it", pid);
	return why;
}

/* The new file locked for writing, for as long as this process has it
 * open; where locks are not kept (some network file systems), not. */
static void
lock(int fd)
{
	struct flock l;

	memset(&l, 0, sizeof l);
	l.l_type = F_WRLCK;
	l.l_whence = SEEK_SET;
	(void)fcntl(fd, F_SETLK, &l);
}

/* The new file given the old one's owner and group, where they differ
 * from its own; -1 when they cannot be (EPERM). */
static int
keep_owner(int fd, const struct old *o)
{
	struct stat st;

	if (!o->there || fstat(fd, &st) < 0 ||
	    (st.st_uid == o->uid && st.st_gid == o->gid))
		return 0;
	return fchown(fd, o->uid, o->gid);
}

/* A new file in the target's folder, named after it, with the old one's
 * owner and permissions; its descriptor, or -1 (errno). The target is a
 * resolved name: it has a folder. */
static int
make_temp(struct replace *r, const struct old *o)
{
	const char *slash = strrchr(r->target, '/');
	size_t n = strlen(r->target) + 16, room;
	char *name = malloc(n);
	int fd, err;

	if (!name)
		return -1;
	snprintf(name, n, "%.*s", (int)(slash - r->target), r->target);
	room = name_room(name, slash + 1);
	snprintf(name, n, "%.*s/.%.*s.XXXXXX", (int)(slash - r->target),
	    r->target, (int)room, slash + 1);
	fd = mkstemp(name);
	if (fd >= 0 && keep_owner(fd, o) == 0) {
		(void)fchmod(fd, o->mode);
		lock(fd);
		r->temp = name;
		return fd;
	}
	err = errno;
	if (fd >= 0) {
		close(fd);
		(void)unlink(name);
	}
	free(name);
	errno = err;
	return -1;
}

/* What the old file is, and how to write for it: -1 with *why when it
 * cannot be replaced; 1 for a device, written to directly; else 0, what
 * the new file keeps of it in *o. */
static int
old_file(const char *target, struct old *o, const char **why)
{
	struct stat st;
	long pid;

	memset(o, 0, sizeof *o);
	if (stat(target, &st) < 0) {
		if (errno != ENOENT) {
			*why = strerror(errno);
			return -1;
		}
		o->mode = new_file_mode();
		return 0;
	}
	if (S_ISCHR(st.st_mode))
		return 1;
	*why = NULL;
	if (S_ISDIR(st.st_mode))
		*why = strerror(EISDIR);
	else if (S_ISFIFO(st.st_mode))
		*why = "a FIFO, which would hold the session until read";
	else if (!S_ISREG(st.st_mode))
		*why = "not a regular file";
	else if (access(target, W_OK) < 0)
		*why = strerror(errno);
	else if (locked(target, &pid))
		*why = busy(pid);
	o->there = 1;
	o->mode = st.st_mode & 0777;
	o->uid = st.st_uid;
	o->gid = st.st_gid;
	o->links = st.st_nlink > 1 ? (unsigned long)st.st_nlink - 1 : 0;
	return *why ? -1 : 0;
}

int
replace_open(struct replace *r, const char *path, const char **why)
{
	struct old o;
	int fd, kind;

	r->temp = NULL;
	r->links = 0;
	if (!(r->target = path_resolve(path))) {
		*why = strerror(errno);
		return -1;
	}
	kind = old_file(r->target, &o, why);
	if (kind < 0)
		fd = -1;
	else if (kind == 1)
		fd = open(r->target, O_WRONLY);
	else
		fd = make_temp(r, &o);
	if (fd < 0 && kind >= 0)
		*why = errno == EPERM && o.there ? "owned by another user or "
		    "group, which a new file of this user's cannot keep" :
		    strerror(errno);
	if (fd < 0) {
		free(r->target);
		r->target = NULL;
	} else {
		r->links = o.links;
	}
	return fd;
}

int
replace_keep(struct replace *r)
{
	long pid;

	if (!r->temp)
		return 0;
	/* Another process may have begun writing it since it was
	 * opened, and have kept it first. */
	if (locked(r->target, &pid)) {
		errno = EBUSY;
		return -1;
	}
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

void
replace_say_links(const struct replace *r, const char *path, FILE *err)
{
	if (!r->target || r->temp || r->links == 0)
		return;
	say(err, "replaced '%s' with a new file: its %lu other name%s "
	    "(hard link%s) still name%s the old one", say_name(path),
	    r->links, r->links == 1 ? "" : "s", r->links == 1 ? "" : "s",
	    r->links == 1 ? "s" : "");
}

int
replace_write(int fd, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n > 0) {
		ssize_t k = write(fd, b, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = ENOSPC;
			return -1;
		}
		b += k;
		n -= (size_t)k;
	}
	return 0;
}
