#!/bin/sh
# What shares the field with the flock, in ASCII glyphs: predators (@)
# come with p and go with P, obstacles (#) are drawn as filled discs, and
# perched boids (_) rest on the bottom row of the field.
. tests/lib.sh
. tests/e2e/tmux-lib

count() { field | tr -cd "$1" | wc -c; }

# wait_count CHARS OP N SECONDS: until the field holds OP N of CHARS.
wait_count() {
	deadline=$(( $(date +%s) + $4 ))
	while :; do
		n=$(count "$1")
		[ "$n" "$2" "$3" ] && return 0
		[ "$(date +%s)" -ge "$deadline" ] && return 1
		sleep 0.1
	done
}

boids_start 80 24 "LANG=C LC_ALL=C" --seed 8 --obstacles 3
[ "$(count @)" -eq 0 ] || fail "a predator before any was asked for"
keys p
wait_count @ -ge 1 3 || fail "p: no predator glyph: $(screen)"
keys p p
wait_count @ -ge 2 3 || fail "p p: fewer than 2 predator glyphs"
keys P
wait_count @ -eq 0 3 || fail "P: predators left: $(count @)"
# Three discs of a few cells each, never hidden by the boids around them.
n=$(count '#')
[ "$n" -ge 9 ] || fail "--obstacles 3: only $n obstacle cells: $(screen)"
# A disc is filled: some obstacle cell has obstacle cells on both sides.
field | grep -q '###' || fail "--obstacles 3: no filled run of cells"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# A light wind down brings the flock to the ground sooner.
boids_start 80 24 "LANG=C LC_ALL=C" --seed 2 --perch --wind 0,0.05
deadline=$(( $(date +%s) + 10 ))
until screen | sed -n "$((height - 1))p" | grep -q _; do
	[ "$(date +%s)" -ge "$deadline" ] && {
		fail "--perch: no perched boid on the bottom field row: $(screen)"
		break
	}
	sleep 0.2
done
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
