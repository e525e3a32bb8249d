#!/bin/sh
# ab.sh: two revisions of the engine stepped in turn in one process.
#
#   bench/ab.sh A B [N ...]
#
# A and B are git revisions, or "." for the working tree as it is. Each
# is built once (a revision's build is kept under build/ab/ by its
# commit; the working tree's is made anew every time), with -fPIC, and
# linked with bench/ab-side.c into a shared library; bench/ab then steps
# the two in turn at each size (10000 100000 1000000 unless given) and
# prints B's time against A's, the median ratio of interleaved pairs
# (bench/ab.c says why). Threads: as OMP_NUM_THREADS says, one if unset.
# Neighbours per boid: AB_NBRS, 20 if unset.
set -eu

[ $# -ge 2 ] || { echo "usage: bench/ab.sh A B [N ...]" >&2; exit 2; }
top=$(git rev-parse --show-toplevel)
cd "$top"
a=$1 b=$2
shift 2
[ $# -gt 0 ] || set -- 10000 100000 1000000
: "${OMP_NUM_THREADS:=1}" "${AB_NBRS:=20}"
export OMP_NUM_THREADS
cc=${CC:-cc}

# The directory whose engine.so is revision $1's, built if need be.
build() {
	if [ "$1" = . ]; then
		dir=build/ab/work
		rm -rf "$dir"
		mkdir -p "$dir/tree"
		git ls-files -co --exclude-standard -z |
			tar --null -T - -cf - | tar -xf - -C "$dir/tree"
	else
		hash=$(git rev-parse --verify -q "$1^{commit}") ||
			{ echo "ab.sh: no revision $1" >&2; exit 2; }
		dir=build/ab/$hash
		[ -f "$dir/engine.so" ] && { echo "$dir"; return; }
		rm -rf "$dir"
		mkdir -p "$dir/tree"
		git archive "$hash" | tar -xf - -C "$dir/tree"
	fi
	make -s -C "$dir/tree" CFLAGS='-O3 -g -fPIC' boids >&2
	$cc -std=c99 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700 -O2 \
		-fPIC -I"$dir/tree/src/engine" -I"$dir/tree/src" \
		-c bench/ab-side.c \
		-o "$dir/side.o"
	# src/ is in folders since the engine moved to src/engine; a
	# revision from before has its objects side by side.
	set -- "$dir/side.o" $(find "$dir/tree/build/rel" -name '*.o' \
		! -name main.o | sort)
	# A revision from before the engine started its own threads runs
	# them through OpenMP's runtime.
	omp=""
	if nm -u "$@" 2>/dev/null | grep -q ' GOMP_'; then
		omp=-fopenmp
	fi
	$cc -shared -Wl,-Bsymbolic -pthread $omp -o "$dir/engine.so" "$@" \
		-lncursesw -ltinfo -lm
	echo "$dir"
}

make -s bench/ab
da=$(build "$a")
db=$(build "$b")
echo "A: $a, B: $b; $OMP_NUM_THREADS thread(s), $AB_NBRS neighbours a boid"
for n in "$@"; do
	if [ "$n" -ge 1000000 ]; then pairs=10
	elif [ "$n" -ge 100000 ]; then pairs=60
	else pairs=120
	fi
	./bench/ab "$top/$da/engine.so" "$top/$db/engine.so" "$n" "$AB_NBRS" \
		"$pairs" 4
done
