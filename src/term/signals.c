/*
 * signals.c: ending signals, resizes and Ctrl-Z as flags; faults that
 * restore the screen on their way out.
 *
 * Each handler does only what a handler may: it sets a flag and writes a
 * byte to a non-blocking pipe that the reader polls, so a read waiting
 * for a key wakes at once. The first signal to end the program is the
 * one it ends by, however many follow: the others wait while a handler
 * runs.
 *
 * A fault (or abort) is different: the program will not get back to its
 * loop, so the handler itself puts the terminal back, with write, poll
 * and tcsetattr alone and the bytes it was handed when the screen was
 * set up, lets whoever asked do the same for a copy of the screen (a
 * cast), and then raises the fault again under whatever handled it
 * before (the default, or a sanitizer's).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "signals.h"

static volatile sig_atomic_t caught, resized, stopped;
static int wake[2] = { -1, -1 };  /* the signals' pipe to the read */

/* Wake a read waiting in poll(); the pipe is non-blocking, and a full
 * one has woken it already. */
static void
wake_read(void)
{
	int saved = errno;

	if (wake[1] >= 0)
		(void)!write(wake[1], "", 1);
	errno = saved;
}

/* The first signal to end the program is the one it ends by. */
static void
on_signal(int sig)
{
	if (!caught)
		caught = sig;
	wake_read();
}

static void
on_resize(int sig)
{
	(void)sig;
	resized = 1;
	wake_read();
}

/* The terminal whose foreground a stop is asked in, or -1. */
static int stop_tty = -1;

/* A stop asked for: the loop restores the terminal, then stops. But a
 * SIGTTIN or SIGTTOU the kernel sends a process in the background, for
 * its reading or writing the terminal, comes again at each try: the
 * terminal is not its to restore there, and it stops at once, as the
 * default would (SIGSTOP, which nothing catches); on fg the call goes
 * on. */
static void
on_stop(int sig)
{
	int saved = errno;

	if (sig != SIGTSTP && stop_tty >= 0 &&
	    tcgetpgrp(stop_tty) != getpgrp()) {
		(void)kill(getpid(), SIGSTOP);
		errno = saved;
		return;
	}
	stopped = sig;
	wake_read();
	errno = saved;
}

/* Every signal whose default is to end the process and that a program
 * can catch without its own fault behind it. */
static const int ending[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
#ifdef SIGPOLL
	SIGPOLL,
#endif
#ifdef SIGPROF
	SIGPROF,
#endif
#ifdef SIGVTALRM
	SIGVTALRM,
#endif
#ifdef SIGXCPU
	SIGXCPU,
#endif
#ifdef SIGPWR
	SIGPWR,
#endif
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
};

#define NENDING (sizeof ending / sizeof ending[0])

/* The ending signals, blocked while any handler runs: one that came
 * second cannot cut into the first one's handler and be taken first. */
static sigset_t ending_set;

static void
ending_set_fill(void)
{
	size_t k;

	sigemptyset(&ending_set);
	for (k = 0; k < NENDING; k++)
		sigaddset(&ending_set, ending[k]);
#ifdef SIGRTMIN
	{
		int sig;

		for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
			sigaddset(&ending_set, sig);
	}
#endif
}

/* Catch sig with fn unless it is ignored already (as nohup leaves
 * SIGHUP): an ignored signal was meant to be ignored. */
static void
catch_unless_ignored(int sig, void (*fn)(int))
{
	struct sigaction sa, old;

	sa.sa_handler = fn;
	sa.sa_mask = ending_set;
	sa.sa_flags = 0;  /* no SA_RESTART: a waiting read must return */
	if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
		return;
	sigaction(sig, &sa, NULL);
}

static int
pipe_nonblocking(int fd[2])
{
	int k;

	if (pipe(fd) < 0)
		return -1;
	for (k = 0; k < 2; k++) {
		fcntl(fd[k], F_SETFL, fcntl(fd[k], F_GETFL) | O_NONBLOCK);
		fcntl(fd[k], F_SETFD, FD_CLOEXEC);
	}
	return 0;
}

/* ---- Faults ---- */

static const int faults[] = {
	SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS
};

#define NFAULTS (sizeof faults / sizeof faults[0])

static struct sigaction before_fault[NFAULTS];
static struct {
	char bytes[SIGNALS_RESTORE_MAX]; /* the bytes that restore the screen */
	size_t n;
	int out, tty;
	struct termios saved;            /* the tty's modes before */
} restore = { { 0 }, 0, -1, -1, { 0 } };
static volatile sig_atomic_t armed; /* the terminal needs restoring */
static struct {
	void (*volatile fn)(void *);
	void *volatile arg;
} after_fault;

/* How long a fault waits for the terminal to take the restoring bytes,
 * before and again after starting output that Ctrl-S stopped. */
#define FAULT_WAIT_MS 300

/* As much of the restoring bytes as the terminal takes within
 * FAULT_WAIT_MS; then output stopped by Ctrl-S, or stalled on a link,
 * is started again and the frames queued for it, which nobody will see
 * now, are dropped, and the rest gets as long again. A blocking write
 * would wait for Ctrl-Q for ever. Only calls a handler may make. */
static void
fault_restore(void)
{
	struct pollfd p;
	struct termios mode;
	size_t done = 0;
	int round, flags = fcntl(restore.out, F_GETFL);

	if (flags >= 0)
		(void)fcntl(restore.out, F_SETFL, flags | O_NONBLOCK);
	p.fd = restore.out;
	p.events = POLLOUT;
	for (round = 0; round < 2 && done < restore.n; round++) {
		if (round == 1 && restore.tty >= 0) {
			if (tcgetattr(restore.tty, &mode) == 0) {
				mode.c_iflag &= ~(tcflag_t)IXON;
				(void)tcsetattr(restore.tty, TCSANOW, &mode);
			}
			(void)tcflow(restore.tty, TCOON);
			(void)tcflush(restore.tty, TCOFLUSH);
		}
		while (done < restore.n && poll(&p, 1, FAULT_WAIT_MS) > 0 &&
		    (p.revents & POLLOUT)) {
			ssize_t w = write(restore.out, restore.bytes + done,
			    restore.n - done);

			if (w <= 0)
				break;
			done += (size_t)w;
		}
	}
	if (flags >= 0)
		(void)fcntl(restore.out, F_SETFL, flags);
}

static void
on_fault(int sig)
{
	size_t k;

	if (armed) {
		armed = 0;
		if (restore.out >= 0)
			fault_restore();
		if (restore.tty >= 0)
			(void)tcsetattr(restore.tty, TCSANOW, &restore.saved);
		if (after_fault.fn)
			after_fault.fn(after_fault.arg);
	}
	for (k = 0; k < NFAULTS; k++)
		if (faults[k] == sig)
			sigaction(sig, &before_fault[k], NULL);
	raise(sig);
}

static void
catch_faults(void)
{
	struct sigaction sa;
	size_t k;

	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	for (k = 0; k < NFAULTS; k++)
		if (sigaction(faults[k], NULL, &before_fault[k]) == 0 &&
		    before_fault[k].sa_handler != SIG_IGN)
			sigaction(faults[k], &sa, NULL);
}

void
signals_arm(int out, int tty, const struct termios *saved,
    const char *bytes, size_t n)
{
	armed = 0;
	if (n > sizeof restore.bytes)
		n = sizeof restore.bytes;
	memcpy(restore.bytes, bytes, n);
	restore.n = n;
	restore.out = out;
	restore.tty = tty;
	if (saved)
		restore.saved = *saved;
	armed = tty >= 0;
}

void
signals_disarm(void)
{
	armed = 0;
}

void
signals_after_fault(void (*fn)(void *), void *arg)
{
	after_fault.fn = NULL;
	after_fault.arg = arg;
	after_fault.fn = fn;
}

/* ---- Ending, resizing, stopping ---- */

int
signals_catch(void)
{
	size_t k;

	if (wake[0] < 0 && pipe_nonblocking(wake) < 0) {
		wake[0] = wake[1] = -1;
		return -1;
	}
	ending_set_fill();
	for (k = 0; k < NENDING; k++)
		catch_unless_ignored(ending[k], on_signal);
	/* A file past the size limit (the spool, a record, a cast) fails
	 * its write with EFBIG, which is caught and said, rather than
	 * killing the program with the terminal raw. */
	signal(SIGXFSZ, SIG_IGN);
	catch_faults();
#ifdef SIGRTMIN
	{
		int sig;

		for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
			catch_unless_ignored(sig, on_signal);
	}
#endif
	return 0;
}

int
signals_caught(void)
{
	return caught;
}

void
signals_die_by(int sig)
{
	sigset_t set;

	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

/* The signals that stop a process at its terminal. */
static const int stops[] = { SIGTSTP, SIGTTIN, SIGTTOU };

#define NSTOPS (sizeof stops / sizeof stops[0])

void
signals_watch_terminal(int tty)
{
	size_t k;

	stop_tty = tty;
	catch_unless_ignored(SIGWINCH, on_resize);
	for (k = 0; k < NSTOPS; k++)
		catch_unless_ignored(stops[k], on_stop);
}

void
signals_leave_terminal(void)
{
	size_t k;

	signal(SIGWINCH, SIG_DFL);
	for (k = 0; k < NSTOPS; k++) {
		struct sigaction old;

		if (sigaction(stops[k], NULL, &old) == 0 &&
		    old.sa_handler == on_stop)
			signal(stops[k], SIG_DFL);
	}
	stop_tty = -1;
}

int
signals_wake_fd(void)
{
	return wake[0];
}

void
signals_drain(void)
{
	if (wake[0] >= 0) {
		char drain[64];

		while (read(wake[0], drain, sizeof drain) > 0)
			;
	}
}

int
signals_take_resize(void)
{
	if (!resized)
		return 0;
	resized = 0;
	return 1;
}

int
signals_take_stop(void)
{
	int sig = stopped;

	if (!sig)
		return 0;
	stopped = 0;
	resized = 0;
	return sig;
}

void
signals_stop_now(int sig)
{
	sigset_t set;

	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	kill(getpid(), sig);
	catch_unless_ignored(sig, on_stop);
}
