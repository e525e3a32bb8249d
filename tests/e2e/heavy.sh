#!/bin/sh
# Keys and hangups reach a flock too big to keep its clock. With three
# million boids (the release build: the point is a step that takes long,
# not the sanitizers' checks), Esc and then q 50 ms later quits: the q
# must not be taken for the rest of an escape sequence. Ninety presses of
# + apply at once, not a frame each, and a q behind them still quits
# promptly. The frame rate shown is the one reached, from the first
# frame on. A terminal that vanishes under such a flock, with SIGHUP
# ignored so that only the terminal itself can tell, ends it within
# seconds, having spun on nothing meanwhile.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

ms() { echo $(( $(date +%s%N) / 1000000 )); }

# quits_within MS WHAT: the program has exited with status 0 in MS.
quits_within() {
	t0=$(ms)
	while [ ! -s "$work/exit" ]; do
		[ $(( $(ms) - t0 )) -gt "$1" ] && break
		sleep 0.05
	done
	[ "$(cat "$work/exit" 2>/dev/null)" = 0 ] ||
		fail "$2: not ended by q within $1 ms"
}

boids_start 80 24 "" -n 3000000 --seed 1
started="$started $(boids_pid)"
# The rate shown is the one reached, from the first frame on: not the 30
# frames a second asked for, which three million boids do not make here.
fps=$(status_line | sed -n 's/.* \([0-9]*\) fps.*/\1/p')
[ -n "$fps" ] && [ "$fps" -lt 30 ] ||
	fail "the first frame claims $fps fps: $(status_line)"
sleep 1
keys Escape
sleep 0.05
keys q
quits_within 3000 "Esc, then q 50 ms later"

boids_start 80 24 "" -n 1000000 --seed 1
started="$started $(boids_pid)"
sleep 1
i=0
while [ $i -lt 90 ]; do
	keys +
	i=$((i + 1))
done
wait_for '^coh 10.00 ' 3 ||
	fail "90 presses of +: not applied within 3 s: $(status_line)"
keys q
quits_within 3000 "q after 90 presses of +"

# The vanished terminal, SIGHUP ignored.
wrap="trap '' HUP;" boids_start 80 24 "" -n 3000000 --seed 1
pid=$(boids_pid)
started="$started $pid"
grep -q '^SigIgn:.*[13579bdf]$' "/proc/$pid/status" ||
	fail "SIGHUP is not ignored: the test is blind"
sleep 1
tm kill-pane
i=0
while alive "$pid" && [ $i -lt 60 ]; do
	sleep 0.05
	i=$((i + 1))
done
alive "$pid" && fail "a vanished terminal under 3M boids: still running 3 s later"
kill "$(cat "$work/sh.pid")" 2>/dev/null
finish
