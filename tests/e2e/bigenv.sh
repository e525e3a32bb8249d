#!/bin/sh
# bigenv.sh: curses starts at the terminal's own size, whatever LINES and
# COLUMNS say. curses draws into a spool it cannot ask for a size, and
# took its first screen from the environment: COLUMNS=6000 LINES=6000 in
# an 80x24 pane took 3 GB and 6 s before the first frame, and 32767 by
# 32767 never drew. Now the first frame is 80 by 24, within a second of
# the time a start without them takes (which counts tmux and a busy
# machine), and the program stays small.
. tests/lib.sh
. tests/e2e/tmux-lib

ms() { echo $(( $(date +%s%N) / 1000000 )); }

t0=$(ms)
boids_start 80 24 "" --seed 1
plain=$(( $(ms) - t0 ))
keys q
[ "$(wait_exit)" = 0 ] || fail "plain: q: exit status $(cat "$work/exit")"

for size in 6000 32767; do
	t0=$(ms)
	boids_start 80 24 "COLUMNS=$size LINES=$size" --seed 1
	took=$(( $(ms) - t0 ))
	pid=$(boids_pid)
	[ "$took" -lt $((plain + 1000)) ] ||
		fail "$size: first frame after $took ms (without: $plain ms)"
	status_line | grep -q ' fps$' ||
		fail "$size: no status line at the bottom of 80x24: $(screen | tail -n 2)"
	[ "$(screen | wc -l)" -le 24 ] || fail "$size: more than 24 rows"
	rss=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$pid/status")
	[ -n "$rss" ] && [ "$rss" -lt 400000 ] ||
		fail "$size: $rss kB resident for an 80x24 screen"
	keys q
	[ "$(wait_exit)" = 0 ] || fail "$size: q: exit status $(cat "$work/exit")"
done
finish
