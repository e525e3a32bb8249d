#!/bin/sh
# gif.sh: --gif and --png draw the flight the trace tells, frame by
# frame, read back by ImageMagick.
#
# 40 boids spread at random in the world of a 60x20 terminal (60 by 38
# units), drawn at ten pixels a unit each way: a picture of 600 by 380.
# 30 steps at -f 15 (and the default -R 30) are 15 frames, each 6 or 7
# hundredths of a second, a second in all. Frame 10 shows step 20: every
# boid the trace places there, well inside the picture, has its dart lit
# ahead of its point along its velocity (a dart is 10 pixels long, its
# wings through the point), the middle of it too; and every lit pixel
# lies in a dart's reach of a boid, ahead of it or beside its point. A
# frame a step or two off would show the darts a dart's length behind.
# The PNG is the last frame, pixel for pixel. With --trails, the same
# flight's last frame keeps every pixel of the darts and lights a dot
# behind most of them, and at most one for each frame of a trail's life
# (four at 15 frames a second). A replayed record is drawn in its own world, to its end.
# Ten seconds of 200 boids spread over a 120x40 terminal's world at 15
# frames a second, 150 frames of 1200 by 780, take less than 2 MB.
# The README's pictures are made by commands that still run.
. tests/lib.sh
need identify convert compare od

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

"$BOIDS" --gif "$tmp/f.gif" --png "$tmp/f.png" --trace "$tmp/t.csv" \
    -W 60x20 -n 40 -S 5 --start random -t 30 -f 15 -e 10 \
    >"$tmp/out" 2>"$tmp/err" || fail "the flight: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/out")" -eq 3 ] || fail "not three lines: $(cat "$tmp/out")"

identify -format '%W %H %T\n' "$tmp/f.gif" >"$tmp/frames" 2>"$tmp/err" ||
	fail "identify cannot read the GIF: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/frames")" -eq 15 ] ||
	fail "$(wc -l <"$tmp/frames") frames, not 15"
[ "$(cut -d' ' -f1,2 "$tmp/frames" | sort -u)" = "600 380" ] ||
	fail "frames not 600x380: $(cut -d' ' -f1,2 "$tmp/frames" | sort -u)"
awk '$3 != 6 && $3 != 7 { bad = 1 } { s += $3 } END { exit bad || s != 100 }' \
    "$tmp/frames" || fail "delays: $(cut -d' ' -f3 "$tmp/frames" | tr '\n' ' ')"

# gray FILE[FRAMES] OUT: the picture (a GIF's frames played, the last
# kept) as one byte a pixel, 0 the black background.
gray() {
	convert "$1" -coalesce -delete 0--2 -depth 8 gray:"$2" 2>"$tmp/err" ||
		fail "convert $1: $(cat "$tmp/err")"
	[ "$(wc -c <"$2")" -eq $((600 * 380)) ] ||
		fail "$1: $(wc -c <"$2") pixels"
}
# rows FILE: the pixels, a row of 600 a line.
rows() { od -An -v -tu1 -w600 "$1"; }

gray "$tmp/f.gif[0-9]" "$tmp/f20"
awk -F, '$1 == 20 && $7 == "boid" {
	s = sqrt($5 * $5 + $6 * $6); print $3 * 10, $4 * 10, $5 / s, $6 / s }' \
    "$tmp/t.csv" >"$tmp/boids"
[ "$(wc -l <"$tmp/boids")" -eq 40 ] || fail "the trace has no step 20"
rows "$tmp/f20" | awk -v L=10 '
	BEGIN { n = 0; m = 0 }  # else the first subscripts would be ""
	FNR == NR { bx[n] = $1; by[n] = $2; ux[n] = $3; uy[n] = $4; n++; next }
	{
		for (x = 1; x <= NF; x++)
			if ($x > 0) {
				lx[m] = x - 0.5; ly[m] = FNR - 0.5; m++
				lit[x - 1, FNR - 1] = 1
			}
	}
	# ahead(k, i): how far pixel k lies ahead of boid i, along its way.
	function ahead(k, i) {
		return (lx[k] - bx[i]) * ux[i] + (ly[k] - by[i]) * uy[i]
	}
	function dist2(k, i) {
		return (lx[k] - bx[i]) ^ 2 + (ly[k] - by[i]) ^ 2
	}
	END {
		for (i = 0; i < n; i++) {
			if (bx[i] < 2 * L || bx[i] > 600 - 2 * L ||
			    by[i] < 2 * L || by[i] > 380 - 2 * L)
				continue
			inside++
			# The middle of its dart, six pixels ahead, is lit.
			cx = int(bx[i] + 0.6 * L * ux[i]); cy = int(by[i] + 0.6 * L * uy[i])
			mid = 0
			for (dx = -1; dx <= 1; dx++)
				for (dy = -1; dy <= 1; dy++)
					mid += ((cx + dx, cy + dy) in lit)
			near = 0
			for (k = 0; k < m; k++)
				if (dist2(k, i) <= (L + 1) ^ 2 && ahead(k, i) > 0)
					near++
			if (!mid || near < 8) {
				printf "boid at %.1f,%.1f: middle %s, %d lit pixels ahead\n", bx[i], by[i], mid ? "lit" : "dark", near
				bad++
			}
		}
		# Every lit pixel is in the reach of a dart: ahead of a boid
		# by no more than its length, or beside its point.
		for (k = 0; k < m; k++) {
			ok = 0
			for (i = 0; i < n && !ok; i++)
				ok = dist2(k, i) <= (L + 1.5) ^ 2 && ahead(k, i) >= -1.5
			if (!ok) {
				printf "pixel %.1f,%.1f lit, in no dart\n", lx[k], ly[k]
				bad++
			}
		}
		if (inside < 20)
			printf "only %d boids well inside the picture\n", inside
		if (m > 0.05 * 600 * 380)
			printf "%d pixels lit\n", m
		exit bad > 0 || inside < 20 || m > 0.05 * 600 * 380
	}' "$tmp/boids" - >"$tmp/why" || fail "frame 10 against step 20: $(head -n 5 "$tmp/why")"

# The PNG is the last frame.
convert "$tmp/f.gif[0-14]" -coalesce -delete 0--2 "$tmp/last.png" ||
	fail "convert the last frame"
[ "$(compare -metric AE "$tmp/last.png" "$tmp/f.png" null: 2>&1)" = 0 ] ||
	fail "the PNG is not the last frame"

# Trails: the darts as they were, and more lit behind them.
"$BOIDS" --png "$tmp/t.png" --trails -W 60x20 -n 40 -S 5 --start random \
    -t 30 -f 15 -e 30 >/dev/null 2>"$tmp/err" ||
	fail "--trails: $(cat "$tmp/err")"
gray "$tmp/f.png" "$tmp/plain"
gray "$tmp/t.png" "$tmp/trails"
rows "$tmp/plain" | tr -s ' ' '\n' | sed '/^$/d' >"$tmp/plain.px"
rows "$tmp/trails" | tr -s ' ' '\n' | sed '/^$/d' >"$tmp/trails.px"
paste "$tmp/plain.px" "$tmp/trails.px" | awk '
	$1 > 0 && $1 != $2 { lost++ }
	$1 == 0 && $2 > 0 { more++ }
	END { printf "%d %d\n", lost, more }' >"$tmp/diff"
read -r lost more <"$tmp/diff"
[ "$lost" -eq 0 ] || fail "--trails changed $lost pixels of the darts"
[ "$more" -ge 20 ] && [ "$more" -le 160 ] ||
	fail "--trails lit $more pixels more, not 20 to 160 for 40 boids"

# A replayed record: its world (80 by 46, 800 by 460 pixels), its 60
# steps, 30 frames at the default -f 30.
build=$("$BOIDS" --version | sed -n 's/^build //p')
cat >"$tmp/r.rec" <<EOF
boids-record 1
build $build
option count 60
option seed 4
world 80 46
key 20 115
end 60
EOF
"$BOIDS" --replay "$tmp/r.rec" --gif "$tmp/r.gif" -e 60 >/dev/null \
    2>"$tmp/err" || fail "--replay --gif: $(cat "$tmp/err")"
identify -format '%W %H\n' "$tmp/r.gif" >"$tmp/frames" 2>"$tmp/err" ||
	fail "identify cannot read the replay's GIF: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/frames")" -eq 60 ] ||
	fail "the replay: $(wc -l <"$tmp/frames") frames, not 60"
[ "$(sort -u "$tmp/frames")" = "800 460" ] ||
	fail "the replay's frames: $(sort -u "$tmp/frames")"

# Ten seconds, 150 frames, under 2 MB.
"$BOIDS" --gif "$tmp/ten.gif" -n 200 -S 3 --start random -W 120x40 \
    -t 300 -f 15 -e 300 >/dev/null 2>"$tmp/err" ||
	fail "ten seconds: $(cat "$tmp/err")"
identify -format '%W %H\n' "$tmp/ten.gif" >"$tmp/frames" 2>"$tmp/err" ||
	fail "identify cannot read ten seconds: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/frames")" -eq 150 ] ||
	fail "ten seconds: $(wc -l <"$tmp/frames") frames, not 150"
[ "$(sort -u "$tmp/frames")" = "1200 780" ] ||
	fail "ten seconds' frames: $(sort -u "$tmp/frames")"
size=$(wc -c <"$tmp/ten.gif")
[ "$size" -lt 2000000 ] || fail "ten seconds take $size bytes"

# The README's pictures: each command, a few steps long, still runs,
# and each picture it names is there.
grep -oE 'boids --(gif|png) pictures/[^`]*' README.md >"$tmp/pictures"
[ "$(wc -l <"$tmp/pictures")" -ge 3 ] || fail "README.md shows no pictures"
while read -r cmd; do
	# shellcheck disable=SC2086
	set -- $cmd
	kind=${2#--}
	[ -s "$3" ] || fail "README: '$cmd': no $3"
	grep -qF "]($3)" README.md || fail "README: $3 is not shown"
	shift 3
	"$BOIDS" --$kind "$tmp/p.$kind" "$@" -t 4 >/dev/null 2>"$tmp/err" &&
	    identify "$tmp/p.$kind" >/dev/null 2>&1 ||
		fail "README: '$cmd': $(cat "$tmp/err")"
done <"$tmp/pictures"
finish
