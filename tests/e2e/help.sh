#!/bin/sh
# The `?` overlay lists every key that --help lists under "Keys:", with
# the same words; any key closes it, and the flock goes on.
. tests/lib.sh
. tests/e2e/tmux-lib

"$BOIDS" --help | sed -n '/^Keys:$/,/^$/p' | sed '1d;/^$/d' >"$work/keys"
[ "$(wc -l <"$work/keys")" -ge 15 ] || fail "--help lists too few keys"

boids_start 80 24 "" --seed 6
keys ?
wait_for 'q, Esc' || fail "? shows no overlay: $(screen)"
screen >"$work/overlay"
while IFS= read -r line; do
	# "  NAME<padding> WHAT": the name, and the words after it.
	name=$(printf '%s\n' "$line" | cut -c3-26 | sed 's/ *$//')
	what=$(printf '%s\n' "$line" | cut -c28-)
	grep -qF -- "$name" "$work/overlay" || fail "overlay lacks key '$name'"
	grep -qF -- "$what" "$work/overlay" || fail "overlay lacks '$what'"
done <"$work/keys"

# Any key closes it, even q, which then does not quit: the program is
# still there to take the next key (s shows SCATTER, which only it can).
keys q
wait_for 'fps' 3 || fail "q: no status line after the overlay"
screen | grep -q 'q, Esc' && fail "q did not close the overlay"
keys s
wait_for 'SCATTER' 3 || fail "q closing the overlay also quit"
[ -s "$work/exit" ] && fail "q closing the overlay also quit"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
