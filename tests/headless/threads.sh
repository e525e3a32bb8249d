# threads.sh: whatever OMP_NUM_THREADS asks for, a flock large enough to
# step on several threads runs and prints the bytes it prints on one,
# with the extensions too (fear, leaders and species: their lines and
# their trace, with the neighbourhood's radius and with the whole flock);
# and no loop takes more threads than there are processors, counted in
# /proc while it runs (two are seen when two may be: the count sees).
# Where the system will not start the engine's threads (one process for
# the user, prlimit --nproc=1; as nobody when run as root, whom the
# limit does not hold), the flight is the same bytes, with one line on
# stderr that says so; where there is no memory for a thread's stack,
# one line says so, and the exit status is 1.
. tests/lib.sh
need prlimit

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

# No threads to be had: the same flight on one thread, said once.
cp "$BOIDS" "$tmp/boids" || exit 1
chmod 755 "$tmp" "$tmp/boids"
# A sanitized build's leak checker starts a task of its own at the end,
# which the limit refuses too.
nproc_asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
as_user=""
if [ "$(id -u)" = 0 ]; then
	need setpriv
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
# alone ARGS...: boids --headless ARGS... under one process for the
# user; its output in $tmp/alone.out and .err. The limit is set once the
# user is nobody: set before, it would refuse the program itself
# whenever nobody runs anything else.
alone() {
	# shellcheck disable=SC2086
	ASAN_OPTIONS=$nproc_asan $as_user prlimit --nproc=1 "$tmp/boids" \
	    --no-config --headless "$@" >"$tmp/alone.out" 2>"$tmp/alone.err"
}
alone -S 5 -n 20000 -t 3 -e 1 ||
	fail "one process: exit status $?: $(cat "$tmp/alone.err")"
cmp -s "$tmp/1.out" "$tmp/alone.out" ||
	fail "one process: other output than on one thread"
[ "$(wc -l <"$tmp/alone.err")" -eq 1 ] && grep -qx \
    "boids: cannot start the engine's threads (.*): stepping on one thread" \
    "$tmp/alone.err" ||
	fail "one process: stderr not the one line: $(cat "$tmp/alone.err")"
# Nor with one thread asked for, which needs none started.
OMP_NUM_THREADS=1 alone -S 5 -n 20000 -t 3 -e 1 ||
	fail "one process, one thread: exit status $?: $(cat "$tmp/alone.err")"
[ ! -s "$tmp/alone.err" ] ||
	fail "one process, one thread: $(cat "$tmp/alone.err")"

# No memory for a thread's stack: a gigabyte of it (RLIMIT_STACK) in
# 600 MB of address space, which the flock itself fits easily (the
# release build: a sanitizer cannot run in it).
prlimit --stack=1000000000 --as=600000000 "$FLIGHT" --headless -S 5 \
    -n 20000 -t 3 -e 1 >"$tmp/nomem.out" 2>"$tmp/nomem.err"
status=$?
[ "$status" -eq 1 ] || fail "no memory: exit status $status, not 1"
[ ! -s "$tmp/nomem.out" ] || fail "no memory: flew: $(head -n 1 "$tmp/nomem.out")"
[ "$(cat "$tmp/nomem.err")" = "boids: out of memory for the engine's threads" ] ||
	fail "no memory: stderr: $(cat "$tmp/nomem.err")"
finish
