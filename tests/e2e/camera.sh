#!/bin/sh
# camera.sh: a world larger than the screen, on the real program in tmux.
# The view starts fitted (zoom 1/2); z and Z and the wheel zoom, h j k l
# pan, 0 fits again, c follows the flock; a click places the goal where it was made,
# at every zoom and pan, and after a resize while zoomed; m cycles the
# glyph sets. What a key must not do is checked after the sentinel
# (tmux-lib), never after a sleep.
. tests/lib.sh
. tests/e2e/tmux-lib

# goal_x: the goal's column in the world, from the status line.
goal_x() {
	status_line | sed -n 's/.*goal \([0-9]*\),.*/\1/p'
}

# release COL ROW: the button let go, as a terminal reports it after a
# click, so that curses takes the next press as a new click.
release() {
	keys -l "$(printf '\033[M#%b%b' "\\$(printf %o $(( $1 + 33 )))" \
	    "\\$(printf %o $(( $2 + 33 )))")"
}

# wheel BUTTON COL ROW: a notch of the wheel (64 up, 65 down) in the X10
# encoding, cells from 0.
wheel() {
	keys -l "$(printf '\033[M%b%b%b' "\\$(printf %o $(( $1 + 32 )))" \
	    "\\$(printf %o $(( $2 + 33 )))" "\\$(printf %o $(( $3 + 33 )))")"
}

# click_lands COL ROW WHAT: a click at (COL, ROW) moves the goal, and the
# goal's glyph is drawn in that very cell (the status line, which says
# where the goal went, may be drawn ahead of the frame that shows it).
goal_token() { status_line | sed -n 's/.*\(goal [^ ]*\).*/\1/p'; }
goal_moved() { [ "$(goal_token)" != "$1" ]; }
goal_in() { [ "$(cell "$1" "$2")" = "◎" ]; }
click_lands() {
	before=$(goal_token)
	click "$1" "$2"
	release "$1" "$2"
	poll 5 goal_moved "$before" ||
		fail "$3: click at $1,$2 left the $before ($(status_line))"
	poll 5 goal_in "$1" "$2" ||
		fail "$3: click at $1,$2 drew '$(cell "$1" "$2")' there" \
		    "($(status_line))"
}

# The world of a 200x24 terminal, seen in a 100x24 one: twice as wide;
# the flight at 1x whatever the zoom, so that its speed keeps off the
# status line (lapse.sh tests that).
boids_start 100 24 "" --seed 4 -W 200x24 --speed 1
wait_for 'fps  zoom 1/2$' || fail "not fitted at 1/2: '$(status_line)'"
keys Space
wait_for PAUSED || fail "no pause"

# Fitted: cell 10 is world x 21 (100 + (10.5 - 50) * 2).
click_lands 10 11 "fitted"
x=$(goal_x)
[ "$x" -ge 20 ] && [ "$x" -le 21 ] || fail "fitted: goal at x $x, not 21"

# z: 1:1, no zoom token; the click lands about 40 columns further right.
keys z
wait_for 'fps  PAUSED' || fail "z: not 1:1: '$(status_line)'"
click_lands 12 5 "1:1"
x=$(goal_x)
[ "$x" -ge 61 ] && [ "$x" -le 63 ] || fail "1:1: goal at x $x, not 62"

# l pans a quarter of the view, 25 columns, to the right (keys are taken
# in order: the pan before the click).
keys l
click_lands 12 6 "1:1 panned"
x2=$(goal_x)
[ "$x2" -eq $(( x + 25 )) ] || fail "l: goal at x $x2, not $(( x + 25 ))"
keys h j k
click_lands 14 7 "panned back"

# z again: zoom 2; Z Z: 1/2; each time the click lands where made.
keys z
wait_for 'zoom 2  PAUSED' || fail "z z: '$(status_line)'"
click_lands 30 9 "zoom 2"
keys Z Z
wait_for 'zoom 1/2  PAUSED' || fail "Z Z: '$(status_line)'"
click_lands 31 12 "zoom 1/2"

# Resize while zoomed in: the zoom stays, a click still lands.
keys z z
wait_for 'zoom 2  PAUSED' || fail "z z again: '$(status_line)'"
tm resize-window -x 110 -y 30
height=30
wait_for 'zoom 2  PAUSED' 5 || fail "resize lost the zoom: '$(status_line)'"
click_lands 33 20 "zoom 2 after a resize"

# 0 fits again (for 110x29 cells the width still decides: 200/110).
keys 0
wait_for 'zoom 1/1.82  PAUSED' || fail "0: '$(status_line)'"

# The wheel zooms about the pointer: in, where a click then lands; out.
wheel 64 20 10
wait_for 'zoom 1.1  PAUSED' || fail "wheel up: '$(status_line)'"
click_lands 20 10 "after the wheel"
wheel 65 20 10
wait_for 'zoom 1/1.82  PAUSED' || fail "wheel down: '$(status_line)'"

# c follows the flock, 0 stops it; following moves the view.
keys Space
wait_for 'fps  zoom 1/1.82$' || fail "resume: '$(status_line)'"
keys z z c
wait_for 'follow$' || fail "c: '$(status_line)'"
keys 0
wait_for 'fps  zoom 1/1.82$' || fail "0 kept following: '$(status_line)'"
keys c c
sentinel
status_line | grep -q follow && fail "c c: still following: '$(status_line)'"

# m: auto (arrows for 200 boids), arrows, dots, auto again.
has_arrows() { field | grep -q '[→↘↓↙←↖↑↗]'; }
has_dots() { field | LC_ALL=C grep -q "$(printf '\342[\240-\243]')"; }
deadline=$(( $(date +%s) + 10 ))
until has_arrows; do
	[ "$(date +%s)" -ge "$deadline" ] && break
	sleep 0.2
done
has_arrows || fail "auto: no arrows for 200 boids"
has_dots && fail "auto: dots for 200 boids"
keys m
sentinel
has_arrows || fail "m: no arrows"
has_dots && fail "m: dots"
keys m
sentinel
has_dots || fail "m m: no dots: $(screen)"
has_arrows && fail "m m: arrows left"
keys m
sentinel
has_arrows || fail "m m m: no arrows"
has_dots && fail "m m m: dots left"

keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit" 2>/dev/null)"
finish
