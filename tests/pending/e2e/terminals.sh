#!/bin/sh
# terminals.sh: a terminal that cannot be used, or cannot be opened, is
# named for what it is. A printing terminal (lpr, and one of the test's
# own of the same kind: terminfo's hc, no cursor addressing) exists in
# the database, so the message is that it cannot move the cursor (or
# that it prints on paper), exit 69, not "no terminfo database found",
# which setupterm's answer for a hardcopy type was taken for. Too few
# file descriptors (prlimit --nofile=4: the three standard ones and one
# more) say so ("file descriptors" or "Too many open files"), not
# "cannot start the terminal" (or the program runs with so few). The
# terminal is as it was afterwards, in every case.
. tests/lib.sh
need tic prlimit
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

cat >"$work/printer.ti" <<'EOF2'
boids-printer|a printing terminal,
	hc, os,
	cols#132, lines#66,
	bel=^G, cr=\r, cud1=\n, ind=\n,
EOF2
tic -o "$work/terminfo" "$work/printer.ti" ||
	fail "tic cannot compile a printing terminal"

# ended WHAT: the program ended by itself, with the terminal as it was;
# its status in $status.
ended() {
	status=$(wait_exit 10)
	[ "$(modes)" = "$normal" ] || fail "$1: terminal left as: $(modes)"
}

# dumb, which cannot move the cursor either, shows the check can pass.
types="dumb boids-printer"
infocmp lpr >/dev/null 2>&1 && types="$types lpr"
for type in $types; do
	first='^' boids_start 80 24 "TERMINFO=$work/terminfo TERM=$type" \
	    --seed 3 2\>"$work/err"
	ended "TERM=$type"
	[ "$status" = 69 ] || fail "TERM=$type: exit status $status"
	[ "$(wc -l <"$work/err")" -eq 1 ] && grep -Eq \
	    "^boids: .*'$type'.*(cannot move the cursor|hard ?copy|print)" \
	    "$work/err" || fail "TERM=$type: '$(cat "$work/err")'"
done

for rec in "" "--record $work/x.rec"; do
	first='^' via="prlimit --nofile=4" boids_start 80 24 "" --seed 3 \
	    -n 20 $rec 2\>"$work/err"
	if drawing; then
		keys q
		ended "4 descriptors $rec"
		[ "$status" = 0 ] || fail "4 descriptors $rec: q: status $status"
		continue
	fi
	ended "4 descriptors $rec"
	[ "$status" != 0 ] && [ "$status" != none ] ||
		fail "4 descriptors $rec: exit status $status"
	[ "$(wc -l <"$work/err")" -eq 1 ] && grep -Eqi \
	    '^boids: .*(file descriptors|too many open files)' "$work/err" ||
		fail "4 descriptors $rec: '$(cat "$work/err")'"
done
finish
