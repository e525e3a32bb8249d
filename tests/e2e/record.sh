#!/bin/sh
# --record and --replay on the real program in tmux: a flight with keys,
# a click and a resize is kept; -H --replay prints the same bytes every
# time, and other bytes when the keys are left out; the replay in the
# terminal ends on the frame the flight ended on. Then the record's
# file going wrong: a path that cannot be written is refused before the
# terminal is touched, and a write that fails later (a file size limit)
# ends the program cleanly, leaving a record that still replays.
. tests/lib.sh
. tests/e2e/tmux-lib

rec=$work/flight.rec

# A flight: scatter, wind, a multiplier, a click, a smaller terminal;
# paused before quitting, so that the frame read is the last one. The
# pauses between keys only spread the inputs over more steps.
boids_start 80 24 "" --seed 9 --count 150 --record "$rec"
sleep 0.5
keys s
wait_for SCATTER 3 || fail "s: no SCATTER: '$(status_line)'"
keys Up Tab +
wait_for 'sep 1.10' 3 || fail "Tab +: '$(status_line)'"
sleep 0.5
click 20 5
wait_for 'goal 20,5 ' 3 || fail "click: '$(status_line)'"
sleep 0.5
tm resize-window -x 90 -y 22
height=22
wait_for 'goal 23,5 ' 3 || fail "resize: '$(status_line)'"
sleep 0.5
keys s ' '
wait_for PAUSED 3 || fail "space: '$(status_line)'"
field >"$work/recorded"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# What was kept: the options, the seed, the world, each input once.
grep -qx 'boids-record 1' "$rec" || fail "no version line: $(head -n 1 "$rec")"
grep -qx 'option count 150' "$rec" || fail "no --count in the record"
grep -qx 'option seed 9' "$rec" || fail "no seed in the record"
grep -qx 'world 80 46' "$rec" || fail "no world 80 46 in the record"
[ "$(grep -c '^key [0-9]* 115$' "$rec")" = 2 ] || fail "not two s keys"
# The click's cell's centre, 20.5 across and 11 down, as the float the
# goal's fraction of the field is.
grep -Eq '^click [0-9]+ 20\.(50*|49999[0-9]*) 11(\.0000[0-9]*)?$' "$rec" ||
	fail "no click at 20.5,11: $(grep click "$rec")"
grep -q '^resize [0-9]* 90 42$' "$rec" || fail "no resize to 90 42"
grep -q '^key [0-9]* 32$' "$rec" && fail "the pause was kept"
grep -q '^end [0-9]*$' "$rec" || fail "no end line"
end=$(sed -n 's/^end //p' "$rec")

# Headless: the same bytes twice, to the record's end; other bytes
# without the keys.
"$BOIDS" -H -e 10 --replay "$rec" >"$work/h1" 2>"$work/err" ||
	fail "-H --replay: $(cat "$work/err")"
"$BOIDS" -H -e 10 --replay "$rec" >"$work/h2" ||
	fail "-H --replay, again"
cmp -s "$work/h1" "$work/h2" || fail "two replays differ"
last=$(tail -n 1 "$work/h1" | sed 's/ .*//')
[ "$last" = "step=$end" ] || fail "the replay ends at '$last', not step=$end"
grep -v '^key' "$rec" >"$work/nokeys.rec"
"$BOIDS" -H -e 10 --replay "$work/nokeys.rec" >"$work/h3" ||
	fail "-H --replay without keys"
cmp -s "$work/h1" "$work/h3" && fail "the keys changed nothing"
[ "$test_failures" = 0 ] || cat "$rec" >&2
printf 'record: %s lines, ends at step %s\n' "$(wc -l <"$rec")" "$end"

# In the terminal, in a terminal of the size the flight ended in: the
# flight flies again and holds still on its last frame.
boids_start 90 22 "" --replay "$rec"
wait_for PAUSED 30 || fail "the replay never ended: '$(status_line)'"
field >"$work/replayed"
cmp -s "$work/recorded" "$work/replayed" || {
	fail "the replay's last frame differs from the flight's"
	diff "$work/recorded" "$work/replayed" | head -n 20 >&2
}
case $(status_line) in
*"sep 1.10"*"goal 23,5 "*) ;;
*) fail "status line after the replay: '$(status_line)'" ;;
esac
keys q
[ "$(wait_exit)" = 0 ] || fail "q after the replay: $(cat "$work/exit")"

# A key that changes the flight takes it over from the record.
boids_start 80 24 "" --replay "$rec"
wait_for REPLAY 5 || fail "no REPLAY while replaying: '$(status_line)'"
keys g
wait_for "goal 40,11 " 3 || fail "g during a replay"
sleep 0.5
status_line | grep -q REPLAY && fail "REPLAY after a key took over"
keys q
[ "$(wait_exit)" = 0 ] || fail "q after taking over: $(cat "$work/exit")"

# A path that cannot be written: the message, the status of an
# unwritable --trace, and the terminal never opened (no alternate
# screen, no status line).
new_server
rm -f "$work/exit"
LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 200 -y 24 \
    "$BOIDS --record $work/no/such/dir; echo status \$? >$work/exit; \
    exec sleep 60"
[ "$(wait_exit)" = "status 1" ] ||
	fail "unwritable --record: $(cat "$work/exit")"
wait_for "cannot write record file '$work/no/such/dir': No such file" 3 ||
	fail "unwritable --record: $(screen | head -n 3)"
screen | grep -q fps && fail "unwritable --record: the terminal was drawn"

# A file size limit reached in flight: the program ends, the terminal
# restored and the error said; the record replays up to its last line.
# The limit also bounds the spool the frames pass through, so the field
# is small; clicks, by turns at two places, make long lines.
boids_start 80 6 "prlimit --fsize=8192" --seed 3 --record "$rec" \
    2\>"$work/err"
i=0
while [ $i -lt 40 ] && [ ! -s "$work/exit" ]; do
	k=0
	while [ $k -lt 10 ]; do
		click 10 1
		click 60 3
		k=$((k + 1))
	done
	i=$((i + 1))
done
[ "$(wait_exit)" = 1 ] || fail "file size limit: exit $(cat "$work/exit")"
grep -qx "boids: cannot write record file '$rec': File too large" \
    "$work/err" || fail "file size limit: said '$(cat "$work/err")'"
screen | grep -q fps && fail "file size limit: the screen was not restored"
[ "$(tail -c 1 "$rec" | od -An -c | tr -d ' ')" = '\n' ] ||
	fail "the cut record ends inside a line"
[ "$(wc -c <"$rec")" -gt 7000 ] || fail "cut at $(wc -c <"$rec") bytes"
grep -q '^end' "$rec" && fail "the cut record has an end line"
"$BOIDS" -H --replay "$rec" >/dev/null 2>"$work/err" ||
	fail "the cut record does not replay: $(cat "$work/err")"
finish
