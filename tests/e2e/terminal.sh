#!/bin/sh
# No usable terminal: one clear line on stderr and exit status 69, and
# nothing drawn. Not a terminal at all; no TERM; a TERM that terminfo does
# not know; a terminal that cannot address the cursor.
. tests/lib.sh
. tests/e2e/tmux-lib

out=$work/out
err=$work/err

"$BOIDS" --seed 1 </dev/null >"$out" 2>"$err"
status=$?
[ "$status" -eq 69 ] || fail "no tty: exit status $status"
[ ! -s "$out" ] || fail "no tty: wrote to stdout"
[ "$(wc -l <"$err")" -eq 1 ] || fail "no tty: not one line: $(cat "$err")"
grep -q '^boids: .*terminal' "$err" || fail "no tty: unclear: $(cat "$err")"

echo | "$BOIDS" --seed 1 >"$out" 2>"$err"
[ $? -eq 69 ] || fail "stdin a pipe: not 69"

# A real terminal (tmux's pane) with a TERM that will not do.
for case in "dumb:cursor" "no-such-terminal-type:unknown" ":TERM is not set"; do
	term=${case%%:*}
	says=${case#*:}
	new_server
	rm -f "$work/exit"
	tm new-session -d -x 80 -y 24 "env TERM='$term' $BOIDS --seed 1 \
	    2>$err; echo \$? > $work/exit; exec sleep 60"
	status=$(wait_exit 10)
	[ "$status" = 69 ] || fail "TERM='$term': exit status $status"
	[ "$(wc -l <"$err")" -eq 1 ] || fail "TERM='$term': $(cat "$err")"
	grep -q "^boids: .*$says" "$err" || fail "TERM='$term': $(cat "$err")"
	screen | grep -q 'fps' && fail "TERM='$term': something was drawn"
done

# Headless needs no terminal at all.
"$BOIDS" --headless --steps 10 --every 10 </dev/null >"$out" 2>"$err" ||
	fail "headless without a terminal failed"
finish
