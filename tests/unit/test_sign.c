/*
 * test_sign.c: the flock writing a sign (src/session/sign.c) in a
 * 120x78 world, the field of a 120x40 terminal: refused, with the line
 * that says why, when the flock is too small or the world too narrow or
 * there is nothing to write; its cycle step by step (held from the first
 * step to SIGN_HOLD, free for SIGN_FREE steps, held again), with as
 * many writers as sign.h says; a scatter that lets go at once and ends
 * as the sign forms again; a world shrunk too small, and grown back; a
 * new text, and one larger than the sign was sized for; and the same
 * flight from the same seed.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "session/sign.h"

static struct flock *
flock_of(size_t n, float w, float h, uint64_t seed)
{
	struct flock_params p;

	flock_params_default(&p);
	return flock_new(n, w, h, &p, seed, 0, 0);
}

/* What sign_start() says for text on a flock of n in a w by h world. */
static int
refused_with(size_t n, float w, float h, const char *text,
    const char *want)
{
	struct flock *f = flock_of(n, w, h, 1);
	struct sign g;
	char *said = NULL;
	size_t len = 0;
	FILE *err = open_memstream(&said, &len);
	int rc, ok;

	if (!f || !err)
		return 0;
	rc = sign_start(&g, "--say", text, NULL, f, err);
	fclose(err);
	ok = rc == -1 && said && strcmp(said, want) == 0;
	if (!ok)
		fprintf(stderr, "  %d, '%s'\n", rc, said ? said : "");
	free(said);
	flock_free(f);
	return ok;
}

static void
test_refused(void)
{
	CHECK(refused_with(50, 120, 78, "BOIDS", "boids: --say: 'BOIDS' needs "
	    "at least 80 boids in a field of 120x39 cells; the flock has "
	    "50\nTry 'boids --help'.\n"));
	CHECK(refused_with(500, 20, 10, "BOIDS", "boids: --say: no room for "
	    "'BOIDS' in a field of 20x5 cells, even wrapped\nTry 'boids "
	    "--help'.\n"));
	CHECK(refused_with(500, 120, 78, "  ", "boids: --say: '  ' has "
	    "nothing to write\nTry 'boids --help'.\n"));
}

/* A sign on 200 boids, its first steps taken, to step `to`. */
static void
fly(struct sign *g, struct flock *f, long *step, long to)
{
	while (*step < to) {
		flock_step(f);
		++*step;
		sign_step(g, f, *step);
	}
}

/* BOIDS at 2x1 lights 160 cells; 200 boids less an eighth, 175, write. */
static void
test_cycle(void)
{
	struct flock *f = flock_of(200, 120, 78, 3);
	struct sign g;
	long step = 0;

	CHECK(f != NULL);
	if (!f)
		return;
	CHECK_INT(sign_start(&g, "--say", "BOIDS", NULL, f, stderr), 0);
	CHECK_INT(flock_targeted(f), 0);
	fly(&g, f, &step, 1);
	CHECK_INT(flock_targeted(f), 175);
	/* Centred in the room, 10 to 110 across and 5 to 34 down: 54 by 7
	 * cells from (33, 16). */
	CHECK(sign_at(&g, 33, 16) && sign_at(&g, 34, 16));
	CHECK(!sign_at(&g, 32, 16) && !sign_at(&g, 33, 15));
	fly(&g, f, &step, SIGN_HOLD - 1);
	CHECK_INT(flock_targeted(f), 175);
	fly(&g, f, &step, SIGN_HOLD);
	CHECK_INT(flock_targeted(f), 0);
	fly(&g, f, &step, SIGN_HOLD + SIGN_FREE - 1);
	CHECK_INT(flock_targeted(f), 0);
	fly(&g, f, &step, SIGN_HOLD + SIGN_FREE);
	CHECK_INT(flock_targeted(f), 175);
	sign_end(&g);
	flock_free(f);
}

/* A scatter lets go at the next step, and ends when the sign forms
 * again, SIGN_FREE steps on. */
static void
test_scatter(void)
{
	struct flock *f = flock_of(200, 120, 78, 3);
	struct flock_params p;
	struct sign g;
	long step = 0;

	CHECK_INT(sign_start(&g, "--say", "BOIDS", NULL, f, stderr), 0);
	fly(&g, f, &step, 100);
	p = *flock_params(f);
	p.scatter = 1;
	(void)flock_set_params(f, &p);
	fly(&g, f, &step, 101);
	CHECK_INT(flock_targeted(f), 0);
	fly(&g, f, &step, 101 + SIGN_FREE - 1);
	CHECK(flock_params(f)->scatter && flock_targeted(f) == 0);
	fly(&g, f, &step, 101 + SIGN_FREE);
	CHECK(!flock_params(f)->scatter && flock_targeted(f) == 175);
	sign_end(&g);
	flock_free(f);
}

/* A world shrunk to 40x22 has no room for BOIDS: the sign lets go, and
 * forms again when the world is as it was. A new flock start takes the
 * targets away; the sign gives them back at the next step. */
static void
test_room(void)
{
	struct flock *f = flock_of(200, 120, 78, 3);
	struct sign g;
	long step = 0;

	CHECK_INT(sign_start(&g, "--say", "BOIDS", NULL, f, stderr), 0);
	fly(&g, f, &step, 10);
	flock_resize(f, 20, 10);
	fly(&g, f, &step, 11);
	CHECK_INT(flock_targeted(f), 0);
	CHECK(!sign_at(&g, 33, 16));
	flock_resize(f, 120, 78);
	fly(&g, f, &step, 12);
	CHECK_INT(flock_targeted(f), 175);
	flock_reset(f, 4);
	CHECK_INT(flock_targeted(f), 0);
	fly(&g, f, &step, 13);
	CHECK_INT(flock_targeted(f), 175);
	sign_end(&g);
	flock_free(f);
}

/* A new text, laid out at the next step at the scale chosen for the
 * shape: "I" alone, 3 by 7 pixels, 11 of them lit, at 2x1 is 6 by 7
 * cells, 22 of them lit, centred at (57, 16); written by two boids a
 * cell, 44. */
static void
test_new_text(void)
{
	struct flock *f = flock_of(200, 120, 78, 3);
	struct sign g;
	long step = 0;

	CHECK_INT(sign_start(&g, "--say", "BOIDS", NULL, f, stderr), 0);
	fly(&g, f, &step, 5);
	sign_text(&g, "I");
	CHECK(sign_at(&g, 33, 16));
	fly(&g, f, &step, 6);
	CHECK_INT(flock_targeted(f), 44);
	CHECK(!sign_at(&g, 33, 16));
	CHECK(sign_at(&g, 57, 16) && !sign_at(&g, 56, 16));
	CHECK(sign_at(&g, 59, 22) && !sign_at(&g, 59, 23));
	sign_end(&g);
	flock_free(f);
}

/* A text larger than the shape its scale was chosen for: on 80 boids,
 * BOIDS at 1x1 lights 80 cells, and a longer text written at that scale
 * would light more cells than there are boids (a replayed clock's, from
 * another locale): the sign lets go until a text that fits comes again. */
static void
test_past_shape(void)
{
	struct flock *f = flock_of(80, 120, 78, 3);
	struct sign g;
	long step = 0;

	CHECK_INT(sign_start(&g, "--say", "BOIDS", "BOIDS", f, stderr), 0);
	fly(&g, f, &step, 5);
	CHECK_INT(flock_targeted(f), 80);
	sign_text(&g, "BOIDS BOIDS");
	fly(&g, f, &step, 6);
	CHECK_INT(flock_targeted(f), 0);
	CHECK(!sign_at(&g, 33, 16) && !sign_at(&g, 46, 16));
	sign_text(&g, "BOIDS");
	fly(&g, f, &step, 7);
	CHECK_INT(flock_targeted(f), 80);
	sign_end(&g);
	flock_free(f);
}

/* The same seed, the same flight, writers and all. */
static void
test_same(void)
{
	struct flock *a = flock_of(200, 120, 78, 9), *b = flock_of(200, 120,
	    78, 9);
	struct sign ga, gb;
	struct flock_view va, vb;
	long sa = 0, sb = 0;
	size_t k, same = 1;

	CHECK_INT(sign_start(&ga, "--say", "BOIDS", NULL, a, stderr), 0);
	CHECK_INT(sign_start(&gb, "--say", "BOIDS", NULL, b, stderr), 0);
	fly(&ga, a, &sa, 300);
	fly(&gb, b, &sb, 300);
	flock_get_view(a, &va);
	flock_get_view(b, &vb);
	for (k = 0; k < va.n; k++)
		same &= va.x[k] == vb.x[k] && va.y[k] == vb.y[k] &&
		    va.id[k] == vb.id[k];
	CHECK(same);
	sign_end(&ga);
	sign_end(&gb);
	flock_free(a);
	flock_free(b);
}

int
main(void)
{
	test_refused();
	test_cycle();
	test_scatter();
	test_room();
	test_new_text();
	test_past_shape();
	test_same();
	return check_exit("test_sign");
}
