#!/bin/sh
# cast-fault.sh: a cast cut by a fault still gives the viewer's terminal
# back. The fault handler restores the live terminal; the cast must end
# the same way, its last event restoring the screen (alternate screen
# left, cursor shown, keypad and mouse reporting off), so that
# `asciinema cat` of it leaves the terminal it plays in as it was.
# Before, the cast ended on the last frame's bytes: the viewer stayed
# in the alternate screen with the cursor hidden and mouse reporting on.
# A cast ended by q is played too, to show the check can pass. The
# release build, as for the other faults kill(1) makes.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
need asciinema python3
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

for sig in q:0 SEGV:11 ABRT:6; do
	cast=$work/${sig%:*}.cast
	wrap="ulimit -c 0;" boids_start 80 24 "" --seed 3 -n 200 \
	    --cast "$cast"
	pid=$(boids_pid)
	[ -n "$pid" ] || { fail "$sig: no pid"; continue; }
	started="$started $pid"
	keys s
	wait_for SCATTER || fail "$sig: s: $(status_line)"
	if [ "$sig" = q:0 ]; then
		keys q
		want=0
	else
		kill -"${sig%:*}" "$pid"
		want=$((128 + ${sig#*:}))
	fi
	status=$(wait_exit 5)
	[ "$status" = "$want" ] || fail "$sig: exit status $status, not $want"
	[ "$(modes)" = "$normal" ] || fail "$sig: terminal left as: $(modes)"

	# Every line of the cast is whole JSON: a header, then events.
	python3 - "$cast" <<'END' || fail "$sig: the cast is not whole"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
assert lines[-1] == "", "the last line has no end"
header = json.loads(lines[0])
assert header["version"] == 2
for line in lines[1:-1]:
    event = json.loads(line)
    assert isinstance(event[0], float) and event[1] in ("o", "r")
END

	# Played in a terminal of its size, it leaves that terminal as it
	# was.
	new_server
	rm -f "$work/played"
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 \
	    -y 24 "asciinema cat '$cast'; echo \$? >$work/played; \
	    exec sleep 60"
	deadline=$(( $(date +%s) + 10 ))
	while [ ! -s "$work/played" ] && [ "$(date +%s)" -lt "$deadline" ]; do
		sleep 0.1
	done
	[ "$(cat "$work/played" 2>/dev/null)" = 0 ] ||
		fail "$sig: asciinema cat: status $(cat "$work/played" 2>/dev/null)"
	[ "$(modes)" = "$normal" ] ||
		fail "$sig: the cast leaves its viewer as: $(modes)"
done
finish
