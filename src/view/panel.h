/*
 * panel.h: the flock's measures while it flies, with a minute of each.
 *
 * The measures are those the headless lines print (order, speed,
 * spread, nnd, nbrs, groups and mill; perched, predator_dist and the
 * extensions' when those are on), computed by the same flock_measure(),
 * so the two agree at the same step; then the terminal's side: the time a step took, the bytes of a
 * frame and the frames shown each second. Each has its latest value and
 * a sparkline of its means over the last minute, PANEL_CELLS cells of
 * PANEL_CELL_NS each.
 *
 * The flock's measures cost about half a step, next to nothing for a
 * small flock: they are taken every frame while they use at most
 * PANEL_SHARE of the time, and less often when they would take more (a
 * million boids), so that they use about that share; the panel says
 * which. Nothing here runs while the panel is closed, and nothing here
 * draws: the text goes to render.c.
 */
#ifndef BOIDS_PANEL_H
#define BOIDS_PANEL_H

#include <stddef.h>

#include "engine/flock.h"

#define PANEL_CELLS 30
#define PANEL_CELL_NS 2000000000LL
#define PANEL_SHARE 0.03
#define PANEL_TEXT_NS 250000000LL
#define PANEL_LINES 17
#define PANEL_WIDTH 54          /* columns of a line */

enum panel_measure { PANEL_ORDER, PANEL_SPEED, PANEL_SPREAD, PANEL_NND,
	PANEL_NBRS, PANEL_GROUPS, PANEL_MILL, PANEL_PERCHED, PANEL_PREDATOR,
	PANEL_AFRAID, PANEL_LEADERS, PANEL_PURE, PANEL_STEP, PANEL_BYTES,
	PANEL_FRAMES, PANEL_COUNT };

struct panel;

struct panel *panel_new(void);
void panel_free(struct panel *p);

/* Forget every value: for a panel opened again. */
void panel_clear(struct panel *p);

/* Whether the flock's measures are due at now (ns), or because the
 * flock has moved to another step while the loop waits. */
int panel_due(const struct panel *p, long long now, long step, int paused);

/* The flock's measures at the given step, taken at now (ns); how long
 * they take sets how often they are due. */
void panel_measure(struct panel *p, struct flock *f, long step,
    long long now);

/* The time a step took, in ns. */
void panel_step_time(struct panel *p, long long took);

/* A frame was sent: its bytes, and the frames shown each second. */
void panel_frame(struct panel *p, double bytes, double fps, long long now);

/* The panel's lines at now (ns), as UTF-8 (unicode) or ASCII text of
 * PANEL_WIDTH columns; *lines points to them. Which measures show
 * follows the flock: perched with perching on, predator_dist with
 * predators; afraid, leaders and pure with --fear, --leaders and
 * --species, as the flock last measured has them. frame_ns is the least
 * time between frames: measures due no
 * more often than that are taken every frame. The text follows the
 * numbers at most every PANEL_TEXT_NS, a pace the eye can read, and at
 * once while paused. */
size_t panel_text(struct panel *p, int unicode, int perch, int predators,
    long long frame_ns, long long now, int paused, const char *const **lines);

/* One sparkline cell for v within [lo, hi], as text: a block from
 * U+2581 to U+2588, or an ASCII mark; NUL-terminated, in buf. */
void panel_spark(char *buf, double v, double lo, double hi, int unicode);

#endif
