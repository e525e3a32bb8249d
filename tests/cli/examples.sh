# examples.sh: every headless line shown in the README and the man page
# is what the command shown with it prints. An example is a line
# "$ boids -H ..." followed by the lines of its output; a line of output
# ("step=...") with no command above it is an example nobody can check,
# and fails. Every build prints the same bytes (tests/agree.sh), so the
# examples hold on any processor.
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# examples FILE: each example as "command<TAB>line" rows, a line per row;
# an orphan line of output as "-<TAB>line".
# A --picture example goes on with the picture's lines as they are,
# leading blanks and empty rows too, up to the end of its block.
examples() {
	awk '
		{ line = $0; sub(/^ */, "", line) }
		pic && (line == "```" || line == ".Ed") { cmd = ""; pic = 0 }
		pic { printf "%s\t%s\n", cmd, $0; next }
		line ~ /^\$ boids / {
			cmd = substr(line, 3); pic = 0; next }
		line ~ /^step=/ {
			printf "%s\t%s\n", (cmd == "" ? "-" : cmd), line
			pic = cmd ~ /--picture/; next }
		{ cmd = "" }' "$1"
}

checked=0
for doc in README.md man/boids.6; do
	examples "$doc" >"$tmp/ex"
	[ -s "$tmp/ex" ] || fail "$doc: no headless example"
	cut -f 1 "$tmp/ex" | uniq >"$tmp/cmds"
	while IFS= read -r cmd; do
		if [ "$cmd" = - ]; then
			fail "$doc: output with no command: $(grep '^-' "$tmp/ex" |
			    head -n 1 | cut -f 2)"
			continue
		fi
		case $cmd in
		"boids -H "*) ;;
		*) fail "$doc: not a headless command: $cmd"; continue ;;
		esac
		awk -F '\t' -v c="$cmd" '$1 == c { print $2 }' "$tmp/ex" \
		    >"$tmp/want"
		# The command's words after "boids", unquoted: options only.
		# shellcheck disable=SC2086
		"$BOIDS" ${cmd#boids } >"$tmp/got" 2>&1 ||
			fail "$doc: '$cmd' failed"
		cmp -s "$tmp/want" "$tmp/got" || fail "$doc: '$cmd' prints
$(cat "$tmp/got")
and not, as shown,
$(cat "$tmp/want")"
		checked=$((checked + 1))
	done <"$tmp/cmds"
done
[ "$checked" -ge 2 ] || fail "only $checked examples checked"
finish
