/*
 * output.c: the spool, the tap and writes that end.
 *
 * Curses does not write to the terminal itself but into the spool, so
 * that every byte can be shown to a tap and counted, and a repaint of
 * any size never blocks curses (a file takes it, while its disk has
 * room); the spool's bytes are moved on to the terminal after each
 * frame, through a filter where the terminal module sets one. A write
 * to the spool that fails (a full disk, a file size limit) loses part
 * of a frame: from then on the spool sends nothing, and the caller,
 * told so, ends the session without it.
 *
 * A write that fails for any reason but a signal means the terminal is
 * gone, and nothing more is written. Once a signal has asked the program
 * to end, a terminal that takes nothing (stopped by Ctrl-S, or a link
 * that has stalled) must not hold it: what is written waits at most
 * LEAVE_MS for room; then output stopped by Ctrl-S is started again and
 * the frames still queued, which nobody will see now, are dropped, so
 * that the bytes that restore the terminal reach it; a terminal that
 * still takes nothing is given up. The rest goes a little at a time, as
 * much as it said it has room for.
 */
#include <errno.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include "lib/clock.h"
#include "output.h"
#include "signals.h"

#define SPOOL_CHUNK 16384
#define LEAVE_MS 300
#define LEAVE_CHUNK 256

static struct {
	int out;                  /* the terminal's descriptor */
	int tty;                  /* the terminal, or -1 */
	FILE *spool;              /* curses writes here; NULL: to the tty */
	int spool_error;          /* the errno of a write it lost */
	int gone;                 /* a write said it hung up */
	unsigned long long sent;  /* bytes sent */
	output_tap_fn *tap;
	void *tap_arg;
	output_filter_fn *filter; /* between the spool and the terminal */
	void *filter_arg;
} o = { -1, -1, NULL, 0, 0, 0, NULL, NULL, NULL, NULL };

void
output_open(int fd, int tty)
{
	o.out = fd;
	o.tty = tty;
	o.gone = 0;
}

FILE *
output_spool_open(void)
{
	o.spool = tmpfile();
	o.spool_error = 0;
	return o.spool;
}

void
output_spool_lost(int err)
{
	if (o.spool && !o.spool_error && (err == ENOSPC || err == EFBIG ||
	    err == EDQUOT || err == EIO))
		o.spool_error = err;
}

int
output_spool_error(void)
{
	return o.spool_error;
}

void
output_spool_close(void)
{
	if (o.spool)
		fclose(o.spool);
	o.spool = NULL;
}

void
output_set_tap(output_tap_fn *fn, void *arg)
{
	o.tap = fn;
	o.tap_arg = arg;
}

void
output_set_filter(output_filter_fn *fn, void *arg)
{
	o.filter = fn;
	o.filter_arg = arg;
}

unsigned long long
output_sent(void)
{
	return o.sent;
}

int
output_gone(void)
{
	return o.gone;
}

/* Whether the terminal can take more now that the program is leaving:
 * see the paragraph at the top. */
static int
room_to_leave(void)
{
	static long long by = -1;
	static int dropped;
	struct termios mode;
	struct pollfd p;
	long long left;

	if (by < 0)
		by = clock_now_ms() + LEAVE_MS;
	left = by - clock_now_ms();
	p.fd = o.out;
	p.events = POLLOUT;
	if (poll(&p, 1, left > 0 ? (int)left : 0) > 0 &&
	    (p.revents & POLLOUT))
		return 1;
	if (dropped || o.tty < 0)
		return 0;
	dropped = 1;
	/* Output stopped by Ctrl-S starts again when IXON goes; the shell's
	 * modes come back with the rest. */
	if (tcgetattr(o.out, &mode) == 0) {
		mode.c_iflag &= ~(tcflag_t)IXON;
		(void)tcsetattr(o.out, TCSANOW, &mode);
	}
	(void)tcflow(o.out, TCOON);
	(void)tcflush(o.out, TCOFLUSH);
	return poll(&p, 1, LEAVE_MS) > 0 && (p.revents & POLLOUT);
}

void
output_write(const char *buf, size_t len)
{
	o.sent += len;
	while (len > 0 && !o.gone) {
		size_t most = len;
		ssize_t w;

		if (signals_caught()) {
			if (!room_to_leave()) {
				o.gone = 1;
				break;
			}
			most = len < LEAVE_CHUNK ? len : LEAVE_CHUNK;
		}
		w = write(o.out, buf, most);
		if (w > 0) {
			buf += w;
			len -= (size_t)w;
		} else if (w < 0 && errno == EINTR) {
			continue;
		} else if (w < 0 && errno == EAGAIN) {
			struct pollfd p;

			p.fd = o.out;
			p.events = POLLOUT;
			(void)poll(&p, 1, 100);
		} else {
			o.gone = 1;
		}
	}
}

void
output_send(const char *buf, size_t len)
{
	if (o.tap && len > 0)
		o.tap(o.tap_arg, buf, len);
	output_write(buf, len);
}

/* Empty the spool for the next frame. */
static void
spool_empty(void)
{
	if (ftruncate(fileno(o.spool), 0) < 0)
		o.gone = 1;
	rewind(o.spool);
}

void
output_spool_send(void)
{
	char buf[SPOOL_CHUNK];
	int fd;
	off_t end, at = 0;

	if (!o.spool)
		return;
	fd = fileno(o.spool);
	if (fflush(o.spool) == EOF || ferror(o.spool))
		output_spool_lost(errno);
	/* Part of a frame is worse than none: a failed spool sends no
	 * more, and is only emptied, to give its room back. */
	if (o.spool_error) {
		spool_empty();
		return;
	}
	end = lseek(fd, 0, SEEK_CUR);
	if (end <= 0)
		return;
	while (at < end) {
		size_t want = end - at < (off_t)sizeof buf ?
		    (size_t)(end - at) : sizeof buf;
		ssize_t r = pread(fd, buf, want, at);

		if (r <= 0)
			break;
		if (o.filter)
			o.filter(o.filter_arg, buf, (size_t)r);
		else
			output_send(buf, (size_t)r);
		at += r;
	}
	if (o.filter)
		o.filter(o.filter_arg, NULL, 0);
	spool_empty();
}

void
output_spool_drop(void)
{
	if (!o.spool)
		return;
	fflush(o.spool);
	spool_empty();
}
