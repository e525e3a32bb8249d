#!/bin/sh
# help.sh: --help and --version, and the exit statuses boids(6) lists.
#
# Help and version go to stdout with exit status 0 and nothing on stderr;
# a failed write of them is exit status 1; no terminal is 69.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
esc=$(printf '\033')

# ok ARG...: boids ARG... succeeds, on stdout alone, without escapes.
ok() {
	"$BOIDS" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 0 ] || fail "boids $*: exit status $status, not 0"
	[ -s "$tmp/out" ] || fail "boids $*: nothing on stdout"
	[ -s "$tmp/err" ] && fail "boids $*: wrote to stderr"
	if grep -q "$esc" "$tmp/out"; then
		fail "boids $*: escape sequences on stdout"
	fi
}

for arg in --help -h --hel; do
	ok "$arg"
	[ "$(sed -n 1p "$tmp/out")" = "Usage: boids [OPTION]..." ] ||
		fail "boids $arg: no usage line first"
done
ok --help
cp "$tmp/out" "$tmp/help"
# Options before --help do not change it.
ok -n 5 -H --help
cmp -s "$tmp/out" "$tmp/help" || fail "boids -n 5 --help: other help"

# The version, as the file VERSION says, then the build as a record
# names it.
version=$(cut -d' ' -f1 VERSION)
version_re=$(printf '%s' "$version" | sed 's/\./\\./g')
for arg in --version -V; do
	ok "$arg"
	[ "$(sed -n 1p "$tmp/out")" = "boids $version" ] ||
		fail "boids $arg: printed '$(cat "$tmp/out")', not boids $version"
	sed -n 2p "$tmp/out" | grep -q "^build boids-$version_re src-[0-9a-z]* " ||
		fail "boids $arg: no build line: '$(cat "$tmp/out")'"
	[ "$(wc -l <"$tmp/out")" -eq 2 ] ||
		fail "boids $arg: not two lines: '$(cat "$tmp/out")'"
done

# Output that cannot be written is exit status 1.
if [ -w /dev/full ]; then
	for arg in --help --version; do
		"$BOIDS" "$arg" </dev/null >/dev/full 2>"$tmp/err"
		status=$?
		[ "$status" -eq 1 ] ||
			fail "boids $arg >/dev/full: exit status $status, not 1"
	done
	"$BOIDS" -H -t 10 -e 1 </dev/null >/dev/full 2>"$tmp/err"
	status=$?
	[ "$status" -eq 1 ] ||
		fail "boids -H >/dev/full: exit status $status, not 1"
	grep -q '^boids: ' "$tmp/err" || fail "boids -H >/dev/full: no message"
fi

# The README names every option --help lists (by its long name or its
# letter) and every key, in its table of keys.
help_options "$tmp"
while read -r short long; do
	grep -qE -- "(^|[^a-zA-Z0-9-])($short|$long)([^a-zA-Z0-9-]|\$)" README.md ||
		fail "the README names neither $short nor $long"
done <"$tmp/pairs"
while read -r long; do
	grep -qE -- "$long([^a-zA-Z0-9-]|\$)" README.md ||
		fail "the README does not name $long"
done <"$tmp/longonly"
# keys TEXT: the keys of a table "  KEYS<2+ blanks>WHAT...", one a line:
# "q, Esc" and "space / ." are two keys each.
keys() {
	sed 's/   */\t/g' | awk -F'\t' '{ for (i = 2; i <= NF; i += 2) print $i }' |
	    sed 's/, /\n/g; s| / |\n|g' | sort -u
}
sed -n '/^Keys:$/,/^$/p' "$tmp/help" | sed '1d;/^$/d' | keys >"$tmp/helpkeys"
sed -n '/^## Keys$/,/^## /p' README.md | grep '^    ' | keys >"$tmp/readmekeys"
[ "$(wc -l <"$tmp/helpkeys")" -ge 25 ] || fail "too few keys in --help"
comm -23 "$tmp/helpkeys" "$tmp/readmekeys" >"$tmp/missing"
[ ! -s "$tmp/missing" ] ||
	fail "keys --help lists and the README does not: $(tr '\n' ' ' <"$tmp/missing")"

# No terminal: a message, exit status 69, nothing drawn.
"$BOIDS" </dev/null >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 69 ] || fail "boids without a terminal: exit status $status"
[ -s "$tmp/out" ] && fail "boids without a terminal: wrote to stdout"
grep -q '^boids: ' "$tmp/err" || fail "boids without a terminal: no message"
if grep -q "$esc" "$tmp/out" "$tmp/err"; then
	fail "boids without a terminal: escape sequences"
fi

finish
