#!/bin/sh
# replace-owner.sh: a file replaced keeps its owner's intent. The new
# file took the old one's permission bits, setuid and setgid among them,
# and the writer's owner: root writing a trace over a setuid file of
# another user's left a setuid file of root's. Now it keeps the old
# file's owner and group, and its permissions without setuid, setgid
# and sticky; a file whose owner the writer cannot keep is refused, exit
# status 1; and one with other names (hard links) is replaced under the
# name given alone, the others keeping the old file, which is said.
. tests/lib.sh
need setpriv
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
case $BOIDS in
/*) ;;
*) BOIDS=$PWD/$BOIDS ;;
esac
chmod 755 "$tmp"

# trace FILE [RUNNER...]: a short trace over FILE; its stderr in $tmp/err.
trace() {
	file=$1
	shift
	"$@" "$BOIDS" --no-config -H -S 1 -n 5 -t 2 -e 1 --trace "$file" \
	    >/dev/null 2>"$tmp/err"
}

printf 'old\n' >"$tmp/s"
root=0
if [ "$(id -u)" = 0 ]; then
	root=1
	chown 65534:65534 "$tmp/s"
fi
# After chown, which clears them.
chmod 6755 "$tmp/s"
trace "$tmp/s" || fail "over a setuid file: $(cat "$tmp/err")"
[ "$(stat -c %a "$tmp/s")" = 755 ] ||
	fail "the new file's mode is $(stat -c %a "$tmp/s"), not 755"
[ "$root" = 0 ] || [ "$(stat -c %u:%g "$tmp/s")" = 65534:65534 ] ||
	fail "the new file's owner is $(stat -c %u:%g "$tmp/s"), not 65534:65534"
head -n 1 "$tmp/s" | grep -q '^step,' || fail "no trace written"

# Another user's file, in a folder anyone may write: that user cannot
# be given a new file by anyone but root.
if [ "$root" = 1 ]; then
	mkdir "$tmp/shared"
	chmod 777 "$tmp/shared"
	printf 'old\n' >"$tmp/shared/t"
	chmod 666 "$tmp/shared/t"
	trace "$tmp/shared/t" setpriv --reuid=65534 --regid=65534 \
	    --clear-groups
	status=$?
	[ "$status" = 1 ] || fail "another user's file: exit status $status"
	grep -q "^boids: cannot write trace file '.*/t': owned by another user or group" \
	    "$tmp/err" || fail "another user's file: '$(cat "$tmp/err")'"
	[ "$(cat "$tmp/shared/t")" = old ] || fail "another user's file was replaced"
	[ "$(ls -A "$tmp/shared")" = t ] || fail "left beside it: $(ls -A "$tmp/shared")"
fi

# Hard links: the other name keeps the old file, and it is said.
printf 'old\n' >"$tmp/h"
ln "$tmp/h" "$tmp/h2"
trace "$tmp/h" || fail "over a linked file: $(cat "$tmp/err")"
[ "$(cat "$tmp/h2")" = old ] || fail "the other name changed"
[ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q "^boids: replaced '.*/h' with a new file: its 1 other name (hard link) still names the old one$" \
    "$tmp/err" || fail "the split link: '$(cat "$tmp/err")'"
finish
