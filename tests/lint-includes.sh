#!/bin/sh
# lint-includes.sh DIR: fail when the modules in DIR include each other in
# a circle, naming each circle. A module is a .c file, its header and its
# private header (NAME_impl.h), and every other file, .c or .h, that
# includes that private header: those share the module's inside, and
# may call each other. Module a depends on module b when one of a's
# files has #include "b.h" (or "b_impl.h"). Data then flows one way, and
# each module can be read, built and tested with only those below it.
dir=${1:-src}
includes() {
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)\.h".*/\1/p' "$1"
}
for f in "$dir"/*.c "$dir"/*.h; do
	[ -e "$f" ] || continue
	m=${f##*/}
	m=${m%.*}
	m=${m%_impl}
	own=$(includes "$f" | sed -n 's/_impl$//p' | head -n 1)
	[ -z "$own" ] || m=$own
	includes "$f" | while IFS= read -r dep; do
		dep=${dep%_impl}
		[ "$dep" = "$m" ] || printf '%s %s\n' "$m" "$dep"
	done
done | sort -u | awk '
{ n[$1]++; to[$1, n[$1]] = $2; node[$1] = 1; node[$2] = 1 }
function visit(m,    k, d, i, path) {
	state[m] = 1
	stack[++depth] = m
	for (k = 1; k <= n[m]; k++) {
		d = to[m, k]
		if (state[d] == 1) {
			path = d
			for (i = depth; i >= 1 && stack[i] != d; i--)
				path = stack[i] " -> " path
			print "include circle: " d " -> " path
			bad = 1
		} else if (!state[d])
			visit(d)
	}
	depth--
	state[m] = 2
}
END {
	for (m in node)
		if (!state[m])
			visit(m)
	exit bad
}'
