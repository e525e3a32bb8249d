#!/bin/sh
# trails.sh: t turns trails on and off, and --trails starts with them.
#
# Trails off, the field never shows a trail's dots (◦ and ·, which no
# glyph set draws otherwise); t on, they come behind the flying boids;
# t off again, the frame after the sentinel, drawn whole after the key,
# has none. --trails -A starts with them, as a colon and a full stop
# behind ASCII arrows. The key only shows the flight: a record keeps
# nothing of it.
. tests/lib.sh
. tests/e2e/tmux-lib

# trail_dots: the field holds a trail's dot.
trail_dots() { field | grep -q '[◦·]'; }
no_trail_dots() { ! trail_dots; }

boids_start 80 24 "" -S 3 -n 300 --glyphs arrows --record "$work/t.rec"
sentinel
no_trail_dots || fail "trails off, yet dots: $(field | grep -m 1 '[◦·]')"
keys t
poll 5 trail_dots || fail "t showed no trails: $(field | head -n 5)"
keys t
sentinel
no_trail_dots || fail "t again left dots: $(field | grep -m 1 '[◦·]')"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
grep -q '^key [0-9]* 116$' "$work/t.rec" &&
	fail "the record kept t: $(grep '^key' "$work/t.rec")"
grep -q '^end ' "$work/t.rec" || fail "no whole record: $(cat "$work/t.rec")"

# ASCII: a colon behind each arrow, then a full stop (the status line
# has full stops of its own: the field alone is read).
field_has() { field | grep -q -- "$1"; }
boids_start 80 24 "" -S 3 -n 300 --glyphs arrows -A --trails
poll 5 field_has ':' || fail "--trails -A: no colon: $(field | head -n 5)"
poll 5 field_has '\.' || fail "--trails -A: no full stop: $(field | head -n 5)"
keys q
[ "$(wait_exit)" = 0 ] || fail "--trails -A: q: exit status $(cat "$work/exit")"
finish
