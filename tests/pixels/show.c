/*
 * show.c: frames of a flock in pixels on standard output, as sixel or
 * as kitty graphics commands, for a person (or a screenshot) to look at
 * in a real terminal.
 *
 *   show-pixels [-k] [-n boids] [-s steps] [-f frames] [-e every]
 *               [-c cols] [-r rows] [-w cell_w] [-h cell_h]
 *               [-p predators] [-o obstacles] [-g] [-d] [-x] [-t width]
 *
 * A flock flies -s steps headless, as the unit tests fly one, in the
 * world a cols by rows terminal shows (the field above the status
 * line), then -f frames are written, -e steps apart, each at the top
 * left of the screen, with a line of text under the field saying what
 * it shows. -k writes kitty commands (sprites uploaded once, then
 * placed), else sixel; -d forces the density image, -x clears every
 * image at the end (kitty); -t sends sixel in tiles at most width
 * pixels wide (xterm shows no picture wider than 1000 pixels unless
 * told). Without -c, -r, -w and -h, the terminal's own size in cells
 * and in pixels says.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "engine/flock.h"
#include "term/image.h"
#include "term/kitty.h"
#include "term/sixel.h"
#include "view/camera.h"
#include "view/pixels.h"
#include "view/theme.h"

struct show {
	int kitty, density, clear, goal;
	long boids, steps, frames, every, predators, obstacles;
	int cols, rows, cell_w, cell_h, tile;
};

static long
arg_long(const char *s, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*end || v < lo || v > hi) {
		fprintf(stderr, "show-pixels: %s: not a number from %ld to %ld\n",
		    s, lo, hi);
		exit(2);
	}
	return v;
}

/* The terminal's size in cells, and its cell's in pixels, where it
 * says them. */
static void
terminal_size(struct show *o)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) < 0 || ws.ws_col == 0 ||
	    ws.ws_row == 0)
		return;
	o->cols = ws.ws_col;
	o->rows = ws.ws_row;
	if (ws.ws_xpixel >= ws.ws_col && ws.ws_ypixel >= ws.ws_row) {
		o->cell_w = ws.ws_xpixel / ws.ws_col;
		o->cell_h = ws.ws_ypixel / ws.ws_row;
	}
}

static void
parse(struct show *o, int argc, char **argv)
{
	int c;

	memset(o, 0, sizeof *o);
	o->boids = 200;
	o->steps = 300;
	o->frames = 1;
	o->every = 1;
	o->cols = 120;
	o->rows = 40;
	o->cell_w = 10;
	o->cell_h = 20;
	terminal_size(o);
	while ((c = getopt(argc, argv, "kn:s:f:e:c:r:w:h:p:o:gdxt:")) != -1) {
		switch (c) {
		case 'k': o->kitty = 1; break;
		case 'n': o->boids = arg_long(optarg, 1, FLOCK_MAX_BOIDS); break;
		case 's': o->steps = arg_long(optarg, 0, 1000000); break;
		case 'f': o->frames = arg_long(optarg, 1, 100000); break;
		case 'e': o->every = arg_long(optarg, 1, 1000); break;
		case 'c': o->cols = (int)arg_long(optarg, 10, 1000); break;
		case 'r': o->rows = (int)arg_long(optarg, 3, 1000); break;
		case 'w': o->cell_w = (int)arg_long(optarg, 1, 100); break;
		case 'h': o->cell_h = (int)arg_long(optarg, 1, 200); break;
		case 'p': o->predators = arg_long(optarg, 0,
		    FLOCK_MAX_PREDATORS); break;
		case 'o': o->obstacles = arg_long(optarg, 0,
		    FLOCK_MAX_OBSTACLES); break;
		case 'g': o->goal = 1; break;
		case 'd': o->density = 1; break;
		case 'x': o->clear = 1; break;
		case 't': o->tile = (int)arg_long(optarg, 1, 100000); break;
		default:
			fprintf(stderr, "usage: show-pixels [-k] [-n boids] "
			    "[-s steps] [-f frames] [-e every] [-c cols] "
			    "[-r rows] [-w cell_w] [-h cell_h] [-p predators] "
			    "[-o obstacles] [-g] [-d] [-x] [-t width]\n");
			exit(2);
		}
	}
}

static void
emit(const char *s, size_t n)
{
	if (fwrite(s, 1, n, stdout) != n) {
		perror("show-pixels");
		exit(1);
	}
}

/* The line under the field, cut to the width (a longer one would wrap
 * and scroll the screen, the pictures with it), and the cursor left
 * after it. */
static void
status(const struct show *o, const struct pixels *px,
    const struct kitty *kt, size_t bytes, double ms, long step)
{
	char line[256];
	int n;

	n = snprintf(line, sizeof line, "%s %ld boids, step %ld, %dx%d of "
	    "%dx%d: %s, %zu B, %.2f ms", o->kitty ? "kitty" : "sixel",
	    o->boids, step, o->cols, o->rows, o->cell_w, o->cell_h,
	    px->dense ? "density" : "sprites", bytes, ms);
	if (o->kitty && n > 0 && (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, " (%zu sent, %zu "
		    "placed, %zu deleted)", kt->uploads, kt->placements,
		    kt->deletes);
	line[o->cols - 1 < (int)sizeof line ? o->cols - 1 : 0] = '\0';
	printf("\033[%d;1H\033[2K%s", o->rows, line);
	fflush(stdout);
}

/* The picture as sixel at the top left, in tiles of whole cells when
 * asked, the cursor put back after. */
static int
sixel_tiles(const struct show *o, struct sixel *sx, struct image_bytes *out,
    const struct image *im)
{
	int step = o->tile ? o->tile / o->cell_w * o->cell_w : im->w, x;

	step = step > 0 ? step : o->cell_w;
	if (image_bytes_reserve(out, 4) < 0)
		return -1;
	image_bytes_puts(out, "\0337");
	for (x = 0; x < im->w; x += step) {
		char at[32];

		snprintf(at, sizeof at, "\033[1;%dH", x / o->cell_w + 1);
		if (image_bytes_reserve(out, sizeof at) < 0)
			return -1;
		image_bytes_puts(out, at);
		if (sixel_encode_part(sx, out, im, x, 0, step, im->h) < 0)
			return -1;
	}
	if (image_bytes_reserve(out, 4) < 0)
		return -1;
	image_bytes_puts(out, "\0338");
	return 0;
}

static double
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int
main(int argc, char **argv)
{
	struct show o;
	struct flock_params p;
	struct flock *f;
	struct flock_view v;
	struct camera cam;
	struct pixels px;
	struct sixel sx;
	struct kitty kt;
	struct image_bytes out = { NULL, 0, 0 };
	struct timespec pause = { 0, 40000000L };
	float w, h;
	long i, k;

	parse(&o, argc, argv);
	w = (float)o.cols;
	h = 2.0f * (float)(o.rows - 1);
	(void)flock_world_fit((size_t)o.boids, FLOCK_DEFAULT_DISTANCE, &w, &h);
	flock_params_default(&p);
	flock_params_fit(&p, (size_t)o.boids, w, h, 0);
	if (o.goal) {
		p.goal_on = 1;
		p.goal_x = 0.7f;
		p.goal_y = 0.3f;
	}
	f = flock_new((size_t)o.boids, w, h, &p, 1, (size_t)o.predators,
	    (size_t)o.obstacles);
	if (!f) {
		fprintf(stderr, "show-pixels: no memory for the flock\n");
		return 1;
	}
	for (i = 0; i < o.steps; i++)
		flock_step(f);
	memset(&cam, 0, sizeof cam);
	camera_fit(&cam, w, h, o.cols, o.rows - 1);
	pixels_init(&px);
	pixels_set_mode(&px, o.density ? PIXELS_DENSITY : PIXELS_AUTO);
	if (pixels_fit(&px, o.cols * o.cell_w, (o.rows - 1) * o.cell_h,
	    o.cell_w, o.cell_h) < 0) {
		fprintf(stderr, "show-pixels: no memory for the picture\n");
		return 1;
	}
	sixel_init(&sx);
	kitty_init(&kt);
	emit("\033[H\033[2J", 7);
	for (k = 0; k < o.frames; k++) {
		double t0, t1;

		if (k > 0) {
			for (i = 0; i < o.every; i++)
				flock_step(f);
			nanosleep(&pause, NULL);
		}
		flock_get_view(f, &v);
		out.len = 0;
		t0 = now_ms();
		pixels_compose(&px, &v, &p, &cam, o.kitty);
		if (o.kitty) {
			struct kitty_scene s;

			s.image = &px.image;
			s.shapes = pixels_shapes(&px);
			s.nshapes = SPRITE_COUNT;
			s.sprites = px.list;
			s.nsprites = px.nlist;
			s.generation = px.generation;
			s.cell_w = o.cell_w;
			s.cell_h = o.cell_h;
			s.col = s.row = 0;
			if (kitty_frame(&kt, &out, &s) < 0)
				return 1;
		} else if (sixel_tiles(&o, &sx, &out, &px.image) < 0) {
			return 1;
		}
		t1 = now_ms();
		emit(out.data, out.len);
		status(&o, &px, &kt, out.len, t1 - t0, o.steps + k * o.every);
	}
	if (o.clear && o.kitty) {
		out.len = 0;
		if (kitty_clear(&kt, &out) < 0)
			return 1;
		emit(out.data, out.len);
	}
	fflush(stdout);
	image_bytes_free(&out);
	kitty_free(&kt);
	sixel_free(&sx);
	pixels_free(&px);
	flock_free(f);
	return 0;
}
