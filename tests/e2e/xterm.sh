#!/bin/sh
# The real program in a real xterm, on a virtual X display: what tmux
# cannot show. xterm reports the mouse in its own SGR encoding, and a
# real pointer presses, holds and releases: a click held for a second
# must not stop the flock (the screen keeps changing while the button is
# down and after it is up) and places the goal in the world where the
# pointer was, as the record the session keeps says; q ends it with
# status 0, its clock having run all the while.
. tests/lib.sh
need Xvfb xterm xdotool import compare
# As in tmux-lib: when the display goes under a running sanitized
# program, its leak checker would wait at exit for ever.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS

case $BOIDS in
/*) ;;
*) BOIDS=$PWD/$BOIDS ;;
esac
work=$(mktemp -d)
xpid=
# The server is waited for, so that its display is free again when the
# script ends.
cleanup() {
	[ -n "$xpid" ] && kill "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 2' INT TERM HUP

# A display nobody else has: Xvfb takes a free one and says which. (Two
# tests that each looked for a free number could pick the same, and one
# would then draw on the other's display until it went away.) Where the
# machine hands out display numbers, XVFB_DISPLAY names the one to use.
# The server does not reset when its last client leaves: xdotool's check
# below is a client, and xterm, connecting while the server reset, could
# not open the display.
if [ -n "${XVFB_DISPLAY:-}" ]; then
	Xvfb ":$XVFB_DISPLAY" -screen 0 1024x768x24 -nolisten tcp -noreset \
	    >"$work/xvfb.log" 2>&1 &
	echo "$XVFB_DISPLAY" >"$work/display"
else
	Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset \
	    3>"$work/display" >"$work/xvfb.log" 2>&1 &
fi
xpid=$!
i=0
until [ -s "$work/display" ]; do
	i=$((i + 1))
	[ $i -gt 50 ] && { fail "no X display: $(cat "$work/xvfb.log")"; finish; }
	sleep 0.1
done
DISPLAY=:$(cat "$work/display")
export DISPLAY
i=0
until xdotool getmouselocation >/dev/null 2>&1; do
	i=$((i + 1))
	[ $i -gt 50 ] && { fail "no X display: $(cat "$work/xvfb.log")"; finish; }
	sleep 0.1
done

cols=100
rows=30
LANG=C.UTF-8 LC_ALL=C.UTF-8 xterm -geometry ${cols}x$rows+0+0 \
    -fa 'DejaVu Sans Mono' -fs 10 -bg black -fg white -title boids-test \
    -e sh -c "TERM=xterm-256color $BOIDS --seed 5 --record $work/flight.rec \
    2>$work/err; echo \$? >$work/exit" &
i=0
until wid=$(xdotool search --name boids-test 2>/dev/null | head -n 1) &&
    [ -n "$wid" ]; do
	i=$((i + 1))
	[ $i -gt 50 ] && { fail "no xterm window"; finish; }
	sleep 0.1
done
sleep 1.5
[ -s "$work/exit" ] && { fail "boids ended: $(cat "$work/err")"; finish; }

# shot NAME: the screen as an image.
shot() { import -window root "$work/$1.png"; }
# moving A B: the screens A and B differ in more than a few pixels.
moving() {
	px=$(compare -metric AE "$work/$1.png" "$work/$2.png" null: 2>&1)
	px=${px%% *}
	[ "${px%.*}" -gt 50 ] 2>/dev/null
}

shot a
sleep 0.4
shot b
moving a b || fail "the flock does not move on screen: the test is blind"

# The window's size gives a cell's: xterm keeps a border of 2 pixels.
eval "$(xdotool getwindowgeometry --shell "$wid")"
cw=$(( (WIDTH - 4) / cols ))
ch=$(( (HEIGHT - 4) / rows ))
col=50
row=10
xdotool mousemove --window "$wid" $(( 2 + col * cw + cw / 2 )) \
    $(( 2 + row * ch + ch / 2 ))
t0=$(date +%s%N)
xdotool mousedown 1
sleep 0.3
shot c
sleep 0.4
shot d
sleep 0.3
xdotool mouseup 1
moving c d || fail "held click: the flock stopped while the button was down"
sleep 0.3
shot e
sleep 0.4
shot f
moving e f || fail "held click: the flock stopped after the release"
xdotool key q 2>/dev/null
i=0
while [ ! -s "$work/exit" ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
t1=$(date +%s%N)
[ "$(cat "$work/exit" 2>/dev/null)" = 0 ] ||
	fail "q: exit status '$(cat "$work/exit" 2>/dev/null)': $(cat "$work/err")"

# The click, as the record keeps it: the world point at the centre of
# the cell, the world being the field at 1:1 (a cell is 1 by 2 units).
click=$(grep '^click ' "$work/flight.rec")
[ "$(printf '%s\n' "$click" | grep -c .)" -eq 1 ] ||
	fail "not one click in the record: '$click'"
x=$(printf '%s\n' "$click" | awk '{ print $3 }')
y=$(printf '%s\n' "$click" | awk '{ print $4 }')
float_cmp "$x" '>=' "$col" && float_cmp "$x" '<' "$((col + 1))" ||
	fail "the click landed at x = $x, not in column $col"
float_cmp "$y" '>=' "$((2 * row))" && float_cmp "$y" '<' "$((2 * row + 2))" ||
	fail "the click landed at y = $y, not in row $row"
# The clock ran through the hold: steps at 30 a second, most of them.
end=$(sed -n 's/^end //p' "$work/flight.rec")
at=$(printf '%s\n' "$click" | awk '{ print $2 }')
held=$(( (t1 - t0) / 1000000 ))
[ -n "$end" ] && [ $(( (end - at) * 1000 )) -ge $(( held * 30 * 6 / 10 )) ] ||
	fail "from the click to q, $held ms: steps $at to '$end'"
finish
