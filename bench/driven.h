/*
 * driven.h: the real program driven as a terminal would drive it, and
 * the processor time it takes.
 */
#ifndef BOIDS_DRIVEN_H
#define BOIDS_DRIVEN_H

/* What a run of the program took. */
struct driven {
	double cpu_s, wall_s;        /* its processor time, and the run's */
	unsigned long long bytes;    /* what it sent */
	unsigned long pictures;      /* frames that carried a picture */
	int status;                  /* its exit status, or -1 */
};

/*
 * Run the program at path with its arguments args (NULL-ended, its name
 * first) on a pseudo-terminal of 120x40 cells of 10x20 pixels, for
 * seconds, answering its questions as xterm as a VT340 (kitty 0) or as
 * kitty (kitty 1) would, status queries at once, and reading all it
 * sends; then q. 0, or -1 when it could not be run.
 */
int driven_run(const char *path, char *const args[], int kitty,
    double seconds, struct driven *d);

/* A run cut into phases by a key: the processor time and the pictures
 * of the phases as started [0] and after the key [1]. */
struct driven_phases {
	double cpu_s[2];
	unsigned long pictures[2];
};

/*
 * As driven_run(), but with key pressed every `every` seconds, so that
 * the phases alternate: the program's processor time and pictures are
 * counted over each phase but its first settle seconds (what the key
 * changes takes a few frames to show), the first phase left out (the
 * program starting), into *ph by the phase's kind. 0, or -1 as
 * driven_run().
 */
int driven_toggled(const char *path, char *const args[], int kitty,
    double seconds, const char *key, double every, double settle,
    struct driven *d, struct driven_phases *ph);

#endif
