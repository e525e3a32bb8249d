/*
 * test_film.c: a flight as pictures (src/view/film.c): the GIF's frames
 * at a terminal's rate, and the PNG of the last step.
 *
 * A flock of 30 in a 40x20 world (-W 40x11) flown 30 steps and read
 * back by giflib: a picture of 400x200 pixels, ten a unit each way; at
 * -R 30, -f 15 takes a frame every two steps, 15 of them, their delays
 * 7 and 6 hundredths by turns, a second in all; -f 60 as many frames as
 * steps; -f 100 at -R 200, no more than 50 a second, two hundredths
 * each; -f 7 frames where 30/7 of a step fall, their delays rounded to
 * add up; a flight shorter than a frame has one. The PNG is the GIF's
 * last frame, pixel for pixel, when written alone too, with trails and
 * without. A GIF whose run never began (no line printed, and the run
 * not ended well) leaves the old file as it was.
 */
#include <errno.h>
#include <gif_lib.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "session/world.h"
#include "view/film.h"

#define PW 400
#define PH 200
#define MOST 64

static char dir[] = "/tmp/test_film_XXXXXX";

static const char *
at(const char *name)
{
	static char buf[2][256];
	static int k;

	k = !k;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

static void
options_for(struct options *o, int fps, int rate, int trails)
{
	options_clear(o);
	o->count = 30;
	o->seed = 7;
	o->fps = fps;
	o->rate = rate;
	o->trails = trails;
	o->cols = 40;
	o->rows = 11;
}

/* A flight of steps steps with the pictures o asks for, begun after
 * its first step when begun is set, and ended whole or not. */
static void
fly(const struct options *o, long steps, int begun, int whole)
{
	float w, h;
	struct flock *f;
	struct film *fm = NULL;
	long s;

	world_of(o->cols, o->rows, &w, &h);
	f = world_flock(o, w, h, o->seed);
	CHECK(f != NULL);
	if (!f)
		return;
	CHECK_INT(film_open(&fm, o, w, h, steps, stderr), 0);
	CHECK(fm != NULL);
	for (s = 1; s <= steps; s++) {
		flock_step(f);
		CHECK_INT(film_step(fm, f, s, stderr), 0);
		if (s == 1 && begun)
			CHECK_INT(film_begun(fm, stderr), 0);
	}
	CHECK_INT(film_end(fm, f, steps, whole, stderr), 0);
	flock_free(f);
}

/* The GIF played: its frames, their delays, and the last frame shown
 * into last (PW * PH); -1 when giflib cannot read it. */
static int
play(const char *path, int delays[MOST], unsigned char *last)
{
	GifFileType *g = DGifOpenFileName(path, NULL);
	int k, n;

	if (!g)
		return -1;
	if (DGifSlurp(g) != GIF_OK || g->SWidth != PW || g->SHeight != PH) {
		DGifCloseFile(g, NULL);
		return -1;
	}
	memset(last, 0, PW * PH);
	for (k = 0; k < g->ImageCount; k++) {
		const SavedImage *s = &g->SavedImages[k];
		const GifImageDesc *d = &s->ImageDesc;
		GraphicsControlBlock gcb;
		int x, y;

		DGifSavedExtensionToGCB(g, k, &gcb);
		if (k < MOST)
			delays[k] = gcb.DelayTime;
		for (y = 0; y < d->Height; y++)
			for (x = 0; x < d->Width; x++) {
				int p = s->RasterBits[y * d->Width + x];

				if (p != gcb.TransparentColor)
					last[(d->Top + y) * PW + d->Left + x] =
					    (unsigned char)p;
			}
	}
	n = g->ImageCount;
	DGifCloseFile(g, NULL);
	return n;
}

/* The GIF of a flight at fps and rate: its frames and delays. */
static int
frames_of(int fps, int rate, long steps, int delays[MOST])
{
	static unsigned char last[PW * PH];
	struct options o;

	options_for(&o, fps, rate, 0);
	o.gif = at("a.gif");
	fly(&o, steps, 1, 1);
	return play(o.gif, delays, last);
}

static int
sum(const int *d, int n)
{
	int k, s = 0;

	for (k = 0; k < n; k++)
		s += d[k];
	return s;
}

static void
test_schedule(void)
{
	static const int seventh[7] = { 14, 15, 14, 14, 14, 15, 14 };
	int d[MOST], k;

	CHECK_INT(frames_of(15, 30, 30, d), 15);
	CHECK_INT(sum(d, 15), 100);
	for (k = 0; k < 15; k++)
		CHECK_INT(d[k], k % 3 == 1 ? 6 : 7);
	CHECK_INT(frames_of(60, 30, 30, d), 30);
	CHECK_INT(sum(d, 30), 100);
	CHECK_INT(frames_of(100, 200, 30, d), 7);
	for (k = 0; k < 7; k++)
		CHECK_INT(d[k], 2);
	CHECK_INT(frames_of(7, 30, 30, d), 7);
	for (k = 0; k < 7; k++)
		CHECK_INT(d[k], seventh[k]);
	CHECK_INT(frames_of(15, 30, 1, d), 1);
}

/* The PNG's pixels as palette indices of the GIF's colours: read as
 * RGB, each matched to the GIF's last frame's colour. */
static int
png_matches(const char *png, const char *gif)
{
	static unsigned char last[PW * PH], rgb[3 * PW * PH];
	GifFileType *g;
	png_image im;
	int d[MOST], k, same = 1;
	const GifColorType *map;

	if (play(gif, d, last) < 1)
		return 0;
	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&im, png) || im.width != PW ||
	    im.height != PH)
		return 0;
	im.format = PNG_FORMAT_RGB;
	if (!png_image_finish_read(&im, NULL, rgb, 0, NULL))
		return 0;
	if (!(g = DGifOpenFileName(gif, NULL)))
		return 0;
	map = g->SColorMap->Colors;
	for (k = 0; k < PW * PH; k++)
		same &= map[last[k]].Red == rgb[3 * k] &&
		    map[last[k]].Green == rgb[3 * k + 1] &&
		    map[last[k]].Blue == rgb[3 * k + 2];
	DGifCloseFile(g, NULL);
	return same;
}

static void
test_png(int trails)
{
	struct options o;

	options_for(&o, 15, 30, trails);
	o.gif = at("b.gif");
	o.png = at("b.png");
	fly(&o, 60, 1, 1);
	CHECK(png_matches(o.png, o.gif));
	o.gif = NULL;
	o.png = at("c.png");
	fly(&o, 60, 0, 1);
	CHECK(png_matches(o.png, at("b.gif")));
}

static int
holds(const char *path, const char *text)
{
	char buf[64] = "";
	FILE *f = fopen(path, "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return strcmp(buf, text) == 0;
}

static void
test_never_begun(void)
{
	struct options o;
	FILE *f = fopen(at("old.gif"), "w");

	CHECK(f != NULL);
	if (f) {
		fputs("precious\n", f);
		fclose(f);
	}
	options_for(&o, 15, 30, 0);
	o.gif = at("old.gif");
	fly(&o, 10, 0, 0);
	CHECK(holds(o.gif, "precious\n"));
	fly(&o, 10, 1, 0);
	CHECK(!holds(o.gif, "precious\n"));
}

int
main(void)
{
	const char *names[] = { "a.gif", "b.gif", "b.png", "c.png", "old.gif" };
	size_t k;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_schedule();
	test_png(0);
	test_png(1);
	test_never_begun();
	for (k = 0; k < sizeof names / sizeof names[0]; k++)
		(void)remove(at(names[k]));
	(void)rmdir(dir);
	return check_exit("test_film");
}
