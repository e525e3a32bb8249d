#!/bin/sh
# record-words.sh: option words that print are no options of a record.
# A record's option line goes through the command line's parser, and
# one that names an option a record does not keep is refused with
# "an option a record does not keep", as "option fps 30" is. Before,
# "option help" gave the usage text as the reason ("r.rec:3: Usage:
# boids [OPTION]..."), and "option version" the version.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

build=$("$BOIDS" --version | sed -n 's/^build //p')
[ -n "$build" ] || fail "--version names no build"

# with OPTION: a record whose third line is "option OPTION".
with() {
	printf 'boids-record 1\nbuild %s\noption %s\noption seed 1\n%s\n' \
	    "$build" "$1" 'world 80 46' >"$tmp/r.rec"
	printf 'end 10\n' >>"$tmp/r.rec"
}

# The wording to expect, from an option that only shows the flight.
with 'fps 30'
"$BOIDS" -H --replay "$tmp/r.rec" >/dev/null 2>"$tmp/want"
[ $? -eq 65 ] || fail "option fps 30: not refused: $(cat "$tmp/want")"
grep -q "^boids: $tmp/r.rec:3: an option a record does not keep$" \
    "$tmp/want" || fail "option fps 30: '$(cat "$tmp/want")'"

words="help version"
# Words of options that print and exit, where this build has them.
"$BOIDS" --help | grep -q -- '--print-config' && words="$words print-config"
"$BOIDS" --help | grep -q -- '--preset' && words="$words preset_list"
for word in $words; do
	with "$(printf '%s' "$word" | tr _ ' ')"
	"$BOIDS" -H --replay "$tmp/r.rec" >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 65 ] || fail "option $word: exit status $status"
	[ ! -s "$tmp/out" ] || fail "option $word: wrote to stdout"
	cmp -s "$tmp/err" "$tmp/want" ||
		fail "option $word: '$(head -n 2 "$tmp/err")'"
done
finish
