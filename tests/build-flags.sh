#!/bin/sh
# build-flags.sh: an object is made again when the flags that made it
# change, and only then: after `make`, `make NATIVE=0`, `make THREADS=0`
# and `make CC=clang` each compile it anew, and the same command twice
# compiles it once; `make OPENMP=0`, THREADS=0's name before, is the
# same build. Run from the top of the repository; it builds one
# small object in a copy, leaving the tree's own build alone.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
make=${MAKE:-make}
# The make that runs this test may be silent or parallel; the makes here
# start afresh, as a user's would.
unset MAKEFLAGS MFLAGS MAKELEVEL
obj=build/rel/lib/rng.o
status=0

cp -R Makefile src "$tmp"/ || exit 1

# build WANT VAR...: make the object with VAR...; WANT is 1 when it must
# be compiled, 0 when it must be left as it is.
build() {
	want=$1
	shift
	if ! (cd "$tmp" && $make "$@" "$obj") >"$tmp/log" 2>&1; then
		printf '      make %s %s: failed:\n' "$*" "$obj"
		sed 's/^/        /' "$tmp/log"
		status=1
		return
	fi
	got=$(grep -c -- "-c -o $obj" "$tmp/log")
	if [ "$got" -ne "$want" ]; then
		printf '      make %s: compiled %s %s times, wanted %s\n' "$*" \
		    "$obj" "$got" "$want"
		sed 's/^/        /' "$tmp/log"
		status=1
	fi
}

build 1
build 0
build 1 NATIVE=0
build 0 NATIVE=0
build 1 THREADS=0
build 0 THREADS=0
build 0 OPENMP=0
build 1 CC=clang
build 0 CC=clang
build 1 CFLAGS=-O2
build 1
build 0
if [ $status -ne 0 ]; then
	printf 'FAIL  objects made again when their flags change\n'
	exit 1
fi
printf 'ok    objects made again when their flags change (NATIVE, THREADS, CC)\n'
