/*
 * driven.c: the real program on a pseudo-terminal whose far end is this
 * process, playing the terminal.
 *
 * The far end answers what the program asks as the terminal named
 * would: its device attributes, its name, sixel's registers and largest
 * picture (xterm) or the graphics query (kitty), a cell's size, and the
 * status queries that pace the frames, each at once, so that nothing
 * but the program's own pace (its frame rate) limits it; everything the
 * program sends is read and counted. The program's processor time is
 * what the kernel counted for it when it ended (user and system, every
 * thread), over the run's wall time: what the process's children took
 * over the run, the program being the one child. In a run cut into
 * phases by a key, each phase's time is read from the running program's
 * processor-time clock as the phase begins and ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "driven.h"

#define COLS 120
#define ROWS 40
#define CELL_W 10
#define CELL_H 20

/* A question, and the answer each terminal gives (NULL: none). */
struct question {
	const char *ask, *xterm, *kitty;
	size_t at;                   /* of ask, matched so far */
};

static double
now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* User and system time of a process's ended children. */
static double
seconds_of(const struct rusage *r)
{
	return (double)r->ru_utime.tv_sec + (double)r->ru_utime.tv_usec / 1e6 +
	    (double)r->ru_stime.tv_sec + (double)r->ru_stime.tv_usec / 1e6;
}

static void
say_all(int fd, const char *s)
{
	size_t n = strlen(s), at = 0;

	while (at < n) {
		ssize_t w = write(fd, s + at, n - at);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		at += (size_t)w;
	}
}

/* The questions in buf, each answered as it is read, in order. */
static void
answer(struct question *q, size_t nq, const char *buf, size_t len, int fd,
    int kitty)
{
	size_t i, k;

	for (i = 0; i < len; i++)
		for (k = 0; k < nq; k++) {
			const char *a;

			if (buf[i] != q[k].ask[q[k].at]) {
				q[k].at = buf[i] == q[k].ask[0];
				continue;
			}
			if (q[k].ask[++q[k].at] != '\0')
				continue;
			q[k].at = 0;
			a = kitty ? q[k].kitty : q[k].xterm;
			if (a)
				say_all(fd, a);
		}
}

/* Occurrences of s in buf, across reads (*at carries a match begun). */
static unsigned long
count(const char *s, size_t *at, const char *buf, size_t len)
{
	unsigned long n = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (buf[i] != s[*at]) {
			*at = buf[i] == s[0];
			continue;
		}
		if (s[++*at] == '\0') {
			n++;
			*at = 0;
		}
	}
	return n;
}

static pid_t
spawn(int master, const char *path, char *const args[])
{
	pid_t pid = fork();
	int slave;

	if (pid != 0)
		return pid;
	setsid();
	slave = open(ptsname(master), O_RDWR);
	if (slave < 0)
		_exit(126);
#ifdef TIOCSCTTY
	ioctl(slave, TIOCSCTTY, 0);
#endif
	dup2(slave, 0);
	dup2(slave, 1);
	dup2(slave, 2);
	if (slave > 2)
		close(slave);
	close(master);
	setenv("TERM", "xterm-256color", 1);
	unsetenv("TMUX");
	unsetenv("STY");
	execv(path, args);
	_exit(127);
}

/* The running program's processor time so far, every thread; -1 when
 * it cannot be read. */
static double
cpu_of(pid_t pid)
{
	clockid_t id;
	struct timespec t;

	if (clock_getcpuclockid(pid, &id) != 0 || clock_gettime(id, &t) != 0)
		return -1.0;
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Where a run cut into phases stands: the next key's time, and the
 * phase being counted. */
struct phasing {
	const char *key;
	double every, settle, next;
	int k, counting;
	double cpu0;
	unsigned long pictures0;
	struct driven_phases *ph;
};

/* Phase k's counting begun once it has settled, and ended with the key
 * that ends it, pressed then. */
static void
phase_tick(struct phasing *f, pid_t pid, int master, double at,
    const struct driven *d)
{
	if (!f->key)
		return;
	if (!f->counting && f->k >= 1 && at >= f->next - f->every +
	    f->settle) {
		f->cpu0 = cpu_of(pid);
		f->pictures0 = d->pictures;
		f->counting = 1;
	}
	if (at < f->next)
		return;
	if (f->counting) {
		double cpu = cpu_of(pid);

		if (cpu >= 0 && f->cpu0 >= 0) {
			f->ph->cpu_s[f->k % 2] += cpu - f->cpu0;
			f->ph->pictures[f->k % 2] += d->pictures - f->pictures0;
		}
		f->counting = 0;
	}
	say_all(master, f->key);
	f->k++;
	f->next += f->every;
}

static int
drive(const char *path, char *const args[], int kitty, double seconds,
    struct phasing *f, struct driven *d)
{
	struct question q[] = {
		{ "\033[6n", "\033[1;1R", "\033[1;1R", 0 },
		{ "\033[c", "\033[?63;1;2;4;6;9;15;16;22;28c",
		  "\033[?62;c", 0 },
		{ "\033[>0q", "\033P>|XTerm(379)\033\\",
		  "\033P>|kitty(0.26.5)\033\\", 0 },
		{ "\033[?1;1;0S", "\033[?1;0;1024S", NULL, 0 },
		{ "\033[?2;1;0S", "\033[?2;0;1000;1000S", NULL, 0 },
		{ "\033_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\033\\", NULL,
		  "\033_Gi=31;OK\033\\", 0 },
		{ "\033]11;?\033\\", "\033]11;rgb:0000/0000/0000\033\\",
		  "\033]11;rgb:0000/0000/0000\033\\", 0 },
	};
	struct winsize ws = { ROWS, COLS, COLS * CELL_W, ROWS * CELL_H };
	struct rusage before, after;
	size_t picture_at = 0;
	double start, end;
	int master, status, quit = 0;
	pid_t pid;

	memset(d, 0, sizeof *d);
	d->status = -1;
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0)
		return -1;
	ioctl(master, TIOCSWINSZ, &ws);
	getrusage(RUSAGE_CHILDREN, &before);
	start = now_s();
	f->next = start + f->every;
	pid = spawn(master, path, args);
	if (pid < 0) {
		close(master);
		return -1;
	}
	for (;;) {
		struct pollfd p = { master, POLLIN, 0 };
		char buf[65536];
		ssize_t got;
		double at = now_s();

		if (!quit && at - start >= seconds) {
			say_all(master, "q");
			quit = 1;
		}
		if (!quit)
			phase_tick(f, pid, master, at, d);
		if (poll(&p, 1, f->key ? 5 : 50) < 0 && errno != EINTR)
			break;
		if (!(p.revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		got = read(master, buf, sizeof buf);
		if (got <= 0)
			break;
		d->bytes += (unsigned long long)got;
		d->pictures += count("\0337", &picture_at, buf, (size_t)got);
		answer(q, sizeof q / sizeof q[0], buf, (size_t)got, master,
		    kitty);
	}
	if (waitpid(pid, &status, 0) != pid) {
		close(master);
		return -1;
	}
	end = now_s();
	getrusage(RUSAGE_CHILDREN, &after);
	close(master);
	d->wall_s = end - start;
	d->cpu_s = seconds_of(&after) - seconds_of(&before);
	d->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	return 0;
}

int
driven_run(const char *path, char *const args[], int kitty,
    double seconds, struct driven *d)
{
	struct phasing none;

	memset(&none, 0, sizeof none);
	return drive(path, args, kitty, seconds, &none, d);
}

int
driven_toggled(const char *path, char *const args[], int kitty,
    double seconds, const char *key, double every, double settle,
    struct driven *d, struct driven_phases *ph)
{
	struct phasing f;

	memset(&f, 0, sizeof f);
	memset(ph, 0, sizeof *ph);
	f.key = key;
	f.every = every;
	f.settle = settle;
	f.ph = ph;
	return drive(path, args, kitty, seconds, &f, d);
}
