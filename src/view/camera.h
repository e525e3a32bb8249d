/*
 * camera.h: which part of the world the screen shows, and how large.
 *
 * The world can be larger than the screen. The camera looks at a point
 * of the world, at a scale of world units per column (a row is two
 * units tall at scale 1, so a circle stays round at every scale); it maps
 * world points to cells and cells back to world points, the same way the
 * renderer draws and a click is read. It can fit the whole world, zoom,
 * pan, and follow the flock's largest group. Nothing here draws or
 * allocates.
 */
#ifndef BOIDS_CAMERA_H
#define BOIDS_CAMERA_H

#include "engine/flock.h"

/* Zoom limits: at most this many cells a world unit, and at most this
 * many times farther out than the view that fits the world. */
#define CAMERA_ZOOM_IN_MAX 16.0
#define CAMERA_ZOOM_OUT_MAX 4.0
/* One press of z or Z, one notch of the wheel. */
#define CAMERA_ZOOM_STEP 2.0
/* One press of h, j, k or l moves the view by this share of it. */
#define CAMERA_PAN_SHARE 0.25

struct camera {
	double cx, cy;          /* the world point at the centre of the view */
	double scale;           /* world units per column */
	int cols, rows;         /* the view, in cells */
	int fitted;             /* the whole world, kept so through resizes */
	int follow;             /* the centre follows the largest group */
};

/* The view of cols by rows cells that shows the whole w by h world,
 * centred, at 1:1 when the world fits the view at that scale. */
void camera_fit(struct camera *c, float w, float h, int cols, int rows);

/* A new view size: a fitted camera fits again; any other keeps its
 * centre and scale, so what was in the middle stays in the middle. */
void camera_resize(struct camera *c, float w, float h, int cols, int rows);

/* Zoom by factor (above 1 zooms in), keeping the world point under cell
 * (col, row) where it is on screen; within the limits above. */
void camera_zoom(struct camera *c, double factor, int col, int row,
    float w, float h);

/* Move the view by a share of its width and height (signs as x and y). */
void camera_pan(struct camera *c, int dx, int dy, float w, float h);

/* The cell of world point (x, y): 1, or 0 when it lies outside the view
 * (or is not a number). */
int camera_cell(const struct camera *c, double x, double y, int *col,
    int *row);

/* The world point at the centre of cell (col, row). */
void camera_point(const struct camera *c, int col, int row, double *x,
    double *y);

/*
 * The zoom as the status line shows it: 0 at 1:1, K > 0 for "zoom K"
 * (K cells a world unit), K < 0 for "zoom 1/|K|".
 */
double camera_zoom_level(const struct camera *c);

/*
 * The centre of the flock's largest group, into (*x, *y): boids binned
 * into a coarse grid over the world, bins joined to their eight
 * neighbours, the group with the most boids chosen. 0 when no boid lies
 * in the world.
 */
int camera_largest_group(const struct flock_view *v, double *x, double *y);

/* One frame of following: the centre moves part of the way to the
 * largest group, so the view glides instead of jumping. */
void camera_follow(struct camera *c, const struct flock_view *v);

#endif
