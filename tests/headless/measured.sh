# measured.sh: a flight does not depend on when it is measured. Each
# build of the grid chooses the next one's cut, and the cut orders each
# boid's candidates: a measure that sorted the boids for itself would
# steer the flight. So flights measured at every step, every 4th, every
# 20th and only at the end must end in the same state, to the bit in the
# trace's last rows and in the last line of measures: fast boids, whose
# steps sort ahead of the next; the whole flock as neighbours (radius 0);
# and a short radius with quick turns.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ends SEED T ARGS...: for each of -e 1, 4, 20 and T, the last line and
# the trace's rows of the last step (T, which each divides), in
# $tmp/end.E; all four must be the same bytes.
ends() {
	seed=$1 last=$2
	shift 2
	for e in 1 4 20 "$last"; do
		"$FLIGHT" --headless -S "$seed" -t "$last" -e "$e" \
		    --trace "$tmp/trace.csv" "$@" >"$tmp/out" 2>&1 ||
			{ fail "-S $seed -e $e $*: exit status $?:" \
			    "$(tail -n 1 "$tmp/out")"; return; }
		{ tail -n 1 "$tmp/out"; grep "^$last," "$tmp/trace.csv"; } \
		    >"$tmp/end.$e"
	done
	[ "$(grep -c "^$last," "$tmp/end.$last")" -gt 100 ] ||
		fail "-S $seed $*: no rows of step $last in the trace"
	grep -q "^step=$last " "$tmp/end.$last" ||
		fail "-S $seed $*: no line of step $last"
	for e in 1 4 20; do
		cmp -s "$tmp/end.$e" "$tmp/end.$last" ||
			fail "-S $seed $*: -e $e ends elsewhere than -e $last:" \
			    "$(diff "$tmp/end.$e" "$tmp/end.$last" | sed -n 2p)"
	done
}

for seed in 1 2 3 4; do
	ends "$seed" 100 -n 3000 -v 3
done
for seed in 1 2 3; do
	ends "$seed" 300 -n 400 -r 0 -d 2 -v 0.8 -T 30
	ends "$seed" 300 -n 400 -r 5 -d 2 -v 0.8 -T 30
done
finish
