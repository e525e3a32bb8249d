#!/bin/sh
# long-names.sh: an output file may have any name the system takes. A
# file replaced is written first under a hidden name beside it, a dot
# before the name and ".XXXXXX" after: a name of 248 to 255 bytes, which
# the system takes, gave a hidden name it does not, and "File name too
# long". The hidden name is cut now where it would pass the longest
# name (or path) the folder takes.
#
# Names of 1, 247, 248, 250 and 255 bytes (ASCII, and 255 bytes of
# three-byte characters cut back to whole ones) are written, new and
# over an old file, with nothing left beside them; 256 bytes is past the
# system's limit, and said so with exit status 1. A path as long as the
# system takes, through folders of 200 bytes, is written too.
. tests/lib.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
case $BOIDS in
/*) ;;
*) BOIDS=$PWD/$BOIDS ;;
esac

# name N [CHAR]: N bytes of CHAR (a).
name() { head -c "$1" /dev/zero | tr '\0' "${2:-a}"; }

# written WHAT DIR NAME: a trace to DIR/NAME is written, new and over an
# old file, and DIR holds that file alone.
written() {
	rm -f "$2/$3"
	for round in new old; do
		"$BOIDS" -H -S 1 -n 5 -t 2 -e 1 --trace "$2/$3" >/dev/null \
		    2>"$tmp/err" || fail "$1, $round: $(cat "$tmp/err")"
		head -n 1 "$2/$3" 2>/dev/null | grep -q '^step,id,' ||
			fail "$1, $round: no trace written"
	done
	[ "$(ls -A "$2" | wc -l)" -eq 1 ] ||
		fail "$1: left beside it: $(ls -A "$2" | wc -l) files"
	rm -f "$2/$3"
}

mkdir "$tmp/d"
for n in 1 247 248 250 255; do
	written "a name of $n bytes" "$tmp/d" "$(name $n)"
done
# 85 characters of three bytes: a cut may not split one.
wide=$(name 85 | sed 's/a/€/g')
[ "$(printf %s "$wide" | wc -c)" -eq 255 ] || fail "the wide name is not 255 bytes"
written "a name of 85 three-byte characters" "$tmp/d" "$wide"

"$BOIDS" -H -S 1 -n 5 -t 2 -e 1 --trace "$tmp/d/$(name 256)" >/dev/null \
    2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "256 bytes: exit status $status"
grep -q "^boids: cannot write trace file '.*': File name too long$" \
    "$tmp/err" || fail "256 bytes: '$(cut -c1-60 "$tmp/err")...'"

# The longest path: folders of 200 bytes, then a name that takes it to
# 4095 bytes (PATH_MAX less its NUL).
dir=$tmp/p
mkdir "$dir"
while [ ${#dir} -lt 3800 ]; do
	dir=$dir/$(name 200 d)
	mkdir "$dir" || { fail "cannot make the deep folder"; break; }
done
left=$((4095 - ${#dir} - 1))
[ "$left" -gt 255 ] && left=255
written "a path of $(( ${#dir} + 1 + left )) bytes" "$dir" "$(name "$left" f)"
finish
