#!/bin/sh
# screensaver.sh: --screensaver on the real program in tmux. No status
# line; any key, click or motion of the pointer ends it with status 0
# and the terminal restored, but input in its first half second (the
# key that started it, typed here before it even reads) is ignored.
# Headless, its autopilot keeps the sky changing for five minutes.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

first='[←↖↑↗→↘↓↙]'

# ended_by WHAT: the program has ended with status 0, restored.
ended_by() {
	[ "$(wait_exit 3)" = 0 ] || fail "$1: exit status $(cat "$work/exit" 2>/dev/null)"
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
}

keys_first=x
boids_start 80 24 "" --seed 2 --start random --screensaver
keys_first=
sleep 1
[ -s "$work/exit" ] && fail "a key typed at the start ended it"
status_line | grep -q '[a-z]' && fail "a status line: $(status_line)"
a=$(field)
sleep 0.5
[ "$a" != "$(field)" ] || fail "the flock does not fly"
keys x
ended_by "a key"

boids_start 80 24 "" --seed 2 --start random --screensaver
sleep 0.8
keys -l "$(printf '\033[<0;10;5M')"
ended_by "a click"

boids_start 80 24 "" --seed 2 --start random --screensaver
sleep 0.8
[ "$(tm display -p '#{mouse_any_flag}')" = 1 ] ||
	fail "the terminal was not asked to report the pointer's motion"
keys -l "$(printf '\033[<35;12;6M')"
ended_by "the pointer moving"

# Five minutes headless (9000 steps, a line a second): the number of
# groups changes again and again, and the goal, the wind and predators
# come and go (the autopilot's scenes, each under a minute, are held to
# that in test_pilot).
"$BOIDS" -H -S 4 -W 120x40 --screensaver -t 9000 -e 30 >"$work/h" ||
	fail "headless screensaver failed"
changes=$(sed -n 's/.* groups=\([0-9]*\) .*/\1/p' "$work/h" |
    awk 'NR > 1 && $1 != last { c++ } { last = $1 } END { print c + 0 }')
[ "$changes" -ge 40 ] || fail "headless: the groups changed only $changes times"
"$BOIDS" -H -S 4 -W 120x40 -t 9000 -e 30 >"$work/plain"
cmp -s "$work/h" "$work/plain" && fail "headless: the autopilot changed nothing"
finish
