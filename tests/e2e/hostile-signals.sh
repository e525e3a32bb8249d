#!/bin/sh
# kill -HUP, -TERM and -INT, sent while the flock flies and while it is
# paused (the read then waits with no timeout): each ends the program
# within a second, by that signal (the shell sees 128 + n), and leaves
# the terminal as it found it: the normal screen back, the cursor
# visible, the keypad and the mouse reports off, no status line.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# gone PID: wait up to a second for it to end; 0 if it did.
gone() {
	i=0
	while alive "$1"; do
		[ $i -ge 20 ] && return 1
		sleep 0.05
		i=$((i + 1))
	done
	return 0
}

for sig in HUP:1 TERM:15 INT:2; do
	name=${sig%:*}
	n=${sig#*:}
	for mode in running paused; do
		what="SIG$name while $mode"
		boids_start 80 24 "" --seed 3 --predators 1
		pid=$(boids_pid)
		[ -n "$pid" ] || { fail "$what: no pid"; continue; }
		started="$started $pid"
		[ "$(modes)" != "$normal" ] ||
			fail "$what: the screen was never set up: the test is blind"
		if [ $mode = paused ]; then
			keys Space
			wait_for PAUSED || fail "$what: no PAUSED"
		fi
		kill -"$name" "$pid"
		gone "$pid" || fail "$what: still running a second later"
		status=$(wait_exit 2)
		[ "$status" = $((128 + n)) ] ||
			fail "$what: exit status $status, not $((128 + n))"
		[ "$(modes)" = "$normal" ] ||
			fail "$what: terminal left as: $(modes)"
		screen | grep -q 'fps' && fail "$what: status line left on screen"
	done
done
finish
