# wind.sh: one notch of wind (what an arrow key adds: 0.1 cells a step)
# drifts the flock downwind and leaves it a flock. 200 boids at 120x40,
# seeds 1-3, the wind blowing right:
#
#   - five seconds in (step 150), the flock's centre is downwind of the
#     same flight's without wind (measured 8-15 cells);
#   - from step 600 to 1200, on average at most 40% of the boids are in
#     the 15 columns at the right (measured 7-10%; when the wind was a
#     force added to every velocity, 87-96%, the flock pinned to the
#     wall), and the groups' median order is at least 0.7. One moment
#     alone will not do: now and then a group flies along the right edge
#     and turns back, and holds half the boids there as it does.
. tests/lib.sh
need_measure

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# centre FILE STEP: the boids' mean x at STEP.
centre() {
	awk -F, -v s="$2" '$1 == s && $7 == "boid" { x += $3; n++ }
		END { if (n) printf "%.2f\n", x / n }' "$1"
}

for seed in 1 2 3; do
	"$FLIGHT" -H -S "$seed" -W 120x40 -t 1200 -e 50 -w 0.1,0 \
	    --trace "$tmp/w.csv" >/dev/null || fail "seed $seed: run failed"
	"$FLIGHT" -H -S "$seed" -W 120x40 -t 150 -e 150 \
	    --trace "$tmp/c.csv" >/dev/null || fail "seed $seed: run failed"
	float_cmp "$(centre "$tmp/w.csv" 150)" '>' "$(centre "$tmp/c.csv" 150)" ||
		fail "seed $seed: no drift downwind in 150 steps"
	m=$("$MEASURE" "$tmp/w.csv" 600 4 120)
	printf 'seed %s: %s\n' "$seed" "$m"
	float_cmp "$(token west "$m")" '<=' 0.4 ||
		fail "seed $seed: pinned downwind: $m"
	float_cmp "$(token gorder "$m")" '>=' 0.7 ||
		fail "seed $seed: no flock left: $m"
done
finish
