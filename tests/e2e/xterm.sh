#!/bin/sh
# The real program in a real xterm, on a virtual X display: what tmux
# cannot show. xterm reports the mouse in its own SGR encoding, and a
# real pointer presses, holds and releases: a click held for a second
# must not stop the flock (the screen keeps changing while the button is
# down and after it is up) and places the goal in the world where the
# pointer was, as the record the session keeps says; q ends it with
# status 0, its clock having run all the while.
. tests/lib.sh
. tests/e2e/x-lib

x_display
cols=100
rows=30
x_terminal xterm $cols $rows "$BOIDS --seed 5 --record $work/flight.rec \
    2>$work/err; echo \$? >$work/exit; exec sleep 600" ||
	{ fail "cannot start: $x_why"; finish; }
x_shot empty
# moving A B: the screens A and B differ in more than a few pixels.
moving() { [ "$(x_differ "$1" "$2")" -gt 50 ] 2>/dev/null; }
x_shots_until a 10 moving empty a ||
	{ fail "nothing drawn: $(cat "$work/err")"; finish; }
[ -s "$work/exit" ] && { fail "boids ended: $(cat "$work/err")"; finish; }
shot() { x_shot "$1"; }

sleep 0.4
shot b
moving a b || fail "the flock does not move on screen: the test is blind"

col=50
row=10
x_point $col $row
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
