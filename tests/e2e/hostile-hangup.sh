#!/bin/sh
# The SSH drop: the terminal under the program vanishes. tmux kills the
# pane (or the whole server) and closes the pty, as sshd does when the
# connection goes, and the kernel sends the session SIGHUP. Whether the
# flock was flying or paused, whether SIGHUP arrives or is ignored (as
# under nohup, when only the failing reads tell), the process must be gone
# within a second, and use next to no CPU until then: a program that
# spins on a dead terminal burns a core for ever.
#
# LeakSanitizer's check at exit can hang in a sanitized build here: its
# tracer stops the process with PTRACE_ATTACH, and the SIGCONT that
# follows a hangup cancels that SIGSTOP, so both wait for ever. The
# release build has no such check; the sanitized one skips it for this
# test only (ASAN_OPTIONS=detect_leaks=0), and keeps every other check.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# cpu PID: the clock ticks it has used, user and system.
cpu() {
	s=$(cat "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
	set -- ${s##*) }
	echo $(( ${12} + ${13} ))
}

ticks=$(getconf CLK_TCK)

# drop HOW MODE IGNORE: HOW is kill-pane or kill-server; MODE running or
# paused; IGNORE yes to start the program with SIGHUP ignored.
drop() {
	what="$1, $2, SIGHUP ignored: $3"
	wrap=""
	[ "$3" = yes ] && wrap="trap '' HUP;"
	wrap=$wrap boids_start 80 24 "ASAN_OPTIONS=detect_leaks=0" --seed 4 \
	    --predators 2
	pid=$(boids_pid)
	[ -n "$pid" ] || { fail "$what: no pid"; return; }
	started="$started $pid"
	if [ "$3" = yes ]; then
		grep -q '^SigIgn:.*[13579bdf]$' "/proc/$pid/status" ||
			fail "$what: SIGHUP is not ignored: the test is blind"
	fi
	if [ "$2" = paused ]; then
		keys Space
		wait_for PAUSED || fail "$what: no PAUSED"
	fi
	before=$(cpu "$pid")
	tm "$1"
	i=0
	while alive "$pid" && [ $i -lt 20 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	if alive "$pid"; then
		used=$(( $(cpu "$pid") - before ))
		fail "$what: still running a second later, having used" \
		    "$used of $ticks ticks a second since"
		kill -KILL "$pid"
	fi
	# The pane's shell ignored SIGHUP too, and would sleep on for a
	# minute after the pane.
	[ "$3" = yes ] && kill "$(cat "$work/sh.pid")" 2>/dev/null
}

# signals.sh ends the server under a program that ignores SIGHUP; here
# the pane goes, either way, and the server with SIGHUP delivered.
for mode in running paused; do
	for ignore in no yes; do
		drop kill-pane "$mode" "$ignore"
	done
	drop kill-server "$mode" no
done
finish
