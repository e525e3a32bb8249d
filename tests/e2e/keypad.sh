#!/bin/sh
# keypad.sh: the keypad is read as keys in every terminal. Curses asks
# for the keypad's application mode, in which its keys send Esc O and a
# letter; xterm's terminfo names them, tmux's and screen's do not, and
# they were dropped as sequences of no interest: KP Enter, *, + and 5
# did not end a screensaver under TERM=tmux-256color or screen-256color,
# though the man page's tmux lock screen is ended so. Each is read now
# as the character on its key: each ends a screensaver, in each of
# those terminals, linux's and xterm's, and in a flight KP + raises the
# multiplier as + does.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

first='[←↖↑↗→↘↓↙]'
for term in tmux-256color screen-256color linux xterm-256color; do
	infocmp "$term" >/dev/null 2>&1 ||
		{ fail "no terminfo for $term"; continue; }
	for key in KPEnter KP* KP+ KP5; do
		boids_start 80 24 "TERM=$term" --seed 2 --start random \
		    --screensaver
		# Input in its first half second is ignored.
		sleep 0.8
		keys "$key"
		status=$(wait_exit 3)
		[ "$status" = 0 ] ||
			fail "$term: $key did not end the screensaver ($status)"
		[ "$(modes)" = "$normal" ] ||
			fail "$term: $key: terminal left as: $(modes)"
	done
done

first=fps
boids_start 80 24 "TERM=tmux-256color" --seed 2
keys KP+
wait_status 'coh 1.10' 5 || fail "KP + did not raise cohesion: $(status_line)"
keys q
[ "$(wait_exit 5)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
