#!/bin/sh
# tty-stop.sh: SIGTTIN and SIGTTOU, which stop a process as Ctrl-Z's
# SIGTSTP does, give the terminal back first as Ctrl-Z does. Sent to
# the program in the foreground (kill -TTOU), they stopped it at once,
# its alternate screen, hidden cursor and mouse reports left on under
# the shell's prompt. Now the shell's screen is back while it is
# stopped, and fg brings back a whole frame; and in the background,
# where the terminal is not its own, the program stops without drawing
# over the shell, and fg brings it back too.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

new_server
LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 -y 24 \
    "PS1='$ ' exec bash --norc --noprofile"
height=24
sleep 0.3
keys "$BOIDS --seed 1 --glyphs arrows" Enter
wait_for fps 10 || fail "bash: no first frame"
echo "$(tm display -p '#{pane_pid}')" >"$work/sh.pid"
pid=$(boids_pid)
started="$started $pid"

wind=0
for sig in TTOU TTIN; do
	kill -"$sig" "$pid"
	wait_for Stopped 5 || fail "$sig: not stopped: $(screen | tail -n 3)"
	[ "$(modes)" = "$normal" ] ||
		fail "$sig: stopped, the terminal is left as: $(modes)"
	screen | grep -q 'fps' && fail "$sig: stopped, the status line is still there"
	keys clear Enter
	sleep 0.2
	keys fg Enter
	frame 80 24 "fg after $sig"
	keys Right
	wind=$((wind + 1))
	wait_status "wind +0.$wind," || fail "fg after $sig: keys do not work"
done

# In the background: bg after Ctrl-Z, and the terminal, which it would
# set up again, is not its own: it stops (SIGTTOU) and draws nothing.
keys C-z
wait_for Stopped 5 || fail "Ctrl-Z: not stopped"
keys clear Enter
sleep 0.2
keys bg Enter
sleep 0.5
keys 'jobs' Enter
wait_for 'Stopped' 5 || fail "bg: not stopped again: $(screen | tail -n 3)"
[ "$(modes)" = "$normal" ] || fail "bg: the terminal is left as: $(modes)"
screen | grep -q 'fps' && fail "bg: drew over the shell"
keys fg Enter
frame 80 24 "fg after bg"

# The shell's line is typed only once the program has given the
# terminal back, so that none of it is read as keys.
keys q
given_back() { [ "$(modes)" = "$normal" ]; }
poll 5 given_back || fail "q after fg: the terminal is left as: $(modes)"
keys 'echo "status=$?"' Enter
wait_for 'status=0' || fail "q after fg: $(screen | grep status)"
[ "$(modes)" = "$normal" ] || fail "q after fg: terminal left as: $(modes)"
finish
