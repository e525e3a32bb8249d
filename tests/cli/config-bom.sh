#!/bin/sh
# config-bom.sh: a config file saved with a UTF-8 byte-order mark, as
# some editors save text, reads as the same file without it. Before, the
# mark was read as part of the first option's name: "unknown option
# 'count'" (the mark unseen before it) and exit status 64. A mark
# anywhere but at the start is no part of an option, and refused.
. tests/lib.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
bom=$(printf '\357\273\277')

printf 'count = 30\ncohesion = 1.5\n' >"$tmp/plain"
printf '%scount = 30\ncohesion = 1.5\n' "$bom" >"$tmp/marked"
"$BOIDS" -H -S 2 -t 60 -e 30 --config "$tmp/plain" >"$tmp/a" 2>&1 ||
	fail "without the mark: $(cat "$tmp/a")"
"$BOIDS" -H -S 2 -t 60 -e 30 --config "$tmp/marked" >"$tmp/b" 2>&1 ||
	fail "with the mark: $(cat "$tmp/b")"
cmp -s "$tmp/a" "$tmp/b" || fail "the mark changed the flight: $(head -n 1 "$tmp/b")"
"$BOIDS" -H -S 2 -t 60 -e 30 -n 30 -c 1.5 >"$tmp/c" 2>&1
cmp -s "$tmp/a" "$tmp/c" || fail "the file is not its flags"
# Alone, before a comment, or on a line of its own: still nothing.
printf '%s# a comment\ncount = 30\ncohesion = 1.5\n' "$bom" >"$tmp/comment"
"$BOIDS" -H -S 2 -t 60 -e 30 --config "$tmp/comment" >"$tmp/d" 2>&1 ||
	fail "the mark before a comment: $(cat "$tmp/d")"
cmp -s "$tmp/a" "$tmp/d" || fail "the mark before a comment changed the flight"
# Not at the start: a mark is no part of any option.
printf 'count = 30\n%scohesion = 1.5\n' "$bom" >"$tmp/inside"
"$BOIDS" -H -S 2 -t 60 -e 30 --config "$tmp/inside" >/dev/null 2>"$tmp/err"
status=$?
[ "$status" -eq 64 ] || fail "a mark on line 2: exit status $status"
grep -q ":2: unknown option" "$tmp/err" || fail "a mark on line 2: $(cat "$tmp/err")"
finish
