#!/bin/sh
# A storm of resizes: a hundred sizes between 1x1 and 250x80 (the four
# corners first, then a fixed pseudo-random walk), one straight after the
# other while the flock flies with everything on. The program lives
# through it, then draws a whole frame at the final size (every line
# inside the width, the status line on the bottom row, boids on screen),
# still answers keys, and quits with status 0 and the terminal restored.
# Also a start in a 1x1 terminal, which must wait for room, not die.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# whole W H: the pane shows a full frame of W by H, boids drawn.
whole() {
	frame "$1" "$2" "$1x$2"
	wait_for '[→↘↓↙←↖↑↗•]' 5 || fail "$1x$2: no boids drawn: $(screen)"
}

# The run ends by q, not by a hangup, so a sanitized build may look for
# leaks at exit (tmux-lib turns that off for the terminal tests): every
# resize reallocates the renderer's buffers.
boids_start 80 24 "ASAN_OPTIONS=detect_leaks=1" --seed 9 --count 500 \
    --predators 3 --obstacles 3 --perch --wind 0.2,0 --glyphs arrows
pid=$(boids_pid)
started="$started $pid"
keys g

r=7
i=0
t0=$(date +%s)
while [ $i -lt 100 ]; do
	r=$(( (r * 1103515245 + 12345) % 2147483648 ))
	w=$(( r / 65536 % 250 + 1 ))
	r=$(( (r * 1103515245 + 12345) % 2147483648 ))
	h=$(( r / 65536 % 80 + 1 ))
	case $i in
	0) w=1 h=1 ;;
	1) w=250 h=80 ;;
	2) w=1 h=80 ;;
	3) w=250 h=1 ;;
	esac
	tm resize-window -x "$w" -y "$h"
	# Every third size stays long enough for a frame or two.
	[ $((i % 3)) -eq 2 ] && sleep 0.05
	i=$((i + 1))
done
t1=$(date +%s)
printf '100 resizes in about %s s\n' $((t1 - t0))
sleep 0.3
alive "$pid" || fail "died in the storm of resizes"

tm resize-window -x 120 -y 40
whole 120 40
keys Tab +
wait_for 'sep 1.10' || fail "keys after the storm: '$(status_line)'"
keys q
[ "$(wait_exit)" = 0 ] || fail "q after the storm: exit status $(cat "$work/exit")"
[ "$(modes)" = "$normal" ] || fail "after the storm: terminal left as: $(modes)"

# Born in a 1x1 terminal: nothing fits, so it waits; given room, it flies.
new_server
rm -f "$work/exit" "$work/sh.pid"
LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 1 -y 1 \
    "echo \$\$ > $work/sh.pid; $BOIDS --seed 9; echo \$? > $work/exit; \
    exec sleep 60"
sleep 0.5
pid=$(boids_pid)
started="$started $pid"
[ -n "$pid" ] && alive "$pid" || fail "1x1 start: not running: $(cat "$work/exit" 2>/dev/null)"
tm resize-window -x 80 -y 24
whole 80 24
keys q
[ "$(wait_exit)" = 0 ] || fail "1x1 start, q: exit status $(cat "$work/exit")"
finish
