#!/bin/sh
# edges.sh: the values at the very ends of each range are accepted.
#
# Each runs headless for one step and must print one line of statistics
# and nothing else. A flock of 10000000 boids would take too long; the
# other ends are all here, in the forms people type.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# accept ARG...: boids --headless --steps 1 --every 1 ARG... runs.
accept() {
	"$BOIDS" --headless --steps 1 --every 1 "$@" </dev/null \
	    >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 0 ] || fail "boids -H -t 1 -e 1 $*: exit status $status"
	[ -s "$tmp/err" ] && fail "boids -H -t 1 -e 1 $*: $(cat "$tmp/err")"
	[ "$(wc -l <"$tmp/out")" -eq 1 ] ||
		fail "boids -H -t 1 -e 1 $*: not one line of output"
	grep -q '^step=1 ' "$tmp/out" ||
		fail "boids -H -t 1 -e 1 $*: printed '$(cat "$tmp/out")'"
}

accept --count 1
accept -n 1 --seed 0
accept --seed 18446744073709551615
accept --predators 0
accept --predators 100
accept --obstacles 0
accept --obstacles 100
for name in cohesion separation alignment goal-weight; do
	accept "--$name" -10
	accept "--$name" 10
	accept "--$name" 0
	accept "--$name=-0.5"
done
accept --radius 0
accept --radius 100
accept --distance 0
accept --distance 100
accept --max-speed 0.01
accept --max-speed 10
accept --turn 1
accept --turn 180
accept --fov 1
accept --fov 360
accept --fov 90.5
accept --wind -1,1
accept --wind 1,-1
accept --wind 0,0
accept --goal 0,1
accept --goal 1,0
accept --goal 0.5,0.5
accept --fps 1
accept --fps 240
accept --size 1x2
accept --size 10000x2
accept --size 1x10000
accept --every 1
accept --steps 1
accept -n1 -p1 -o1 -P -A --no-color
accept -n 1 -P -p 1 -o 1 --trace "$tmp/t.csv"
[ -s "$tmp/t.csv" ] || fail "--trace wrote nothing"

# One boid has no neighbour: its distances print as zero.
accept -n 1
case $(cat "$tmp/out") in
*" nnd=0.00 minsep=0.00 "*) ;;
*) fail "one boid: '$(cat "$tmp/out")'" ;;
esac

finish
