#!/bin/sh
# completion.sh: the bash completion knows every option --help lists.
#
# Every long option and every short letter in --help must be offered;
# an option that takes a value must be followed by that value, not by
# more options: file names for --trace, sizes for --size, nothing for a
# number. Bash is run bare, without the bash-completion package.
. tests/lib.sh
need bash

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
script=completion/boids.bash

# offered WORD...: what completing the last word of "boids WORD..."
# offers, one a line, sorted.
offered() {
	bash --norc --noprofile -c '
		. "$1" || exit 1
		shift
		COMP_WORDS=(boids "$@")
		COMP_CWORD=$#
		_boids
		for w in "${COMPREPLY[@]}"; do printf "%s\n" "$w"; done
	' _ "$script" "$@" | sort
}

bash -n "$script" || fail "$script: syntax error"
help_options "$tmp"

offered -- >"$tmp/got"
cmp -s "$tmp/got" "$tmp/longs" || {
	fail "completing '--' differs from --help (< completion, > help):"
	diff "$tmp/got" "$tmp/longs" >&2
}
offered - | grep -v '^--' >"$tmp/got"
cmp -s "$tmp/got" "$tmp/shorts" || {
	fail "completing '-' differs from --help's letters (< completion, > help):"
	diff "$tmp/got" "$tmp/shorts" >&2
}
[ "$(offered --max)" = "--max-speed" ] || fail "--max does not complete"

# After an option that takes a value (a word after the name in --help),
# no options; after a flag, options again.
[ "$(wc -l <"$tmp/valued")" -gt 15 ] || fail "too few options with values"
while read -r opt; do
	if offered "$opt" '' | grep -q '^-'; then
		fail "completing after $opt offers options"
	fi
done <"$tmp/valued"
while read -r short long; do
	grep -qx -- "$long" "$tmp/valued" || continue
	if offered "$short" '' | grep -q '^-'; then
		fail "completing after $short offers options"
	fi
done <"$tmp/pairs"
for opt in --perch -P --headless -H --no-color --ascii -A; do
	grep -qx -- "$opt" "$tmp/valued" && fail "$opt is listed with a value"
	offered "$opt" --co | grep -qx -- --count ||
		fail "completing after $opt offers no options"
done

# Numbers: nothing at all.
for opt in --count -n --fov --wind --goal --seed; do
	[ -z "$(offered "$opt" '')" ] || fail "completing after $opt offers"
done

# --trace: file names, blanks and all, also after --trace=.
mkdir "$tmp/d"
: >"$tmp/d/flight data.csv"
[ "$(offered --trace "$tmp/d/fl")" = "$tmp/d/flight data.csv" ] ||
	fail "--trace does not complete a file name"
[ "$(offered --trace = "$tmp/d/fl")" = "$tmp/d/flight data.csv" ] ||
	fail "--trace= does not complete a file name"

# --size: the default, and the size of the terminal in use.
[ "$(offered --size '')" = 80x24 ] || fail "--size offers '$(offered --size '')'"
[ "$(offered -W 80)" = 80x24 ] || fail "-W 80 does not complete to 80x24"
[ "$(offered --size = 8)" = 80x24 ] || fail "--size=8 does not complete"
got=$(COLUMNS=100 LINES=31 offered --size 100 | tr '\n' ' ')
[ "$got" = "100x31 " ] || fail "--size in a 100x31 terminal offers '$got'"

# The words of --theme and --background.
[ "$(offered --theme '' | tr '\n' ' ')" = "crowd heading mono speed terminal " ] ||
	fail "--theme offers '$(offered --theme '' | tr '\n' ' ')'"
[ "$(offered --background l)" = light ] || fail "--background l does not complete"
[ "$(offered --theme = mo)" = mono ] || fail "--theme=mo does not complete"

# --preset: the presets --preset list names, and list itself; --config:
# file names.
"$BOIDS" --preset list | cut -d' ' -f1 | { cat; echo list; } | sort >"$tmp/presets"
[ "$(wc -l <"$tmp/presets")" -ge 7 ] || fail "--preset list names too few"
offered --preset '' >"$tmp/got"
cmp -s "$tmp/got" "$tmp/presets" || {
	fail "completing --preset differs from --preset list (< completion):"
	diff "$tmp/got" "$tmp/presets" >&2
}
[ "$(offered --preset sc)" = school ] || fail "--preset sc does not complete"
[ "$(offered --config "$tmp/d/fl")" = "$tmp/d/flight data.csv" ] ||
	fail "--config does not complete a file name"

# Nothing after --help or --version: the rest is not read.
[ -z "$(offered --help --)" ] || fail "options offered after --help"

finish
