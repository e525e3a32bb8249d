#!/bin/sh
# The largest flocks and the memory they take, on the release binary
# (resident memory means nothing under the sanitizers):
# - bytes per boid, from the peak memory of headless runs of 100,000 and
#   1,000,000 boids: in an 80x24 world they match the README's figure (which
#   may round up a little); in the largest world, where the grid has the
#   most cells it may have, they stay under the engine's own figure, the
#   one its check before allocating uses, and close to it (within a
#   third: the cells a big flock perceives through, over the world and
#   the margin round it, are allocated zeroed and take memory only where
#   its boids fly);
# - --count 10000000 runs, within that figure;
# - where the memory is not there, it is refused before anything is
#   allocated, with one clear line, right at the threshold the check sets
#   (a machine with less memory is faked with LD_PRELOAD); and when the
#   allocation itself fails, the message is as clear.
# HELPERS names the directory of peakrss, fakemem.so and soak.
. tests/lib.sh
helpers=${HELPERS:-build/test}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# peak ARGS...: run headless; its peak resident memory in $kb (kB).
peak() {
	if "$helpers/peakrss" "$work/rss" "$BOIDS" --headless --seed 1 "$@" \
	    >"$work/out" 2>"$work/err"; then
		kb=$(cat "$work/rss")
	else
		fail "boids $*: exit status $?: $(cat "$work/err")"
		kb=0
	fi
}

# per_boid SIZE: bytes per boid in $bytes, from the difference of the
# peaks of two flocks.
per_boid() {
	peak --count 100000 --steps 2 --every 2 --size "$1"
	a=$kb
	peak --count 1000000 --steps 2 --every 2 --size "$1"
	bytes=$(( (kb - a) * 1024 / 900000 ))
}

readme=$(sed -n 's/.*Each boid takes \([0-9][0-9]*\) bytes.*/\1/p' README.md)
engine=$("$helpers/soak" -b)
[ -n "$readme" ] || fail "the README states no bytes per boid"
[ -n "$engine" ] || fail "no bytes per boid from the engine"
readme=${readme:-1}
engine=${engine:-1}
per_boid 80x24
typical=$bytes
per_boid 10000x10000
largest=$bytes
printf 'bytes per boid: README %s, engine %s; measured %s at 80x24, %s at 10000x10000\n' \
    "$readme" "$engine" "$typical" "$largest"
[ $((typical * 100)) -le $((readme * 102)) ] ||
	fail "80x24: $typical bytes per boid, more than the README's $readme"
[ $((typical * 100)) -ge $((readme * 80)) ] ||
	fail "80x24: $typical bytes per boid, far less than the README's $readme"
[ $((largest * 100)) -le $((engine * 102)) ] ||
	fail "10000x10000: $largest bytes per boid, more than the $engine the check before allocating counts on"
[ $((largest * 100)) -ge $((engine * 65)) ] ||
	fail "10000x10000: $largest bytes per boid, far less than the engine's $engine"

# The largest flock runs, within the engine's reckoning.
t0=$(date +%s)
peak --count 10000000 --steps 1 --every 1
t1=$(date +%s)
grep -q '^step=1 order=' "$work/out" || fail "10000000 boids: no statistics: $(cat "$work/out")"
printf '10000000 boids: one step and its statistics in %s s, peak %s MB\n' \
    $((t1 - t0)) $((kb / 1024))
[ $((kb * 1024 / 10000000)) -le "$engine" ] ||
	fail "10000000 boids took $kb kB, more than $engine bytes each"

# refuse MB COUNT: boids on a machine of MB megabytes (MiB) must refuse
# COUNT boids before allocating them: status 1, one line, a small peak.
refuse() {
	LD_PRELOAD=$PWD/$helpers/fakemem.so FAKEMEM_MB=$1 "$helpers/peakrss" \
	    "$work/rss" "$BOIDS" --headless --count "$2" --steps 1 \
	    >"$work/out" 2>"$work/err"
	status=$?
	[ "$status" -eq 1 ] || fail "$2 boids in $1 MB: exit status $status"
	[ ! -s "$work/out" ] || fail "$2 boids in $1 MB: output: $(cat "$work/out")"
	[ "$(wc -l <"$work/err")" -eq 1 ] &&
	    grep -q "^boids: $2 boids need about [0-9]* MB of memory; this machine has [0-9]* MB\$" "$work/err" ||
		fail "$2 boids in $1 MB: message: $(cat "$work/err")"
	[ "$(cat "$work/rss")" -lt 16384 ] ||
		fail "$2 boids in $1 MB: $(cat "$work/rss") kB used before refusing"
}
refuse 256 10000000
refuse 1 1000000

# The threshold is three quarters of the memory: a machine just large
# enough runs 1,000,000 boids, one just too small refuses them.
need=$((engine * 1000000))
fits=$(( need * 4 / 3 / 1048576 + 2 ))
short=$(( need * 4 / 3 / 1048576 - 2 ))
LD_PRELOAD=$PWD/$helpers/fakemem.so FAKEMEM_MB=$fits "$BOIDS" --headless \
    --count 1000000 --steps 1 >"$work/out" 2>"$work/err" ||
	fail "1000000 boids in $fits MB refused: $(cat "$work/err")"
refuse "$short" 1000000

# A picture of the largest world on a machine of 2 GB: refused before
# anything is flown or allocated, as a flock is.
LD_PRELOAD=$PWD/$helpers/fakemem.so FAKEMEM_MB=2048 "$helpers/peakrss" \
    "$work/rss" "$BOIDS" --headless --size 10000x10000 --picture --steps 1 \
    >"$work/out" 2>"$work/err"
status=$?
[ "$status" -eq 1 ] || fail "a 10000x9999 picture in 2 GB: exit status $status"
[ ! -s "$work/out" ] || fail "a 10000x9999 picture in 2 GB: output: $(cat "$work/out")"
grep -qx "boids: a picture of 10000x9999 cells needs about [0-9]* MB of memory with the flock; this machine has [0-9]* MB" \
    "$work/err" || fail "a 10000x9999 picture in 2 GB: message: $(cat "$work/err")"
[ "$(cat "$work/rss")" -lt 16384 ] ||
	fail "a 10000x9999 picture: $(cat "$work/rss") kB used before refusing"

# Memory the check thought was there, but the allocation fails.
(ulimit -v 200000 && exec "$BOIDS" --headless --count 10000000 --steps 1) \
    >"$work/out" 2>"$work/err"
status=$?
[ "$status" -eq 1 ] || fail "under ulimit -v: exit status $status"
[ "$(cat "$work/err")" = "boids: out of memory" ] ||
	fail "under ulimit -v: message: $(cat "$work/err")"
finish
