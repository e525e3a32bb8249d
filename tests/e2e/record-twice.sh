#!/bin/sh
# record-twice.sh: two sessions recording to one path do not lose a
# record without a word. Each wrote its own new file and renamed it over
# the path as it began, so the second took the name and the first went
# on writing a file no name led to, lost. Now a session holds a lock on
# the file it writes, and a second one given that path is refused at
# once, with one line saying so and exit status 1, while the first goes
# on and keeps its whole record.
#
# And a record replacing a file with other names (hard links) says so
# once the terminal is back: the other names keep the old file.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

rec=$work/f.rec
printf 'an old record\n' >"$rec"
ln "$rec" "$work/other"
boids_start 80 24 "" --seed 3 --record "$rec" 2\>"$work/a.err"
started="$started $(boids_pid)"
# The first frame is out: the record has taken its name.
poll 5 grep -q '^option seed 3$' "$rec" || fail "the first session's record is not there"

tm new-window -d "$BOIDS --seed 4 --record '$rec' 2>'$work/b.err'; \
    echo \$? >'$work/b.exit'"
poll 10 test -s "$work/b.exit" || fail "the second session did not end"
[ "$(cat "$work/b.exit")" = 1 ] ||
	fail "the second session: exit status $(cat "$work/b.exit"): $(cat "$work/b.err")"
grep -q "^boids: cannot write record file '.*f.rec': another process ([0-9]*) is writing it$" \
    "$work/b.err" || fail "the second session said: '$(cat "$work/b.err")'"
[ "$(wc -l <"$work/b.err")" -eq 1 ] || fail "the second session said more: $(cat "$work/b.err")"

# The first flies on, and keeps its record: a key, then q.
keys p
wait_status 'pred 1' || fail "p: $(status_line)"
keys q
[ "$(wait_exit 10)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
grep -q '^option seed 3$' "$rec" && grep -q '^key [0-9]* 112$' "$rec" &&
    tail -n 1 "$rec" | grep -q '^end ' || fail "the first record is not whole: $(cat "$rec")"
[ "$(cat "$work/other")" = 'an old record' ] ||
	fail "the other name does not keep the old file"
grep -q "^boids: replaced '.*f.rec' with a new file: its 1 other name (hard link) still names the old one$" \
    "$work/a.err" || fail "the split link was not told: '$(cat "$work/a.err")'"
finish
