#!/bin/sh
# Signals and lost terminals: SIGTERM and Ctrl-C restore the terminal and
# end the process by the signal (status 128 + n), also while paused; a
# terminal that goes away ends the program at once; Ctrl-Z and fg bring
# back a working screen.
. tests/lib.sh
. tests/e2e/tmux-lib

restored() {
	sleep 0.2
	screen | grep -q 'fps' && fail "$1: status line left on screen"
}

boids_start 80 24 "" --seed 1
[ -n "$(boids_pid)" ] || fail "no pid for the program"
kill -TERM "$(boids_pid)"
status=$(wait_exit)
[ "$status" = 143 ] || fail "SIGTERM: exit status $status"
restored SIGTERM

# Paused, the program waits in a read with no timeout: the signal must
# still end it.
boids_start 80 24 "" --seed 1
keys Space
wait_for PAUSED || fail "no PAUSED"
keys C-c
status=$(wait_exit)
[ "$status" = 130 ] || fail "Ctrl-C while paused: exit status $status"
restored Ctrl-C

boids_start 80 24 "" --seed 1
kill -HUP "$(boids_pid)"
status=$(wait_exit)
[ "$status" = 129 ] || fail "SIGHUP: exit status $status"

# The terminal goes away under a program that ignores SIGHUP (as under
# nohup; ignored signals stay ignored across exec), running and paused:
# reads then fail at once, and it must notice rather than spin.
for mode in running paused; do
	wrap="trap '' HUP;" boids_start 80 24 "" --seed 1
	pid=$(boids_pid)
	[ -n "$pid" ] && alive "$pid" || { fail "$mode: no pid"; continue; }
	grep -q '^SigIgn:.*[13579bdf]$' "/proc/$pid/status" ||
		fail "$mode: SIGHUP is not ignored: the test tests nothing"
	[ "$mode" = paused ] && { keys Space; wait_for PAUSED; }
	tm kill-server
	i=0
	while alive "$pid" && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if alive "$pid"; then
		fail "$mode: still running 2 s after its terminal went away"
		kill -KILL "$pid"
	fi
done

# Ctrl-Z and fg in a shell with job control.
new_server
LANG=C.UTF-8 LC_ALL=C.UTF-8 tm new-session -d -x 80 -y 24 \
    "PS1='$ ' exec bash --norc --noprofile"
sleep 0.3
keys "$BOIDS --seed 1" Enter
wait_for fps 10 || fail "bash: no first frame"
keys C-z
wait_for Stopped 5 || fail "Ctrl-Z: not stopped: $(screen)"
screen | grep -q 'fps' && fail "Ctrl-Z: status line left on screen"
keys fg Enter
wait_for 'coh 1.00' 5 || fail "fg: no status line: $(screen)"
# The flock moves on: the screen changes (within five seconds, however
# busy the machine).
a=$(screen)
i=0
while [ "$a" = "$(screen)" ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ "$a" != "$(screen)" ] || fail "fg: the flock does not move"
keys Tab +
wait_for 'sep 1.10' || fail "fg: keys do not work"
keys q
sleep 0.3
keys 'echo "status=$?"' Enter
wait_for 'status=0' || fail "after fg and q: $(screen | grep status)"
finish
