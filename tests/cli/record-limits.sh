#!/bin/sh
# record-limits.sh: a record's limit is one, the same for its writer and
# its reader, and the man page states it; and running out of memory
# while reading one says so.
#
# A record file holds at most 64 MiB (RECORD_MAX_BYTES): the writer
# stops there (test_record.c), and the reader takes a file of exactly
# that many bytes and refuses one a byte longer as damaged, exit status
# 65, with a line that names the limit. Before, the reader's limit was
# ten million inputs, in a file of up to about 128 MB, and the writer's
# none: a flight could write a record its reader then refused.
#
# Out of memory is exit status 1, whatever is being read: a valid
# record of five million inputs, read with too little address space to
# hold them (prlimit --as; the file itself and a small flight fit), ends
# in exit 1 and the one line "out of memory". Before, it was taken
# for a damaged record: "too many inputs" and exit 65.
#
# The release build: an address space limit would stop the sanitizers'
# shadow memory, and millions of inputs take a while under them.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
need prlimit

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

build=$("$BOIDS" --version | sed -n 's/^build //p')
[ -n "$build" ] || fail "--version names no build"
most=$((64 * 1024 * 1024))

# head_lines: a record's lines before its inputs, a small flock's.
head_lines() {
	printf 'boids-record 1\nbuild %s\n' "$build"
	printf 'option count 10\noption seed 1\nworld 80 46\n'
}

# flight N FILE: a valid record of a small flock with N inputs (key
# code 0, which changes nothing) after step 0.
flight() {
	{
		head_lines
		yes 'key 0 0' | head -n "$1"
		printf 'end 1\n'
	} >"$2"
}

# A record of exactly the limit: the head, then 8-byte keys, the last
# of them a little longer (key 0 1, key 0 10, ...: 8 to 14 bytes, so
# two take any length from 16 to 28) to meet the limit to the byte, and
# its end.
head_lines >"$tmp/head"
fill=$((most - $(wc -c <"$tmp/head") - 6))
keys=$((fill / 8 - 2))
rest=$((fill - keys * 8))
first=$((rest - 14 < 8 ? 8 : rest - 14))
code() { awk -v n="$1" 'BEGIN { s = "1"; for (i = 8; i < n; i++) s = s "0"; print s }'; }
{
	cat "$tmp/head"
	yes 'key 0 0' | head -n "$keys"
	printf 'key 0 %s\nkey 0 %s\nend 1\n' "$(code "$first")" \
	    "$(code $((rest - first)))"
} >"$tmp/most.rec"
[ "$(wc -c <"$tmp/most.rec")" -eq "$most" ] ||
	fail "the test's record is $(wc -c <"$tmp/most.rec") bytes, not $most"
"$BOIDS" -H --replay "$tmp/most.rec" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 0 ] ||
	fail "a record of $most bytes: exit status $status: $(cat "$tmp/err")"
grep -q '^step=1 ' "$tmp/out" || fail "a record of $most bytes: no step printed"
# A byte more: a key code one digit longer.
{ sed '$d' "$tmp/most.rec" | sed '$s/$/0/'; echo 'end 1'; } >"$tmp/over.rec"
rm -f "$tmp/most.rec"
[ "$(wc -c <"$tmp/over.rec")" -eq $((most + 1)) ] ||
	fail "the test's record is $(wc -c <"$tmp/over.rec") bytes, not $((most + 1))"
"$BOIDS" -H --replay "$tmp/over.rec" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 65 ] || fail "$((most + 1)) bytes: exit status $status"
[ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "^boids: $tmp/over.rec: larger than a record can be .*64 MiB" \
    "$tmp/err" || fail "$((most + 1)) bytes: '$(cat "$tmp/err")'"
[ ! -s "$tmp/out" ] || fail "$((most + 1)) bytes: a flight was printed"
rm -f "$tmp/over.rec"
# The man page says how large a record may be, and nothing of inputs'
# own limit.
tr '\n' ' ' <man/boids.6 | tr '.' '\n' | grep -i 'record' |
    grep -Eq '64 MiB|67108864' ||
	fail "the man page does not state the limit of a record"
tr '\n' ' ' <man/boids.6 | grep -Eqi 'ten million inputs|inputs \(10000000' &&
	fail "the man page still states a limit of inputs"

# Out of memory. The limit leaves room for the program, a small flight
# and the file (40 MB, read into 64 MiB), not for five million inputs
# as the reader keeps them (32 bytes each).
limit=$((160 * 1024 * 1024))
flight 10 "$tmp/small.rec"
prlimit --as=$limit "$BOIDS" -H --replay "$tmp/small.rec" >/dev/null \
    2>"$tmp/err" ||
	fail "a small flight does not fit in $limit bytes: $(cat "$tmp/err")"
flight 5000000 "$tmp/big.rec"
"$BOIDS" -H --replay "$tmp/big.rec" >/dev/null 2>"$tmp/err" ||
	fail "the big record does not replay: $(cat "$tmp/err")"
prlimit --as=$limit "$BOIDS" -H --replay "$tmp/big.rec" >"$tmp/out" \
    2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "out of memory: exit status $status"
[ "$(cat "$tmp/err")" = "boids: out of memory" ] ||
	fail "out of memory: '$(cat "$tmp/err")'"
[ ! -s "$tmp/out" ] || fail "out of memory: a flight was printed"
finish
