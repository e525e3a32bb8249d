#!/bin/sh
# say.sh: signs (--say, --clock) on the real program in tmux.
#
# A sign the terminal is too small for is refused before anything is
# drawn: one line, the hint to --help, status 64, the screen as it was.
# `s` lets go of a sign, SCATTER shows, and the scatter ends by itself
# as the sign forms again, SIGN_FREE steps on (two seconds at -R 120). A
# terminal resized too small for the sign, and back, flies on.
#
# A clock set by BOIDS_CLOCK to 12:59:57 is recorded: the record keeps
# the time it showed, 12:59 at step 0 and 13:00 at the step the minute
# turned, a few seconds in. Its replay, in the terminal with the clock
# set to another time, ends on the frame the flight ended on; headless,
# two replays under two other times print the same bytes, and the sign
# they end with is the 13:00 a clock set at 13:00 writes. With
# --screensaver the clock has no status line, and a key ends it.
. tests/lib.sh
. tests/e2e/tmux-lib

rec=$work/clock.rec

# Refused: in a 40x12 terminal SIGNBOARD does not fit even cut (20
# boids, which leave the world the terminal's).
first="Try 'boids --help'" boids_start 40 12 "" -n 20 --say SIGNBOARD
[ "$(wait_exit)" = 64 ] || fail "too small: exit status $(cat "$work/exit")"
# The pane is 40 wide: the line wraps onto a second row.
screen | tr -d '\n' | grep -q "^boids: --say: no room for 'SIGNBOARD' in a field of 40x11 cells, even wrappedTry 'boids --help'.\$" ||
	fail "too small: $(screen | head -n 3)"

# written: the share of the sign's cells ($work/cells, a headless
# flight's) that the field lights, in hundredths. The pane's glyphs are
# read by character (sed in a UTF-8 locale), not by byte.
written() {
	field | sed 's/[^ ]/#/g' | awk -v cells="$work/cells" '
	{ lit[NR] = $0 }
	END {
		while ((getline line < cells) > 0) {
			r++
			for (c = 1; c <= length(line); c++)
				if (substr(line, c, 1) == "#") {
					n++
					hit += substr(lit[r], c, 1) == "#"
				}
		}
		print n ? int(100 * hit / n) : 0
	}'
}
# signed: the field writes at least 80% of the sign.
signed() { [ "$(written)" -ge 80 ]; }

# s lets go; the scatter ends when the sign forms again, and the field
# shows it: the cells of HI laid out in an 80x24 field.
BOIDS_SIGN_CELLS=1 "$BOIDS" -H -W 80x24 -t 1 -e 1 --picture --say HI |
    tail -n 23 >"$work/cells"
grep -q '#' "$work/cells" || fail "HI: no sign's cells"
boids_start 80 24 "" --say HI --seed 3 -R 120
poll 15 signed || fail "HI never formed: $(written)% of it written"
keys s
wait_status SCATTER 3 || fail "s: no SCATTER: '$(status_line)'"
poll 15 status_lacks SCATTER ||
	fail "the scatter did not end with the sign: '$(status_line)'"
poll 15 signed || fail "HI did not form again: $(written)% of it written"
# Too small for HI, and back: it flies on, and quits as always.
tm resize-window -x 12 -y 6
height=6
wait_status 'coh' 5 || fail "12x6: no status line: '$(status_line)'"
tm resize-window -x 80 -y 24
height=24
wait_status 'n 200' 5 || fail "80x24 again: '$(status_line)'"
sentinel
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# The clock, kept; paused after the minute has turned, then quit.
boids_start 80 24 "BOIDS_CLOCK=12:59:57" --clock --seed 4 --record "$rec"
poll 15 grep -q '^sign [0-9]* 13:00$' "$rec" ||
	fail "the minute did not turn: $(grep '^sign' "$rec")"
sleep 0.5
keys ' '
wait_status PAUSED 3 || fail "space: '$(status_line)'"
field >"$work/recorded"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
grep -qx 'option clock' "$rec" || fail "no --clock in the record"
[ "$(grep '^sign' "$rec" | head -n 1)" = "sign 0 12:59" ] ||
	fail "the record does not begin at 12:59: $(grep '^sign' "$rec")"
turned=$(sed -n 's/^sign \([0-9]*\) 13:00$/\1/p' "$rec")
[ "$turned" -ge 30 ] && [ "$turned" -le 600 ] ||
	fail "the minute turned at step '$turned'"
echo "the minute turned at step $turned of $(sed -n 's/^end //p' "$rec")"

boids_start 80 24 "BOIDS_CLOCK=07:00" --replay "$rec"
wait_status PAUSED 30 || fail "the replay never ended: '$(status_line)'"
field >"$work/replayed"
cmp -s "$work/recorded" "$work/replayed" || {
	fail "the replay's last frame differs from the flight's"
	diff "$work/recorded" "$work/replayed" | head -n 20 >&2
}
keys q
wait_exit >/dev/null

BOIDS_CLOCK=07:00 BOIDS_SIGN_CELLS=1 "$BOIDS" -H -e 10 --picture \
    --replay "$rec" >"$work/h1" || fail "-H --replay: status $?"
BOIDS_CLOCK=23:30 BOIDS_SIGN_CELLS=1 "$BOIDS" -H -e 10 --picture \
    --replay "$rec" >"$work/h2" || fail "-H --replay, again: status $?"
cmp -s "$work/h1" "$work/h2" || fail "the replays' times differ"
BOIDS_CLOCK=13:00 BOIDS_SIGN_CELLS=1 "$BOIDS" -H -W 80x24 -t 1 -e 1 \
    --picture --clock >"$work/at13" || fail "13:00: status $?"
tail -n 23 "$work/h1" >"$work/h1.cells"
tail -n 23 "$work/at13" >"$work/at13.cells"
grep -q '#' "$work/at13.cells" || fail "13:00: no sign's cells"
cmp -s "$work/h1.cells" "$work/at13.cells" ||
	fail "the replay does not end on 13:00"

# Where the locale's time format counts by twelve (en_US, compiled
# here), the clock writes 1:05 PM, which the record keeps.
need localedef
localedef -i en_US -f UTF-8 "$work/en_US.UTF-8" ||
	fail "localedef could not compile en_US.UTF-8"
boids_start 80 24 "LOCPATH=$work LC_ALL= LC_TIME=en_US.UTF-8 BOIDS_CLOCK=13:05" \
    --clock --seed 1 --record "$rec.12"
sentinel
keys q
[ "$(wait_exit)" = 0 ] || fail "en_US: exit status $(cat "$work/exit")"
[ "$(grep '^sign' "$rec.12")" = "sign 0 1:05%20PM" ] ||
	fail "en_US: the clock wrote $(grep '^sign' "$rec.12")"
# Its replay, where the clock counts by 24, is sized as it was, by 12:
# the same bytes as a replay in en_US.
for lc in C.UTF-8 en_US.UTF-8; do
	LOCPATH=$work LC_ALL= LC_TIME=$lc BOIDS_SIGN_CELLS=1 "$BOIDS" -H \
	    -e 10 --picture --replay "$rec.12" >"$work/12.$lc" ||
		fail "en_US: replay in $lc: status $?"
done
cmp -s "$work/12.C.UTF-8" "$work/12.en_US.UTF-8" ||
	fail "en_US: the replay differs where the clock counts by 24"

# A lock screen: the first frame, its boids drawn, has no status line;
# a key ends it, once its first half second, deaf to input, is over.
first='[←↖↑↗→↘↓↙]' boids_start 80 24 "" --clock --screensaver --seed 2
status_line | grep -q '[a-z]' && fail "a status line: $(status_line)"
sleep 1
keys x
[ "$(wait_exit 3)" = 0 ] || fail "a key: exit status $(cat "$work/exit")"

finish
