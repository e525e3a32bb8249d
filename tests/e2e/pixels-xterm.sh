#!/bin/sh
# pixels-xterm.sh: the flock in pixels in a real xterm as a VT340 (sixel,
# 256 colour registers), read from screenshots. Auto draws pixels there
# (xterm answers that it has sixel), in the field and never on the
# status line; the key overlay and the measures panel stay readable
# over the picture, no bird's pixel within them; and every way out
# leaves no picture behind: q, INT, TERM, HUP, a fault (SEGV, the
# release build, as fault-stopped.sh says), Ctrl-Z (the shell's screen
# while stopped, the picture again after fg), and q after a storm of
# resizes. "Left behind" is read once the shell has printed its sentinel
# after the program, so everything the program sent has been shown.
. tests/lib.sh
need xterm
. tests/e2e/pixels-lib
x_start

cols=100
rows=30
title=boids-pixels
release=${BOIDS_RELEASE:-$PWD/boids}
case $release in
/*) ;;
*) release=$PWD/$release ;;
esac

xterm_run() {
	LANG=C.UTF-8 LC_ALL=C.UTF-8 xterm -ti vt340 \
	    -xrm 'XTerm*numColorRegisters: 256' -geometry ${cols}x$rows+0+0 \
	    -fa 'DejaVu Sans Mono' -fs 10 -bg black -fg white -title "$title" \
	    -e env TERM=xterm-256color "$@"
}

# drawn NAME: the picture is there, off the status line, which shows.
drawn() {
	if ! await_hues "$1" 150; then
		fail "$1: no pixels of the flock drawn: $(cat "$work/$1.err")"
		return 1
	fi
	n=$(hues "$work/$1.png" "$(status_geometry)")
	[ "$n" -eq 0 ] || fail "$1: $n pixels of the flock on the status line"
	[ "$(colours "$work/$1.png" "$(status_geometry)" |
	    awk '$2 > 200 && $3 > 200 && $4 > 200 { n += $1 } END { print n + 0 }')" \
	    -gt 1000 ] || fail "$1: no status line (reverse video) under the field"
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
	pixels_start xterm_run $how --seed 5 -n 200 --glyphs auto
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

# Text over the picture: the overlay's box and the panel's, over a flock
# that flies under both, never show a bird's pixel.
pixels_start xterm_run text --seed 5 -n 400 --glyphs auto
if drawn text; then
	xdotool key question
	eval "$(xdotool getwindowgeometry --shell "$wid")"
	cw=$(( WIDTH / cols ))
	ch=$(( HEIGHT / rows ))
	# The middle of the overlay, which spans most of the field.
	box="$(( 30 * cw ))x$(( 12 * ch ))+$(( X + 35 * cw ))+$(( Y + 8 * ch ))"
	for k in 1 2 3 4 5 6; do
		sleep 0.3
		shot "$work/overlay-$k.png"
		n=$(hues "$work/overlay-$k.png" "$box")
		[ "$n" -eq 0 ] || fail "overlay: $n pixels of the flock over its text"
	done
	xdotool key x key i
	# The panel, at the top right: its first rows.
	box="$(( 30 * cw ))x$(( 8 * ch ))+$(( X + WIDTH - 32 * cw ))+$(( Y + ch ))"
	for k in 1 2 3 4 5 6; do
		sleep 0.3
		shot "$work/panel-$k.png"
		n=$(hues "$work/panel-$k.png" "$box")
		[ "$n" -eq 0 ] || fail "panel: $n pixels of the flock over its text"
	done
	await_hues text 150 || fail "text: no pixels of the flock beside the panel"
	xdotool key q
	await_gone text
fi
pixels_stop text

# Ctrl-Z: the shell's screen, no picture, while stopped; the picture
# again after fg.
pixels_start xterm_run stop --seed 5 -n 200 --glyphs auto
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
pixels_start xterm_run storm --seed 5 -n 200 --glyphs auto
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
	drawn storm
	xdotool key q
	await_gone storm
	status_is storm 0
fi
pixels_stop storm
finish
