/*
 * film.c: the flight composed in pixels at a terminal's frame rate, and
 * kept as a GIF's frames and a PNG.
 *
 * The picture is composed through a camera fitted to the world at each
 * frame (a replayed record may resize its world; the picture keeps its
 * size and the world is fitted into it again). A PNG alone composes the
 * last frames a GIF would take, as many as a trail lasts and as many
 * again: what a frame shows depends on the frames before it (a trail,
 * and a dart's heading, held until the boid turns well past it), so
 * that the PNG is the GIF's last frame, at a small cost however long
 * the flight.
 *
 * The schedule is in whole numbers: frame j is due at the step
 * ceil(j * rate / fps), and has shown by its end round(100 * j / fps)
 * hundredths of a second, so its delay is that less the last frame's.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "camera.h"
#include "files/movie.h"
#include "files/still.h"
#include "film.h"
#include "lib/say.h"
#include "pixels.h"
#include "theme.h"
#include "trails.h"

struct film {
	struct pixels px;
	struct camera cam;
	int cols, rows;            /* the picture, in cells */
	int trails_on, life;
	struct trails trails;
	struct movie *gif;
	const char *gif_path;
	struct still png;
	int png_on;
	long long fps, rate;
	long long frames;          /* frames due so far */
	long long next;            /* the step frame frames + 1 is due at */
	long long warm;            /* without a GIF, the first frame composed */
	long shown;                /* the step the picture shows; -1 none */
	int begun;                 /* the run has begun: the GIF may keep */
};

/* The step frame j is due at. */
static long long
due(const struct film *fm, long long j)
{
	return (j * fm->rate + fm->fps - 1) / fm->fps;
}

/* Hundredths of a second shown by the end of frame j, and frame j's
 * delay. */
static long long
shown_by(const struct film *fm, long long j)
{
	return (200 * j + fm->fps) / (2 * fm->fps);
}

static int
delay(const struct film *fm, long long j)
{
	return (int)(shown_by(fm, j) - shown_by(fm, j - 1));
}

/* The picture's size in cells: the world's, within FILM_MAX_W by
 * FILM_MAX_H pixels. */
static void
picture_cells(struct film *fm, float w, float h)
{
	double cols = ceil((double)w), rows = ceil((double)h / 2.0);
	int most_cols = FILM_MAX_W / FILM_CELL_W;
	int most_rows = FILM_MAX_H / FILM_CELL_H;

	cols = cols < 1.0 ? 1.0 : cols > most_cols ? (double)most_cols : cols;
	rows = rows < 1.0 ? 1.0 : rows > most_rows ? (double)most_rows : rows;
	fm->cols = (int)cols;
	fm->rows = (int)rows;
}

/* The theme's colours on the background asked for: dark unless light. */
static void
colours(struct film *fm, const struct options *o)
{
	enum theme_name t = o->no_color ? THEME_MONO :
	    (enum theme_name)o->theme;
	int light = o->background == THEME_BG_LIGHT;
	int by = theme_tone_of(t, 1);
	struct theme_palette p;

	theme_palette(t, THEME_DIRECT, light, &p);
	pixels_set_palette(&fm->px, &p, light ? 0xffffffL : 0x000000L,
	    light ? 0x202020L : 0xe5e5e5L);
	pixels_set_measure(&fm->px, by, by);
}

static void
film_free(struct film *fm)
{
	pixels_free(&fm->px);
	trails_free(&fm->trails);
	free(fm);
}

/* The files: the GIF's, then the PNG's. 0, or -1 with a line on err. */
static int
open_files(struct film *fm, const struct options *o, FILE *err)
{
	const struct image *im = &fm->px.image;

	if (o->gif && !(fm->gif = movie_open(o->gif, im->w, im->h, im->rgb,
	    im->ncolors, err)))
		return -1;
	fm->gif_path = o->gif;
	if (o->png && still_open(&fm->png, o->png, err) < 0)
		return -1;
	fm->png_on = o->png != NULL;
	return 0;
}

int
film_open(struct film **fm_out, const struct options *o, float w, float h,
    long last, FILE *err)
{
	struct film *fm;

	*fm_out = NULL;
	if (!o->gif && !o->png)
		return 0;
	if (!(fm = calloc(1, sizeof *fm))) {
		say(err, "out of memory");
		return -1;
	}
	pixels_init(&fm->px);
	trails_init(&fm->trails);
	picture_cells(fm, w, h);
	fm->rate = o->rate > 0 ? o->rate : 1;
	fm->fps = o->fps < o->rate ? o->fps : o->rate;
	fm->fps = fm->fps > FILM_MAX_FPS ? FILM_MAX_FPS : fm->fps < 1 ? 1 :
	    fm->fps;
	fm->next = due(fm, 1);
	fm->warm = (long long)last * fm->fps / fm->rate -
	    2LL * TRAILS_MAX_LIFE;
	fm->shown = -1;
	fm->trails_on = o->trails;
	fm->life = trails_life((int)fm->fps);
	colours(fm, o);
	if (pixels_fit(&fm->px, fm->cols * FILM_CELL_W, fm->rows * FILM_CELL_H,
	    FILM_CELL_W, FILM_CELL_H) < 0) {
		say(err, "out of memory for a picture of %dx%d pixels",
		    fm->cols * FILM_CELL_W, fm->rows * FILM_CELL_H);
		film_free(fm);
		return -1;
	}
	if (open_files(fm, o, err) < 0) {
		(void)film_end(fm, NULL, 0, 0, err);
		return -1;
	}
	*fm_out = fm;
	return 0;
}

/* The flock at step, in the picture. */
static void
compose(struct film *fm, const struct flock *f, long step)
{
	struct flock_view v;

	flock_get_view(f, &v);
	camera_fit(&fm->cam, v.w, v.h, fm->cols, fm->rows);
	pixels_compose(&fm->px, &v, flock_params(f), &fm->cam, 0);
	if (fm->trails_on)
		trails_pixels(&fm->trails, &fm->px, &v, &fm->cam,
		    fm->shown >= 0 ? (double)(step - fm->shown) : 1.0,
		    fm->life);
	fm->shown = step;
}

static int
gif_failed(const struct film *fm, FILE *err)
{
	say(err, "cannot write gif file '%s': %s", say_name(fm->gif_path),
	    strerror(errno));
	return -1;
}

/* The GIF takes its name once the run has begun and a frame is in it:
 * a file with none would be no GIF at all. */
static int
gif_keep(struct film *fm, FILE *err)
{
	if (fm->begun && movie_frames(fm->gif) > 0 && movie_keep(fm->gif) < 0)
		return gif_failed(fm, err);
	return 0;
}

/* Frame j, composed, into the GIF. */
static int
gif_frame(struct film *fm, long long j, FILE *err)
{
	if (movie_frame(fm->gif, fm->px.image.pix, delay(fm, j)) < 0)
		return gif_failed(fm, err);
	return gif_keep(fm, err);
}

int
film_begun(struct film *fm, FILE *err)
{
	if (!fm || fm->begun)
		return 0;
	fm->begun = 1;
	return fm->gif ? gif_keep(fm, err) : 0;
}

int
film_step(struct film *fm, const struct flock *f, long step, FILE *err)
{
	if (step < fm->next)
		return 0;
	fm->frames++;
	fm->next = due(fm, fm->frames + 1);
	if (!fm->gif && fm->frames < fm->warm)
		return 0;
	compose(fm, f, step);
	return fm->gif ? gif_frame(fm, fm->frames, err) : 0;
}

/* The last step: the GIF's only frame when it has none, and the PNG. */
static int
last_pictures(struct film *fm, const struct flock *f, long step, FILE *err)
{
	const struct image *im = &fm->px.image;

	if (fm->shown != step)
		compose(fm, f, step);
	if (fm->gif && movie_frames(fm->gif) == 0 && gif_frame(fm, 1, err) < 0)
		return -1;
	if (fm->png_on && still_write(&fm->png, im->w, im->h, im->pix,
	    im->rgb, im->ncolors) < 0) {
		say(err, "cannot write png file '%s': %s",
		    say_name(fm->png.path), strerror(errno));
		return -1;
	}
	return 0;
}

int
film_end(struct film *fm, const struct flock *f, long step, int whole,
    FILE *err)
{
	int rc = 0;

	if (!fm)
		return 0;
	if (whole && f && (last_pictures(fm, f, step, err) < 0 ||
	    film_begun(fm, err) < 0))
		rc = -1;
	if (fm->gif && movie_close(fm->gif) < 0 && rc == 0) {
		rc = gif_failed(fm, err);
	}
	if (fm->png_on)
		still_close(&fm->png);
	film_free(fm);
	return rc;
}
