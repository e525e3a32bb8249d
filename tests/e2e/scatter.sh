#!/bin/sh
# `s` scatters the flock, whatever the cohesion multiplier: on screen, its
# glyphs spread out. The spread is
# the RMS distance of the glyphs' cells from their centroid, in world
# units (a row is two), read from the pane; ASCII glyphs keep it to bytes.
. tests/lib.sh
. tests/e2e/tmux-lib

spread() {
	field | LC_ALL=C awk '
	{
		for (i = 1; i <= length($0); i++)
			if (substr($0, i, 1) != " ") {
				x[n] = i - 1; y[n] = 2 * (NR - 1) + 1
				sx += x[n]; sy += y[n]; n++
			}
	}
	END {
		if (n == 0) { print 0; exit }
		cx = sx / n; cy = sy / n
		for (k = 0; k < n; k++) s += (x[k] - cx) ^ 2 + (y[k] - cy) ^ 2
		printf "%.1f\n", sqrt(s / n)
	}'
}

# poll_spread OP LIMIT SECONDS: until the spread compares so; prints it.
poll_spread() {
	deadline=$(( $(date +%s) + $3 ))
	while :; do
		now=$(spread)
		float_cmp "$now" "$1" "$2" && { echo "$now"; return 0; }
		[ "$(date +%s)" -ge "$deadline" ] && { echo "$now"; return 1; }
		sleep 0.2
	done
}

# A strong cohesion forms a tight flock, which scattering (cohesion
# acting as -|m1|) then breaks up.
boids_start 80 24 "LANG=C LC_ALL=C" --seed 5 --cohesion 3
before=$(poll_spread '<' 14 8) || fail "the flock never formed: spread $before"
keys s
wait_for SCATTER 2 || fail "no SCATTER on the status line"
limit=$(awk -v b="$before" 'BEGIN { print b * 1.5 }')
after=$(poll_spread '>' "$limit" 6) ||
	fail "scatter: spread $before became only $after (wanted over $limit)"
printf 'spread %s, scattered %s\n' "$before" "$after"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# With cohesion at 0, s still scatters. Seeing the whole flock (-r 0),
# the boids align and fly on at a steady spread (measured: 22.7 from the
# third second to the twelfth); scattering spreads them to 36.
boids_start 80 24 "LANG=C LC_ALL=C" --seed 5 --cohesion 0 --radius 0
sleep 3
before=$(spread)
keys s
wait_for SCATTER 2 || fail "m1 = 0: no SCATTER on the status line"
limit=$(awk -v b="$before" 'BEGIN { print b * 1.3 }')
after=$(poll_spread '>' "$limit" 8) ||
	fail "m1 = 0: spread $before became only $after (wanted over $limit)"
printf 'cohesion 0: spread %s, scattered %s\n' "$before" "$after"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
