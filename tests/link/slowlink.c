/*
 * slowlink.c: a program seen through a slow link, as SSH makes one.
 *
 *   slowlink [-r RATE] [-t RTT] [-b BUFFER] [-q | -n]
 *            [-B COLOUR [-D LATE]] [-G] [-l LOG] PROGRAM [ARG...]
 *
 * The program runs on a pseudo-terminal of the size of ours. What it
 * writes is read at once into a buffer of BUFFER bytes (2 MiB, the
 * window of an OpenSSH channel; a full buffer stops the reading, and so
 * the program's writes), leaves the buffer at RATE bytes a second (0:
 * as fast as it comes), and reaches our terminal half the round trip RTT
 * (milliseconds) later. What our terminal sends back (keys, and its
 * answers to the program's queries, which it gives once all before them
 * has arrived) reaches the program half a round trip later. With -q the
 * terminal never answers: its answers to status queries (Esc [ 5 n) and
 * to the cursor's position (Esc [ 6 n) are dropped. With -n it answers
 * the cursor's position but never its status, as st does.
 * With -B it answers the question for its background colour (OSC 11),
 * which the terminal at the far end may not, with COLOUR (as X11 writes
 * one: rgb:ffff/ffff/ffff), in its turn, or LATE milliseconds after,
 * out of turn, as a terminal that asks another one would. With -G the
 * far end draws sixel, as a VT340 would: it answers the question for
 * its device attributes (DA1) as a terminal that has sixel, with a
 * cell's size in pixels (10 by 20) and sixel's limits, in its turn
 * (a terminal at the far end that answers too adds its own).
 *
 * LOG gets, at the end, what went through: bytes, the program's queries
 * (Esc [ 6 n, as the program paces its frames by them), frames (queries
 * that follow some output) and sixel pictures, with the time taken.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define QUERY "\033[6n"
#define STATUS_ANSWER "\033[0n"
#define ASK_BACKGROUND "\033]11;?\033\\"
#define ASK_DEVICE "\033[c"
#define ANSWER_SIXEL "\033[6;20;10t\033[?1;0;256S\033[?2;0;1000;1000S" \
	"\033[?62;4c"
#define SIXEL_START "\033Pq"

/* Bytes on their way, in order, each chunk with the time it arrives. */
struct chunk {
	long long at;
	size_t len;
	struct chunk *next;
	char data[];
};

struct line {
	struct chunk *head, *tail;
	size_t bytes;
};

static volatile sig_atomic_t winched;
static struct termios saved;
static int saved_ok;

static long long
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void
die(const char *what)
{
	if (saved_ok)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved);
	fprintf(stderr, "slowlink: %s: %s\n", what, strerror(errno));
	exit(125);
}

static void
line_push(struct line *l, long long at, const char *buf, size_t len)
{
	struct chunk *c;

	if (len == 0)
		return;
	c = malloc(sizeof *c + len);
	if (!c)
		die("malloc");
	c->at = at;
	c->len = len;
	c->next = NULL;
	memcpy(c->data, buf, len);
	if (l->tail)
		l->tail->next = c;
	else
		l->head = c;
	l->tail = c;
	l->bytes += len;
}

/* Write what has arrived by now to fd; 0, or -1 when fd is gone. */
static int
line_deliver(struct line *l, long long now, int fd)
{
	while (l->head && l->head->at <= now) {
		struct chunk *c = l->head;
		size_t off = 0;

		while (off < c->len) {
			ssize_t w = write(fd, c->data + off, c->len - off);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return -1;
			off += (size_t)w;
		}
		l->bytes -= c->len;
		l->head = c->next;
		if (!l->head)
			l->tail = NULL;
		free(c);
	}
	return 0;
}

/* The buffer before the link: a ring. */
struct ring {
	char *buf;
	size_t cap, start, len;
};

static size_t
ring_take(struct ring *r, char *out, size_t most)
{
	size_t n = 0;

	while (n < most && r->len > 0) {
		size_t run = r->cap - r->start;

		if (run > r->len)
			run = r->len;
		if (run > most - n)
			run = most - n;
		memcpy(out + n, r->buf + r->start, run);
		r->start = (r->start + run) % r->cap;
		r->len -= run;
		n += run;
	}
	return n;
}

static ssize_t
ring_fill(struct ring *r, int fd)
{
	size_t end = (r->start + r->len) % r->cap;
	size_t room = r->cap - r->len, run = r->cap - end;
	ssize_t got;

	if (run > room)
		run = room;
	got = read(fd, r->buf + end, run);
	if (got > 0)
		r->len += (size_t)got;
	return got;
}

/* A string found in what goes by, however it is cut into chunks. */
struct match {
	const char *s;
	size_t at;                /* of s, matched so far */
	unsigned long long seen;
};

struct counts {
	unsigned long long bytes, queries, frames, since_query;
	size_t matched;  /* of QUERY, across chunks */
	size_t asked;    /* of ASK_BACKGROUND, across chunks */
	unsigned long long backgrounds; /* those asked, not yet answered */
	struct match device, sixels;    /* DA1 questions, sixel pictures */
};

static void
match_count(struct match *m, const char *buf, size_t len)
{
	size_t i, n = strlen(m->s);

	for (i = 0; i < len; i++) {
		if (buf[i] == m->s[m->at]) {
			if (++m->at == n) {
				m->seen++;
				m->at = 0;
			}
		} else {
			m->at = buf[i] == m->s[0];
		}
	}
}

/* Count the questions for the background colour in what reaches the
 * terminal. */
static void
count_asked(struct counts *k, const char *buf, size_t len)
{
	size_t i, q = strlen(ASK_BACKGROUND);

	for (i = 0; i < len; i++) {
		if (buf[i] == ASK_BACKGROUND[k->asked]) {
			if (++k->asked == q) {
				k->backgrounds++;
				k->asked = 0;
			}
		} else {
			k->asked = buf[i] == ASK_BACKGROUND[0];
		}
	}
}

/* Count the queries in what reaches the terminal; a query after some
 * other output ends a frame. */
static void
count(struct counts *k, const char *buf, size_t len)
{
	size_t i, q = strlen(QUERY);

	k->bytes += len;
	for (i = 0; i < len; i++) {
		k->since_query++;
		if (buf[i] == QUERY[k->matched]) {
			if (++k->matched == q) {
				k->queries++;
				if (k->since_query > q)
					k->frames++;
				k->since_query = 0;
				k->matched = 0;
			}
		} else {
			k->matched = buf[i] == QUERY[0];
		}
	}
}

/* How long the cursor position report at buf is (Esc [ row ; column
 * R), or 0 when there is none. */
static size_t
position_at(const char *buf, size_t len)
{
	size_t i = 2;
	int parts = 1, digits = 0;

	if (len < 6 || buf[0] != '\033' || buf[1] != '[')
		return 0;
	for (; i < len; i++) {
		if (buf[i] >= '0' && buf[i] <= '9') {
			digits++;
		} else if (buf[i] == ';' && parts == 1 && digits > 0) {
			parts = 2;
			digits = 0;
		} else {
			return buf[i] == 'R' && parts == 2 && digits > 0 ?
			    i + 1 : 0;
		}
	}
	return 0;
}

/* Drop the terminal's answers to status queries, and with positions,
 * those to the cursor's position too. */
static size_t
drop_answers(char *buf, size_t len, int positions)
{
	size_t a = strlen(STATUS_ANSWER), i = 0, o = 0, p;

	while (i < len) {
		if (i + a <= len && memcmp(buf + i, STATUS_ANSWER, a) == 0) {
			i += a;
			continue;
		}
		if (positions && (p = position_at(buf + i, len - i)) > 0) {
			i += p;
			continue;
		}
		buf[o++] = buf[i++];
	}
	return o;
}

static void
on_winch(int sig)
{
	(void)sig;
	winched = 1;
}

static void
copy_size(int master)
{
	struct winsize ws;

	if (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0)
		ioctl(master, TIOCSWINSZ, &ws);
}

static pid_t
spawn(int master, char **argv)
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
	execvp(argv[0], argv);
	_exit(127);
}

int
main(int argc, char **argv)
{
	long rate = 0, rtt_ms = 0;
	size_t cap = 2u << 20;
	int quiet = 0, no_status = 0, sixel = 0, opt, master, status = 0;
	int done = 0;
	unsigned long long device_answered = 0;
	const char *log = NULL, *colour = NULL;
	long late_ms = -1;
	char answer[128];
	struct ring ring = { NULL, 0, 0, 0 };
	struct line down = { NULL, NULL, 0 }, up = { NULL, NULL, 0 };
	struct line late = { NULL, NULL, 0 };
	struct counts k;
	struct sigaction sa;
	long long start, last, owd;
	double credit = 0;
	pid_t pid;

	while ((opt = getopt(argc, argv, "+r:t:b:qnB:D:Gl:")) != -1) {
		switch (opt) {
		case 'r': rate = atol(optarg); break;
		case 't': rtt_ms = atol(optarg); break;
		case 'b': cap = (size_t)atol(optarg); break;
		case 'q': quiet = 1; break;
		case 'n': no_status = 1; break;
		case 'B': colour = optarg; break;
		case 'D': late_ms = atol(optarg); break;
		case 'G': sixel = 1; break;
		case 'l': log = optarg; break;
		default:
			fprintf(stderr, "usage: slowlink [-r RATE] [-t RTT] "
			    "[-b BUFFER] [-q | -n] [-B COLOUR [-D LATE]] [-G] "
			    "[-l LOG] PROGRAM [ARG...]\n");
			return 125;
		}
	}
	if (colour)
		snprintf(answer, sizeof answer, "\033]11;%s\033\\", colour);
	if (optind >= argc || cap == 0)
		return 125;
	memset(&k, 0, sizeof k);
	k.device.s = ASK_DEVICE;
	k.sixels.s = SIXEL_START;
	owd = rtt_ms * 1000 / 2;
	ring.cap = cap;
	ring.buf = malloc(cap);
	if (!ring.buf)
		die("malloc");
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0)
		die("pseudo-terminal");
	copy_size(master);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_winch;
	sigaction(SIGWINCH, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0) {
		struct termios raw = saved;

		saved_ok = 1;
		raw.c_iflag &= (tcflag_t)~(IGNBRK | BRKINT | PARMRK | ISTRIP |
		    INLCR | IGNCR | ICRNL | IXON);
		raw.c_oflag &= (tcflag_t)~OPOST;
		raw.c_lflag &= (tcflag_t)~(ECHO | ECHONL | ICANON | ISIG |
		    IEXTEN);
		raw.c_cflag &= (tcflag_t)~(CSIZE | PARENB);
		raw.c_cflag |= CS8;
		raw.c_cc[VMIN] = 1;
		raw.c_cc[VTIME] = 0;
		tcsetattr(STDIN_FILENO, TCSANOW, &raw);
	}
	pid = spawn(master, argv + optind);
	if (pid < 0)
		die("fork");
	start = last = now_us();
	while (!done || down.head) {
		struct pollfd p[2];
		long long now = now_us(), next = -1;
		char buf[65536];
		int wait_ms;

		if (winched) {
			winched = 0;
			copy_size(master);
		}
		/* The link: RATE bytes a second while there is something to
		 * send; an idle link saves up no more than a millisecond's. */
		if (rate > 0) {
			credit += (double)(now - last) * (double)rate / 1e6;
			if (ring.len == 0 && credit > rate / 1000.0 + 1)
				credit = rate / 1000.0 + 1;
		} else {
			credit = (double)ring.len;
		}
		last = now;
		while (ring.len > 0 && credit >= 1) {
			size_t most = credit < sizeof buf ? (size_t)credit :
			    sizeof buf;
			size_t n = ring_take(&ring, buf, most);

			credit -= (double)n;
			line_push(&down, now + owd, buf, n);
			count(&k, buf, n);
			count_asked(&k, buf, n);
			match_count(&k.device, buf, n);
			match_count(&k.sixels, buf, n);
			for (; sixel && device_answered < k.device.seen;
			    device_answered++)
				line_push(&up, now + 2 * owd, ANSWER_SIXEL,
				    strlen(ANSWER_SIXEL));
			/* Answered as the question arrives, before what the
			 * far end answers to what follows it; or late. */
			for (; colour && k.backgrounds > 0; k.backgrounds--)
				line_push(late_ms >= 0 ? &late : &up,
				    now + 2 * owd + (late_ms > 0 ?
				    late_ms * 1000 : 0), answer,
				    strlen(answer));
		}
		if (line_deliver(&down, now, STDOUT_FILENO) < 0)
			break;
		if (line_deliver(&up, now, master) < 0 && done)
			break;
		if (line_deliver(&late, now, master) < 0 && done)
			break;
		if (down.head)
			next = down.head->at;
		if (up.head && (next < 0 || up.head->at < next))
			next = up.head->at;
		if (late.head && (next < 0 || late.head->at < next))
			next = late.head->at;
		if (rate > 0 && ring.len > 0) {
			long long t = now + 1000;

			if (next < 0 || t < next)
				next = t;
		}
		wait_ms = next < 0 ? 200 : (int)((next - now + 999) / 1000);
		p[0].fd = done || ring.len == ring.cap ? -1 : master;
		p[0].events = POLLIN;
		p[1].fd = STDIN_FILENO;
		p[1].events = POLLIN;
		p[0].revents = p[1].revents = 0;
		if (poll(p, 2, wait_ms) < 0 && errno != EINTR)
			die("poll");
		if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			ssize_t got = ring_fill(&ring, master);

			if (got <= 0 && !(got < 0 && errno == EINTR) &&
			    !(got < 0 && errno == EAGAIN))
				done = 1;
		}
		if (p[1].revents & POLLIN) {
			ssize_t got = read(STDIN_FILENO, buf, sizeof buf);
			size_t n;

			if (got <= 0)
				break;
			n = quiet || no_status ? drop_answers(buf,
			    (size_t)got, quiet) : (size_t)got;
			line_push(&up, now_us() + owd, buf, n);
		}
		if (!done && waitpid(pid, &status, WNOHANG) == pid) {
			/* What it wrote last is still to come. */
			fcntl(master, F_SETFL, O_NONBLOCK);
			while (ring.len < ring.cap && ring_fill(&ring, master) > 0)
				continue;
			done = 1;
			pid = -1;
		}
	}
	if (pid > 0) {
		kill(pid, SIGHUP);
		waitpid(pid, &status, 0);
	}
	if (saved_ok)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved);
	if (log) {
		FILE *f = fopen(log, "w");

		if (f) {
			fprintf(f, "bytes %llu queries %llu frames %llu "
			    "seconds %.2f pictures %llu\n", k.bytes, k.queries,
			    k.frames, (double)(now_us() - start) / 1e6,
			    k.sixels.seen);
			fclose(f);
		}
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) :
	    128 + WTERMSIG(status);
}
