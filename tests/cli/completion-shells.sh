#!/bin/sh
# completion-shells.sh: the zsh and fish completions know every option
# --help lists, and offer the same values as the bash one.
#
# fish answers `complete -C LINE` without a terminal. zsh completes only
# in its line editor, so an interactive zsh is run on a pseudo-terminal
# (zsh/zpty), Tab is typed after the line, and what it lists is read.
. tests/lib.sh
need zsh fish timeout

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/fpath"
cp completion/_boids "$tmp/fpath/_boids" || exit 1

help_options "$tmp"

# fish LINE: the words fish offers for LINE, one a line, sorted.
fish_offers() {
	fish --no-config -c 'source completion/boids.fish; complete -C "$argv[1]"' \
	    "$1" | cut -f1 | sort
}

# zsh_offers LINE: the words zsh lists after Tab at the end of LINE.
# Ctrl-X e, typed after the Tab, runs a widget that shows ENDMARK: zsh
# takes keys in order, so once that shows, the completion has all been
# listed, however long a busy machine took (timeout(1) bounds the wait).
# Neither READY nor ENDMARK is typed whole ("" splits them), so that
# only zsh's output matches, not the echo of what was typed.
zsh_offers() {
	timeout 60 zsh -f -c '
		zmodload zsh/zpty || exit 1
		zpty -b z "zsh -f -i"
		zpty -w z "PS1= RPS1= ; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
		zpty -w z "end_mark() { zle -R; zle -M END\"\"MARK }; zle -N end_mark; bindkey \"^Xe\" end_mark"
		zpty -w z "LISTMAX=10000; setopt nobeep; print RE\"\"ADY"
		zpty -r -m z line "*READY*" || exit 1
		zpty -n -w z "$2"$'"'"'\t\030e'"'"'
		zpty -r -m z out "*ENDMARK*" || exit 1
		print -r -- "${out%ENDMARK*}"
		zpty -d z
	' _ "$tmp/fpath" "$1" |
	    sed 's/\x1b\[[0-9;?]*[A-Za-z]//g' | tr '\r' '\n'
}

# Every long option, and no other, offered after "--".
fish_offers 'boids --' >"$tmp/got"
cmp -s "$tmp/got" "$tmp/longs" || {
	fail "fish: completing '--' differs from --help (< fish, > help):"
	diff "$tmp/got" "$tmp/longs" >&2
}
fish_offers 'boids -' | grep -v '^--' >"$tmp/got"
cmp -s "$tmp/got" "$tmp/shorts" || {
	fail "fish: completing '-' differs from --help's letters:"
	diff "$tmp/got" "$tmp/shorts" >&2
}
zsh_offers 'boids --' | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/got"
cmp -s "$tmp/got" "$tmp/longs" || {
	fail "zsh: completing '--' differs from --help (< zsh, > help):"
	diff "$tmp/got" "$tmp/longs" >&2
}
# zsh lists each short letter beside its long name: "--count  -n  -- ...".
zsh_offers 'boids -' | sed -n 's/^\(--[a-z-]*\)  *\(-[A-Za-z0-9]\) .*/\2 \1/p' |
    sort >"$tmp/got"
sort "$tmp/pairs" >"$tmp/want"
cmp -s "$tmp/got" "$tmp/want" || {
	fail "zsh: short letters differ from --help's (< zsh, > help):"
	diff "$tmp/got" "$tmp/want" >&2
}

# After an option that takes a number: no options offered.
for opt in --count --fov --seed --wind; do
	grep -qx -- "$opt" "$tmp/valued" || fail "$opt takes no value in --help"
	[ -z "$(fish_offers "boids $opt ")" ] ||
		fail "fish: completing after $opt offers something"
done
[ -z "$(zsh_offers 'boids --count ' | grep -- '^--')" ] ||
	fail "zsh: completing after --count offers options"

# The words of --glyphs, --start, --theme and --background, in both.
for shell in fish zsh; do
	for opt in glyphs start theme background; do
		case $opt in
		glyphs) want='arrows auto dots pixels' ;;
		start) want='auto edges random' ;;
		theme) want='crowd heading mono speed terminal' ;;
		background) want='auto dark light' ;;
		esac
		got=$(${shell}_offers "boids --$opt " |
		    grep -Eo '\b(arrows|auto|dots|pixels|edges|random|heading|speed|crowd|mono|terminal|dark|light)\b' |
		    sort -u | tr '\n' ' ')
		[ "$got" = "$want " ] ||
			fail "$shell: --$opt offers '$got', not '$want'"
	done
done

# The presets, as --preset list names them, and list.
"$BOIDS" --preset list | cut -d' ' -f1 | { cat; echo list; } | sort |
	tr '\n' ' ' >"$tmp/presets"
got=$(fish_offers 'boids --preset ' | tr '\n' ' ')
[ "$got" = "$(cat "$tmp/presets")" ] ||
	fail "fish: --preset offers '$got', not '$(cat "$tmp/presets")'"
zsh_offers 'boids --preset ' >"$tmp/zsh"
for w in $(cat "$tmp/presets"); do
	grep -qw -- "$w" "$tmp/zsh" || fail "zsh: --preset does not offer $w"
done

# File names after --trace, blanks and all.
mkdir "$tmp/d"
: >"$tmp/d/flight data.csv"
[ "$(fish_offers "boids --trace $tmp/d/fl")" = "$tmp/d/flight data.csv" ] ||
	fail "fish: --trace does not complete a file name"
zsh_offers "boids --trace $tmp/d/fl" | grep -q 'flight\\ data\.csv' ||
	fail "zsh: --trace does not complete a file name"

# --size: the default, and the terminal in use.
got=$(COLUMNS=100 LINES=31 fish_offers 'boids --size ' | tr '\n' ' ')
[ "$got" = "100x31 80x24 " ] || fail "fish: --size offers '$got'"
zsh_offers 'boids --size ' | grep -q '80x24' || fail "zsh: --size offers no 80x24"

# Nothing after --help.
[ -z "$(fish_offers 'boids --help --')" ] || fail "fish: options after --help"
[ -z "$(zsh_offers 'boids --help --' | grep -- '^--')" ] ||
	fail "zsh: options after --help"

finish
