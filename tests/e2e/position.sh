#!/bin/sh
# A terminal that answers where its cursor is (Esc [ 6 n) but never its
# status (Esc [ 5 n), as st does, modelled by build/test/slowlink -n:
# the frames are paced by its answers from the first, so the flock moves
# on screen at once, not after a second of waiting for an answer that
# never comes, and after the first second the status line never says
# 0 fps.
. tests/lib.sh
. tests/e2e/tmux-lib

need_slowlink

ms() { echo $(( $(date +%s%N) / 1000000 )); }

via="$link -n" boids_start 80 24 "" --seed 1
t0=$(ms)
first=$(field)
# The field changes within a fraction of a second of the first frame.
until [ "$(field)" != "$first" ]; do
	[ $(( $(ms) - t0 )) -gt 600 ] && break
done
t=$(( $(ms) - t0 ))
[ "$t" -le 600 ] ||
	fail "the first frame stayed alone on screen for $t ms"
# From a second after the first frame on, the frames shown each second
# are counted: never none.
while [ $(( $(ms) - t0 )) -lt 1100 ]; do
	sleep 0.05
done
looks=0
while [ $(( $(ms) - t0 )) -lt 2500 ]; do
	s=$(status_line)
	fps=$(printf '%s\n' "$s" | sed -n 's/.*  \([0-9]*\) fps.*/\1/p')
	[ -n "$fps" ] && [ "$fps" -gt 0 ] ||
		fail "$(( $(ms) - t0 )) ms after the first frame: '$s'"
	looks=$((looks + 1))
	sleep 0.1
done
[ "$looks" -ge 5 ] || fail "only $looks looks at the status line"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
