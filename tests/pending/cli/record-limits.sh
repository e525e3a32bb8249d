#!/bin/sh
# record-limits.sh: a record's limits are the ones its reader states,
# and running out of memory while reading one says so.
#
# A record may hold ten million inputs (record.c's limit): one of
# exactly 10,000,000 replays, one of 10,000,001 is refused at its last
# line with exit status 65, and the man page states the limit. Before,
# the inputs' table grew by doubling and stopped at 2^23: the real limit
# was 8,388,608.
#
# Out of memory is exit status 1, whatever is being read: a valid
# record of five million inputs, read with too little address space to
# hold them (prlimit --as; the file itself and a small flight fit), ends
# in exit 1 and a message that says out of memory. Before, it was taken
# for a damaged record: "too many inputs" and exit 65.
#
# The release build: an address space limit would stop the sanitizers'
# shadow memory, and ten million inputs take a while under them.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
need prlimit

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

build=$("$BOIDS" --version | sed -n 's/^build //p')
[ -n "$build" ] || fail "--version names no build"

# flight N FILE: a valid record of a small flock with N inputs (key
# code 0, which changes nothing) after step 0.
flight() {
	{
		printf 'boids-record 1\nbuild %s\n' "$build"
		printf 'option count 10\noption seed 1\nworld 80 46\n'
		yes 'key 0 0' | head -n "$1"
		printf 'end 1\n'
	} >"$2"
}

# The limit, and one more.
flight 10000000 "$tmp/most.rec"
"$BOIDS" -H --replay "$tmp/most.rec" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 0 ] ||
	fail "10,000,000 inputs: exit status $status: $(cat "$tmp/err")"
grep -q '^step=1 ' "$tmp/out" || fail "10,000,000 inputs: no step printed"
echo 'key 0 0' >"$tmp/one"
{ sed '$d' "$tmp/most.rec"; cat "$tmp/one"; echo 'end 1'; } >"$tmp/over.rec"
rm -f "$tmp/most.rec"
"$BOIDS" -H --replay "$tmp/over.rec" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 65 ] || fail "10,000,001 inputs: exit status $status"
# Five lines before the inputs: the refused one is line 10,000,006.
grep -q "^boids: $tmp/over.rec:10000006: .*inputs" "$tmp/err" ||
	fail "10,000,001 inputs: '$(cat "$tmp/err")'"
rm -f "$tmp/over.rec"
# The man page says how many inputs a record holds: a sentence that
# speaks of inputs and gives the number.
tr '\n' ' ' <man/boids.6 | tr '.' '\n' | grep -i 'inputs' |
    grep -Eqi '10000000|10,000,000|ten million' ||
	fail "the man page does not state the limit of a record's inputs"

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
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -Eqi \
    '^boids: .*(out of memory|cannot allocate memory)' "$tmp/err" ||
	fail "out of memory: '$(cat "$tmp/err")'"
[ ! -s "$tmp/out" ] || fail "out of memory: a flight was printed"
finish
