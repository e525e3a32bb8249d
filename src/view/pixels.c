/*
 * pixels.c: a frame of the flock in pixels: sprites, or a density
 * image, through a camera.
 *
 * The camera maps the world to cells; a cell is cell_w by cell_h
 * pixels, so a world point's pixel is its cell position scaled by the
 * cell's size, and a unit of the world is as many pixels across as
 * down when the cell is twice as tall as wide. A frame adds up the
 * boids once per block (a square a boid's length across): their count,
 * summed velocity and speed, for the choice between sprites and
 * density, for toning a boid by its crowd, and for the density image's
 * hues. Then obstacles are filled, then either each boid's sprite is
 * drawn (or listed) or each boid is counted into its pixel and the
 * pixels shaded, then the predators' and the goal's sprites.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "pixels.h"

/* The densest pixels, those holding this share of the boids and
 * above, take the brightest shade. */
#define TOP_SHARE 0.95
/* Counts whose shade a frame works out once, in a table. */
#define SHADE_TABLE 256

#define PI 3.14159265358979323846

/* The linear map from world to pixels: px = x * ax + bx. */
struct map {
	float ax, bx, ay, by;
	float w, h;       /* the picture */
	float margin;     /* a sprite's reach from its point */
};

static void
palette_default(struct pixels *px)
{
	struct theme_palette p;

	theme_palette(THEME_HEADING, THEME_DIRECT, THEME_BG_DARK, &p);
	pixels_set_palette(px, &p, 0x000000L, 0xe5e5e5L);
}

void
pixels_init(struct pixels *px)
{
	int k;

	memset(px, 0, sizeof *px);
	for (k = 0; k < SPRITE_HEADINGS; k++)
		px->heading_hue[k] = (signed char)field_hue((float)cos(
		    sprite_angle(k)), (float)sin(sprite_angle(k)));
	px->mode = PIXELS_AUTO;
	pixels_set_measure(px, THEME_BY_HEADING, THEME_BY_HEADING);
	palette_default(px);
}

static void
buffers_free(struct pixels *px)
{
	free(px->bcount);
	free(px->bsx);
	free(px->bsy);
	free(px->bspeed);
	free(px->count);
	px->bcount = px->count = NULL;
	px->bsx = px->bsy = px->bspeed = NULL;
	px->block_cap = px->count_cap = 0;
	px->blocks = 0;
	px->bcols = px->brows = 0;
}

void
pixels_free(struct pixels *px)
{
	buffers_free(px);
	image_free(&px->image);
	sprite_free(&px->sprites);
	free(px->list);
	px->list = NULL;
	px->nlist = px->list_cap = 0;
	free(px->held);
	px->held = NULL;
	px->nheld = 0;
	free(px->drawn);
	px->drawn = NULL;
	px->ndrawn = 0;
}

const struct image_shape *
pixels_shapes(const struct pixels *px)
{
	return px->sprites.shape;
}

void
pixels_set_measure(struct pixels *px, int sprites, int density)
{
	px->by_sprites = sprites;
	px->by_density = density;
}

void
pixels_set_mode(struct pixels *px, enum pixels_mode m)
{
	px->mode = m >= PIXELS_AUTO && m <= PIXELS_DENSITY ? m : PIXELS_AUTO;
}

static int
blocks_fit(struct pixels *px, int w, int h)
{
	int len = px->sprites.length;
	size_t n, pixels = (size_t)w * (size_t)h;

	px->bcols = (w + len - 1) / len;
	px->brows = (h + len - 1) / len;
	n = (size_t)px->bcols * (size_t)px->brows;
	px->blocks = n;
	if (n > px->block_cap || !px->bcount) {
		free(px->bcount);
		free(px->bsx);
		free(px->bsy);
		free(px->bspeed);
		px->bcount = malloc((n ? n : 1) * sizeof *px->bcount);
		px->bsx = malloc((n ? n : 1) * sizeof *px->bsx);
		px->bsy = malloc((n ? n : 1) * sizeof *px->bsy);
		px->bspeed = malloc((n ? n : 1) * sizeof *px->bspeed);
		px->block_cap = n;
	}
	if (pixels > px->count_cap || !px->count) {
		free(px->count);
		px->count = malloc((pixels ? pixels : 1) * sizeof *px->count);
		px->count_cap = pixels;
	}
	return px->bcount && px->bsx && px->bsy && px->bspeed && px->count ?
	    0 : -1;
}

int
pixels_fit(struct pixels *px, int w, int h, int cell_w, int cell_h)
{
	int len = sprite_length(cell_w);

	if (len != px->sprites.length) {
		if (sprite_make(&px->sprites, len) < 0)
			goto fail;
		px->generation++;
	}
	px->cell_w = cell_w > 0 ? cell_w : 1;
	px->cell_h = cell_h > 0 ? cell_h : 1;
	if (image_fit(&px->image, w, h) < 0 ||
	    blocks_fit(px, px->image.w, px->image.h) < 0)
		goto fail;
	return 0;
fail:
	buffers_free(px);
	image_free(&px->image);
	return -1;
}

/* ---- The palette ---- */

static long
mix(long a, long b, double f)
{
	long out = 0;
	int shift;

	for (shift = 16; shift >= 0; shift -= 8) {
		double ca = (double)(a >> shift & 255), cb = (double)(b >> shift &
		    255);

		out |= (long)floor(ca + (cb - ca) * f + 0.5) << shift;
	}
	return out;
}

/* The index of colour rgb, added when new; the nearest one when the
 * palette is full. Index 0 stays the background's alone. */
static unsigned char
palette_add(struct image *im, long rgb)
{
	int i;

	for (i = 1; i < im->ncolors; i++)
		if (im->rgb[i] == rgb)
			return (unsigned char)i;
	if (im->ncolors < IMAGE_COLORS) {
		im->rgb[im->ncolors] = rgb;
		return (unsigned char)im->ncolors++;
	}
	return image_nearest(im, rgb);
}

static long
color_rgb(struct theme_color c, long fg)
{
	return c.rgb >= 0 ? c.rgb : fg;
}

/*
 * The shades of colour c, dim to bright: from a third of the way from
 * the background to c, up to c itself, and last c taken a third of
 * the way toward the foreground, for the densest cores. On a dark
 * background they brighten, on a light one they darken: each stands
 * out more than the last.
 */
static void
shades(struct pixels *px, int row, long c, long bg, long fg)
{
	int l;

	for (l = 0; l < PIXELS_LEVELS - 1; l++)
		px->shade[row][l] = palette_add(&px->image, mix(bg, c, 0.3 +
		    0.7 * l / (PIXELS_LEVELS - 2)));
	px->shade[row][PIXELS_LEVELS - 1] = palette_add(&px->image,
	    mix(c, fg, 0.35));
}

void
pixels_set_palette(struct pixels *px, const struct theme_palette *p,
    long bg, long fg)
{
	struct image *im = &px->image;
	int k;

	px->theme = *p;
	im->rgb[0] = bg;
	im->ncolors = 1;
	for (k = 0; k < ROLE_COUNT; k++)
		px->role[k] = palette_add(im, color_rgb(p->role[k], fg));
	for (k = 0; k < p->ntones && k < THEME_MAX_TONES; k++) {
		long c = color_rgb(p->tone[k], fg);

		px->tone[k] = palette_add(im, c);
		shades(px, k, c, bg, fg);
	}
	shades(px, THEME_MAX_TONES, color_rgb(p->role[ROLE_BOID], fg), bg, fg);
	px->generation++;
}

/* The palette's index for tone t (-1: none) of the theme, or the lone
 * boids' colour. */
static unsigned char
tone_index(const struct pixels *px, int t)
{
	int k = theme_tone_color(&px->theme, t);

	return k >= 0 ? px->tone[k] : px->role[ROLE_BOID];
}

/* ---- A frame ---- */

static void
map_make(struct map *m, const struct pixels *px, const struct camera *c)
{
	double ax = px->cell_w / c->scale, ay = px->cell_h / (2.0 * c->scale);

	m->ax = (float)ax;
	m->bx = (float)(c->cols * 0.5 * px->cell_w - c->cx * ax);
	m->ay = (float)ay;
	m->by = (float)(c->rows * 0.5 * px->cell_h - c->cy * ay);
	m->w = (float)px->image.w;
	m->h = (float)px->image.h;
	m->margin = (float)(2 * SPRITE_PREDATOR_SCALE * SPRITE_MAX + 4);
}

/* Per block: the boids in the picture, their velocity and speed. */
static void
add_blocks(struct pixels *px, const struct flock_view *v,
    const struct map *m, uint64_t hist[32])
{
	float len = (float)px->sprites.length;
	size_t i, k;
	int speed = px->by_sprites == THEME_BY_SPEED ||
	    px->by_density == THEME_BY_SPEED;

	memset(px->bcount, 0, px->blocks * sizeof *px->bcount);
	memset(px->bsx, 0, px->blocks * sizeof *px->bsx);
	memset(px->bsy, 0, px->blocks * sizeof *px->bsy);
	if (speed)
		memset(px->bspeed, 0, px->blocks * sizeof *px->bspeed);
	px->shown = 0;
	for (i = 0; i < v->n; i++) {
		float fx = v->x[i] * m->ax + m->bx, fy = v->y[i] * m->ay + m->by;

		if (!(fx >= 0.0f && fx < m->w && fy >= 0.0f && fy < m->h))
			continue;
		k = (size_t)(fy / len) * (size_t)px->bcols + (size_t)(fx / len);
		px->bcount[k]++;
		px->bsx[k] += v->vx[i];
		px->bsy[k] += v->vy[i];
		if (speed)
			px->bspeed[k] += sqrtf(v->vx[i] * v->vx[i] +
			    v->vy[i] * v->vy[i]);
		px->shown++;
	}
	memset(hist, 0, 32 * sizeof *hist);
	px->lit_blocks = 0;
	for (k = 0; k < px->blocks; k++) {
		uint32_t c = px->bcount[k];

		if (c) {
			hist[(int)floor(log2((double)c))] += c;
			px->lit_blocks++;
		}
	}
}

/*
 * Sprites or density. A dart covers about a third of its block, so
 * with three boids to a lit block their darts run together into blobs
 * that show neither heading nor number, and shades of how many there
 * are read better; below two, darts mostly stand apart again. The gap
 * between the two keeps a view near the edge from switching every
 * frame. Counting per block of a boid's own length makes the choice
 * the same at every cell size and zoom: it is the crowding the eye
 * sees.
 */
static int
choose_dense(const struct pixels *px)
{
	double crowd;

	if (px->mode != PIXELS_AUTO)
		return px->mode == PIXELS_DENSITY;
	if (px->lit_blocks == 0)
		return px->dense;
	crowd = (double)px->shown / (double)px->lit_blocks;
	return px->dense ? crowd >= PIXELS_CROWD_OFF : crowd >= PIXELS_CROWD_ON;
}

/* Every pixel whose centre lies inside an obstacle (a disc in the
 * world, so an ellipse where a unit is not as tall as wide). */
static void
draw_obstacles(struct pixels *px, const struct flock_view *v,
    const struct map *m)
{
	struct image *im = &px->image;
	unsigned char c = px->role[ROLE_OBSTACLE];
	size_t k;

	for (k = 0; k < v->nobst; k++) {
		double cx = v->ox[k] * (double)m->ax + m->bx;
		double cy = v->oy[k] * (double)m->ay + m->by;
		double rx = v->orad[k] * (double)m->ax;
		double ry = v->orad[k] * (double)m->ay;
		double x0 = floor(cx - rx), x1 = ceil(cx + rx);
		double y0 = floor(cy - ry), y1 = ceil(cy + ry);
		int x, y;

		if (!(rx > 0.0 && ry > 0.0) || !(x1 >= 0.0 && x0 < im->w &&
		    y1 >= 0.0 && y0 < im->h))
			continue;
		x0 = x0 < 0.0 ? 0.0 : x0;
		y0 = y0 < 0.0 ? 0.0 : y0;
		x1 = x1 > im->w - 1.0 ? im->w - 1.0 : x1;
		y1 = y1 > im->h - 1.0 ? im->h - 1.0 : y1;
		for (y = (int)y0; y <= (int)y1; y++) {
			double dy = (y + 0.5 - cy) / ry;
			unsigned char *row = im->pix + (size_t)y * (size_t)im->w;

			for (x = (int)x0; x <= (int)x1; x++) {
				double dx = (x + 0.5 - cx) / rx;

				if (dx * dx + dy * dy < 1.0)
					row[x] = c;
			}
		}
	}
}

/* Shape s in colour c with its point on pixel (x, y): drawn, clipped
 * to the picture, or listed as placed at slot in layer. */
static void
put_sprite(struct pixels *px, int s, unsigned char c, int x, int y,
    uint32_t slot, int layer, int placed)
{
	const struct image_shape *sh = &px->sprites.shape[s];
	struct image *im = &px->image;
	const struct sprite_px *p = px->sprites.px + px->sprites.first[s];
	const struct sprite_px *end = px->sprites.px + px->sprites.first[s + 1];
	int x0 = x - sh->ax, y0 = y - sh->ay;

	if (x0 >= im->w || y0 >= im->h || x0 + sh->w <= 0 || y0 + sh->h <= 0)
		return;
	if (placed) {
		struct image_sprite *o = &px->list[px->nlist++];

		o->x = x0;
		o->y = y0;
		o->shape = (unsigned short)s;
		o->color = c;
		o->layer = (unsigned char)layer;
		o->slot = slot;
		return;
	}
	if (x0 >= 0 && y0 >= 0 && x0 + sh->w <= im->w && y0 + sh->h <= im->h) {
		unsigned char *at = im->pix + (size_t)y0 * (size_t)im->w +
		    (size_t)x0;

		for (; p < end; p++)
			at[(size_t)p->y * (size_t)im->w + p->x] = c;
		return;
	}
	for (; p < end; p++) {
		int px_x = x0 + p->x, px_y = y0 + p->y;

		if (px_x >= 0 && px_x < im->w && px_y >= 0 && px_y < im->h)
			im->pix[(size_t)px_y * (size_t)im->w + (size_t)px_x] =
			    c;
	}
}

/* The pixel of world point (x, y), when a sprite there could reach
 * the picture: 1, or 0. */
static int
pixel_of(const struct map *m, float x, float y, int *px_x, int *px_y)
{
	float fx = x * m->ax + m->bx, fy = y * m->ay + m->by;

	if (!(fx >= -m->margin && fx < m->w + m->margin &&
	    fy >= -m->margin && fy < m->h + m->margin))
		return 0;
	*px_x = (int)floorf(fx);
	*px_y = (int)floorf(fy);
	return 1;
}

/*
 * Boid i's colour, heading k on screen: a leader's, afraid, its
 * species', else its tone. The hue of a heading is that of the
 * sprite's own: a sprite then changes colour only when it changes
 * shape, and a protocol that keeps one image per shape and colour has
 * half as many to swap.
 */
static unsigned char
boid_color(const struct pixels *px, const struct flock_view *v, size_t i,
    int k, const struct map *m, uint32_t unit, float limit)
{
	float vx = v->vx[i], vy = v->vy[i];

	if (v->lead && v->lead[i] > 0)
		return px->role[ROLE_LEADER];
	if (v->fear && v->fear[i] >= FLOCK_AFRAID)
		return px->role[ROLE_AFRAID];
	if (v->kind)
		return px->role[ROLE_KIND + v->kind[i] % FLOCK_MAX_SPECIES];
	switch (px->by_sprites) {
	case THEME_BY_HEADING:
		return vx * vx + vy * vy > 0.0f ? tone_index(px,
		    px->heading_hue[k]) : px->role[ROLE_BOID];
	case THEME_BY_SPEED:
		return tone_index(px, theme_tone_speed((double)sqrtf(vx * vx +
		    vy * vy), (double)limit));
	case THEME_BY_CROWD: {
		float len = (float)px->sprites.length;
		float fx = v->x[i] * m->ax + m->bx, fy = v->y[i] * m->ay + m->by;
		uint32_t n = 1;

		if (fx >= 0.0f && fx < m->w && fy >= 0.0f && fy < m->h)
			n = px->bcount[(size_t)(fy / len) * (size_t)px->bcols +
			    (size_t)(fx / len)];
		return tone_index(px, theme_tone_crowd((double)n /
		    (double)unit));
	}
	default:
		return px->role[ROLE_BOID];
	}
}

/*
 * The heading boid slot is drawn with, for a screen velocity (dx, dy):
 * the one it was drawn with last, until it has turned three quarters
 * of a step past it. A boid flying near the edge between two headings
 * wobbles across it from step to step, and its sprite would flick
 * between the two: a flicker to the eye, and for the kitty protocol a
 * placement deleted and made again each time.
 */
static int
held_heading(struct pixels *px, uint32_t slot, double dx, double dy)
{
	int k = sprite_heading(dx, dy), was;

	if (slot >= px->nheld)
		return k;
	was = px->held[slot];
	if (was < SPRITE_HEADINGS && dx * dx + dy * dy > 0.0 &&
	    fabs(remainder(atan2(dy, dx) - sprite_angle(was), 2.0 * PI)) <
	    0.75 * (2.0 * PI / SPRITE_HEADINGS))
		k = was;
	px->held[slot] = (unsigned char)k;
	return k;
}

/* Boid i at pixel (x, y): its dart, or the perched sprite; the colour
 * of its dart, 0 when perched. */
static unsigned char
draw_boid(struct pixels *px, const struct flock_view *v, size_t i,
    const struct map *m, uint32_t unit, float limit, int placed, int x,
    int y)
{
	uint32_t slot = v->id ? v->id[i] : (uint32_t)i;
	unsigned char c;
	int k;

	if (v->perch && v->perch[i] > 0) {
		put_sprite(px, SPRITE_PERCHED, px->role[ROLE_PERCHED], x, y,
		    slot, IMAGE_LAYER_BOIDS, placed);
		return 0;
	}
	k = held_heading(px, slot, (double)(v->vx[i] * m->ax),
	    (double)(v->vy[i] * m->ay));
	c = boid_color(px, v, i, k, m, unit, limit);
	put_sprite(px, SPRITE_BOID + k, c, x, y, slot, IMAGE_LAYER_BOIDS,
	    placed);
	return c;
}

static void
draw_boids(struct pixels *px, const struct flock_view *v,
    const struct map *m, uint32_t unit, float limit, int placed)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		uint32_t slot = v->id ? v->id[i] : (uint32_t)i;
		unsigned char c = 0;
		int x, y;

		if (pixel_of(m, v->x[i], v->y[i], &x, &y))
			c = draw_boid(px, v, i, m, unit, limit, placed, x, y);
		if (slot < px->ndrawn)
			px->drawn[slot] = c;
	}
}

/* The shade (0 to PIXELS_LEVELS - 1) of a pixel of count boids, from
 * lit up: even steps of the count's logarithm up to twice top. */
static int
shade_of(uint32_t count, uint32_t lit, double octaves)
{
	double l = PIXELS_LEVELS * log2((double)count / (double)lit) / octaves;

	if (!(l > 0.0))
		return 0;
	return l >= PIXELS_LEVELS - 1 ? PIXELS_LEVELS - 1 : (int)l;
}

/* The hue row of the density image at pixel (x, y) of count boids. */
static int
density_row(const struct pixels *px, int x, int y, uint32_t count,
    uint32_t lit, float limit)
{
	size_t k = (size_t)(y / px->sprites.length) * (size_t)px->bcols +
	    (size_t)(x / px->sprites.length);
	int t = -1, row;

	switch (px->by_density) {
	case THEME_BY_HEADING:
		t = field_hue(px->bsx[k], px->bsy[k]);
		break;
	case THEME_BY_SPEED:
		t = px->bcount[k] ? theme_tone_speed((double)px->bspeed[k] /
		    px->bcount[k], (double)limit) : 0;
		break;
	case THEME_BY_CROWD:
		t = theme_tone_crowd((double)count / (double)lit);
		break;
	default:
		break;
	}
	row = theme_tone_color(&px->theme, t);
	return row >= 0 ? row : THEME_MAX_TONES;
}

/* Each boid counted into its pixel; each pixel from the lit count up
 * shaded by its count, in its neighbourhood's hue. */
static void
draw_density(struct pixels *px, const struct flock_view *v,
    const struct map *m, float limit)
{
	struct image *im = &px->image;
	size_t i, n = (size_t)im->w * (size_t)im->h;
	uint64_t hist[32], total = 0;
	unsigned char table[SHADE_TABLE];
	uint32_t lit, top, c;
	double octaves;

	memset(px->count, 0, n * sizeof *px->count);
	for (i = 0; i < v->n; i++) {
		float fx = v->x[i] * m->ax + m->bx, fy = v->y[i] * m->ay + m->by;

		if (fx >= 0.0f && fx < m->w && fy >= 0.0f && fy < m->h)
			px->count[(size_t)fy * (size_t)im->w + (size_t)fx]++;
	}
	memset(hist, 0, sizeof hist);
	for (i = 0; i < n; i++)
		if ((c = px->count[i]) != 0) {
			hist[(int)floor(log2((double)c))] += c;
			total += c;
		}
	if (total == 0)
		return;
	lit = field_threshold(hist, total, FIELD_SKY_SHARE);
	top = field_threshold(hist, total, TOP_SHARE);
	top = top > lit ? top : lit;
	octaves = log2((double)top / (double)lit) + 1.0;
	for (c = 0; c < SHADE_TABLE; c++)
		table[c] = (unsigned char)(c >= lit ? shade_of(c, lit, octaves) :
		    0);
	for (i = 0; i < n; i++) {
		int x, y, level;

		if ((c = px->count[i]) < lit)
			continue;
		x = (int)(i % (size_t)im->w);
		y = (int)(i / (size_t)im->w);
		level = c < SHADE_TABLE ? table[c] : shade_of(c, lit, octaves);
		im->pix[i] = px->shade[density_row(px, x, y, c, lit, limit)]
		    [level];
	}
}

static void
draw_marks(struct pixels *px, const struct flock_view *v,
    const struct flock_params *p, const struct map *m, int placed)
{
	size_t k;
	int x, y;

	for (k = 0; k < v->npred; k++)
		if (pixel_of(m, v->px[k], v->py[k], &x, &y))
			put_sprite(px, SPRITE_PREDATOR + sprite_heading(
			    (double)(v->pvx[k] * m->ax),
			    (double)(v->pvy[k] * m->ay)),
			    px->role[ROLE_PREDATOR], x, y,
			    PIXELS_SLOT_PREDATOR(v->n, k), IMAGE_LAYER_MARKS,
			    placed);
	if (p && p->goal_on && pixel_of(m, p->goal_x * v->w, p->goal_y * v->h,
	    &x, &y))
		put_sprite(px, SPRITE_GOAL, px->role[ROLE_GOAL], x, y,
		    PIXELS_SLOT_GOAL(v->n), IMAGE_LAYER_MARKS, placed);
}

/* Room in the list for every sprite the frame may place: 0, or -1. */
static int
list_fit(struct pixels *px, const struct flock_view *v)
{
	size_t need = v->n + v->npred + 1;
	struct image_sprite *l;

	if (need <= px->list_cap && px->list)
		return 0;
	l = realloc(px->list, need * sizeof *l);
	if (!l)
		return -1;
	px->list = l;
	px->list_cap = need;
	return 0;
}

/* Room for a byte of each of n boids in *a, holding *have: the bytes
 * of boids new to it are returned (NULL when there are none, or no
 * memory: the array then stays as it was). */
static unsigned char *
boid_bytes_fit(unsigned char **a, size_t *have, size_t n)
{
	unsigned char *grown, *fresh;

	if (n <= *have)
		return NULL;
	grown = realloc(*a, n);
	if (!grown)
		return NULL;
	fresh = grown + *have;
	*a = grown;
	*have = n;
	return fresh;
}

/* Room for each boid's held heading, none held yet for new ones, and
 * for the colour each boid's dart was drawn in; without them headings
 * are not held, and no colour is kept. */
static void
boid_fit(struct pixels *px, const struct flock_view *v)
{
	size_t had = px->nheld;
	unsigned char *fresh = boid_bytes_fit(&px->held, &px->nheld, v->n);

	if (fresh)
		memset(fresh, 0xff, v->n - had);
	(void)boid_bytes_fit(&px->drawn, &px->ndrawn, v->n);
}

void
pixels_compose(struct pixels *px, const struct flock_view *v,
    const struct flock_params *p, const struct camera *cam, int placed)
{
	uint64_t hist[32];
	float limit = p ? p->max_speed : 0.0f;
	struct map m;
	uint32_t unit;

	px->nlist = 0;
	if (!px->image.pix || px->image.w == 0 || px->image.h == 0 ||
	    !px->bcount || !(cam->scale > 0.0))
		return;
	/* Without room for the list, everything is drawn instead. */
	if (placed && list_fit(px, v) < 0)
		placed = 0;
	boid_fit(px, v);
	map_make(&m, px, cam);
	image_clear(&px->image);
	add_blocks(px, v, &m, hist);
	unit = field_threshold(hist, px->shown, FIELD_SKY_SHARE);
	px->dense = choose_dense(px);
	draw_obstacles(px, v, &m);
	if (px->dense)
		draw_density(px, v, &m, limit);
	else
		draw_boids(px, v, &m, unit, limit, placed);
	draw_marks(px, v, p, &m, placed);
}
