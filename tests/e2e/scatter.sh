#!/bin/sh
# `s` scatters the flock, whatever the cohesion multiplier: on screen, its
# glyphs spread out. Before and after are read at fixed steps of one
# flight, never after some time: flown_to (tmux-lib) holds the flight at
# step 120, `s` is pressed, and steps takes 90 more, one at a time; the
# sentinel after each makes the program draw the screen whole before it
# is read. ASCII glyphs keep the pane's text to bytes; a row is two world
# units, a column one.
. tests/lib.sh
. tests/e2e/tmux-lib

# glyphs: each glyph's place in world units, "x y" a line.
glyphs() {
	field | LC_ALL=C awk '{
		for (i = 1; i <= length($0); i++)
			if (substr($0, i, 1) != " ")
				print i - 1, 2 * (NR - 1) + 1
	}'
}

# spread: the RMS distance of the glyphs from their centroid.
spread() {
	glyphs | awk '
	BEGIN { n = 0 }  # else the first subscript would be "", not 0
	{ x[n] = $1; y[n] = $2; sx += $1; sy += $2; n++ }
	END {
		if (n == 0) { print 0; exit }
		cx = sx / n; cy = sy / n
		for (k = 0; k < n; k++) s += (x[k] - cx) ^ 2 + (y[k] - cy) ^ 2
		printf "%.2f\n", sqrt(s / n)
	}'
}

# spacing: the mean distance from each glyph to the nearest other one.
spacing() {
	glyphs | awk '
	BEGIN { n = 0 }  # else the first subscript would be "", not 0
	{ x[n] = $1; y[n] = $2; n++ }
	END {
		if (n < 2) { print 0; exit }
		for (i = 0; i < n; i++) {
			near = -1
			for (j = 0; j < n; j++) {
				if (j == i)
					continue
				d = (x[i] - x[j]) ^ 2 + (y[i] - y[j]) ^ 2
				if (near < 0 || d < near)
					near = d
			}
			s += sqrt(near)
		}
		printf "%.2f\n", s / n
	}'
}

# grew WHAT BEFORE AFTER BAR: AFTER exceeds BEFORE by more than BAR.
grew() {
	float_cmp "$3" '>' "$(awk -v b="$2" -v d="$4" 'BEGIN { print b + d }')" ||
		fail "$1 became $3 from $2 (wanted more than $4 more)"
	printf '%s: %s, scattered %s\n' "$1" "$2" "$3"
}

# A strong cohesion forms a tight flock, which scattering (cohesion
# acting as -|m1|) breaks up: its boids fly apart from one another. The
# spacing measures that. The spread would not: a flock flying on may part
# in two, and over seeds 1 to 30 its spread changed by -11.1 to +16.4 in
# the 90 steps below, where scattering grew it by +5.6 to +20.0. Over the
# same seeds, the spacing of the flock flying on from step 120 to step
# 210 changed by -0.28 to +0.26 (from 1.12 to 1.54 at step 120); scattered
# at step 120, it grew by +0.59 to +1.22 (to 2.11 to 2.40). The bar, 0.43,
# lies midway between: 0.17 above the most a flock flying on grew, 0.16
# below the least a scattered one did.
flown_to 120 80 24 "LANG=C LC_ALL=C" --seed 5 --cohesion 3
before=$(spacing)
keys s
steps 90
status_has SCATTER || fail "no SCATTER on the status line: '$(status_line)'"
grew "spacing" "$before" "$(spacing)" 0.43
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# With cohesion at 0, s still scatters. Seeing the whole flock (-r 0),
# the boids align and fly on loosely, at a steady spread; scattering
# drives them out to the edges. Over seeds 1 to 30, flown as above, the
# spread of the flock flying on changed by -1.9 to +3.9 (from 13.5 to
# 23.1 at step 120); scattered, it grew by +12.8 to +22.5 (to 34.4 to
# 36.6). The bar, 8.4, lies midway: 4.5 above the one, 4.4 below the
# other.
flown_to 120 80 24 "LANG=C LC_ALL=C" --seed 5 --cohesion 0 --radius 0
before=$(spread)
keys s
steps 90
status_has SCATTER || fail "m1 = 0: no SCATTER on the status line"
grew "cohesion 0: spread" "$before" "$(spread)" 8.4
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
