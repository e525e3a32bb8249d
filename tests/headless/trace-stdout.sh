#!/bin/sh
# trace-stdout.sh: a trace named for standard output goes there, whole,
# and the statistics lines go to standard error. Before, --trace
# /dev/stdout to a pipe failed with "No such file or directory" (the
# new file was to be made beside /proc/self/fd/1's target, a pipe);
# to a file, the trace replaced it and every statistics line written
# there was lost; and --trace - made a file named "-".
#
# Now "-", /dev/stdout, and the very file standard output goes to, each
# give on standard output the bytes a trace file would hold, and on
# standard error the lines (and the picture) that standard output would
# have held.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
case $BOIDS in
/*) ;;
*) BOIDS=$OLDPWD/$BOIDS ;;
esac

flight="-H -S 7 -n 40 -t 300 -e 100 --picture -W 40x12"
# shellcheck disable=SC2086
"$BOIDS" $flight --trace "$tmp/file.csv" >"$tmp/lines" 2>"$tmp/err" ||
	fail "a trace to a file: $(cat "$tmp/err")"
[ -s "$tmp/file.csv" ] && [ -s "$tmp/lines" ] && [ ! -s "$tmp/err" ] ||
	fail "a trace to a file: nothing to compare with"

# same WHAT OUT ERR: OUT is the trace file's bytes, ERR the lines'.
same() {
	cmp -s "$2" "$tmp/file.csv" ||
		fail "$1: standard output is not the trace: $(head -c 80 "$2")"
	cmp -s "$3" "$tmp/lines" ||
		fail "$1: standard error is not the lines: $(head -c 80 "$3")"
}

for name in - /dev/stdout; do
	# shellcheck disable=SC2086
	"$BOIDS" $flight --trace "$name" 2>"$tmp/err" | cat >"$tmp/out"
	same "--trace $name to a pipe" "$tmp/out" "$tmp/err"
	# shellcheck disable=SC2086
	"$BOIDS" $flight --trace "$name" >"$tmp/out" 2>"$tmp/err" ||
		fail "--trace $name to a file: exit status $?"
	same "--trace $name to a file" "$tmp/out" "$tmp/err"
done
[ ! -e "$tmp/-" ] || fail "--trace - made a file named -"
# The file standard output goes to, by its own name.
# shellcheck disable=SC2086
"$BOIDS" $flight --trace "$tmp/out" >"$tmp/out" 2>"$tmp/err" ||
	fail "--trace naming standard output's file: exit status $?"
same "--trace naming standard output's file" "$tmp/out" "$tmp/err"
# Not another name of it: no file made beside, none left.
[ "$(ls -A "$tmp" | wc -l)" -eq 4 ] ||
	fail "files left: $(ls -A "$tmp" | tr '\n' ' ')"
finish
