#!/bin/sh
# run-scripts.sh DIR [JOBS]: run every DIR/*.sh with sh, JOBS at a time
# (default 1), report each in order of name, and fail if any failed. A
# test that cannot find what it needs fails too: .ci/run installs
# everything, so a silent skip would only hide a gap. The tests wait on
# terminals far more than they compute, and each keeps to its own tmux
# socket, X display and files, so several may run at once; each must
# pass with other work beside it anyway.
dir=$1
jobs=${2:-1}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
trap 'exit 2' INT TERM HUP

for t in "$dir"/*.sh; do
	[ -e "$t" ] && printf '%s\n' "$t"
done | xargs -P "$jobs" -I{} sh -c \
    'log=$2/$(basename "$1"); sh "$1" >"$log.log" 2>&1; echo $? >"$log.rc"' \
    sh {} "$logs"

failed=0
for t in "$dir"/*.sh; do
	[ -e "$t" ] || continue
	log=$logs/$(basename "$t")
	if [ "$(cat "$log.rc" 2>/dev/null)" = 0 ]; then
		printf 'ok    %s\n' "$t"
	else
		printf 'FAIL  %s\n' "$t"
		sed 's/^/      /' "$log.log"
		failed=1
	fi
done
exit $failed
