#!/bin/sh
# fault-stopped.sh: a fault while the terminal takes nothing still ends
# at once with the terminal restored. With output stopped by Ctrl-S (as
# a stalled SSH link would hold it), SEGV, BUS and ABRT end the program
# within a second, by the signal, and the terminal is restored; before,
# the fault handler's write of the restoring bytes slept until Ctrl-Q.
# The release build: the point is the handler, not the sanitizers'
# report of a fault that kill(1) made.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

ms() { echo $(( $(date +%s%N) / 1000000 )); }

for sig in SEGV:11 BUS:7 ABRT:6; do
	wrap="ulimit -c 0;" boids_start 80 24 "" --seed 3 -n 2000
	pid=$(boids_pid)
	[ -n "$pid" ] || { fail "$sig: no pid"; continue; }
	started="$started $pid"
	keys C-s
	sleep 1
	t0=$(ms)
	kill -"${sig%:*}" "$pid"
	while alive "$pid" && [ $(( $(ms) - t0 )) -lt 3000 ]; do
		sleep 0.05
	done
	took=$(( $(ms) - t0 ))
	alive "$pid" && fail "$sig: still running 3 s after the fault"
	[ "$took" -le 1000 ] || fail "$sig: took $took ms to end"
	status=$(wait_exit 2)
	[ "$status" = $((128 + ${sig#*:})) ] ||
		fail "$sig: exit status $status, not $((128 + ${sig#*:}))"
	keys C-q
	[ "$(modes)" = "$normal" ] || fail "$sig: terminal left as: $(modes)"
done
finish
