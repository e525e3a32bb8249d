#!/bin/sh
# full-tmp.sh: a full /tmp neither freezes the screen nor loses the
# terminal. Curses drew into a spool made by tmpfile(), which is always
# in /tmp, and no write to it was checked, the bytes that restore the
# terminal included: with /tmp full mid-session the screen froze, s
# showed nothing, and q exited 0 leaving the alternate screen on, the
# cursor hidden and the keypad mode set; full from the start, nothing
# was drawn, mouse reporting was on, and q exited 0.
#
# Now either the screen does not depend on /tmp, and the session goes
# on (s shows SCATTER, the flock moves, q exits 0), or the failed write
# ends it with one line saying what failed and exit status 1; either way
# the terminal is restored.
#
# A record and a cast that exist already are replaced only once the
# session has begun, its first frame drawn: full from the start, the
# session ends before it, and both stay as they were, byte for byte,
# with nothing left beside them. Before, the record was replaced as the
# terminal opened, and the full /tmp left an empty flight in its place.
#
# The program gets a /tmp of its own: a 256 KiB tmpfs in a private
# mount namespace (root, as CI runs, may make one), filled from outside
# through /proc/PID/root and kept full while the test looks. Where no
# namespace can be made (a container may forbid it), fulltmp.c, preloaded,
# fails the writes that need room in /tmp while a flag file exists.
. tests/lib.sh
need unshare
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

why='No space left on device'
if unshare -m sh -c 'mount -t tmpfs -o size=256k boids-tmp /tmp' \
    2>/dev/null; then
	way=tmpfs
else
	way=preload
	echo "no mount namespace here: fulltmp.c stands for a full /tmp"
	${CC:-cc} -shared -fPIC -o "$work/fulltmp.so" \
	    "$(dirname "$0")/fulltmp.c" -ldl ||
		{ echo "cannot build fulltmp.so" >&2; exit 1; }
	# The sanitizers' runtime would insist on coming first.
	shim="LD_PRELOAD=$work/fulltmp.so FULLTMP_FLAG=$work/full"
	shim="$shim ASAN_OPTIONS=$ASAN_OPTIONS:verify_asan_link_order=0"
fi

# private-tmp FULL OUTER PROGRAM ARGS...: PROGRAM with a /tmp of its
# own, full from the start when FULL is 1. PROGRAM, an absolute path,
# is found through process OUTER's root, which still sees the /tmp the
# program (or the tree it was built in) may be in.
cat >"$work/private-tmp" <<'END'
#!/bin/sh
exec unshare -m sh -c '
	full=$1 outer=$2 program=$3
	shift 3
	mount -t tmpfs -o size=256k boids-tmp /tmp || exit 125
	[ "$full" = 0 ] || cat /dev/zero >/tmp/fill 2>/dev/null
	exec "/proc/$outer/root$program" "$@"' private-tmp "$@"
END
chmod +x "$work/private-tmp"

# start FULL ARGS...: the program, /tmp full from the start when FULL is
# 1; a first frame is not waited for.
start() {
	full=$1
	shift
	if [ $way = tmpfs ]; then
		first='^' via="$work/private-tmp $full $$" \
		    boids_start 80 24 "" "$@"
	else
		rm -f "$work/full"
		[ "$full" = 0 ] || : >"$work/full"
		first='^' boids_start 80 24 "$shim" "$@"
	fi
}

# fill PID: /tmp full under the running program, and kept full (the
# spool, emptied after each frame, gives back room) until unfill.
filler=""
fill() {
	if [ $way = preload ]; then
		: >"$work/full"
		return
	fi
	: >"$work/filling"
	(
		while [ -e "$work/filling" ] && alive "$1"; do
			{ cat /dev/zero >>"/proc/$1/root/tmp/fill"; } 2>/dev/null
			sleep 0.05
		done
	) &
	filler=$!
}
unfill() {
	rm -f "$work/filling"
	[ -z "$filler" ] || wait "$filler"
	filler=""
}
trap 'unfill; hostile_cleanup' EXIT

# program_pid: the program's pid, once it runs as itself (not yet as
# the commands that start it), within 10 s; empty when it never does,
# or has ended already.
program_pid() {
	deadline=$(( $(date +%s) + 10 ))
	while [ -z "$(boids_pid)" ] && [ ! -s "$work/exit" ] &&
	    [ "$(date +%s)" -lt "$deadline" ]; do
		sleep 0.1
	done
	boids_pid
}

# outcome WHAT: after the program met a full /tmp and s was typed: it
# ended, with one line saying why and exit 1, or it goes on drawing,
# SCATTER and a moving flock, and q ends it with 0. The terminal is
# restored either way.
outcome() {
	deadline=$(( $(date +%s) + 10 ))
	while [ ! -s "$work/exit" ] && ! status_line | grep -q SCATTER &&
	    [ "$(date +%s)" -lt "$deadline" ]; do
		sleep 0.1
	done
	if [ -s "$work/exit" ]; then
		wait_for '^boids: ' 5
		[ "$(cat "$work/exit")" = 1 ] ||
			fail "$1: ended with exit status $(cat "$work/exit")"
		said=$(screen | sed -n '/^boids: /,$p' | tr -d '\n')
		[ "$(screen | grep -c '^boids: ')" -eq 1 ] &&
		    printf '%s\n' "$said" | grep -q "$why" ||
			fail "$1: ended without one line saying '$why': $said"
	elif status_line | grep -q SCATTER; then
		a=$(field)
		wait_for_change "$a" ||
			fail "$1: SCATTER shows, but the flock stands still"
		keys q
		status=$(wait_exit 10)
		[ "$status" = 0 ] || fail "$1: q: exit status $status"
	else
		fail "$1: neither drawing nor ended 10 s after s: $(status_line)"
		keys q
		status=$(wait_exit 10)
		[ "$status" != 0 ] || fail "$1: q exited 0 after the screen froze"
	fi
	unfill
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
}

# wait_for_change TEXT: the field differs from TEXT within 5 s.
wait_for_change() {
	deadline=$(( $(date +%s) + 5 ))
	while [ "$(field)" = "$1" ]; do
		[ "$(date +%s)" -ge "$deadline" ] && return 1
		sleep 0.1
	done
}

# Mid-session: full once the first frame is out.
start 0 --seed 3 -n 2000
wait_for '^coh .* fps' 10 || fail "mid-session: no first frame"
pid=$(program_pid)
[ -n "$pid" ] && fill "$pid" || fail "mid-session: no pid"
sleep 1  # frames meet the full /tmp
keys s
outcome "full mid-session"

# Full from the start: the first write to the spool fails.
start 1 --seed 3 -n 2000
pid=$(program_pid)
if [ -n "$pid" ]; then
	[ $way = preload ] || fill "$pid"
elif [ ! -s "$work/exit" ]; then
	fail "from the start: no pid"
fi
wait_for '^coh .* fps\|^boids: ' 10
keys s
outcome "full from the start"

# Full from the start, with a record and a cast there already, in a
# folder the program's own /tmp does not hide.
keep=$(mktemp -d /var/tmp/boids-full-tmp.XXXXXX) ||
	{ fail "no folder in /var/tmp"; finish; }
trap 'unfill; rm -rf "$keep"; hostile_cleanup' EXIT
printf 'boids-record 1\nbuild of an older flight\n' >"$keep/old.rec"
printf '{"version": 2, "width": 80, "height": 24}\n[0.5, "o", "x"]\n' \
    >"$keep/old.cast"
cp "$keep/old.rec" "$keep/rec.was"
cp "$keep/old.cast" "$keep/cast.was"
start 1 --seed 3 -n 2000 --record "$keep/old.rec" --cast "$keep/old.cast"
pid=$(program_pid)
[ -z "$pid" ] || [ $way = preload ] || fill "$pid"
if drawing; then
	# The screen does not need /tmp: the session began, and the files
	# are the new ones.
	keys q
	[ "$(wait_exit 10)" = 0 ] || fail "kept files: q: exit status $(cat "$work/exit")"
	head -n 1 "$keep/old.rec" | grep -q '^boids-record ' &&
	    grep -q '^end ' "$keep/old.rec" ||
		fail "kept files: a session that began left no record"
else
	[ "$(wait_exit 10)" = 1 ] ||
		fail "kept files: exit status $(cat "$work/exit")"
	cmp -s "$keep/old.rec" "$keep/rec.was" ||
		fail "kept files: the record was replaced: $(head -c 80 "$keep/old.rec" | tr '\n' '|')"
	cmp -s "$keep/old.cast" "$keep/cast.was" ||
		fail "kept files: the cast was replaced: $(head -c 80 "$keep/old.cast" | tr '\n' '|')"
	left=$(ls -A "$keep" | grep -v -x -e old.rec -e old.cast -e rec.was \
	    -e cast.was)
	[ -z "$left" ] || fail "kept files: left beside them: $left"
fi
unfill
[ "$(modes)" = "$normal" ] || fail "kept files: terminal left as: $(modes)"
finish
