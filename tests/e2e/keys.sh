#!/bin/sh
# The status line and the keys that change it, on the real program in
# tmux: multipliers, wind, goal by key and by click, scatter (also as
# Alt+s), pause, quit. What a key must not do is checked after the
# sentinel (tmux-lib), never after a sleep.
. tests/lib.sh
. tests/e2e/tmux-lib

boids_start 80 24 "" --seed 11

line=$(status_line)
case $line in
"coh 1.00  sep 1.00  ali 1.00  wind +0.0,+0.0  goal off  n 200  "*" fps") ;;
*) fail "status line at start: '$line'" ;;
esac
# Cohesion is selected: bold and underlined, nothing else is.
highlighted 'coh 1.00' ||
	fail "cohesion not highlighted: $(screen_e | tail -n 1 | cat -v)"
highlighted 'sep' && fail "separation highlighted at start"

keys Tab +
wait_for 'coh 1.00  sep 1.10  ali 1.00' || fail "Tab + : '$(status_line)'"
highlighted 'sep 1.10' || fail "separation not highlighted after Tab"
highlighted 'coh' && fail "cohesion still highlighted after Tab"
keys - - Tab Tab +
wait_for 'coh 1.10  sep 0.90  ali 1.00' || fail "- - Tab Tab + : '$(status_line)'"

keys Right Right Up
wait_for 'wind +0.2,-0.1' || fail "arrows: '$(status_line)'"
keys Left Down Down Down
wait_for 'wind +0.1,+0.2' || fail "arrows back: '$(status_line)'"
keys w
wait_for 'wind +0.0,+0.0' || fail "w: '$(status_line)'"

# g: the centre of 80 by 23 cells, then a quarter of the way in.
keys g
wait_for 'goal 40,11 ' || fail "g: '$(status_line)'"
keys g
wait_for 'goal 20,5 ' || fail "g again: '$(status_line)'"
keys G
wait_for 'goal off' || fail "G: '$(status_line)'"
click 13 7
wait_for 'goal 13,7 ' || fail "click at 13,7: '$(status_line)'"
# The goal's glyph sits in the clicked cell, in the frame that follows
# the status line's news.
goal_at_click() { [ "$(cell 13 7)" = "◎" ]; }
poll 5 goal_at_click || fail "goal glyph at 13,7: '$(cell 13 7)'"
click 30 23
sentinel
status_line | grep -q 'goal 13,7 ' ||
	fail "a click on the status line moved the goal: '$(status_line)'"

keys s
wait_for 'SCATTER' || fail "s: '$(status_line)'"
keys s
sentinel
status_line | grep -q SCATTER && fail "s again: still SCATTER"

# Alt+s (Esc s, sent at once) is s: it scatters, and never quits as the
# Esc would. Esc _ and Esc X start strings (the terminal's application
# command and start of string): broken off by the Esc delay, they neither
# quit nor swallow the keys typed after them.
keys M-s
wait_for 'SCATTER' || fail "M-s: '$(status_line)'"
keys M-s
sentinel
status_line | grep -q SCATTER && fail "M-s again: still SCATTER"
[ -s "$work/exit" ] && fail "M-s ended the program"
# The pauses here are the user's, typing after the Esc delay (0.1 s)
# has broken each string off; nothing is checked after them.
keys M-_
sleep 0.3
keys M-X
sleep 0.3
keys s
wait_for 'SCATTER' || fail "M-_, M-X, s: s lost: '$(status_line)'"
keys s
sentinel
status_line | grep -q SCATTER && fail "M-_, M-X, s, s: still SCATTER"
[ -s "$work/exit" ] && fail "M-_ or M-X ended the program"

# Paused: PAUSED shows and nothing moves; '.' takes one step. Each look
# at the field follows a sentinel, which makes the program draw a whole
# frame: a flight that went on would show there, however late the frame.
# The half second between them is time for steps to fall due (15 at the
# default rate), were the flock flying.
changed() { [ "$(field)" != "$1" ]; }
keys Space
wait_for 'PAUSED' || fail "space: '$(status_line)'"
sentinel
a=$(field)
sleep 0.5
sentinel
[ "$a" = "$(field)" ] || fail "the flock moved while paused"
keys .
poll 5 changed "$a" || fail "'.' did not step"
keys Space
poll 5 status_lacks PAUSED || fail "space again: still PAUSED"
b=$(field)
poll 5 changed "$b" || fail "the flock is still after resuming"

# Ctrl-L repaints and the program goes on (the status line before it
# read the same, hence the sentinel).
keys C-l
sentinel
status_line | grep -q '^coh 1.10  sep 0.90  ali 1.00  wind' ||
	fail "Ctrl-L lost the status line: '$(status_line)'"

keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit" 2>/dev/null)"
# The normal screen is back: no status line, no boids.
echoed restored
screen | grep -q 'fps' && fail "status line left on screen after q"
screen | grep -q '[→↘↓↙←↖↑↗]' && fail "glyphs left on screen after q"
finish
