/*
 * test_status.c: the status line's text (src/view/status.c), token by
 * token against what the brief fixes: the multipliers with two
 * decimals, the wind with the digits it has, the goal in the world's
 * cells, the counts, a flock kept to one thread, the states at the right
 * end, and cuts at a token's end on a narrow line.
 */
#include <string.h>

#include "check.h"
#include "engine/flock.h"
#include "view/status.h"

static void
status_default(struct status *s, struct flock_params *p)
{
	flock_params_default(p);
	p->cohesion = p->separation = p->alignment = 1.0f;
	memset(s, 0, sizeof *s);
	s->params = p;
	s->n = 200;
	s->fps = 30;
	s->selected = WEIGHT_COHESION;
}

static void
test_status(void)
{
	static const char brief[] = "coh 1.00  sep 1.00  ali 1.00  "
	    "wind +0.0,+0.0  goal off  n 200  30 fps";
	struct status s;
	struct flock_params p;
	char buf[256];
	int sel, len, state;

	status_default(&s, &p);
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strcmp(buf, brief) == 0);
	CHECK_INT(sel, 0);
	CHECK_INT(len, 8);
	CHECK_INT(state, (int)strlen(brief));

	s.selected = WEIGHT_ALIGNMENT;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK_INT(sel, 20);
	CHECK_INT(len, 8);
	CHECK(strncmp(buf + sel, "ali 1.00", 8) == 0);

	/* Goal in its cell, winds and weights with their signs. */
	p.goal_on = 1;
	p.goal_x = 0.5f;
	p.goal_y = 0.5f;
	p.wind_x = -0.1f;
	p.wind_y = 0.3f;
	p.cohesion = -10.0f;
	p.separation = -0.001f;  /* rounds to zero: no minus sign */
	s.selected = WEIGHT_COHESION;
	s.n = 10000000;
	s.fps = 240;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "coh -10.00  sep 0.00  ali 1.00  wind -0.1,+0.3  "
	    "goal 40,11  n 10000000  240 fps") == 0);
	CHECK_INT(len, 10);
	/* The goal's cell stays in the world at the far edges. */
	p.goal_x = 1.0f;
	p.goal_y = 1.0f;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "goal 79,22  ") != NULL);

	/* A fled goal shows as flee; wind with the digits it has, both
	 * parts alike; predators counted at the end while they fly. */
	p.goal_weight = -1.0f;
	p.wind_x = 0.04f;
	p.wind_y = 0.0f;
	s.npred = 3;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "coh -10.00  sep 0.00  ali 1.00  wind +0.04,+0.00  "
	    "flee 79,22  n 10000000  240 fps  pred 3") == 0);
	p.wind_x = -0.125f;
	p.wind_y = 0.5f;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "  wind -0.125,+0.500  ") != NULL);
	p.wind_x = 0.0001f;   /* four decimals at the most */
	p.wind_y = 0.123456f;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "  wind +0.0001,+0.1235  ") != NULL);
	p.wind_x = -0.00001f;   /* below that, in an exponent: not none */
	p.wind_y = 0.0f;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "  wind -1e-05,+0.0  ") != NULL);
	p.wind_x = 0.00001f;
	p.wind_y = 0.3333333f;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "  wind +1e-05,+0.3333  ") != NULL);
	/* Narrow: pred goes first, the brief's tokens stay in place. */
	p.wind_x = 0.0f;
	p.wind_y = 0.0f;
	status_text(buf, sizeof buf, &s, 80, 23, 80, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "coh -10.00  sep 0.00  ali 1.00  wind +0.0,+0.0  "
	    "flee 79,22  n 10000000  240 fps") == 0);
	s.npred = 0;
	p.goal_weight = 1.0f;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "pred") == NULL && strstr(buf, "goal 79,22") != NULL);
	/* Fear and leaders counted after the predators, while they are on
	 * (zero too); nothing of them while off. */
	CHECK(strstr(buf, "afraid") == NULL && strstr(buf, "lead") == NULL);
	s.npred = 2;
	s.fear = s.leading = 1;
	s.afraid = 37;
	s.leaders = 0;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "  240 fps  pred 2  afraid 37  lead 0") != NULL);
	CHECK(strstr(buf, "thread") == NULL);
	/* A flock kept to one thread, its threads refused, says so. */
	s.one_thread = 1;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK(strstr(buf, "  lead 0  1 thread") != NULL);
	s.one_thread = 0;
	s.npred = 0;
	s.fear = s.leading = 0;

	/* States at the end. */
	status_default(&s, &p);
	p.scatter = 1;
	s.paused = 1;
	status_text(buf, sizeof buf, &s, 80, 23, 200, &sel, &len,
	    &state);
	CHECK_INT(strlen(buf), strlen(brief) + 17);
	CHECK(strcmp(buf + strlen(brief), "  SCATTER  PAUSED") == 0);
	CHECK_INT(state, (int)strlen(brief) + 2);
	/* At 80 columns the states keep the right end; whole tokens go. */
	status_text(buf, sizeof buf, &s, 80, 23, 80, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "coh 1.00  sep 1.00  ali 1.00  wind +0.0,+0.0  "
	    "goal off  n 200  SCATTER  PAUSED") == 0);
	CHECK(strlen(buf) <= 80);
	/* Narrow: cut from the right at a token's end. */
	p.scatter = 0;
	s.paused = 0;
	status_text(buf, sizeof buf, &s, 80, 23, 40, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "coh 1.00  sep 1.00  ali 1.00") == 0);
	s.selected = WEIGHT_ALIGNMENT;
	status_text(buf, sizeof buf, &s, 80, 23, 24, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "coh 1.00  sep 1.00") == 0);
	CHECK_INT(len, 0);  /* the selected token was cut off */
	/* Narrower than one token: cut right at the edge. */
	s.selected = WEIGHT_COHESION;
	status_text(buf, sizeof buf, &s, 80, 23, 5, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "coh 1") == 0);
	CHECK_INT(len, 5);
	status_text(buf, sizeof buf, &s, 80, 23, 0, &sel, &len,
	    &state);
	CHECK(strcmp(buf, "") == 0);
	/* Never past the buffer. */
	status_text(buf, 12, &s, 80, 23, 200, &sel, &len, &state);
	CHECK(strlen(buf) <= 11);
}

int
main(void)
{
	test_status();
	return check_exit("test_status");
}
