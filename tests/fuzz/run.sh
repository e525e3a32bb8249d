#!/bin/sh
# run.sh DIR SECONDS SEED TARGET...: for each libFuzzer target DIR/fuzz_T,
# replay its seeds (tests/fuzz/corpus/T) and every input that once failed
# (tests/fuzz/regress/T), then fuzz it for SECONDS with SEED (0: random).
# New inputs collect in DIR/corpus/T, never in the source tree; an input
# that fails is kept as DIR/T-crash-... (or -leak-, -timeout-), to be
# fixed and then copied into tests/fuzz/regress/T.
dir=$1
seconds=$2
seed=$3
shift 3
here=$(dirname "$0")
failed=0

for t in "$@"; do
	bin=$dir/fuzz_$t
	log=$dir/$t.log
	seeds=""
	for d in "$here/corpus/$t" "$here/regress/$t"; do
		[ -d "$d" ] && seeds="$seeds $d"
	done
	dict=""
	[ -f "$here/$t.dict" ] && dict="-dict=$here/$t.dict"

	# shellcheck disable=SC2086
	if ! "$bin" -runs=0 $seeds >"$log" 2>&1; then
		printf 'FAIL  fuzz %s: a kept input fails again\n' "$t"
		tail -n 30 "$log" | sed 's/^/      /'
		failed=1
		continue
	fi

	mkdir -p "$dir/corpus/$t"
	# shellcheck disable=SC2086
	if "$bin" -max_total_time="$seconds" -seed="$seed" -timeout=10 \
	    -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
	    -artifact_prefix="$dir/$t-" $dict "$dir/corpus/$t" $seeds \
	    >"$log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		printf 'ok    fuzz %s (%s s, %s runs, seed %s)\n' "$t" \
		    "$seconds" "${runs:-?}" "$seed"
	else
		printf 'FAIL  fuzz %s (seed %s)\n' "$t" "$seed"
		grep -v '^#[0-9]' "$log" | tail -n 40 | sed 's/^/      /'
		failed=1
	fi
done
exit $failed
