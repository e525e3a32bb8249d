# output.sh: the headless output's form, and that it is a pure function of
# the options and the seed: the same bytes twice, other bytes for another
# seed, on stdout and in the trace.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {
	"$BOIDS" --headless "$@"
}

run -S 42 -t 300 -e 50 -p 2 -o 3 -P --trace "$tmp/a.csv" >"$tmp/a.out" ||
	fail "headless run failed"
run -S 42 -t 300 -e 50 -p 2 -o 3 -P --trace "$tmp/b.csv" >"$tmp/b.out"
run -S 43 -t 300 -e 50 -p 2 -o 3 -P --trace "$tmp/c.csv" >"$tmp/c.out"
cmp -s "$tmp/a.out" "$tmp/b.out" || fail "same seed, different output"
cmp -s "$tmp/a.csv" "$tmp/b.csv" || fail "same seed, different trace"
cmp -s "$tmp/a.out" "$tmp/c.out" && fail "different seeds, same output"
cmp -s "$tmp/a.csv" "$tmp/c.csv" && fail "different seeds, same trace"

# One line per --every steps, the brief's tokens first and in order, then
# one token for each behaviour that is on.
[ "$(wc -l <"$tmp/a.out")" -eq 6 ] || fail "expected 6 lines for 300/50"
pattern='^step=[0-9]+ order=[01]\.[0-9][0-9] speed=[0-9]+\.[0-9][0-9]'
pattern="$pattern spread=[0-9]+\.[0-9][0-9] nnd=[0-9]+\.[0-9][0-9]"
pattern="$pattern minsep=[0-9]+\.[0-9][0-9] nbrs=[0-9]+\.[0-9]"
pattern="$pattern groups=[0-9]+ mill=[01]\.[0-9][0-9]"
pattern="$pattern perched=[0-9]+ predator_dist=[0-9]+\.[0-9][0-9] inside=0\$"
bad=$(grep -Evc "$pattern" "$tmp/a.out")
[ "$bad" -eq 0 ] || fail "$bad lines not in the documented form"
sed -n 's/^step=\([0-9]*\) .*/\1/p' "$tmp/a.out" | tr '\n' ' ' |
	grep -qx '50 100 150 200 250 300 ' || fail "steps are not 50..300"

# Without the behaviours, only the nine tokens that are always there.
line=$(run -S 1 -t 10 -e 10)
[ "$(printf '%s\n' "$line" | wc -w)" -eq 9 ] || fail "plain line: $line"

# The trace: a header, then per printed step 200 boids, 2 predators and
# 3 obstacles, boids in id order.
[ "$(head -n 1 "$tmp/a.csv")" = "step,id,x,y,vx,vy,kind,r" ] ||
	fail "trace header"
[ "$(wc -l <"$tmp/a.csv")" -eq $((1 + 6 * 205)) ] || fail "trace rows"
for kind in boid:200 predator:2 obstacle:3; do
	k=${kind%:*}
	want=${kind#*:}
	got=$(awk -F, -v k="$k" '$1 == 300 && $7 == k' "$tmp/a.csv" | wc -l)
	[ "$got" -eq "$want" ] || fail "$k rows at step 300: $got"
done
awk -F, '$7 == "boid" && $1 == 150 { if ($2 != n++) bad = 1 }
	END { exit bad }' "$tmp/a.csv" || fail "boids not in id order"

# An unwritable trace: a clear message and status 1, nothing half done.
if run -S 1 -t 10 --trace /nonexistent/dir/t.csv >"$tmp/o" 2>"$tmp/e"
then
	fail "unwritable trace accepted"
else
	[ $? -eq 1 ] || fail "unwritable trace: wrong status"
fi
grep -q "cannot write trace file '/nonexistent/dir/t.csv'" "$tmp/e" ||
	fail "unwritable trace: no message"

finish
