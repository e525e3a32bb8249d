#!/bin/sh
# agree.sh TUNED PORTABLE: the build tuned for this machine and the
# portable one (without -march=native) fly the same flights, bit for bit:
# no build rounds differently (the Makefile says how), so a chaotic
# flight stays the same for hundreds of steps. The threads do not matter
# (tests/headless/threads.sh), so the portable build may have them. Run
# from the top of the repository.
tuned=$1
portable=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

for args in "-S 1 -t 600 -e 20" \
    "-S 2 -n 20000 -t 60 -e 2" \
    "-S 3 -n 1000 -p 2 -o 3 -P --goal 0.3,0.3 --fov 200 -t 400 -e 20"; do
	# shellcheck disable=SC2086
	"$tuned" --headless $args >"$tmp/tuned" 2>&1
	# shellcheck disable=SC2086
	"$portable" --headless $args >"$tmp/portable" 2>&1
	if [ "$(wc -l <"$tmp/tuned")" -lt 20 ] ||
	    ! cmp -s "$tmp/tuned" "$tmp/portable"; then
		printf '      boids --headless %s (< tuned, > portable):\n' \
		    "$args"
		diff "$tmp/tuned" "$tmp/portable" | sed 's/^/      /'
		status=1
	fi
done
if [ $status -ne 0 ]; then
	printf 'FAIL  tuned and portable builds fly the same flights\n'
	exit 1
fi
printf 'ok    tuned and portable builds fly the same flights\n'
