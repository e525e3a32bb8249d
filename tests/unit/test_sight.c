/*
 * test_sight.c: what a boid of a big flock perceives through the cells'
 * sums (engine/sight.h), against values worked out by hand.
 *
 * A box 40 units square under a grid of side 10, the sight's cells one
 * grid row tall (10 units): a boid reads the four corners of its cell,
 * each the sums of the four cells around it, weighted by how near the
 * boid is to that corner. So a boid counts every other boid of its own
 * cell fully, and one of the cell to its right by u, how far across its
 * own cell it is; a boid two cells away it does not perceive at all.
 */
#include <string.h>

#include "check.h"
#include "engine/grid.h"
#include "engine/sight.h"

#define MOST 4

struct seen {
	float count[MOST + SIGHT_PAD], dx[MOST + SIGHT_PAD];
	float dy[MOST + SIGHT_PAD], vx[MOST + SIGHT_PAD], vy[MOST + SIGHT_PAD];
};

/* Boids (x, y, vx, vy) into the grid's order, their sums made and read
 * with the boids at (x, now) (moved since the grid was built, as a big
 * flock's boids are between sorts), or at (x, y) when now is NULL: what
 * each perceives, in the order given. */
static uint64_t
perceive_moved(size_t n, const float *x, const float *y, const float *now,
    const float *vx, const float *vy, struct seen *out)
{
	float sx[MOST + SIGHT_PAD] = { 0 }, sy[MOST + SIGHT_PAD] = { 0 };
	float svx[MOST + SIGHT_PAD] = { 0 }, svy[MOST + SIGHT_PAD] = { 0 };
	struct seen in_order;
	struct sight s;
	struct grid g;
	uint64_t seen;
	size_t i;

	memset(&s, 0, sizeof s);
	memset(&in_order, 0, sizeof in_order);
	CHECK_INT(grid_init(&g, n, 0.0f, 0.0f, 40.0f, 40.0f, 10.0f), 0);
	grid_build(&g, n, x, y, NULL, NULL);
	for (i = 0; i < n; i++) {
		sx[g.dest[i]] = x[i];
		sy[g.dest[i]] = now ? now[i] : y[i];
		svx[g.dest[i]] = vx[i];
		svy[g.dest[i]] = vy[i];
	}
	CHECK_INT(sight_fit(&s, &g, 1, n), 0);
	CHECK_NEAR(s.side, 10.0, 0.0);
	sight_sum_rows(&s, &g, sx, sy, svx, svy, 0, s.rows);
	sight_spill_rows(&s, &g, sx, sy, svx, svy, 0, s.rows);
	sight_corner_rows(&s, 0, s.rows + 1);
	seen = sight_read(&s, 0, sx, sy, svx, svy, n, in_order.count,
	    in_order.dx, in_order.dy, in_order.vx, in_order.vy);
	for (i = 0; i < n; i++) {
		size_t at = g.dest[i];

		out->count[i] = in_order.count[at];
		out->dx[i] = in_order.dx[at];
		out->dy[i] = in_order.dy[at];
		out->vx[i] = in_order.vx[at];
		out->vy[i] = in_order.vy[at];
	}
	sight_free(&s);
	grid_free(&g);
	return seen;
}

static uint64_t
perceive(size_t n, const float *x, const float *y, const float *vx,
    const float *vy, struct seen *out)
{
	return perceive_moved(n, x, y, NULL, vx, vy, out);
}

/* Two boids of one cell perceive each other wholly, wherever in it. */
static void
test_same_cell(void)
{
	static const float x[] = { 15.0f, 12.0f }, y[] = { 15.0f, 18.0f };
	static const float vx[] = { 0.5f, -0.25f }, vy[] = { 0.0f, 0.125f };
	struct seen s;

	CHECK_INT(perceive(2, x, y, vx, vy, &s), 2);
	CHECK_NEAR(s.count[0], 1.0, 1e-5);
	CHECK_NEAR(s.dx[0], -3.0, 1e-4);
	CHECK_NEAR(s.dy[0], 3.0, 1e-4);
	CHECK_NEAR(s.vx[0], -0.25, 1e-5);
	CHECK_NEAR(s.vy[0], 0.125, 1e-5);
	CHECK_NEAR(s.count[1], 1.0, 1e-5);
	CHECK_NEAR(s.dx[1], 3.0, 1e-4);
	CHECK_NEAR(s.dy[1], -3.0, 1e-4);
	CHECK_NEAR(s.vx[1], 0.5, 1e-5);
}

/* A boid 3/4 of the way across its cell perceives one in the cell to its
 * right by 3/4; that one, 1/4 across its own, perceives the first by
 * 3/4 too (the corners it shares are weighted 1 - 1/4). */
static void
test_next_cell(void)
{
	static const float x[] = { 17.5f, 22.5f }, y[] = { 15.0f, 15.0f };
	static const float vx[] = { 0.5f, 0.0f }, vy[] = { 0.0f, 0.25f };
	struct seen s;

	(void)perceive(2, x, y, vx, vy, &s);
	CHECK_NEAR(s.count[0], 0.75, 1e-5);
	CHECK_NEAR(s.dx[0], 0.75 * 5.0, 1e-4);
	CHECK_NEAR(s.dy[0], 0.0, 1e-4);
	CHECK_NEAR(s.vy[0], 0.75 * 0.25, 1e-5);
	CHECK_NEAR(s.count[1], 0.75, 1e-5);
	CHECK_NEAR(s.dx[1], 0.75 * -5.0, 1e-4);
	CHECK_NEAR(s.vx[1], 0.75 * 0.5, 1e-5);
}

/* Two cells apart, nothing is perceived; nor is a weight under
 * SIGHT_LEAST of a boid: a boid 1/40 across its cell perceives none of
 * the boid in the middle of the cell to its right, which perceives it
 * by a half. */
static void
test_out_of_sight(void)
{
	static const float x[] = { 5.0f, 25.0f, 30.0f }, y[] = { 5.0f, 5.0f,
		35.0f };
	static const float v[] = { 0.0f, 0.0f, 0.0f };
	static const float x2[] = { 10.25f, 25.0f }, y2[] = { 5.0f, 5.0f };
	struct seen s;

	CHECK_INT(perceive(3, x, y, v, v, &s), 0);
	CHECK_NEAR(s.count[0], 0.0, 0.0);
	CHECK_NEAR(s.count[1], 0.0, 0.0);
	CHECK_NEAR(s.dx[0], 0.0, 0.0);
	(void)perceive(2, x2, y2, v, v, &s);
	CHECK_NEAR(s.count[0], 0.0, 0.0);
	CHECK_NEAR(s.count[1], 0.5, 1e-5);
	CHECK_NEAR(s.dx[1], 0.5 * -14.75, 1e-4);
}

/* Diagonally: a boid at (3/4, 3/4) of its cell perceives one in the cell
 * down and right by the corner weight 3/4 x 3/4. */
static void
test_diagonal(void)
{
	static const float x[] = { 17.5f, 25.0f }, y[] = { 17.5f, 25.0f };
	static const float v[] = { 0.0f, 0.0f };
	struct seen s;

	(void)perceive(2, x, y, v, v, &s);
	CHECK_NEAR(s.count[0], 0.5625, 1e-5);
	CHECK_NEAR(s.dx[0], 0.5625 * 7.5, 1e-4);
	CHECK_NEAR(s.dy[0], 0.5625 * 7.5, 1e-4);
}

/* A boid that has flown into the row above since the grid was built is
 * summed and read in the cell it lies in: the boid it joined, 4/5 down
 * their cell, perceives it wholly, not by the 4/5 of the row below it
 * was sorted in; and it perceives that boid wholly too. */
static void
test_moved_row(void)
{
	static const float x[] = { 15.0f, 16.0f }, y[] = { 18.0f, 21.0f };
	static const float now[] = { 18.0f, 19.0f };
	static const float vx[] = { 0.0f, 0.0f }, vy[] = { 0.0f, -0.5f };
	struct seen s;

	CHECK_INT(perceive_moved(2, x, y, now, vx, vy, &s), 2);
	CHECK_NEAR(s.count[0], 1.0, 1e-5);
	CHECK_NEAR(s.dx[0], 1.0, 1e-4);
	CHECK_NEAR(s.dy[0], 1.0, 1e-4);
	CHECK_NEAR(s.vy[0], -0.5, 1e-5);
	CHECK_NEAR(s.count[1], 1.0, 1e-5);
	CHECK_NEAR(s.dy[1], -1.0, 1e-4);
}

int
main(void)
{
	test_same_cell();
	test_next_cell();
	test_out_of_sight();
	test_diagonal();
	test_moved_row();
	return check_exit("test_sight");
}
