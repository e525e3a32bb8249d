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
	# A boid at rest on the ground row (y = 45, the middle of the last
	# row of the field an 80x24 terminal shows above its status line),
	# and the same boid later somewhere else.
	awk -F, '$7 == "boid" {
		if ($5 == 0 && $6 == 0 && $4 == 45) rested[$2] = 1
		else if ($2 in rested) back[$2] = 1 }
		END { for (b in back) n++; exit n < 5 }' "$tmp/t.csv" ||
		fail "seed $seed: rested boids not seen flying again"
done
"$BOIDS" -H -S 1 -t 100 -e 100 | grep -q perched &&
	fail "perched= without --perch"

# -W names the terminal: 100x31 shows a field of 100 by 30 rows, whose
# ground is y = 59; 1x2 has a field of one cell, on the ground.
"$BOIDS" -H -S 2 -P -W 100x31 -t 1500 -e 10 --trace "$tmp/t.csv" \
    >/dev/null || fail "-W 100x31: run failed"
ground=$(awk -F, '$7 == "boid" && $5 == 0 && $6 == 0 { print $4; exit }' \
    "$tmp/t.csv")
[ "$ground" = 59.0000 ] || fail "-W 100x31: boids rest at y = '$ground'"
"$BOIDS" -H -S 2 -P -W 1x2 -t 50 -e 50 >/dev/null || fail "-W 1x2 failed"
finish
