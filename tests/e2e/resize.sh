#!/bin/sh
# Resizes at any time, down to 1x1 and back up: the program lives on,
# draws inside the screen, and keeps the status line on the bottom row.
. tests/lib.sh
. tests/e2e/tmux-lib

# fits W H: the pane is W by H and every line fits in W characters.
fits() {
	lines=$(screen | wc -l)
	[ "$lines" -eq "$2" ] || { fail "$1x$2: $lines lines"; return; }
	# sed counts characters; mawk would count bytes.
	wide=$(screen | sed 's/./x/g' | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')
	[ "$wide" -le "$1" ] || fail "$1x$2: a line of $wide characters"
}

resize() {
	tm resize-window -x "$1" -y "$2"
	height=$2
}

# goal_at COL ROW: the goal's mark is in that cell. The status line of
# a new size can show before the field under it has been drawn whole,
# so the mark is waited for, not looked for once.
goal_at() { [ "$(cell "$1" "$2")" = "◎" ]; }

boids_start 80 24 "" --seed 3 --predators 1 --obstacles 2
pid=$(boids_pid)
keys g

resize 20 6
wait_for '^coh 1.00  sep 1.00$' || fail "20x6: status line '$(status_line)'"
fits 20 6
# The goal keeps its relative place: the middle of 20 by 5 cells.
poll 5 goal_at 10 2 || fail "20x6: goal not at 10,2: $(screen)"

resize 9 5
wait_for 'too small' || fail "9x5: no notice: $(screen)"
fits 9 5

resize 1 1
sleep 0.3
alive "$pid" || fail "died at 1x1"
fits 1 1

resize 200 60
wait_for 'coh 1.00  sep 1.00  ali 1.00  wind +0.0,+0.0  goal 100,29  n 200' ||
	fail "200x60: status line '$(status_line)'"
fits 200 60
[ "$(status_line | cut -c1-3)" = coh ] || fail "200x60: status not at the bottom"
sleep 0.5
field | grep -q '[→↘↓↙←↖↑↗•]' || fail "200x60: no boids drawn"
poll 5 goal_at 100 29 || fail "200x60: goal not at 100,29"

# Quick shrinks and growths in a row.
for size in 30x8 1x3 10x3 3x1 120x40; do
	resize "${size%x*}" "${size#*x}"
done
wait_for 'coh 1.00  sep 1.00  ali 1.00  wind' || fail "120x40 after a run of resizes"
fits 120 40
alive "$pid" || fail "died in a run of resizes"

keys q
[ "$(wait_exit)" = 0 ] || fail "q after resizes: exit status $(cat "$work/exit")"
finish
