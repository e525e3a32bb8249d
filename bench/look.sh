#!/bin/sh
# look.sh: how fast the flock's shapes move on screen, headless, so that
# no load on the machine changes the figure. Flies N boids in the world
# of a 120x40 terminal (bench/look prints the field's picture every GAP
# steps), and at each of the steps AT (program time at 30 steps a
# second: 1800 is a minute) compares the pictures PAIRS times GAP steps
# apart as bench/shapes.sh compares two captures: connected lit cells
# (8 neighbours, CELLS cells or more) matched by nearest centroid, the
# median move in cells. Prints, per AT, the median of those medians in
# cells a step, and in cells a second at RATE steps a second (what the
# program reaches: the status line's or bench's figure for N); the lit
# share of the field and of lit cells with no lit neighbour (as
# tests/headless/big-look.sh counts them); and the order of the boids'
# headings within each picture cell, 3x3 block and row, and the share
# of boids flying more up or down than across (bench/look.c).
# A measurement, not a test.
#
# usage: sh bench/look.sh N [SEED] [GAP] [PAIRS] [AT...]
#   environment: RATE (steps a second, default 60), CELLS (default 4),
#   LOOK (the driver, default bench/look), and any more options for the
#   flight in OPTS.
set -eu
n=${1:?boids}
seed=${2:-1}
gap=${3:-150}
pairs=${4:-4}
shift $(($# < 4 ? $# : 4))
at=${*:-1800 9000}
look=${LOOK:-./bench/look}
last=0
for a in $at; do
	[ $((a + gap * pairs)) -gt "$last" ] && last=$((a + gap * pairs))
done
tmp=${TMPDIR:-/tmp}/look-$$
trap 'rm -f "$tmp"' EXIT
# shellcheck disable=SC2086
"$look" -H -S "$seed" -n "$n" -W 120x40 -t "$last" -e "$gap" -A \
	${OPTS:-} >"$tmp"
PYTHONPATH="$(dirname "$0")/../tests" python3 - "$tmp" "$gap" "$pairs" "${RATE:-60}" "${CELLS:-4}" "$n" \
	"$seed" $at <<'PY'
import statistics, sys
from shapes import centres, lit, lonely, moves
path, gap, pairs, rate, least, n, seed = sys.argv[1:8]
gap, pairs, rate, least = int(gap), int(pairs), float(rate), int(least)
at = [int(a) for a in sys.argv[8:]]
pics, head = {}, {}
cur = None
for line in open(path, encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    if line.startswith("step="):
        f = dict(kv.split("=") for kv in line.split())
        cur = int(f["step"]); pics[cur] = []; head[cur] = f
    else:
        pics[cur].append(line)
for a in at:
    meds, lits, lones, heads = [], [], [], []
    for k in range(pairs):
        s, t = a + k * gap, a + (k + 1) * gap
        A, B = lit(pics[s]), lit(pics[t])
        pa, pb = centres(A, least), centres(B, least)
        if pa and pb:
            meds.append(statistics.median(moves(pa, pb)))
        size = 120 * len(pics[s])
        lits.append(len(A) / size)
        lones.append(lonely(A) / max(1, len(A)))
        heads.append(head[s])
    med = statistics.median(meds) / gap if meds else float("nan")
    def mean(key):
        return sum(float(h[key]) for h in heads) / len(heads)
    print("n=%s seed=%s at=%d: %.4f cells/step = %.2f cells/s at %g/s  "
          "lit %.3f lonely %.3f  order cell %.2f block %.2f row %.2f  "
          "upright %.2f"
          % (n, seed, a, med, med * rate, rate, sum(lits) / len(lits),
             sum(lones) / len(lones), mean("cell"), mean("block"),
             mean("row"), mean("upright")))
PY
