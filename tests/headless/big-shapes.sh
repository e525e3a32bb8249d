#!/bin/sh
# big-shapes.sh: 200,000 boids, which perceive through the cells' sums,
# fly as shapes that move on screen, not as streams that stand still
# while the boids flow along them. For three seeds, a minute into the
# flight (1800 steps at 30 a second), in the field of a 120x40 terminal:
# - at most 65% of the boids head nearer up or down than across. Summed
#   in the row of cells of their last sort rather than the one they lie
#   in, 87% did, in thin streams up and down;
# - the shapes (8-connected lit cells, 4 or more) move at least 0.015
#   cells a step: each shape of the picture at step 1800 matched to the
#   nearest centre of one at step 1950, the median distance. Measured
#   0.021-0.023 (bench/look.sh, four pairs), 0.012-0.013 in the streams.
# About 25 s a seed on two idle cores.
. tests/lib.sh
need python3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for seed in 1 2 3; do
	"$FLIGHT" -H -S "$seed" -n 200000 -W 120x40 -t 1800 -e 1800 \
	    --picture -A --trace "$tmp/trace" >"$tmp/a" &&
	"$FLIGHT" -H -S "$seed" -n 200000 -W 120x40 -t 1950 -e 1950 \
	    --picture -A >"$tmp/b" || { fail "seed $seed: run failed"; continue; }
	got=$(PYTHONPATH=tests python3 - "$tmp/a" "$tmp/b" "$tmp/trace" <<'PY'
import statistics, sys
from shapes import centres, lit, moves
def picture(path):
    return lit(open(path, encoding="utf-8").read().split("\n")[1:40])
a, b = centres(picture(sys.argv[1])), centres(picture(sys.argv[2]))
move = statistics.median(moves(a, b)) / 150
up = boids = 0
for line in open(sys.argv[3]):
    f = line.split(",")
    if f[0] == "step" or f[6] != "boid":
        continue
    boids += 1
    up += abs(float(f[5])) > abs(float(f[4]))
print("%d %d" % (1000 * up / boids, 100000 * move))
PY
) || { fail "seed $seed: measure failed"; continue; }
	set -- $got
	[ "$1" -le 650 ] ||
		fail "seed $seed: $1/1000 of the boids head up or down"
	[ "$2" -ge 1500 ] ||
		fail "seed $seed: shapes move $2/100000 cells a step"
done
finish
