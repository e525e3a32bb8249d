#!/bin/sh
# replay-stop.sh: a replay that has thousands of inputs after one step
# still stops at once. A flight of 200,000 boids, paused at once and
# restarted 300 times at that step, takes seconds to replay (each
# restart makes the flock anew); q in the terminal, and INT or TERM
# headless, end it within half a second. Before, every input due was
# applied in one loop that looked at neither keys nor signals. The
# release build: the point is work that takes long.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
need timeout
. tests/e2e/tmux-lib

ms() { echo $(( $(date +%s%N) / 1000000 )); }
rec=$work/restarts.rec

boids_start 80 24 "" --seed 5 -n 200000 --record "$rec"
keys Space
wait_for PAUSED 5 || fail "space: '$(status_line)'"
i=0
while [ $i -lt 30 ]; do
	keys r r r r r r r r r r
	i=$((i + 1))
done
sleep 1
keys q
[ "$(wait_exit 60)" = 0 ] || fail "recording: exit status $(cat "$work/exit")"
n=$(grep -c '^key [0-9]* 114$' "$rec")
[ "$n" -ge 300 ] || fail "only $n restarts kept"
step=$(sed -n 's/^key \([0-9]*\) 114$/\1/p' "$rec" | sort -u | wc -l)
[ "$step" -le 3 ] || fail "the restarts are spread over $step steps"

# The terminal: q during the restarts.
boids_start 80 24 "" --replay "$rec"
sleep 1
t0=$(ms)
keys q
[ "$(wait_exit 10)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
took=$(( $(ms) - t0 ))
[ "$took" -le 500 ] || fail "q during a replay's restarts: ended after $took ms"

# Headless: INT and TERM a second in.
for sig in INT:2 TERM:15; do
	t0=$(ms)
	timeout --preserve-status -s "${sig%:*}" 1 "$BOIDS" -H --replay "$rec" \
	    >/dev/null 2>&1
	status=$?
	took=$(( $(ms) - t0 - 1000 ))
	[ "$status" -eq $((128 + ${sig#*:})) ] ||
		fail "-H SIG${sig%:*}: exit status $status"
	[ "$took" -le 500 ] || fail "-H SIG${sig%:*}: ended $took ms after it"
done
finish
