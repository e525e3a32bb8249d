# alive.sh: at the defaults a flock stays alive for minutes: no crystal,
# groups that part and meet, each still a flock. 200 boids, seeds 1-3,
# minutes 1-5 (steps 1800-9000, every 50), measured from the trace by
# tests/headless/measure.c, which uses no code of the program's:
#
#   - the median local hexatic order is at most 0.55 (a triangular
#     lattice is 1; measured 0.33-0.35, and 0.81-0.85 when the flock
#     froze into a disc);
#   - the nearest-neighbour distances vary by at least 18% (measured
#     32-37%; frozen, 8%);
#   - the groups' median order is at least 0.8 (measured 0.94-0.95 at
#     120x40, 0.81-0.84 at 80x24): flocks, not swarms;
#   - at 120x40, one group holds 90% of the boids in at most half the
#     snapshots (measured 4-8%; frozen, 71-84%), and the number of
#     groups changes at least 4 times per 1000 steps (measured 13-16;
#     frozen, 1.7-3.5).
#
# Without the wander (--wander 0, the pseudocode's rules) the lattice
# comes back, which shows the measures can fail.
. tests/lib.sh
need_measure

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measured SIZE SEED ARGS...: the measures of a run, on one line.
measured() {
	size=$1 seed=$2
	shift 2
	"$FLIGHT" -H -S "$seed" -W "$size" -t 9000 -e 50 --trace "$tmp/t.csv" \
	    "$@" >/dev/null || { echo "run failed"; return; }
	"$MEASURE" "$tmp/t.csv" 1800 4 "${size%x*}"
}

for size in 120x40 80x24; do
	for seed in 1 2 3; do
		m=$(measured "$size" "$seed")
		printf '%s seed %s: %s\n' "$size" "$seed" "$m"
		float_cmp "$(token hex "$m")" '<=' 0.55 ||
			fail "$size seed $seed: a lattice: $m"
		float_cmp "$(token cv "$m")" '>=' 0.18 ||
			fail "$size seed $seed: spacing too even: $m"
		float_cmp "$(token gorder "$m")" '>=' 0.8 ||
			fail "$size seed $seed: groups not ordered: $m"
		[ "$size" = 120x40 ] || continue
		float_cmp "$(token one90 "$m")" '<=' 0.5 ||
			fail "$size seed $seed: one group too often: $m"
		float_cmp "$(token changes "$m")" '>=' 4 ||
			fail "$size seed $seed: groups change too seldom: $m"
	done
done

m=$(measured 120x40 1 --wander 0)
printf 'the pseudocode alone: %s\n' "$m"
float_cmp "$(token hex "$m")" '>' 0.7 ||
	fail "--wander 0 is no lattice: the measure cannot tell: $m"
finish
