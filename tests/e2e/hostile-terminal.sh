#!/bin/sh
# Half a terminal: in a real one (tmux's pane), standard input or standard
# output alone is redirected, as in `boids < file` or `boids | less`.
# Either way the program must refuse with status 69 and one clear line on
# stderr, and leave the terminal it still has untouched: nothing drawn,
# no switch to the alternate screen, the cursor never hidden, no mouse
# reports asked for. (terminal.sh covers no terminal at all and the TERM
# values that will not do.)
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# half WHAT COMMAND: run COMMAND in a fresh pane, recording every byte
# the pane receives; in it, $B is the program, $E its stderr and $X the
# file for its exit status.
half() {
	new_server
	rm -f "$work/exit" "$work/err" "$work/bytes" "$work/out"
	cmd=$(printf '%s\n' "$2" | sed "s|\$B|$BOIDS --seed 1|; \
	    s|\$E|$work/err|; s|\$X|$work/exit|")
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 \
	    -y 24 "sleep 0.3; $cmd; exec sleep 60"
	tm pipe-pane -o "cat > $work/bytes"
	status=$(wait_exit 10)
	[ "$status" = 69 ] || {
		fail "$1: exit status $status"
		# Should it have run instead, end it: its session is the pane's.
		sid=$(tm display -p '#{pane_pid}')
		for p in $(cat /proc/[0-9]*/stat 2>/dev/null | awk -v sid="$sid" \
		    -v name="($(basename "$BOIDS"))" '$6 == sid && $2 == name \
		    { print $1 }'); do
			kill -KILL "$p"
		done
	}
	[ "$(wc -l <"$work/err")" -eq 1 ] ||
		fail "$1: not one line: $(cat "$work/err")"
	grep -q '^boids: .*terminal' "$work/err" ||
		fail "$1: unclear: $(cat "$work/err")"
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
	sleep 0.2
	[ ! -s "$work/bytes" ] ||
		fail "$1: wrote to the terminal: $(od -c "$work/bytes" | head -n 3)"
}

half "stdin from /dev/null" '$B </dev/null 2>$E; echo $? >$X'
half "stdin from a pipe" 'sleep 2 | { $B 2>$E; echo $? >$X; }'
half "stdout to a file" '$B >'"$work/out"' 2>$E; echo $? >$X'
[ ! -s "$work/out" ] || fail "stdout to a file: wrote $(wc -c <"$work/out") bytes there"
half "stdout to a pipe" '{ $B 2>$E; echo $? >$X; } | cat >'"$work/out"
[ ! -s "$work/out" ] || fail "stdout to a pipe: wrote $(wc -c <"$work/out") bytes there"

# Still fine with stderr alone redirected: it is not drawn on.
boids_start 80 24 "" --seed 1 "2>/dev/null"
keys q
[ "$(wait_exit)" = 0 ] || fail "stderr to /dev/null: exit status $(cat "$work/exit")"
finish
