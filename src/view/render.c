/*
 * render.c: a frame on screen: the glyph grid, the status line, the key
 * overlay and the measures panel.
 *
 * The glyph grid comes from field.c, which works out one glyph, one
 * style and one tone per cell through the camera; here each becomes a
 * character in the grid's curses window, in the colour of its style,
 * or where the theme tones the boids (by heading, speed or crowding),
 * of its tone. theme.c gives the colours for the terminal's depth and
 * background; until the background is known they are drawn in the
 * terminal's own foreground. The status line has a window of its own,
 * below the grid, and its text comes from status.c; the panel and the
 * overlay lie over the grid. With trails on, the cells the boids just
 * left show them (trails.c), in the colour of the boids that left.
 * Nothing is sent here: the terminal module sends the frame.
 *
 * When the field is a picture in pixels, drawn by another hand, its
 * cells stay blank here and only the text over it is drawn: on a
 * background of its own where pictures lie under text; where they
 * paint over text, the picture leaves out the text's box
 * (render_text_box()).
 *
 * Few attributes, shared by neighbouring cells, keep the bytes sent low:
 * blank cells carry the boids' colour, a lone boid and a few differ by
 * one colour change, and the status line and the panel are redrawn only
 * when their text changes.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/utf8.h"
#include "render.h"
#include "term/term.h"
#include "trails.h"

/* Colour pairs: the marks (in the order of the theme's roles), then
 * the theme's tones. */
enum { PAIR_BOID = 1, PAIR_CROWD, PAIR_DENSE, PAIR_PREDATOR, PAIR_PERCHED,
	PAIR_OBSTACLE, PAIR_GOAL, PAIR_AFRAID, PAIR_LEADER, PAIR_KIND,
	PAIR_TONE = PAIR_KIND + FLOCK_MAX_SPECIES,
	PAIR_OPAQUE = PAIR_TONE + THEME_MAX_TONES,
	PAIR_COUNT };

struct render {
	int unicode, colors;
	int narrow;                /* one cell wide anywhere: no Unicode
	                            * frames or marks */
	struct theme_palette pal;  /* the theme's colours, in the pairs */
	short tone_pair[THEME_MAX_TONES]; /* the pair each tone is drawn in */
	int plain;                 /* no colours till the background is known */
	int light;                 /* on a light background */
	int cols, lines, rows;     /* the terminal, and the grid's rows */
	int usable;
	WINDOW *field_win, *status; /* the field's window, the status line's */
	struct field field;        /* the frame as glyphs */
	struct trails trails;      /* where the boids just were */
	int world_cols, world_rows; /* the world's cells, for the goal */
	WINDOW *panel;             /* over the grid, drawn when it changes */
	char panel_shown[2048];    /* the panel's lines as last drawn */
	cchar_t box[6];            /* horizontal, vertical, four corners */
	char shown[STATUS_MAX];    /* the status line on screen */
	int shown_sel, shown_sel_len, shown_state;
	int status_valid;
	enum render_field how;     /* cells, or pixels under or beside text */
	int opaque;                /* the pair of text over pixels, or 0 */
};

/* The cell of a point, or 0 outside; comparisons fail for NaN, so a
 * point that is not a number is outside too. */
static int
cell_of(float x, float y, int cols, int rows, size_t *col, size_t *row)
{
	if (!(x >= 0.0f && x < (float)cols && y >= 0.0f &&
	    y < 2.0f * (float)rows))
		return 0;
	/* Truncation is floor here, as both are non-negative; y * 0.5 is
	 * exact, so a row never reaches rows. */
	*col = (size_t)x;
	*row = (size_t)(y * 0.5f);
	return 1;
}

int
render_cell(float x, float y, int cols, int rows, int *col, int *row)
{
	size_t c, r;

	if (cols <= 0 || rows <= 0 || !cell_of(x, y, cols, rows, &c, &r))
		return 0;
	*col = (int)c;
	*row = (int)r;
	return 1;
}

int
render_usable(int cols, int lines)
{
	return cols >= RENDER_MIN_COLS && lines >= RENDER_MIN_LINES;
}

static void
glyph_set(cchar_t *cc, const wchar_t *text, attr_t attr, short pair)
{
	setcchar(cc, text, attr, pair, NULL);
}

/* The pairs of the theme's colours, each on the terminal's own
 * background (term.c made -1 mean it). A terminal of direct colour
 * gets the RGB, under the number the terminal module gives it. */
static void
pair_set(const struct render *r, int k, struct theme_color c)
{
	int direct = r->colors > 256 && c.index >= 16 ?
	    term_direct_color(c.rgb) : -1;

	if (direct >= 0)
		init_extended_pair(k, direct, -1);
	else
		init_pair((short)k, c.index, -1);
}

/* The background of text over pixels that lie under text: the darkest
 * or lightest of the terminal's fixed colours, as its background is
 * dark or light, the terminal's own foreground on it. */
static void
opaque_set(const struct render *r)
{
	if (r->colors >= 256)
		init_pair(PAIR_OPAQUE, -1, r->light ? 231 : 16);
	else
		init_pair(PAIR_OPAQUE, -1, r->light ? COLOR_WHITE : COLOR_BLACK);
}

/* A tone of the lone boids' colour is drawn in their pair: curses
 * changes colour whenever the pair changes, even to the same colour. */
static void
colors_init(struct render *r)
{
	struct theme_color boid = r->pal.role[ROLE_BOID];
	int k;

	for (k = 0; k < ROLE_COUNT; k++)
		pair_set(r, PAIR_BOID + k, r->pal.role[k]);
	opaque_set(r);
	for (k = 0; k < r->pal.ntones; k++) {
		struct theme_color c = r->pal.tone[k];

		r->tone_pair[k] = (short)(c.index == boid.index &&
		    c.rgb == boid.rgb ? PAIR_BOID : PAIR_TONE + k);
		pair_set(r, PAIR_TONE + k, c);
	}
}

/* Blanks in the boids' colour: on the default background they look the
 * same, and a run of boids and gaps then needs no colour changes at all,
 * where each change back and forth cost 20 bytes. */
static void
paint_blanks(const struct render *r)
{
	if (r->field_win)
		wbkgdset(r->field_win, ' ' | (r->colors > 0 && !r->plain ?
		    COLOR_PAIR(PAIR_BOID) : 0));
}

void
render_set_theme(struct render *r, enum theme_name t,
    enum theme_background bg)
{
	field_set_tone_by(&r->field, theme_tone_of(t, 0),
	    theme_tone_of(t, 1));
	if (r->colors <= 0)
		return;
	r->plain = bg == THEME_BG_AUTO;
	r->light = bg == THEME_BG_LIGHT;
	theme_palette(t, r->colors, bg, &r->pal);
	/* Neighbours share a hue within a colour of a ring as fine as the
	 * cube's or finer, never across the eight colours' wide steps. */
	field_set_hue_ring(&r->field, r->pal.ring ? r->pal.ntones : 0);
	if (!r->plain)
		colors_init(r);
	paint_blanks(r);
}

static void
glyphs_init(struct render *r)
{
	static const wchar_t *const ascii_box[6] = { L"-", L"|", L"+", L"+",
		L"+", L"+" };
	static const wchar_t *const unicode_box[6] = { L"\u2500", L"\u2502",
		L"\u250c", L"\u2510", L"\u2514", L"\u2518" };
	int k;

	for (k = 0; k < 6; k++)
		glyph_set(&r->box[k], r->unicode && !r->narrow ? unicode_box[k] :
		    ascii_box[k], A_NORMAL, 0);
}

void
render_set_narrow(struct render *r, int narrow)
{
	r->narrow = narrow;
	glyphs_init(r);
	field_set_narrow(&r->field, narrow);
	r->panel_shown[0] = '\0';  /* its frame drawn again */
}

struct render *
render_new(int unicode, int colors)
{
	struct render *r = calloc(1, sizeof *r);

	if (!r)
		return NULL;
	r->unicode = unicode;
	r->colors = colors;
	glyphs_init(r);
	field_init(&r->field, unicode, FIELD_AUTO);
	trails_init(&r->trails);
	render_set_theme(r, THEME_HEADING, THEME_BG_DARK);
	return r;
}

static void
windows_free(struct render *r)
{
	if (r->field_win)
		delwin(r->field_win);
	if (r->status)
		delwin(r->status);
	if (r->panel)
		delwin(r->panel);
	r->field_win = r->status = r->panel = NULL;
}

void
render_free(struct render *r)
{
	if (!r)
		return;
	windows_free(r);
	field_free(&r->field);
	trails_free(&r->trails);
	free(r);
}

static int
windows_make(struct render *r)
{
	r->field_win = newwin(r->rows, r->cols, 0, 0);
	r->status = newwin(1, r->cols, r->rows, 0);
	if (!r->field_win || !r->status) {
		windows_free(r);
		return -1;
	}
	leaveok(r->field_win, TRUE);
	leaveok(r->status, TRUE);
	paint_blanks(r);
	wbkgdset(r->status, ' ' | A_REVERSE);
	return 0;
}

int
render_resize(struct render *r, int cols, int lines)
{
	windows_free(r);
	r->cols = cols > 0 ? cols : 0;
	r->lines = lines > 0 ? lines : 0;
	r->rows = r->lines > 0 ? r->lines - 1 : 0;
	r->status_valid = 0;
	r->usable = 0;
	/* stdscr lies under both windows; sent once blank, it stays
	 * untouched, so reading keys through it never repaints it. */
	werase(stdscr);
	wnoutrefresh(stdscr);
	if (!render_usable(cols, lines))
		return 0;
	/* The grid's buffers grow with the terminal and never shrink,
	 * so resizing back and forth allocates only the first time. */
	if (field_fit(&r->field, r->cols, r->rows) < 0 ||
	    windows_make(r) < 0)
		return -1;
	r->usable = 1;
	return 0;
}

void
render_invalidate(struct render *r)
{
	r->status_valid = 0;
}

/* The colour pair and attributes of a cell's style; boids the theme
 * tones take their tone's colour. */
static void
cell_look(const struct render *r, const struct field_cell *c, attr_t *attr,
    short *pair)
{
	static const short pairs[] = { 0, PAIR_BOID, PAIR_CROWD, PAIR_DENSE,
		PAIR_PREDATOR, PAIR_PERCHED, PAIR_OBSTACLE, PAIR_GOAL,
		PAIR_AFRAID, PAIR_LEADER, PAIR_BOID };
	int col = r->colors > 0 && !r->plain, tone;

	*attr = A_NORMAL;
	*pair = 0;
	if (col)
		*pair = pairs[c->style];
	/* A crowd is heavier, not paler: a lighter shade reads as fewer
	 * boids on a light background. */
	switch (c->style) {
	case STYLE_CROWD:
	case STYLE_DENSE:
	case STYLE_PREDATOR:
	case STYLE_GOAL:
	case STYLE_AFRAID:
		*attr = A_BOLD;
		break;
	case STYLE_LEADER:
		*attr = A_BOLD | A_UNDERLINE;
		break;
	default:
		break;
	}
	if (c->style == STYLE_AFRAID || c->style == STYLE_LEADER)
		return;
	/* A species is told by its own colour, over what the theme tones. */
	if (col && c->kind >= 0)
		*pair = (short)(PAIR_KIND + c->kind);
	else if (col && (tone = theme_tone_color(&r->pal, c->tone)) >= 0)
		*pair = r->tone_pair[tone];
}

static void
draw_cells(struct render *r)
{
	const struct field *f = &r->field;
	size_t k = 0;
	int row, col;

	for (row = 0; row < f->rows; row++)
		for (col = 0; col < f->cols; col++, k++) {
			const struct field_cell *c = &f->out[k];
			wchar_t text[2];
			cchar_t cc;
			attr_t attr;
			short pair;

			if (!c->ch)
				continue;
			text[0] = c->ch;
			text[1] = L'\0';
			cell_look(r, c, &attr, &pair);
			setcchar(&cc, text, attr, pair, NULL);
			mvwadd_wch(r->field_win, row, col, &cc);
		}
}

/* Text that stops at column limit instead of wrapping. */
static void
put_clipped(WINDOW *w, int row, int col, int limit, const char *text)
{
	int room = limit - col;

	if (row < 0 || row >= getmaxy(w) || col < 0 || room <= 0)
		return;
	mvwaddnstr(w, row, col, text, room);
}

static void
help_size(const struct status *s, int *keyw, int *whatw)
{
	size_t i;

	*keyw = *whatw = 0;
	for (i = 0; i < s->nhelp; i++) {
		int k = (int)strlen(s->help[i].keys);
		int w = (int)strlen(s->help[i].what);

		*keyw = k > *keyw ? k : *keyw;
		*whatw = w > *whatw ? w : *whatw;
	}
}

/* Where the overlay goes: its box of bw by bh cells from (x0, y0),
 * compact when the grid is too short for all of it: 1, no blank row
 * and the footer in the bottom border; 2, taller still, the bottom
 * border falls below the grid and the footer follows the title in the
 * top one, where it is always seen. */
struct help_box {
	int keyw, x0, y0, bw, bh, compact;
};

static void
help_geometry(const struct render *r, const struct status *s,
    struct help_box *b)
{
	const char *title = s->help_title ? s->help_title : " keys ";
	const char *foot = s->help_foot ? s->help_foot : "any key closes this";
	int whatw, foot_w;

	help_size(s, &b->keyw, &whatw);
	b->bh = (int)s->nhelp + 4;
	b->compact = b->bh > r->rows;
	if (b->compact)
		b->bh -= 2;
	if (b->compact && b->bh > r->rows)
		b->compact = 2;
	foot_w = (int)strlen(foot) +
	    (b->compact == 2 ? (int)strlen(title) + 1 : 0);
	if (whatw < foot_w - b->keyw - 2)
		whatw = foot_w - b->keyw - 2;
	b->bw = b->keyw + whatw + 6;
	b->x0 = b->bw < r->cols ? (r->cols - b->bw) / 2 : 0;
	b->y0 = b->bh < r->rows ? (r->rows - b->bh) / 2 : 0;
}

/* A framed list of the keys in the middle of the grid, clipped to it. */
static void
draw_help(struct render *r, const struct status *s)
{
	const char *title = s->help_title ? s->help_title : " keys ";
	const char *foot = s->help_foot ? s->help_foot : "any key closes this";
	struct help_box b;
	int keyw, bw, bh, x0, y0, x1, i, compact;

	help_geometry(r, s, &b);
	keyw = b.keyw;
	bw = b.bw;
	bh = b.bh;
	x0 = b.x0;
	y0 = b.y0;
	compact = b.compact;
	x1 = x0 + bw < r->cols ? x0 + bw : r->cols;
	wbkgdset(r->field_win, ' ' | COLOR_PAIR(r->opaque));
	for (i = 0; i < bh && y0 + i < r->rows; i++) {
		wattrset(r->field_win, A_NORMAL);
		mvwhline(r->field_win, y0 + i, x0, ' ', x1 - x0);
		mvwadd_wch(r->field_win, y0 + i, x0, &r->box[1]);
		if (x0 + bw - 1 < r->cols)
			mvwadd_wch(r->field_win, y0 + i, x0 + bw - 1, &r->box[1]);
	}
	mvwhline_set(r->field_win, y0, x0, &r->box[0], x1 - x0);
	if (y0 + bh - 1 < r->rows)
		mvwhline_set(r->field_win, y0 + bh - 1, x0, &r->box[0], x1 - x0);
	mvwadd_wch(r->field_win, y0, x0, &r->box[2]);
	if (x0 + bw - 1 < r->cols) {
		mvwadd_wch(r->field_win, y0, x0 + bw - 1, &r->box[3]);
		if (y0 + bh - 1 < r->rows)
			mvwadd_wch(r->field_win, y0 + bh - 1, x0 + bw - 1,
			    &r->box[5]);
	}
	if (y0 + bh - 1 < r->rows)
		mvwadd_wch(r->field_win, y0 + bh - 1, x0, &r->box[4]);
	put_clipped(r->field_win, y0, x0 + 2, x1, title);
	if (compact == 2) {
		int at = x0 + 2 + (int)strlen(title);

		put_clipped(r->field_win, y0, at, x1 - 1, " ");
		put_clipped(r->field_win, y0, at + 1, x1 - 1, foot);
		put_clipped(r->field_win, y0, at + 1 + (int)strlen(foot),
		    x1 - 1, " ");
	}
	for (i = 0; i < (int)s->nhelp; i++) {
		wattrset(r->field_win, A_BOLD);
		put_clipped(r->field_win, y0 + 1 + i, x0 + 2, x1 - 1,
		    s->help[i].keys);
		wattrset(r->field_win, A_NORMAL);
		put_clipped(r->field_win, y0 + 1 + i, x0 + 4 + keyw, x1 - 1,
		    s->help[i].what);
	}
	if (compact == 1) {
		put_clipped(r->field_win, y0 + bh - 1, x0 + 2, x1 - 1, " ");
		put_clipped(r->field_win, y0 + bh - 1, x0 + 3, x1 - 1, foot);
		put_clipped(r->field_win, y0 + bh - 1, x0 + 3 + (int)strlen(foot),
		    x1 - 1, " ");
	} else if (compact == 0) {
		put_clipped(r->field_win, y0 + bh - 2, x0 + 2, x1 - 1, foot);
	}
	paint_blanks(r);
}

/* At most room columns of UTF-8 text, each character one column wide
 * (the panel's are). */
static void
put_columns(WINDOW *w, int row, int col, int room, const char *text)
{
	if (row < 0 || row >= getmaxy(w) || col < 0 || room <= 0)
		return;
	mvwaddnstr(w, row, col, text, (int)utf8_span(text, strlen(text),
	    (size_t)room));
}

/* The panel's lines, one after another, to tell whether they changed. */
static void
join_panel(const struct status *s, char *buf, size_t len)
{
	size_t i, at = 0;

	for (i = 0; i < s->npanel && at + 1 < len; i++) {
		int n = snprintf(buf + at, len - at, "%s\n", s->panel[i]);

		if (n < 0)
			break;
		at += (size_t)n;
	}
	buf[at < len ? at : len - 1] = '\0';
}

/* The panel in a frame of its own window.  */
static void
draw_panel_box(struct render *r, const struct status *s, int w, int h)
{
	static const char title[] = " measures (i closes) ";
	WINDOW *pw = r->panel;
	int i;

	wbkgdset(pw, ' ' | COLOR_PAIR(r->opaque));
	werase(pw);
	wattrset(pw, A_NORMAL);
	for (i = 0; i < h; i++) {
		mvwadd_wch(pw, i, 0, &r->box[1]);
		mvwadd_wch(pw, i, w - 1, &r->box[1]);
	}
	mvwhline_set(pw, 0, 0, &r->box[0], w);
	mvwhline_set(pw, h - 1, 0, &r->box[0], w);
	mvwadd_wch(pw, 0, 0, &r->box[2]);
	mvwadd_wch(pw, 0, w - 1, &r->box[3]);
	mvwadd_wch(pw, h - 1, 0, &r->box[4]);
	mvwadd_wch(pw, h - 1, w - 1, &r->box[5]);
	put_clipped(pw, 0, 2, w - 1, title);
	for (i = 0; i < (int)s->npanel && i + 1 < h - 1; i++)
		put_columns(pw, 1 + i, 2, w - 3, s->panel[i]);
}

/*
 * The measures panel at the grid's top right, clipped to it, in a
 * window of its own: its text changes a few times a second, so it is
 * drawn only then and otherwise laid over each frame as it stands,
 * which costs a frame little. Closed, or under the key overlay, it has
 * no window.
 */
/* Where the panel goes: w by h cells from column x0 of the top row;
 * 0 when it has no room or is closed. */
static int
panel_geometry(const struct render *r, const struct status *s, int *w,
    int *h, int *x0)
{
	*w = s->panel_width + 4;
	*h = (int)s->npanel + 2;
	if (!s->npanel || s->help)
		return 0;
	*w = *w < r->cols ? *w : r->cols;
	*h = *h < r->rows ? *h : r->rows;
	*x0 = r->cols - *w;
	return *w >= 3 && *h >= 3;
}

static void
draw_panel(struct render *r, const struct status *s)
{
	char now[sizeof r->panel_shown];
	int w, h, x0;

	if (!s->npanel || s->help) {
		if (r->panel)
			delwin(r->panel);
		r->panel = NULL;
		return;
	}
	if (!panel_geometry(r, s, &w, &h, &x0))
		return;
	if (r->panel && (getmaxx(r->panel) != w || getmaxy(r->panel) != h ||
	    getbegx(r->panel) != x0)) {
		delwin(r->panel);
		r->panel = NULL;
	}
	join_panel(s, now, sizeof now);
	if (!r->panel) {
		if (!(r->panel = newwin(h, w, 0, x0)))
			return;
		leaveok(r->panel, TRUE);
		r->panel_shown[0] = '\0';
	}
	if (strcmp(now, r->panel_shown) != 0 || !r->panel_shown[0] ||
	    getbkgd(r->panel) != (chtype)(' ' | COLOR_PAIR(r->opaque))) {
		draw_panel_box(r, s, w, h);
		memcpy(r->panel_shown, now, sizeof now);
	}
	touchwin(r->panel);
	wnoutrefresh(r->panel);
}

int
render_text_box(const struct render *r, const struct status *s, int box[4])
{
	struct help_box b;
	int w, h, x0;

	if (!r->usable)
		return 0;
	if (s->help) {
		help_geometry(r, s, &b);
		box[0] = b.x0;
		box[1] = b.y0;
		box[2] = b.x0 + b.bw < r->cols ? b.bw : r->cols - b.x0;
		box[3] = b.y0 + b.bh < r->rows ? b.bh : r->rows - b.y0;
		return 1;
	}
	if (!panel_geometry(r, s, &w, &h, &x0))
		return 0;
	box[0] = x0;
	box[1] = 0;
	box[2] = w;
	box[3] = h;
	return 1;
}

void
render_set_field(struct render *r, enum render_field how)
{
	r->how = how;
	r->opaque = how == RENDER_PIXELS_UNDER_TEXT && r->colors > 0 &&
	    !r->plain ? PAIR_OPAQUE : 0;
}

/* The goal is told in the world's cells (those of the last frame),
 * which are the screen's at 1:1. */
static void
draw_status(struct render *r, const struct status *s)
{
	char text[STATUS_MAX];
	int width = r->cols < STATUS_MAX - 1 ? r->cols : STATUS_MAX - 1;
	int sel, sel_len, state, len;

	status_text(text, sizeof text, s,
	    r->world_cols > 0 ? r->world_cols : r->cols,
	    r->world_rows > 0 ? r->world_rows : r->rows, width, &sel, &sel_len,
	    &state);
	if (s->hidden) {
		text[0] = '\0';
		sel_len = 0;
		state = 0;
	}
	if (r->status_valid && strcmp(text, r->shown) == 0 &&
	    sel == r->shown_sel && sel_len == r->shown_sel_len &&
	    state == r->shown_state)
		return;
	memcpy(r->shown, text, sizeof text);
	r->shown_sel = sel;
	r->shown_sel_len = sel_len;
	r->shown_state = state;
	r->status_valid = 1;
	len = (int)strlen(text);
	wbkgdset(r->status, ' ' | (s->hidden ? A_NORMAL : A_REVERSE));
	werase(r->status);
	mvwaddnstr(r->status, 0, 0, text, width);
	if (sel_len > 0)
		mvwchgat(r->status, 0, sel, sel_len,
		    A_REVERSE | A_BOLD | A_UNDERLINE, 0, NULL);
	if (state < len)
		mvwchgat(r->status, 0, state, len - state, A_REVERSE | A_BOLD,
		    0, NULL);
	wnoutrefresh(r->status);
}

/* The longest notice that fits, centred on stdscr, which has no windows
 * over it while the terminal is too small. */
static void
draw_notice(struct render *r)
{
	static const char *const notice[] = { "terminal too small",
		"too small", "small", "!" };
	size_t k = 0, len;

	while (k + 1 < sizeof notice / sizeof notice[0] &&
	    (int)strlen(notice[k]) > r->cols)
		k++;
	len = strlen(notice[k]);
	werase(stdscr);
	if (r->lines > 0 && r->cols > 0)
		mvwaddnstr(stdscr, (r->lines - 1) / 2,
		    (int)len < r->cols ? (r->cols - (int)len) / 2 : 0,
		    notice[k], r->cols);
	wnoutrefresh(stdscr);
}

void
render_status(struct render *r, const struct status *s)
{
	if (r->usable)
		draw_status(r, s);
}

void
render_frame(struct render *r, const struct flock_view *v,
    const struct status *s)
{
	struct camera cam;

	if (!r->usable) {
		draw_notice(r);
		return;
	}
	if (s->camera)
		cam = *s->camera;
	else
		camera_fit(&cam, v->w, v->h, r->cols, r->rows);
	if (s->glyphs != r->field.glyphs)
		field_set_glyphs(&r->field, s->glyphs);
	werase(r->field_win);
	if (r->how == RENDER_CELLS) {
		field_compose(&r->field, v, s->params, &cam);
		if (s->trails)
			trails_cells(&r->trails, &r->field, &cam,
			    trails_life(s->fps));
		else
			trails_forget(&r->trails);
		draw_cells(r);
	} else {
		trails_forget(&r->trails);
	}
	if (s->help)
		draw_help(r, s);
	wnoutrefresh(r->field_win);
	draw_panel(r, s);
	r->world_cols = (int)v->w;
	r->world_rows = (int)(v->h / 2.0f);
	draw_status(r, s);
}
