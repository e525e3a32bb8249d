/*
 * test_replace.c: output files that replace the old one whole, or not
 * at all (src/files/replace.c).
 *
 * In a folder of its own: the new file is written beside the old one,
 * which keeps its bytes until the new one is kept and then has the new
 * bytes and its own permissions; one never kept leaves nothing behind.
 * Through a symbolic link (to a file, to a file not there yet, through
 * a chain of links, relative and absolute), the link stays and the file
 * it names is replaced. A FIFO, a folder and a file that may not be
 * written are refused with a reason; a device is written directly. The
 * new file keeps the old one's owner and permissions, setuid, setgid and
 * sticky aside, and says when the old one had other names; a file
 * another process is writing is refused, when opened or when kept.
 */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "files/replace.h"

static char dir[] = "/tmp/test_replace_XXXXXX";

/* dir/name, in one of two buffers. */
static const char *
at(const char *name)
{
	static char buf[2][256];
	static int k;

	k = !k;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

static void
put(const char *name, const char *text)
{
	FILE *f = fopen(at(name), "w");

	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* Whether the file holds text, exactly. */
static int
holds(const char *name, const char *text)
{
	char buf[256];
	FILE *f = fopen(at(name), "r");
	size_t n;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return strcmp(buf, text) == 0;
}

/* How many names the folder holds, . and .. aside. */
static int
entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* Open name, write text, keep it when keep says; 0 when all went. */
static int
write_through(const char *name, const char *text, int keep)
{
	struct replace r;
	const char *why = NULL;
	int fd = replace_open(&r, at(name), &why), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	if (keep && replace_keep(&r) < 0)
		ok = 0;
	close(fd);
	replace_end(&r);
	return ok ? 0 : -1;
}

static void
test_old_file(void)
{
	struct replace r;
	const char *why = NULL;
	struct stat st;
	int fd;

	put("f", "old\n");
	chmod(at("f"), 0640);
	fd = replace_open(&r, at("f"), &why);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	CHECK_INT(write(fd, "new\n", 4), 4);
	CHECK(holds("f", "old\n"));
	CHECK_INT(entries(), 2);        /* the new one beside it */
	CHECK_INT(replace_keep(&r), 0);
	CHECK(holds("f", "new\n"));
	CHECK_INT(entries(), 1);
	CHECK_INT(replace_keep(&r), 0); /* harmless again */
	close(fd);
	replace_end(&r);
	CHECK(stat(at("f"), &st) == 0 && (st.st_mode & 0777) == 0640);

	/* Never kept: the old file as it was, nothing beside it. */
	CHECK_INT(write_through("f", "lost\n", 0), 0);
	CHECK(holds("f", "new\n"));
	CHECK_INT(entries(), 1);
	/* A new file, kept and not. */
	CHECK_INT(write_through("g", "g\n", 0), 0);
	CHECK_INT(entries(), 1);
	CHECK_INT(write_through("g", "g\n", 1), 0);
	CHECK(holds("g", "g\n"));
	unlink(at("f"));
	unlink(at("g"));
}

static void
test_links(void)
{
	struct stat st;
	char link[64];
	ssize_t n;

	CHECK_INT(mkdir(at("sub"), 0700), 0);
	put("sub/t", "old\n");
	/* a -> b -> sub/t, relative; c -> the whole path of sub/u, which
	 * is not there yet. */
	CHECK_INT(symlink("b", at("a")), 0);
	CHECK_INT(symlink("sub/t", at("b")), 0);
	CHECK_INT(symlink(at("sub/u"), at("c")), 0);
	CHECK_INT(write_through("a", "new\n", 1), 0);
	CHECK(lstat(at("a"), &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(lstat(at("b"), &st) == 0 && S_ISLNK(st.st_mode));
	n = readlink(at("a"), link, sizeof link - 1);
	CHECK(n == 1 && link[0] == 'b');
	CHECK(holds("sub/t", "new\n"));
	CHECK_INT(write_through("c", "u\n", 1), 0);
	CHECK(lstat(at("c"), &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(holds("sub/u", "u\n"));
	/* A loop of links is refused, not followed for ever. */
	CHECK_INT(symlink("loop2", at("loop1")), 0);
	CHECK_INT(symlink("loop1", at("loop2")), 0);
	CHECK_INT(write_through("loop1", "x\n", 1), -1);
	unlink(at("a"));
	unlink(at("b"));
	unlink(at("c"));
	unlink(at("loop1"));
	unlink(at("loop2"));
	unlink(at("sub/t"));
	unlink(at("sub/u"));
}

/* Refused, with a reason containing want. */
static void
refused(const char *name, const char *want)
{
	struct replace r;
	const char *why = NULL;

	CHECK_INT(replace_open(&r, at(name), &why), -1);
	CHECK(why && strstr(why, want) != NULL);
	if (why && !strstr(why, want))
		fprintf(stderr, "  %s: '%s'\n", name, why);
}

static void
test_refused(void)
{
	struct replace r;
	const char *why = NULL;
	int fd;

	CHECK_INT(mkfifo(at("fifo"), 0600), 0);
	refused("fifo", "FIFO");
	refused("sub", strerror(EISDIR));
	refused("nodir/f", strerror(ENOENT));
	put("ro", "old\n");
	chmod(at("ro"), 0400);
	if (access(at("ro"), W_OK) < 0)  /* not when run as root */
		refused("ro", strerror(EACCES));
	CHECK(holds("ro", "old\n"));
	CHECK_INT(entries(), 3);
	unlink(at("fifo"));
	unlink(at("ro"));
	rmdir(at("sub"));

	/* A device is written to as it is. */
	fd = replace_open(&r, "/dev/null", &why);
	CHECK(fd >= 0);
	CHECK(r.temp == NULL);
	CHECK_INT(replace_keep(&r), 0);
	if (fd >= 0)
		close(fd);
	replace_end(&r);
}

/* The new file has the old one's owner and group (given away where the
 * test may: as root) and its permissions without setuid, setgid and
 * sticky; the old one's other names are counted, and said. */
static void
test_owner(void)
{
	struct replace r;
	const char *why = NULL;
	struct stat st;
	char said[256] = "";
	FILE *err;
	int fd, root = geteuid() == 0;

	put("s", "old\n");
	CHECK_INT(chmod(at("s"), 07754), 0);
	if (root)
		CHECK_INT(chown(at("s"), 65534, 65534), 0);
	CHECK_INT(link(at("s"), at("other")), 0);
	fd = replace_open(&r, at("s"), &why);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	CHECK_INT(r.links, 1);
	CHECK_INT(write(fd, "new\n", 4), 4);
	CHECK_INT(replace_keep(&r), 0);
	close(fd);
	err = fmemopen(said, sizeof said, "w");
	CHECK(err != NULL);
	if (err) {
		replace_say_links(&r, "s", err);
		fclose(err);
	}
	CHECK(strstr(said, "replaced 's'") != NULL &&
	    strstr(said, "1 other name (hard link) still names the old one"));
	replace_end(&r);
	CHECK(stat(at("s"), &st) == 0 && (st.st_mode & 07777) == 0754);
	CHECK(st.st_nlink == 1);
	if (root)
		CHECK(st.st_uid == 65534 && st.st_gid == 65534);
	CHECK(holds("other", "old\n"));
	unlink(at("s"));
	unlink(at("other"));
	/* Without other names, nothing is said. */
	put("t", "old\n");
	CHECK_INT(write_through("t", "new\n", 1), 0);
	unlink(at("t"));
}

/* A file another process is writing: refused when opened; and one
 * opened before that process took its name is refused when kept. */
static void
test_busy(void)
{
	struct replace first, other;
	const char *why = NULL;
	int to_child[2], to_parent[2], fd, status;
	char c = 0;
	pid_t child;

	put("busy", "old\n");
	fd = replace_open(&first, at("busy"), &why);
	CHECK(fd >= 0);
	if (fd < 0 || pipe(to_child) < 0 || pipe(to_parent) < 0)
		return;
	child = fork();
	if (child == 0) {
		struct replace r;
		int k = replace_open(&r, at("busy"), &why);

		c = k >= 0 && replace_keep(&r) == 0 ? 'k' : 'x';
		(void)!write(to_parent[1], &c, 1);
		(void)!read(to_child[0], &c, 1);
		_exit(0);
	}
	CHECK(child > 0);
	CHECK_INT(read(to_parent[0], &c, 1), 1);
	CHECK_INT(c, 'k');
	errno = 0;
	CHECK_INT(replace_keep(&first), -1);
	CHECK_INT(errno, EBUSY);
	why = NULL;
	CHECK_INT(replace_open(&other, at("busy"), &why), -1);
	CHECK(why && strstr(why, "another process") != NULL);
	/* Once it is done, the file is free again. */
	(void)!write(to_child[1], &c, 1);
	CHECK(waitpid(child, &status, 0) == child);
	CHECK_INT(replace_keep(&first), 0);
	close(fd);
	replace_end(&first);
	close(to_child[0]);
	close(to_child[1]);
	close(to_parent[0]);
	close(to_parent[1]);
	unlink(at("busy"));
}

int
main(void)
{
	CHECK(mkdtemp(dir) != NULL);
	test_old_file();
	test_links();
	test_refused();
	test_owner();
	test_busy();
	CHECK_INT(rmdir(dir), 0);
	return check_exit("test_replace");
}
