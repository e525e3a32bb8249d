/*
 * path.h: file names, and whether two of them name one file.
 *
 * The files a session writes (a trace, a record, a cast) and the one it
 * reads (a record to replay) are named on the command line; two names
 * for one file would have it written twice, or written while it is
 * read, so the options refuse them before anything is opened.
 */
#ifndef BOIDS_PATH_H
#define BOIDS_PATH_H

/* Whether a and b are one file: the same device and inode when both
 * exist (after links), else the same path once the folders' links are
 * resolved. */
int path_same(const char *a, const char *b);

#endif
