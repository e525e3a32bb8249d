#!/bin/sh
# say.sh: the flock writes a sign (--say, --clock), measured on the
# picture the program prints, against the cells of the sign's strokes it
# prints after it (BOIDS_SIGN_CELLS): the font's own rendering at the
# scale and place the sign took.
#
# --say BOIDS at 120x40 with 200 boids, seeds 1 to 5: once formed (step
# 600) and formed again after letting go (step 1590, 450 steps into the
# second hold), at least 80% of the letters' cells lit and at most 20%
# of the lit cells outside the letters and a cell round them (measured:
# all of them lit, 10-13% outside); in between, free (step 1080), the
# letters mostly dark. The statistics say the same: held, one group
# (two at most) hovering at a fifteenth of the speed; let go, the speed,
# groups and order of a flock that never wrote, near enough (measured
# over six seeds: speed 0.38 and 0.38, groups 3.8 and 4.6, order 0.39
# and 0.53; held, 0.06, 1.0 and 0.18).
#
# --clock with BOIDS_CLOCK=12:59:50 turns from 12:59 to 13:00 at the
# flight's tenth second, step 300, and the flock writes the new time.
# A text too long for a line wraps at its spaces. A flock stepped on
# several threads writes as it does on one.
# A sign that does not fit is refused before anything is printed, with
# one line, the hint to --help and status 64.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LC_ALL=C
export LC_ALL

# sign STEPS ARGS...: the picture ($tmp/pic) and the sign's cells
# ($tmp/cells) after STEPS steps of a 120x40 headless flight.
sign() {
	steps=$1
	shift
	BOIDS_SIGN_CELLS=1 "$FLIGHT" -H -A -W 120x40 -t "$steps" -e "$steps" \
	    --picture "$@" >"$tmp/all" || fail "boids $*: exit status $?"
	sed -n '2,40p' "$tmp/all" >"$tmp/pic"
	sed -n '41,79p' "$tmp/all" >"$tmp/cells"
	[ "$(wc -l <"$tmp/cells")" = 39 ] || fail "boids $*: no sign's cells"
}

# shares: "LETTERS HIT OUT": the letters' cells, the share of them lit,
# and the share of lit cells outside the letters and a cell round them.
shares() {
	awk -v pic="$tmp/pic" '
	{ cell[NR] = $0 }
	END {
		r = 0
		while ((getline line < pic) > 0)
			row[++r] = line
		for (r = 1; r <= 39; r++)
			for (c = 1; c <= 120; c++) {
				ch = substr(row[r], c, 1)
				lit = ch != "" && ch != " "
				if (substr(cell[r], c, 1) == "#") {
					letters++
					hit += lit
				}
				if (!lit)
					continue
				all++
				near = 0
				for (dr = -1; dr <= 1; dr++)
					for (dc = -1; dc <= 1; dc++)
						near += substr(cell[r + dr],
						    c + dc, 1) == "#"
				out += !near
			}
		printf "%d %.3f %.3f\n", letters, letters ? hit / letters : 0,
		    all ? out / all : 1
	}' "$tmp/cells"
}

for seed in 1 2 3 4 5; do
	for at in 600 1590; do
		sign "$at" -S "$seed" --say BOIDS
		set -- $(shares)
		echo "seed $seed, step $at: $1 letter cells, $2 lit," \
		    "$3 of the lit outside"
		[ "$1" = 160 ] || fail "seed $seed: $1 letter cells, not 160"
		float_cmp "$2" ">=" 0.8 ||
			fail "seed $seed, step $at: only $2 of the letters lit"
		float_cmp "$3" "<=" 0.2 ||
			fail "seed $seed, step $at: $3 of the lit cells outside"
	done
	sign 1080 -S "$seed" --say BOIDS
	set -- $(shares)
	float_cmp "$2" "<" 0.5 ||
		fail "seed $seed, step 1080: let go, yet $2 of the letters lit"
done

# Too long for a line at the size the flock allows, a text wraps at its
# spaces: BIRDS OF A FEATHER, 600 boids, on three lines of letters seven
# cells tall, and written as legibly as one line.
sign 600 -S 1 -n 600 --say 'BIRDS OF A FEATHER'
bands=$(awk '/#/ { if (!inside) n++; inside = 1; rows++; next }
	{ inside = 0 } END { print n, rows }' "$tmp/cells")
[ "$bands" = "3 21" ] || fail "BIRDS OF A FEATHER: lines and rows $bands, not 3 21"
set -- $(shares)
echo "wrapped: $1 letter cells, $2 lit, $3 of the lit outside"
float_cmp "$2" ">=" 0.8 || fail "wrapped: only $2 of the letters lit"
float_cmp "$3" "<=" 0.2 || fail "wrapped: $3 of the lit cells outside"

# The measures held (steps 600 to 870), let go (990 to 1140), and of
# the same seeds never writing (990 to 1140), averaged over six seeds.
for seed in 1 2 3 4 5 6; do
	"$FLIGHT" -H -W 120x40 -S "$seed" --say BOIDS -t 1140 -e 30 |
	    sed 's/^/say /'
	"$FLIGHT" -H -W 120x40 -S "$seed" -t 1140 -e 30 | sed 's/^/free /'
done >"$tmp/lines"
set -- $(awk '{
	kind = $1
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		v[kv[1]] = kv[2]
	}
	s = v["step"]
	if (kind == "say" && s >= 600 && s <= 870) {
		hn++; ho += v["order"]; hs += v["speed"]; hg += v["groups"]
		if (v["groups"] > most)
			most = v["groups"]
	}
	if (s >= 990 && s <= 1140 && kind == "say") {
		ln++; lo += v["order"]; ls += v["speed"]; lg += v["groups"]
	}
	if (s >= 990 && s <= 1140 && kind == "free") {
		fn++; fo += v["order"]; fs += v["speed"]; fg += v["groups"]
	}
} END {
	printf "%.3f %.3f %.3f %d %.3f %.3f %.3f %.3f %.3f %.3f\n",
	    ho / hn, hs / hn, hg / hn, most, lo / ln, ls / ln, lg / ln,
	    fo / fn, fs / fn, fg / fn
}' "$tmp/lines")
echo "held: order $1, speed $2, groups $3 (at most $4);" \
    "let go: $5, $6, $7; never writing: $8, $9, ${10}"
[ "$4" -le 2 ] || fail "held, the writers made $4 groups"
float_cmp "$2" "<" 0.15 || fail "held, the flock flew at $2"
float_cmp "$6" ">=" "$(awk -v f="$9" 'BEGIN { print 0.85 * f }')" ||
	fail "let go, the flock flew at $6, not near a free flock's $9"
float_cmp "$7" ">=" "$(awk -v f="${10}" 'BEGIN { print 0.7 * f }')" ||
	fail "let go, $7 groups, not near a free flock's ${10}"
float_cmp "$7" ">=" 2 || fail "let go, only $7 groups"
float_cmp "$5" ">=" "$(awk -v f="$8" 'BEGIN { print f - 0.2 }')" ||
	fail "let go, order $5, not near a free flock's $8"
float_cmp "$5" ">" "$1" || fail "let go, order $5, no more than held, $1"

# A flock large enough to step on several threads writes the same
# flight, byte for byte, on one.
for threads in 1 2; do
	OMP_NUM_THREADS=$threads "$BOIDS" -H -S 5 -n 20000 -W 300x100 -t 60 \
	    -e 20 --picture --say 'THREADS AGREE' >"$tmp/threads$threads" ||
		fail "$threads threads: exit status $?"
done
cmp -s "$tmp/threads1" "$tmp/threads2" || fail "two threads fly otherwise"

# The clock: 12:59 up to step 299; 13:00 from step 301, when the sign
# is laid out anew; by step 450 the flock writes it. Each is the sign a
# clock set at that time writes from its first step.
BOIDS_CLOCK=12:59 sign 1 -S 1 --clock
cp "$tmp/cells" "$tmp/1259"
BOIDS_CLOCK=13:00 sign 1 -S 1 --clock
cp "$tmp/cells" "$tmp/1300"
cmp -s "$tmp/1259" "$tmp/1300" && fail "12:59 and 13:00 look the same"
BOIDS_CLOCK=12:59:50 sign 299 -S 1 --clock
cmp -s "$tmp/cells" "$tmp/1259" || fail "step 299: not 12:59"
BOIDS_CLOCK=12:59:50 sign 301 -S 1 --clock
cmp -s "$tmp/cells" "$tmp/1300" || fail "step 301: not 13:00"
BOIDS_CLOCK=12:59:50 sign 450 -S 1 --clock
set -- $(shares)
echo "clock at step 450: $2 of 13:00 lit, $3 of the lit outside"
float_cmp "$2" ">=" 0.8 || fail "13:00: only $2 of its cells lit"
float_cmp "$3" "<=" 0.2 || fail "13:00: $3 of the lit cells outside"

# refused WHY ARGS...: status 64, a first line saying WHY, the hint,
# and nothing on standard output.
refused() {
	why=$1
	shift
	"$BOIDS" -H -t 5 "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" = 64 ] || fail "boids $*: status $rc, not 64"
	[ -s "$tmp/out" ] && fail "boids $*: printed '$(cat "$tmp/out")'"
	grep -q "$why" "$tmp/err" ||
		fail "boids $*: said '$(cat "$tmp/err")', not '$why'"
	[ "$(sed -n 2p "$tmp/err")" = "Try 'boids --help'." ] ||
		fail "boids $*: no hint to --help"
	[ "$(wc -l <"$tmp/err")" = 2 ] || fail "boids $*: not one line"
}
refused "needs at least 80 boids in a field of 120x39 cells; the flock has 50" \
    -W 120x40 -n 50 --say BOIDS
refused "no room for 'A SIGN TOO LONG' in a field of 20x5 cells" \
    -W 20x6 --say 'A SIGN TOO LONG'
refused "'   ' has nothing to write" --say '   '
refused "expected text of 1 to 160 bytes" --say "$(printf 'a\tb')"
BOIDS_CLOCK=25:00 refused "invalid value for BOIDS_CLOCK: '25:00'" --clock

finish
