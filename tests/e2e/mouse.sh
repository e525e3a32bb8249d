#!/bin/sh
# The mouse never stops the flock. A click held a while, then released,
# in the X10 encoding (what tmux and screen send) and in the SGR one
# (what xterm sends); a drag between; the wheel; the buttons nobody
# binds: after each the flock must still be flying, and a click must
# have put the goal in its cell.
. tests/lib.sh
. tests/e2e/tmux-lib

# moving: two looks at the field, up to 3 s apart, that differ.
moving() {
	first=$(field)
	deadline=$(( $(date +%s) + 3 ))
	while :; do
		sleep 0.2
		[ "$(field)" != "$first" ] && return 0
		[ "$(date +%s)" -ge "$deadline" ] && return 1
	done
}

x10() {  # x10 BUTTON COL ROW: one report, cells from 0
	keys -l "$(printf '\033[M%b%b%b' "\\$(printf %o $(( $1 + 32 )))" \
	    "\\$(printf %o $(( $2 + 33 )))" "\\$(printf %o $(( $3 + 33 )))")"
}
sgr() {  # sgr BUTTON COL ROW M|m
	keys -l "$(printf '\033[<%d;%d;%d%s' "$1" $(( $2 + 1 )) $(( $3 + 1 )) \
	    "$4")"
}

# -W: the world is the screen's field at 1:1, so a click's cell is the
# goal's (300 boids alone would get a larger world, seen zoomed out).
boids_start 80 24 "" --seed 3 --count 300 -W 80x24
moving || fail "not flying at the start"

# X10: press, hold, drag, release.
x10 0 10 5
wait_for 'goal 10,5' 3 || fail "X10 press: no goal at 10,5: $(status_line)"
moving || fail "X10: the flock stopped while the button was held"
x10 32 11 6
x10 32 12 6
x10 3 12 6
moving || fail "X10: the flock stopped after the release"

# SGR: press, hold, drag, release.
sgr 0 30 8 M
wait_for 'goal 30,8' 3 || fail "SGR press: no goal at 30,8: $(status_line)"
moving || fail "SGR: the flock stopped while the button was held"
sgr 32 31 8 M
sgr 0 31 8 m
moving || fail "SGR: the flock stopped after the release"

# The wheel, the other buttons and their releases, in both encodings.
x10 64 5 5
x10 65 5 5
x10 1 5 5
x10 3 5 5
x10 2 5 5
x10 3 5 5
sgr 64 5 5 M
sgr 65 5 5 M
sgr 2 5 5 M
sgr 2 5 5 m
moving || fail "the flock stopped after wheel and other buttons"
status_line | grep -q 'goal 30,8' || fail "a wheel or button moved the goal"

# Keys still work after it all, and q is a key, not a report's byte.
keys s
wait_for SCATTER 2 || fail "s after the mouse: no SCATTER"
keys q
[ "$(wait_exit)" = 0 ] || fail "q after the mouse: exit status $(cat "$work/exit")"
finish
