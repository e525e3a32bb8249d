#!/bin/sh
# lint-man.sh PAGE: the man page passes mandoc's lint at warning level
# without a word. A missing mandoc is a failure, not a skip: a page that
# is never checked drifts.
page=${1:-man/boids.6}

if ! command -v mandoc >/dev/null 2>&1; then
	printf 'FAIL  %s: mandoc is missing (apt-get install mandoc)\n' \
	    "$page"
	exit 1
fi
out=$(mandoc -T lint -W warning "$page" 2>&1)
status=$?
if [ "$status" -ne 0 ] || [ -n "$out" ]; then
	printf 'FAIL  %s: mandoc -T lint -W warning (status %d)\n' "$page" \
	    "$status"
	printf '%s\n' "$out" | sed 's/^/      /'
	exit 1
fi
printf 'ok    %s (mandoc -T lint -W warning)\n' "$page"
