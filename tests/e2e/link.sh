#!/bin/sh
# Frames follow the link. The program runs behind build/test/slowlink,
# which models an SSH connection: a 2 MiB buffer drained at a rate, a
# round trip, and tmux at the far end answering the status queries once
# the bytes before them have arrived. On slow links a key's effect must
# show at once, not behind seconds of queued frames; on a fast but
# distant link, and with a terminal that never answers, the frame rate
# must stay up. Left by q or Ctrl-Z, the program takes in the answers it
# still waits for, so that the shell does not get them.
. tests/lib.sh
. tests/e2e/tmux-lib

link=${SLOWLINK:-build/test/slowlink}
[ -x "$link" ] || { echo "no $link: make $link" >&2; exit 1; }
case $link in
/*) ;;
*) link=$PWD/$link ;;
esac

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

# frame_rate NAME LEAST 'LINK OPTIONS': the status line's frame rate
# (frames the terminal has shown) must reach LEAST within a few seconds.
frame_rate() {
	name=$1 least=$2 opts=$3
	via="$link -l $work/link.log $opts" boids_start 80 24 "" -n 200
	deadline=$(( $(date +%s) + 8 ))
	best=0
	while [ "$(date +%s)" -lt "$deadline" ]; do
		sleep 0.5
		fps=$(status_line | sed -n 's/.* \([0-9]*\) fps.*/\1/p')
		[ -n "$fps" ] && [ "$fps" -gt "$best" ] && best=$fps
		[ "$best" -ge "$least" ] && break
	done
	printf '%s: %d fps\n' "$name" "$best"
	[ "$best" -ge "$least" ] || fail "$name: $best fps, wanted $least"
	keys q
	[ "$(wait_exit 10)" = 0 ] || fail "$name: q: exit status $(cat "$work/exit")"
}

over_link "5 KB/s, 200 boids" 500 "-r 5000 -t 100" -n 200 --seed 1
over_link "20 KB/s, 2000 boids" 1000 "-r 20000 -t 100" -n 2000 --seed 1
frame_rate "fast link, 100 ms round trip" 25 "-t 100"
# The fast link's frames were counted at the far end too.
read -r _ _ _ _ _ frames _ secs <"$work/link.log"
awk -v f="$frames" -v s="$secs" 'BEGIN { exit !(f >= 15 * s) }' ||
	fail "fast link: $frames frames arrived in $secs s"
frame_rate "a terminal that never answers" 28 "-q"

# after_exit HOW KEYS: boids run from a shell over a link with a 200 ms
# round trip, left by KEYS; the answers to its last queries, still on
# their way, must not reach the shell, which would echo them and take
# them as typed ("nnnecho: command not found").
after_exit() {
	how=$1
	new_server
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 \
	    -y 24 "$link -t 200 env PS1='$ ' bash --norc --noprofile -i"
	sleep 0.5
	keys "$BOIDS -S 1" Enter
	wait_for fps 10 || fail "$how: no first frame"
	sleep 1
	keys "$2"
	sleep 1.5
	keys "echo hello" Enter
	sleep 1
	screen | grep -qx hello ||
		fail "$how: the shell took what came after: $(screen |
		    grep -v '^$' | tail -n 3)"
	screen | grep -q '\^\[' && fail "$how: an answer shown: $(screen |
	    grep -F '^[' | head -n 2)"
}
after_exit "q" q
after_exit "Ctrl-Z" C-z
finish
