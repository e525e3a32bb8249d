/*
 * measure.c: how alive a flock is, from a --trace file, by brute force.
 *
 * Reads the CSV that boids -H --trace writes and, for the boids of every
 * traced step from FROM on, measures what tells a living flock from a
 * frozen one, each worked out over all pairs with no code of the
 * program's own:
 *
 *   hex    median over steps of the median local hexatic order: for each
 *          boid, |mean of exp(6i angle)| over its six nearest neighbours
 *          (1 on a triangular lattice, about 0.3-0.5 in a liquid)
 *   cv     median over steps of the nearest-neighbour distances'
 *          coefficient of variation
 *   one90  share of steps in which one group holds 90% of the boids
 *   changes  how often the number of groups changed, per 1000 steps
 *   gorder median over groups and steps of a group's order
 *   mill   median over groups and steps of a group's rotation order
 *   close  share of boids closer than 0.5 to their nearest neighbour
 *   west   mean over steps of the share of boids in the 15 columns at
 *          the right (downwind of a wind blowing right) of a W-column
 *          field
 *   cx     mean x of the boids at the last step
 *
 * With a species column (--species): pure, the share of the boids in
 * groups that are of their group's commonest species, over all groups
 * and steps, and pure_min, the least such share of any one group. With
 * a fear column (--fear): afraid, the mean share of boids at fear 0.25
 * or more; waves, how many times that share rose above 0.3 from below
 * 0.1 and fell below 0.1 again; beyond, the share of the afraid boids
 * (over all steps) farther than the fear radius from every predator,
 * which only fear passed on can frighten: the radius is six separation
 * distances, three times GAP.
 *
 * Groups are boids linked by gaps of at most GAP (twice the separation
 * distance), at least 5 of them. Prints one line of name=value.
 *
 *     measure FILE FROM GAP W
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 4096
#define STEPS 100000

static float x[MAX], y[MAX], vx[MAX], vy[MAX], fear[MAX];
static int label[MAX], kind[MAX];
static float px[100], py[100];
static int npred;
static double hexs[STEPS], cvs[STEPS], gorders[STEPS * 8], mills[STEPS * 8];

static int
cmp(const void *a, const void *b)
{
	double p = *(const double *)a, q = *(const double *)b;

	return (p > q) - (p < q);
}

static double
median(double *v, size_t n)
{
	if (n == 0)
		return 0.0;
	qsort(v, n, sizeof *v, cmp);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double
dist2(int i, int j)
{
	double dx = x[i] - x[j], dy = y[i] - y[j];

	return dx * dx + dy * dy;
}

/* The local hexatic order of boid i. */
static double
hexatic(int i, int n)
{
	int near[6], k, j, m;
	double d[6];
	double complex sum = 0;

	for (k = 0; k < 6; k++)
		d[k] = INFINITY, near[k] = -1;
	for (j = 0; j < n; j++) {
		double e = dist2(i, j);

		if (j == i || e >= d[5])
			continue;
		for (m = 5; m > 0 && d[m - 1] > e; m--) {
			d[m] = d[m - 1];
			near[m] = near[m - 1];
		}
		d[m] = e;
		near[m] = j;
	}
	for (k = 0, m = 0; k < 6; k++)
		if (near[k] >= 0) {
			double a = atan2(y[near[k]] - y[i], x[near[k]] - x[i]);

			sum += cexp(6.0 * I * a);
			m++;
		}
	return m ? cabs(sum / m) : 0.0;
}

/* The group of boid i, named by its lowest index. */
static int
root_of(int i)
{
	while (label[i] != i) {
		label[i] = label[label[i]];
		i = label[i];
	}
	return i;
}

/* Boids i and j are in one group: the lower root names it. */
static void
join(int i, int j)
{
	int a = root_of(i), b = root_of(j);

	if (a < b)
		label[b] = a;
	else if (b < a)
		label[a] = b;
}

struct totals;
static void purity(int root, int n, int size, struct totals *t);
static void fright(int n, double gap, struct totals *t);

struct totals {
	size_t steps, ng, nh, one90, changes, close, boids;
	size_t grouped, pure, afraid, beyond, waves;
	double pure_min, shares;
	int rising;                /* the share went above 0.3 since 0.1 */
	long first, last;
	int groups_before;
	double west, cx;
};

static void
measure_step(int n, double gap, double w, struct totals *t, int last)
{
	static double local[MAX], nn[MAX];
	double mean = 0, var = 0;
	int i, j, groups = 0, largest = 0;

	for (i = 0; i < n; i++) {
		double least = INFINITY;

		for (j = 0; j < n; j++)
			if (j != i && dist2(i, j) < least)
				least = dist2(i, j);
		nn[i] = sqrt(least);
		mean += nn[i] / n;
		t->close += nn[i] < 0.5;
		local[i] = hexatic(i, n);
		label[i] = i;
	}
	for (i = 0; i < n; i++)
		var += (nn[i] - mean) * (nn[i] - mean) / n;
	cvs[t->steps] = mean > 0 ? sqrt(var) / mean : 0;
	hexs[t->steps] = median(local, (size_t)n);
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (dist2(i, j) <= gap * gap)
				join(i, j);
	for (i = 0; i < n; i++)
		label[i] = root_of(i);
	for (i = 0; i < n; i++) {
		double sx = 0, sy = 0, svx = 0, svy = 0, sp = 0, rot = 0;
		int size = 0, turning = 0;

		for (j = 0; j < n; j++)
			if (label[j] == i) {
				size++;
				sx += x[j];
				sy += y[j];
			}
		if (size > largest)
			largest = size;
		if (size < 5)
			continue;
		groups++;
		purity(i, n, size, t);
		for (j = 0; j < n; j++) {
			double rx, ry, r, v;

			if (label[j] != i)
				continue;
			v = hypot(vx[j], vy[j]);
			svx += vx[j];
			svy += vy[j];
			sp += v;
			rx = x[j] - sx / size;
			ry = y[j] - sy / size;
			r = hypot(rx, ry);
			if (r > 0 && v > 0) {
				rot += (rx * vy[j] - ry * vx[j]) / (r * v);
				turning++;
			}
		}
		if (sp > 0 && t->ng < STEPS * 8)
			gorders[t->ng++] = hypot(svx, svy) / sp;
		if (turning && t->nh < STEPS * 8)
			mills[t->nh++] = fabs(rot) / turning;
	}
	t->one90 += largest >= 0.9 * n;
	fright(n, gap, t);
	if (t->steps > 0 && groups != t->groups_before)
		t->changes++;
	t->groups_before = groups;
	t->boids += (size_t)n;
	t->steps++;
	for (i = 0; i < n; i++)
		t->west += (x[i] >= w - 15.0) / (double)n;
	if (last) {
		t->cx = 0;
		for (i = 0; i < n; i++)
			t->cx += x[i] / n;
	}
}

/* The species of the group of boids labelled root. */
static void
purity(int root, int n, int size, struct totals *t)
{
	int count[8] = { 0 }, j, top = 0;

	for (j = 0; j < n; j++)
		if (label[j] == root && kind[j] >= 0 && kind[j] < 8)
			count[kind[j]]++;
	for (j = 0; j < 8; j++)
		top = count[j] > top ? count[j] : top;
	t->grouped += (size_t)size;
	t->pure += (size_t)top;
	if ((double)top / size < t->pure_min)
		t->pure_min = (double)top / size;
}

/* The afraid boids of a step, and those beyond every predator's fear
 * radius; the share afraid rising and falling. */
static void
fright(int n, double gap, struct totals *t)
{
	double reach = 3.0 * gap, share;
	int i, k, afraid = 0;

	for (i = 0; i < n; i++) {
		int near = 0;

		if (fear[i] < 0.25f)
			continue;
		afraid++;
		for (k = 0; k < npred; k++)
			near |= hypot(x[i] - px[k], y[i] - py[k]) < reach;
		t->beyond += !near;
	}
	t->afraid += (size_t)afraid;
	share = (double)afraid / n;
	t->shares += share;
	if (share > 0.3)
		t->rising = 1;
	if (share < 0.1 && t->rising) {
		t->waves++;
		t->rising = 0;
	}
}

/* Which column of the header line is named name, or -1. */
static int
column(const char *header, const char *name)
{
	char copy[512], *tok, *save = NULL;
	int k = 0;

	snprintf(copy, sizeof copy, "%s", header);
	for (tok = strtok_r(copy, ",\n", &save); tok;
	    tok = strtok_r(NULL, ",\n", &save), k++)
		if (strcmp(tok, name) == 0)
			return k;
	return -1;
}

/* Field k of a CSV line, as a number; 0 when there is none. */
static double
field(const char *line, int k)
{
	while (k-- > 0 && (line = strchr(line, ',')))
		line++;
	return line ? atof(line) : 0.0;
}

int
main(int argc, char **argv)
{
	struct totals t;
	char line[512];
	long from, step, cur = -1, pstep = -1;
	double gap, w;
	int n = 0, kcol, fcol;
	FILE *in;

	if (argc != 5 || !(in = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: measure FILE FROM GAP W\n");
		return 2;
	}
	from = atol(argv[2]);
	gap = atof(argv[3]);
	w = atof(argv[4]);
	memset(&t, 0, sizeof t);
	t.first = -1;
	t.pure_min = 1.0;
	if (!fgets(line, sizeof line, in))
		return 2;
	kcol = column(line, "species");
	fcol = column(line, "fear");
	while (fgets(line, sizeof line, in)) {
		float a, b, c, d;
		long id;
		char what[16];

		if (sscanf(line, "%ld,%ld,%f,%f,%f,%f,%15[a-z]", &step, &id,
		    &a, &b, &c, &d, what) != 7 || step < from)
			continue;
		/* A step's predators come after its boids. */
		if (strcmp(what, "predator") == 0) {
			if (step != pstep)
				npred = 0;
			pstep = step;
			if (npred < 100) {
				px[npred] = a;
				py[npred++] = b;
			}
			continue;
		}
		if (strcmp(what, "boid") != 0)
			continue;
		if (step != cur && n > 0) {
			measure_step(n, gap, w, &t, 0);
			n = 0;
		}
		if (t.first < 0)
			t.first = step;
		cur = t.last = step;
		if (n < MAX && t.steps < STEPS) {
			x[n] = a;
			y[n] = b;
			vx[n] = c;
			vy[n] = d;
			kind[n] = kcol >= 0 ? (int)field(line, kcol) : 0;
			fear[n] = fcol >= 0 ? (float)field(line, fcol) : 0.0f;
			n++;
		}
	}
	if (n > 0)
		measure_step(n, gap, w, &t, 1);
	fclose(in);
	if (t.steps == 0)
		return 1;
	printf("hex=%.3f cv=%.3f one90=%.3f changes=%.2f gorder=%.3f "
	    "mill=%.3f close=%.4f west=%.3f cx=%.2f steps=%zu",
	    median(hexs, t.steps), median(cvs, t.steps),
	    (double)t.one90 / t.steps, t.last > t.first ?
	    1000.0 * t.changes / (double)(t.last - t.first) : 0.0,
	    median(gorders, t.ng), median(mills, t.nh),
	    (double)t.close / t.boids, t.west / (double)t.steps, t.cx,
	    t.steps);
	if (kcol >= 0)
		printf(" pure=%.4f pure_min=%.3f", t.grouped ?
		    (double)t.pure / t.grouped : 1.0, t.pure_min);
	if (fcol >= 0)
		printf(" afraid=%.3f waves=%zu beyond=%.3f", t.shares / t.steps,
		    t.waves, t.afraid ? (double)t.beyond / t.afraid : 0.0);
	printf("\n");
	return 0;
}
