# lib.sh: shared helpers for the shell tests; source it.
# BOIDS names the binary under test (default ./boids, from the top).

BOIDS=${BOIDS:-./boids}
# FLIGHT names the binary for long measured flights: the release build
# where make gives one (the measures were taken with it, and a sanitized
# flight of thousands of steps adds nothing the short runs under the
# sanitizers do not already cover), else BOIDS.
FLIGHT=${BOIDS_RELEASE:-$BOIDS}
test_failures=0

# fail MESSAGE: record a failure and go on.
fail() {
	printf 'FAIL: %s\n' "$*" >&2
	test_failures=$((test_failures + 1))
}

# need TOOL...: stop with a failure when a tool is missing.
need() {
	for tool in "$@"; do
		command -v "$tool" >/dev/null 2>&1 || {
			printf 'missing tool: %s\n' "$tool" >&2
			exit 1
		}
	done
}

# finish: the script's exit status.
finish() {
	if [ "$test_failures" -ne 0 ]; then
		printf '%d failure(s)\n' "$test_failures" >&2
		exit 1
	fi
	exit 0
}

# token NAME LINE: the value of NAME=value in a headless line.
token() {
	printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

# float_cmp A OP B: compare two decimals with awk, OP one of < <= > >=;
# false when either is not a number, so a missing value never passes.
float_cmp() {
	for v in "$1" "$3"; do
		printf '%s\n' "$v" | grep -Eq '^-?[0-9]+(\.[0-9]+)?$' || {
			printf 'not a number: "%s"\n' "$v" >&2
			return 1
		}
	done
	awk -v a="$1" -v b="$3" -v op="$2" 'BEGIN {
		if (op == "<") exit !(a < b);
		if (op == "<=") exit !(a <= b);
		if (op == ">") exit !(a > b);
		if (op == ">=") exit !(a >= b);
		exit 2 }'
}

# help_options DIR: the options --help lists, for the completion tests:
# DIR/pairs "-n --count" a line, DIR/longs and DIR/shorts sorted,
# DIR/valued the long options that take a value, as --help shows them.
help_options() {
	"$BOIDS" --help >"$1/help" || fail "boids --help failed"
	sed -n 's/^  *\(-[A-Za-z0-9]\), --\([a-z-]*\).*/\1 --\2/p' \
	    "$1/help" >"$1/pairs"
	sed -n 's/^  *\(--[a-z-]*\).*/\1/p' "$1/help" >"$1/longonly"
	{ cut -d' ' -f2 "$1/pairs"; cat "$1/longonly"; } | sort >"$1/longs"
	cut -d' ' -f1 "$1/pairs" | sort >"$1/shorts"
	[ "$(wc -l <"$1/longs")" -gt 20 ] || fail "too few options in --help"
	sed -n 's/^  *\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z-]*\) [A-Z].*/\2/p' \
	    "$1/help" >"$1/valued"
}

# need_measure: MEASURE names tests/headless/measure.c's program, built.
need_measure() {
	MEASURE=${MEASURE:-build/test/measure}
	[ -x "$MEASURE" ] || { echo "missing $MEASURE" >&2; exit 1; }
}

# need_slowlink: link names tests/link/slowlink.c's program, built, by
# its whole path (the terminal tests run it from another folder).
need_slowlink() {
	link=${SLOWLINK:-build/test/slowlink}
	[ -x "$link" ] || { echo "no $link: make $link" >&2; exit 1; }
	case $link in
	/*) ;;
	*) link=$PWD/$link ;;
	esac
}
