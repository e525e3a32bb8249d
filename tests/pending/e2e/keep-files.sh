#!/bin/sh
# keep-files.sh: an existing record or cast is not lost to a session
# that never began, and output files that are links or FIFOs do what
# they say.
#
# A session that fails to start (the cast's folder mistyped; too few
# file descriptors to open the terminal) leaves an existing record or
# cast as it was, and nothing beside it. Before, the record had already
# been replaced by an empty flight.
#
# A symbolic link is written through, as most tools do: the link stays
# a link to the same file, and that file holds the new record once the
# session has begun (replaced whole, by a file written beside it and
# renamed over it); a session that fails to start leaves it as it was.
#
# A FIFO as --record or --replay, with nobody at the other end, never
# leaves a blank screen waiting for ever: within 5 s the session is
# either drawing, or has ended with one line naming the FIFO and a
# status that is not 0. Before, both waited in open() for ever.
. tests/lib.sh
need prlimit mkfifo
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

d=$work/d
mkdir "$d"

# old NAME: an existing file in d, and what it holds.
old() {
	printf 'precious %s\n' "$1" >"$d/$1"
}

# kept WHAT NAME [ALSO...]: NAME holds what old() wrote, and d holds
# NAME and the ALSO names, no more.
kept() {
	what=$1
	name=$2
	shift 2
	[ "$(cat "$d/$name" 2>/dev/null)" = "precious $name" ] ||
		fail "$what: $name now holds '$(head -c 60 "$d/$name" |
		    tr '\n' '|')'"
	left=$(cd "$d" && ls -A |
	    grep -v -x -e "$name" ${1:+$(printf ' -e %s' "$@")})
	[ -z "$left" ] || fail "$what: left beside it: $left"
}

# failed WHAT: the session ended by itself, with a status that is not 0
# and the terminal as it was.
failed() {
	status=$(wait_exit 10)
	[ "$status" != 0 ] && [ "$status" != none ] ||
		fail "$1: exit status $status"
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
}

# A mistyped folder for the cast: the session never begins.
old x.rec
first='^' boids_start 80 24 "" --seed 3 -n 20 --record "$d/x.rec" \
    --cast "$d/nodir/x.cast" 2\>"$work/err"
failed "cast in a missing folder"
grep -q "^boids: .*'$d/nodir/x.cast'" "$work/err" ||
	fail "cast in a missing folder: '$(cat "$work/err")'"
kept "cast in a missing folder" x.rec
rm -f "$d/x.rec"

# Too few file descriptors to open the terminal: refused (or, if it
# can run with so few, it runs, and the record is new).
for f in rec cast; do
	old "x.$f"
	opt=--record
	[ $f = rec ] || opt=--cast
	first='^' via="prlimit --nofile=4" boids_start 80 24 "" --seed 3 \
	    -n 20 $opt "$d/x.$f" 2\>"$work/err"
	if drawing; then
		keys q
		[ "$(wait_exit 10)" = 0 ] || fail "4 descriptors, $opt: q failed"
	else
		failed "4 descriptors, $opt"
		kept "4 descriptors, $opt" "x.$f"
	fi
	rm -f "$d/x.$f"
done

# Through a link: a session that fails to start leaves the file it
# names as it was; one that begins writes the file the link names.
old target.rec
ln -s target.rec "$d/link.rec"
first='^' boids_start 80 24 "" --seed 3 -n 20 --record "$d/link.rec" \
    --cast "$d/nodir/x.cast" 2\>"$work/err"
failed "through a link, cast in a missing folder"
kept "through a link, cast in a missing folder" target.rec link.rec
[ "$(readlink "$d/link.rec")" = target.rec ] || fail "the link was replaced"
boids_start 80 24 "" --seed 3 -n 20 --record "$d/link.rec"
keys s
wait_for SCATTER || fail "through a link: s: $(status_line)"
keys q
[ "$(wait_exit 10)" = 0 ] || fail "through a link: q failed"
[ "$(readlink "$d/link.rec")" = target.rec ] ||
	fail "through a link: the link now names '$(readlink "$d/link.rec")'"
[ "$(head -n 1 "$d/target.rec")" = "boids-record 1" ] &&
    grep -q '^key [0-9]* 115$' "$d/target.rec" &&
    tail -n 1 "$d/target.rec" | grep -q '^end [0-9]*$' ||
	fail "through a link: the target holds '$(head -c 60 "$d/target.rec" |
	    tr '\n' '|')'"
left=$(cd "$d" && ls -A | grep -v -x -e target.rec -e link.rec)
[ -z "$left" ] || fail "through a link: left beside it: $left"
rm -f "$d/target.rec" "$d/link.rec"

# FIFOs with nobody at the other end.
mkfifo "$d/fifo"
for opt in --record --replay; do
	first='^' boids_start 80 24 "" --seed 3 -n 20 $opt "$d/fifo" \
	    2\>"$work/err"
	if drawing 5; then
		keys q
		[ "$(wait_exit 10)" = 0 ] || fail "$opt FIFO: q failed"
		[ "$(modes)" = "$normal" ] ||
			fail "$opt FIFO: terminal left as: $(modes)"
	elif [ -s "$work/exit" ]; then
		failed "$opt FIFO"
		[ "$(wc -l <"$work/err")" -eq 1 ] &&
		    grep -q "^boids: .*'$d/fifo'" "$work/err" ||
			fail "$opt FIFO: '$(cat "$work/err")'"
	else
		fail "$opt FIFO: a blank screen after 5 s"
		started="$started $(boids_pid)"
	fi
done
finish
