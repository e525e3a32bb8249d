/*
 * path.c: the one resolver of file names, and whether two name one file.
 *
 * The links at a name's end are followed one by one here, not by
 * realpath(), because a link to a file not there yet still names that
 * file (open() with O_CREAT would make it), where realpath() gives up.
 * What is left is a name that is no link: realpath() resolves it when it
 * is there, else its folder, and the last part is put back.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"

/* The folder part of name, "." when it has none; malloc'd. */
static char *
folder_of(const char *name)
{
	const char *slash = strrchr(name, '/');
	size_t n = !slash ? 1 : slash == name ? 1 : (size_t)(slash - name);
	char *dir = malloc(n + 1);

	if (!dir)
		return NULL;
	memcpy(dir, slash ? name : ".", n);
	dir[n] = '\0';
	return dir;
}

/* The part of name after its last "/". */
static const char *
last_part(const char *name)
{
	const char *slash = strrchr(name, '/');

	return slash ? slash + 1 : name;
}

/* folder "/" part, malloc'd; no second "/" after a folder that ends in
 * one (the root). */
static char *
joined(const char *folder, const char *part)
{
	size_t n = strlen(folder) + strlen(part) + 2;
	int slash = folder[0] && folder[strlen(folder) - 1] == '/';
	char *whole = malloc(n);

	if (whole)
		snprintf(whole, n, "%s%s%s", folder, slash ? "" : "/", part);
	return whole;
}

/* The name a link at name leads to: its text, taken from the link's
 * folder when relative; malloc'd, or NULL. */
static char *
link_target(const char *name, const char *text)
{
	char *dir, *next;

	if (text[0] == '/')
		return strdup(text);
	if (!(dir = folder_of(name)))
		return NULL;
	next = joined(dir, text);
	free(dir);
	return next;
}

/* name with the links at its end followed, malloc'd; NULL with errno
 * set (ELOOP after PATH_MAX_HOPS links). A name that is no link, or
 * that cannot be looked at, is left for realpath() to judge. */
static char *
follow_links(const char *name)
{
	char *at = strdup(name), text[PATH_MAX];
	int hops;

	for (hops = 0; at; hops++) {
		struct stat st;
		ssize_t n;
		char *next;

		if (lstat(at, &st) < 0 || !S_ISLNK(st.st_mode) ||
		    (n = readlink(at, text, sizeof text - 1)) < 0)
			return at;
		if (hops == PATH_MAX_HOPS) {
			free(at);
			errno = ELOOP;
			return NULL;
		}
		text[n] = '\0';
		next = link_target(at, text);
		free(at);
		at = next;
	}
	return NULL;
}

/* A name that is no link and is not there: its folder resolved, its
 * last part put back. */
static char *
not_there(const char *name)
{
	const char *part = last_part(name);
	char *dir, *real, *whole;

	if (!*part || strcmp(part, ".") == 0 || strcmp(part, "..") == 0) {
		errno = ENOENT;
		return NULL;
	}
	if (!(dir = folder_of(name)))
		return NULL;
	real = realpath(dir, NULL);
	free(dir);
	if (!real)
		return NULL;
	whole = joined(real, part);
	free(real);
	return whole;
}

char *
path_resolve(const char *name)
{
	char *at = follow_links(name), *whole;
	int err;

	if (!at)
		return NULL;
	errno = 0;
	whole = realpath(at, NULL);
	if (!whole && errno == ENOENT)
		whole = not_there(at);
	err = errno;
	free(at);
	errno = err;
	return whole;
}

int
path_same(const char *a, const char *b)
{
	struct stat sa, sb;
	char *ra, *rb;
	int same;

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	ra = path_resolve(a);
	rb = path_resolve(b);
	same = ra && rb && strcmp(ra, rb) == 0;
	free(ra);
	free(rb);
	return same;
}
