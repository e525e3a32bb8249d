# perch.sh: with --perch boids land on the ground and rest (perched= above
# 0 on some lines), and the same boids are later seen flying again.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for seed in 1 2 3; do
	"$BOIDS" -H -S "$seed" -P -t 2000 -e 10 --trace "$tmp/t.csv" \
	    >"$tmp/out" || fail "seed $seed: run failed"
	landed=$(grep -c ' perched=[1-9]' "$tmp/out")
	[ "$landed" -ge 10 ] || fail "seed $seed: perched on $landed lines"
	# A boid at rest on the ground row (y = 47, the middle of the last
	# row), and the same boid later somewhere else.
	awk -F, '$7 == "boid" {
		if ($5 == 0 && $6 == 0 && $4 == 47) rested[$2] = 1
		else if ($2 in rested) back[$2] = 1 }
		END { for (b in back) n++; exit n < 5 }' "$tmp/t.csv" ||
		fail "seed $seed: rested boids not seen flying again"
done
"$BOIDS" -H -S 1 -t 100 -e 100 | grep -q perched &&
	fail "perched= without --perch"
finish
