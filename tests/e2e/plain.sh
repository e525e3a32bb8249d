#!/bin/sh
# Plain terminals: with LANG=C nothing but ASCII is drawn, whatever is on
# screen; with NO_COLOR or --no-color no colour sequence is sent at all,
# read from every byte the program wrote (pipe-pane), not just the end.
. tests/lib.sh
. tests/e2e/tmux-lib

non_ascii() { screen | LC_ALL=C grep -c '[^ -~]'; }

# Everything that has a glyph: boids, predators, obstacles, perched boids,
# the goal; then the key overlay over them.
boids_start 80 24 "LANG=C LC_ALL=C" --seed 2 --predators 2 --obstacles 2 \
	--perch --wind 0,0.3
keys g
sleep 1
[ "$(non_ascii)" -eq 0 ] || fail "LANG=C: non-ASCII on screen: $(screen)"
screen | grep -q '[><v^/\\*]' || fail "LANG=C: no ASCII boids: $(screen)"
keys ?
wait_for 'q, Esc' || fail "no overlay"
[ "$(non_ascii)" -eq 0 ] || fail "LANG=C: non-ASCII in the overlay: $(screen)"
keys q q
[ "$(wait_exit)" = 0 ] || fail "LANG=C: exit status $(cat "$work/exit")"

# --ascii in a UTF-8 locale too.
boids_start 80 24 "" --seed 2 --ascii --predators 1
sleep 0.5
[ "$(non_ascii)" -eq 0 ] || fail "--ascii: non-ASCII on screen"
keys q
[ "$(wait_exit)" = 0 ] || fail "--ascii: exit status $(cat "$work/exit")"

# colour_bytes: colour sequences (an SGR with a colour among its
# parameters: 30-38, 40-48, 90-97, 100-107) in the recording.
colour_bytes() {
	LC_ALL=C grep -c \
	    "$esc\[\([0-9:]*;\)*\(3[0-8]\|4[0-8]\|9[0-7]\|10[0-7]\)[;:m]" \
	    "$work/bytes"
}

# record ENV ARGS...: everything sent in about a second and a half, from the
# start, with a predator and the goal for colours of every kind.
record() {
	rm -f "$work/bytes"
	envs=$1
	shift
	new_server
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen-256color tm new-session -d \
	    -x 80 -y 24 "sleep 0.3; env $envs $BOIDS $*; exec sleep 60"
	tm pipe-pane -o "cat > $work/bytes"
	wait_for fps 10 || fail "$envs $*: no first frame"
	keys g p
	sleep 1
	keys q
	sleep 0.3
}

record "" --seed 4 --obstacles 1
[ "$(colour_bytes)" -gt 0 ] || fail "no colour even when allowed: the check is blind"
record "NO_COLOR=1" --seed 4 --obstacles 1
[ -s "$work/bytes" ] || fail "NO_COLOR: nothing recorded"
[ "$(colour_bytes)" -eq 0 ] || fail "NO_COLOR=1: colour sequences sent"
record "" --seed 4 --obstacles 1 --no-color
[ "$(colour_bytes)" -eq 0 ] || fail "--no-color: colour sequences sent"
# An empty NO_COLOR is no request.
record "NO_COLOR=" --seed 4 --obstacles 1
[ "$(colour_bytes)" -gt 0 ] || fail "NO_COLOR='' turned colour off"
finish
