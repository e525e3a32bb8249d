#!/bin/sh
# run-unit.sh DIR TEST...: run each unit test binary in DIR, report, and
# fail if any failed.
dir=$1
shift
failed=0
for t in "$@"; do
	if "$dir/$t" >"$dir/$t.log" 2>&1; then
		printf 'ok    %s (%s)\n' "$t" "$(tail -n 1 "$dir/$t.log")"
	else
		printf 'FAIL  %s\n' "$t"
		sed 's/^/      /' "$dir/$t.log"
		failed=1
	fi
done
exit $failed
