#!/bin/sh
# Every way out restores the terminal. Each signal whose default ends a
# process (beyond the HUP, TERM and INT of signals.sh), and Ctrl-\ typed
# at the keyboard, ends the program by that signal (the shell sees
# 128 + n) with the terminal as it found it: the normal screen back, the
# cursor visible, keypad and mouse reports off, also when Ctrl-S had
# stopped the terminal's output. On terminals without an alternate
# screen, q leaves no frame behind under the prompt.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

gone() {
	i=0
	while alive "$1"; do
		[ $i -ge 40 ] && return 1
		sleep 0.05
		i=$((i + 1))
	done
	return 0
}

# by NAME N HOW: end the program by signal NAME (number N), sent with
# kill or, for HOW=key, typed as Ctrl-\.
by() {
	what="SIG$1 by $3"
	wrap="ulimit -c 0;" boids_start 80 24 "" --seed 3 --predators 1
	pid=$(boids_pid)
	[ -n "$pid" ] || { fail "$what: no pid"; return; }
	started="$started $pid"
	[ "$(modes)" != "$normal" ] ||
		fail "$what: the screen was never set up: the test is blind"
	if [ "$3" = key ]; then
		keys 'C-\'
	else
		kill -"$1" "$pid"
	fi
	gone "$pid" || fail "$what: still running two seconds later"
	status=$(wait_exit 2)
	[ "$status" = $((128 + $2)) ] ||
		fail "$what: exit status $status, not $((128 + $2))"
	[ "$(modes)" = "$normal" ] || fail "$what: terminal left as: $(modes)"
	screen | grep -q 'fps' && fail "$what: status line left on screen"
}

by QUIT 3 key
for sig in QUIT:3 USR1:10 USR2:12 ALRM:14 PIPE:13 VTALRM:26 ABRT:6; do
	by "${sig%:*}" "${sig#*:}" kill
done

# pending PID SIG: whether signal number SIG waits to be taken by PID.
pending() {
	mask=$(sed -n 's/^ShdPnd:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
	[ -n "$mask" ] || return 1
	[ $(( 0x$mask >> ($2 - 1) & 1 )) -eq 1 ]
}

# A terminal whose output Ctrl-S has stopped takes nothing, and the
# program waits in a write: TERM must still end it promptly, by TERM
# even with a USR1 after it, and with the terminal restored. The USR1
# goes once the TERM has been taken: sent together, the kernel hands
# over the lower-numbered USR1 first, and the first signal rightly
# decides.
boids_start 80 24 "" --seed 3 -n 2000
pid=$(boids_pid)
keys C-s
sleep 1
kill -TERM "$pid"
i=0
while pending "$pid" 15 && [ $i -lt 40 ]; do
	sleep 0.05
	i=$((i + 1))
done
kill -USR1 "$pid" 2>/dev/null
gone "$pid" || fail "Ctrl-S then TERM: still running two seconds later"
status=$(wait_exit 2)
[ "$status" = 143 ] || fail "Ctrl-S then TERM: exit status $status, not 143"
[ "$(modes)" = "$normal" ] || fail "Ctrl-S then TERM: terminal left as: $(modes)"

# No alternate screen: the frame and the status line go on q.
for type in vt100 vt220 linux ansi; do
	boids_start 80 24 "TERM=$type" --seed 3
	i=0
	while [ "$(screen | grep -c .)" -le 3 ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(screen | grep -c .)" -gt 3 ] ||
		fail "$type: no frame to begin with: the test is blind"
	keys q
	[ "$(wait_exit)" = 0 ] || fail "$type: q: exit status $(cat "$work/exit")"
	left=$(screen | grep -c .)
	[ "$left" -eq 0 ] || fail "$type: $left lines left after q: $(screen | grep . | head -n 3)"
done
finish
