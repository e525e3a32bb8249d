#!/bin/sh
# No threads to be had. A flock large enough for the engine's threads,
# in a real terminal (tmux's pane), under a limit of one process for its
# user (prlimit --nproc=1, as nobody when run as root, whom the limit
# does not hold), as in a container with a pids limit: the program
# flies on one thread and says so on the status line (`1 thread`),
# keys work, and q leaves the terminal as it was: the normal screen,
# the cursor shown, no mouse reports, output newlines still turned into
# CRLF (onlcr). With no memory for a thread's stack (an address-space
# limit far below the stack size asked for), one line, "out of memory
# for the engine's threads", exit status 1, and the terminal untouched.
# Without a limit, no `1 thread`.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

need prlimit stty

# The limits hold the program's own user, so it runs from a directory
# that user may read.
bin=$(mktemp -d)
trap 'rm -rf "$bin"; hostile_cleanup' EXIT
chmod 755 "$bin"
cp "$BOIDS" "$bin/boids" && chmod 755 "$bin/boids" || exit 1
release=$FLIGHT
case $release in
/*) ;;
*) release=$PWD/$release ;;
esac
cp "$release" "$bin/boids-release" && chmod 755 "$bin/boids-release" ||
	exit 1
BOIDS=$bin/boids
if [ "$(id -u)" = 0 ]; then
	need setpriv
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
else
	as_user=""
fi

# restored WHAT: the terminal is as the program found it.
restored() {
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
	stty -a -F "$(tm display -p '#{pane_tty}')" | grep -q -- ' onlcr' ||
		fail "$1: the terminal was left without onlcr"
	echoed "typed-after-$2"
}

# Without a limit: the engine's threads, and nothing said of them.
boids_start 100 30 "" --no-config --seed 3 -n 20000
status_has ' n 20000 ' || fail "no limit: status line '$(status_line)'"
status_lacks 'thread' || fail "no limit: '$(status_line)'"
keys q
[ "$(wait_exit)" = 0 ] || fail "no limit: q: exit status $(cat "$work/exit")"
restored "no limit" free

# One process for the user: one thread, said on the status line.
# The limit is set once the user is nobody: set before, it would refuse
# the program itself whenever nobody runs anything else.
via="$as_user prlimit --nproc=1" boids_start 100 30 "" --no-config \
    --seed 3 -n 20000
pid=$(boids_pid)
[ -n "$pid" ] && started="$started $pid"
wait_status '  1 thread' 10 ||
	fail "one process: no '1 thread': '$(status_line)'"
status_has ' n 20000 ' || fail "one process: status line '$(status_line)'"
# The flight goes on, and keys work: the help overlay opens and closes.
sentinel
keys q
[ "$(wait_exit)" = 0 ] ||
	fail "one process: q: exit status $(cat "$work/exit")"
restored "one process" limited

# No memory for a thread's stack: threads take a stack of RLIMIT_STACK,
# here a gigabyte, where the address space is held to 600 MB (which the
# release build's flock fits easily; a sanitizer cannot run under it).
BOIDS=$bin/boids-release
first="out of memory" via="prlimit --stack=1000000000 --as=600000000" \
    boids_start 100 30 "" --no-config --seed 3 -n 20000
status=$(wait_exit 10)
[ "$status" = 1 ] || fail "no memory: exit status $status, not 1"
restored "no memory" nomem
[ "$(screen | grep -c .)" -eq 2 ] ||
	fail "no memory: not one line: $(screen | grep . | tail -n 3)"
screen | grep -qx "boids: out of memory for the engine's threads" ||
	fail "no memory: $(screen | grep . | tail -n 3)"
finish
