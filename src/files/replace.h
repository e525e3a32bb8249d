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
 *
 * The new file keeps the old one's owner, group and permissions, but
 * never setuid, setgid or sticky: what boids writes is data, not a
 * program. An old file whose owner or group a new file cannot be given
 * (only root may give a file away) is refused. An old file with other
 * names (hard links) is replaced under this one alone: the others keep
 * the old file, which the caller is told so that it can say so.
 *
 * While it writes, a process holds a lock on the new file, which it
 * keeps when the file takes its name: a file another process is writing
 * so is refused, when opened or, should that process have taken the
 * name meanwhile, when kept (EBUSY).
 */
#ifndef BOIDS_REPLACE_H
#define BOIDS_REPLACE_H

#include <stdio.h>

struct replace {
	char *target;   /* the file to replace, links followed */
	char *temp;     /* the new file until it is kept, else NULL */
	unsigned long links; /* the old file's other names, which keep it */
};

/*
 * Open a new file for path, for writing; its descriptor, or -1 with
 * *why saying why (strerror's text, or a sentence of this module's).
 */
int replace_open(struct replace *r, const char *path, const char **why);

/* The new file takes the old one's name: 0, or -1 (errno; EBUSY when
 * another process is writing that file). Harmless once kept, and for a
 * device. */
int replace_keep(struct replace *r);

/* All n bytes from p written to the new file's descriptor fd, however
 * many writes it takes: 0, or -1 with errno (ENOSPC for a write that
 * took nothing). */
int replace_write(int fd, const void *p, size_t n);

/* The end: a new file never kept is removed, the old one left as it
 * was. The descriptor is the caller's to close. */
void replace_end(struct replace *r);

/* Once kept over a file with other names: "boids: replaced 'PATH' ..."
 * on err, saying that they keep the old file; else nothing. */
void replace_say_links(const struct replace *r, const char *path,
    FILE *err);

#endif
