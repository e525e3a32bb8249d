#!/bin/sh
# screensaver.sh: --screensaver on the real program in tmux. No status
# line; any key, click or motion of the pointer ends it with status 0
# and the terminal restored (tmux's #{alternate_on} back to 0,
# #{cursor_flag} to 1, keypad and mouse modes off), but input in its
# first half second is ignored: here a key, a click and a motion typed
# before it even reads, as the key that started it would be. A resize
# does not end it, and --cast keeps what it showed.
#
# Headless, five minutes (9000 steps, a line a second) of its autopilot
# change the sky. The state measured is the number of groups (groups=):
# it must change at least 8 times and no value of it last more than a
# minute (60 lines running). Measured: the defaults at 80x24 and 120x40
# change it 80 to 172 times, holding a value 39 s at the most; the two
# presets whose boids see the whole flock (swarm and parker, radius 0),
# which hold one group for minutes when left alone (206 to 300 s), 12
# to 30 times, holding a value 43 s at the most: a scattering goes on
# until they part.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

first='[←↖↑↗→↘↓↙]'

# ended_by WHAT: the program has ended with status 0, restored.
ended_by() {
	[ "$(wait_exit 3)" = 0 ] || fail "$1: exit status $(cat "$work/exit" 2>/dev/null)"
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
}

# A key, a click and a motion, all typed before it reads (typed so
# into a session without --screensaver, the click places the goal).
keys_first="-l x$(printf '\033[<0;10;5M\033[<0;10;5m\033[<35;12;6M')"
boids_start 80 24 "" --seed 2 --start random --screensaver \
    --cast "$work/saver.cast"
keys_first=
sleep 1
[ -s "$work/exit" ] && fail "input typed at the start ended it"
status_line | grep -q '[a-z]' && fail "a status line: $(status_line)"
a=$(field)
sleep 0.5
[ "$a" != "$(field)" ] || fail "the flock does not fly"
# A resize is no input: the flock goes on in the new size (a second is
# ample for a resize that ended it to have done so).
tm resize-window -x 60 -y 20
height=20
sleep 1
[ -s "$work/exit" ] && fail "a resize ended it"
[ "$(screen | wc -l)" -eq 20 ] || fail "resized: $(screen | wc -l) rows"
status_line | grep -q '[a-z]' && fail "resized: a status line: $(status_line)"
keys x
ended_by "a key"
# The cast holds frames, and no status line in any of them.
[ "$(grep -c '^\[' "$work/saver.cast")" -ge 10 ] ||
	fail "the cast holds $(grep -c '^\[' "$work/saver.cast") events"
grep -q 'coh [0-9]' "$work/saver.cast" && fail "the cast shows a status line"

boids_start 80 24 "" --seed 2 --start random --screensaver
sleep 0.8
keys -l "$(printf '\033[<0;10;5M')"
ended_by "a click"

boids_start 80 24 "" --seed 2 --start random --screensaver
sleep 0.8
[ "$(tm display -p '#{mouse_any_flag}')" = 1 ] ||
	fail "the terminal was not asked to report the pointer's motion"
keys -l "$(printf '\033[<35;12;6M')"
ended_by "the pointer moving"

# changing FILE: how often groups= changes in the headless output in
# FILE, and the most lines running it holds one value: "CHANGES MOST".
changing() {
	sed -n 's/.* groups=\([0-9]*\) .*/\1/p' "$1" | awk '
	    NR > 1 && $1 != last { changes++ }
	    { run = $1 == last ? run + 1 : 1; if (run > most) most = run
	      last = $1 }
	    END { print changes + 0, most + 0 }'
}
for flight in "80x24" "120x40" "80x24 --preset swarm" \
    "120x40 --preset parker"; do
	size=${flight%% *}
	more=${flight#"$size"}
	for seed in 1 2; do
		what="$flight, seed $seed"
		# shellcheck disable=SC2086
		"$BOIDS" -H -S "$seed" -W "$size" $more --screensaver -t 9000 \
		    -e 30 >"$work/h" || fail "$what: the run failed"
		[ "$(wc -l <"$work/h")" -eq 300 ] ||
			fail "$what: $(wc -l <"$work/h") lines, not 300"
		read -r changes most <<-EOF
		$(changing "$work/h")
		EOF
		printf '%s: groups changed %s times, held %s s at most\n' \
		    "$what" "$changes" "$most"
		[ "$changes" -ge 8 ] ||
			fail "$what: the groups changed $changes times"
		[ "$most" -le 60 ] ||
			fail "$what: one number of groups held $most s"
	done
done
# Left alone, those presets hold one group for minutes: the measure can
# fail.
for preset in swarm parker; do
	"$BOIDS" -H -S 1 --preset "$preset" -t 9000 -e 30 >"$work/h"
	most=$(changing "$work/h" | cut -d' ' -f2)
	printf '%s without the autopilot: held %s s at most\n' "$preset" "$most"
	[ "$most" -gt 120 ] ||
		fail "$preset changes by itself: the measure cannot tell"
done
finish
