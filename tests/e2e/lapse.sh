#!/bin/sh
# lapse.sh: the flight's speed against real time, on the real program in
# tmux. A flock seen at 1:1 flies at 1x and the status line says nothing
# of it; --speed sets a factor, < and > halve and double it, and the
# status line shows the speed reached whenever it is not 1x. A big flock
# seen zoomed out flies faster than real time by itself (the release
# build: the point is the time-lapse, not the sanitizers' checks).
. tests/lib.sh
. tests/e2e/tmux-lib

# speed_token: the status line's xN token, or nothing.
speed_token() {
	status_line | tr -s ' ' '\n' | grep '^x[0-9]' || true
}

boids_start 80 24 "" --seed 3
sleep 2
[ -z "$(speed_token)" ] || fail "1:1 shows a speed: $(status_line)"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

boids_start 80 24 "" --seed 3 --speed 0.5
wait_for ' x0\.5$' 4 || fail "--speed 0.5: $(status_line)"
keys '>'
wait_for ' [0-9]* fps$' 4 || fail "> from 0.5: $(status_line)"
keys '>'
wait_for ' x2$' 4 || fail "> from 1: $(status_line)"
keys '<' '<' '<'
wait_for ' x0\.25$' 4 || fail "< < < from 2: $(status_line)"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

BOIDS=${BOIDS_RELEASE:-./boids}
case $BOIDS in /*) ;; *) BOIDS=$PWD/$BOIDS ;; esac
boids_start 120 40 "" --seed 3 -n 20000
wait_for 'zoom 1/5\.87$' 4 || fail "20000 boids not zoomed out: $(status_line)"
wait_for ' x[0-9.]*  zoom' 4 || fail "no time-lapse zoomed out: $(status_line)"
x=$(speed_token | tr -d x)
float_cmp "$x" '>' 1.5 || fail "zoomed out 1/5.87: only x$x"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
