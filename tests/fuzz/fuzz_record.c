/*
 * fuzz_record.c: libFuzzer target for the record reader.
 *
 * The input is a record file, read by record_parse() with any build line
 * accepted (a fixed build would stop nearly every input at line 2). The
 * reader must answer 0 or -1 and never crash or read out of bounds; a
 * refusal names the file and a line that exists. An accepted record must
 * hold what the reader promises: a world inside the limits, inputs in
 * step order and no later than the end, keys and clicks in range. Its
 * options must then make a command line the option parser accepts, and
 * a small flock built from it is flown through its first steps with its
 * inputs applied, as a replay would, and must stay finite.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/flock.h"
#include "files/record.h"
#include "options/options.h"
#include "require.h"
#include "session/session.h"

#define SMALL_FLOCK 256
#define FLY_STEPS 12
#define MAX_INPUT 8192

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink;

static void
check_record(const struct record *r)
{
	size_t i;
	float w = r->w, h = r->h;

	REQUIRE(w >= 1.0f && w <= OPTABLE_MAX_SIZE);
	REQUIRE(h >= 1.0f && h <= 2.0f * OPTABLE_MAX_SIZE);
	REQUIRE(r->end >= 0 && r->end <= OPTABLE_MAX_STEPS);
	for (i = 0; i < r->nev; i++) {
		const struct record_event *e = &r->ev[i];

		REQUIRE(e->step >= 0 && e->step <= r->end);
		REQUIRE(i == 0 || e->step >= r->ev[i - 1].step);
		switch (e->kind) {
		case RECORD_KEY:
			REQUIRE(e->key >= 0 && e->key <= 0x10ffff);
			break;
		case RECORD_CLICK:
			REQUIRE(isfinite(e->x) && e->x >= 0.0 && e->x <= w);
			REQUIRE(isfinite(e->y) && e->y >= 0.0 && e->y <= h);
			break;
		case RECORD_RESIZE:
			w = (float)e->x;
			h = (float)e->y;
			REQUIRE(w >= 1.0f && w <= OPTABLE_MAX_SIZE);
			REQUIRE(h >= 1.0f && h <= 2.0f * OPTABLE_MAX_SIZE);
			break;
		case RECORD_SIGN:
			REQUIRE(e->text && strlen(e->text) <= OPTABLE_SAY_MAX);
			break;
		}
	}
	for (i = 0; i < r->nargs; i++)
		REQUIRE(strncmp(r->args[i], "--", 2) == 0);
}

/* The flight's first steps, as the headless replay flies them. Worlds
 * much larger than the flock are left out: their grids only cost time. */
static void
fly(const struct record *r)
{
	char *argv[] = { (char *)"boids", (char *)"-H", NULL };
	struct options o;
	struct session s;
	size_t i;
	long step;
	int rc;

	memset(&o, 0, sizeof o);
	o.replay = "fuzz";
	REQUIRE(options_replay(&o, r->args, r->nargs, 2, argv, sink) ==
	    OPTIONS_RUN);
	REQUIRE(o.seed_set == 1);
	if (o.count > SMALL_FLOCK || r->w * r->h > 40000.0f)
		return;
	for (i = 0; i < r->nev; i++)
		if (r->ev[i].kind == RECORD_RESIZE &&
		    r->ev[i].x * r->ev[i].y > 40000.0)
			return;
	/* A sign the flock cannot write in its world is refused, as the
	 * program refuses it. */
	rc = session_start(&s, &o, r, 0, 0, sink);
	REQUIRE(rc == 0 || rc == SESSION_REFUSED);
	if (rc != 0)
		return;
	for (step = 0; step <= FLY_STEPS && step <= r->end; step++) {
		if (step > 0)
			session_step(&s);
		while (session_replay_next(&s))
			;
		require_flock_real(s.flock);
	}
	session_end(&s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct record r;
	char msg[RECORD_MAX_LINE + 128];

	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	if (size > MAX_INPUT)
		return 0;
	msg[0] = '\0';
	if (record_parse(&r, (const char *)data, size, "f", NULL, msg,
	    sizeof msg) < 0) {
		REQUIRE(strncmp(msg, "f:", 2) == 0 && strlen(msg) > 4);
		REQUIRE(strchr(msg, '\n') == NULL);
		return 0;
	}
	check_record(&r);
	fly(&r);
	record_free(&r);
	return 0;
}
