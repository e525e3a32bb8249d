#!/bin/sh
# install-layout.sh: `make install` with DESTDIR and PREFIX lays out the
# program, its man page and its bash, zsh and fish completions, and
# nothing else; `make uninstall` with the same variables takes them all
# away again.
# Run from the top of the repository, after the program is built.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
make=${MAKE:-make}
# The make that runs this test may be silent or parallel; the makes here
# start afresh, as a user's would.
unset MAKEFLAGS MFLAGS MAKELEVEL

# fail MESSAGE: note a failure; the notes are shown at the end.
fail() {
	printf '      %s\n' "$*" >>"$tmp/fails"
}

files() {
	(cd "$tmp/root" && find . ! -type d | sed 's|^\./||' | sort)
}

# layout DIR VAR...: install with DESTDIR and VAR..., expect exactly the
# five files under DIR, then uninstall them all.
layout() {
	dir=$1
	shift
	rm -rf "$tmp/root"
	mkdir "$tmp/root"
	if ! $make -s install DESTDIR="$tmp/root" "$@" >"$tmp/log" 2>&1; then
		fail "make install $*: failed:"
		sed 's/^/      /' "$tmp/log" >>"$tmp/fails"
	fi
	# zsh looks in site-functions, Debian's zsh under /usr in
	# vendor-completions.
	case $dir in
	usr) zsh=$dir/share/zsh/vendor-completions/_boids ;;
	*) zsh=$dir/share/zsh/site-functions/_boids ;;
	esac
	printf '%s\n' "$dir/bin/boids" \
	    "$dir/share/bash-completion/completions/boids" \
	    "$dir/share/fish/vendor_completions.d/boids.fish" \
	    "$dir/share/man/man6/boids.6" "$zsh" | sort >"$tmp/want"
	files >"$tmp/got"
	if ! cmp -s "$tmp/got" "$tmp/want"; then
		fail "make install $*: files differ (< installed, > wanted):"
		diff "$tmp/got" "$tmp/want" | sed 's/^/      /' >>"$tmp/fails"
	fi
	mode "$dir/bin/boids" -rwxr-xr-x
	mode "$dir/share/man/man6/boids.6" -rw-r--r--
	mode "$dir/share/bash-completion/completions/boids" -rw-r--r--
	cmp -s "$tmp/root/$dir/share/man/man6/boids.6" man/boids.6 ||
		fail "make install $*: the man page is not man/boids.6"
	cmp -s "$tmp/root/$dir/share/bash-completion/completions/boids" \
	    completion/boids.bash ||
		fail "make install $*: the completion is not completion/boids.bash"
	cmp -s "$tmp/root/$zsh" completion/_boids ||
		fail "make install $*: the zsh completion is not completion/_boids"
	cmp -s "$tmp/root/$dir/share/fish/vendor_completions.d/boids.fish" \
	    completion/boids.fish ||
		fail "make install $*: the fish completion is not completion/boids.fish"
	mode "$zsh" -rw-r--r--
	mode "$dir/share/fish/vendor_completions.d/boids.fish" -rw-r--r--
	version=$("$tmp/root/$dir/bin/boids" --version 2>&1 | head -n 1)
	[ "$version" = "boids $(cut -d' ' -f1 VERSION)" ] ||
		fail "make install $*: boids --version says '$version'"

	if ! $make -s uninstall DESTDIR="$tmp/root" "$@" >"$tmp/log" 2>&1
	then
		fail "make uninstall $*: failed:"
		sed 's/^/      /' "$tmp/log" >>"$tmp/fails"
	fi
	left=$(files)
	[ -z "$left" ] || fail "make uninstall $*: left $left"
}

mode() {
	[ -e "$tmp/root/$1" ] || return 0
	got=$(ls -l "$tmp/root/$1" | cut -c1-10)
	[ "$got" = "$2" ] || fail "$1 has mode $got, not $2"
}

layout usr PREFIX=/usr
layout usr/local

if [ -s "$tmp/fails" ]; then
	printf 'FAIL  make install / uninstall\n'
	cat "$tmp/fails"
	exit 1
fi
printf 'ok    make install / uninstall (DESTDIR, PREFIX=/usr and default)\n'
