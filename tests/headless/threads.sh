# threads.sh: whatever OMP_NUM_THREADS asks for, a flock large enough to
# step on several threads runs and prints the bytes it prints on one:
# no loop takes more threads than there are processors.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {
	OMP_NUM_THREADS=$1 "$BOIDS" --headless -S 5 -n 20000 -t 3 -e 1 \
	    >"$tmp/$1.out" 2>"$tmp/$1.err" ||
		fail "OMP_NUM_THREADS=$1: exit status $?: $(cat "$tmp/$1.err")"
}

run 1
run 2
run 1000
run 100000
[ "$(wc -l <"$tmp/1.out")" -eq 3 ] || fail "expected 3 lines on one thread"
for t in 2 1000 100000; do
	cmp -s "$tmp/1.out" "$tmp/$t.out" ||
		fail "OMP_NUM_THREADS=$t: other output than on one thread"
done
finish
