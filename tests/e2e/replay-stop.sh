#!/bin/sh
# replay-stop.sh: a replay that has thousands of inputs after one step
# still stops at once. A flight of 200,000 boids restarted 2,000 times
# after its second step takes minutes to replay (each restart makes the
# flock anew); in the terminal q, Ctrl-C and TERM, and headless INT and
# TERM, end it within half a second, and the terminal is restored.
# Before, every input due was applied in one loop that looked at
# neither keys nor signals (headless, the signals were not caught then,
# and ended the run at once). The release build: the point is work that
# takes long.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
need timeout
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

ms() { echo $(( $(date +%s%N) / 1000000 )); }
rec=$work/restarts.rec

# The record, as the program writes one (its build line is the one
# --version prints): 2,000 r keys after step 2, and the end a step
# later.
{
	echo "boids-record 1"
	"$BOIDS" --version | sed -n 2p
	echo "option count 200000"
	echo "option seed 5"
	echo "world 400 240"
	i=0
	while [ $i -lt 2000 ]; do
		echo "key 2 114"
		i=$((i + 1))
	done
	echo "end 3"
} >"$rec"

# The terminal: q, Ctrl-C or TERM a second into the restarts, which
# must still be under way (REPLAY on the status line), or the test
# would show nothing.
for how in q:0 C-c:130 TERM:143; do
	what=${how%:*} want=${how#*:}
	boids_start 80 24 "" --replay "$rec"
	pid=$(boids_pid)
	started="$started $pid"
	sleep 1
	status_line | grep -q '^coh .*REPLAY' ||
		fail "$what: no replay under way: '$(status_line)'"
	t0=$(ms)
	if [ "$what" = TERM ]; then
		kill -TERM "$pid"
	else
		keys "$what"
	fi
	status=$(wait_exit 10)
	took=$(( $(ms) - t0 ))
	[ "$status" = "$want" ] || fail "$what: exit status $status, not $want"
	[ "$took" -le 500 ] ||
		fail "$what during a replay's restarts: ended after $took ms"
	[ "$(modes)" = "$normal" ] || fail "$what: terminal left as: $(modes)"
done

# Headless: INT and TERM a second in, while the restarts go on (no line
# is printed before they are done).
for sig in INT:2 TERM:15; do
	t0=$(ms)
	timeout --preserve-status -s "${sig%:*}" 1 "$BOIDS" -H --replay "$rec" \
	    >"$work/out" 2>&1
	status=$?
	took=$(( $(ms) - t0 - 1000 ))
	[ "$status" -eq $((128 + ${sig#*:})) ] ||
		fail "-H SIG${sig%:*}: exit status $status"
	[ "$took" -le 500 ] || fail "-H SIG${sig%:*}: ended $took ms after it"
	[ -s "$work/out" ] &&
		fail "-H SIG${sig%:*}: the replay was over before the signal"
done
finish
