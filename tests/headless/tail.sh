# tail.sh: a trace ends on a whole row, at the step the statistics last
# printed, however the run ends. INT, TERM and HUP (sent by timeout(1)
# in the foreground, so that INT is not ignored as it is for a job in
# the background) end it by that signal; a trace file that hits the
# file size limit is cut back to its last whole step and named in the
# message, with exit status 1. Before, a signal left the CSV ending
# mid-row (",0.0973,boi") and a step behind, and the limit killed the
# run by SIGXFSZ.
. tests/lib.sh
need timeout prlimit

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# whole CSV OUT: the trace ends with a whole row (a newline, 8 fields)
# of the step the output's last line printed.
whole() {
	tail -c 1 "$1" | od -An -c | grep -q '\\n' || {
		echo "no newline at the end"
		return
	}
	last=$(tail -n 1 "$1")
	[ "$(printf '%s\n' "$last" | awk -F, '{ print NF }')" -eq 8 ] || {
		echo "last row '$last'"
		return
	}
	csv_step=${last%%,*}
	out_step=$(tail -n 1 "$2" | sed -n 's/^step=\([0-9]*\) .*/\1/p')
	[ "$csv_step" = "$out_step" ] ||
		echo "trace at step $csv_step, statistics at $out_step"
}

for sig in INT:2 TERM:15 HUP:1; do
	timeout --preserve-status -s "${sig%:*}" 2 "$BOIDS" -H -S 1 -n 20000 \
	    -t 1000000 -e 1 --trace "$tmp/t.csv" >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq $((128 + ${sig#*:})) ] ||
		fail "SIG${sig%:*}: exit status $status: $(cat "$tmp/err")"
	[ "$(wc -l <"$tmp/out")" -ge 2 ] ||
		fail "SIG${sig%:*}: only $(wc -l <"$tmp/out") lines: the test is blind"
	why=$(whole "$tmp/t.csv" "$tmp/out")
	[ -z "$why" ] || fail "SIG${sig%:*}: $why"
done

prlimit --fsize=300000 "$BOIDS" -H -S 1 -n 500 -t 100000 -e 1 \
    --trace "$tmp/t.csv" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "file size limit: exit status $status"
grep -q "cannot write trace file '$tmp/t.csv'" "$tmp/err" ||
	fail "file size limit: the message names no trace: $(cat "$tmp/err")"
why=$(whole "$tmp/t.csv" "$tmp/out")
[ -z "$why" ] || fail "file size limit: $why"
finish
