# turns.sh: no boid turns faster than the turn limit (15 degrees a step
# by default), not even in the margins with a wind pushing the flock into
# them. Each run traces every step; the turn is the angle between a boid's
# velocities in two steps running. Velocities are printed to 4 decimals,
# so boids slower than 0.05 (an error of up to 0.12 degrees) are left
# out. The runs must reach the margins and the limit, or they prove
# nothing. Before the bounds acted within the limit these runs had
# 4,500-16,000 boid-steps turning by more, by up to 88 degrees.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# turns FILE: the sharpest turn in degrees, the boid-steps turning more
# than the limit, and the boid-steps inside a margin of 80x46 (9.6 wide
# at the sides, 5.52 at top and bottom).
turns() {
	awk -F, -v limit=15.2 'NR > 1 && $7 == "boid" {
		x = $3; y = $4; vx = $5; vy = $6; s = sqrt(vx * vx + vy * vy)
		if (x < 9.6 || x > 70.4 || y < 5.52 || y > 40.48)
			margin++
		if ($2 in px && s > 0.05 && ps[$2] > 0.05) {
			c = (px[$2] * vx + py[$2] * vy) / (s * ps[$2])
			c = c > 1 ? 1 : c < -1 ? -1 : c
			a = atan2(sqrt(1 - c * c), c) * 180 / 3.14159265358979
			if (a > worst)
				worst = a
			if (a > limit)
				over++
		}
		px[$2] = vx; py[$2] = vy; ps[$2] = s }
		END { printf "%.2f %d %d\n", worst, over, margin }' "$1"
}

# Obstacles too: a boid put back on a disc's rim turns along it within
# the limit (before, up to 99 degrees at once), and predators.
for run in "1 0.05,0.03" "2 -0.08,0" "3 0,-0.06" "4 0,0" "3 0.05,0 -o 4" \
    "6 0,0.04 -p 3"; do
	set -- $run
	seed=$1 wind=$2
	shift 2
	"$FLIGHT" -H -S "$seed" -w "$wind" "$@" -t 800 -e 1 \
	    --trace "$tmp/t.csv" >/dev/null || fail "seed $seed: run failed"
	set -- $(turns "$tmp/t.csv") none none none
	float_cmp "$1" '<=' 15.2 ||
	    fail "seed $seed, wind $wind: a turn of $1 degrees ($2 over)"
	float_cmp "$1" '>' 14 ||
	    fail "seed $seed, wind $wind: sharpest turn only $1"
	[ "$3" -gt 1000 ] ||
	    fail "seed $seed, wind $wind: only $3 boid-steps in a margin"
done
finish
