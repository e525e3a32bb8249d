/*
 * look.c: a headless flight's picture every few steps, and how well the
 * boids of each patch of it agree in heading, for bench/look.sh to
 * measure how fast the flock's shapes move on screen without a clock.
 *
 *   look [boids' options: -H -S SEED -n N -W COLSxROWS -t STEPS -e E ...]
 *
 * The flight is the program's own (the same options, config and
 * session), so every picture is the one `boids ... -t STEP --picture`
 * prints at that step. From step E on, every E steps, it prints a line
 *
 *   step=S cell=C block=B row=R upright=U
 *
 * then the field's picture, a line a row. C is the order of the boids
 * in each of the picture's cells (|sum v| / sum |v| of its boids),
 * averaged over the boids; B the same over blocks of 3 by 3 cells; R
 * over whole rows of cells, and the flock's own order is the statistics
 * line's. Streams side by side flying opposite ways have a high C and a
 * low B; a flock of groups each flying its own way, a high C and B. U is
 * the share of the boids flying more up or down than across.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options/config.h"
#include "options/layers.h"
#include "options/options.h"
#include "session/session.h"
#include "view/camera.h"
#include "view/field.h"

/* Velocity sums of a grid of patches, each `size` cells of the picture
 * wide and tall; the order of the boids in them, weighted by boids. */
static double
look_order(const struct flock_view *v, int cols, int rows, int wide,
    int tall, double *sum)
{
	int pc = (cols + wide - 1) / wide, pr = (rows + tall - 1) / tall;
	size_t cells = (size_t)pc * (size_t)pr, i, k;
	double got = 0.0, all = 0.0;

	memset(sum, 0, cells * 3 * sizeof *sum);
	for (i = 0; i < v->n; i++) {
		int c = (int)(v->x[i] / v->w * (float)cols);
		int r = (int)(v->y[i] / v->h * (float)rows);
		double s = sqrt((double)v->vx[i] * v->vx[i] +
		    (double)v->vy[i] * v->vy[i]);

		c = c < 0 ? 0 : c >= cols ? cols - 1 : c;
		r = r < 0 ? 0 : r >= rows ? rows - 1 : r;
		k = ((size_t)(r / tall) * (size_t)pc + (size_t)(c / wide)) * 3;
		sum[k] += v->vx[i];
		sum[k + 1] += v->vy[i];
		sum[k + 2] += s;
	}
	for (k = 0; k < cells; k++) {
		got += sqrt(sum[3 * k] * sum[3 * k] + sum[3 * k + 1] *
		    sum[3 * k + 1]);
		all += sum[3 * k + 2];
	}
	return all > 0.0 ? got / all : 0.0;
}

/* The share of the boids flying more up or down than across: a half
 * when headings favour no way. */
static double
look_upright(const struct flock_view *v)
{
	size_t i, up = 0;

	for (i = 0; i < v->n; i++)
		up += fabsf(v->vy[i]) > fabsf(v->vx[i]);
	return v->n ? (double)up / (double)v->n : 0.0;
}

static int
look_print(const struct session *s, const struct options *o, double *sum,
    char *line)
{
	struct flock_view v;
	struct camera cam;
	struct field fd;
	int cols, rows, row;

	flock_get_view(s->flock, &v);
	cols = (int)v.w;
	rows = (int)(v.h / 2.0f);
	printf("step=%ld cell=%.3f block=%.3f row=%.3f upright=%.3f\n",
	    s->step, look_order(&v, cols, rows, 1, 1, sum),
	    look_order(&v, cols, rows, 3, 3, sum),
	    look_order(&v, cols, rows, cols, 1, sum), look_upright(&v));
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, v.w, v.h, cols, rows);
	field_init(&fd, !o->ascii, (enum field_glyphs)o->glyphs);
	if (field_fit(&fd, cols, rows) < 0)
		return -1;
	field_compose(&fd, &v, flock_params(s->flock), &cam);
	for (row = 0; row < rows; row++) {
		field_row_text(&fd, row, line, 4 * (size_t)cols + 1);
		printf("%s\n", line);
	}
	field_free(&fd);
	return fflush(stdout) == EOF ? -1 : 0;
}

int
main(int argc, char **argv)
{
	struct options o;
	struct config c;
	struct session s;
	double *sum;
	char *line;

	if (options_parse(&o, argc, argv, stdout, stderr) != OPTIONS_RUN ||
	    config_read(&c, &o, stderr) != 0)
		return 2;
	layers_beneath(&o, config_options(&c), 0);
	if (session_start(&s, &o, NULL, 0, 0, stderr) < 0)
		return 1;
	sum = malloc((size_t)s.world_w * (size_t)s.world_h * 3 * sizeof *sum);
	line = malloc(4 * (size_t)s.world_w + 1);
	if (!sum || !line)
		return 1;
	while (s.step < o.steps) {
		session_step(&s);
		if (s.step % o.every == 0 && look_print(&s, &o, sum, line) < 0)
			return 1;
	}
	free(sum);
	free(line);
	session_end(&s);
	config_free(&c);
	return 0;
}
