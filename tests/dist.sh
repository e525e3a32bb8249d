#!/bin/sh
# dist.sh: make dist's tarball is the source, and stands on its own.
#
# boids-VERSION.tar.gz holds, under boids-VERSION/, every file git
# tracks or would (debian/ aside, which is the package's), and nothing
# else; the same tree makes it byte for byte again. Unpacked in a
# directory with no git repository above it, and with git itself out
# of reach (a git that only logs its calls comes first on PATH), it
# builds, installs with DESTDIR exactly the files make install names,
# and passes the unit and command-line tests (make check-unit
# check-cli), without a call to git. Run from the top of a git
# checkout; it says what it did and how long each step took. Too slow
# for make check (the tests are built again from nothing): .ci/run
# runs it.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
make=${MAKE:-make}
# The make that runs this test may be silent or parallel; the makes here
# start afresh, as a user's would.
unset MAKEFLAGS MFLAGS MAKELEVEL
jobs=${JOBS:-2}
status=0
version=$(cut -d' ' -f1 VERSION)
dist=boids-$version

# fail MESSAGE: a failure, said at once.
fail() {
	printf 'FAIL  dist: %s\n' "$*"
	status=1
}

# timed LOG CMD...: run CMD with its output in LOG, and say how long it
# took; on failure, show the end of LOG.
timed() {
	log=$1
	shift
	start=$(date +%s)
	"$@" >"$log" 2>&1
	rc=$?
	what="$*"
	printf '      %s: %s s\n' "${what#away }" $(($(date +%s) - start))
	if [ $rc -ne 0 ]; then
		tail -n 30 "$log" | sed 's/^/        /'
		fail "$* failed (status $rc)"
	fi
	return $rc
}

timed "$tmp/dist.log" "$make" dist || exit 1
[ -f "$dist.tar.gz" ] || { fail "no $dist.tar.gz"; exit 1; }
printf '      %s: %s bytes\n' "$dist.tar.gz" "$(wc -c <"$dist.tar.gz")"

# What it holds: the source, each file under boids-VERSION/.
tar -tzf "$dist.tar.gz" | sort >"$tmp/listed" || fail "cannot list it"
git ls-files -c -o --exclude-standard | grep -v '^debian/' |
    while IFS= read -r f; do [ ! -f "$f" ] || echo "$dist/$f"; done |
    sort >"$tmp/source"
if ! cmp -s "$tmp/listed" "$tmp/source"; then
	fail "the tarball is not the source (< tarball, > git):"
	diff "$tmp/listed" "$tmp/source" | head -n 20 | sed 's/^/        /'
fi
grep -q "^$dist/VERSION\$" "$tmp/listed" || fail "no VERSION in it"
grep -q "^$dist/debian/" "$tmp/listed" && fail "debian/ is in it"

# The same tree, the same bytes.
cp "$dist.tar.gz" "$tmp/first.tar.gz"
timed "$tmp/dist2.log" "$make" dist &&
	{ cmp -s "$dist.tar.gz" "$tmp/first.tar.gz" ||
	    fail "made twice, it differs"; }

# Away from git: an empty directory of its own, and a git on PATH that
# only logs.
mkdir "$tmp/away" "$tmp/bin" "$tmp/root"
cat >"$tmp/bin/git" <<EOF
#!/bin/sh
echo "git \$*" >>"$tmp/git.calls"
exit 127
EOF
chmod +x "$tmp/bin/git"
(cd "$tmp/away" && tar -xzf "$OLDPWD/$dist.tar.gz") || fail "cannot unpack it"
dir=$tmp/away/$dist
d=$dir
while [ "$d" != / ]; do
	[ -e "$d/.git" ] && fail "$d/.git: the unpacked tree is inside a repository"
	d=$(dirname "$d")
done
printf '      unpacked in %s, git out of reach\n' "$dir"

away() {
	(cd "$dir" && PATH="$tmp/bin:$PATH" "$@")
}
timed "$tmp/build.log" away "$make" -j"$jobs" &&
	away ./boids --version | sed 's/^/        /'
[ "$(away ./boids --version | head -n 1)" = "boids $version" ] ||
	fail "its boids --version does not say boids $version"
if timed "$tmp/install.log" away "$make" install DESTDIR="$tmp/root" \
    PREFIX=/usr; then
	(cd "$tmp/root" && find . ! -type d | sort) >"$tmp/installed"
	printf '%s\n' ./usr/bin/boids \
	    ./usr/share/bash-completion/completions/boids \
	    ./usr/share/fish/vendor_completions.d/boids.fish \
	    ./usr/share/man/man6/boids.6 \
	    ./usr/share/zsh/vendor-completions/_boids | sort >"$tmp/want"
	cmp -s "$tmp/installed" "$tmp/want" ||
		fail "installed $(tr '\n' ' ' <"$tmp/installed")"
	[ "$("$tmp/root/usr/bin/boids" --version | head -n 1)" = \
	    "boids $version" ] || fail "the installed boids is not $version"
	sed 's/^\./        /' "$tmp/installed"
fi
if timed "$tmp/check.log" away "$make" -k -j"$jobs" -Otarget check-unit \
    check-cli; then
	printf '        %s unit tests and %s command-line tests passed\n' \
	    "$(grep -c '^ok    test_' "$tmp/check.log")" \
	    "$(grep -c '^ok    tests/cli/' "$tmp/check.log")"
fi
grep '^FAIL' "$tmp/check.log" | sed 's/^/        /'
if [ -s "$tmp/git.calls" ]; then
	fail "git was called:"
	sed 's/^/        /' "$tmp/git.calls"
fi

if [ $status -eq 0 ]; then
	printf 'ok    %s.tar.gz: the source; built, installed and tested' "$dist"
	printf ' without git\n'
fi
exit $status
