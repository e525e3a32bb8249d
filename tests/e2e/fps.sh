#!/bin/sh
# The status line's fps is never above what -f allows. Keys that change
# the picture come far faster than -f 5 allows frames (Tab, forty or so
# a second, each selecting the next multiplier, which the status line
# and the frame show): their frames wait for their slots, so the fps
# read off the status line while they come, sampled many times, stays
# at 5 or under, and the frames still come (the count reaches 3). The
# frames sent are counted too: through tests/link/wideterm.py as a
# terminal of one-cell arrows that has synchronized output, each frame
# comes between the mode's set and reset, and from the start to the
# exit, timed from outside (so no shorter than the program ran), no more
# than 5 a second of them are set, and one for the first frame.
. tests/lib.sh
need python3
. tests/e2e/tmux-lib

ms() { echo $(( $(date +%s%N) / 1000000 )); }
wide=$PWD/tests/link/wideterm.py

# fps: the frame rate on the status line now.
fps() {
	status_line | sed -n 's/.*  \([0-9][0-9]*\) fps.*/\1/p'
}

began=$(ms)
via="python3 $wide --narrow --sync 2 --log $work/fps.raw" boids_start \
    80 24 "" --seed 1 -n 50 -f 5
most=0
seen=0
end=$(( $(date +%s) + 4 ))
while [ "$(date +%s)" -lt "$end" ]; do
	keys Tab
	sleep 0.02
	keys Tab
	sleep 0.02
	n=$(fps)
	[ -n "$n" ] || continue
	seen=$((seen + 1))
	[ "$n" -gt "$most" ] && most=$n
done
printf 'fps at -f 5 under keys: at most %d in %d samples\n' "$most" "$seen"
[ "$seen" -ge 10 ] || fail "too few status lines read: $seen"
[ "$most" -le 5 ] || fail "-f 5 under keys: the status line showed $most fps"
[ "$most" -ge 3 ] || fail "-f 5 under keys: frames stopped ($most fps)"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
took=$(( $(ms) - began ))
frames=$(grep -ao "$esc\[?2026h" "$work/fps.raw" | wc -l)
allowed=$(( took * 5 / 1000 + 1 ))
printf 'frames sent at -f 5 under keys: %d in %d ms (%d allowed)\n' \
    "$frames" "$took" "$allowed"
[ "$frames" -ge 10 ] || fail "-f 5 under keys: $frames frames sent"
[ "$frames" -le "$allowed" ] ||
	fail "-f 5 under keys: $frames frames sent in $took ms"
finish
