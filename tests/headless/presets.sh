# presets.sh: each preset, flown headless over several seeds, shows what
# it is for, in the world a terminal gives it: a terminal grows the world
# of a flock too large for it (boids(6), Units), so that the school's 600
# fish fly in 168x100 world units in an 80x24 terminal (-W 168x50) and in
# 200x98 in a 200x50 one, and the murmuration's 1500 starlings in 205x118
# (-W 205x60). Measured with the release build; this one may round
# otherwise, and the flock is chaotic, hence the margins:
#
#   - school: the median rotation order of the groups (mill=), averaged
#     over steps 1500-6000, at least 0.3 for every seed and size and 0.55
#     on the whole (measured 0.42-0.88, 0.71 on the whole), where the
#     defaults with as many boids mill at 0.08-0.09;
#   - swarm: polarisation (order=) from step 300 on at most 0.12 on the
#     mean and 0.25 on any line (measured 0.07-0.08, lines up to 0.16),
#     where the defaults fly at 0.5;
#   - murmuration: 1500 boids, and alive by tests/headless/alive.sh's
#     measures over steps 1800-6000 (measured: hexatic 0.36, spacing
#     varying by 34%, one group holding 90% in 13% of the snapshots at
#     most, groups changing 13 times per 1000 steps, each flying as one
#     at order 0.86);
#   - hunt: three predators in the trace, and the flock out of their
#     reach as tests/headless/predators.sh measures it;
#   - parker: the same bytes as the flags the man page's "The pseudocode
#     alone" names, and a flock frozen into one body from minute 1: one
#     group, its spread fixed within 10% (measured 7.0-7.5), at order
#     0.98 or more in three lines of four, a line every 20 steps (it dips
#     while the whole disc turns round at an edge: measured 77-100% of
#     the lines over seeds 1-7).
# And every preset flies as the options `--preset list` says it stands
# for, on its one line, and options given before or after it override
# its own.
. tests/lib.sh
need_measure

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# mean NAME FROM ARGS...: the mean of NAME= over the lines after step FROM.
mean() {
	name=$1 from=$2
	shift 2
	"$FLIGHT" -H "$@" | awk -v name="$name" -v from="$from" '
	    { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	      if (v["step"] > from) { s += v[name]; n++ } }
	    END { if (n) printf "%.2f\n", s / n; else print "none" }'
}

# The school mills.
total=0 runs=0
for size in 168x50 200x50; do
	for seed in 1 2 3 4; do
		m=$(mean mill 1500 -S "$seed" -W "$size" --preset school -t 6000 -e 100)
		printf 'school %s seed %s: mill %s\n' "$size" "$seed" "$m"
		float_cmp "$m" '>=' 0.3 || fail "school $size seed $seed: mill $m"
		total=$(awk -v t="$total" -v m="$m" 'BEGIN { print t + m }')
		runs=$((runs + 1))
	done
done
m=$(awk -v t="$total" -v n="$runs" 'BEGIN { printf "%.2f", t / n }')
float_cmp "$m" '>=' 0.55 || fail "the school mills at $m on the whole"
d=$(mean mill 1500 -S 1 -W 168x50 -n 600 -t 6000 -e 100)
float_cmp "$d" '<=' 0.2 || fail "the defaults mill at $d: the measure cannot tell"

# The swarm has no heading.
for seed in 1 2 3; do
	"$FLIGHT" -H -S "$seed" --preset swarm -t 3000 -e 50 >"$tmp/swarm"
	set -- $(awk '{ split($1, s, "="); split($2, o, "=")
	    if (s[2] < 300) next
	    n++; t += o[2]; if (o[2] + 0 > w) w = o[2] + 0 }
	    END { printf "%.2f %.2f", t / n, w }' "$tmp/swarm")
	printf 'swarm seed %s: order %s, at most %s\n' "$seed" "$1" "$2"
	float_cmp "$1" '<=' 0.12 || fail "swarm seed $seed: order $1"
	float_cmp "$2" '<=' 0.25 || fail "swarm seed $seed: order up to $2"
done
d=$(mean order 300 -S 1 -n 300 -t 3000 -e 50)
float_cmp "$d" '>=' 0.4 || fail "the defaults' order $d: the measure cannot tell"

# The murmuration: many, and alive.
for seed in 1 2 3; do
	"$FLIGHT" -H -S "$seed" -W 205x60 --preset murmuration -t 6000 -e 50 \
	    --trace "$tmp/m.csv" >/dev/null || fail "murmuration: the run failed"
	n=$(awk -F, '$1 == 50 && $7 == "boid"' "$tmp/m.csv" | wc -l)
	[ "$n" -eq 1500 ] || fail "murmuration: $n boids"
	m=$("$MEASURE" "$tmp/m.csv" 1800 4 205)
	printf 'murmuration seed %s: %s\n' "$seed" "$m"
	float_cmp "$(token hex "$m")" '<=' 0.55 || fail "murmuration seed $seed: a lattice: $m"
	float_cmp "$(token cv "$m")" '>=' 0.18 || fail "murmuration seed $seed: spacing too even: $m"
	float_cmp "$(token gorder "$m")" '>=' 0.8 || fail "murmuration seed $seed: groups not ordered: $m"
	float_cmp "$(token one90 "$m")" '<=' 0.5 || fail "murmuration seed $seed: one group too often: $m"
	float_cmp "$(token changes "$m")" '>=' 4 || fail "murmuration seed $seed: groups change too seldom: $m"
done

# The hunt: three predators, and prey out of their reach (0.6 of the
# fear radius, 12 cells, on every line from step 200).
for seed in 1 2 3; do
	"$FLIGHT" -H -S "$seed" --preset hunt -t 3000 -e 10 --trace "$tmp/h.csv" \
	    >"$tmp/hunt" || fail "hunt: the run failed"
	p=$(awk -F, '$1 == 10 && $7 == "predator"' "$tmp/h.csv" | wc -l)
	[ "$p" -eq 3 ] || fail "hunt seed $seed: $p predators"
	low=$(awk '{ split($10, kv, "="); if (kv[1] != "predator_dist") exit 1
	    if (NR > 20 && (m == "" || kv[2] < m)) m = kv[2] } END { print m }' \
	    "$tmp/hunt") || fail "hunt seed $seed: no predator_dist"
	printf 'hunt seed %s: predator_dist at least %s\n' "$seed" "$low"
	float_cmp "$low" '>' 7.2 || fail "hunt seed $seed: predator_dist fell to $low"
done

# Parker: the man page's flags, byte for byte, and a frozen flock.
flags=$(sed -n '/^\.Ss The pseudocode alone/,/^\.Ss /p' man/boids.6 |
	sed -n 's/^\$ boids //p')
[ -n "$flags" ] || fail "the man page names no flags for the pseudocode"
for seed in 1 2 3; do
	"$FLIGHT" -H -S "$seed" --preset parker -t 2400 -e 20 \
	    --trace "$tmp/p1.csv" >"$tmp/p1"
	# shellcheck disable=SC2086
	"$FLIGHT" -H -S "$seed" $flags -t 2400 -e 20 --trace "$tmp/p2.csv" >"$tmp/p2"
	cmp -s "$tmp/p1" "$tmp/p2" && cmp -s "$tmp/p1.csv" "$tmp/p2.csv" ||
		fail "parker seed $seed: not the bytes of '$flags'"
	# One group, its spread fixed within 10%, mostly at order 1.00 (it
	# dips while the disc turns round at an edge).
	frozen=$(awk '{ split($1, s, "="); split($2, o, "="); split($4, r, "=")
	    if (s[2] < 1800) next
	    n++; one += o[2] >= 0.98; bad += $8 != "groups=1"
	    if (lo == "" || r[2] < lo) lo = r[2]; if (r[2] > hi) hi = r[2] }
	    END { print (bad == 0 && hi < lo * 1.1 && one * 4 >= n * 3) }' \
	    "$tmp/p1")
	[ "$frozen" -eq 1 ] || fail "parker seed $seed: not one body after minute 1"
done

# Each preset is the options --preset list gives it, one line a preset;
# flags after it, or before it, override its own (a count and a
# cohesion every preset but none sets otherwise, and the trace holds
# that many boids).
"$BOIDS" --preset list >"$tmp/list" || fail "--preset list failed"
[ "$(wc -l <"$tmp/list")" -eq 6 ] ||
	fail "--preset list: $(wc -l <"$tmp/list") lines, not 6"
while read -r name rest; do
	opts=$(printf '%s\n' "$rest" | sed -n 's/^[^:]*: \(--.*\)$/\1/p')
	[ "$name" = none ] && continue
	[ -n "$opts" ] || fail "--preset list gives $name no options: $rest"
	"$BOIDS" -H -S 8 -t 200 -e 50 --preset "$name" >"$tmp/a"
	# shellcheck disable=SC2086
	"$BOIDS" -H -S 8 -t 200 -e 50 $opts >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" || fail "--preset $name is not '$opts'"
	"$BOIDS" -H -S 8 -t 200 -e 50 --preset "$name" -n 77 -c 0.7 \
	    --trace "$tmp/o.csv" >"$tmp/a"
	# shellcheck disable=SC2086
	"$BOIDS" -H -S 8 -t 200 -e 50 $opts -n 77 -c 0.7 >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" ||
		fail "--preset $name -n 77 -c 0.7 is not '$opts -n 77 -c 0.7'"
	n=$(awk -F, '$1 == 50 && $7 == "boid"' "$tmp/o.csv" | wc -l)
	[ "$n" -eq 77 ] || fail "--preset $name -n 77 flies $n boids"
	"$BOIDS" -H -S 8 -t 200 -e 50 -n 77 -c 0.7 --preset "$name" >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" ||
		fail "flags before --preset $name do not override it as after"
done <"$tmp/list"
finish
