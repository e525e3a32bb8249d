#!/bin/sh
# tty-input.sh: a terminal is no file to read options or a flight from.
# --config /dev/tty and --replay /dev/tty waited for input, a blank
# screen until someone typed, as a FIFO did before it was refused. A
# terminal is refused now as a FIFO is: at once, with one line naming
# it, exit status 66 for the config file and 1 for the record, the
# terminal as it was. The pane's own terminal, by its /dev/pts name,
# too.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# refused WANT ARGS...: boids ARGS ends within 5 s with status WANT and
# one line saying the file is a terminal.
refused() {
	want=$1
	shift
	first='^' boids_start 80 24 "" "$@" 2\>"$work/err"
	status=$(wait_exit 5)
	[ "$status" = "$want" ] || {
		fail "$*: exit status $status, not $want"
		keys q
		wait_exit 5 >/dev/null
		return
	}
	[ "$(wc -l <"$work/err")" -eq 1 ] &&
	    grep -q "^boids: cannot read .* file '.*': a terminal, which would hold the session until typed at$" \
	    "$work/err" || fail "$*: '$(cat "$work/err")'"
	[ "$(modes)" = "$normal" ] || fail "$*: terminal left as: $(modes)"
}

refused 66 --config /dev/tty
refused 1 --replay /dev/tty
refused 1 -H --replay /dev/tty
# The pane's own terminal, by its name (tty(1) in the pane's shell).
refused 66 --config '"$(tty)"'
refused 1 --replay '"$(tty)"'
finish
