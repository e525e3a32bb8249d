/*
 * pace.h: how many frames the link to the terminal can take.
 *
 * After each frame the terminal is sent a query (where is the cursor?),
 * whose answer comes once it has taken in everything before it: answers
 * say what has arrived, and when. From them, the least delay seen (the
 * link's own latency, measured by a bare query whenever nothing is in
 * flight) and the delay now: a delay that grows past the least means
 * bytes queue on the way, and the window of bytes allowed in flight
 * shrinks, down to one frame at a time; a delay that stays near it lets
 * the window grow, so a distant but fast terminal still gets every
 * frame. A terminal that has not answered the first query within a
 * second does not answer: it gets frames as they come, and is asked
 * again now and then. An answer much later than the link's rate explains
 * is lost, and the terminal is taken for one that does not answer, until
 * it answers again.
 *
 * A terminal answers in order, so a question asked just before the
 * first query (the background colour's, OSC 11) is answered before it
 * or not at all: it is waited for no longer than that first answer.
 * Before the shell gets the terminal back, the answers still to come,
 * the first one too within its second, are waited for a little, so that
 * the shell does not echo them.
 *
 * Nothing here reads a clock or writes a byte: the caller passes in the
 * time (ns) and the bytes sent so far, sends the queries it is told to,
 * and says when an answer came. So the pacing is tested against a
 * modelled link, in modelled time.
 */
#ifndef BOIDS_PACE_H
#define BOIDS_PACE_H

#define PACE_MAX 64               /* queries in flight, at most */
#define PACE_FIRST_MS 1000        /* for the first answer */
#define PACE_LOST_MS 2000         /* an answer later than this is lost, */
#define PACE_SLOWEST 1000.0       /* beyond what bytes/s take to arrive */
#define PACE_TARGET_NS 40000000LL /* queueing delay aimed at */
#define PACE_BASE_NS 10000000000LL /* the least delay, over this long */
#define PACE_PROBE_MS 5000        /* asking a silent terminal again */
#define PACE_SETTLE_MS 500        /* waiting for answers at exit */

enum pace_state {
	PACE_OFF,        /* not a terminal: nothing is asked */
	PACE_UNKNOWN,    /* the first answer has not come yet */
	PACE_ANSWERING,  /* answers come: frames follow them */
	PACE_SILENT      /* no answers: frames go as they come */
};

/* What a query follows. */
enum pace_query { PACE_BARE, PACE_FRAME, PACE_LINE };

struct pace {
	enum pace_state state;
	long long sent[PACE_MAX];          /* when each query went, ns */
	unsigned long long upto[PACE_MAX]; /* bytes sent up to it */
	int frame[PACE_MAX];               /* what it followed: PACE_ */
	int head, count, frames, notes;    /* those after frames, lines */
	unsigned long long acked;          /* bytes known arrived */
	long long base, base_next, base_since; /* least delay, windowed */
	double window;                     /* bytes allowed in flight */
	double rate;                       /* bytes/s the link delivers */
	long long answered;                /* when the last answer came */
	unsigned long long frame_bytes;    /* the last frame's */
	long long opened, probed;          /* ms */
	unsigned long shown;               /* frames known shown */
};

/* Start at now, for a terminal that may answer (a file or a pipe never
 * does); 1 when a bare query must go now. */
int pace_start(struct pace *p, int answers, long long now);

/* Time alone changes the pacing: a first answer that never came, an
 * answer lost, a silent terminal to ask again. 1 when a bare query must
 * go now. */
int pace_tick(struct pace *p, long long now);

/* Whether another query may go (at most PACE_MAX are in flight); and,
 * once it went, what it followed, with the bytes sent up to its end. */
int pace_may_ask(const struct pace *p);
void pace_asked(struct pace *p, enum pace_query after,
    unsigned long long sent, long long now);

/* The oldest query's answer came at now, sent bytes having been sent. */
void pace_answer(struct pace *p, unsigned long long sent, long long now);

/* Whether a frame may go now: sent bytes having been sent, the window
 * has room; always for a terminal that does not answer. */
int pace_ready(const struct pace *p, unsigned long long sent);

/* Whether a line of news (a few bytes, not a frame) may go: unless the
 * last one is still on its way. */
int pace_ready_line(const struct pace *p);

/* Milliseconds from now until time alone may change pace_ready(), or
 * -1. */
int pace_ready_in(const struct pace *p, long long now);

/* Whether a bare query goes ahead of the next frame: nothing is in
 * flight, so its answer measures the link's latency alone. */
int pace_bare_first(const struct pace *p);

/* A frame of bytes went: 1 when a query must follow it; otherwise it
 * counts as shown at once. */
int pace_frame(struct pace *p, unsigned long long bytes);

/* A line went: 1 when a query must follow it. */
int pace_line(const struct pace *p);

/* Whether the first answer may still come at now: none has, and its
 * PACE_FIRST_MS have not passed. Once it is not, a question asked just
 * before the first query and not answered yet is answered late or
 * never. */
int pace_first_due(const struct pace *p, long long now);

/* Whether answers are still to come at now: the first, while it is
 * due, or those to the queries in flight of a terminal that answers. */
int pace_waiting(const struct pace *p, long long now);

/* Milliseconds from now to wait for them at most before the shell gets
 * the terminal back: PACE_SETTLE_MS, or a quarter of it when hurried (a
 * signal ends the program); for a first answer not yet come, until it
 * is no longer due, unless hurried. */
int pace_settle_in(const struct pace *p, long long now, int hurried);

/* Frames the terminal has shown: those it has answered for, or when it
 * does not answer, those sent. */
unsigned long pace_shown(const struct pace *p);

#endif
