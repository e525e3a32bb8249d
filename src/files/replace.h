/*
 * replace.h: an output file that replaces the old one whole, or not at
 * all.
 *
 * A record, a cast or a trace is written to a new file beside the one it
 * names (beside the file a symbolic link names, so the link stays), and
 * takes its name only when the caller says the run has begun: a run
 * that fails to start, or a typo, leaves the old file as it was. A
 * device (/dev/null, a terminal) is written to directly; a FIFO, a
 * socket or a folder is refused, as nothing could be renamed over it and
 * a FIFO would hold the session until someone read it.
 */
#ifndef BOIDS_REPLACE_H
#define BOIDS_REPLACE_H

struct replace {
	char *target;   /* the file to replace, links followed */
	char *temp;     /* the new file until it is kept, else NULL */
};

/*
 * Open a new file for path, for writing; its descriptor, or -1 with
 * *why saying why (strerror's text, or a sentence of this module's).
 */
int replace_open(struct replace *r, const char *path, const char **why);

/* The new file takes the old one's name: 0, or -1 (errno). Harmless
 * once kept, and for a device. */
int replace_keep(struct replace *r);

/* The end: a new file never kept is removed, the old one left as it
 * was. The descriptor is the caller's to close. */
void replace_end(struct replace *r);

#endif
