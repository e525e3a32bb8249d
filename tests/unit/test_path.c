/*
 * test_path.c: the one resolver of file names (src/lib/path.c), and
 * whether two names name one file.
 *
 * In a folder of its own, every answer checked against the name worked
 * out by hand: a file there and one not there yet, by a whole name and
 * from the working folder; links to files, chains of them, relative to
 * the link's own folder, a folder reached through a link; dangling links,
 * which name the file they would make; loops, and the most links in a
 * row that open() follows (40) against one more; and names whose folder
 * is missing or is a file.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "lib/path.h"

static char dir[] = "/tmp/test_path_XXXXXX";
static char real[PATH_MAX];      /* dir, resolved by hand once */

/* dir/name, or real/name with whole, in one of four buffers. */
static const char *
in(const char *name, int whole)
{
	static char buf[4][PATH_MAX + 64];
	static int k;

	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", whole ? real : dir, name);
	return buf[k];
}

static const char *
at(const char *name)
{
	return in(name, 0);
}

static const char *
resolved(const char *name)
{
	return in(name, 1);
}

static void
put(const char *name)
{
	FILE *f = fopen(at(name), "w");

	CHECK(f != NULL);
	if (f)
		fclose(f);
}

/* path_resolve(name) is want, exactly. */
static void
resolves(const char *name, const char *want)
{
	char *got = path_resolve(name);

	CHECK(got != NULL && strcmp(got, want) == 0);
	if (!got || strcmp(got, want) != 0)
		fprintf(stderr, "  %s: '%s', not '%s'\n", name,
		    got ? got : "(null)", want);
	free(got);
}

/* path_resolve(name) fails with errno want. */
static void
refused(const char *name, int want)
{
	char *got;

	errno = 0;
	got = path_resolve(name);
	CHECK(got == NULL);
	CHECK_INT(errno, want);
	free(got);
}

static void
test_files(void)
{
	char cwd[PATH_MAX];

	put("f");
	resolves(at("f"), resolved("f"));
	resolves(at("new"), resolved("new"));             /* not there yet */
	resolves(at("./f"), resolved("f"));
	resolves(at("sub/../f"), resolved("f"));
	resolves(at("."), real);
	resolves("/", "/");
	resolves("/boids-test-path-not-there", "/boids-test-path-not-there");
	/* From the working folder. */
	CHECK(getcwd(cwd, sizeof cwd) != NULL);
	CHECK_INT(chdir(dir), 0);
	resolves("f", resolved("f"));
	resolves("new", resolved("new"));
	resolves("sub/g", resolved("sub/g"));
	CHECK_INT(chdir(cwd), 0);
}

static void
test_links(void)
{
	/* a -> b -> sub/g, each relative to its own folder; sub/up ->
	 * ../f from inside sub; whole -> the whole name of f. */
	put("sub/g");
	CHECK_INT(symlink("b", at("a")), 0);
	CHECK_INT(symlink("sub/g", at("b")), 0);
	CHECK_INT(symlink("../f", at("sub/up")), 0);
	CHECK_INT(symlink(resolved("f"), at("whole")), 0);
	resolves(at("a"), resolved("sub/g"));
	resolves(at("sub/up"), resolved("f"));
	resolves(at("whole"), resolved("f"));
	/* A folder reached through a link: the file in the folder it
	 * names, there or not. */
	CHECK_INT(symlink("sub", at("folder")), 0);
	resolves(at("folder/g"), resolved("sub/g"));
	resolves(at("folder/h"), resolved("sub/h"));
	resolves(at("folder/../f"), resolved("f"));
}

static void
test_dangling(void)
{
	/* A link to a file not there yet names that file, as open() with
	 * O_CREAT would make it: relative to the link's folder, or whole,
	 * and through a chain. */
	CHECK_INT(symlink("later", at("sub/dangling")), 0);
	CHECK_INT(symlink(resolved("sub/later2"), at("dangling2")), 0);
	CHECK_INT(symlink("sub/dangling", at("chain")), 0);
	resolves(at("sub/dangling"), resolved("sub/later"));
	resolves(at("dangling2"), resolved("sub/later2"));
	resolves(at("chain"), resolved("sub/later"));
	/* One dangling into a folder not there: no file it could be. */
	CHECK_INT(symlink("nowhere/x", at("lost")), 0);
	refused(at("lost"), ENOENT);
}

static void
test_loops(void)
{
	char name[32], to[32];
	int i;

	CHECK_INT(symlink("loop2", at("loop1")), 0);
	CHECK_INT(symlink("loop1", at("loop2")), 0);
	CHECK_INT(symlink("self", at("self")), 0);
	refused(at("loop1"), ELOOP);
	refused(at("self"), ELOOP);
	refused(at("loop1/x"), ELOOP);                   /* a folder's loop */
	/* hop1 -> end, hop2 -> hop1, ...: hop40 is as far as open() goes. */
	for (i = 1; i <= PATH_MAX_HOPS + 1; i++) {
		snprintf(name, sizeof name, "sub/hop%d", i);
		if (i == 1)
			snprintf(to, sizeof to, "end");
		else
			snprintf(to, sizeof to, "hop%d", i - 1);
		CHECK_INT(symlink(to, at(name)), 0);
	}
	snprintf(name, sizeof name, "sub/hop%d", PATH_MAX_HOPS);
	resolves(at(name), resolved("sub/end"));
	snprintf(name, sizeof name, "sub/hop%d", PATH_MAX_HOPS + 1);
	refused(at(name), ELOOP);
}

static void
test_not_found(void)
{
	refused(at("nodir/x"), ENOENT);
	refused(at("nodir/"), ENOENT);
	refused(at("new/"), ENOENT);          /* a folder that is not there */
	refused(at("new/."), ENOENT);
	refused(at("f/x"), ENOTDIR);          /* f is a file */
	refused(at("f/"), ENOTDIR);
}

static void
test_same(void)
{
	CHECK(path_same(at("f"), at("whole")));
	CHECK(path_same(at("a"), at("sub/g")));
	CHECK(path_same(at("sub/up"), at("folder/../f")));
	CHECK(!path_same(at("f"), at("sub/g")));
	/* Not there yet: the same name however it is reached. */
	CHECK(path_same(at("new"), at("sub/../new")));
	CHECK(path_same(at("folder/h"), at("sub/h")));
	CHECK(!path_same(at("new"), at("sub/new")));
	/* A dangling link is the file it would make. */
	CHECK(path_same(at("sub/dangling"), at("sub/later")));
	CHECK(path_same(at("chain"), at("folder/later")));
	/* Names of no file are no one file. */
	CHECK(!path_same(at("nodir/x"), at("nodir/x")));
	CHECK(!path_same(at("loop1"), at("loop1")));
}

int
main(void)
{
	CHECK(mkdtemp(dir) != NULL);
	CHECK(realpath(dir, real) != NULL);
	CHECK_INT(mkdir(at("sub"), 0700), 0);
	test_files();
	test_links();
	test_dangling();
	test_loops();
	test_not_found();
	test_same();
	{
		char cmd[PATH_MAX + 16];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		CHECK_INT(system(cmd), 0);
	}
	return check_exit("test_path");
}
