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
# still there to take the next key. The status line shows the whole time
# the overlay does, so the sentinel is the next key's own effect, drawn
# in the field like the overlay: i opens the panel, in the frame that
# must no longer show the overlay (keys are taken in order). A key the
# overlay had not let go of would never open it.
keys q
keys i
wait_for 'measures (i closes)' ||
	fail "q: the key after it, i, opened no panel: '$(status_line)'"
screen | grep -q 'q, Esc' && fail "q did not close the overlay"
[ -s "$work/exit" ] && fail "q closing the overlay also quit"
keys q
[ "$(wait_exit)" = 0 ] || fail "q: exit status $(cat "$work/exit")"
finish
