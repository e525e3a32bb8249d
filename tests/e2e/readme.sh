#!/bin/sh
# The README's picture is what its command shows: `boids --seed 7` in an
# 80x24 terminal. The status line must match to the letter (the frame
# rate may differ on a busy machine); where the boids are depends on
# when the picture was taken, so the field is checked for its form: 23
# rows of 80 columns at most, heading arrows only, at most one glyph per
# boid, and a flock in it.
. tests/lib.sh
. tests/e2e/tmux-lib

pic=$work/readme.txt
sed -n '/^`\.\/boids --seed 7` in an 80x24 terminal/,/^```$/p' README.md |
	sed '1,3d;$d' >"$pic"
[ "$(wc -l <"$pic")" -eq 24 ] || fail "README picture: $(wc -l <"$pic") rows"
want=$(tail -n 1 "$pic" | sed 's/[0-9]* fps$/N fps/')

boids_start 80 24 "" --seed 7
got=$(status_line | sed 's/[0-9]* fps$/N fps/')
[ "$got" = "$want" ] || fail "status line '$got', README '$want'"

sed '$d' "$pic" >"$work/field"
wide=$(sed -n '/.\{81\}/p' "$work/field" | wc -l)
[ "$wide" -eq 0 ] || fail "README picture: $wide rows wider than 80"
glyphs=$(tr -d ' \n' <"$work/field")
others=$(printf '%s' "$glyphs" | sed 's/[←↖↑↗→↘↓↙]//g')
[ -z "$others" ] || fail "README picture: not arrows: '$others'"
n=$(printf '%s' "$glyphs" | wc -m)
[ "$n" -ge 100 ] && [ "$n" -le 200 ] || fail "README picture: $n glyphs"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
