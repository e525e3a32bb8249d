#!/bin/sh
# Frames follow the link, end to end. The program runs behind
# build/test/slowlink, which models an SSH connection: a 2 MiB buffer
# drained at a rate, a round trip, and tmux at the far end answering the
# status queries once the bytes before them have arrived. On a slow link
# a key's effect must show at once, not behind seconds of queued frames,
# in cells and in pixels.
# The pacing's other cases (a fast but distant link, a terminal that
# never answers, answers lost, a link that stalls) are worked out in
# modelled time by tests/unit/test_pace.c; settle.sh checks the exit.
. tests/lib.sh
. tests/e2e/tmux-lib

need_slowlink

ms() { echo $(( $(date +%s%N) / 1000000 )); }

# toggle_time: press s and wait for SCATTER to come or go; the time the
# status line took to show it, in milliseconds (99999: never).
toggle_time() {
	if status_line | grep -q SCATTER; then want=1; else want=0; fi
	t0=$(ms)
	keys s
	while :; do
		if status_line | grep -q SCATTER; then now=0; else now=1; fi
		[ "$now" = "$want" ] && { echo $(( $(ms) - t0 )); return; }
		# Each look takes tmux some milliseconds: no sleep between.
		[ $(( $(ms) - t0 )) -gt 10000 ] && { echo 99999; return; }
	done
}

# over_link NAME LIMIT_MS 'LINK OPTIONS' BOIDS ARGS: the worst of four
# presses of s must show within LIMIT_MS.
over_link() {
	name=$1 limit=$2 opts=$3
	shift 3
	via="$link -l $work/link.log $opts" boids_start 80 24 "" "$@"
	# Let the link fill up as it would in use.
	sleep 3
	worst=0
	for k in 1 2 3 4; do
		t=$(toggle_time)
		[ "$t" -gt "$worst" ] && worst=$t
		sleep 0.7
	done
	printf '%s: s shows within %d ms at worst\n' "$name" "$worst"
	[ "$worst" -le "$limit" ] ||
		fail "$name: s took $worst ms to show (limit $limit)"
	t0=$(ms)
	keys q
	[ "$(wait_exit 10)" = 0 ] || fail "$name: q: exit status $(cat "$work/exit")"
	# What was in flight at q is all there was to wait for.
	[ $(( $(ms) - t0 )) -le 2000 ] ||
		fail "$name: q took $(( $(ms) - t0 )) ms to end the program"
}

over_link "5 KB/s, 200 boids" 500 "-r 5000 -t 100" -n 200 --seed 1

# Pixels asked for, the far end drawing sixel: pictures of several
# kilobytes a frame go while the link is not known, and are held back
# (the field drawn in cells) once its rate is, for as long as a picture
# would take it too long; keys act as fast as in cells.
over_link "20 KB/s, 200 boids, pixels" 500 "-r 20000 -t 100 -G" -n 200 \
    --seed 1 --glyphs pixels
pictures=$(sed -n 's/.* pictures \([0-9]*\).*/\1/p' "$work/link.log")
printf '20 KB/s, 200 boids, pixels: %s sixel pictures sent\n' "$pictures"
[ "${pictures:-0}" -gt 0 ] ||
	fail "pixels: no sixel picture went over the link: $(cat "$work/link.log")"
finish

