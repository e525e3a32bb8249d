#!/bin/sh
# keep-files.sh: an existing record, cast or trace is not lost to a run
# that never began. The command line and the terminal are checked
# before any output file is touched; and a headless run has begun once
# it has printed its first line: one whose output is refused at once
# leaves the old trace as it was (the new trace goes to a file beside it
# and takes its name once the run has begun). Before, a run whose
# standard output was full had already replaced the trace with the
# header and one step, and exited 1.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# old NAME: an existing output file, and what it holds.
old() {
	printf 'precious %s\n' "$1" >"$tmp/$1"
}

# kept WHAT NAME: the file holds what old() wrote, and nothing is left
# beside it.
kept() {
	[ "$(cat "$tmp/$2" 2>/dev/null)" = "precious $2" ] ||
		fail "$1: $2 now holds '$(head -c 60 "$tmp/$2" |
		    tr '\n' '|')'"
	left=$(ls -A "$tmp" | grep -v -x -e "$2" -e err -e out)
	[ -z "$left" ] || fail "$1: left beside it: $left"
}

# run WANT WHAT ARGS...: boids with ARGS ends with status WANT.
run() {
	want=$1
	what=$2
	shift 2
	"$BOIDS" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	[ "$status" -eq "$want" ] ||
		fail "$what: exit status $status, not $want: $(head -n 1 "$tmp/err")"
}

for f in record cast; do
	old x.$f
	run 64 "--$f, then a bad option" --$f "$tmp/x.$f" --count abc
	kept "--$f, then a bad option" x.$f
	run 69 "--$f without a terminal" --$f "$tmp/x.$f"
	kept "--$f without a terminal" x.$f
	rm -f "$tmp/x.$f"
done
old x.csv
run 64 "--trace, then a bad option" -H --trace "$tmp/x.csv" --every 0
kept "--trace, then a bad option" x.csv
run 64 "--trace without -H" --trace "$tmp/x.csv"
kept "--trace without -H" x.csv
[ -w /dev/full ] || { echo "missing /dev/full" >&2; exit 1; }
"$BOIDS" -H -S 1 -n 50 -t 10 -e 1 --trace "$tmp/x.csv" >/dev/full \
    2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "output refused: exit status $status"
kept "a run whose output is refused" x.csv

# A run that begins replaces the trace whole.
"$BOIDS" -H -S 1 -n 50 -t 10 -e 5 --trace "$tmp/x.csv" >"$tmp/out" \
    2>"$tmp/err" || fail "a good run: $(cat "$tmp/err")"
[ "$(head -n 1 "$tmp/x.csv")" = "step,id,x,y,vx,vy,kind,r" ] &&
    [ "$(grep -c '^10,' "$tmp/x.csv")" -eq 50 ] ||
	fail "a good run left '$(head -n 2 "$tmp/x.csv" | tr '\n' '|')'"
finish
