/*
 * test_panel.c: the measures panel's numbers and text (src/view/panel.c).
 *
 * Its values are the headless line's, from the same flock at the same
 * step; a minute of history is cells of PANEL_CELL_NS, each the mean of
 * what came in during it, drawn oldest first as a sparkline scaled
 * between the least and the greatest cell; the text follows the numbers
 * at most every PANEL_TEXT_NS, and at once while paused. Times are given,
 * not read, so nothing here waits.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "view/panel.h"

#define S 1000000000LL

static void
test_spark(void)
{
	char buf[8];

	panel_spark(buf, 0.0, 0.0, 7.0, 1);
	CHECK(strcmp(buf, "\xe2\x96\x81") == 0);      /* U+2581 */
	panel_spark(buf, 7.0, 0.0, 7.0, 1);
	CHECK(strcmp(buf, "\xe2\x96\x88") == 0);      /* U+2588 */
	panel_spark(buf, 3.4, 0.0, 7.0, 1);           /* 3.4 + 0.5: 3 */
	CHECK(strcmp(buf, "\xe2\x96\x84") == 0);
	panel_spark(buf, 3.6, 0.0, 7.0, 1);           /* rounds up to 4 */
	CHECK(strcmp(buf, "\xe2\x96\x85") == 0);
	panel_spark(buf, 100.0, 0.0, 7.0, 1);         /* kept in range */
	CHECK(strcmp(buf, "\xe2\x96\x88") == 0);
	panel_spark(buf, -5.0, 0.0, 7.0, 0);
	CHECK(strcmp(buf, "_") == 0);
	panel_spark(buf, 7.0, 0.0, 7.0, 0);
	CHECK(strcmp(buf, "#") == 0);
	panel_spark(buf, 2.0, 0.0, 7.0, 0);
	CHECK(strcmp(buf, "-") == 0);
	panel_spark(buf, 5.0, 5.0, 5.0, 0);           /* no range: lowest */
	CHECK(strcmp(buf, "_") == 0);
}

/* The line of a measure, by its name. */
static const char *
line_of(const char *const *lines, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strncmp(lines[i], name, strlen(name)) == 0 &&
		    lines[i][strlen(name)] == ' ')
			return lines[i];
	return NULL;
}

/* The value column of a measure's line. */
static int
value_is(const char *line, const char *want)
{
	char name[32], value[32];

	return line && sscanf(line, "%13[^0-9-] %31s", name, value) == 2 &&
	    strcmp(value, want) == 0;
}

static void
test_measures(void)
{
	struct flock_params p;
	struct flock_stats st;
	struct panel *pn = panel_new();
	struct flock *f;
	const char *const *lines;
	char want[32];
	size_t n;
	int k;

	flock_params_default(&p);
	f = flock_new(60, 80.0f, 46.0f, &p, 3, 2, 0);
	CHECK(pn && f);
	if (!pn || !f)
		return;
	for (k = 0; k < 40; k++)
		flock_step(f);
	CHECK(panel_due(pn, 0, 40, 0));          /* nothing measured yet */
	panel_measure(pn, f, 40, 0);
	flock_measure(f, &st);
	CHECK(!panel_due(pn, 1, 40, 0));         /* the same step */
	CHECK(panel_due(pn, 1, 41, 1));          /* paused: at once */
	CHECK(panel_due(pn, 100 * S, 41, 0));    /* long after */
	/* Neither perching nor predators nor the extensions: those lines
	 * are left out. */
	n = panel_text(pn, 0, 0, 0, 100 * S, 0, 0, &lines);
	CHECK_INT(n, 1 + PANEL_COUNT - 5);
	CHECK(line_of(lines, n, "afraid") == NULL);
	CHECK(line_of(lines, n, "pure") == NULL);
	CHECK(strncmp(lines[0], "step 40 ", 8) == 0);
	CHECK(strstr(lines[0], "measured every frame") != NULL);
	CHECK(line_of(lines, n, "perched") == NULL);
	CHECK(line_of(lines, n, "predator_dist") == NULL);
	snprintf(want, sizeof want, "%.2f", st.order);
	CHECK(value_is(line_of(lines, n, "order"), want));
	snprintf(want, sizeof want, "%.2f", st.spread);
	CHECK(value_is(line_of(lines, n, "spread"), want));
	snprintf(want, sizeof want, "%.1f", st.nbrs);
	CHECK(value_is(line_of(lines, n, "nbrs"), want));
	snprintf(want, sizeof want, "%zu", st.groups);
	CHECK(value_is(line_of(lines, n, "groups"), want));
	/* Nothing came in yet for the terminal's measures. */
	CHECK(value_is(line_of(lines, n, "frame bytes"), "-"));
	for (k = 0; (size_t)k < n; k++)
		CHECK(strlen(lines[k]) <= PANEL_WIDTH);
	/* With both on, both lines, in the order of the measures. */
	n = panel_text(pn, 0, 1, 1, 100 * S, 0, 1, &lines);
	CHECK_INT(n, 1 + PANEL_COUNT - 3);
	snprintf(want, sizeof want, "%.2f", st.predator_dist);
	CHECK(value_is(line_of(lines, n, "predator_dist"), want));
	CHECK(line_of(lines, n, "perched") < line_of(lines, n,
	    "predator_dist"));
	flock_free(f);
	/* A flock with the extensions: their lines, as flock_measure()
	 * has them. */
	p.fear = p.leaders = 1;
	p.species = 3;
	f = flock_new(60, 80.0f, 46.0f, &p, 3, 2, 0);
	CHECK(f != NULL);
	if (f) {
		for (k = 0; k < 60; k++)
			flock_step(f);
		panel_measure(pn, f, 60, 200 * S);
		flock_measure(f, &st);
		n = panel_text(pn, 0, 0, 1, 100 * S, 200 * S, 1, &lines);
		CHECK_INT(n, 1 + PANEL_COUNT - 1);
		snprintf(want, sizeof want, "%.2f", st.afraid);
		CHECK(value_is(line_of(lines, n, "afraid"), want));
		snprintf(want, sizeof want, "%zu", st.leaders);
		CHECK(value_is(line_of(lines, n, "leaders"), want));
		snprintf(want, sizeof want, "%.2f", st.pure);
		CHECK(value_is(line_of(lines, n, "pure"), want));
		flock_free(f);
	}
	panel_free(pn);
}

/*
 * A minute of frame sizes: cells of two seconds, each the mean of what
 * came in; the sparkline, oldest first, ends with the cells closed so
 * far, the blank cells before them.
 */
static void
test_history(void)
{
	struct panel *pn = panel_new();
	const char *const *lines;
	const char *line;
	size_t n, len;

	CHECK(pn != NULL);
	if (!pn)
		return;
	panel_frame(pn, 10.0, 30.0, 0);
	panel_frame(pn, 30.0, 30.0, S);              /* cell 1: mean 20 */
	panel_frame(pn, 90.0, 30.0, 2 * S);          /* cell 2: 90 */
	panel_frame(pn, 55.0, 30.0, 4 * S);          /* cell 3: 55 */
	panel_frame(pn, 1.0, 29.0, 6 * S);           /* closes cell 3 */
	n = panel_text(pn, 0, 0, 0, 0, 6 * S, 1, &lines);
	line = line_of(lines, n, "frame bytes");
	CHECK(value_is(line, "1"));                  /* the latest */
	CHECK(line != NULL);
	if (!line)
		return;
	len = strlen(line);
	/* 20, 90, 55 between 20 and 90: levels 0, 7 and 3.5 + 0.5 = 4. */
	CHECK(len >= PANEL_CELLS && strcmp(line + len - 3, "_#=") == 0);
	CHECK(line[len - 4] == ' ');
	CHECK(value_is(line_of(lines, n, "frames shown"), "29/s"));
	panel_free(pn);
}

/* New measures show at most every PANEL_TEXT_NS, at once while paused,
 * and a panel opened again starts afresh. */
static void
test_text_pace(void)
{
	struct panel *pn = panel_new();
	struct flock_params p;
	struct flock *f;
	const char *const *lines;
	size_t n;

	flock_params_default(&p);
	f = flock_new(20, 80.0f, 46.0f, &p, 9, 0, 0);
	CHECK(pn && f);
	if (!pn || !f)
		return;
	panel_measure(pn, f, 1, 0);
	panel_text(pn, 0, 0, 0, 0, 0, 0, &lines);
	CHECK(strncmp(lines[0], "step 1 ", 7) == 0);
	panel_measure(pn, f, 2, PANEL_TEXT_NS / 2);
	panel_text(pn, 0, 0, 0, 0, PANEL_TEXT_NS / 2, 0, &lines);
	CHECK(strncmp(lines[0], "step 1 ", 7) == 0);   /* too soon */
	panel_text(pn, 0, 0, 0, 0, PANEL_TEXT_NS / 2, 1, &lines);
	CHECK(strncmp(lines[0], "step 2 ", 7) == 0);   /* paused */
	panel_measure(pn, f, 3, PANEL_TEXT_NS);
	panel_text(pn, 0, 0, 0, 0, PANEL_TEXT_NS * 3 / 2, 0, &lines);
	CHECK(strncmp(lines[0], "step 3 ", 7) == 0);   /* in time */
	/* Another glyph set: made again at once. */
	panel_measure(pn, f, 4, PANEL_TEXT_NS * 3 / 2);
	panel_text(pn, 1, 0, 0, 0, PANEL_TEXT_NS * 3 / 2, 0, &lines);
	CHECK(strncmp(lines[0], "step 4 ", 7) == 0);
	panel_clear(pn);
	n = panel_text(pn, 0, 0, 0, 0, 0, 0, &lines);
	CHECK(strncmp(lines[0], "step 0 ", 7) == 0);
	CHECK(value_is(line_of(lines, n, "order"), "-"));
	panel_free(pn);
	flock_free(f);
}

int
main(void)
{
	test_spark();
	test_measures();
	test_history();
	test_text_pace();
	return check_exit("test_panel");
}
