/*
 * test_kitty.c: the kitty graphics commands of src/term/kitty.c, read
 * back by a model terminal written here from the protocol's public
 * description: APC commands ESC _ G keys ; base64 ESC \ (chunked with
 * m=1 up to the last, m=0), images sent with a=t or a=T (RGBA, f=32,
 * s by v, zlib-compressed with o=z; or PNG, f=100, here only of
 * palette indices, unfiltered), placements with a=p named by
 * image and placement id (the same pair again replaces it) at the
 * cursor's cell plus X, Y pixels, cropped by x, y, w, h; deletions
 * with a=d (d=i, with p one placement, d=I freeing the image too, d=A
 * everything); the cursor moved by CUP, CUF, CUB, CUU, CUD and saved
 * and restored by ESC 7 and ESC 8.
 *
 * Frames of boids composed by src/view/pixels.c are sent, and the
 * model's picture (its placements drawn in z then id order over a
 * transparent screen) must be the picture the same frame draws in
 * pixels; the stream must upload each sprite once, move what moved and
 * nothing else, delete what left, and leave nothing after the exit's
 * commands.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inflate.h"
#include "term/kitty.h"
#include "view/pixels.h"

#define MAX_IMAGES 4096
#define MAX_PLACES 4096
#define CELL_W 10
#define CELL_H 20
#define PW 400
#define PH 200

struct model_image {
	uint32_t id;
	int w, h;
	unsigned char *rgba;
};

struct model_place {
	uint32_t image, id;
	int col, row, X, Y, x, y, w, h;
	long z;
};

struct model {
	struct model_image image[MAX_IMAGES];
	int nimages;
	struct model_place place[MAX_PLACES];
	int nplaces;
	int col, row, saved_col, saved_row;
	int ocol, orow;             /* the field's top-left cell */
	/* Counts of what the last stream did, and anything wrong in it. */
	int sent, placed, deleted, bad;
	int not_quiet, moved_cursor, wrong_z, chunks, pngs;
	/* A transmission in chunks, under way. */
	char pending[256];
	unsigned char *data;
	size_t ndata, cap;
};

/* ---- The model terminal ---- */

static int
b64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* Base64 appended to the model's data; 0, or -1 if it is not base64. */
static int
b64_append(struct model *m, const char *s, size_t n)
{
	size_t i;

	if (n % 4)
		return -1;
	if (m->ndata + n > m->cap) {
		m->cap = (m->ndata + n) * 2;
		m->data = realloc(m->data, m->cap);
		if (!m->data)
			return -1;
	}
	for (i = 0; i < n; i += 4) {
		int a = b64_value(s[i]), b = b64_value(s[i + 1]);
		int c = s[i + 2] == '=' ? 0 : b64_value(s[i + 2]);
		int d = s[i + 3] == '=' ? 0 : b64_value(s[i + 3]);
		uint32_t v;

		if (a < 0 || b < 0 || c < 0 || d < 0)
			return -1;
		v = (uint32_t)a << 18 | (uint32_t)b << 12 | (uint32_t)c << 6 |
		    (uint32_t)d;
		m->data[m->ndata++] = (unsigned char)(v >> 16);
		if (s[i + 2] != '=')
			m->data[m->ndata++] = (unsigned char)(v >> 8);
		if (s[i + 3] != '=')
			m->data[m->ndata++] = (unsigned char)v;
	}
	return 0;
}

/* Key k's value in keys ("a=p,i=3,..."): 1 and *v, or 0 if absent. */
static int
key(const char *keys, char k, long *v)
{
	const char *p = keys;

	while (*p) {
		if (p[0] == k && p[1] == '=') {
			char *end;

			if ((p[2] >= '0' && p[2] <= '9') || p[2] == '-')
				*v = strtol(p + 2, &end, 10);
			else
				*v = p[2];
			return 1;
		}
		p = strchr(p, ',');
		if (!p)
			break;
		p++;
	}
	return 0;
}

static long
key_or(const char *keys, char k, long dflt)
{
	long v;

	return key(keys, k, &v) ? v : dflt;
}

static struct model_image *
image_find(struct model *m, uint32_t id)
{
	int i;

	for (i = 0; i < m->nimages; i++)
		if (m->image[i].id == id)
			return &m->image[i];
	return NULL;
}

static void
place_remove(struct model *m, int k)
{
	m->place[k] = m->place[--m->nplaces];
}

/* Placements of image id (with placement p, or any if p is 0). */
static void
places_delete(struct model *m, uint32_t id, uint32_t p)
{
	int k;

	for (k = m->nplaces - 1; k >= 0; k--)
		if (m->place[k].image == id && (p == 0 || m->place[k].id == p))
			place_remove(m, k);
}

static void
image_delete(struct model *m, uint32_t id)
{
	struct model_image *im = image_find(m, id);

	places_delete(m, id, 0);
	if (!im)
		return;
	free(im->rgba);
	*im = m->image[--m->nimages];
}

static void
do_place(struct model *m, const char *keys)
{
	struct model_place pl;
	int k;

	pl.image = (uint32_t)key_or(keys, 'i', 0);
	pl.id = (uint32_t)key_or(keys, 'p', 0);
	pl.col = m->col;
	pl.row = m->row;
	pl.X = (int)key_or(keys, 'X', 0);
	pl.Y = (int)key_or(keys, 'Y', 0);
	pl.x = (int)key_or(keys, 'x', 0);
	pl.y = (int)key_or(keys, 'y', 0);
	pl.w = (int)key_or(keys, 'w', 0);
	pl.h = (int)key_or(keys, 'h', 0);
	pl.z = key_or(keys, 'z', 0);
	if (!image_find(m, pl.image) || pl.X < 0 || pl.X >= CELL_W ||
	    pl.Y < 0 || pl.Y >= CELL_H || key_or(keys, 'C', 0) != 1)
		m->bad++;
	if (pl.z != KITTY_Z)
		m->wrong_z++;
	for (k = 0; k < m->nplaces; k++)
		if (m->place[k].image == pl.image && m->place[k].id == pl.id &&
		    pl.id != 0) {
			m->place[k] = pl;
			m->placed++;
			return;
		}
	if (m->nplaces < MAX_PLACES)
		m->place[m->nplaces++] = pl;
	m->placed++;
}

/* An image whose data has all arrived. */
static void
do_transmit(struct model *m, const char *keys)
{
	struct model_image *im;
	uint32_t id = (uint32_t)key_or(keys, 'i', 0);
	long w = key_or(keys, 's', 0), h = key_or(keys, 'v', 0);
	size_t need = (size_t)w * (size_t)h * 4;
	unsigned char *px;

	if (key_or(keys, 'f', 32) == 100) {
		px = png_decode(m->data, m->ndata, &w, &h);
		m->pngs++;
		if (!px) {
			m->bad++;
			return;
		}
	} else if ((px = malloc(need ? need : 1)) == NULL ||
	    key_or(keys, 'f', 32) != 32 || w <= 0 || h <= 0) {
		m->bad++;
		free(px);
		return;
	} else if (key_or(keys, 'o', 0) == 'z') {
		if (inflate_zlib(m->data, m->ndata, px, need) != (long)need)
			m->bad++;
	} else if (m->ndata != need) {
		m->bad++;
	} else {
		memcpy(px, m->data, need);
	}
	image_delete(m, id);
	if (m->nimages >= MAX_IMAGES) {
		free(px);
		m->bad++;
		return;
	}
	im = &m->image[m->nimages++];
	im->id = id;
	im->w = (int)w;
	im->h = (int)h;
	im->rgba = px;
	m->sent++;
	if (key_or(keys, 'a', 't') == 'T')
		do_place(m, keys);
}

static void
do_delete(struct model *m, const char *keys)
{
	long d = key_or(keys, 'd', 'a');
	uint32_t id = (uint32_t)key_or(keys, 'i', 0);
	uint32_t p = (uint32_t)key_or(keys, 'p', 0);

	m->deleted++;
	if (d == 'i')
		places_delete(m, id, p);
	else if (d == 'I')
		image_delete(m, id);
	else if (d == 'a' || d == 'A')
		while (m->nplaces > 0)
			place_remove(m, 0);
	else
		m->bad++;
	if (d == 'A')
		while (m->nimages > 0)
			image_delete(m, m->image[0].id);
}

/* One APC graphics command: keys, and its payload of n bytes. */
static void
command(struct model *m, const char *keys, const char *payload, size_t n)
{
	long more = key_or(keys, 'm', 0);

	/* A later chunk keeps the first one's q. */
	if (!m->pending[0] && key_or(keys, 'q', 0) != 2)
		m->not_quiet++;
	if (n > 4096)
		m->bad++;
	if (m->pending[0]) {
		/* A later chunk carries m (and q) alone. */
		if (strchr(keys, 'a') || strchr(keys, 'i'))
			m->bad++;
		if (b64_append(m, payload, n) < 0)
			m->bad++;
		m->chunks++;
		if (!more) {
			do_transmit(m, m->pending);
			m->pending[0] = '\0';
		}
		return;
	}
	switch (key_or(keys, 'a', 't')) {
	case 't':
	case 'T':
		m->ndata = 0;
		if (b64_append(m, payload, n) < 0)
			m->bad++;
		m->chunks++;
		if (more) {
			strncpy(m->pending, keys, sizeof m->pending - 1);
			m->pending[sizeof m->pending - 1] = '\0';
		} else {
			do_transmit(m, keys);
		}
		break;
	case 'p':
		do_place(m, keys);
		break;
	case 'd':
		do_delete(m, keys);
		break;
	default:
		m->bad++;
	}
}

/* A CSI sequence's effect on the cursor. */
static void
csi(struct model *m, const char *p, size_t n, char final)
{
	long a = 0, b = 0;
	int which = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] == ';')
			which++;
		else if (which == 0)
			a = a * 10 + (p[i] - '0');
		else
			b = b * 10 + (p[i] - '0');
	}
	m->moved_cursor++;
	switch (final) {
	case 'H':
		m->row = (int)(a ? a : 1) - 1;
		m->col = (int)(b ? b : 1) - 1;
		break;
	case 'C':
		m->col += (int)(a ? a : 1);
		break;
	case 'D':
		m->col -= (int)(a ? a : 1);
		break;
	case 'B':
		m->row += (int)(a ? a : 1);
		break;
	case 'A':
		m->row -= (int)(a ? a : 1);
		break;
	default:
		m->bad++;
	}
}

/* Read a stream; counts start over. */
static void
model_read(struct model *m, const char *s, size_t len)
{
	size_t i = 0;

	m->sent = m->placed = m->deleted = m->bad = 0;
	m->not_quiet = m->moved_cursor = m->wrong_z = m->chunks = 0;
	while (i < len) {
		if (s[i] != '\033' || i + 1 >= len) {
			m->bad++;
			i++;
			continue;
		}
		if (s[i + 1] == '7') {
			m->saved_col = m->col;
			m->saved_row = m->row;
			i += 2;
		} else if (s[i + 1] == '8') {
			m->col = m->saved_col;
			m->row = m->saved_row;
			i += 2;
		} else if (s[i + 1] == '[') {
			size_t j = i + 2;

			while (j < len && ((s[j] >= '0' && s[j] <= '9') ||
			    s[j] == ';'))
				j++;
			if (j >= len) {
				m->bad++;
				break;
			}
			csi(m, s + i + 2, j - i - 2, s[j]);
			i = j + 1;
		} else if (s[i + 1] == '_' && i + 2 < len && s[i + 2] == 'G') {
			const char *end = strstr(s + i, "\033\\");
			const char *semi;
			char keys[256];
			size_t kn;

			if (!end || (size_t)(end - s) > len) {
				m->bad++;
				break;
			}
			semi = memchr(s + i + 3, ';', (size_t)(end - s - i - 3));
			kn = (size_t)((semi ? semi : end) - (s + i + 3));
			if (kn >= sizeof keys) {
				m->bad++;
				break;
			}
			memcpy(keys, s + i + 3, kn);
			keys[kn] = '\0';
			command(m, keys, semi ? semi + 1 : end, semi ?
			    (size_t)(end - semi - 1) : 0);
			i = (size_t)(end - s) + 2;
		} else {
			m->bad++;
			i++;
		}
	}
}

static void
model_free(struct model *m)
{
	while (m->nimages > 0)
		image_delete(m, m->image[0].id);
	free(m->data);
	memset(m, 0, sizeof *m);
}

static int
place_order(const void *a, const void *b)
{
	const struct model_place *p = a, *q = b;

	if (p->z != q->z)
		return p->z < q->z ? -1 : 1;
	return p->image < q->image ? -1 : p->image > q->image;
}

/* The screen's picture over the field: each placement in z, then id,
 * order; 0xRRGGBB, -1 where nothing is drawn. */
static void
model_render(struct model *m, long *canvas, int w, int h)
{
	int k, i;

	for (i = 0; i < w * h; i++)
		canvas[i] = -1;
	qsort(m->place, (size_t)m->nplaces, sizeof m->place[0], place_order);
	for (k = 0; k < m->nplaces; k++) {
		const struct model_place *pl = &m->place[k];
		const struct model_image *im = image_find(m, pl->image);
		int sw, sh, x, y;

		if (!im)
			continue;
		sw = pl->w ? pl->w : im->w - pl->x;
		sh = pl->h ? pl->h : im->h - pl->y;
		for (y = 0; y < sh; y++)
			for (x = 0; x < sw; x++) {
				const unsigned char *c = im->rgba + 4 *
				    ((size_t)(pl->y + y) * (size_t)im->w +
				    (size_t)(pl->x + x));
				int cx = (pl->col - m->ocol) * CELL_W + pl->X + x;
				int cy = (pl->row - m->orow) * CELL_H + pl->Y + y;

				if (pl->x + x >= im->w || pl->y + y >= im->h) {
					m->bad++;
					continue;
				}
				if (c[3] == 0)
					continue;
				if (cx < 0 || cx >= w || cy < 0 || cy >= h) {
					m->bad++;
					continue;
				}
				canvas[cy * w + cx] = (long)c[0] << 16 |
				    (long)c[1] << 8 | c[2];
			}
	}
}

/* ---- Frames ---- */

/* A 40 by 20 world seen whole through 40x10 cells of 10x20 pixels: a
 * unit is ten pixels each way. Frames go to the kitty state and the
 * model, and the same frames are drawn in pixels beside them. */
struct scene {
	struct flock_params p;
	struct flock *f;
	struct flock_view v;
	struct camera cam;
	struct pixels placed, drawn;
	struct kitty k;
	struct model *m;
	struct image_bytes out;
	int col, row;
};

static int
scene_open(struct scene *s, size_t n, size_t npred, size_t nobst)
{
	size_t i;

	memset(s, 0, sizeof *s);
	flock_params_default(&s->p);
	s->f = flock_new(n, 40.0f, 20.0f, &s->p, 1, npred, nobst);
	s->m = calloc(1, sizeof *s->m);
	if (!s->f || !s->m)
		return -1;
	for (i = 0; i < n; i++)
		flock_place(s->f, i, -500.0f, -500.0f, 0.5f, 0.0f);
	for (i = 0; i < nobst; i++)
		flock_place_obstacle(s->f, i, -900.0f, -900.0f, 1.0f);
	for (i = 0; i < npred; i++)
		flock_place_predator(s->f, i, -700.0f, -700.0f, 0.5f, 0.0f);
	camera_fit(&s->cam, 40.0f, 20.0f, 40, 10);
	pixels_init(&s->placed);
	pixels_init(&s->drawn);
	if (pixels_fit(&s->placed, PW, PH, CELL_W, CELL_H) < 0 ||
	    pixels_fit(&s->drawn, PW, PH, CELL_W, CELL_H) < 0)
		return -1;
	pixels_set_mode(&s->placed, PIXELS_SPRITES);
	pixels_set_mode(&s->drawn, PIXELS_SPRITES);
	kitty_init(&s->k);
	return 0;
}

static void
scene_close(struct scene *s)
{
	if (s->m)
		model_free(s->m);
	free(s->m);
	kitty_free(&s->k);
	pixels_free(&s->placed);
	pixels_free(&s->drawn);
	image_bytes_free(&s->out);
	if (s->f)
		flock_free(s->f);
}

/* One frame: its bytes, read by the model, whose picture must be the
 * one drawn in pixels. */
static size_t
frame(struct scene *s)
{
	struct kitty_scene ks;
	long *canvas = malloc(PW * PH * sizeof *canvas);
	int i, wrong = 0;

	flock_get_view(s->f, &s->v);
	pixels_compose(&s->placed, &s->v, &s->p, &s->cam, 1);
	pixels_compose(&s->drawn, &s->v, &s->p, &s->cam, 0);
	ks.image = &s->placed.image;
	ks.shapes = pixels_shapes(&s->placed);
	ks.nshapes = SPRITE_COUNT;
	ks.sprites = s->placed.list;
	ks.nsprites = s->placed.nlist;
	ks.generation = s->placed.generation;
	ks.cell_w = CELL_W;
	ks.cell_h = CELL_H;
	ks.col = s->col;
	ks.row = s->row;
	s->out.len = 0;
	CHECK_INT(kitty_frame(&s->k, &s->out, &ks), 0);
	s->m->ocol = s->col;
	s->m->orow = s->row;
	/* The cursor is left where it was found. */
	s->m->col = 77;
	s->m->row = 33;
	model_read(s->m, s->out.data, s->out.len);
	CHECK_INT(s->m->col, 77);
	CHECK_INT(s->m->row, 33);
	CHECK_INT(s->m->bad, 0);
	CHECK_INT(s->m->not_quiet, 0);
	CHECK_INT(s->m->wrong_z, 0);
	if (!canvas)
		return s->out.len;
	model_render(s->m, canvas, PW, PH);
	for (i = 0; i < PW * PH; i++) {
		unsigned char c = s->drawn.image.pix[i];

		wrong += canvas[i] != (c ? s->drawn.image.rgb[c] : -1);
	}
	CHECK_INT(wrong, 0);
	CHECK_INT(s->m->bad, 0);
	free(canvas);
	return s->out.len;
}

/* Sprites sent once, moved, turned, dropped; the layer of obstacles
 * sent when it changes; everything gone after the exit's commands. */
static void
test_frames(void)
{
	struct scene s;
	int i, sprites;
	size_t bytes;

	if (scene_open(&s, 6, 1, 1) < 0) {
		CHECK(0);
		scene_close(&s);
		return;
	}
	for (i = 0; i < 6; i++)
		flock_place(s.f, (size_t)i, 3.05f + 6.0f * i, 8.05f, 0.0f,
		    0.5f);
	flock_place_predator(s.f, 0, 30.05f, 15.05f, -0.5f, 0.0f);
	flock_place_obstacle(s.f, 0, 8.0f, 15.0f, 2.5f);
	s.p.goal_on = 1;
	s.p.goal_x = 0.5f;
	s.p.goal_y = 0.25f;

	/* The first frame: each sprite once (six boids of one heading
	 * share theirs), the layer, and a placement each. */
	frame(&s);
	sprites = 1 + 1 + 1;
	CHECK_INT(s.m->sent, sprites + 1);
	CHECK_INT(s.m->placed, 6 + 2 + 1);
	CHECK_INT(s.m->deleted, 0);
	CHECK_INT(s.m->nplaces, 9);
	CHECK_INT(s.m->nimages, sprites + 1);

	/* The boids move on, the rest stay: six placements, no image. */
	for (i = 0; i < 6; i++)
		flock_place(s.f, (size_t)i, 3.05f + 6.0f * i, 9.35f, 0.0f,
		    0.5f);
	frame(&s);
	CHECK_INT(s.m->sent, 0);
	CHECK_INT(s.m->placed, 6);
	CHECK_INT(s.m->deleted, 0);
	CHECK_INT(s.m->nplaces, 9);

	/* Nothing moves: nothing but the cursor saved and restored. */
	bytes = frame(&s);
	CHECK_INT(bytes, 4);
	CHECK_INT(s.m->placed + s.m->sent + s.m->deleted, 0);

	/* One boid turns west: its old placement goes, a new one comes,
	 * its new sprite sent first. */
	flock_place(s.f, 2, 15.05f, 9.35f, -0.5f, 0.0f);
	frame(&s);
	CHECK_INT(s.m->sent, 1);
	CHECK_INT(s.m->placed, 1);
	CHECK_INT(s.m->deleted, 1);
	CHECK_INT(s.m->nplaces, 9);

	/* Two boids leave the view: their placements go. */
	flock_place(s.f, 4, -30.0f, 9.35f, 0.0f, 0.5f);
	flock_place(s.f, 5, 90.0f, 9.35f, 0.0f, 0.5f);
	frame(&s);
	CHECK_INT(s.m->sent, 0);
	CHECK_INT(s.m->placed, 0);
	CHECK_INT(s.m->deleted, 2);
	CHECK_INT(s.m->nplaces, 7);

	/* The obstacle moves: the layer is sent again, alone. */
	flock_place_obstacle(s.f, 0, 20.0f, 16.0f, 2.0f);
	frame(&s);
	CHECK_INT(s.m->sent, 1);
	CHECK_INT(s.m->placed, 1);
	CHECK_INT(s.m->nplaces, 7);

	/* And leaves: the layer is deleted. */
	flock_place_obstacle(s.f, 0, -900.0f, -900.0f, 2.0f);
	frame(&s);
	CHECK_INT(s.m->sent, 0);
	CHECK_INT(s.m->deleted, 1);
	CHECK_INT(s.m->nplaces, 6);

	/* The exit: nothing left, image or placement. */
	s.out.len = 0;
	CHECK_INT(kitty_clear(&s.k, &s.out), 0);
	model_read(s.m, s.out.data, s.out.len);
	CHECK_INT(s.m->bad, 0);
	CHECK_INT(s.m->nplaces, 0);
	CHECK_INT(s.m->nimages, 0);
	/* After it, a frame starts over: every sprite sent again. */
	frame(&s);
	CHECK_INT(s.m->sent, 4);
	CHECK_INT(s.m->nplaces, 6);

	/* The constant for a signal handler deletes every placement. */
	model_read(s.m, KITTY_DELETE_ALL, strlen(KITTY_DELETE_ALL));
	CHECK_INT(s.m->bad, 0);
	CHECK_INT(s.m->nplaces, 0);
	scene_close(&s);
}

/* Boids at every edge and corner: their placements cropped to the
 * field, their pixels those drawn. */
static void
test_edges(void)
{
	static const float at[][4] = {
		{ 0.03f, 0.04f, -0.5f, 0.0f }, { 39.97f, 0.04f, 0.0f, -0.5f },
		{ 0.04f, 19.96f, 0.0f, 0.5f }, { 39.96f, 19.97f, 0.4f, 0.4f },
		{ 39.53f, 9.03f, 0.5f, 0.0f }, { 0.02f, 15.05f, -0.5f, 0.1f },
		{ 20.05f, 19.98f, 0.0f, 0.5f }, { 20.05f, 0.01f, 0.1f, -0.5f },
		{ 40.6f, 3.05f, -0.5f, 0.0f }, { -0.5f, 6.05f, 0.5f, 0.0f },
		/* Heading along the edges, half across them. */
		{ 10.05f, 0.05f, 0.5f, 0.0f }, { 30.05f, 19.95f, -0.5f, 0.0f },
		{ 0.05f, 12.05f, 0.0f, 0.5f }, { 39.95f, 14.05f, 0.0f, -0.5f },
		{ 0.03f, 10.05f, 0.5f, 0.0f },
	};
	struct scene s;
	size_t i, n = sizeof at / sizeof at[0];

	if (scene_open(&s, n, 0, 0) < 0) {
		CHECK(0);
		scene_close(&s);
		return;
	}
	for (i = 0; i < n; i++)
		flock_place(s.f, i, at[i][0], at[i][1], at[i][2], at[i][3]);
	frame(&s);
	/* Each sprite reaching into the field has its placement. */
	CHECK(s.placed.nlist >= 9);
	CHECK_INT(s.m->nplaces, s.placed.nlist);
	/* And again, the field four cells in and two down the screen. */
	s.col = 4;
	s.row = 2;
	for (i = 0; i < n; i++)
		flock_place(s.f, i, at[i][0], at[i][1], at[i][2], at[i][3]);
	frame(&s);
	CHECK_INT(s.m->placed, s.m->nplaces);
	scene_close(&s);
}

/* A new palette (or new shapes) sends every sprite again, in its new
 * colours, and deletes the old ones. */
static void
test_generation(void)
{
	struct theme_palette tp;
	struct scene s;
	int i;

	if (scene_open(&s, 4, 0, 0) < 0) {
		CHECK(0);
		scene_close(&s);
		return;
	}
	for (i = 0; i < 4; i++)
		flock_place(s.f, (size_t)i, 5.05f + 8.0f * i, 5.05f,
		    i < 2 ? 0.5f : -0.5f, 0.0f);
	frame(&s);
	CHECK_INT(s.m->nimages, 2);
	theme_palette(THEME_HEADING, THEME_DIRECT, 1, &tp);
	pixels_set_palette(&s.placed, &tp, 0xffffffL, 0);
	pixels_set_palette(&s.drawn, &tp, 0xffffffL, 0);
	frame(&s);
	CHECK_INT(s.m->sent, 2);
	CHECK_INT(s.m->nimages, 2);
	CHECK_INT(s.m->nplaces, 4);
	scene_close(&s);
}

/* A density image large enough to go in several chunks: each chunk at
 * most 4096 base64 bytes, a multiple of four but the last, the keys in
 * the first alone; decompressed, the picture drawn. */
static void
test_chunks(void)
{
	struct scene s;
	size_t i;
	uint32_t r = 12345;

	if (scene_open(&s, 20000, 0, 0) < 0) {
		CHECK(0);
		scene_close(&s);
		return;
	}
	for (i = 0; i < 20000; i++) {
		float x, y;

		r = r * 1103515245u + 12345u;
		x = (float)(r >> 8 & 0xffff) / 65536.0f * 40.0f;
		r = r * 1103515245u + 12345u;
		y = (float)(r >> 8 & 0xffff) / 65536.0f * 20.0f;
		flock_place(s.f, i, x, y, 0.5f, (float)(r & 7) * 0.1f - 0.35f);
	}
	pixels_set_mode(&s.placed, PIXELS_DENSITY);
	pixels_set_mode(&s.drawn, PIXELS_DENSITY);
	frame(&s);
	CHECK(s.m->chunks > 2);
	CHECK_INT(s.m->pngs, 1);
	CHECK_INT(s.m->sent, 1);
	CHECK_INT(s.m->nplaces, 1);
	scene_close(&s);
}

/* The bytes of a frame follow the sprites that moved: twice the boids,
 * about twice the bytes; the same boids in four times the pixels, about
 * the same bytes. */
static size_t
moving_bytes(size_t n, int zoom)
{
	struct scene s;
	size_t i, bytes = 0;
	int t;

	if (scene_open(&s, n, 0, 0) < 0) {
		CHECK(0);
		scene_close(&s);
		return 0;
	}
	if (zoom > 1) {
		pixels_free(&s.placed);
		pixels_free(&s.drawn);
		pixels_init(&s.placed);
		pixels_init(&s.drawn);
		CHECK_INT(pixels_fit(&s.placed, PW * zoom, PH * zoom,
		    CELL_W, CELL_H), 0);
		CHECK_INT(pixels_fit(&s.drawn, PW * zoom, PH * zoom,
		    CELL_W, CELL_H), 0);
		pixels_set_mode(&s.placed, PIXELS_SPRITES);
		camera_fit(&s.cam, 40.0f, 20.0f, 40 * zoom, 10 * zoom);
	}
	for (t = 0; t < 3; t++) {
		struct kitty_scene ks;

		for (i = 0; i < n; i++)
			flock_place(s.f, i, 1.05f + 1.3f * (float)(i % 28) +
			    0.37f * (float)t, 1.05f + 1.7f * (float)(i / 28),
			    0.5f, 0.1f);
		flock_get_view(s.f, &s.v);
		pixels_compose(&s.placed, &s.v, &s.p, &s.cam, 1);
		ks.image = &s.placed.image;
		ks.shapes = pixels_shapes(&s.placed);
		ks.nshapes = SPRITE_COUNT;
		ks.sprites = s.placed.list;
		ks.nsprites = s.placed.nlist;
		ks.generation = s.placed.generation;
		ks.cell_w = CELL_W;
		ks.cell_h = CELL_H;
		ks.col = ks.row = 0;
		s.out.len = 0;
		CHECK_INT(kitty_frame(&s.k, &s.out, &ks), 0);
		bytes = s.out.len;
	}
	scene_close(&s);
	return bytes;
}

static void
test_bytes(void)
{
	size_t a = moving_bytes(56, 1), b = moving_bytes(112, 1);
	size_t c = moving_bytes(56, 2);

	CHECK(a > 56 * 30 && a < 56 * 70);
	CHECK_NEAR((double)b / (double)a, 2.0, 0.2);
	CHECK_NEAR((double)c / (double)a, 1.0, 0.1);
}

int
main(void)
{
	test_frames();
	test_edges();
	test_generation();
	test_chunks();
	test_bytes();
	return check_exit("test_kitty");
}
