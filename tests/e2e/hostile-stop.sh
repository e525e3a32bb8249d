#!/bin/sh
# Ctrl-Z and fg in a shell with job control, the hard ways: the terminal
# is resized while the program is stopped, and the program is stopped
# while paused (when it waits for a key with no timeout, so nothing but
# the return itself can make it draw), and both at once. Each time fg must bring back a
# whole frame at the terminal's size now: the status line on the bottom
# row, the boids drawn, the keys working, arrows from the first. Stopped,
# the shell's screen is back. (signals.sh covers the plain Ctrl-Z and fg.)
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# redrawn W H WHAT: after fg, a whole frame with the boids on it. The
# status line can show ahead of the field (news goes out at once), so
# under load the boids are awaited, not sampled as the status shows.
redrawn() {
	frame "$1" "$2" "$3"
	wait_for '[→↘↓↙←↖↑↗•]' 5 || fail "$3: no boids drawn: $(screen)"
}

# stop WHAT: Ctrl-Z; the shell reports it and its screen is back.
stop() {
	keys C-z
	wait_for Stopped 5 || fail "$1: not stopped: $(screen | tail -n 3)"
	[ "$(modes)" = "$normal" ] || fail "$1: stopped, the terminal is left as: $(modes)"
	screen | grep -q 'fps' && fail "$1: stopped, the status line is still there"
}

new_server
LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 -y 24 \
    "PS1='$ ' exec bash --norc --noprofile"
height=24
sleep 0.3
keys "$BOIDS --seed 1 --predators 1 --glyphs arrows" Enter
wait_for fps 10 || fail "bash: no first frame"
echo "$(tm display -p '#{pane_pid}')" >"$work/sh.pid"
pid=$(boids_pid)
started="$started $pid"
# Boids start off-screen: stop the program only once they are in view,
# so that a frame without them after fg means it was not redrawn.
wait_for '[→↘↓↙←↖↑↗•]' 10 || fail "no boids flew in: $(screen)"

# Stopped, then the terminal grows: fg must draw at 100x30.
stop "resized while stopped"
keys clear Enter
tm resize-window -x 100 -y 30
sleep 0.2
keys fg Enter
redrawn 100 30 "fg after a resize"
keys Tab +
wait_for 'sep 1.10' || fail "fg after a resize: keys do not work"

# Paused, then stopped: fg must repaint though no step is due.
keys Space
wait_for PAUSED || fail "no PAUSED"
stop "stopped while paused"
keys clear Enter
sleep 0.2
keys fg Enter
redrawn 100 30 "fg while paused"
status_line | grep -q PAUSED || fail "fg while paused: not PAUSED: $(status_line)"
a=$(field)
sleep 0.4
[ "$a" = "$(field)" ] || fail "fg while paused: the flock moved"
# The read that waited through the stop goes on; the first key after it,
# an arrow, must count.
keys Right
wait_for 'wind +0.1,+0.0' 2 || fail "fg while paused: the first arrow key was lost: $(status_line)"

# Paused, stopped, resized, fg: status line and frame at the new size
# at once, with no key to wake it.
stop "stopped while paused, then resized"
keys clear Enter
tm resize-window -x 90 -y 26
sleep 0.2
keys fg Enter
redrawn 90 26 "fg while paused after a resize"
status_line | grep -q PAUSED ||
	fail "fg while paused after a resize: not PAUSED: $(status_line)"

keys Space q
sleep 0.3
keys 'echo "status=$?"' Enter
wait_for 'status=0' || fail "q after fg: $(screen | grep status)"
[ "$(modes)" = "$normal" ] || fail "q after fg: terminal left as: $(modes)"
finish
