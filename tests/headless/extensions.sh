# extensions.sh: the model's extensions over seeds, measured from the
# trace by tests/headless/measure.c, which uses no code of the
# program's. In a 120x40 sky of 200 boids:
#
#   - fear (--fear, one predator, 3000 steps): the share of afraid boids
#     rises above 0.3 and falls below 0.1 again, as waves, at least twice
#     (measured 3-5 times), and at least 30% of the afraid boids are
#     farther from every predator than its fear radius: fear passed on
#     (measured 72-80%); without --fear nothing is afraid;
#   - leaders (--leaders, 4000 steps from step 600): the number of
#     groups changes more often than without, seed by seed (measured 32-35
#     changes per 1000 steps against 27-31), and leaders lead;
#   - species (--species 3, 3000 steps from step 600): the groups are
#     pure, at least 95% of their boids of their commonest species
#     (measured 98.8-99.6%), and the headless line's pure= says so too.
. tests/lib.sh
need_measure

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measured FROM SEED STEPS EVERY ARGS...: the measures of a run.
measured() {
	from=$1 seed=$2 steps=$3 every=$4
	shift 4
	"$FLIGHT" -H -S "$seed" -W 120x40 -t "$steps" -e "$every" \
	    --trace "$tmp/t.csv" "$@" >"$tmp/lines" ||
	    { echo "run failed"; return; }
	"$MEASURE" "$tmp/t.csv" "$from" 4 120
}

for seed in 1 2 3; do
	m=$(measured 0 "$seed" 3000 10 -p 1 --fear)
	printf 'fear, seed %s: %s\n' "$seed" "$m"
	[ "$(token waves "$m")" -ge 2 ] 2>/dev/null ||
		fail "fear, seed $seed: no waves: $m"
	float_cmp "$(token beyond "$m")" '>=' 0.3 ||
		fail "fear, seed $seed: fear does not pass on: $m"
	# The headless line's share rises and falls too.
	awk '{ for (k = 1; k <= NF; k++) if ($k ~ /^afraid=/) {
		v = substr($k, 8) + 0; if (v > hi) hi = v;
		if (hi > 0.3 && v < 0.1) fell = 1 } }
	    END { exit !(hi > 0.3 && fell) }' "$tmp/lines" ||
		fail "fear, seed $seed: afraid= never rose and fell"
done
"$BOIDS" -H -S 1 -t 200 -e 100 -p 1 | grep -q afraid= &&
	fail "afraid= without --fear"

for seed in 1 2 3; do
	with=$(measured 600 "$seed" 4000 20 --leaders)
	grep -q 'leaders=[1-9]' "$tmp/lines" ||
		fail "leaders, seed $seed: nobody ever leads"
	without=$(measured 600 "$seed" 4000 20)
	printf 'leaders, seed %s: %s changes, without %s\n' "$seed" \
	    "$(token changes "$with")" "$(token changes "$without")"
	float_cmp "$(token changes "$with")" '>' \
	    "$(token changes "$without")" ||
		fail "leaders, seed $seed: groups change no more often:" \
		    "$with against $without"
done

for seed in 1 2 3; do
	m=$(measured 600 "$seed" 3000 20 --species 3)
	printf 'species, seed %s: %s\n' "$seed" "$m"
	float_cmp "$(token pure "$m")" '>=' 0.95 ||
		fail "species, seed $seed: groups mixed: $m"
	awk '{ for (k = 1; k <= NF; k++) if ($k ~ /^pure=/) {
		s += substr($k, 6); n++ } }
	    END { exit !(n > 0 && s / n >= 0.95) }' "$tmp/lines" ||
		fail "species, seed $seed: pure= below 0.95 on the lines"
done
finish
