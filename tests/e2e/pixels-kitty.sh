#!/bin/sh
# pixels-kitty.sh: the flock in pixels in a real kitty (software GL, as
# there is no GPU here), read from screenshots. Auto draws kitty's
# sprites there (kitty answers its graphics query OK), in the field; and
# every way out leaves no picture behind: q, INT, TERM, HUP, a fault
# (SEGV, the release build, as fault-stopped.sh says), Ctrl-Z (the
# shell's screen while stopped, the sprites again after fg), and q after
# a storm of resizes. "Left behind" is read once the shell has printed
# its sentinel after the program, so everything it sent has been shown.
#
# Kitty under software GL paints only what changed on screen since its
# last frame, over what it painted before, and what it painted before
# is not always cleared: a sprite that moved can leave its old pixels on
# the window (a smear), though kitty holds no such image. So before
# each look for pictures left behind, the window is resized, which
# makes kitty paint it whole from what it holds: a pixel of the flock
# seen then is an image kitty still has. Software GL also blends the
# backgrounds of cells with the images under them wrongly (the status
# line's reverse video comes out cyan, a dark grey background reddish,
# birds showing through both), so that the text over the field is not
# judged here: pixels-xterm.sh holds the status line and the overlay to
# it in xterm, and test_render.c the background kitty's images need to
# lie under text.
. tests/lib.sh
need kitty
. tests/e2e/pixels-lib
x_start

cols=100
rows=30
title=boids-pixels-kitty
release=${BOIDS_RELEASE:-$PWD/boids}
case $release in
/*) ;;
*) release=$PWD/$release ;;
esac

kitty_run() {
	LIBGL_ALWAYS_SOFTWARE=1 LANG=C.UTF-8 LC_ALL=C.UTF-8 kitty --config NONE \
	    -o font_family='DejaVu Sans Mono' -o font_size=10 \
	    -o initial_window_width=${cols}c -o initial_window_height=${rows}c \
	    -o remember_window_size=no -o background=#000000 \
	    -o foreground=#ffffff -o window_padding_width=0 \
	    -o placement_strategy=top-left --title "$title" "$@" \
	    >>"$work/kitty.log" 2>&1
}

# The whole window painted again: a cell narrower and back.
kitty_repaint() {
	eval "$(xdotool getwindowgeometry --shell "$wid")"
	xdotool windowsize "$wid" $(( WIDTH - WIDTH / cols )) "$HEIGHT"
	sleep 0.2
	xdotool windowsize "$wid" "$WIDTH" "$HEIGHT"
	sleep 0.3
}
repaint=kitty_repaint

# drawn NAME: the sprites are there, in the field.
drawn() {
	if ! await_hues "$1" 150 20; then
		fail "$1: no pixels of the flock drawn: $(cat "$work/$1.err")"
		return 1
	fi
	return 0
}

# status NAME WANT: the exit status.
status_is() {
	[ "$(cat "$work/$1.exit" 2>/dev/null)" = "$2" ] ||
		fail "$1: exit status '$(cat "$work/$1.exit" 2>/dev/null)', not $2: $(cat "$work/$1.err")"
}

for how in q INT TERM HUP SEGV; do
	if [ $how = SEGV ]; then
		keep=$BOIDS
		BOIDS=$release
	fi
	pixels_start kitty_run $how --seed 5 -n 200 --glyphs auto
	[ $how = SEGV ] && BOIDS=$keep
	if drawn $how; then
		case $how in
		q) xdotool key q ;;
		*) kill -$how "$pid" ;;
		esac
		await_gone $how
		case $how in
		q) status_is $how 0 ;;
		INT) status_is $how 130 ;;
		TERM) status_is $how 143 ;;
		HUP) status_is $how 129 ;;
		SEGV) status_is $how 139 ;;
		esac
	fi
	pixels_stop $how
done

# Ctrl-Z: the shell's screen, no picture, while stopped; the picture
# again after fg.
pixels_start kitty_run stop --seed 5 -n 200 --glyphs auto
if drawn stop; then
	xdotool key ctrl+z
	i=0
	until [ -s "$work/stop.state" ] || [ $i -gt 100 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	if [ -s "$work/stop.state" ]; then
		await_none stop || fail "stop: $n pixels of the flock left while stopped"
		echo fg >"$work/stop.fifo"
		await_hues stop 150 || fail "stop: no picture again after fg"
		xdotool key q
		await_gone stop
		status_is stop 0
	else
		fail "stop: Ctrl-Z did not stop it"
	fi
fi
pixels_stop stop

# A storm of resizes, then the picture at the size it settles at, and q.
pixels_start kitty_run storm --seed 5 -n 200 --glyphs auto
if drawn storm; then
	eval "$(xdotool getwindowgeometry --shell "$wid")"
	w0=$WIDTH
	h0=$HEIGHT
	for k in 1 2 3 4 5 6 7 8 9 10; do
		xdotool windowsize "$wid" $(( w0 - 37 * (k % 4) )) \
		    $(( h0 - 23 * (k % 3) ))
		sleep 0.05
	done
	xdotool windowsize "$wid" "$w0" "$h0"
	$repaint
	drawn storm
	xdotool key q
	await_gone storm
	status_is storm 0
fi
pixels_stop storm
finish
