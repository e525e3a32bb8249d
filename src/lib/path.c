/*
 * path.c: whether two file names, existing or still to be made, name one
 * file.
 */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"

/* The absolute path of a file, or of the file it would be, its folder's
 * links resolved; NULL when even the folder cannot be found. */
static char *
absolute(const char *path)
{
	char dir[PATH_MAX], base[PATH_MAX], *real, *whole;
	size_t n;

	if ((real = realpath(path, NULL)) != NULL)
		return real;
	if (strlen(path) >= sizeof dir)
		return NULL;
	strcpy(dir, path);
	strcpy(base, path);
	if (!(real = realpath(dirname(dir), NULL)))
		return NULL;
	n = strlen(real) + strlen(basename(base)) + 2;
	if ((whole = malloc(n)) != NULL)
		snprintf(whole, n, "%s/%s", real, basename(base));
	free(real);
	return whole;
}

int
path_same(const char *a, const char *b)
{
	struct stat sa, sb;
	char *pa, *pb;
	int same;

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	pa = absolute(a);
	pb = absolute(b);
	same = pa && pb && strcmp(pa, pb) == 0;
	free(pa);
	free(pb);
	return same;
}
