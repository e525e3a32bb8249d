# predators.sh: with three predators hunting a flock of 200 in an 80x24
# field, boids keep out of reach. From step 200 on, the mean distance from
# a boid to its nearest predator stays above 0.6 of the fear radius (12
# cells at the default separation distance) on every line, and averages
# above 1.3 of it over five seeds (measured: lowest lines 8.4-10.4, the
# average 17.0). With flight switched off in the engine the lowest lines
# fall to 5.4-6.2 and the average to about 12.1.
. tests/lib.sh

total=0
for seed in 1 2 3 4 5; do
	set -- $("$BOIDS" -H -S "$seed" -p 3 -t 3000 -e 10 |
	    awk '{ split($10, kv, "="); if (kv[1] != "predator_dist") exit 1
		v = kv[2] + 0
		if (NR > 20) { if (m == "" || v < m) m = v; s += v; n++ } }
		END { if (n) printf "%.2f %.2f\n", m, s / n }') none none
	float_cmp "$1" '>' 7.2 || fail "seed $seed: predator_dist fell to $1"
	float_cmp "$2" '>' 0 || fail "seed $seed: no mean"
	total=$(awk -v t="$total" -v m="$2" 'BEGIN { printf "%.2f", t + m / 5 }')
done
float_cmp "$total" '>' 15.6 || fail "mean predator_dist $total"
finish
