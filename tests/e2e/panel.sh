#!/bin/sh
# The measures panel, key i, on the real program in tmux: it opens and
# closes, lists every measure (perched and predator_dist with perching
# and predators on) with a sparkline, and, paused, shows the figures the
# headless replay of the same flight prints at the same step. Two hundred
# boids are measured every frame; a million are sampled, and it says so.
# With --ascii its sparklines are ASCII. What a key must not leave is
# checked after the sentinel (tmux-lib), never after a sleep.
. tests/lib.sh
. tests/e2e/tmux-lib

rec=$work/panel.rec

# panel_value NAME: the value beside NAME in the panel.
panel_value() {
	screen | sed -n "s/.*[│|] $1  *\([0-9.]*\)[^0-9.].*/\1/p" | head -n 1
}
# sparks NAME: the sparkline cells beside NAME.
sparks() {
	screen | sed -n "s/.*[│|] $1  *[0-9.]*\( ms\| B\|\/s\)\{0,1\} \(.*\) [│|].*/\2/p" |
	    tr -d ' ' | head -n 1
}

boids_start 100 30 "" --seed 6 --predators 2 --perch --record "$rec"
keys i
wait_for 'measures (i closes)' 3 || fail "i: no panel: $(screen | head -n 3)"
# The frame's figures show from the next measures, within a second.
wait_for 'frames shown  *[0-9]' 3 || fail "no frame figures in the panel"
for name in order speed spread nnd nbrs perched predator_dist 'step time' \
    'frame bytes' 'frames shown'; do
	screen | grep -q "│ $name  *[0-9]" || fail "no $name in the panel"
done
# Two hundred boids cost the measures next to nothing: every frame.
screen | grep -q '│ step [0-9]* *measured every frame' ||
	fail "200 boids: not measured every frame: $(screen | grep '│ step')"
# A sparkline cell every two seconds: two of them within twelve.
deadline=$(( $(date +%s) + 12 ))
until [ "$(sparks order | wc -m)" -ge 3 ]; do
	[ "$(date +%s)" -ge "$deadline" ] && break
	sleep 0.5
done
for name in order speed spread nnd nbrs predator_dist 'step time' \
    'frame bytes' 'frames shown'; do
	cells=$(sparks "$name")
	printf '%s\n' "$cells" | grep -Eq "^[▁▂▃▄▅▆▇█]{2,}$" ||
		fail "$name: sparkline '$cells'"
done
keys i
sentinel
screen | grep -q 'measures' && fail "i again: the panel is still open"
keys i
wait_for 'measures (i closes)' 3 || fail "i, a third time: no panel"

# Paused, the panel measures the step on screen; the headless replay
# of the flight ends at that step with the same figures. PAUSED may show
# on the status line ahead of the frame; the sentinel's frame is drawn
# whole, paused.
keys ' '
wait_for PAUSED 3 || fail "space: not paused"
sentinel
step=$(screen | sed -n 's/.*│ step \([0-9]*\) .*/\1/p' | head -n 1)
for name in order speed spread nnd nbrs perched predator_dist; do
	eval "shown_$name=\$(panel_value $name)"
done
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
end=$(sed -n 's/^end //p' "$rec")
[ "$step" = "$end" ] || fail "the panel shows step '$step', the record ends at $end"
line=$("$BOIDS" -H -e 1000000 --replay "$rec")
printf 'step %s: %s\n' "$step" "$line"
[ "$(token step "$line")" = "$step" ] || fail "headless ends at '$line'"
for name in order speed spread nnd nbrs perched predator_dist; do
	eval "shown=\$shown_$name"
	[ "$shown" = "$(token $name "$line")" ] ||
		fail "$name: panel '$shown', headless '$(token $name "$line")'"
done

# A million boids: the measures would take too long every frame, and
# the panel says they are samples. The sanitized build takes 1.4 s to
# show them on a quiet machine, 2.2 s beside two busy processes; beside
# the other tests of make check it once took more than 11.
boids_start 100 30 "" --seed 6 -n 1000000
keys i
wait_for '[|│] step [0-9]* *sampled every [0-9.]* s' 40 ||
	fail "a million boids: not sampled: $(screen | grep 'step' | head -n 1)"
keys q
[ "$(wait_exit 30)" = 0 ] || fail "a million boids: q: $(cat "$work/exit")"

boids_start 100 30 "" --seed 6 --ascii
keys i
wait_for 'measures (i closes)' 3 || fail "--ascii: no panel"
deadline=$(( $(date +%s) + 8 ))
until [ "$(sparks speed | wc -m)" -ge 3 ]; do
	[ "$(date +%s)" -ge "$deadline" ] && break
	sleep 0.5
done
sparks speed | grep -Eq '^[_.~=+*#-]{2,}$' ||
	fail "--ascii: sparkline '$(sparks speed)'"
keys q
[ "$(wait_exit)" = 0 ] || fail "--ascii q: $(cat "$work/exit")"
finish
