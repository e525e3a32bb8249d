#!/bin/sh
# The flock keeps its own clock: -R steps a second whatever -f draws. A
# flock pulled toward a goal at the left crosses the screen in the same
# time at 30 frames a second and at 5, and in less at more steps a
# second. The crossing is the mean column of the glyphs on the pane
# going from past 28 to under 24.
. tests/lib.sh
. tests/e2e/tmux-lib

ms() { echo $(( $(date +%s%N) / 1000000 )); }

centre() {
	field | LC_ALL=C awk '
	{ for (i = 1; i <= length($0); i++)
		if (substr($0, i, 1) != " ") { s += i - 1; n++ } }
	END { if (n) printf "%d\n", s / n; else print -1 }'
}

# crossing ARGS: milliseconds for the crossing, 99999 when it never came.
crossing() {
	boids_start 80 24 "LANG=C LC_ALL=C" -n 100 -S 1 -g 0.1,0.5 -G 10 "$@"
	deadline=$(( $(ms) + 5000 ))
	until [ "$(centre)" -gt 28 ]; do
		[ "$(ms)" -gt "$deadline" ] && { echo 99999; return; }
		sleep 0.02
	done
	t0=$(ms)
	until [ "$(centre)" -lt 24 ]; do
		[ $(( $(ms) - t0 )) -gt 20000 ] && { echo 99999; return; }
		sleep 0.05
	done
	echo $(( $(ms) - t0 ))
	keys q
	wait_exit >/dev/null
}

t30=$(crossing -f 30)
t5=$(crossing -f 5)
fast=$(crossing -f 30 -R 90)
printf 'crossing: %d ms at 30 fps, %d ms at 5 fps, %d ms at 90 steps/s\n' \
    "$t30" "$t5" "$fast"
[ "$t30" -lt 99999 ] || fail "at 30 fps the flock never crossed"
# Within a third either way, as a frame at 5 fps is 200 ms late at most.
[ "$t5" -le $(( t30 * 4 / 3 + 200 )) ] && [ "$t5" -ge $(( t30 * 2 / 3 )) ] ||
	fail "-f 5 flew at another speed: $t5 ms against $t30 ms"
[ "$fast" -le $(( t30 * 2 / 3 )) ] ||
	fail "-R 90 was not faster: $fast ms against $t30 ms"
finish
