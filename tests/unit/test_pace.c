/*
 * test_pace.c: frames paced by the terminal's answers (src/term/pace.c), over
 * a modelled link in modelled time.
 *
 * The model is the one tests/link/slowlink.c builds for real: what the
 * program writes leaves at the link's rate and arrives half a round trip
 * later; the terminal answers each query once everything before it has
 * arrived, and the answer takes half a round trip back. The program is
 * modelled as the terminal module and the loop drive the pacing: a frame
 * of a given size when one is due (30 a second) and the link can take
 * it, with a bare query first when nothing is in flight and a query
 * after; a line of news (a key's effect on the status line) ahead of the
 * frames when the last line has arrived. Time moves in steps of a
 * millisecond, so every case is exact and takes no time to run.
 *
 * What is checked is what the program promises over a link: on a slow
 * one a key shows at once, not behind queued frames; a fast but distant
 * one still shows every frame; a terminal that never answers, loses an
 * answer or stalls is not waited for long.
 */
#include <string.h>

#include "check.h"
#include "term/pace.h"

#define MS 1000000LL
#define S 1000000000LL
#define QUERY_BYTES 4
#define LINE_BYTES 60
#define ANSWERS_MAX 4096
#define FRAMES_MAX 4096

struct sim {
	struct pace p;
	long long now;              /* ns */
	/* The link. */
	double rate;                /* bytes a second; 0: no limit */
	long long half;             /* one way, ns */
	long long free_at;          /* when what it holds has left */
	long long stall_from, stall_to; /* nothing leaves then */
	int answers;                /* the terminal answers queries */
	long long lose_from, lose_to;   /* answers to queries sent then
	                                 * are lost */
	long long back[ANSWERS_MAX];    /* answers on their way back */
	int nback, hback;
	/* The program. */
	unsigned long long sent;    /* bytes written */
	size_t frame_bytes;
	long long gap;              /* between frames wanted */
	long long next_frame;
	long long key_at;           /* a key's news is owed since; -1 */
	long long news_delay;       /* the worst a key waited to arrive */
	/* What happened. */
	long long frame_sent[FRAMES_MAX], frame_arrived[FRAMES_MAX];
	int frames;
	unsigned long queries;
};

static void
sim_start(struct sim *s, double rate, long long rtt, int answers,
    size_t frame_bytes)
{
	memset(s, 0, sizeof *s);
	s->rate = rate;
	s->half = rtt / 2;
	s->answers = answers;
	s->frame_bytes = frame_bytes;
	s->gap = S / 30;
	s->key_at = -1;
	s->stall_from = s->stall_to = -1;
	s->lose_from = s->lose_to = -1;
}

/* n bytes into the link now: when the last of them arrives. */
static long long
link_write(struct sim *s, size_t n)
{
	long long start = s->now > s->free_at ? s->now : s->free_at;
	long long took = s->rate > 0 ? (long long)((double)n * 1e9 / s->rate)
	    : 0;
	long long end;

	if (start >= s->stall_from && start < s->stall_to)
		start = s->stall_to;
	end = start + took;
	if (start < s->stall_from && end > s->stall_from)
		end += s->stall_to - s->stall_from;
	s->free_at = end;
	s->sent += n;
	return end + s->half;
}

/* The terminal module's ask(): a query, when one more may be in flight. */
static void
ask(struct sim *s, enum pace_query after)
{
	long long arrives;

	if (!pace_may_ask(&s->p))
		return;
	arrives = link_write(s, QUERY_BYTES);
	pace_asked(&s->p, after, s->sent, s->now);
	s->queries++;
	if (!s->answers || (s->now >= s->lose_from && s->now < s->lose_to))
		return;
	if (s->nback < ANSWERS_MAX)
		s->back[(s->hback + s->nback++) % ANSWERS_MAX] = arrives +
		    s->half;
}

/* term_ready(): time may ask a silent terminal again; then the window. */
static int
ready(struct sim *s)
{
	if (pace_tick(&s->p, s->now))
		ask(s, PACE_BARE);
	return pace_ready(&s->p, s->sent);
}

/* term_flush(): a bare query when nothing is in flight, the frame, and
 * the query after it. */
static void
send_frame(struct sim *s)
{
	long long arrives;

	if (pace_tick(&s->p, s->now))
		ask(s, PACE_BARE);
	if (pace_bare_first(&s->p))
		ask(s, PACE_BARE);
	arrives = link_write(s, s->frame_bytes);
	if (s->frames < FRAMES_MAX) {
		s->frame_sent[s->frames] = s->now;
		s->frame_arrived[s->frames] = arrives;
		s->frames++;
	}
	if (pace_frame(&s->p, s->frame_bytes))
		ask(s, PACE_FRAME);
}

/* term_ready_line() and term_flush_line(): a key's news. */
static void
send_news(struct sim *s)
{
	long long arrives, waited;

	if (pace_tick(&s->p, s->now))
		ask(s, PACE_BARE);
	if (!pace_ready_line(&s->p))
		return;
	arrives = link_write(s, LINE_BYTES);
	waited = arrives - s->key_at;
	if (waited > s->news_delay)
		s->news_delay = waited;
	s->key_at = -1;
	if (pace_line(&s->p))
		ask(s, PACE_LINE);
}

/* The answers that have come back by now, taken in. */
static void
take_answers(struct sim *s)
{
	while (s->nback > 0 && s->back[s->hback] <= s->now) {
		pace_answer(&s->p, s->sent, s->back[s->hback]);
		s->hback = (s->hback + 1) % ANSWERS_MAX;
		s->nback--;
	}
}

/* Run until `until`: answers taken in as they come, news when owed,
 * frames when due and the link can take them (as ui.c's loop does). */
static void
sim_run(struct sim *s, long long until)
{
	for (; s->now < until; s->now += MS) {
		take_answers(s);
		if (s->key_at >= 0)
			send_news(s);
		if (s->now < s->next_frame || !ready(s))
			continue;
		send_frame(s);
		s->next_frame += s->gap;
		if (s->next_frame < s->now)
			s->next_frame = s->now + s->gap;
	}
}

static void
sim_open(struct sim *s)
{
	if (pace_start(&s->p, 1, s->now))
		ask(s, PACE_BARE);
}

/* Frames the far end had received in [from, to). */
static int
arrived_between(const struct sim *s, long long from, long long to)
{
	int k, n = 0;

	for (k = 0; k < s->frames; k++)
		n += s->frame_arrived[k] >= from && s->frame_arrived[k] < to;
	return n;
}

/* The longest a frame sent in [from, to) took to arrive. */
static long long
worst_frame_delay(const struct sim *s, long long from, long long to)
{
	long long worst = 0;
	int k;

	for (k = 0; k < s->frames; k++)
		if (s->frame_sent[k] >= from && s->frame_sent[k] < to &&
		    s->frame_arrived[k] - s->frame_sent[k] > worst)
			worst = s->frame_arrived[k] - s->frame_sent[k];
	return worst;
}

/* Press a key at `at` and run on until its news has surely gone; the
 * news then arrives within limit of the press. */
static void
key_within(struct sim *s, long long at, long long limit)
{
	sim_run(s, at);
	s->key_at = at;
	s->news_delay = 0;
	sim_run(s, at + 3 * S);
	CHECK_INT(s->key_at, -1);
	CHECK(s->news_delay > 0 && s->news_delay <= limit);
	if (s->news_delay > limit)
		fprintf(stderr, "a key's news took %lld ms (limit %lld)\n",
		    s->news_delay / MS, limit / MS);
}

/*
 * 5 KB/s, 100 ms round trip, 200 boids' frames (about 830 bytes: 30 a
 * second would need 25 KB/s). Frames are dropped rather than queued, so
 * a key shows within half a second, and the frames that go arrive
 * nearly as soon as they are sent, at the rate the link allows.
 */
static void
test_slow_link(void)
{
	struct sim s;
	int k, shown;

	sim_start(&s, 5000, 100 * MS, 1, 830);
	sim_open(&s);
	sim_run(&s, 3 * S);   /* the link fills up as it would in use */
	for (k = 0; k < 4; k++)
		key_within(&s, s.now + 700 * MS + k * 37 * MS, 500 * MS);
	CHECK(worst_frame_delay(&s, 3 * S, s.now) < 700 * MS);
	/* The link's 5 KB/s carry about six such frames a second; pacing
	 * wastes little of that. */
	shown = arrived_between(&s, 3 * S, s.now);
	CHECK(shown >= 3 * (int)((s.now - 3 * S) / S));
	CHECK(shown <= 7 * (int)((s.now - 3 * S) / S));
}

/* 20 KB/s and 2000 boids' frames (about 3 KB): a key within a second. */
static void
test_medium_link(void)
{
	struct sim s;
	int k;

	sim_start(&s, 20000, 100 * MS, 1, 3000);
	sim_open(&s);
	sim_run(&s, 3 * S);
	for (k = 0; k < 4; k++)
		key_within(&s, s.now + 700 * MS, 1000 * MS);
	CHECK(worst_frame_delay(&s, 3 * S, s.now) < 1000 * MS);
}

/*
 * Unpaced, the same slow link queues: the check above can fail. (A
 * pacing that let every frame go would show the key seconds late.)
 */
static void
test_unpaced_queues(void)
{
	struct sim s;

	sim_start(&s, 5000, 100 * MS, 1, 830);
	for (; s.now < 3 * S; s.now += s.gap)
		(void)link_write(&s, s.frame_bytes);
	CHECK(link_write(&s, LINE_BYTES) - s.now > 5 * S);
}

/* A fast link with a 100 ms round trip: several frames in flight at
 * once, so all 30 a second are shown, and counted as shown. */
static void
test_fast_link(void)
{
	struct sim s;
	unsigned long before;

	sim_start(&s, 10e6, 100 * MS, 1, 830);
	sim_open(&s);
	sim_run(&s, 3 * S);
	before = pace_shown(&s.p);
	sim_run(&s, 8 * S);
	CHECK(pace_shown(&s.p) - before >= 5 * 29);
	CHECK(arrived_between(&s, 3 * S, 8 * S) >= 5 * 29);
	CHECK(s.p.window > 2.0 * 830);
	CHECK_INT(s.p.state, PACE_ANSWERING);
}

/* A terminal that never answers: one frame, then nothing until the
 * first answer is given up on after PACE_FIRST_MS; from then on every
 * frame goes, is counted as shown, and a bare query asks again every
 * PACE_PROBE_MS. */
static void
test_never_answers(void)
{
	struct sim s;
	unsigned long before, queries;

	sim_start(&s, 10e6, 100 * MS, 0, 830);
	sim_open(&s);
	CHECK_INT(pace_ready_in(&s.p, 0), PACE_FIRST_MS);
	sim_run(&s, 999 * MS);
	CHECK_INT(s.frames, 1);
	CHECK(!pace_ready(&s.p, s.sent));
	CHECK_INT(pace_ready_in(&s.p, s.now), 1);
	sim_run(&s, 2 * S);
	CHECK_INT(s.p.state, PACE_SILENT);
	CHECK(s.frames >= 1 + 29);
	before = pace_shown(&s.p);
	queries = s.queries;
	sim_run(&s, 12 * S);
	CHECK(pace_shown(&s.p) - before >= 10 * 29);
	CHECK_INT(s.queries - queries, 2);   /* at 6 s and at 11 s */
	CHECK(pace_ready_in(&s.p, s.now) > 0);
	CHECK(pace_ready_in(&s.p, s.now) <= PACE_PROBE_MS);
}

/* A file or a pipe is no terminal: nothing is asked, every frame goes
 * and counts as shown, and nothing is waited for. */
static void
test_not_a_terminal(void)
{
	struct pace p;
	int k;

	CHECK_INT(pace_start(&p, 0, 0), 0);
	for (k = 0; k < 10; k++) {
		CHECK(pace_ready(&p, 0));
		CHECK(!pace_bare_first(&p));
		CHECK_INT(pace_frame(&p, 1000), 0);
		CHECK(!pace_line(&p));
		CHECK_INT(pace_tick(&p, (long long)k * S), 0);
	}
	CHECK_INT(pace_shown(&p), 10);
	CHECK_INT(pace_ready_in(&p, 0), -1);
	CHECK(!pace_waiting(&p, 0));
	CHECK(!pace_first_due(&p, 0));
	pace_answer(&p, 0, S);   /* an answer from nowhere changes nothing */
	CHECK_INT(p.state, PACE_OFF);
}

/* The first answer, step by step: one frame goes with a query after
 * it, the next waits for the answer; the answer counts the frame as
 * shown and opens the window. */
static void
test_first_answer(void)
{
	struct pace p;

	CHECK_INT(pace_start(&p, 1, 0), 1);
	pace_asked(&p, PACE_BARE, 4, 0);
	CHECK(pace_ready(&p, 4));
	CHECK(!pace_bare_first(&p));
	CHECK_INT(pace_frame(&p, 1000), 1);
	pace_asked(&p, PACE_FRAME, 1008, MS);
	CHECK(!pace_ready(&p, 1008));        /* one frame, then the answer */
	pace_answer(&p, 1008, 50 * MS);      /* the bare query's */
	CHECK_INT(p.state, PACE_ANSWERING);
	CHECK_INT(pace_shown(&p), 0);
	CHECK(pace_waiting(&p, 50 * MS));
	pace_answer(&p, 1008, 60 * MS);      /* the frame's */
	CHECK_INT(pace_shown(&p), 1);
	CHECK(!pace_waiting(&p, 60 * MS));
	CHECK(pace_ready(&p, 1008));
	CHECK(pace_bare_first(&p));          /* nothing in flight now */
	CHECK(p.window > 0);
}

/*
 * term.c's settle() at exit: answers are taken in as they come, until
 * none is owed or the time pace_settle_in() gave has passed. Returns
 * when it ended.
 */
static long long
sim_settle(struct sim *s, int hurried)
{
	long long until = s->now + pace_settle_in(&s->p, s->now, hurried) * MS;

	for (; pace_waiting(&s->p, s->now) && s->now < until; s->now += MS)
		take_answers(s);
	return s->now;
}

/*
 * Before the first answer: it is due, and anything asked just before
 * the first query with it, for PACE_FIRST_MS, and at exit is waited for
 * until then (a quarter of PACE_SETTLE_MS at most when a signal hurries
 * the exit); once it came, or was given up on, it is no longer due.
 */
static void
test_first_due(void)
{
	struct pace p;

	pace_start(&p, 1, 0);
	pace_asked(&p, PACE_BARE, 4, 0);
	CHECK(pace_first_due(&p, 0));
	CHECK(pace_first_due(&p, 999 * MS));
	CHECK(!pace_first_due(&p, 1000 * MS));
	CHECK(pace_waiting(&p, 300 * MS));
	CHECK(!pace_waiting(&p, 1000 * MS));
	CHECK_INT(pace_settle_in(&p, 300 * MS, 0), 700);
	CHECK_INT(pace_settle_in(&p, 300 * MS, 1), PACE_SETTLE_MS / 4);
	CHECK_INT(pace_settle_in(&p, 1200 * MS, 0), 0);
	/* Given up on: nothing is due or owed, and it stays so. */
	CHECK_INT(pace_tick(&p, 1000 * MS), 0);
	CHECK_INT(p.state, PACE_SILENT);
	CHECK(!pace_first_due(&p, 1000 * MS));
	CHECK(!pace_waiting(&p, 1000 * MS));
	/* Answered: no longer due; what is owed is the queries in flight. */
	pace_start(&p, 1, 0);
	pace_asked(&p, PACE_BARE, 4, 0);
	pace_asked(&p, PACE_FRAME, 1008, MS);
	pace_answer(&p, 1008, 40 * MS);
	CHECK(!pace_first_due(&p, 40 * MS));
	CHECK(pace_waiting(&p, 40 * MS));
	CHECK_INT(pace_settle_in(&p, 40 * MS, 0), PACE_SETTLE_MS);
	pace_answer(&p, 1008, 45 * MS);
	CHECK(!pace_waiting(&p, 45 * MS));
}

/*
 * Quitting at once over a 600 ms round trip: the first answers (the
 * status queries', and before them any to a question asked just before
 * the first) are still to come, and are waited for and taken in, not
 * left to the shell; a terminal that never answers is waited for only
 * until its first second is up.
 */
static void
test_settle_early(void)
{
	struct sim s;

	sim_start(&s, 10e6, 600 * MS, 1, 830);
	sim_open(&s);
	sim_run(&s, 100 * MS);
	CHECK(s.nback > 0);
	CHECK(sim_settle(&s, 0) < PACE_FIRST_MS * MS);
	CHECK_INT(s.nback, 0);
	CHECK(!pace_waiting(&s.p, s.now));

	sim_start(&s, 10e6, 600 * MS, 0, 830);
	sim_open(&s);
	sim_run(&s, 100 * MS);
	CHECK_INT(sim_settle(&s, 0), PACE_FIRST_MS * MS);

	/* Hurried by a signal: a quarter of PACE_SETTLE_MS, no more. */
	sim_start(&s, 10e6, 600 * MS, 0, 830);
	sim_open(&s);
	sim_run(&s, 100 * MS);
	CHECK_INT(sim_settle(&s, 1), (100 + PACE_SETTLE_MS / 4) * MS);
}

/* At most PACE_MAX queries are in flight; a line of news waits for the
 * last one to arrive. */
static void
test_limits(void)
{
	struct pace p;
	int k;

	pace_start(&p, 1, 0);
	for (k = 0; k < PACE_MAX; k++) {
		CHECK(pace_may_ask(&p));
		pace_asked(&p, PACE_FRAME, (unsigned long long)k, 0);
	}
	CHECK(!pace_may_ask(&p));
	pace_start(&p, 1, 0);
	pace_answer(&p, 0, MS);
	CHECK(pace_ready_line(&p));
	CHECK(pace_line(&p));
	pace_asked(&p, PACE_LINE, 60, MS);
	CHECK(!pace_ready_line(&p));
	pace_answer(&p, 60, 2 * MS);
	CHECK(pace_ready_line(&p));
}

/* Answers lost for a while on a fast link: the frames slow at most for
 * as long as an answer may take, and then flow again. */
static void
test_lost_answers(void)
{
	struct sim s;

	sim_start(&s, 10e6, 100 * MS, 1, 830);
	sim_open(&s);
	sim_run(&s, 2 * S);
	s.lose_from = 2 * S;
	s.lose_to = 2 * S + 300 * MS;
	sim_run(&s, 6 * S);
	/* Never more than the time an answer may take without a frame. */
	{
		long long worst = 0;
		int k;

		for (k = 1; k < s.frames; k++)
			if (s.frame_sent[k] - s.frame_sent[k - 1] > worst)
				worst = s.frame_sent[k] - s.frame_sent[k - 1];
		CHECK(worst <= (PACE_LOST_MS + 100) * MS);
	}
	sim_run(&s, 12 * S);
	CHECK_INT(s.p.state, PACE_ANSWERING);
	CHECK(arrived_between(&s, 8 * S, 12 * S) >= 4 * 29);
}

/*
 * A link that stalls for eight seconds (a network that drops out): the
 * program sends what the window holds and then waits, not queueing
 * frames; it gives the answers up when they are far later than the
 * link's rate explains, and goes on as for a terminal that does not
 * answer, asking again now and then; when the link comes back the
 * answers do too, and the pacing with them.
 */
static void
test_stalled_link(void)
{
	struct sim s;
	int during;

	sim_start(&s, 1e6, 50 * MS, 1, 830);
	sim_open(&s);
	sim_run(&s, 2 * S);
	s.stall_from = 2 * S;
	s.stall_to = 10 * S;
	during = s.frames;
	/* What the window held when the link stopped (unpaced, nine). */
	sim_run(&s, 2300 * MS);
	CHECK(s.frames - during <= 5);
	/* Then nothing, until the answers are given up on. */
	during = s.frames;
	sim_run(&s, 3900 * MS);
	CHECK_INT(s.frames, during);
	CHECK_INT(s.p.state, PACE_ANSWERING);
	/* Given up by then: the answers' deadline is about two seconds. */
	sim_run(&s, 4500 * MS);
	CHECK_INT(s.p.state, PACE_SILENT);
	CHECK(s.frames - during >= 10);
	sim_run(&s, 16 * S);
	CHECK_INT(s.p.state, PACE_ANSWERING);
	CHECK(arrived_between(&s, 14 * S, 16 * S) >= 2 * 29);
}

/* The least delay is kept over a window: a link that becomes slower
 * for good is learnt within PACE_BASE_NS or so, and the window grows
 * back to let every frame through. */
static void
test_latency_changes(void)
{
	struct sim s;

	sim_start(&s, 10e6, 20 * MS, 1, 830);
	sim_open(&s);
	sim_run(&s, 5 * S);
	s.half = 100 * MS;
	sim_run(&s, 30 * S);
	CHECK(s.p.base >= 190 * MS && s.p.base <= 220 * MS);
	CHECK(arrived_between(&s, 26 * S, 30 * S) >= 4 * 29);
}

int
main(void)
{
	test_not_a_terminal();
	test_first_answer();
	test_first_due();
	test_settle_early();
	test_limits();
	test_unpaced_queues();
	test_slow_link();
	test_medium_link();
	test_fast_link();
	test_never_answers();
	test_lost_answers();
	test_stalled_link();
	test_latency_changes();
	return check_exit("test_pace");
}
