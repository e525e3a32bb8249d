#!/bin/sh
# Every theme draws, in colours that suit the background. The bytes are
# taken with script(1), as tmux would translate the colours: each run's
# SGR colours are read back, and their luminance, from xterm's palette,
# must keep a contrast of 3:1 with black (dark) or white (light). A
# light background must change the colours; the terminal theme must
# send only the terminal's own eight (SGR 30 to 37). With --background
# auto the terminal is asked (OSC 11): a terminal that answers white
# (modelled by build/test/slowlink) gets the light colours; one that
# does not, as tmux, COLORFGBG's, or where that says nothing either,
# colours that keep 3:1 with black and with white alike; NO_COLOR still
# wins.
. tests/lib.sh
need script
. tests/e2e/tmux-lib

link=${SLOWLINK:-build/test/slowlink}
[ -x "$link" ] || { echo "no $link: make $link" >&2; exit 1; }
case $link in
/*) ;;
*) link=$PWD/$link ;;
esac

# bytes NAME 'ENV' ARGS: what the program sent as xterm-256color, run
# with ENV (and $via before it), in $work/NAME.raw, a second or so in.
bytes() {
	name=$1 envs=$2
	shift 2
	rm -f "$work/exit"
	new_server
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen tm new-session -d -x 80 -y 24 \
	    "env TERM=xterm-256color $envs script -q -c \
	    '${via:-} $BOIDS --seed 2 -n 400 $*' $work/$name.raw; \
	    echo \$? > $work/exit; exec sleep 60"
	wait_for fps 10 || fail "$name: no first frame: $(screen | tail -n 3)"
	sleep 1.2
	keys q
	[ "$(wait_exit)" = 0 ] || fail "$name: q: exit status $(cat "$work/exit")"
}

# colours NAME: the palette numbers the run used, one a line: 38;5;N
# as N, and 30 to 37 as 0 to 7.
colours() {
	grep -ao "$esc\[[0-9;]*m" "$work/$1.raw" | tr -d "$esc[m" |
	    awk -F';' '{ for (i = 1; i <= NF; i++) {
		if ($i == 38 && $(i + 1) == 5) { print $(i + 2); i += 2 }
		else if ($i >= 30 && $i <= 37) print $i - 30 } }' | sort -un
}

# contrast_bad NAME dark|light: the colours of the run that stand out
# from that background by less than 3:1 (none, when all is well).
contrast_bad() {
	colours "$1" | awk -v bg="$2" '
	function lin(c) {
		c /= 255
		if (c <= 0.04045) return c / 12.92
		return ((c + 0.055) / 1.055) ^ 2.4
	}
	BEGIN { split("0 95 135 175 215 255", lv, " ")
		split("0 205 0 205 0 205 0 229 127 255 0 255 92 255 0 255", R, " ")
		split("0 0 205 205 0 0 205 229 127 0 255 255 92 0 255 255", G, " ")
		split("0 0 0 0 238 205 205 229 127 0 0 0 255 255 255 255", B, " ") }
	{ n = $1
	  if (n < 16) { r = R[n + 1]; g = G[n + 1]; b = B[n + 1] }
	  else if (n >= 232) { r = g = b = 8 + 10 * (n - 232) }
	  else { c = n - 16; r = lv[int(c / 36) + 1]; g = lv[int(c / 6) % 6 + 1]
		b = lv[c % 6 + 1] }
	  L = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
	  ratio = bg == "light" ? 1.05 / (L + 0.05) : (L + 0.05) / 0.05
	  if (ratio < 3) printf "%d (%.2f:1) ", n, ratio }'
}

for theme in heading speed crowd mono terminal; do
	for bg in dark light; do
		bytes "$theme-$bg" "" --theme "$theme" --background "$bg" \
		    --glyphs dots --start random
		bad=$(contrast_bad "$theme-$bg" "$bg")
		[ -z "$bad" ] || fail "$theme on $bg: too faint: $bad"
		grep -aq "$esc\]11;?" "$work/$theme-$bg.raw" &&
			fail "$theme on $bg: asked for the background, told it"
	done
	n=$(colours "$theme-dark" | wc -l)
	[ "$n" -ge 3 ] || fail "$theme: $n colours on dark"
	colours "$theme-dark" >"$work/a"
	colours "$theme-light" >"$work/b"
	cmp -s "$work/a" "$work/b" &&
		fail "$theme: the same colours on light as on dark"
done
# The terminal's own eight only, at 256 colours too.
grep -aq '38;5;' "$work/terminal-dark.raw" &&
	fail "terminal theme: a 256-colour number sent"
grep -aq '38;5;' "$work/terminal-light.raw" &&
	fail "terminal theme: a 256-colour number sent on light"
# Greys alone for mono (and the foreground), many hues for heading.
colours mono-dark | awk '$1 >= 16 && $1 < 232 && $1 != 16 && $1 != 231' |
    grep -q . && fail "mono: a colour that is no grey"
n=$(colours heading-dark | wc -l)
[ "$n" -ge 12 ] || fail "heading: $n hues, wanted 12 or more"
n=$(colours heading-light | wc -l)
[ "$n" -ge 8 ] || fail "heading on light: $n hues, wanted 8 or more"
# Speed and crowding colour arrows too: most of speed's nine steps (each
# boid flies at its own speed), three of crowding's seven (400 boids
# spread out seldom share a cell with more than three).
for theme in speed:6 crowd:3; do
	least=${theme#*:}
	theme=${theme%:*}
	bytes "$theme-arrows" "" --theme "$theme" --background dark \
	    --glyphs arrows --start random
	n=$(colours "$theme-arrows" | wc -l)
	[ "$n" -ge "$least" ] || fail "$theme: $n colours for arrows"
done

# auto: the terminal is asked, once, and its answer decides.
via="$link -B rgb:ffff/ffff/ffff" bytes auto-white "" --glyphs dots \
    --start random
[ "$(grep -ac "$esc\]11;?" "$work/auto-white.raw")" = 1 ] ||
	fail "auto: not asked once for the background"
colours auto-white >"$work/a"
colours heading-light >"$work/b"
cmp -s "$work/a" "$work/b" ||
	fail "auto, answered white: not the light colours: $(tr '\n' ' ' <"$work/a")"
via="$link -B rgb:0000/0000/0000" bytes auto-black "" --glyphs dots \
    --start random
colours auto-black >"$work/a"
colours heading-dark >"$work/b"
cmp -s "$work/a" "$work/b" || fail "auto, answered black: not the dark colours"
# No answer (tmux gives none) and no COLORFGBG: colours that read on
# black and on white.
bytes auto-silent "" --glyphs dots --start random
bad=$(contrast_bad auto-silent dark)$(contrast_bad auto-silent light)
[ -z "$bad" ] || fail "auto, no answer: too faint on black or white: $bad"
n=$(colours auto-silent | wc -l)
[ "$n" -ge 12 ] || fail "auto, no answer: $n hues, wanted 12 or more"
colours auto-silent >"$work/a"
cmp -s "$work/a" "$work/b" && fail "auto, no answer: the dark colours"
# Or what COLORFGBG says.
bytes auto-fgbg "COLORFGBG='15;0'" --glyphs dots --start random
colours auto-fgbg >"$work/a"
cmp -s "$work/a" "$work/b" || fail "auto, COLORFGBG=15;0: not the dark colours"
bytes auto-fgbg "COLORFGBG='0;15'" --glyphs dots --start random
colours auto-fgbg >"$work/a"
colours heading-light >"$work/b"
cmp -s "$work/a" "$work/b" || fail "auto, COLORFGBG=0;15: not the light colours"
# The answer wins over COLORFGBG, which may be stale.
via="$link -B rgb:0000/0000/0000" bytes auto-stale "COLORFGBG='0;15'" \
    --glyphs dots --start random
colours auto-stale >"$work/a"
colours heading-dark >"$work/b"
cmp -s "$work/a" "$work/b" || fail "auto: COLORFGBG won over the answer"
# NO_COLOR: no colour, and no question.
bytes no-color "NO_COLOR=1" --theme speed --background light
[ -z "$(colours no-color)" ] || fail "NO_COLOR: colours sent"
grep -aq "$esc\]11;?" "$work/no-color.raw" &&
	fail "NO_COLOR: asked for the background"
finish
