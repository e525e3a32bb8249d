/*
 * pace.c: frames paced by the terminal's answers, worked out from the
 * times and byte counts the caller passes in.
 *
 * The queries in flight are a ring, oldest first: when each went, the
 * bytes sent up to it, and whether it followed a frame, a line of news
 * or nothing. An answer retires the oldest; the time between two
 * answers and the bytes between their queries give the link's rate,
 * which tells how late an answer may be before it counts as lost.
 *
 * A terminal answers in order: until the first answer comes or its
 * time runs out, the answer to a question asked just before the first
 * query (the background colour's) may still come. At exit the answers
 * still owed, that first one too, are waited for a little, never longer
 * than they may take.
 */
#include <string.h>

#include "pace.h"

#define NS_PER_MS 1000000LL

int
pace_start(struct pace *p, int answers, long long now)
{
	memset(p, 0, sizeof *p);
	p->state = answers ? PACE_UNKNOWN : PACE_OFF;
	p->opened = p->probed = now / NS_PER_MS;
	p->base = p->base_next = -1;
	return p->state == PACE_UNKNOWN;
}

int
pace_may_ask(const struct pace *p)
{
	return p->count < PACE_MAX;
}

void
pace_asked(struct pace *p, enum pace_query after, unsigned long long sent,
    long long now)
{
	int k;

	if (p->count >= PACE_MAX)
		return;
	k = (p->head + p->count) % PACE_MAX;
	p->sent[k] = now;
	p->upto[k] = sent;
	p->frame[k] = after;
	p->count++;
	p->frames += after == PACE_FRAME;
	p->notes += after == PACE_LINE;
}

/* The least delay over the last PACE_BASE_NS or so: two windows, the
 * one filling and the one before. */
static void
pace_base(struct pace *p, long long delay, long long now)
{
	if (p->base_next < 0 || delay < p->base_next)
		p->base_next = delay;
	if (p->base < 0 || delay < p->base)
		p->base = delay;
	if (now - p->base_since > PACE_BASE_NS) {
		p->base = p->base_next;
		p->base_next = delay;
		p->base_since = now;
	}
}

/* Bytes between two answers over the time between them is what the link
 * delivers, when it was busy with them all along. */
static void
pace_rate(struct pace *p, long long now)
{
	double sample;

	if (!(p->answered > 0 && p->sent[p->head] <= p->answered &&
	    now > p->answered && p->upto[p->head] > p->acked))
		return;
	sample = (double)(p->upto[p->head] - p->acked) * 1e9 /
	    (double)(now - p->answered);
	p->rate = p->rate > 0 ? 0.75 * p->rate + 0.25 * sample : sample;
}

/*
 * An answer: the oldest query's bytes have arrived. Its delay above the
 * least seen is bytes queueing on the way: below the target the window
 * grows by up to half a frame, above it shrinks as fast; it never grows
 * past twice what was in flight, as a link with room to spare tells
 * nothing of how much room.
 */
void
pace_answer(struct pace *p, unsigned long long sent, long long now)
{
	long long delay, queued;
	unsigned long long flight;
	double step;

	if (p->state == PACE_OFF)
		return;
	p->state = PACE_ANSWERING;
	if (p->count == 0)
		return;  /* late, for a query given up on */
	delay = now - p->sent[p->head];
	flight = sent - p->upto[p->head];
	pace_rate(p, now);
	p->answered = now;
	p->acked = p->upto[p->head];
	if (p->frame[p->head] == PACE_FRAME) {
		p->shown++;
		p->frames--;
	}
	p->notes -= p->frame[p->head] == PACE_LINE;
	p->head = (p->head + 1) % PACE_MAX;
	p->count--;
	pace_base(p, delay, now);
	queued = delay - p->base;
	step = (double)p->frame_bytes / 2.0 *
	    (double)(PACE_TARGET_NS - queued) / (double)PACE_TARGET_NS;
	if (step < -(double)p->frame_bytes)
		step = -(double)p->frame_bytes;
	p->window += step;
	if (p->window > 2.0 * (double)(flight + p->frame_bytes))
		p->window = 2.0 * (double)(flight + p->frame_bytes);
	if (p->window < 0)
		p->window = 0;
}

/* When the oldest answer is to be given up on, in ms: PACE_LOST_MS after
 * the time its bytes should take to arrive at the link's rate (at the
 * slowest, before there is one), twice over. */
static long long
pace_lost_at(const struct pace *p)
{
	double rate = p->rate > PACE_SLOWEST ? p->rate : PACE_SLOWEST;
	double bytes = (double)(p->upto[p->head] - p->acked);

	return p->sent[p->head] / NS_PER_MS + PACE_LOST_MS +
	    (long long)(2000.0 * bytes / rate);
}

int
pace_tick(struct pace *p, long long now)
{
	long long ms = now / NS_PER_MS;

	if (p->state == PACE_UNKNOWN && ms - p->opened >= PACE_FIRST_MS)
		p->state = PACE_SILENT;
	if (p->state == PACE_ANSWERING && p->count > 0 &&
	    ms >= pace_lost_at(p))
		p->state = PACE_SILENT;
	if (p->state != PACE_SILENT)
		return 0;
	p->count = p->frames = p->notes = 0;
	if (ms - p->probed < PACE_PROBE_MS)
		return 0;
	p->probed = ms;
	return 1;
}

int
pace_ready(const struct pace *p, unsigned long long sent)
{
	switch (p->state) {
	case PACE_ANSWERING:
		return p->count == 0 || (double)(sent - p->acked) < p->window;
	case PACE_UNKNOWN:
		return p->frames == 0;  /* one frame, then the answer */
	default:
		return 1;
	}
}

int
pace_ready_line(const struct pace *p)
{
	return p->state != PACE_ANSWERING || p->notes == 0;
}

int
pace_ready_in(const struct pace *p, long long now)
{
	long long ms = now / NS_PER_MS, at;

	switch (p->state) {
	case PACE_UNKNOWN:
		at = p->opened + PACE_FIRST_MS;
		break;
	case PACE_ANSWERING:
		if (p->count == 0)
			return -1;
		at = pace_lost_at(p);
		break;
	case PACE_SILENT:
		at = p->probed + PACE_PROBE_MS;
		break;
	default:
		return -1;
	}
	return at <= ms ? 0 : (int)(at - ms);
}

int
pace_bare_first(const struct pace *p)
{
	return p->state == PACE_ANSWERING && p->count == 0;
}

int
pace_frame(struct pace *p, unsigned long long bytes)
{
	p->frame_bytes = bytes;
	if (p->state == PACE_ANSWERING || p->state == PACE_UNKNOWN)
		return 1;
	p->shown++;
	return 0;
}

int
pace_line(const struct pace *p)
{
	return p->state == PACE_ANSWERING;
}

int
pace_first_due(const struct pace *p, long long now)
{
	return p->state == PACE_UNKNOWN &&
	    now / NS_PER_MS - p->opened < PACE_FIRST_MS;
}

int
pace_waiting(const struct pace *p, long long now)
{
	return pace_first_due(p, now) ||
	    (p->state == PACE_ANSWERING && p->count > 0);
}

int
pace_settle_in(const struct pace *p, long long now, int hurried)
{
	long long left;

	if (hurried)
		return PACE_SETTLE_MS / 4;
	if (p->state != PACE_UNKNOWN)
		return PACE_SETTLE_MS;
	left = p->opened + PACE_FIRST_MS - now / NS_PER_MS;
	return left > 0 ? (int)left : 0;
}

unsigned long
pace_shown(const struct pace *p)
{
	return p->shown;
}
