#!/bin/sh
# out-of-memory.sh: memory that runs out is said one way, wherever it
# runs out: "boids: out of memory", exit status 1, the terminal
# restored. Under ulimit -v of 4,600 to 5,600 KB a session said
# "cannot start the terminal" and exited 69 (curses could not be
# started), or drew "terminal too small" in an 80x24 terminal and kept
# running (the screen's windows could not be made).
#
# The limit is lowered in steps across the whole range where the
# program starts and then fails: from where it draws a frame, down to
# where the loader itself cannot map the C library. At each, either the
# session draws its status line and q ends it with 0, or it ends by
# itself with exit 1 and the one line "boids: out of memory", or the
# loader fails before the program runs (127), or the thread runtime
# fails on its own (its messages are its own); and in every case the
# terminal is as it was. The release build: the sanitizers' shadow
# memory takes terabytes of address space.
. tests/lib.sh
BOIDS=${BOIDS_RELEASE:-./boids}
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

said=0 drew=0
# at KB: one session under ulimit -v KB; its outcome in what: draws,
# memory, loader, runtime, or other. Called in this shell, never in a
# command substitution, so that its failures count.
at() {
	wrap="ulimit -v $1;" first='.' boids_start 80 24 "" --seed 3
	deadline=$(( $(date +%s) + 10 ))
	until [ -s "$work/exit" ] || status_line | grep -q '^coh '; do
		[ "$(date +%s)" -ge "$deadline" ] && break
		sleep 0.05
	done
	if status_line | grep -q '^coh ' && [ ! -s "$work/exit" ]; then
		keys q
		status=$(wait_exit 10)
		[ "$status" = 0 ] || fail "$1 KB: q: exit status $status"
		what=draws
	elif [ -s "$work/exit" ]; then
		status=$(cat "$work/exit")
		text=$(screen | grep -v '^$' | tr '\n' '|')
		case $status:$text in
		1:'boids: out of memory|') what=memory ;;
		127:*'error while loading shared libraries'*|127:*'cannot allocate'*)
			what=loader ;;
		1:libgomp:*) what=runtime ;;
		*) what=other
			fail "$1 KB: exit status $status: $text" ;;
		esac
	else
		what=other
		fail "$1 KB: neither drawing nor ended: $(screen | grep -v '^$' | tail -n 2 | tr '\n' '|')"
		keys q
		wait_exit 5 >/dev/null
	fi
	[ "$(modes)" = "$normal" ] || fail "$1 KB: terminal left as: $(modes)"
}

# Down from where it surely draws, in large steps, to where it first
# does not; then from a step above that, in small ones, to the loader.
kb=16000
while [ "$kb" -gt 1000 ]; do
	at $kb
	[ "$what" = draws ] || break
	drew=1
	kb=$((kb - 400))
done
[ "$drew" = 1 ] || fail "it never drew, not even under $((kb + 400)) KB"
kb=$((kb + 400))
loader=0
while [ "$kb" -gt 1000 ] && [ "$loader" -lt 3 ]; do
	at $kb
	case $what in
	memory) said=$((said + 1)) ;;
	loader) loader=$((loader + 1)) ;;
	esac
	kb=$((kb - 40))
done
printf 'out of memory said %d times, down to %d KB\n' "$said" "$kb"
[ "$said" -gt 0 ] ||
	fail "no limit between drawing and the loader's failure said 'out of memory'"
finish
