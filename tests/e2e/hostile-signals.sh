#!/bin/sh
# kill -HUP, -TERM and -INT, sent while the flock flies and while it is
# paused (the read then waits with no timeout): each ends the program
# within a second, by that signal (the shell sees 128 + n), and leaves
# the terminal as it found it: the normal screen back, the cursor
# visible, the keypad and the mouse reports off, no status line.
. tests/lib.sh
. tests/e2e/tmux-lib

# Kill whatever this test started and left running, then tmux-lib's own
# cleanup; only a pid that is still this binary.
started=""
hostile_cleanup() {
	for p in $started; do
		grep -q "$BOIDS" "/proc/$p/cmdline" 2>/dev/null &&
		    kill -KILL "$p" 2>/dev/null
	done
	cleanup
}
trap hostile_cleanup EXIT

# modes: what the terminal is in, as tmux tracks it for the pane.
modes() {
	tm display -p 'alternate #{alternate_on} cursor #{cursor_flag}'\
' keypad #{keypad_cursor_flag}#{keypad_flag}'\
' mouse #{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}'
}
normal="alternate 0 cursor 1 keypad 00 mouse 000"

# running PID: the process exists and is not a zombie (quietly, where
# it may end while we look).
running() {
	s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	case ${s##*) } in
	Z*) return 1 ;;
	esac
}

# gone PID: wait up to a second for it to end; 0 if it did.
gone() {
	i=0
	while running "$1"; do
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
