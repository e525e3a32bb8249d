#!/bin/sh
# run-scripts.sh DIR: run every DIR/*.sh with sh, report each, and fail if
# any failed. A test that cannot find what it needs fails too: .ci/run
# installs everything, so a silent skip would only hide a gap.
dir=$1
failed=0
for t in "$dir"/*.sh; do
	[ -e "$t" ] || continue
	log=$(mktemp)
	if sh "$t" >"$log" 2>&1; then
		printf 'ok    %s\n' "$t"
	else
		printf 'FAIL  %s\n' "$t"
		sed 's/^/      /' "$log"
		failed=1
	fi
	rm -f "$log"
done
exit $failed
