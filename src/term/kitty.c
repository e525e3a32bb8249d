/*
 * kitty.c: the commands of the kitty graphics protocol for a frame of
 * sprites over a layer.
 *
 * Each command is ESC _ G, keys, optionally ';' and base64 data, then
 * ESC \. A sprite's image is sent as RGBA (its background clear),
 * compressed, with a=t the first time it is needed; from then on a=p places it, with
 * the placement id the slot plus one, at the cursor's cell (moved there
 * first) and X, Y pixels into it, cropped with x, y, w, h where it
 * crosses the picture's edge, and C=1 so the cursor stays. Data longer
 * than 4096 base64 bytes goes in chunks, each but the last with m=1.
 *
 * The layer goes as an indexed PNG (written by libpng): a quarter of
 * the bytes of RGBA before compression, and a density image has little
 * sky to squeeze. Sprites are compressed by zlib.
 *
 * The state that lets a frame send only what changed: per slot, the
 * image placed there and its pixel; per shape and colour, the image
 * that holds it. A failed frame (memory) leaves that state unsure, so
 * the next frame deletes everything and starts over.
 */
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "kitty.h"

/* Raw bytes in one chunk: 4096 base64 bytes. */
#define RAW_CHUNK 3072
/* Room for a placement with its cursor move, crop and a delete. */
#define PLACE_ROOM 256
/* A slot's pixel that no sprite has: placed again whatever it is. */
#define NOWHERE 0xffffffffu

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void
kitty_init(struct kitty *k)
{
	memset(k, 0, sizeof *k);
	k->next_id[IMAGE_LAYER_BOIDS] = KITTY_ID_BOIDS;
	k->next_id[IMAGE_LAYER_MARKS] = KITTY_ID_MARKS;
}

void
kitty_free(struct kitty *k)
{
	free(k->sprite_id);
	free(k->slot_image);
	free(k->slot_pos);
	free(k->slot_frame);
	free(k->shown);
	free(k->showing);
	free(k->rgba);
	free(k->zip);
	kitty_init(k);
}

static void
put_b64(struct image_bytes *b, const unsigned char *p, size_t n)
{
	char *o = b->data + b->len;

	for (; n >= 3; n -= 3, p += 3) {
		uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];

		*o++ = b64[v >> 18];
		*o++ = b64[v >> 12 & 63];
		*o++ = b64[v >> 6 & 63];
		*o++ = b64[v & 63];
	}
	if (n > 0) {
		uint32_t v = (uint32_t)p[0] << 16 | (n > 1 ? (uint32_t)p[1] << 8 :
		    0);

		*o++ = b64[v >> 18];
		*o++ = b64[v >> 12 & 63];
		*o++ = b64[v >> 6 & 63];
		if (n == 1)
			o[-1] = '=';
		*o++ = '=';
	}
	b->len = (size_t)(o - b->data);
}

/* The room n bytes of data need, in chunks. */
static size_t
data_room(size_t n)
{
	return (n + 2) / 3 * 4 + (n / RAW_CHUNK + 1) * 16;
}

/* Ends a command whose keys are written: the data, in chunks, each
 * after the first a command of its own with only m. */
static void
put_data(struct image_bytes *b, const unsigned char *p, size_t n)
{
	size_t at = 0;
	int first = 1;

	do {
		size_t take = n - at < RAW_CHUNK ? n - at : RAW_CHUNK;
		int more = at + take < n;

		if (!first)
			image_bytes_put(b, "\033_G", 3);
		if (more || !first) {
			image_bytes_puts(b, first ? ",m=" : "m=");
			b->data[b->len++] = more ? '1' : '0';
		}
		b->data[b->len++] = ';';
		put_b64(b, p + at, take);
		image_bytes_put(b, "\033\\", 2);
		at += take;
		first = 0;
	} while (at < n);
}

static void
put_key(struct image_bytes *b, const char *key, long v)
{
	image_bytes_puts(b, key);
	image_bytes_num(b, v);
}

/* Decimal digits of v > 0. */
static int
digits(int v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* CSI n ch, n left out when it is 1. */
static void
put_csi(struct image_bytes *b, int n, char ch)
{
	image_bytes_put(b, "\033[", 2);
	if (n != 1)
		image_bytes_num(b, n);
	b->data[b->len++] = ch;
}

/*
 * The cursor to cell (col, row), from 0, by the shortest way from
 * where the last command left it (a placement with C=1 leaves it in
 * place): nothing, one move along the row or the column, or CUP.
 * Boids come in the engine's order, neighbours in space together, so
 * the next one is often on the same row.
 */
static void
put_cursor(struct kitty *k, struct image_bytes *b, int col, int row)
{
	int known = k->cur_row >= 0, dc = col - k->cur_col;
	int dr = row - k->cur_row, cup = 4 + digits(row + 1) + digits(col + 1);

	if (known && dr == 0 && dc == 0)
		return;
	if (known && dr == 0 && 3 + (dc > 0 ? digits(dc) : digits(-dc)) < cup)
		put_csi(b, dc > 0 ? dc : -dc, dc > 0 ? 'C' : 'D');
	else if (known && dc == 0 && 3 + (dr > 0 ? digits(dr) : digits(-dr)) <
	    cup)
		put_csi(b, dr > 0 ? dr : -dr, dr > 0 ? 'B' : 'A');
	else {
		put_key(b, "\033[", row + 1L);
		put_key(b, ";", col + 1L);
		b->data[b->len++] = 'H';
	}
	k->cur_col = col;
	k->cur_row = row;
}

static void
put_delete(struct image_bytes *b, uint32_t id, uint32_t slot, int free_it)
{
	put_key(b, free_it ? "\033_Ga=d,d=I,i=" : "\033_Ga=d,d=i,i=", (long)id);
	if (slot != NOWHERE)
		put_key(b, ",p=", (long)slot + 1);
	image_bytes_puts(b, ",q=2\033\\");
}

/* Forget every image and placement, as after deleting them all. */
static void
forget(struct kitty *k)
{
	if (k->sprite_id)
		memset(k->sprite_id, 0, k->nsprite_ids * sizeof *k->sprite_id);
	/* Every slot, not only those shown: a failed frame may have
	 * noted others. */
	if (k->slot_image)
		memset(k->slot_image, 0, k->nslots * sizeof *k->slot_image);
	k->nshown = 0;
	k->next_id[IMAGE_LAYER_BOIDS] = KITTY_ID_BOIDS;
	k->next_id[IMAGE_LAYER_MARKS] = KITTY_ID_MARKS;
	k->layer_shown = 0;
}

int
kitty_clear(struct kitty *k, struct image_bytes *out)
{
	size_t i, n = 1;

	for (i = 0; i < k->nsprite_ids; i++)
		n += k->sprite_id[i] != 0;
	if (image_bytes_reserve(out, n * 40) < 0)
		return -1;
	for (i = 0; i < k->nsprite_ids; i++)
		if (k->sprite_id[i])
			put_delete(out, k->sprite_id[i], NOWHERE, 1);
	if (k->layer_shown || k->started)
		put_delete(out, KITTY_ID_LAYER, NOWHERE, 1);
	forget(k);
	k->started = 0;
	return 0;
}

/* ---- The layer ---- */

/* The smallest rectangle holding every drawn pixel: 0 when none is. */
static int
drawn_box(const struct image *im, int box[4])
{
	int x, y;

	box[0] = im->w;
	box[1] = im->h;
	box[2] = box[3] = -1;
	for (y = 0; y < im->h; y++) {
		const unsigned char *row = im->pix + (size_t)y * (size_t)im->w;

		for (x = 0; x < im->w; x++)
			if (row[x]) {
				box[0] = x < box[0] ? x : box[0];
				box[2] = x > box[2] ? x : box[2];
				box[1] = y < box[1] ? y : box[1];
				box[3] = y;
			}
	}
	return box[2] >= 0;
}

/* A checksum of the layer's pixels and where they go. */
static uint64_t
layer_sum(const struct image *im, const struct kitty_scene *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i, n = (size_t)im->w * (size_t)im->h;

	h = (h ^ (uint64_t)(unsigned)im->w << 32 ^ (unsigned)im->h) *
	    0x100000001b3ULL;
	h = (h ^ s->generation) * 0x100000001b3ULL;
	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t v;

		memcpy(&v, im->pix + i, 8);
		h = (h ^ v) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; i < n; i++)
		h = (h ^ im->pix[i]) * 0x100000001b3ULL;
	return h;
}

static int
scratch_fit(unsigned char **p, size_t *cap, size_t need)
{
	unsigned char *q;

	if (need <= *cap && *p)
		return 0;
	q = realloc(*p, need ? need : 1);
	if (!q)
		return -1;
	*p = q;
	*cap = need;
	return 0;
}

/* Pixels of the image in RGBA, the background clear. */
static void
to_rgba(unsigned char *o, const unsigned char *pix, size_t stride, int w,
    int h, const long *rgb)
{
	int x, y;

	for (y = 0; y < h; y++, pix += stride)
		for (x = 0; x < w; x++, o += 4) {
			unsigned c = pix[x];

			o[0] = (unsigned char)(rgb[c] >> 16);
			o[1] = (unsigned char)(rgb[c] >> 8);
			o[2] = (unsigned char)rgb[c];
			o[3] = c ? 255 : 0;
		}
}

/* The cursor to pixel (x, y) of the picture, and a command begun. */
static void
put_at(struct kitty *k, struct image_bytes *b, const struct kitty_scene *s,
    int x, int y)
{
	put_cursor(k, b, s->col + x / s->cell_w, s->row + y / s->cell_h);
	image_bytes_put(b, "\033_G", 3);
}

static void
put_offset(struct image_bytes *b, const struct kitty_scene *s, int x, int y)
{
	if (x % s->cell_w)
		put_key(b, ",X=", x % s->cell_w);
	if (y % s->cell_h)
		put_key(b, ",Y=", y % s->cell_h);
}

/*
 * The w by h pixels at pix (rows im->w apart) as an indexed PNG into
 * k->zip, index 0 clear; its length, 0 when memory runs out. libpng's
 * fast setting: the layer changes every frame, and its sky shrinks
 * well at any level.
 */
static size_t
layer_png(struct kitty *k, const struct image *im, const unsigned char *pix,
    int w, int h)
{
	png_image pi;
	unsigned char map[IMAGE_COLORS][4];
	png_alloc_size_t size;
	int c;

	for (c = 0; c < im->ncolors; c++) {
		map[c][0] = (unsigned char)(im->rgb[c] >> 16);
		map[c][1] = (unsigned char)(im->rgb[c] >> 8);
		map[c][2] = (unsigned char)im->rgb[c];
		map[c][3] = c ? 255 : 0;
	}
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	pi.width = (png_uint_32)w;
	pi.height = (png_uint_32)h;
	pi.format = PNG_FORMAT_RGBA_COLORMAP;
	pi.flags = PNG_IMAGE_FLAG_FAST;
	pi.colormap_entries = (png_uint_32)(im->ncolors > 0 ? im->ncolors : 1);
	size = PNG_IMAGE_PNG_SIZE_MAX(pi);
	if (scratch_fit(&k->zip, &k->zip_cap, size) < 0 ||
	    !png_image_write_to_memory(&pi, k->zip, &size, 0, pix, im->w,
	    map)) {
		png_image_free(&pi);
		return 0;
	}
	return size;
}

/* The layer, sent when it changed, or deleted when it is empty. */
static int
send_layer(struct kitty *k, struct image_bytes *out,
    const struct kitty_scene *s)
{
	const struct image *im = s->image;
	int box[4];
	uint64_t sum;
	size_t z;

	if (!im || !im->pix || !drawn_box(im, box)) {
		if (k->layer_shown) {
			if (image_bytes_reserve(out, 64) < 0)
				return -1;
			put_delete(out, KITTY_ID_LAYER, NOWHERE, 1);
			k->deletes++;
		}
		k->layer_shown = 0;
		return 0;
	}
	sum = layer_sum(im, s);
	if (k->layer_shown && sum == k->layer_sum)
		return 0;
	z = layer_png(k, im, im->pix + (size_t)box[1] * (size_t)im->w +
	    (size_t)box[0], box[2] - box[0] + 1, box[3] - box[1] + 1);
	if (z == 0 || image_bytes_reserve(out, data_room(z) + PLACE_ROOM) < 0)
		return -1;
	put_at(k, out, s, box[0], box[1]);
	put_key(out, "a=T,i=", KITTY_ID_LAYER);
	image_bytes_puts(out, ",p=1,f=100");
	put_offset(out, s, box[0], box[1]);
	put_key(out, ",z=", KITTY_Z);
	image_bytes_puts(out, ",C=1,q=2");
	put_data(out, k->zip, z);
	k->layer_shown = 1;
	k->layer_sum = sum;
	k->layers++;
	return 0;
}

/* ---- Sprites ---- */

/* The image of shape in colour, sent first if it was not yet; 0 when
 * memory runs out. */
static uint32_t
sprite_image(struct kitty *k, struct image_bytes *out,
    const struct kitty_scene *s, const struct image_sprite *sp)
{
	size_t key = (size_t)sp->shape * IMAGE_COLORS + sp->color, n;
	uLongf z;
	const struct image_shape *sh = &s->shapes[sp->shape];
	long rgb[2];
	uint32_t id;
	int layer = sp->layer < IMAGE_LAYERS ? sp->layer : IMAGE_LAYER_MARKS;

	if (k->sprite_id[key])
		return k->sprite_id[key];
	n = (size_t)sh->w * (size_t)sh->h * 4;
	if (scratch_fit(&k->rgba, &k->rgba_cap, n) < 0 ||
	    scratch_fit(&k->zip, &k->zip_cap, compressBound((uLong)n)) < 0)
		return 0;
	rgb[0] = 0;
	rgb[1] = s->image ? s->image->rgb[sp->color] : 0xffffffL;
	to_rgba(k->rgba, sh->mask, (size_t)sh->w, sh->w, sh->h, rgb);
	/* Compressed: a sprite is mostly clear pixels and one colour, a
	 * fifth of its size in zlib. */
	z = (uLongf)k->zip_cap;
	if (compress2(k->zip, &z, k->rgba, (uLong)n, Z_BEST_COMPRESSION) !=
	    Z_OK || image_bytes_reserve(out, data_room(z) + PLACE_ROOM) < 0)
		return 0;
	id = k->next_id[layer]++;
	put_key(out, "\033_Ga=t,i=", (long)id);
	put_key(out, ",f=32,o=z,s=", sh->w);
	put_key(out, ",v=", sh->h);
	image_bytes_puts(out, ",q=2");
	put_data(out, k->zip, z);
	k->sprite_id[key] = id;
	k->uploads++;
	return id;
}

/* Sprite sp as image id at its slot, cropped to the picture. */
static void
put_place(struct kitty *k, struct image_bytes *out,
    const struct kitty_scene *s, const struct image_sprite *sp, uint32_t id)
{
	const struct image_shape *sh = &s->shapes[sp->shape];
	int w = s->image ? s->image->w : 0, h = s->image ? s->image->h : 0;
	int x0 = sp->x < 0 ? -sp->x : 0, y0 = sp->y < 0 ? -sp->y : 0;
	int x1 = sp->x + sh->w > w ? w - sp->x : sh->w;
	int y1 = sp->y + sh->h > h ? h - sp->y : sh->h;

	put_at(k, out, s, sp->x + x0, sp->y + y0);
	put_key(out, "a=p,i=", (long)id);
	put_key(out, ",p=", (long)sp->slot + 1);
	put_offset(out, s, sp->x + x0, sp->y + y0);
	if (x0 > 0 || y0 > 0 || x1 < sh->w || y1 < sh->h) {
		put_key(out, ",x=", x0);
		put_key(out, ",y=", y0);
		put_key(out, ",w=", x1 - x0);
		put_key(out, ",h=", y1 - y0);
	}
	put_key(out, ",z=", KITTY_Z);
	image_bytes_puts(out, ",C=1,q=2\033\\");
}

/* Whether any of the sprite lies in the picture. */
static int
visible(const struct kitty_scene *s, const struct image_sprite *sp)
{
	const struct image_shape *sh = &s->shapes[sp->shape];
	int w = s->image ? s->image->w : 0, h = s->image ? s->image->h : 0;

	return sp->x < w && sp->y < h && sp->x + sh->w > 0 &&
	    sp->y + sh->h > 0;
}

static int
grow(uint32_t **p, size_t old, size_t n)
{
	uint32_t *q = realloc(*p, n * sizeof *q);

	if (!q)
		return -1;
	memset(q + old, 0, (n - old) * sizeof *q);
	*p = q;
	return 0;
}

/* Room for every slot the scene names, and for its sprites in the
 * lists of slots shown. */
static int
slots_fit(struct kitty *k, const struct kitty_scene *s)
{
	size_t i, need = 0;

	for (i = 0; i < s->nsprites; i++)
		if ((size_t)s->sprites[i].slot + 1 > need)
			need = (size_t)s->sprites[i].slot + 1;
	if (need > k->nslots) {
		size_t n = need + need / 2;

		if (grow(&k->slot_image, k->nslots, n) < 0 ||
		    grow(&k->slot_pos, k->nslots, n) < 0 ||
		    grow(&k->slot_frame, k->nslots, n) < 0)
			return -1;
		k->nslots = n;
	}
	if (s->nsprites > k->shown_cap) {
		size_t n = s->nsprites + s->nsprites / 2;

		if (grow(&k->shown, k->shown_cap, n) < 0 ||
		    grow(&k->showing, k->shown_cap, n) < 0)
			return -1;
		k->shown_cap = n;
	}
	return 0;
}

static uint32_t
pack(int x, int y)
{
	return (uint32_t)(x + 32768) << 16 | ((uint32_t)(y + 32768) & 0xffff);
}

/* Each sprite placed where it is new or moved; the old placement of a
 * slot whose image changed deleted. */
static int
place_sprites(struct kitty *k, struct image_bytes *out,
    const struct kitty_scene *s, size_t *nshowing)
{
	size_t i;

	*nshowing = 0;
	for (i = 0; i < s->nsprites; i++) {
		const struct image_sprite *sp = &s->sprites[i];
		uint32_t id, slot = sp->slot, at = pack(sp->x, sp->y);

		if (sp->shape >= s->nshapes || !visible(s, sp) ||
		    k->slot_frame[slot] == k->frame)
			continue;
		if ((id = sprite_image(k, out, s, sp)) == 0 ||
		    image_bytes_reserve(out, PLACE_ROOM) < 0)
			return -1;
		k->slot_frame[slot] = k->frame;
		k->showing[(*nshowing)++] = slot;
		if (k->slot_image[slot] == id && k->slot_pos[slot] == at)
			continue;
		if (k->slot_image[slot] && k->slot_image[slot] != id) {
			put_delete(out, k->slot_image[slot], slot, 0);
			k->deletes++;
		}
		put_place(k, out, s, sp, id);
		k->slot_image[slot] = id;
		k->slot_pos[slot] = at;
		k->placements++;
	}
	return 0;
}

/* The slots the last frame showed and this one does not, deleted. */
static int
drop_unshown(struct kitty *k, struct image_bytes *out)
{
	size_t i;

	for (i = 0; i < k->nshown; i++) {
		uint32_t slot = k->shown[i];

		if (k->slot_frame[slot] == k->frame || !k->slot_image[slot])
			continue;
		if (image_bytes_reserve(out, PLACE_ROOM) < 0)
			return -1;
		put_delete(out, k->slot_image[slot], slot, 0);
		k->slot_image[slot] = 0;
		k->deletes++;
	}
	return 0;
}

/* A new start when the shapes or palette changed, or after a failed
 * frame; every placement moved when the picture did. */
static int
frame_start(struct kitty *k, struct image_bytes *out,
    const struct kitty_scene *s)
{
	size_t ids = s->nshapes * IMAGE_COLORS;

	if (!k->started || k->generation != s->generation ||
	    ids != k->nsprite_ids) {
		if (k->started && kitty_clear(k, out) < 0)
			return -1;
		if (ids != k->nsprite_ids) {
			free(k->sprite_id);
			k->sprite_id = calloc(ids ? ids : 1, sizeof *k->sprite_id);
			k->nsprite_ids = k->sprite_id ? ids : 0;
			if (!k->sprite_id)
				return -1;
		}
		k->generation = s->generation;
	}
	if (s->cell_w != k->cell_w || s->cell_h != k->cell_h ||
	    s->col != k->col || s->row != k->row) {
		size_t i;

		for (i = 0; i < k->nshown; i++)
			k->slot_pos[k->shown[i]] = NOWHERE;
		k->layer_sum = 0;
		k->cell_w = s->cell_w;
		k->cell_h = s->cell_h;
		k->col = s->col;
		k->row = s->row;
	}
	k->started = 1;
	return 0;
}

int
kitty_frame(struct kitty *k, struct image_bytes *out,
    const struct kitty_scene *s)
{
	size_t start = out->len, nshowing;
	uint32_t *t;

	k->uploads = k->placements = k->deletes = k->layers = 0;
	if (s->cell_w <= 0 || s->cell_h <= 0)
		return 0;
	if (frame_start(k, out, s) < 0 || slots_fit(k, s) < 0 ||
	    image_bytes_reserve(out, 8) < 0)
		goto fail;
	image_bytes_put(out, "\0337", 2);
	k->cur_row = k->cur_col = -1;
	k->frame++;
	if (send_layer(k, out, s) < 0 ||
	    place_sprites(k, out, s, &nshowing) < 0 ||
	    drop_unshown(k, out) < 0 || image_bytes_reserve(out, 8) < 0)
		goto fail;
	t = k->shown;
	k->shown = k->showing;
	k->showing = t;
	k->nshown = nshowing;
	image_bytes_put(out, "\0338", 2);
	return 0;
fail:
	/* What was sent is unknown now: the next frame deletes all. */
	out->len = start;
	k->generation = ~s->generation;
	return -1;
}
