/*
 * test_movie.c: pictures as files, an animated GIF (src/files/movie.c)
 * and a PNG (src/files/still.c), read back by the libraries' own
 * readers.
 *
 * A GIF of frames made here (a pattern, a small change to it, the same
 * frame again, every pixel changed) is read back by giflib and played
 * as a viewer plays it: each stored image drawn over the last at its
 * place, its transparent pixels left alone. Every frame then shows what
 * was given, pixel for pixel, with its delay; the small change is
 * stored as no more than the rectangle that holds it, the unchanged
 * frame as one pixel; the GIF loops forever. With 256 colours there is
 * no index left for transparency, and the frames still play back. A
 * GIF that outgrows a file size limit is cut back to its last whole
 * frame and ends there, readable; one never kept leaves the old file as
 * it was and nothing beside it; a full device refuses the first frame.
 * A PNG is read back by libpng with the same palette and indices.
 */
#include <dirent.h>
#include <errno.h>
#include <gif_lib.h>
#include <png.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "files/movie.h"
#include "files/still.h"

#define W 37
#define H 23
#define FRAMES 4

static char dir[] = "/tmp/test_movie_XXXXXX";

static const char *
at(const char *name)
{
	static char buf[2][256];
	static int k;

	k = !k;
	snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
	return buf[k];
}

/* The test's frames, in colours below n. */
static void
make_frames(unsigned char f[FRAMES][W * H], int n)
{
	int k;

	for (k = 0; k < W * H; k++)
		f[0][k] = (unsigned char)((k * 7 + k / W) % n);
	memcpy(f[1], f[0], W * H);
	f[1][5 * W + 9] = (unsigned char)((f[1][5 * W + 9] + 1) % n);
	f[1][8 * W + 20] = (unsigned char)((f[1][8 * W + 20] + 2) % n);
	memcpy(f[2], f[1], W * H);
	for (k = 0; k < W * H; k++)
		f[3][k] = (unsigned char)((f[2][k] + 1) % n);
}

static void
make_palette(long *rgb, int n)
{
	int k;

	for (k = 0; k < n; k++)
		rgb[k] = (long)k * 0x010305L & 0xffffffL;
}

/* The file played as a viewer plays it: frame k into shown[k]; the
 * delays, the rectangles' areas, and whether it loops. The frames read,
 * or -1 when giflib cannot read it. */
static int
play(const char *path, unsigned char shown[][W * H], int most,
    int delays[], int areas[], int *loops)
{
	GifFileType *g;
	unsigned char canvas[W * H];
	int err, k, i;

	g = DGifOpenFileName(path, &err);
	if (!g)
		return -1;
	if (DGifSlurp(g) != GIF_OK || g->SWidth != W || g->SHeight != H) {
		DGifCloseFile(g, &err);
		return -1;
	}
	*loops = 0;
	for (i = 0; i < g->SavedImages[0].ExtensionBlockCount; i++) {
		const ExtensionBlock *e = &g->SavedImages[0].ExtensionBlocks[i];

		if (e->Function == APPLICATION_EXT_FUNC_CODE &&
		    e->ByteCount == 11 && memcmp(e->Bytes, "NETSCAPE2.0", 11) == 0)
			*loops = 1;
	}
	memset(canvas, 0, sizeof canvas);
	for (k = 0; k < g->ImageCount && k < most; k++) {
		const SavedImage *s = &g->SavedImages[k];
		const GifImageDesc *d = &s->ImageDesc;
		GraphicsControlBlock gcb;
		int x, y;

		DGifSavedExtensionToGCB(g, k, &gcb);
		delays[k] = gcb.DelayTime;
		areas[k] = d->Width * d->Height;
		for (y = 0; y < d->Height; y++)
			for (x = 0; x < d->Width; x++) {
				int p = s->RasterBits[y * d->Width + x];

				if (p != gcb.TransparentColor)
					canvas[(d->Top + y) * W + d->Left + x] =
					    (unsigned char)p;
			}
		CHECK_INT(gcb.DisposalMode, DISPOSE_DO_NOT);
		memcpy(shown[k], canvas, sizeof canvas);
	}
	k = g->ImageCount;
	DGifCloseFile(g, &err);
	return k;
}

/* A movie of the test's frames in n colours plays back as they are. */
static void
test_plays(int n)
{
	static unsigned char f[FRAMES][W * H], shown[FRAMES][W * H];
	static const int delay[FRAMES] = { 3, 4, 5, 6 };
	long rgb[256];
	int delays[FRAMES], areas[FRAMES], loops = 0, k;
	struct movie *m;

	make_frames(f, n);
	make_palette(rgb, n);
	m = movie_open(at("a.gif"), W, H, rgb, n, stderr);
	CHECK(m != NULL);
	if (!m)
		return;
	for (k = 0; k < FRAMES; k++)
		CHECK_INT(movie_frame(m, f[k], delay[k]), 0);
	CHECK_INT(movie_frames(m), FRAMES);
	CHECK_INT(movie_keep(m), 0);
	CHECK_INT(movie_close(m), 0);
	CHECK_INT(play(at("a.gif"), shown, FRAMES, delays, areas, &loops),
	    FRAMES);
	CHECK(loops);
	for (k = 0; k < FRAMES; k++) {
		CHECK(memcmp(shown[k], f[k], W * H) == 0);
		CHECK_INT(delays[k], delay[k]);
	}
	CHECK_INT(areas[0], W * H);
	/* The two changed pixels, (9, 5) and (20, 8): 12 by 4. */
	CHECK_INT(areas[1], 12 * 4);
	CHECK_INT(areas[2], 1);
	CHECK_INT(areas[3], W * H);
}

/* Whether the folder holds exactly the names given (and . and ..). */
static int
only(const char *a, const char *b)
{
	DIR *d = opendir(dir);
	const struct dirent *e;
	int n = 0, bad = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		n++;
		bad |= strcmp(e->d_name, a) != 0 && (!b || strcmp(e->d_name, b));
	}
	closedir(d);
	return !bad && n == (b ? 2 : 1);
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

/* A movie never kept: the old file stays, nothing is left beside it. */
static void
test_never_kept(void)
{
	static unsigned char f[FRAMES][W * H];
	long rgb[8];
	struct movie *m;
	FILE *old = fopen(at("old.gif"), "w");

	CHECK(old != NULL);
	if (old) {
		fputs("precious\n", old);
		fclose(old);
	}
	make_frames(f, 8);
	make_palette(rgb, 8);
	m = movie_open(at("old.gif"), W, H, rgb, 8, stderr);
	CHECK(m != NULL);
	if (!m)
		return;
	CHECK_INT(movie_frame(m, f[0], 5), 0);
	CHECK_INT(movie_close(m), 0);
	CHECK(holds(at("old.gif"), "precious\n"));
	CHECK(only("old.gif", "a.gif"));
}

/* Frames written with the file size limit at limit bytes, in a child:
 * the frames it wrote whole, or -1. */
static int
limited(const char *path, long limit)
{
	static unsigned char f[FRAMES][W * H];
	long rgb[16];
	pid_t pid;
	int status;

	make_frames(f, 16);
	make_palette(rgb, 16);
	pid = fork();
	if (pid == 0) {
		struct rlimit r;
		struct movie *m;
		int k, failed = 0;

		r.rlim_cur = r.rlim_max = (rlim_t)limit;
		if (setrlimit(RLIMIT_FSIZE, &r) < 0 ||
		    !(m = movie_open(path, W, H, rgb, 16, stderr)))
			_exit(100);
		for (k = 0; k < 40 && !failed; k++) {
			failed = movie_frame(m, f[k % FRAMES], 2) < 0;
			if (failed && errno != EFBIG)
				_exit(101);
			if (k == 0 && movie_keep(m) < 0)
				_exit(102);
		}
		k = (int)movie_frames(m);
		(void)movie_close(m);
		_exit(failed ? k : 103);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Cut back at its limit, the GIF ends on its last whole frame. */
static void
test_cut_back(void)
{
	static unsigned char shown[64][W * H];
	int delays[64], areas[64], loops, whole, k;

	whole = limited(at("cut.gif"), 3000);
	CHECK(whole >= 1 && whole < 40);
	CHECK_INT(play(at("cut.gif"), shown, 64, delays, areas, &loops),
	    whole);
	for (k = 0; k < whole && k < 64; k++)
		CHECK_INT(delays[k], 2);
}

static void
test_full(void)
{
	static unsigned char f[FRAMES][W * H];
	long rgb[4];
	struct movie *m;

	if (access("/dev/full", W_OK) != 0)
		return;
	make_frames(f, 4);
	make_palette(rgb, 4);
	m = movie_open("/dev/full", W, H, rgb, 4, stderr);
	CHECK(m != NULL);
	if (!m)
		return;
	errno = 0;
	CHECK_INT(movie_frame(m, f[0], 5), -1);
	CHECK_INT(errno, ENOSPC);
	CHECK_INT(movie_frame(m, f[1], 5), -1);
	CHECK_INT(movie_frames(m), 0);
	(void)movie_close(m);
}

/* A PNG read back by libpng: its palette and indices. */
static void
test_still(void)
{
	static unsigned char f[FRAMES][W * H], back[W * H];
	unsigned char map[3 * 256];
	long rgb[40];
	struct still s;
	png_image im;
	int k, same = 1;

	make_frames(f, 40);
	make_palette(rgb, 40);
	CHECK_INT(still_open(&s, at("a.png"), stderr), 0);
	CHECK_INT(still_write(&s, W, H, f[0], rgb, 40), 0);
	still_close(&s);
	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	CHECK(png_image_begin_read_from_file(&im, at("a.png")));
	CHECK_INT(im.width, W);
	CHECK_INT(im.height, H);
	CHECK(im.format & PNG_FORMAT_FLAG_COLORMAP);
	CHECK_INT(im.colormap_entries, 40);
	im.format = PNG_FORMAT_RGB_COLORMAP;
	CHECK(png_image_finish_read(&im, NULL, back, 0, map));
	for (k = 0; k < W * H; k++) {
		long c = (long)map[3 * back[k]] << 16 |
		    (long)map[3 * back[k] + 1] << 8 | map[3 * back[k] + 2];

		same &= c == rgb[f[0][k]];
	}
	CHECK(same);
	if (access("/dev/full", W_OK) == 0) {
		CHECK_INT(still_open(&s, "/dev/full", stderr), 0);
		errno = 0;
		CHECK_INT(still_write(&s, W, H, f[0], rgb, 40), -1);
		CHECK_INT(errno, ENOSPC);
		still_close(&s);
	}
}

int
main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	signal(SIGXFSZ, SIG_IGN);
	test_plays(5);
	test_plays(200);
	test_plays(256);
	test_never_kept();
	test_cut_back();
	test_full();
	test_still();
	(void)remove(at("a.gif"));
	(void)remove(at("old.gif"));
	(void)remove(at("cut.gif"));
	(void)remove(at("a.png"));
	(void)rmdir(dir);
	return check_exit("test_movie");
}
