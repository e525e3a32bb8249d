#!/bin/sh
# The README's picture is what its command shows: `boids --seed 7` in an
# 80x24 terminal, 240 steps in. The field is the one the headless
# picture of the same flight prints, row for row (the README says so,
# and the terminal draws what --picture prints: record.sh); the status
# line must match the live terminal's to the letter (the frame rate may
# differ on a busy machine). The field must also look as the README
# says: 23 rows of 80 columns at most, the arrows' glyphs only (a heading
# arrow, or a dot where a cell's boids disagree), a flock.
. tests/lib.sh
. tests/e2e/tmux-lib

pic=$work/readme.txt
sed -n '/^`\.\/boids --seed 7` in an 80x24 terminal/,/^```$/p' README.md |
	sed '1,4d;$d' >"$pic"
[ "$(wc -l <"$pic")" -eq 24 ] || fail "README picture: $(wc -l <"$pic") rows"
grep -q '^`boids -H -S 7 -t 240 -e 240 --picture` prints the same field:$' \
    README.md || fail "README: the picture's headless command is not named"
"$BOIDS" -H -S 7 -t 240 -e 240 --picture | sed 1d >"$work/headless"
sed '$d' "$pic" | cmp -s - "$work/headless" || {
	fail "README picture: not what the headless picture prints"
	sed '$d' "$pic" | diff - "$work/headless" | head -n 10 >&2
}
want=$(tail -n 1 "$pic" | sed 's/[0-9]* fps$/N fps/')

boids_start 80 24 "" --seed 7
got=$(status_line | sed 's/[0-9]* fps$/N fps/')
[ "$got" = "$want" ] || fail "status line '$got', README '$want'"

sed '$d' "$pic" >"$work/field"
wide=$(sed -n '/.\{81\}/p' "$work/field" | wc -l)
[ "$wide" -eq 0 ] || fail "README picture: $wide rows wider than 80"
glyphs=$(tr -d ' \n' <"$work/field")
others=$(printf '%s' "$glyphs" | sed 's/[←↖↑↗→↘↓↙•]//g')
[ -z "$others" ] || fail "README picture: not arrows: '$others'"
n=$(printf '%s' "$glyphs" | wc -m)
[ "$n" -ge 100 ] && [ "$n" -le 200 ] || fail "README picture: $n glyphs"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
