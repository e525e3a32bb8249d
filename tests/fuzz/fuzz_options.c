/*
 * fuzz_options.c: libFuzzer target for the command line.
 *
 * The input is split at NUL bytes into argument strings, after the
 * program's name, and handed to options_parse() with its output going to
 * /dev/null. Whatever the arguments, the parser must not crash or read
 * out of bounds, must answer one of its three results, and when it says
 * run, every value it stored must be finite and inside the range the
 * option table and flock.h document, and stay so once a preset is laid
 * beneath them; and each option given, written back from its place as
 * text (value.h), must read back as the same value. A small flock made
 * from accepted options is built and stepped, so values at the edges of
 * their ranges reach the engine too.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/flock.h"
#include "options/layers.h"
#include "options/options.h"
#include "options/value.h"
#include "require.h"
#include "session/session.h"

#define MAX_ARGS 64
#define MAX_INPUT 4096
#define SMALL_FLOCK 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink;

static int
within(float v, float lo, float hi)
{
	return isfinite(v) && v >= lo && v <= hi;
}

static void
check_params(const struct flock_params *p)
{
	REQUIRE(within(p->cohesion, -FLOCK_WEIGHT_LIMIT, FLOCK_WEIGHT_LIMIT));
	REQUIRE(within(p->separation, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT));
	REQUIRE(within(p->alignment, -FLOCK_WEIGHT_LIMIT, FLOCK_WEIGHT_LIMIT));
	REQUIRE(within(p->goal_weight, -FLOCK_WEIGHT_LIMIT,
	    FLOCK_WEIGHT_LIMIT));
	REQUIRE(within(p->radius, 0.0f, FLOCK_RADIUS_LIMIT));
	REQUIRE(within(p->distance, 0.0f, FLOCK_DISTANCE_LIMIT));
	REQUIRE(within(p->max_speed, FLOCK_SPEED_MIN, FLOCK_SPEED_LIMIT));
	REQUIRE(within(p->max_turn, 1.0f, 180.0f));
	REQUIRE(within(p->fov, 1.0f, 360.0f));
	REQUIRE(within(p->wind_x, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT));
	REQUIRE(within(p->wind_y, -FLOCK_WIND_LIMIT, FLOCK_WIND_LIMIT));
	REQUIRE(p->goal_on == 0 || p->goal_on == 1);
	REQUIRE(within(p->goal_x, 0.0f, 1.0f));
	REQUIRE(within(p->goal_y, 0.0f, 1.0f));
	REQUIRE(p->scatter == 0);
	REQUIRE(p->perch == 0 || p->perch == 1);
	REQUIRE(p->bounds == 1);
}

static void
check_options(const struct options *o)
{
	check_params(&o->params);
	REQUIRE(o->count >= 1 && o->count <= FLOCK_MAX_BOIDS);
	REQUIRE(o->predators <= FLOCK_MAX_PREDATORS);
	REQUIRE(o->obstacles <= FLOCK_MAX_OBSTACLES);
	REQUIRE(o->fps >= 1 && o->fps <= 240);
	REQUIRE(o->steps >= 1 && o->steps <= OPTABLE_MAX_STEPS);
	REQUIRE(o->every >= 1 && o->every <= OPTABLE_MAX_STEPS);
	REQUIRE(o->cols >= 1 && o->cols <= OPTABLE_MAX_SIZE);
	REQUIRE(o->rows >= 1 && o->rows <= OPTABLE_MAX_SIZE);
	REQUIRE(o->ascii == 0 || o->ascii == 1);
	REQUIRE(o->no_color == 0 || o->no_color == 1);
	REQUIRE(o->headless == 0 || o->headless == 1);
	REQUIRE(o->seed_set == 0 || o->seed_set == 1);
	REQUIRE(o->trace == NULL || o->trace[0] != '\0');
	REQUIRE(o->say == NULL || (strlen(o->say) >= 1 &&
	    strlen(o->say) <= OPTABLE_SAY_MAX));
	REQUIRE(o->clock == 0 || o->clock == 1);
	/* Flags that only mean something headless are refused without it. */
	if (!o->headless)
		REQUIRE(o->trace == NULL);
}

/* Each option given, from its place as text and back: the same value. */
static void
check_written_back(const struct options *o)
{
	static char text[MAX_INPUT + 64];
	struct options back;
	size_t i;

	for (i = 0; i < o->given.n; i++) {
		const struct optable_spec *s =
		    optable_by_name(o->given.entry[i].name);

		REQUIRE(s != NULL);
		value_text(s, o, text, sizeof text);
		options_clear(&back);
		REQUIRE(options_put(&back, s->name, s->arg ? text : NULL,
		    0) == 0);
		REQUIRE(value_same(s, o, &back));
	}
}

/* A flock as the headless mode would make it, for a few steps. */
static void
fly(const struct options *o)
{
	struct flock *f;
	int k;

	if (o->count > SMALL_FLOCK)
		return;
	f = session_flock(o, (float)o->cols, 2.0f * (float)o->rows, sink);
	REQUIRE(f != NULL);
	check_params(flock_params(f));
	for (k = 0; k < 3; k++) {
		flock_step(f);
		require_flock_real(f);
	}
	flock_free(f);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char buf[MAX_INPUT + 1];
	char *argv[MAX_ARGS + 2];
	struct options o;
	enum options_result r;
	size_t i, start;
	int argc = 0;

	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	if (size > MAX_INPUT)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[argc++] = (char *)"boids";
	for (start = 0, i = 0; i <= size && argc <= MAX_ARGS; i++) {
		if (buf[i] != '\0')
			continue;
		if (i < size || i > start)
			argv[argc++] = buf + start;
		start = i + 1;
	}
	argv[argc] = NULL;

	r = options_parse(&o, argc, argv, sink, sink);
	REQUIRE(r == OPTIONS_RUN || r == OPTIONS_HELP || r == OPTIONS_DONE ||
	    r == OPTIONS_ERROR);
	if (r == OPTIONS_RUN) {
		check_options(&o);
		check_written_back(&o);
		layers_resolve(&o);
		check_options(&o);
		fly(&o);
	}
	return 0;
}
