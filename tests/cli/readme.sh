#!/bin/sh
# readme.sh: the README names every option and every key --help lists,
# and no long option --help does not.
#
# An option counts as named in its long form or its short one (the
# README teaches the short ones); a key by its name as --help spells it,
# each of "z / Z, wheel" on its own, in the README's table of keys. The
# other places that must agree with --help are held to it elsewhere:
# the man page by tests/unit/test_docs.c, the help overlay by
# tests/e2e/help.sh, the bash completion by tests/cli/completion.sh and
# the zsh and fish ones by tests/cli/completion-shells.sh.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

help_options "$tmp"
# The README's words, a blank either side of each, commas as blanks, so
# that " -n " or " Esc " is found whole.
sed 's/,/ /g; s/`/ /g; s/^/ /; s/$/ /' README.md >"$tmp/readme"

# Options: each of --help's, by one of its names.
while read -r long; do
	short=$(awk -v l="$long" '$2 == l { print $1 }' "$tmp/pairs")
	grep -qF -- " $long " "$tmp/readme" && continue
	grep -qF -- " $long=" "$tmp/readme" && continue
	[ -n "$short" ] && grep -qF -- " $short " "$tmp/readme" && continue
	fail "README.md does not name $long${short:+ or $short}"
done <"$tmp/longs"
# ... and no long option --help does not know, outside the commands
# that set a machine up (other programs' options).
grep -v '^ *sudo ' README.md | grep -o -- '--[a-z][a-z-]*' | sort -u |
    while read -r long; do
	grep -qx -- "$long" "$tmp/longs" ||
		echo "README.md names $long, which --help does not"
done >"$tmp/unknown"
[ -s "$tmp/unknown" ] && fail "$(cat "$tmp/unknown")"

# Keys: the names --help gives under "Keys:", in the README's table.
sed -n '/^## Keys$/,/^## /p' README.md | sed '/^## /d' |
    sed 's/,/ /g; s/^/ /; s/$/ /' >"$tmp/table"
[ "$(wc -l <"$tmp/table")" -ge 10 ] || fail "README.md has no table of keys"
"$BOIDS" --help | sed -n '/^Keys:$/,/^$/p' | sed '1d;/^$/d' |
    cut -c3-26 | sed 's/ *$//' >"$tmp/keys"
[ "$(wc -l <"$tmp/keys")" -ge 15 ] || fail "--help lists too few keys"
while IFS= read -r keys; do
	# "z / Z, wheel" names z, Z and wheel; "h j k l" and "arrow keys"
	# are one name each.
	printf '%s\n' "$keys" | sed 's| / |\n|g; s|, |\n|g' >"$tmp/names"
	while IFS= read -r name; do
		grep -qF -- " $name " "$tmp/table" ||
			fail "README.md's keys lack '$name' (--help: '$keys')"
	done <"$tmp/names"
done <"$tmp/keys"
finish
