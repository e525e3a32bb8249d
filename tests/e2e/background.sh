#!/bin/sh
# The question for the background colour (OSC 11) over a link, through
# build/test/slowlink, which can answer it (tmux does not). It rides on
# the start-up's wait for the first status answer: the first frame comes
# as soon whether the terminal is asked or not, answers or never
# answers (measured on an idle machine, 5 to 18 ms from the start in
# each case, over a link of 0 or 100 ms; until the answer is in, or
# found not to come, a second from the start, the frames are drawn
# without colour). An answer that comes late, out of turn, must still
# count and never be read as keys; answers still on their way when the
# program ends must not reach the shell.
. tests/lib.sh
. tests/e2e/tmux-lib

need_slowlink

ms() { echo $(( $(date +%s%N) / 1000000 )); }

# first_frame LINK SHADE: milliseconds from the start to the first frame
# on screen, through slowlink with LINK's options (-q: a terminal that
# never answers; -B: one that answers the background's question too),
# asked (auto) or not.
first_frame() {
	rm -f "$work/exit"
	new_server
	t0=$(ms)
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 \
	    -y 24 "$link $1 $BOIDS --seed 3 --background $2; \
	    echo \$? > $work/exit; exec sleep 60"
	while ! screen | grep -q fps; do
		[ $(( $(ms) - t0 )) -gt 10000 ] && { echo 99999; return; }
	done
	echo $(( $(ms) - t0 ))
	keys q
	wait_exit >/dev/null
}

# The least of three runs each, taken in turns, so that the machine's
# load weighs on all alike. Waiting for a silent terminal's answer would
# cost a second.
best_silent=99999 best_answered=99999 best_dark=99999
for k in 1 2 3; do
	t=$(first_frame -q auto)
	[ "$t" -lt "$best_silent" ] && best_silent=$t
	t=$(first_frame "-B rgb:ffff/ffff/ffff" auto)
	[ "$t" -lt "$best_answered" ] && best_answered=$t
	t=$(first_frame -q dark)
	[ "$t" -lt "$best_dark" ] && best_dark=$t
done
printf 'first frame: %d ms asked of a silent terminal, %d ms asked of one that answers, %d ms not asked\n' \
    "$best_silent" "$best_answered" "$best_dark"
[ "$best_silent" -le $(( best_dark + 400 )) ] ||
	fail "asked, a silent terminal's first frame took $best_silent ms, not asked $best_dark ms"
[ "$best_answered" -le $(( best_dark + 400 )) ] ||
	fail "asked, an answering terminal's first frame took $best_answered ms, not asked $best_dark ms"

# colours_within SECONDS PATTERN: whether the pane's colours match
# PATTERN within SECONDS (the frames drawn once a colour is known may
# come a little after the first, on a busy machine).
colours_within() {
	deadline=$(( $(ms) + $1 * 1000 ))
	until screen_e | grep -Eq "$2"; do
		[ "$(ms)" -ge "$deadline" ] && return 1
		sleep 0.1
	done
}

# An answer out of turn, 3 s after the status answers: the colours are
# those for a background not known till then (the terminal said nothing
# in its turn), the light ones after; none of it is read as keys (r, g,
# b and f in "rgb:ffff/..." would restart the flock, place the goal,
# flee it). Dots take hues of the heading: those of the ring for either
# background and those of the light ring are told apart by the hues
# that only one of them has, on a dot (a blank keeps any colour the
# terminal had: it shows none).
either="38;5;(196|28|30|33|63|99|135|129|164|163|198|197)m[^ $esc]"
light="38;5;(160|58|22|23|24|25|21|57|93|128|126|125|161)m[^ $esc]"
via="$link -B rgb:ffff/ffff/ffff -D 3000" boids_start 80 24 "" --seed 3 \
    --start random --glyphs dots
colours_within 2 "$either" || fail "late answer: not either's before it"
screen_e | grep -Eq "$light" && fail "late answer: light before it"
colours_within 5 "$light" || fail "late answer: not light after it"
sleep 0.5
screen_e | grep -Eq "$either" && fail "late answer: either's colours left"
status_line | grep -q 'goal off' ||
	fail "late answer read as keys: $(status_line)"
status_line | grep -Eq 'SCATTER|PAUSED' &&
	fail "late answer read as keys: $(status_line)"
keys q
[ "$(wait_exit 10)" = 0 ] || fail "late answer: q: exit status $(cat "$work/exit")"
via=

# q at once, from a shell over a link with a 600 ms round trip: boids
# ends before its questions are answered, and must take the answers in
# before the shell gets them and echoes them.
new_server
LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 -y 24 \
    "$link -t 600 -B rgb:ffff/ffff/ffff env PS1='$ ' bash --norc \
    --noprofile -i"
sleep 1
keys "$BOIDS -S 1; echo status \$?" Enter q
sleep 3
keys "echo hello" Enter
sleep 1.5
screen | grep -qx 'status 0' || fail "q at once: $(screen | grep -v '^$' |
    tail -n 3)"
screen | grep -qx hello ||
	fail "q at once: the shell took what came after: $(screen |
	    grep -v '^$' | tail -n 3)"
screen | grep -Eq '\^\[|rgb:|11;' && fail "q at once: an answer shown: $(screen |
    grep -E '\^\[|rgb:|11;' | head -n 2)"
finish
