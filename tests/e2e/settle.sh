#!/bin/sh
# Left by q or Ctrl-Z over a link with a round trip, the program takes in
# the answers it still waits for before the shell has the terminal back,
# so that the shell neither echoes them nor takes them as typed. The
# program runs from a shell behind build/test/slowlink (see link.sh).
. tests/lib.sh
. tests/e2e/tmux-lib

need_slowlink

# after_exit HOW KEYS: boids run from a shell over a link with a 200 ms
# round trip, left by KEYS; the answers to its last queries, still on
# their way, must not reach the shell, which would echo them and take
# them as typed ("nnnecho: command not found").
after_exit() {
	how=$1
	new_server
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 \
	    -y 24 "$link -t 200 env PS1='$ ' bash --norc --noprofile -i"
	sleep 0.5
	keys "$BOIDS -S 1" Enter
	wait_for fps 10 || fail "$how: no first frame"
	sleep 1
	keys "$2"
	sleep 1.5
	keys "echo hello" Enter
	sleep 1
	screen | grep -qx hello ||
		fail "$how: the shell took what came after: $(screen |
		    grep -v '^$' | tail -n 3)"
	screen | grep -q '\^\[' && fail "$how: an answer shown: $(screen |
	    grep -F '^[' | head -n 2)"
}
after_exit "q" q
after_exit "Ctrl-Z" C-z
finish
