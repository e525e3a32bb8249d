#!/bin/sh
# lint-includes-fails.sh: the include check can fail. On a copy of src/
# with a circle planted, tests/lint-includes.sh must fail and name it:
# a low module's header that includes a high one, and the option table
# (below the options, which read by it) including a module that includes
# options.h. The copy as it is must pass.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# planted NAME: the check on $tmp/src fails, naming a circle through
# the module NAME.
planted() {
	if sh tests/lint-includes.sh "$tmp/src" >"$tmp/out" 2>&1; then
		fail "$1: the check passed"
	elif ! grep -q "^include circle: .*$1" "$tmp/out"; then
		fail "$1: no circle named: $(cat "$tmp/out")"
	fi
}

cp -R src "$tmp/src"
sh tests/lint-includes.sh "$tmp/src" >"$tmp/out" 2>&1 ||
	fail "the copy of src fails already: $(cat "$tmp/out")"

printf '#include "ui.h"\n' >>"$tmp/src/clock.h"
planted clock
cp src/clock.h "$tmp/src/clock.h"

sed 's/^#include "optable.h"$/&\n#include "session.h"/' src/optable.c \
    >"$tmp/src/optable.c"
grep -q '"session.h"' "$tmp/src/optable.c" ||
	fail "optable.c: the include was not planted"
planted optable
finish
