#!/bin/sh
# names.sh: the names of the files a session writes are shown, never
# obeyed, in the terminal too. A name with ESC [ 2 J (clear the screen)
# and a newline in it, given to --record or --cast in a folder that does
# not exist, or to a cast that outgrows the file size limit, is escaped
# in the message: one line, no control byte, the rest of the name
# shown. Before, the raw name cleared the screen the message was
# printed on.
. tests/lib.sh
need prlimit
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

mkdir "$work/d"
printf 'a\033[2Jb\nc.rec' >"$work/name"
# The pane's shell reads the name from the file.
name='"$(cat '"$work/name"')"'

# shown WHAT: the session ended with exit 1, the terminal restored, and
# its message is one line with no control byte that shows the name's
# last part.
shown() {
	status=$(wait_exit 10)
	[ "$status" = 1 ] || fail "$1: exit status $status"
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
	said=$(cat -v "$work/err")
	[ "$(wc -l <"$work/err")" -eq 1 ] || fail "$1: not one line: $said"
	n=$(tr -d '\n' <"$work/err" | LC_ALL=C tr -d ' -~\200-\377' | wc -c)
	[ "$n" -eq 0 ] || fail "$1: $n control bytes in: $said"
	grep -q '^boids: .*c\.rec' "$work/err" || fail "$1: no name in: $said"
}

for opt in --record --cast; do
	first='^' boids_start 80 24 "" --seed 3 -n 20 $opt \
	    "$work/nodir/$name" 2\>"$work/err"
	shown "$opt in a missing folder"
done

# A cast that outgrows the limit, mid-session.
first='^' via="prlimit --fsize=20000" boids_start 40 12 "" --seed 3 -n 50 \
    --cast "$work/d/$name" 2\>"$work/err"
shown "a cast past the file size limit"
finish
