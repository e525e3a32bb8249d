#!/bin/sh
# paste.sh: the command line that `? ?` shows pastes into a shell as the
# one command it is, at any width. It was cut into lines with nothing
# to join them: pasted, its second line ran as a second command (here
# "-p: not found"), and in a narrow pane an option too long for a line
# was cut off at its edge. Now every line but the last ends in a
# backslash, after a blank between words, or inside a word too long
# for a line, which goes on at the start of the next.
#
# At 80, 30 and 16 columns the overlay's lines are taken from the pane
# as a user would select them between the box's border and its edge,
# and run by sh with boids a function that prints its arguments: they
# are the arguments the session was given, in the overlay's order.
. tests/lib.sh
. tests/e2e/tmux-lib

want="--no-config --preset school -S 3 -n 120 -c 1.25 --wander 0.125 -p 2 -o 1 -w 0.05,-0.02"
for width in 80 30 16; do
	first=school boids_start "$width" 30 "" --no-config --preset school \
	    -S 3 -n 120 -c 1.25 --wander 0.125 -p 2 -o 1 -w 0.05,-0.02
	keys '?'
	wait_for '│.*q, Esc' 5 || fail "$width: ? shows no keys"
	keys '?'
	wait_for '│   boids' 5 || fail "$width: ? ? shows no command"
	# The text of the overlay's lines, between its borders after the
	# three blanks before its text, up to the blank line under the
	# command. Boids fly beside the box, so what lies outside its
	# right border is not the overlay's.
	screen | sed -n 's/^[^│]*│//p' | sed 's/^   //; s/│.*$//; s/ *$//' |
	    sed -n '/^boids/,/^$/p' >"$work/command"
	[ "$(wc -l <"$work/command")" -ge 2 ] ||
		fail "$width: the command is one line: $(cat "$work/command")"
	got=$(sh -c 'boids() { printf "%s " "$@"; }; . "$1"' sh \
	    "$work/command" 2>&1)
	[ "$got" = "$want " ] ||
		fail "$width: pasted, it runs: '$got' (from: $(tr '\n' '|' <"$work/command"))"
	keys q q
	[ "$(wait_exit 5)" = 0 ] || fail "$width: q: exit status $(cat "$work/exit")"
done
finish
