#!/bin/sh
# lint-includes-fails.sh: the include check can fail. On a copy of src/
# with a fault planted, tests/lint-includes.sh must fail and name it: a
# lower layer's file that includes a higher one's (the engine including
# the view, the option table including the session), a circle between
# two modules of one layer, and a file outside every layer. The copy as
# it is must pass.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# planted WHAT: the check on $tmp/src fails, saying WHAT.
planted() {
	if sh tests/lint-includes.sh "$tmp/src" >"$tmp/out" 2>&1; then
		fail "$1: the check passed"
	elif ! grep -q "^$1" "$tmp/out"; then
		fail "$1: not found in: $(cat "$tmp/out")"
	fi
	rm -rf "$tmp/src"
	cp -R src "$tmp/src"
}

cp -R src "$tmp/src"
sh tests/lint-includes.sh "$tmp/src" >"$tmp/out" 2>&1 ||
	fail "the copy of src fails already: $(cat "$tmp/out")"

printf '#include "view/field.h"\n' >>"$tmp/src/engine/grid.h"
planted "include upward: engine/grid.h includes view/field.h"

sed 's/^#include "optable.h"$/&\n#include "session\/session.h"/' \
    src/options/optable.c >"$tmp/src/options/optable.c"
grep -q '"session/session.h"' "$tmp/src/options/optable.c" ||
	fail "optable.c: the include was not planted"
planted "include upward: options/optable.c includes session/session.h"

printf '#include "pace.h"\n' >>"$tmp/src/term/tty.h"
printf '#include "tty.h"\n' >>"$tmp/src/term/pace.h"
planted "include circle: term/"

mkdir "$tmp/src/misc"
printf '#include "lib/clock.h"\n' >"$tmp/src/misc/stray.c"
planted "layer unknown: misc/stray.c"
finish
