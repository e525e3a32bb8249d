#!/bin/sh
# files.sh: one file, one role. A file named for two of --trace,
# --record, --cast and --replay (by another path, or through a link,
# too) is refused before anything is written: exit 64, one line naming
# both options, and the file as it was (a link to a file not there yet
# names that file). Before, -H --replay f.rec --trace f.rec and
# --replay f.rec --cast f.rec left the record destroyed, and --record
# same --cast same spliced the two into one.
# And a file that is no record is told by its first bytes.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/d"
printf 'not touched\n' >"$tmp/d/f.rec"
ln -s f.rec "$tmp/d/link.rec"
sum=$(cksum <"$tmp/d/f.rec")

# refused WHAT ARGS...: exit 64, the message, nothing written.
refused() {
	what=$1
	shift
	"$BOIDS" "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 64 ] || fail "$what: exit status $status"
	grep -q "^boids: --[a-z]* and --[a-z]* name the same file '" \
	    "$tmp/err" || fail "$what: message '$(head -n 1 "$tmp/err")'"
	[ "$(cksum <"$tmp/d/f.rec")" = "$sum" ] || fail "$what: the file changed"
	[ ! -s "$tmp/out" ] || fail "$what: wrote to stdout"
}

refused "trace over the replay" -H --replay "$tmp/d/f.rec" \
    --trace "$tmp/d/f.rec"
refused "trace over the replay by another path" -H \
    --replay "$tmp/d/f.rec" --trace "$tmp/d/../d/./f.rec"
refused "trace over the replay through a link" -H \
    --replay "$tmp/d/link.rec" --trace "$tmp/d/f.rec"
refused "cast over the replay" --replay "$tmp/d/f.rec" \
    --cast "$tmp/d/f.rec"
refused "record and cast on one file" --record "$tmp/d/f.rec" \
    --cast "$tmp/d/f.rec"
refused "record and cast on one new file" --record "$tmp/d/new" \
    --cast "$tmp/d/../d/new"
[ ! -e "$tmp/d/new" ] || fail "the refused new file was made"
# A link to a file not there yet is that file: writing through it would
# write the file named beside it.
ln -s later "$tmp/d/dangling"
refused "record through a dangling link and cast on its file" \
    --record "$tmp/d/dangling" --cast "$tmp/d/later"
[ ! -e "$tmp/d/later" ] || fail "the refused file behind the link was made"

# The first bytes decide whether a file is a record: /dev/zero, which
# never ends, is refused at once (before, after 128 MiB of zeros), and
# as not a record.
"$BOIDS" -H --replay /dev/zero >/dev/null 2>"$tmp/err"
status=$?
[ "$status" -eq 65 ] || fail "/dev/zero: exit status $status"
grep -q "^boids: /dev/zero:1: not a boids record$" "$tmp/err" ||
	fail "/dev/zero: '$(cat "$tmp/err")'"

# Two files: no objection (the run itself fails on the record, not
# read as one, with 65).
"$BOIDS" -H --replay "$tmp/d/f.rec" --trace "$tmp/d/t.csv" \
    >/dev/null 2>"$tmp/err"
[ $? -eq 65 ] || fail "two files: $(cat "$tmp/err")"
finish
