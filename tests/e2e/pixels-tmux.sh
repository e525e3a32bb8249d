#!/bin/sh
# pixels-tmux.sh: inside tmux (its pane's TMUX, TERM screen), auto keeps
# to cells and does not even ask the terminal about pixels: the answers
# would be tmux's. Asked for with --glyphs pixels, it asks; tmux (built
# here without sixel) says it has neither protocol, so the flock is drawn
# in cells, and on the way out one line says why (on the program's
# standard error, the pane here). What the program sends is copied from
# the pane (tmux's pipe-pane, set going by the pane's shell before the
# program starts), and the questions for the device attributes counted.
. tests/lib.sh
. tests/e2e/tmux-lib

# run NAME GLYPHS: the program in a pane, everything it sends copied to
# $work/NAME.out; q once it has drawn.
run() {
	wrap="tmux pipe-pane -o 'cat >$work/$1.out';" boids_start 80 24 "" \
	    --seed 1 --glyphs "$2"
	wait_for '[←↑→↓↖↗↘↙•]' 5 || fail "$1: no cells drawn: $(screen)"
	keys q
	[ "$(wait_exit 10)" = 0 ] || fail "$1: q: exit status $(cat "$work/exit")"
	grep -q 'coh ' "$work/$1.out" ||
		fail "$1: the pane's copy holds no frame: the count is blind"
}

# asked NAME: the questions for the device attributes (Esc [ c) sent.
asked() {
	grep -c "$(printf '\033')\[c" "$work/$1.out"
}

run auto auto
[ "$(asked auto)" = 0 ] ||
	fail "auto in tmux asked about pixels $(asked auto) times"

run pixels pixels
[ "$(asked pixels)" -ge 1 ] 2>/dev/null ||
	fail "pixels in tmux did not ask: $(asked pixels) questions"
# What it says on the way out comes after the program's last frame:
# awaited, then read whole (joined where the pane wrapped it).
wait_for '^boids: --glyphs pixels' 5 ||
	fail "pixels in tmux: nothing said on the way out: $(screen)"
said=$(tm capture-pane -p -J | grep 'boids:')
[ "$(printf '%s\n' "$said" | grep -c .)" = 1 ] &&
    printf '%s\n' "$said" |
    grep -q '^boids: --glyphs pixels: .*neither sixel nor kitty.*cells$' ||
	fail "pixels in tmux: not one line saying why: '$said'"
finish
