# obstacles.sh: no boid is ever inside an obstacle, by the engine's own
# count (inside=0 on every line) and by the trace's positions; and no
# obstacle covers the goal, which the flock would circle for ever
# (before: seeds 2, 5 and 7 of -o 3 -g 0.5,0.5 at 120x40 did).
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for seed in 1 2 3 4 5; do
	"$BOIDS" -H -S "$seed" -o 5 -t 2000 -e 10 >"$tmp/out" ||
		fail "seed $seed: run failed"
	[ "$(grep -c ' inside=0$' "$tmp/out")" -eq 200 ] ||
		fail "seed $seed: a boid inside an obstacle"
done

# A crowded field with many obstacles and a strong wind, checked from
# the trace: every boid at least an obstacle's radius from its centre.
"$BOIDS" -H -S 9 -o 12 -n 400 -W 120x40 -w 0.3,0.2 -t 600 -e 20 \
    --trace "$tmp/t.csv" >/dev/null || fail "crowded run failed"
awk -F, '
	$7 == "obstacle" { ox[$1, $2] = $3; oy[$1, $2] = $4; r[$1, $2] = $8
		n[$1] = $2 + 1 }
	$7 == "boid" { boid[NR] = $0 }
	END {
		for (k in boid) {
			split(boid[k], f, ",")
			for (j = 0; j < n[f[1]]; j++) {
				dx = f[3] - ox[f[1], j]; dy = f[4] - oy[f[1], j]
				if (dx * dx + dy * dy < r[f[1], j] ^ 2) bad++
			}
		}
		if (!(f[1] in n)) exit 2
		exit bad > 0
	}' "$tmp/t.csv" || fail "trace shows a boid inside an obstacle"
[ "$(awk -F, '$1 == 600 && $7 == "obstacle"' "$tmp/t.csv" | wc -l)" -gt 0 ] ||
	fail "no obstacles were placed"

# The goal in the middle of the 120 by 78 world of a 120x40 terminal:
# (60, 39), clear of every obstacle's rim by two separation distances.
for seed in 1 2 3 4 5 6 7 8; do
	"$BOIDS" -H -S "$seed" -W 120x40 -o 3 -g 0.5,0.5 -t 1 -e 1 \
	    --trace "$tmp/t.csv" >/dev/null || fail "seed $seed: run failed"
	awk -F, '$7 == "obstacle" { n++
		if (sqrt(($3 - 60) ^ 2 + ($4 - 39) ^ 2) < $8 + 4) bad++ }
		END { exit !(n == 3 && bad == 0) }' "$tmp/t.csv" ||
		fail "seed $seed: an obstacle covers the goal, or not 3 placed"
done
finish
