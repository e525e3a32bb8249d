/*
 * still.c: a PNG through libpng's simplified interface.
 *
 * libpng compresses the picture into memory, sized for it first; the
 * bytes then go to the new file in one go, so that a failure of either
 * is told by errno alone, with no jump out of libpng to handle. A
 * picture is written once, at the end of a run: its memory is taken
 * then and given back at once, and the file closed before it takes its
 * name, so that a failure to close is told too.
 */
#include <errno.h>
#include <png.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/say.h"
#include "replace.h"
#include "still.h"

int
still_open(struct still *s, const char *path, FILE *err)
{
	const char *why;

	s->path = path;
	if ((s->fd = replace_open(&s->place, path, &why)) < 0) {
		say(err, "cannot write png file '%s': %s", say_name(path), why);
		return -1;
	}
	signal(SIGXFSZ, SIG_IGN);
	return 0;
}

/* The picture as a PNG in memory: its bytes (malloc'd) and their
 * number, or NULL with errno. */
static unsigned char *
encode(int w, int h, const unsigned char *pix, const long *rgb,
    int ncolors, size_t *len)
{
	unsigned char map[3 * 256];
	png_image im;
	png_alloc_size_t size = 0;
	unsigned char *out;
	size_t k;

	for (k = 0; k < (size_t)ncolors && k < 256; k++) {
		map[3 * k] = (unsigned char)(rgb[k] >> 16 & 255);
		map[3 * k + 1] = (unsigned char)(rgb[k] >> 8 & 255);
		map[3 * k + 2] = (unsigned char)(rgb[k] & 255);
	}
	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	im.width = (png_uint_32)w;
	im.height = (png_uint_32)h;
	im.format = PNG_FORMAT_RGB_COLORMAP;
	im.colormap_entries = (png_uint_32)(ncolors < 256 ? ncolors : 256);
	if (!png_image_write_get_memory_size(im, size, 0, pix, 0, map) ||
	    !(out = malloc(size ? size : 1))) {
		png_image_free(&im);
		errno = ENOMEM;
		return NULL;
	}
	if (!png_image_write_to_memory(&im, out, &size, 0, pix, 0, map)) {
		png_image_free(&im);
		free(out);
		errno = ENOMEM;
		return NULL;
	}
	png_image_free(&im);
	*len = size;
	return out;
}

int
still_write(struct still *s, int w, int h, const unsigned char *pix,
    const long *rgb, int ncolors)
{
	unsigned char *png;
	size_t len = 0;
	int rc;

	if (w < 1 || h < 1 || ncolors < 1) {
		errno = EINVAL;
		return -1;
	}
	if (!(png = encode(w, h, pix, rgb, ncolors, &len)))
		return -1;
	rc = replace_write(s->fd, png, len);
	free(png);
	if (rc == 0)
		rc = close(s->fd);
	else
		(void)close(s->fd);
	s->fd = -1;
	if (rc < 0 || replace_keep(&s->place) < 0)
		return -1;
	return 0;
}

void
still_close(struct still *s)
{
	if (s->fd >= 0)
		(void)close(s->fd);
	s->fd = -1;
	replace_end(&s->place);
}
