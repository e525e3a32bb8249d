# spacing.sh: at the defaults, in the field of an 80x24 terminal, boids
# keep apart and the flock keeps flocking, read from the binary's own
# trace over steps 1000-4000 of five seeds, every 200 steps: the median
# distance from a boid to its nearest neighbour is at least 0.75 of the
# separation distance (2); at most 2% of boids are closer than a quarter
# of it to a neighbour flying their way (within 25 degrees), and at most
# 5% to any; and each seed's groups keep a median order of at least 0.7
# over these few snapshots (alive.sh holds them to 0.8 over minutes).
# Measured: median 1.61; 0.7% close within a group, 3.3% in all (groups
# that meet pass through each other, at most 15 degrees a step); group
# order 0.75-0.88. Before separation took its 1/r^2 form, 1.44 and 19%.
# The flock of one group that the pseudocode's rules alone make had
# 1.0% close, and a whole-flock order of 0.8 or more.
. tests/lib.sh
need_measure

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

: >"$tmp/nearest"
for seed in 1 2 3 4 5; do
	"$FLIGHT" -H -S "$seed" -t 4000 -e 200 --trace "$tmp/t.csv" \
	    >"$tmp/out" || fail "seed $seed: run failed"
	# Every boid's nearest neighbour, by brute force, at each step.
	# Every boid's nearest neighbour, by brute force, at each step,
	# and the cosine between their headings.
	awk -F, '$7 == "boid" && $1 >= 1000 {
		k = n[$1]++; x[$1, k] = $3; y[$1, k] = $4
		vx[$1, k] = $5; vy[$1, k] = $6 }
		END {
			for (t in n)
				for (i = 0; i < n[t]; i++) {
					m = -1
					for (j = 0; j < n[t]; j++) {
						if (j == i)
							continue
						dx = x[t, i] - x[t, j]
						dy = y[t, i] - y[t, j]
						d = dx * dx + dy * dy
						if (m < 0 || d < m) {
							m = d
							w = j
						}
					}
					a = sqrt(vx[t, i] ^ 2 + vy[t, i] ^ 2)
					b = sqrt(vx[t, w] ^ 2 + vy[t, w] ^ 2)
					c = a * b > 0 ? (vx[t, i] * vx[t, w] + \
					    vy[t, i] * vy[t, w]) / (a * b) : 1
					print sqrt(m), c
				}
		}' "$tmp/t.csv" >>"$tmp/nearest"
	m=$("$MEASURE" "$tmp/t.csv" 1000 4 80)
	float_cmp "$(token gorder "$m")" '>=' 0.7 ||
		fail "seed $seed: groups out of order: $m"
done
set -- $(sort -n "$tmp/nearest" | awk '{ v[NR] = $1
	if ($1 < 0.5) { c++; if ($2 >= 0.906) w++ } }
	END { printf "%s %d %d %d\n", v[int((NR + 1) / 2)], w, c, NR }')
float_cmp "$1" '>=' 1.5 || fail "median nearest neighbour $1"
[ "$2" -le $(($4 / 50)) ] || fail "$2 of $4 boids closer than 0.5 in a group"
[ "$3" -le $(($4 / 20)) ] || fail "$3 of $4 boids closer than 0.5"
printf 'median nearest neighbour %s; %d of %d closer than 0.5 in a group, %d in all\n' \
    "$1" "$2" "$4" "$3"
finish
