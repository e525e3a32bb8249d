#!/bin/sh
# fsize.sh: a file size limit never gives partial frames and a silent
# exit 0. `prlimit --fsize=3000 boids -n 2000 --record x.rec` drew
# frames cut at 3000 bytes (curses' spool is a file too, and SIGXFSZ,
# ignored for the record's sake, left its failed writes unseen): no
# status line, Ctrl-L showed less still, and q exited 0 without a word.
# Now frames are whole (the screen does not go through a file) or the
# first failed write ends the session with one line saying what failed
# (the file's name or the spool's, and "File too large"), exit 1, with
# or without a record or cast (which alone had SIGXFSZ ignored). A
# record or cast that outgrows the limit ends the session with one line
# naming it, exit 1, the file cut back to its last whole line, a cast
# then ending with the bytes that give the terminal back (or, if
# the screen itself cannot be kept under the limit, the session ends
# before its first frame, saying so). The terminal is restored in every
# case.
. tests/lib.sh
need prlimit python3
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# ended_well WHAT [FILE]: the session ended by itself with exit 1, one line
# on stderr saying "File too large" (and naming FILE, if given), and the
# terminal restored.
ended_well() {
	status=$(wait_exit 10)
	[ "$status" = 1 ] || fail "$1: exit status $status"
	[ "$(wc -l <"$work/err")" -eq 1 ] &&
	    grep -q "^boids: .*${2:+'$2'.*}File too large" "$work/err" ||
		fail "$1: '$(cat "$work/err")'"
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
}

# whole_lines WHAT FILE: FILE ends with a newline, and is within the
# limit.
whole_lines() {
	[ -s "$2" ] || return 0
	tail -c 1 "$2" | od -An -c | grep -q '\\n' ||
		fail "$1: the file ends inside a line"
	[ "$(wc -c <"$2")" -le 3000 ] || fail "$1: $(wc -c <"$2") bytes"
}

# The first frame of 2000 boids spread at random is far past 3000 bytes.
rec=$work/x.rec
first='^' via="prlimit --fsize=3000" boids_start 80 24 "" --seed 3 \
    -n 2000 --start random --record "$rec" 2\>"$work/err"
if drawing; then
	# Whole frames: a repaint is whole too, and the session ends well.
	keys C-l
	wait_for '^coh .* fps' 5 || fail "Ctrl-L: no status line"
	keys q
	status=$(wait_exit 10)
	[ "$status" = 0 ] || fail "q: exit status $status: $(cat "$work/err")"
	[ "$(modes)" = "$normal" ] || fail "q: terminal left as: $(modes)"
	tail -n 1 "$rec" | grep -q '^end [0-9]*$' ||
		fail "q: the record has no end line"
elif [ -s "$work/exit" ]; then
	ended_well "the screen past the limit"
else
	fail "the limit below a frame: no whole frame, and no end: $(status_line)"
	keys q
	status=$(wait_exit 10)
	[ "$status" != 0 ] || fail "q exited 0 after partial frames"
fi
whole_lines "the screen past the limit" "$rec"

# Nothing kept: no record or cast asks for SIGXFSZ to be ignored, yet
# the limit still ends the session with a word and status 1, not by the
# signal (status 153, silent).
first='^' via="prlimit --fsize=3000" boids_start 80 24 "" --seed 3 \
    -n 2000 --start random 2\>"$work/err"
if drawing; then
	keys q
	status=$(wait_exit 10)
	[ "$status" = 0 ] || fail "nothing kept: q: exit status $status"
else
	ended_well "the screen past the limit, nothing kept"
fi

# A record past the limit: small frames, many kept keys (each Tab is a
# line of about ten bytes).
rm -f "$rec"
first='^' via="prlimit --fsize=3000" boids_start 40 12 "" --seed 3 -n 50 \
    --record "$rec" 2\>"$work/err"
if drawing; then
	i=0
	while [ $i -lt 40 ] && [ ! -s "$work/exit" ]; do
		keys Tab Tab Tab Tab Tab Tab Tab Tab Tab Tab
		i=$((i + 1))
	done
	ended_well "the record past the limit" "$rec"
else
	ended_well "the record past the limit, before the first frame"
fi
whole_lines "the record past the limit" "$rec"

# A cast past the limit: it grows by every frame. Once it holds one,
# the message names it.
first='^' via="prlimit --fsize=20000" boids_start 40 12 "" --seed 3 \
    -n 50 --cast "$work/x.cast" 2\>"$work/err"
wait_exit 30 >/dev/null
if grep -q '"o"' "$work/x.cast" 2>/dev/null; then
	ended_well "the cast past the limit" "$work/x.cast"
	# Cut short, it still gives its viewer's terminal back: its last
	# event holds the bytes that restore the screen (the alternate
	# screen left, the cursor shown), within the limit. Before, it
	# ended on a frame.
	[ "$(wc -c <"$work/x.cast")" -le 20000 ] ||
		fail "the cast past the limit: $(wc -c <"$work/x.cast") bytes"
	python3 - "$work/x.cast" <<'END' ||
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
assert lines[-1] == "", "the last line has no end"
for line in lines[1:-1]:
    json.loads(line)
last = json.loads(lines[-2])
assert last[1] == "o" and "\x1b[?1049l" in last[2] and \
    "\x1b[?25h" in last[2], last
END
		fail "the cast past the limit does not end by restoring the screen"
else
	ended_well "the cast past the limit, before the first frame"
fi
finish
