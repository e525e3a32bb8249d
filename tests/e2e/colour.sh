#!/bin/sh
# Colours through the terminal's own model, on a dark background. A
# terminal of 256 colours gets the palette's numbers (a lone boid is
# colour 74); a terminal of direct colour (xterm-direct) reads a
# colour's number as its RGB value, so it must get colour 74's RGB,
# 95,175,215, and never 0,0,74, a near-black navy. Where COLORTERM says
# truecolor or 24bit and terminfo knows only 256 (kitty's, alacritty's),
# the colours go as 38;2;R;G;B all the same, and the headings' hues are
# finer than the 24 of the palette's ring; without it, as 38;5;N. The
# bytes are taken with script(1), as tmux would translate them.
. tests/lib.sh
need script
. tests/e2e/tmux-lib

# bytes TYPE [ARGS]: what the program sent as terminal TYPE, in
# $work/TYPE.raw ($envs adds to its environment, $raw names the file).
bytes() {
	rm -f "$work/exit"
	new_server
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 -y 24 \
	    "env TERM=$1 ${envs:-} script -q -c '$BOIDS --seed 2 \
	    --background dark ${2:--p 1}' $work/${raw:-$1}.raw; \
	    echo \$? > $work/exit; exec sleep 60"
	wait_for fps 10 || fail "$1: no first frame: $(screen | tail -n 3)"
	# Frames are drawn in the terminal's own colours until its answers
	# say whether it has a light background; then in the theme's.
	i=0
	until grep -aq '38[;:][25]' "$work/${raw:-$1}.raw" 2>/dev/null; do
		i=$((i + 1))
		[ $i -gt 100 ] && break
		sleep 0.1
	done
	keys q
	[ "$(wait_exit)" = 0 ] || fail "$1: q: exit status $(cat "$work/exit")"
}

bytes xterm-direct
grep -aq '38:2::95:175:215m' "$work/xterm-direct.raw" ||
	fail "xterm-direct: no boid in RGB 95,175,215"
grep -aq '38:2::255:0:0m' "$work/xterm-direct.raw" ||
	fail "xterm-direct: no predator in RGB 255,0,0"
grep -aq '38:2::0:0:' "$work/xterm-direct.raw" &&
	fail "xterm-direct: a palette number sent as RGB"
bytes xterm-256color
grep -aq '38;5;74m' "$work/xterm-256color.raw" ||
	fail "xterm-256color: no boid in colour 74"

# Dots, 200 boids spread at random with random headings: nearly every
# cell holds a lone boid, and each takes the hue of its heading, out of
# the 24 of the cube's ring (every channel 1 to 5: 16 + 36r + 6g + b).
# A lone dot drawn plain, as before, would use none of them.
bytes xterm-256color '--glyphs dots --start random'
hues=$(grep -ao '38;5;[0-9]*m' "$work/xterm-256color.raw" | tr -dc '0-9\n' |
    sed 's/^385//' | sort -un | awk '{ c = $1 - 16; r = int(c / 36)
	g = int(c / 6) % 6; b = c % 6
	if (r >= 1 && g >= 1 && b >= 1 && (r == 5 || g == 5 || b == 5) &&
	    (r == 1 || g == 1 || b == 1)) n++ } END { print n + 0 }')
[ "$hues" -ge 12 ] || fail "dots: $hues hues of the ring, not 12 or more"

# COLORTERM=truecolor with xterm-256color's terminfo: every colour past
# the terminal's own sixteen as RGB, more hues than the ring's 24.
envs=COLORTERM=truecolor
raw=truecolor
bytes xterm-256color '--glyphs dots --start random'
grep -aq '38;5;' "$work/truecolor.raw" &&
	fail "COLORTERM=truecolor: a palette number sent: $(grep -ao \
	    '38;5;[0-9]*' "$work/truecolor.raw" | sort -u | head -n 3)"
hues=$(grep -ao '38;2;[0-9]*;[0-9]*;[0-9]*' "$work/truecolor.raw" |
    sort -u | wc -l)
[ "$hues" -ge 30 ] ||
	fail "COLORTERM=truecolor: $hues colours as RGB, not 30 or more"
envs=COLORTERM=24bit
raw=24bit
bytes xterm-256color
envs=
raw=
grep -aq '38;2;95;175;215' "$work/24bit.raw" ||
	fail "COLORTERM=24bit: no boid in RGB 95,175,215"
# Without it (and the test's environment has none: tmux-lib), numbers.
grep -aq '38;2;' "$work/xterm-256color.raw" &&
	fail "without COLORTERM: RGB sent to a terminal of 256 colours"
finish
