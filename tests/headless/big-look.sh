#!/bin/sh
# big-look.sh: a million boids, which perceive through the cells' sums,
# read as flocks against sky: in the field of a 120x40 terminal (the
# picture of a crowded headless world is the terminal's view of the
# program's grown world, zoomed out), for three seeds after a minute of
# flight (1800 steps at 30 a second), at most 35% of the field's cells
# are lit, at least 5% are, and at most 5% of the lit cells have no lit
# cell among their eight neighbours. Measured: lit 0.25-0.30, lonely
# under 1% (seed 3 over minutes 1 to 5: lit 0.26-0.30, lonely 0.3-1.0%);
# perceiving pair by pair, as flocks up to 20,000 boids still do, a
# million lit 0.46-0.50. About 35 s a seed on two idle cores.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# look FILE: "lit lonely" of a picture of 120 by 39 cells, in thousandths.
look() {
	awk '{ row[NR] = $0 } END {
		for (r = 1; r <= NR; r++) for (c = 1; c <= 120; c++) {
			if (substr(row[r], c, 1) ~ /^ ?$/) continue
			lit++; near = 0
			for (dr = -1; dr <= 1; dr++) for (dc = -1; dc <= 1; dc++)
				if ((dr || dc) && r + dr >= 1 && c + dc >= 1 &&
				    substr(row[r + dr], c + dc, 1) !~ /^ ?$/)
					near = 1
			if (!near) lone++
		}
		printf "%d %d\n", 1000 * lit / (120 * NR), lit ? 1000 * lone / lit : 0
	}' "$1"
}

steps=1800
for seed in 1 2 3; do
	"$FLIGHT" -H -S "$seed" -n 1000000 -W 120x40 -t "$steps" \
	    -e "$steps" --picture -A >"$tmp/out" ||
		fail "seed $seed: run failed"
	sed 1d "$tmp/out" >"$tmp/pic"
	[ "$(wc -l <"$tmp/pic")" -eq 39 ] ||
		fail "seed $seed: the picture is not 39 rows"
	set -- $(look "$tmp/pic")
	[ "$1" -le 350 ] || fail "seed $seed: $1/1000 of the field lit"
	[ "$1" -ge 50 ] || fail "seed $seed: only $1/1000 of the field lit"
	[ "$2" -le 50 ] ||
		fail "seed $seed: $2/1000 of the lit cells alone"
done
finish
