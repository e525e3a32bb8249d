#!/bin/sh
# lint-includes.sh DIR: fail when the layers of DIR lean the wrong way or
# its modules include each other in a circle, naming each fault.
#
# The layers are DIR's folders, lowest first:
#
#   lib  engine  options  files  term  view  session
#
# and the program's top (main.c, ui.c, headless.c) in DIR itself. A
# file may include a file of its own folder or of a folder below it,
# never one above: the engine knows nothing of the terminal, the
# terminal nothing of the view, the view nothing of the session.
#
# A module is a .c file, its header and its private header (NAME_impl.h),
# and every other file, .c or .h, that includes that private header:
# those share the module's inside, and may call each other. Module a
# depends on module b when one of a's files includes b.h (or b_impl.h).
# Data then flows one way, and each module can be read, built and tested
# with only those below it.
dir=${1:-src}
layers="lib engine options files term view session ."

# The rank of folder $1 in $layers, or nothing.
rank() {
	r=0
	for l in $layers; do
		[ "$l" = "$1" ] && { echo $r; return; }
		r=$((r + 1))
	done
}

# The includes of file $1, each as FOLDER/NAME (no .h), a bare name
# taken as its own folder's.
includes() {
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)\.h".*/\1/p' "$1" |
	while IFS= read -r inc; do
		case $inc in
		*/*) echo "$inc" ;;
		*) echo "$2/$inc" ;;
		esac
	done
}

files=$(cd "$dir" && find . -name '*.[ch]' | sed 's|^\./||' | sort)
bad=0
for f in $files; do
	folder=$(dirname "$f")
	if [ -z "$(rank "$folder")" ]; then
		echo "layer unknown: $f is in no layer ($layers)"
		bad=1
	fi
done
for f in $files; do
	folder=$(dirname "$f")
	mine=$(rank "$folder")
	[ -n "$mine" ] || continue
	for inc in $(includes "$dir/$f" "$folder"); do
		there=$(rank "$(dirname "$inc")")
		if [ -z "$there" ] || [ ! -e "$dir/$inc.h" ]; then
			echo "include unknown: $f includes $inc.h"
			bad=1
		elif [ "$there" -gt "$mine" ]; then
			echo "include upward: $f includes $inc.h"
			bad=1
		fi
	done
done

for f in $files; do
	folder=$(dirname "$f")
	m=${f%.*}
	m=${m%_impl}
	own=$(includes "$dir/$f" "$folder" | sed -n 's/_impl$//p' | head -n 1)
	[ -z "$own" ] || m=$own
	includes "$dir/$f" "$folder" | while IFS= read -r dep; do
		dep=${dep%_impl}
		dep=${dep#./}
		[ "$dep" = "${m#./}" ] || printf '%s %s\n' "${m#./}" "$dep"
	done
done | sort -u | awk -v bad=$bad '
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
