#!/bin/sh
# pixels-tmux.sh: inside tmux (its pane's TMUX, TERM screen), auto keeps
# to cells and does not even ask the terminal about pixels: the answers
# would be tmux's. Asked for with --glyphs pixels, it asks; tmux (built
# here without sixel) says it has neither protocol, so the flock is drawn
# in cells, and on the way out one line says why (on the program's
# standard error, the pane here, read once it has ended). The program runs
# behind build/test/slowlink at full speed, which counts the questions
# for the device attributes that reach the terminal.
. tests/lib.sh
. tests/e2e/tmux-lib

need_slowlink

# asked: the questions for the device attributes the last run sent.
asked() {
	sed -n 's/.* asked \([0-9]*\).*/\1/p' "$work/link.log"
}

via="$link -l $work/link.log" boids_start 80 24 "" --seed 1 --glyphs auto
keys q
[ "$(wait_exit 10)" = 0 ] || fail "auto: q: exit status $(cat "$work/exit")"
[ "$(asked)" = 0 ] ||
	fail "auto in tmux asked about pixels $(asked) times: $(cat "$work/link.log")"
# What it says on the way out stays in the pane, under the shell's.
screen | grep -q 'boids:' && fail "auto in tmux said: $(screen | grep 'boids:')"

via="$link -l $work/link.log" boids_start 80 24 "" --seed 1 --glyphs pixels
# Drawn in cells: arrows on the screen, not an empty field.
wait_for '[←↑→↓↖↗↘↙•]' 5 || fail "pixels in tmux: no cells drawn: $(screen)"
keys q
[ "$(wait_exit 10)" = 0 ] ||
	fail "pixels: q: exit status $(cat "$work/exit")"
[ "$(asked)" -ge 1 ] 2>/dev/null ||
	fail "pixels in tmux did not ask: $(cat "$work/link.log")"
said=$(tm capture-pane -p -J | grep 'boids:')
[ "$(printf '%s\n' "$said" | grep -c .)" = 1 ] &&
    printf '%s\n' "$said" | grep -q '^boids: --glyphs pixels: .*neither sixel nor kitty.*cells$' ||
	fail "pixels in tmux: not one line saying why: '$said'"
finish
