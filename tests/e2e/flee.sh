#!/bin/sh
# f and the status tokens of what acts, on the real program in tmux: f
# turns the goal to flee (the status line says flee X,Y) and the flock
# clears the place; f again seeks it and the flock comes back. A wind
# shows with its digits, predators are counted while they fly, and a
# narrow terminal cuts the tokens from the right. What a key must not
# leave is checked after the sentinel (tmux-lib), never after a sleep.
. tests/lib.sh
. tests/e2e/tmux-lib

# near_goal: the glyphs of boids within 6 columns and 3 rows of the
# middle (40, 11) of an 80 by 23 field, the goal's own glyph left out.
near_goal() {
	field | sed -n '9,15s/^.\{34\}\(.\{13\}\).*/\1/p' | tr -d ' \n' |
	    sed 's/◎//g' | wc -m
}

# poll_near OP N SECONDS: until the count near the goal compares so.
poll_near() {
	deadline=$(( $(date +%s) + $3 ))
	while :; do
		now=$(near_goal)
		[ "$now" "$1" "$2" ] && { echo "$now"; return 0; }
		[ "$(date +%s)" -ge "$deadline" ] && { echo "$now"; return 1; }
		sleep 0.2
	done
}

boids_start 80 24 "" --seed 4 --goal 0.5,0.5 --wind 0.04,0
wait_for 'wind +0.04,+0.00  goal 40,11  n 200' ||
	fail "wind and goal at start: '$(status_line)'"
status_line | grep -q pred && fail "pred with no predators: '$(status_line)'"
# Seeking: the flock gathers round the goal.
n=$(poll_near -ge 6 15) || fail "the flock never came to the goal: $n"
keys f
wait_for 'flee 40,11  n 200' || fail "f: '$(status_line)'"
n=$(poll_near -eq 0 15) || fail "fleeing, $n boids still near the goal"
keys f
wait_for 'goal 40,11  n 200' || fail "f again: '$(status_line)'"
n=$(poll_near -ge 6 15) || fail "seeking again, only $n near the goal"

# Room for one more token at 80 columns: calm, and no goal.
keys w G p p
wait_for 'wind +0.0,+0.0  goal off  n 200  [0-9]* fps  pred 2$' ||
	fail "w G p p: '$(status_line)'"
keys P
sentinel
status_line | grep -q pred && fail "P: still '$(status_line)'"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# Predators from the command line; a narrow terminal cuts from the right:
# pred first, and the brief's tokens keep their places.
boids_start 100 24 "" --seed 4 --predators 3 --wind 0,-0.25
wait_for 'wind +0.00,-0.25  goal off  n 200  [0-9]* fps  pred 3$' ||
	fail "--predators 3: '$(status_line)'"
tm resize-window -x 60 -y 24
wait_for '^coh 1.00  sep 1.00  ali 1.00  wind +0.00,-0.25  goal off *$' ||
	fail "at 60 columns: '$(status_line)'"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
