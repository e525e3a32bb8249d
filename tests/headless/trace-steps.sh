#!/bin/sh
# trace-steps.sh: the trace's step is the flight's, and its header
# matches its rows, whatever restarts the flock. The trace took its
# step from the flock, which a new flock starts again at 0: a
# screensaver's went 13200, 67 while the statistics said step=13300; a
# replay's r key repeated steps 1 to 9. And its header was written for
# the options at the start: a record whose n keys reached the hunt
# preset (--fear) got a header of 8 columns over rows of 9.
#
# Now every trace's steps strictly increase, are the steps the
# statistics print, and every row is as wide as the header; a replay's
# trace has the extensions' columns from the start.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# whole NAME CSV OUT: the trace CSV's steps strictly increase and are
# those of the statistics in OUT; each row has the header's width.
whole() {
	awk -F, -v what="$1" '
	NR == 1 { width = NF; next }
	NF != width { printf "%s: line %d has %d columns, the header %d\n",
		what, NR, NF, width; bad = 1; exit }
	$1 != last { if (last != "" && $1 + 0 <= last + 0) {
		printf "%s: step %s after step %s\n", what, $1, last
		bad = 1; exit }
		last = $1 }
	END { exit bad }' "$2" || fail "$1: the trace is not whole"
	sed -n 's/^step=\([0-9]*\) .*/\1/p' "$3" >"$tmp/printed"
	sed 1d "$2" | cut -d, -f1 | uniq >"$tmp/traced"
	cmp -s "$tmp/printed" "$tmp/traced" ||
		fail "$1: the trace's steps are not the statistics' ($(
		    diff "$tmp/printed" "$tmp/traced" | sed -n 2p))"
}

# A screensaver's autopilot brings a fresh flock now and then: in this
# flight, after step 13200.
"$FLIGHT" -H --screensaver -n 50 -S 5 -t 30000 -e 100 \
    --trace "$tmp/saver.csv" >"$tmp/saver.out" || fail "screensaver run failed"
[ "$(wc -l <"$tmp/saver.out")" -eq 300 ] ||
	fail "screensaver: $(wc -l <"$tmp/saver.out") lines, not 300"
whole screensaver "$tmp/saver.csv" "$tmp/saver.out"

# A record with a new flock (r) after step 9, and after step 12 the
# presets in turn up to hunt (n four times: murmuration, school, swarm,
# hunt), whose fear adds a column.
build=$("$BOIDS" --version | sed -n 's/^build //p')
printf 'boids-record 1\nbuild %s\noption count 30\noption seed 4\nworld 80 46\nkey 9 114\nkey 12 110\nkey 12 110\nkey 12 110\nkey 12 110\nend 20\n' \
    "$build" >"$tmp/keys.rec"
"$BOIDS" -H -e 1 --replay "$tmp/keys.rec" --trace "$tmp/keys.csv" \
    >"$tmp/keys.out" || fail "replay failed"
[ "$(wc -l <"$tmp/keys.out")" -eq 20 ] ||
	fail "replay: $(wc -l <"$tmp/keys.out") lines, not 20"
whole replay "$tmp/keys.csv" "$tmp/keys.out"
[ "$(head -n 1 "$tmp/keys.csv")" = step,id,x,y,vx,vy,kind,r,species,fear,lead ] ||
	fail "replay: header $(head -n 1 "$tmp/keys.csv")"
# Hunt's flock is afraid now and then: its fear is in the trace.
awk -F, '$1 >= 13 && $7 == "boid" && $10 + 0 > 0 { found = 1 }
    END { exit !found }' "$tmp/keys.csv" ||
	fail "replay: no fear in the trace once hunt flies"
finish
