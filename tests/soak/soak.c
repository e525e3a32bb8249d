/*
 * soak.c: long runs at the edges of every valid setting.
 *
 * Nine scenarios fly fifteen million boid-steps between them, each with
 * settings a user may give but the tuning never had in mind: scatter
 * toggled on and off at the strongest weights, the strongest wind turning
 * about at the highest speed, a world of one cell, a flock of 200,000 on
 * an 80x24 terminal, the whole flock as the neighbourhood, a field of view
 * and a turn rate of one degree, every predator and obstacle with
 * perching and a goal to flee, a terminal that keeps changing size
 * from 1x1 to 250x80, and four species that fear predators coming and
 * going and scattering, with leaders breaking away. Lengths the scenario does not set are fitted to
 * the world, as the program does.
 *
 * After every step every boid and predator must be finite, no boid faster
 * than the speed limit (an afraid one than the limit fear raises), and
 * nothing outside the bounds below. At the end
 * of a run (resizes stop three quarters of the way in) most of the flock
 * must be back inside the world. The resident memory after a tenth of the
 * run must not have grown by its end: a step allocates nothing.
 *
 * The bounds: boids start up to the start band outside the world (start.c,
 * START_BAND: 15% of the world's side, and a unit more for the grid's box
 * round it) and fly in; the soft bounds then
 * turn any boid that heads out, but a turn-rate limit of t degrees a step
 * at speed v flies a circle of radius v / t (t in radians), and a boid
 * that meets the margin heading out may go most of the way round it
 * before it heads back in. So no boid may be farther outside the world
 * than the start band plus that circle's diameter; predators, a quarter
 * faster and turning at 0.4 of the rate, get the same allowance for their
 * speed and turn. The bounds act within the turn limit, so at one degree
 * a step (fov1) that circle is 57 units across, wider than an 80x24
 * world is tall: boids that follow each other in a line (cohesion 10,
 * seeing one degree ahead) turn only as the line turns, and fly out up
 * to two circles' width (measured: 1.36); and at any moment a good part
 * of that flock is outside (measured: 46% inside at the end). A resize keeps
 * every place relative to the world, so growing a world s times stretches
 * the allowance s times too, until the boids are back.
 *
 * Usage: soak [-d DIVISOR] [-m] [NAME...]: DIVISOR shortens every
 * scenario (for sanitized builds), too short for the flock to have come
 * back in at the end, which is then not asked; -m skips the memory check (sanitizers
 * keep freed memory in quarantine, so RSS means nothing there); NAMEs
 * pick scenarios. soak -b prints the heap bytes per boid that the engine
 * reckons with before it allocates a flock, for tests/soak/limits.sh.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/flock.h"
#include "engine/steer.h"
#include "session/session.h"
#include "session/world.h"
#include "view/render.h"

#define START_BAND 0.15f
#define PREDATOR_SPEED 1.25f
#define PREDATOR_TURN 0.4f
#define PI 3.14159265358979323846

/* Resident memory may grow this much after the warm-up: a page or two of
 * stdio and libc, never a share of the flock. */
#define RSS_SLACK_KB 256

struct scenario {
	const char *name;
	size_t n;
	long steps;
	int cols, lines;         /* the terminal, as the program sizes it */
	size_t npred, nobst;
	int set;                 /* FLOCK_SET_* that setup gives, as a user */
	void (*setup)(struct flock_params *p);
	/* Between steps, as keys and resizes come: */
	void (*during)(struct flock *f, long step, long steps);
	double back_inside;      /* share of boids inside the world at the end */
	float circles;           /* turning circles a boid may fly out */
};

static int failures;

static void
fail(const char *scenario, const char *what, long step, double value)
{
	if (failures++ < 20)
		fprintf(stderr, "soak %s: step %ld: %s (%g)\n", scenario, step,
		    what, value);
}

static long
rss_kb(void)
{
	long pages = -1, resident = -1;
	FILE *f = fopen("/proc/self/statm", "r");

	if (!f)
		return -1;
	if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
		resident = -1;
	fclose(f);
	return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static double
now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The world of a terminal, as the session makes it, never smaller than
 * the smallest terminal that is drawn. */
static void
world_of_terminal(int cols, int lines, float *w, float *h)
{
	if (cols < RENDER_MIN_COLS)
		cols = RENDER_MIN_COLS;
	if (lines < RENDER_MIN_LINES)
		lines = RENDER_MIN_LINES;
	world_of(cols, lines, w, h);
}

static void
setup_defaults(struct flock_params *p)
{
	(void)p;
}

static void
setup_scatter(struct flock_params *p)
{
	p->cohesion = FLOCK_WEIGHT_LIMIT;
	p->separation = FLOCK_WEIGHT_LIMIT;
	p->alignment = -FLOCK_WEIGHT_LIMIT;
}

/* Scatter on and off every hundred steps, as `s` does. */
static void
during_scatter(struct flock *f, long step, long steps)
{
	struct flock_params p = *flock_params(f);

	(void)steps;
	if (step % 100 != 0)
		return;
	p.scatter = !p.scatter;
	(void)flock_set_params(f, &p);
}

static void
setup_wind(struct flock_params *p)
{
	p->wind_x = FLOCK_WIND_LIMIT;
	p->wind_y = -FLOCK_WIND_LIMIT;
	p->max_speed = FLOCK_SPEED_LIMIT;
	p->max_turn = 180.0f;
}

/* The strongest wind, a quarter turn round every 150 steps. */
static void
during_wind(struct flock *f, long step, long steps)
{
	struct flock_params p = *flock_params(f);
	float x = p.wind_x;

	(void)steps;
	if (step % 150 != 0)
		return;
	p.wind_x = -p.wind_y;
	p.wind_y = x;
	(void)flock_set_params(f, &p);
}

static void
setup_tiny(struct flock_params *p)
{
	p->radius = FLOCK_RADIUS_LIMIT;
	p->distance = FLOCK_DISTANCE_LIMIT;
	p->goal_on = 1;
	p->goal_x = 1.0f;
	p->goal_y = 0.0f;
}

static void
setup_whole(struct flock_params *p)
{
	p->radius = 0.0f;
	p->distance = 0.0f;
	p->cohesion = -FLOCK_WEIGHT_LIMIT;
	p->alignment = FLOCK_WEIGHT_LIMIT;
}

static void
setup_narrow(struct flock_params *p)
{
	p->fov = 1.0f;
	p->max_turn = 1.0f;
	p->cohesion = FLOCK_WEIGHT_LIMIT;
}

static void
setup_agents(struct flock_params *p)
{
	p->perch = 1;
	p->goal_on = 1;
	p->goal_weight = -FLOCK_WEIGHT_LIMIT;
	p->wind_y = 0.2f;
}

/* Predators come and go, as the keys p and P make them. */
static void
during_agents(struct flock *f, long step, long steps)
{
	(void)steps;
	if (step % 500 == 0)
		flock_clear_predators(f);
	else if (step % 50 == 0)
		(void)flock_add_predator(f);
}

static void
setup_extensions(struct flock_params *p)
{
	p->fear = 1;
	p->leaders = 1;
	p->species = FLOCK_MAX_SPECIES;
}

/* Predators come and go, and the flock scatters and gathers again. */
static void
during_extensions(struct flock *f, long step, long steps)
{
	during_agents(f, step, steps);
	during_scatter(f, step, steps);
}

/* A terminal resized every 40 steps through sizes from 1x1 to 250x80;
 * the last quarter of the run lets the flock settle. */
static void
during_resize(struct flock *f, long step, long steps)
{
	static const int sizes[][2] = { { 1, 1 }, { 250, 80 }, { 3, 2 },
		{ 80, 24 }, { 10, 3 }, { 1, 80 }, { 250, 1 }, { 40, 12 } };
	const int *s = sizes[(step / 40) % 8];
	float w, h;

	if (step % 40 != 0 || step > steps * 3 / 4)
		return;
	world_of_terminal(s[0], s[1], &w, &h);
	flock_resize(f, w, h);
}

#define SET_LENGTHS (FLOCK_SET_RADIUS | FLOCK_SET_DISTANCE)

static const struct scenario scenarios[] = {
	{ "scatter", 500, 4000, 80, 24, 0, 0, 0, setup_scatter,
	  during_scatter, 0.95, 1 },
	{ "wind", 500, 4000, 80, 24, 0, 0, FLOCK_SET_SPEED, setup_wind,
	  during_wind, 0.95, 1 },
	{ "tiny", 100, 10000, 1, 1, 0, 0, SET_LENGTHS, setup_tiny, NULL,
	  0.0, 1 },
	{ "huge", 200000, 10, 80, 24, 0, 0, 0, setup_defaults, NULL, 0.0, 1 },
	{ "whole", 2000, 500, 80, 24, 0, 0, SET_LENGTHS, setup_whole,
	  during_scatter, 0.95, 1 },
	{ "fov1", 1000, 1000, 80, 24, 0, 0, 0, setup_narrow, NULL, 0.2, 2 },
	{ "agents", 1000, 2000, 200, 60, FLOCK_MAX_PREDATORS,
	  FLOCK_MAX_OBSTACLES, 0, setup_agents, during_agents, 0.95, 1 },
	{ "resize", 500, 4000, 80, 24, 3, 3, 0, setup_defaults,
	  during_resize, 0.95, 1 },
	{ "extend", 1000, 2000, 120, 40, 3, 2, 0, setup_extensions,
	  during_extensions, 0.95, 1 },
};

/* How far outside the world a body moving at speed v and turning at most
 * turn degrees a step may be: the start band and a turning circle. */
static float
allowance(float side, float speed, float turn, float circles)
{
	return 1.0f + START_BAND * side +
	    circles * 2.0f * speed / (float)(turn * PI / 180.0);
}

/* How far outside the world, as a share of the allowance (1: at it). */
static float
outside(float x, float y, float w, float h, float bx, float by)
{
	float ox = x < 0.0f ? -x : x > w ? x - w : 0.0f;
	float oy = y < 0.0f ? -y : y > h ? y - h : 0.0f;

	ox /= bx;
	oy /= by;
	return ox > oy ? ox : oy;
}

/* The worst excursion of the step, or -1 after a failure. */
static float
check_state(const struct scenario *sc, const struct flock *f, long step,
    float stretch)
{
	const struct flock_params *p = flock_params(f);
	struct flock_view v;
	float bx, by, pbx, pby, turn = p->max_turn, worst = 0.0f;
	float top = p->max_speed * (p->fear ? 1.0f + STEER_FEAR_SPEED : 1.0f);
	float limit2 = top * top * 1.0001f;
	size_t i;

	flock_get_view(f, &v);
	bx = stretch * allowance(v.w, top, turn, sc->circles);
	by = stretch * allowance(v.h, top, turn, sc->circles);
	pbx = stretch * allowance(v.w, PREDATOR_SPEED * p->max_speed,
	    PREDATOR_TURN * turn, sc->circles);
	pby = stretch * allowance(v.h, PREDATOR_SPEED * p->max_speed,
	    PREDATOR_TURN * turn, sc->circles);
	for (i = 0; i < v.n; i++) {
		float x = v.x[i], y = v.y[i], vx = v.vx[i], vy = v.vy[i], out;

		if (!isfinite(x) || !isfinite(y) || !isfinite(vx) ||
		    !isfinite(vy)) {
			fail(sc->name, "a boid is not finite", step, x);
			return -1.0f;
		}
		if (vx * vx + vy * vy > limit2) {
			fail(sc->name, "a boid is over the speed limit", step,
			    sqrt(vx * vx + vy * vy));
			return -1.0f;
		}
		out = outside(x, y, v.w, v.h, bx, by);
		if (out > worst)
			worst = out;
	}
	for (i = 0; i < v.npred; i++) {
		float x = v.px[i], y = v.py[i], out;

		if (!isfinite(x) || !isfinite(y) || !isfinite(v.pvx[i]) ||
		    !isfinite(v.pvy[i])) {
			fail(sc->name, "a predator is not finite", step, x);
			return -1.0f;
		}
		out = outside(x, y, v.w, v.h, pbx, pby);
		if (out > worst)
			worst = out;
	}
	return worst;
}

static double
share_inside(const struct flock *f)
{
	struct flock_view v;
	size_t i, in = 0;

	flock_get_view(f, &v);
	for (i = 0; i < v.n; i++)
		in += v.x[i] >= 0.0f && v.x[i] <= v.w && v.y[i] >= 0.0f &&
		    v.y[i] <= v.h;
	return v.n ? (double)in / (double)v.n : 1.0;
}

static struct flock *
make(const struct scenario *sc)
{
	struct flock_params p;
	float w, h;

	world_of_terminal(sc->cols, sc->lines, &w, &h);
	if (sc->cols < RENDER_MIN_COLS) {
		/* A headless world may be smaller than any terminal's. */
		w = (float)sc->cols;
		h = 2.0f * (float)sc->lines;
	}
	flock_params_default(&p);
	sc->setup(&p);
	flock_params_fit(&p, sc->n, w, h, sc->set);
	return flock_new(sc->n, w, h, &p, (uint64_t)sc->n * 7919u, sc->npred,
	    sc->nobst);
}

static void
run(const struct scenario *sc, long divisor, int check_memory)
{
	struct flock *f = make(sc);
	struct flock_view v;
	long steps = sc->steps / divisor, warm, step, worst_step = 0;
	long rss_warm = -1, rss_end;
	double t0 = now_s(), inside;
	float worst = 0.0f, stretch = 1.0f;

	if (!f) {
		fail(sc->name, "no memory for the flock", 0, (double)sc->n);
		return;
	}
	if (steps < 10)
		steps = 10;
	warm = steps / 10 > 0 ? steps / 10 : 1;
	for (step = 1; step <= steps; step++) {
		float out, w, h;

		flock_get_view(f, &v);
		w = v.w;
		h = v.h;
		if (sc->during)
			sc->during(f, step, steps);
		flock_get_view(f, &v);
		if (v.w / w > stretch)
			stretch = v.w / w;
		if (v.h / h > stretch)
			stretch = v.h / h;
		flock_step(f);
		out = check_state(sc, f, step, stretch);
		if (out < 0.0f)
			break;
		if (out > worst) {
			worst = out;
			worst_step = step;
		}
		if (step == warm)
			rss_warm = rss_kb();
	}
	if (worst > 1.0f)
		fail(sc->name, "out of bounds: the worst excursion, as a share "
		    "of the allowance", worst_step, worst);
	inside = share_inside(f);
	if (divisor == 1 && inside < sc->back_inside)
		fail(sc->name, "too few boids back inside the world", steps,
		    inside);
	rss_end = rss_kb();
	if (check_memory && (rss_warm < 0 || rss_end < 0 ||
	    rss_end > rss_warm + RSS_SLACK_KB))
		fail(sc->name, "resident memory grew past the slack (kB)",
		    steps, (double)(rss_end - rss_warm));
	printf("soak %-7s %6zu boids x %5ld steps: worst %.2f of the "
	    "allowance, %3.0f%% inside, rss %ld -> %ld kB, %.2f s\n",
	    sc->name, sc->n, steps, worst, 100.0 * inside, rss_warm, rss_end,
	    now_s() - t0);
	fflush(stdout);
	flock_free(f);
}

int
main(int argc, char **argv)
{
	long divisor = 1, total = 0;
	int check_memory = 1, c;
	size_t k;

	while ((c = getopt(argc, argv, "bd:m")) != -1) {
		switch (c) {
		case 'b':
			printf("%zu\n", flock_bytes_per_boid());
			return 0;
		case 'd':
			divisor = strtol(optarg, NULL, 10);
			if (divisor < 1)
				divisor = 1;
			break;
		case 'm':
			check_memory = 0;
			break;
		default:
			fprintf(stderr, "usage: soak [-b] [-d DIVISOR] [-m] "
			    "[NAME...]\n");
			return 2;
		}
	}
	for (k = 0; k < sizeof scenarios / sizeof scenarios[0]; k++) {
		int i, wanted = optind == argc;

		for (i = optind; i < argc; i++)
			wanted |= !strcmp(argv[i], scenarios[k].name);
		if (!wanted)
			continue;
		run(&scenarios[k], divisor, check_memory);
		total += (long)scenarios[k].n * (scenarios[k].steps / divisor);
	}
	printf("soak: %ld boid-steps, %d failure(s)\n", total, failures);
	return failures ? 1 : 0;
}
