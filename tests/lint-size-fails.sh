#!/bin/sh
# lint-size-fails.sh: the size check can fail. A file of 801 lines
# beside one of 800 must fail it, naming the long one only.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
awk 'BEGIN { for (i = 0; i < 800; i++) print "/* */" }' >"$tmp/src/fits.c"
awk 'BEGIN { for (i = 0; i < 801; i++) print "/* */" }' >"$tmp/src/long.h"
sh tests/lint-size.sh "$tmp/src" 2>"$tmp/out" && fail "801 lines passed"
grep -q 'long.h: 801 lines' "$tmp/out" || fail "long.h not named: $(cat "$tmp/out")"
grep -q 'fits.c' "$tmp/out" && fail "fits.c named: $(cat "$tmp/out")"
rm "$tmp/src/long.h"
sh tests/lint-size.sh "$tmp/src" 2>"$tmp/out" || fail "800 lines failed: $(cat "$tmp/out")"
finish
