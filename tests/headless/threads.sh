# threads.sh: whatever OMP_NUM_THREADS asks for, a flock large enough to
# step on several threads runs and prints the bytes it prints on one,
# with the extensions too (fear, leaders and species: their lines and
# their trace, with the neighbourhood's radius and with the whole flock);
# and no loop takes more threads than there are processors, counted in
# /proc while it runs (two are seen when two may be: the count sees).
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {
	OMP_NUM_THREADS=$1 "$BOIDS" --headless -S 5 -n 20000 -t 3 -e 1 \
	    >"$tmp/$1.out" 2>"$tmp/$1.err" ||
		fail "OMP_NUM_THREADS=$1: exit status $?: $(cat "$tmp/$1.err")"
}

# most_threads N: the most threads a longer run with OMP_NUM_THREADS=N
# was seen to have, sampled from /proc while it ran.
most_threads() {
	OMP_NUM_THREADS=$1 "$FLIGHT" --headless -S 5 -n 20000 -t 300 -e 300 \
	    >/dev/null 2>&1 &
	pid=$!
	most=0
	while kill -0 "$pid" 2>/dev/null; do
		t=$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$pid/status" \
		    2>/dev/null)
		[ -n "$t" ] && [ "$t" -gt "$most" ] && most=$t
		sleep 0.01
	done
	wait "$pid"
	echo "$most"
}

cpus=$(getconf _NPROCESSORS_ONLN)
for t in 1000 100000; do
	most=$(most_threads "$t")
	[ "$most" -le "$cpus" ] ||
		fail "OMP_NUM_THREADS=$t: $most threads on $cpus processors"
done
if [ "$cpus" -ge 2 ]; then
	most=$(most_threads 2)
	[ "$most" -ge 2 ] || fail "OMP_NUM_THREADS=2: never more than $most thread"
fi

run 1
run 2
run 1000
run 100000
[ "$(wc -l <"$tmp/1.out")" -eq 3 ] || fail "expected 3 lines on one thread"
for t in 2 1000 100000; do
	cmp -s "$tmp/1.out" "$tmp/$t.out" ||
		fail "OMP_NUM_THREADS=$t: other output than on one thread"
done

# extended T ARGS...: a run of the extensions on T threads, its lines
# and its trace in $tmp/x.T.
extended() {
	t=$1
	shift
	OMP_NUM_THREADS=$t "$FLIGHT" --headless -S 6 -n 20000 -e 10 \
	    --trace "$tmp/x.$t.csv" --fear --leaders --species 3 "$@" \
	    >"$tmp/x.$t" 2>&1 || fail "extensions on $t: $(cat "$tmp/x.$t")"
}
for how in "-t 40 -p 3" "-t 10 -r 0 -p 1"; do
	# shellcheck disable=SC2086
	extended 1 $how
	# shellcheck disable=SC2086
	extended 2 $how
	grep -q 'afraid=0.[0-9]*[1-9].*leaders=[1-9]' "$tmp/x.1" ||
		[ "$how" != "-t 40 -p 3" ] ||
		fail "extensions $how: nobody afraid or leading: $(cat "$tmp/x.1")"
	cmp -s "$tmp/x.1" "$tmp/x.2" && cmp -s "$tmp/x.1.csv" "$tmp/x.2.csv" ||
		fail "extensions $how: other output on two threads than on one"
done
finish
