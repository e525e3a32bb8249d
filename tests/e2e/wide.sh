#!/bin/sh
# A terminal that draws characters of ambiguous width two cells wide (as
# xterm -cjk_width does, and most terminals set up for CJK text), modelled
# by tests/link/wideterm.py in front of tmux: it answers the cursor's
# position as such a terminal would, and says it has synchronized output.
# boids asks at the start where an arrow left the cursor, and from then
# on draws only what is one cell wide anywhere: ASCII arrows and marks,
# braille dots, ASCII frames round the overlay and the panel, an ASCII
# sparkline; the status line reads as ever. Through the same model of a
# terminal that draws them one cell wide, the arrows are Unicode's. Each
# frame comes between the synchronized output mode's set and reset; no
# answer is read as keys (the mode's answer holds a '?', which would
# open the overlay that the test opens itself).
. tests/lib.sh
need python3
. tests/e2e/tmux-lib

wide=$PWD/tests/link/wideterm.py
# Field lines with characters outside ASCII and braille: arrows,
# shapes, blocks.
unicode_marks() {
	field | grep -cP '[^\x{20}-\x{7e}\x{2800}-\x{28ff}]'
}
ascii_arrows() {
	[ "$(unicode_marks)" -eq 0 ] && field | grep -q '[<>^v/\\]'
}

via="python3 $wide --log $work/wide.raw" boids_start 80 24 "" --seed 2 \
    --glyphs arrows -p 2 -o 2 --goal 0.5,0.5
poll 5 ascii_arrows || fail "wide: not ASCII arrows: $(field | head -n 12)"
status_line | grep -Eq '^coh [0-9.]+  sep [0-9.]+  ali [0-9.]+  wind .* n 200  [0-9]+ fps' ||
	fail "wide: status line: $(status_line)"
keys '?'
wait_for 'q, Esc' || fail "wide: no overlay: $(screen)"
screen | grep -Eq '\+- keys .*--\+' || fail "wide: overlay frame not ASCII: $(screen)"
screen | grep -qP '[\x{2500}-\x{257f}]' &&
	fail "wide: box drawing in the overlay"
keys q
closed() { ! pane_has 'q, Esc'; }
poll 3 closed || fail "wide: the overlay stayed"
keys i
wait_for 'measures' || fail "wide: no panel: $(screen)"
# The sparkline fills in a cell a second; a few seconds give it some.
sleep 3
screen | grep 'measures' | grep -q '^.*+-' || fail "wide: panel frame not ASCII"
screen | grep -qP '[\x{2500}-\x{259f}]' &&
	fail "wide: blocks or box drawing in the panel: $(screen | head -n 12)"
keys i m
braille() { field | grep -qP '[\x{2801}-\x{28ff}]'; }
poll 5 braille || fail "wide: no braille dots after m: $(field | head -n 8)"
[ "$(unicode_marks)" -eq 0 ] || fail "wide: dots with arrows or shapes: $(field | head -n 8)"
keys q
[ "$(wait_exit)" = 0 ] || fail "wide: q: exit status $(cat "$work/exit")"
# Frames in synchronized output, every set reset.
begins=$(grep -ao "$esc\[?2026h" "$work/wide.raw" | wc -l)
ends=$(grep -ao "$esc\[?2026l" "$work/wide.raw" | wc -l)
[ "$begins" -ge 10 ] || fail "sync: $begins frames in synchronized output"
[ "$ends" -ge "$begins" ] || fail "sync: $begins begun, $ends ended"

# One cell wide: Unicode's arrows, and no synchronized output where the
# terminal has it not.
via="python3 $wide --narrow --sync 0 --log $work/narrow.raw" boids_start \
    80 24 "" --seed 2 --glyphs arrows
unicode_arrows() { field | grep -qP '[\x{2190}-\x{21ff}]'; }
poll 5 unicode_arrows || fail "narrow: no Unicode arrows: $(field | head -n 8)"
keys q
[ "$(wait_exit)" = 0 ] || fail "narrow: q: exit status $(cat "$work/exit")"
grep -aq "$esc\[?2026h" "$work/narrow.raw" &&
	fail "narrow: synchronized output where the terminal has none"
finish
