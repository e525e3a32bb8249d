#!/bin/sh
# names.sh: file names are shown, never obeyed. A name with control
# bytes in it (here ESC [ 2 J, which clears a terminal, and a newline;
# CSI as a raw C1 byte, 0x9b, which clears an 8-bit terminal the same
# way, and as a UTF-8 character; a byte that is no UTF-8) is escaped in
# every message that names it: the message stays one line of UTF-8
# with no control byte in it, C1 included, and shows the rest of the
# name. Before, names were echoed raw, so a crafted name could clear the
# screen or forge lines of output; then the raw C1 bytes still were.
. tests/lib.sh
need iconv

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

name=$(printf 'a\033[2Jb\n\2332J\377\302\2332Jc.rec')
build=$("$BOIDS" --version | sed -n 's/^build //p')
[ -n "$build" ] || fail "--version names no build"

# shown WANT WHAT ARGS...: boids ARGS ends with status WANT and says so
# in one line (and "Try 'boids --help'." after a usage error) that has
# no control byte and shows the name's last part.
shown() {
	want=$1
	what=$2
	shift 2
	"$BOIDS" "$@" >/dev/null 2>"$tmp/err" </dev/null
	status=$?
	[ "$status" -eq "$want" ] || fail "$what: exit status $status"
	said=$(cat -v "$tmp/err")
	[ "$(grep -c '^boids: ' "$tmp/err")" -eq 1 ] &&
	    [ "$(grep -v -c -e '^boids: ' -e "^Try 'boids --help'.$" \
	    "$tmp/err")" -eq 0 ] || fail "$what: not one line: $said"
	n=$(tr -d '\n' <"$tmp/err" | LC_ALL=C tr -d ' -~\200-\377' | wc -c)
	[ "$n" -eq 0 ] || fail "$what: $n control bytes in: $said"
	iconv -f UTF-8 -t UTF-8 <"$tmp/err" >/dev/null 2>&1 ||
		fail "$what: not UTF-8: $said"
	LC_ALL=C grep -q "$(printf '[\200-\237]\\|\302[\200-\237]')" \
	    "$tmp/err" && fail "$what: a C1 control in: $said"
	grep -q '^boids: .*c\.rec' "$tmp/err" || fail "$what: no name in: $said"
}

shown 1 "--replay of a missing file" -H --replay "$tmp/$name"
printf 'hello\n' >"$tmp/$name"
shown 65 "--replay of a file that is no record" -H --replay "$tmp/$name"
printf 'boids-record 1\nbuild %s\noption seed 1\nworld 80 46\nkey x\n' \
    "$build" >"$tmp/$name"
shown 65 "--replay of a damaged record" -H --replay "$tmp/$name"
printf 'boids-record 1\nbuild %s\noption seed 1\nworld 80 46\nend 5\n' \
    "$build" >"$tmp/$name"
shown 64 "--replay with --size" -H --replay "$tmp/$name" --size 80x24
shown 64 "--replay and --trace on one file" -H --replay "$tmp/$name" \
    --trace "$tmp/$name"
shown 1 "--trace in a missing folder" -H -t 1 --trace "$tmp/nodir/$name"
if "$BOIDS" --help | grep -q -- '--config'; then
	shown 66 "--config of a missing file" --config "$tmp/nodir/$name" \
	    -H -t 1
	printf 'no-such-option = 1\n' >"$tmp/$name"
	shown 64 "--config with a bad line" --config "$tmp/$name" -H -t 1
fi
finish
