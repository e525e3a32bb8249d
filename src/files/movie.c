/*
 * movie.c: an animated GIF through giflib, a frame's changes at a time.
 *
 * The movie keeps the picture a viewer shows after the frames so far
 * (the canvas). A new frame is compared with it: the rectangle that
 * holds every changed pixel is stored, its unchanged pixels given the
 * transparent index, so that runs of them compress to little, and the
 * frame is left in place for the next to be drawn over (disposal "do
 * not"). A frame that changes nothing is one transparent pixel that
 * carries its delay.
 *
 * giflib hands its bytes to an output function, which gathers a frame's
 * in memory; they go to the file once the frame is whole, and the bytes
 * in whole frames are counted. A write that fails cuts the file back to
 * that count and ends it with the GIF trailer, as a record is cut back
 * to its last whole line. A file size limit would kill the program:
 * with SIGXFSZ ignored, the write fails with EFBIG instead.
 */
#include <errno.h>
#include <gif_lib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/say.h"
#include "movie.h"
#include "replace.h"

/* The GIF's trailer, the byte after its last block. */
#define TRAILER 0x3b

struct movie {
	GifFileType *gif;
	int fd;
	struct replace place;
	const char *path;
	int w, h;
	int transparent;           /* the transparent index, or -1 */
	unsigned char *canvas;     /* what a viewer shows, w * h */
	unsigned char *line;       /* a row of a frame's rectangle */
	unsigned char *buf;        /* a frame's bytes, till written */
	size_t len, cap;
	int oom;                   /* the buffer could not grow */
	off_t whole;               /* bytes in whole frames, on file */
	long frames;
	int error;                 /* the errno of the first failure */
};

/* giflib's bytes, gathered until the frame is whole. */
static int
gather(GifFileType *gif, const GifByteType *bytes, int n)
{
	struct movie *m = gif->UserData;
	size_t need;

	if (n <= 0 || m->oom)
		return n > 0 ? 0 : n;
	need = m->len + (size_t)n;
	if (need > m->cap) {
		size_t cap = m->cap ? m->cap : 65536;
		unsigned char *more;

		while (cap < need)
			cap *= 2;
		if (!(more = realloc(m->buf, cap))) {
			m->oom = 1;
			return 0;
		}
		m->buf = more;
		m->cap = cap;
	}
	memcpy(m->buf + m->len, bytes, (size_t)n);
	m->len = need;
	return n;
}

/*
 * The first failure, kept: the file cut back to its whole frames and
 * ended there (a device, which cannot be cut, is left as it is). Every
 * later call fails with the same errno.
 */
static int
fail(struct movie *m, int err)
{
	static const unsigned char trailer = TRAILER;

	if (!m->error) {
		m->error = err;
		if (m->whole > 0 && ftruncate(m->fd, m->whole) == 0 &&
		    lseek(m->fd, m->whole, SEEK_SET) == m->whole)
			(void)replace_write(m->fd, &trailer, 1);
	}
	m->len = 0;
	errno = m->error;
	return -1;
}

/* The bytes gathered, to the file: 0, or -1 as fail() leaves it. */
static int
flush(struct movie *m)
{
	if (m->oom)
		return fail(m, ENOMEM);
	if (replace_write(m->fd, m->buf, m->len) < 0)
		return fail(m, errno);
	m->whole += (off_t)m->len;
	m->len = 0;
	return 0;
}

/* The palette, and the transparent index after its colours when there
 * is room, as many entries as a power of two holds. */
static ColorMapObject *
palette(const long *rgb, int ncolors, int transparent)
{
	GifColorType c[256];
	ColorMapObject *map;
	int k, size = 1 << GifBitSize(transparent >= 0 ? transparent + 1 :
	    ncolors);

	memset(c, 0, sizeof c);
	for (k = 0; k < ncolors; k++) {
		c[k].Red = (GifByteType)(rgb[k] >> 16 & 255);
		c[k].Green = (GifByteType)(rgb[k] >> 8 & 255);
		c[k].Blue = (GifByteType)(rgb[k] & 255);
	}
	map = GifMakeMapObject(size, c);
	return map;
}

/* The header: the screen, its palette, and a loop forever (the
 * NETSCAPE2.0 application block every viewer reads). */
static int
put_header(struct movie *m, const long *rgb, int ncolors)
{
	static const GifByteType loop[3] = { 1, 0, 0 };
	ColorMapObject *map = palette(rgb, ncolors, m->transparent);
	int ok;

	if (!map)
		return -1;
	EGifSetGifVersion(m->gif, true);
	ok = EGifPutScreenDesc(m->gif, m->w, m->h, 8, 0, map) == GIF_OK &&
	    EGifPutExtensionLeader(m->gif, APPLICATION_EXT_FUNC_CODE) ==
	    GIF_OK &&
	    EGifPutExtensionBlock(m->gif, 11, "NETSCAPE2.0") == GIF_OK &&
	    EGifPutExtensionBlock(m->gif, 3, loop) == GIF_OK &&
	    EGifPutExtensionTrailer(m->gif) == GIF_OK;
	GifFreeMapObject(map);
	return ok ? 0 : -1;
}

static void
movie_free(struct movie *m)
{
	free(m->canvas);
	free(m->line);
	free(m->buf);
	free(m);
}

static struct movie *
refused(FILE *err, const char *path, const char *why)
{
	say(err, "cannot write gif file '%s': %s", say_name(path), why);
	return NULL;
}

struct movie *
movie_open(const char *path, int w, int h, const long *rgb, int ncolors,
    FILE *err)
{
	struct movie *m;
	const char *why;
	int gerr;

	if (w < 1 || h < 1 || w > 65535 || h > 65535 || ncolors < 1 ||
	    ncolors > MOVIE_COLORS)
		return refused(err, path, "a picture no GIF can hold");
	if (!(m = calloc(1, sizeof *m)))
		return refused(err, path, strerror(ENOMEM));
	m->w = w;
	m->h = h;
	m->path = path;
	m->transparent = ncolors < 256 ? ncolors : -1;
	m->canvas = malloc((size_t)w * (size_t)h);
	m->line = malloc((size_t)w);
	if (!m->canvas || !m->line) {
		movie_free(m);
		return refused(err, path, strerror(ENOMEM));
	}
	if ((m->fd = replace_open(&m->place, path, &why)) < 0) {
		movie_free(m);
		return refused(err, path, why);
	}
	signal(SIGXFSZ, SIG_IGN);
	m->gif = EGifOpen(m, gather, &gerr);
	if (!m->gif || put_header(m, rgb, ncolors) < 0) {
		(void)movie_close(m);
		return refused(err, path, strerror(ENOMEM));
	}
	return m;
}

/* The rectangle in which pix differs from the canvas: 0, or -1 when it
 * does not differ. */
static int
changed(const struct movie *m, const unsigned char *pix, int box[4])
{
	int x0 = m->w, y0 = -1, x1 = -1, y1 = -1, x, y;

	for (y = 0; y < m->h; y++) {
		const unsigned char *a = pix + (size_t)y * (size_t)m->w;
		const unsigned char *b = m->canvas + (size_t)y * (size_t)m->w;
		int first = -1, last = -1;

		if (memcmp(a, b, (size_t)m->w) == 0)
			continue;
		for (x = 0; x < m->w && first < 0; x++)
			if (a[x] != b[x])
				first = x;
		for (x = m->w - 1; x >= first && last < 0; x--)
			if (a[x] != b[x])
				last = x;
		x0 = first < x0 ? first : x0;
		x1 = last > x1 ? last : x1;
		y0 = y0 < 0 ? y : y0;
		y1 = y;
	}
	if (y0 < 0)
		return -1;
	box[0] = x0;
	box[1] = y0;
	box[2] = x1 - x0 + 1;
	box[3] = y1 - y0 + 1;
	return 0;
}

/* The frame's control block: its delay, its transparent index (none for
 * the first, which is drawn whole), left in place for the next. */
static int
put_control(struct movie *m, int delay, int first)
{
	GraphicsControlBlock gcb;
	GifByteType ext[4];
	size_t n;

	gcb.DisposalMode = DISPOSE_DO_NOT;
	gcb.UserInputFlag = false;
	gcb.DelayTime = delay < 0 ? 0 : delay > 65535 ? 65535 : delay;
	gcb.TransparentColor = first || m->transparent < 0 ?
	    NO_TRANSPARENT_COLOR : m->transparent;
	n = EGifGCBToExtension(&gcb, ext);
	return EGifPutExtension(m->gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) ==
	    GIF_OK ? 0 : -1;
}

/* The rectangle's rows: the frame's pixel where it changed, else
 * transparent (but in the first frame, which lies over nothing); the
 * canvas takes the frame. */
static int
put_rows(struct movie *m, const unsigned char *pix, const int box[4],
    int first)
{
	int x, y, clear = first ? -1 : m->transparent;

	for (y = box[1]; y < box[1] + box[3]; y++) {
		const unsigned char *a = pix + (size_t)y * (size_t)m->w;
		unsigned char *b = m->canvas + (size_t)y * (size_t)m->w;

		for (x = 0; x < box[2]; x++) {
			unsigned char p = a[box[0] + x];

			m->line[x] = p == b[box[0] + x] && clear >= 0 ?
			    (unsigned char)clear : p;
			b[box[0] + x] = p;
		}
		if (EGifPutLine(m->gif, m->line, box[2]) != GIF_OK)
			return -1;
	}
	return 0;
}

int
movie_frame(struct movie *m, const unsigned char *pix, int delay)
{
	int first = m->frames == 0, box[4] = { 0, 0, 0, 0 };

	if (m->error) {
		errno = m->error;
		return -1;
	}
	if (first) {
		box[2] = m->w;
		box[3] = m->h;
	} else if (changed(m, pix, box) < 0) {
		box[2] = box[3] = 1;
	}
	if (put_control(m, delay, first) < 0 ||
	    EGifPutImageDesc(m->gif, box[0], box[1], box[2], box[3], false,
	    NULL) != GIF_OK || put_rows(m, pix, box, first) < 0)
		return fail(m, ENOMEM);  /* giflib's memory, or the buffer's */
	if (flush(m) < 0)
		return -1;
	m->frames++;
	return 0;
}

int
movie_keep(struct movie *m)
{
	if (m->error) {
		errno = m->error;
		return -1;
	}
	if (replace_keep(&m->place) < 0)
		return fail(m, errno);
	return 0;
}

long
movie_frames(const struct movie *m)
{
	return m->frames;
}

int
movie_close(struct movie *m)
{
	int rc = 0, err = 0;

	if (m->gif) {
		/* The trailer goes through gather(), from an empty buffer. */
		m->len = 0;
		(void)EGifCloseFile(m->gif, NULL);
		if (!m->error && flush(m) < 0) {
			rc = -1;
			err = errno;
		}
	}
	if (close(m->fd) < 0 && rc == 0 && !m->error) {
		rc = -1;
		err = errno;
	}
	replace_end(&m->place);
	movie_free(m);
	errno = err;
	return rc;
}
