#!/bin/sh
# picture.sh: --picture prints the field as the terminal would draw it:
# one line a row after the statistics, no escapes, in the glyph set asked
# for (arrows, braille dots, or the ASCII forms with -A); the same seed
# gives the same picture; a random start is not symmetric; an edge start
# begins with an empty field; a big flock shows sky as well as flock.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C.UTF-8
export LC_ALL

# pic FILE STEPS ARGS...: the picture of a headless run of STEPS steps
# and one statistics line.
pic() {
	out=$1
	steps=$2
	shift 2
	"$BOIDS" --headless -t "$steps" -e "$steps" --picture "$@" \
	    >"$tmp/all" ||
		fail "boids $*: exit status $?"
	sed 1d "$tmp/all" >"$out"
	head -n 1 "$tmp/all" | grep -q '^step=' ||
		fail "boids $*: no statistics line first"
}

# only FILE CLASS: every character of FILE is a blank or in CLASS.
only() {
	bad=$(sed "s/[ $2]//g" "$1" | tr -d '\n')
	[ -z "$bad" ] || fail "$1: unexpected characters '$bad'"
}

arrows='→↘↓↙←↖↑↗•'
for set in arrows dots auto; do
	pic "$tmp/$set" 120 -S 5 -n 600 -W 60x20 --glyphs "$set"
	pic "$tmp/$set.A" 120 -S 5 -n 600 -W 60x20 --glyphs "$set" -A
	for f in "$tmp/$set" "$tmp/$set.A"; do
		n=$(wc -l <"$f")
		# The field of a 60x20 terminal: 19 rows.
		[ "$n" -eq 19 ] || fail "$f: $n rows"
		grep -q "$(printf '\033')" "$f" && fail "$f: escapes"
		# sed counts characters where mawk counts bytes.
		sed 's/./x/g' "$f" | awk -v f="$f" 'length($0) > 60 {
			print "line " NR " of " f " is too wide"; exit 1 }' \
		    || fail "$f: wider than the field"
		[ "$(tr -d ' \n' <"$f" | wc -c)" -gt 0 ] ||
			fail "$f: nothing drawn"
	done
done
only "$tmp/arrows" "$arrows"
grep -q '[→↘↓↙←↖↑↗]' "$tmp/arrows" || fail "arrows: no arrow"
only "$tmp/arrows.A" '<>^v/\\*'
# Braille: every cell of the dots picture is three bytes, E2 A0-A3 xx.
LC_ALL=C sed 's/ //g; s/\xe2[\xa0-\xa3][\x80-\xbf]//g' "$tmp/dots" |
    tr -d '\n' | LC_ALL=C grep -q . && fail "dots: not all braille"
only "$tmp/dots.A" '.:=+*#@-'
cmp -s "$tmp/arrows" "$tmp/dots" && fail "arrows and dots look the same"

# The same seed, the same picture; another seed, another.
pic "$tmp/again" 120 -S 5 -n 600 -W 60x20 --glyphs dots
cmp -s "$tmp/dots" "$tmp/again" || fail "same seed, another picture"
pic "$tmp/other" 120 -S 6 -n 600 -W 60x20 --glyphs dots
cmp -s "$tmp/dots" "$tmp/other" && fail "another seed, same picture"

# quads FILE: the lit cells in each quarter of a 60 by 19 picture.
quads() {
	sed 's/[^ ]/x/g' "$1" | awk '{ for (i = 1; i <= 60; i++) {
		c = substr($0, i, 1)
		if (c != "" && c != " ")
			q[(i > 30) + 2 * (NR > 10)]++ } }
	END { print q[0] + 0, q[1] + 0, q[2] + 0, q[3] + 0 }'
}

# A random start, after one step: spread over the field, unevenly, with
# no quarter the mirror of another.
for seed in 1 2 3; do
	pic "$tmp/r$seed" 1 -S $seed -n 2000 -W 60x20 --start random -A
	set -- $(quads "$tmp/r$seed")
	[ $(( $1 + $2 + $3 + $4 )) -gt 100 ] ||
		fail "random start $seed: few lit cells ($*)"
	[ "$1" != "$2" ] && [ "$3" != "$4" ] && [ "$1" != "$3" ] &&
	    [ "$2" != "$4" ] || fail "random start $seed: quarters alike ($*)"
	awk 'NR <= 9 { top[NR] = $0 } NR >= 11 && NR <= 19 { bot[NR] = $0 }
		END { same = 1
		for (k = 1; k <= 9; k++) if (top[k] != bot[20 - k]) same = 0
		exit same }' "$tmp/r$seed" || fail "random start $seed: mirrored"
done
# An edge start: everyone is still outside after one step.
pic "$tmp/e" 1 -S 1 -n 300 -W 60x20 --start edges
[ "$(tr -d ' \n' <"$tmp/e" | wc -c)" -eq 0 ] ||
	fail "edge start: boids inside at step 1"
pic "$tmp/e" 200 -S 1 -n 300 -W 60x20 --start edges --glyphs arrows
[ "$(tr -d ' \n' <"$tmp/e" | wc -c)" -gt 30 ] ||
	fail "edge start: the flock did not fly in within 200 steps"

# Twenty thousand boids: auto draws dots, and the field has sky as well
# as flock: between a tenth and nine tenths of the cells lit.
pic "$tmp/big" 30 -S 4 -n 20000 -W 80x24
LC_ALL=C grep -q "$(printf '\342\240')" "$tmp/big" ||
	LC_ALL=C grep -q "$(printf '\342[\242\243]')" "$tmp/big" ||
	fail "20000 boids: auto did not draw dots"
lit=$(sed 's/ //g' "$tmp/big" | tr -d '\n' | wc -m)
[ "$lit" -gt 182 ] && [ "$lit" -lt 1640 ] ||
	fail "20000 boids: $lit of 1840 cells lit"

finish
