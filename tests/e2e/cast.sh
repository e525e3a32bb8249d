#!/bin/sh
# --cast on the real program in tmux, played back by the real asciinema:
# the header is asciicast v2 with the terminal's size and environment,
# every line is JSON, a resize is an "r" event, no pacing query that
# paces the frames is kept (a terminal playing it would answer), and the
# session up to the scatter, played into a terminal of the same size,
# shows the flock and the status line with SCATTER, and no answers. A path that cannot be written is refused
# before the terminal is touched; a write that fails later ends the
# program cleanly, leaving whole lines.
. tests/lib.sh
. tests/e2e/tmux-lib
need asciinema python3

cast=$work/session.cast

boids_start 80 24 "TERM=tmux-256color SHELL=/bin/sh" --seed 4 --cast "$cast"
sleep 0.5
keys s
wait_for SCATTER 3 || fail "s: no SCATTER: '$(status_line)'"
sleep 0.5
keys s
sleep 0.3
tm resize-window -x 90 -y 20
height=20
wait_for 'n 200' 3 || fail "no frame after the resize"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"

# Header and events, as JSON; the first event is the terminal's setup.
python3 - "$cast" >"$work/py" 2>&1 <<'EOF' || fail "the cast: $(cat "$work/py")"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
assert lines[-1] == "", "the last line has no newline"
head = json.loads(lines[0])
assert head["version"] == 2, head
assert (head["width"], head["height"]) == (80, 24), head
assert head["env"] == {"TERM": "tmux-256color", "SHELL": "/bin/sh"}, head
assert isinstance(head["timestamp"], int) and head["timestamp"] > 1.6e9
last, kinds, out = 0.0, {}, ""
for line in lines[1:-1]:
    t, kind, data = json.loads(line)
    assert t >= last, "time goes back"
    last = t
    kinds[kind] = kinds.get(kind, 0) + 1
    if kind == "r":
        assert data == "90x20", data
    out += data if kind == "o" else ""
assert kinds.get("r") == 1, kinds
assert out.count("SCATTER") >= 1, "no SCATTER sent"
# The questions that pace the frames are for the live terminal: played
# elsewhere, they would make that terminal type its answers.
assert "\x1b[6n" not in out, "a pacing query in the cast"
assert "\u2191" in out or "\u2193" in out or "\u2192" in out, "no arrows"
print(len(lines) - 2, "events over", round(last, 1), "s")
EOF
cat "$work/py"

# Up to the first frame with SCATTER, played into a pane of the same
# size by asciinema cat (which wants a terminal): the flock and the
# status line as they were.
awk '{ print } NR > 1 && /SCATTER/ { exit }' "$cast" >"$work/part.cast"
new_server
height=24
rm -f "$work/exit"
LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 -y 24 \
    "asciinema cat $work/part.cast; echo \$? >$work/exit; exec sleep 60"
[ "$(wait_exit 10)" = 0 ] || fail "asciinema cat: $(screen | tail -n 3)"
case $(status_line) in
"coh 1.00  sep 1.00  ali 1.00  wind +0.0,+0.0  goal off  n 200"*SCATTER) ;;
*) fail "asciinema cat: status line '$(status_line)'" ;;
esac
[ "$(field | tr -d ' \n' | wc -m)" -gt 20 ] ||
	fail "asciinema cat: no flock: $(field | head -n 5)"
sleep 0.3
answered='\[[0-9]+;[0-9]+R'
screen | grep -Eq "$answered" && fail "asciinema cat: the terminal answered: \
$(screen | grep -E "$answered" | head -n 2)"

# A path that cannot be written: refused, the terminal never opened.
new_server
rm -f "$work/exit"
LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 200 -y 24 \
    "$BOIDS --cast $work/no/such/dir; echo status \$? >$work/exit; \
    exec sleep 60"
[ "$(wait_exit)" = "status 1" ] ||
	fail "unwritable --cast: $(cat "$work/exit")"
wait_for "cannot write cast file '$work/no/such/dir': No such file" 3 ||
	fail "unwritable --cast: $(screen | head -n 3)"
screen | grep -q fps && fail "unwritable --cast: the terminal was drawn"

# A file size limit, for boids alone, above the largest frame of an 80
# by 6 terminal and soon reached by the cast of its frames.
boids_start 80 6 "prlimit --fsize=20000" --seed 3 --cast "$cast" \
    2\>"$work/err"
[ "$(wait_exit 20)" = 1 ] || fail "file size limit: exit $(cat "$work/exit")"
grep -qx "boids: cannot write cast file '$cast': File too large" \
    "$work/err" || fail "file size limit: said '$(cat "$work/err")'"
screen | grep -q fps && fail "file size limit: the screen was not restored"
[ "$(wc -c <"$cast")" -gt 15000 ] || fail "cut at $(wc -c <"$cast") bytes"
python3 - "$cast" >"$work/py" 2>&1 <<'EOF' || fail "the cut cast: $(cat "$work/py")"
import json, sys
data = open(sys.argv[1], encoding="utf-8").read()
assert data.endswith("\n"), "ends inside a line"
for line in data.split("\n")[:-1]:
    json.loads(line)
EOF
finish
