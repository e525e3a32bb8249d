#!/bin/sh
# long-answers.sh: a terminal's strings are never read as keys, however
# long. The decoder keeps 64 bytes of a sequence; a longer one was
# dropped at 64 and the rest read as keys: an application command of 64
# q (Esc _ ... Esc \) quit, an OSC 52 answer of a hundred n cycled the
# presets (each n kept in the record), a 10 KB OSC 11 answer flipped the
# goal to flee. Now each string is skipped to its terminator.
#
# Three answers come while a flight is recorded: 64 bytes of q, 1 KB of
# n, and 1 MB of f (pasted by tmux: no argument holds a megabyte). Then
# p, a key whose effect is awaited: once the status line says pred 1,
# everything before it has been read. The record then holds that p and
# no other key.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

rec=$work/long.rec
boids_start 80 24 "" --seed 3 --record "$rec"
pid=$(boids_pid)
started="$started $pid"

# repeat CHAR N: CHAR N times.
repeat() { head -c "$2" /dev/zero | tr '\0' "$1"; }

# The 64 q fill the decoder to its brim, Esc _ aside.
keys -l "$(printf '\033_%s\033\\' "$(repeat q 64)")"
keys -l "$(printf '\033]52;c;%s\007' "$(repeat n 1024)")"
{
	printf '\033]11;rgb:'
	repeat f 1048576
	printf '\007'
} >"$work/answer"
tm load-buffer "$work/answer"
tm paste-buffer -r
keys p
wait_status 'pred 1' 60 ||
	fail "p after the answers: $(status_line) (exit $(cat "$work/exit" 2>/dev/null))"
status_line | grep -Eq 'flee|murmuration|school|swarm|hunt|parker' &&
	fail "the answers were read as keys: $(status_line)"
keys q
[ "$(wait_exit 10)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
[ "$(modes)" = "$normal" ] || fail "terminal left as: $(modes)"
keys_kept=$(grep '^key ' "$rec" | cut -d' ' -f3 | tr '\n' ' ')
[ "$keys_kept" = "112 " ] ||
	fail "the record holds keys '$keys_kept', not p (112) alone"
finish
