#!/bin/sh
# config.sh: presets and the config file in a real terminal.
#
# The preset key `n` flies each preset in turn, its name on the status
# line while it flies and gone when none does; the config file's options
# are flown; after keys changed the preset, a multiplier, the wind, the
# goal (taken away, as only a file gave it), its pull and the
# predators, `? ?` shows the command line and the config lines that fly
# those settings again: the lines are what --print-config makes of that
# command line, which says --no-config as the file's goal must not come
# back. And the file is never written: the same bytes and time after
# a session that pressed every key that changes anything.
. tests/lib.sh
. tests/e2e/tmux-lib

XDG_CONFIG_HOME=$work/xdg
export XDG_CONFIG_HOME
mkdir -p "$work/xdg/boids"
conf=$work/xdg/boids/config
printf '# mine\ncount = 120\ncohesion = 1.2   # a little closer\ngoal = 0.25,0.5\nseed = 11\n' \
    >"$conf"
sum=$(cksum <"$conf")
touch -d '-1 minute' "$conf"
touch "$work/before"

boids_start 80 24 ""
wait_for 'coh 1.20 .*goal 20,11  n 120  ' ||
	fail "the config file is not flown: $(status_line)"

# The presets in turn, each named while it flies, then none again.
for name in murmuration school swarm hunt parker; do
	keys n
	wait_for "  $name\$" 10 || fail "n: no '$name' on the status line: $(status_line)"
done
keys n
wait_for 'n 120  [0-9]* fps$' 10 || fail "n after parker: not back to none: $(status_line)"
for name in murmuration school; do
	keys n
	wait_for "  $name\$" 10 || fail "n: no '$name' the second time round"
done
# The file's count and cohesion over the preset's, as on the command line.
wait_for 'coh 1.20  sep 1.00  ali 3.00 .* n 120 ' ||
	fail "school under the file's options: $(status_line)"

# Everything the keys tune, then the second page of the overlay.
keys Tab + + Right Right G f p p
wait_for 'sep 1.20 .*wind +0.2,+0.0  goal off  n 120 ' ||
	fail "the keys did not tune: $(status_line)"
keys '?'
wait_for 'q, Esc' || fail "? shows no keys"
wait_for 'shows how to fly it again' || fail "the keys do not say what ? ? does"
keys '?'
wait_for 'to fly this again' || fail "? ? shows nothing: $(screen)"
# The overlay's text, between its borders.
screen | sed -n 's/^[^│]*│ *\(.*[^ ]\) *│.*$/\1/p' >"$work/page"
# Its lines end in a backslash where the command goes on: joined as
# the shell joins them.
sed -n '/^boids/,/^or in /p' "$work/page" | sed '$d' |
	sed -e ':a' -e '/\\$/{N;s/\\\n//;ba' -e '}' | tr '\n' ' ' |
	tr -s ' ' >"$work/command"
sed -n '/^or in /,/^any key/p' "$work/page" | sed '1d;$d' >"$work/lines"
want='boids --no-config --preset school -n 120 -c 1.2 -S 11 -s 1.2 -w 0.2,0 -G -1 -p 2 '
[ "$(cat "$work/command")" = "$want" ] ||
	fail "the command line: '$(cat "$work/command")', not '$want'"
grep -q "^or in ~*$work/xdg/boids/config:\$" "$work/page" ||
	fail "the overlay does not name the file: $(cat "$work/page")"
# shellcheck disable=SC2046
"$BOIDS" $(sed 's/^boids//' "$work/command") --print-config |
	grep -v '^#' >"$work/printed"
cmp -s "$work/printed" "$work/lines" || {
	fail "the overlay's lines are not what --print-config prints:"
	diff "$work/lines" "$work/printed" >&2
}
[ "$(wc -l <"$work/lines")" -eq 8 ] || fail "not 8 config lines: $(cat "$work/lines")"
keys x
# The status line shows fps under the overlay too: wait for the pane to
# lose the overlay's words, which a frame drawn after x removes.
poll 5 pane_lacks 'fly this again' || fail "x did not close the overlay"
# Every other key that changes anything, in turn: the file stays as it
# was all the same.
keys s
wait_for SCATTER || fail "s: $(status_line)"
keys s Up Left Down w g - P m z Z h j k l 0 c '<' '>' i
click 30 8
keys i C-l space
wait_for PAUSED || fail "space: $(status_line)"
keys . space r
sleep 0.5
[ -s "$work/exit" ] && fail "the keys ended the session: $(cat "$work/exit")"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

[ "$(cksum <"$conf")" = "$sum" ] || fail "the config file changed"
[ -z "$(find "$conf" -newer "$work/before")" ] ||
	fail "the config file was written"

# A preset the command line names is on the status line, under the
# options given after it.
boids_start 100 24 "" --no-config --seed 4 --preset hunt -n 250
wait_for 'n 250  .*pred 3  .*hunt$' ||
	fail "--preset hunt -n 250: $(status_line)"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# A preset key kept in a record flies again: its key, and the world the
# terminal grew for 1500 starlings, are kept; the terminal's replay
# ends on the frame the flight ended on, and -H flies the 1500.
rec=$work/preset.rec
boids_start 80 24 "" --no-config --seed 4 --record "$rec"
sleep 0.3
keys n
wait_for '  murmuration$' 10 || fail "n: no murmuration: $(status_line)"
sleep 1
keys ' '
wait_for 'murmuration  PAUSED' 5 || fail "space: $(status_line)"
# The status line can show ahead of its frame: the sentinel's overlay,
# gone again, means the whole paused frame is on the screen.
sentinel
field >"$work/recorded"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
grep -q '^key [0-9]* 110$' "$rec" || fail "the preset key was not kept"
grep -q '^resize [0-9]* 205 118$' "$rec" ||
	fail "the grown world was not kept: $(grep resize "$rec")"
boids_start 80 24 "" --no-config --replay "$rec"
wait_for PAUSED 30 || fail "the replay never ended: $(status_line)"
sentinel
field >"$work/replayed"
cmp -s "$work/recorded" "$work/replayed" ||
	fail "the replay's last frame differs from the flight's"
keys q
[ "$(wait_exit)" = 0 ] || fail "q after the replay: $(cat "$work/exit")"
"$BOIDS" -H --no-config --replay "$rec" -e 1000000 --trace "$work/t.csv" \
    >"$work/h" || fail "-H --replay failed"
n=$(awk -F, '$7 == "boid" { if ($1 + 0 > s) { s = $1 + 0; n = 0 } n++ }
    END { print n }' "$work/t.csv")
[ "$n" = 1500 ] || fail "-H --replay flies $n boids, not the murmuration's 1500"
finish
