/*
 * path.h: file names, resolved to the file they stand for.
 *
 * The files a session writes (a trace, a record, a cast) and the ones it
 * reads (a record to replay, the config file) are named on the command
 * line. One resolver says which file a name stands for, whether it is
 * there yet or not: an output is written where its name leads (through
 * its links, so that the link stays), and two names for one file, which
 * would have it written twice or written while it is read, are refused
 * before anything is opened.
 */
#ifndef BOIDS_PATH_H
#define BOIDS_PATH_H

/* As many links in a row as Linux follows before ELOOP. */
#define PATH_MAX_HOPS 40

/*
 * The file name stands for, as an absolute name with no link, "." or
 * ".." left in it: the links at its end followed as open() follows them
 * (a link to a file not there yet names that file), its folders
 * resolved. Malloc'd; NULL with errno set when the folder it would be in
 * cannot be found (ENOENT, ENOTDIR, EACCES, ...), when its links go
 * round (ELOOP) or when memory runs out. A name that is not there and
 * ends in "/", "." or ".." names a folder that is not there: ENOENT.
 */
char *path_resolve(const char *name);

/* Whether a and b are one file: the same device and inode when both
 * exist, else the same resolved name (path_resolve()). */
int path_same(const char *a, const char *b);

#endif
