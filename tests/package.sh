#!/bin/sh
# package.sh: the README's ways to install boids, run as it writes
# them, on this machine, with a transcript of each.
#
# Every indented command of the README's Install section is run, block
# by block, as typed at one shell (a cd stays; sudo is the command
# itself for root), and what it did is checked before the next block:
#   - make dist, make deb, make deb ARCH=arm64, in the checkout: the
#     tarball and the two packages (make deb holds each to lintian);
#     dpkg -c shows what each holds;
#   - apt-get install of the amd64 package: boids on PATH says the
#     version, man -w finds the page, bash, zsh and fish each complete
#     "boids --cou" to "boids --count" from where they look for
#     completions (bash and zsh at a Tab in a terminal, under tmux),
#     and a headless flight; the arm64 package's program, unpacked by
#     dpkg-deb -x, flies the same flight under qemu-aarch64, byte for
#     byte (every build flies the same flight);
#   - apt-get purge: of the files and directories dpkg -L listed, none
#     is left but directories other packages own;
#   - the tarball built and installed under /usr/local: the same checks
#     and the same flight; make uninstall: /usr/local as it was.
# A block of the section that none of these fits is a failure: every
# command the README gives is run here.
#
# It installs and removes packages and writes /usr/local: it is for a
# machine that exists to be changed, CI's (.ci/run runs it), as root or
# with sudo. Run from the top of a git checkout, on amd64.
. tests/lib.sh
need apt-get dpkg-deb dpkg-parsechangelog qemu-aarch64 tmux man bash zsh fish

top=$PWD
tmp=$(mktemp -d) || exit 1
cleanup() {
	tmux -S "$tmp/tmux" kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
# The make that runs this may be silent or parallel; the makes here are
# a user's.
unset MAKEFLAGS MFLAGS MAKELEVEL
version=$(cut -d' ' -f1 VERSION)
deb_version=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$(dpkg --print-architecture)" = amd64 ] ||
	{ echo "package.sh: for amd64, not $(dpkg --print-architecture)" >&2; exit 1; }
deb=boids_${deb_version}_amd64.deb
deb_arm=boids_${deb_version}_arm64.deb
flight='-H -S 7 -n 500 -p 2 -o 2 -t 300 -e 100'

# The README's sudo: the command itself for root, else sudo, which
# keeps the environment below through env.
if [ "$(id -u)" -eq 0 ]; then
	sudo() { "$@"; }
else
	sudo() { command sudo env APT_CONFIG="$APT_CONFIG" \
	    DEBIAN_FRONTEND=noninteractive "$@"; }
fi
# apt-get asks before it removes a package; the reader answers yes.
printf 'APT::Get::Assume-Yes "true";\n' >"$tmp/apt.conf"
APT_CONFIG=$tmp/apt.conf
DEBIAN_FRONTEND=noninteractive
export APT_CONFIG DEBIAN_FRONTEND

# say TEXT: a heading in the transcript.
say() {
	printf '\n== %s\n' "$*"
}

# show FILE: the output in FILE, indented; its last $keep lines (12
# unless said) when longer, a line cut at 150 characters, dpkg's
# progress left out.
keep=12
show() {
	sed 's/(Reading database \.\.\. [0-9]*%//g' "$1" >"$tmp/shown"
	lines=$(wc -l <"$tmp/shown")
	if [ "$lines" -gt "$keep" ]; then
		printf '    (%d lines; the last %d:)\n' "$lines" "$keep"
	fi
	tail -n "$keep" "$tmp/shown" |
	    awk '{ print "    " (length > 150 ? substr($0, 1, 150) " ..." : $0) }'
}

# run CMD...: run CMD, show it and its output; its status.
run() {
	printf '$ %s\n' "$*"
	"$@" >"$tmp/out" 2>&1
	rc=$?
	show "$tmp/out"
	return $rc
}

# block FILE: the README's commands in FILE, in this shell, one at a
# time, each shown with its output and how long it took. A command that
# fails ends the block.
block() {
	cmd=
	while IFS= read -r line; do
		# A line ending in a backslash goes on on the next.
		case $line in
		*\\) cmd="$cmd${line%\\} "; continue ;;
		esac
		cmd="$cmd$line"
		printf '$ %s\n' "$cmd"
		start=$(date +%s)
		eval "$cmd" </dev/null >"$tmp/out" 2>&1
		rc=$?
		show "$tmp/out"
		printf '    (%s s)\n' $(($(date +%s) - start))
		if [ $rc -ne 0 ]; then
			fail "README: '$cmd' failed (status $rc)"
			return 1
		fi
		cmd=
	done <"$1"
}

# wait_pane PATTERN: poll the terminal until a line matches PATTERN, up
# to 20 s; the matching line.
wait_pane() {
	i=0
	while [ $i -lt 100 ]; do
		tmux -S "$tmp/tmux" capture-pane -p >"$tmp/pane" 2>/dev/null
		if grep -q -- "$1" "$tmp/pane"; then
			grep -- "$1" "$tmp/pane" | tail -n 1
			return 0
		fi
		sleep 0.2
		i=$((i + 1))
	done
	return 1
}

# tab NAME CMD...: the shell CMD, interactive in a terminal, shows its
# prompt (READY), and completes "boids --cou" to "boids --count" at a
# Tab.
tab() {
	name=$1
	shift
	tmux -S "$tmp/tmux" kill-server >/dev/null 2>&1
	tmux -S "$tmp/tmux" -f /dev/null new-session -d -x 100 -y 10 "$@"
	if ! wait_pane READY >/dev/null; then
		fail "$name: no prompt: $(cat "$tmp/pane")"
		return
	fi
	tmux -S "$tmp/tmux" send-keys 'boids --cou' Tab
	if line=$(wait_pane 'boids --count'); then
		printf '    %s: "boids --cou" Tab -> "%s"\n' "$name" \
		    "$(printf '%s' "$line" | sed 's/.*READY[$#] //; s/ *$//')"
	else
		fail "$name: Tab after 'boids --cou' gave: $(cat "$tmp/pane")"
	fi
	tmux -S "$tmp/tmux" kill-server >/dev/null 2>&1
}

# installed DIR: boids is on PATH in DIR/bin, says the version, has its
# man page under DIR, completes in bash, zsh and fish, and flies the
# flight $tmp/flight.amd64 holds (or writes it there, the first time).
installed() {
	dir=$1
	found=$(command -v boids)
	run command -v boids
	[ "$found" = "$dir/bin/boids" ] ||
		fail "boids on PATH is '$found', not $dir/bin/boids"
	run boids --version
	[ "$(head -n 1 "$tmp/out")" = "boids $version" ] ||
		fail "boids --version does not say boids $version"
	# /usr/local/man is Debian's link to /usr/local/share/man.
	run man -w boids
	page=$(readlink -f "$(cat "$tmp/out")")
	case $page in
	"$dir"/share/man/man6/boids.6*) ;;
	*) fail "man -w boids: '$(cat "$tmp/out")', not under $dir/share/man" ;;
	esac
	mkdir -p "$tmp/home"
	printf '%s\n' '. /usr/share/bash-completion/bash_completion' \
	    "PS1='READY\\$ '" >"$tmp/bashrc"
	printf '%s\n' "autoload -Uz compinit && compinit -u -d $tmp/zcompdump" \
	    "PS1='READY$ '" >"$tmp/home/.zshrc"
	echo "Tab in bash (bash-completion's loader) and zsh (compinit), in tmux:"
	tab bash env HOME="$tmp/home" bash --noprofile --rcfile "$tmp/bashrc" -i
	tab zsh env HOME="$tmp/home" ZDOTDIR="$tmp/home" zsh -i
	# fish looks under /usr/local only where XDG_DATA_DIRS says so,
	# as the README warns.
	xdg=
	[ "$dir" = /usr ] || xdg=XDG_DATA_DIRS=$dir/share:/usr/share
	run env HOME="$tmp/home" ${xdg:+"$xdg"} fish -c 'complete -C "boids --cou"'
	grep -q '^--count' "$tmp/out" ||
		fail "fish: completing 'boids --cou' does not offer --count"
	# shellcheck disable=SC2086
	run boids $flight
	if [ -f "$tmp/flight.amd64" ]; then
		if cmp -s "$tmp/out" "$tmp/flight.amd64"; then
			echo "    the same flight as the package's, byte for byte"
		else
			fail "$dir/bin/boids flies another flight than the package"
		fi
	else
		cp "$tmp/out" "$tmp/flight.amd64"
		grep -q '^step=300 ' "$tmp/out" || fail "no flight"
	fi
}

# arm64: the arm64 package's program flies the amd64 one's flight under
# emulation, with the arm64 libraries of this machine's multiarch.
arm64() {
	say "the arm64 package's boids, under qemu-aarch64"
	mkdir "$tmp/arm64"
	run dpkg-deb -x "$top/$deb_arm" "$tmp/arm64" || fail "cannot unpack $deb_arm"
	bin=$tmp/arm64/usr/bin/boids
	run qemu-aarch64 -L /usr/aarch64-linux-gnu "$bin" --version
	[ "$(head -n 1 "$tmp/out")" = "boids $version" ] ||
		fail "arm64: boids --version does not say boids $version"
	# shellcheck disable=SC2086
	run qemu-aarch64 -L /usr/aarch64-linux-gnu "$bin" $flight
	if cmp -s "$tmp/out" "$tmp/flight.amd64"; then
		echo "    the same flight as amd64's, byte for byte"
	else
		fail "arm64 flies another flight than amd64:"
		diff "$tmp/flight.amd64" "$tmp/out" >&2
	fi
}

# purged: nothing dpkg listed is left, but directories other packages
# own; dpkg knows boids no more.
purged() {
	run dpkg-query -W -f='${db:Status-Status}\n' boids
	case $(dpkg-query -W -f='${db:Status-Status}' boids 2>/dev/null) in
	"" | not-installed) ;;
	*) fail "dpkg still has boids: $(cat "$tmp/out")" ;;
	esac
	files=0 dirs=0 shared=0
	while IFS= read -r f; do
		[ "$f" = /. ] && continue
		if [ -d "$f" ] && [ ! -L "$f" ]; then
			dirs=$((dirs + 1))
			# Another package's directory stays; ours goes.
			dpkg-query -S "$f" >/dev/null 2>&1 &&
				{ shared=$((shared + 1)); continue; }
			fail "left after purge: the directory $f"
		else
			files=$((files + 1))
			if [ -e "$f" ] || [ -L "$f" ]; then
				fail "left after purge: $f"
			fi
		fi
	done <"$tmp/dpkg-L"
	printf '    of the %d files and %d directories dpkg -L listed, none is' \
	    "$files" "$dirs"
	printf ' left but %d directories other packages own\n' "$shared"
	hash -r
	if command -v boids >/dev/null; then
		fail "boids still on PATH: $(command -v boids)"
	fi
}

# The README's Install section, its indented blocks one a file, in order.
mkdir "$tmp/blocks"
blocks=$(awk -v dir="$tmp/blocks" '
	/^## / { inside = ($0 == "## Install"); next }
	inside && /^    / {
		if (!open) { n++; open = 1 }
		sub(/^    /, "")
		print > (dir "/" n)
		next
	}
	{ open = 0 }
	END { print n + 0 }' README.md)
[ "$blocks" -ge 4 ] || fail "README: $blocks blocks in Install, too few"

# The blocks that make the packages run first, in the checkout; the
# others in a directory of the user's, where the packages and the
# tarball are, in the README's order.
ran=0
k=0
while [ "$k" -lt "$blocks" ]; do
	k=$((k + 1))
	grep -q '^make deb' "$tmp/blocks/$k" || continue
	say "making the tarball and the packages (README, block $k)"
	block "$tmp/blocks/$k" || finish
	ran=$((ran + 1))
done
[ "$ran" -eq 1 ] || fail "README: $ran blocks make the packages, not one"
for f in "$deb" "$deb_arm" "boids-$version.tar.gz"; do
	[ -f "$f" ] || { fail "no $f made"; finish; }
done
say "what the packages hold"
keep=100
run dpkg-deb -f "$deb" Package Version Architecture Depends
run dpkg -c "$deb"
run dpkg-deb -f "$deb_arm" Package Version Architecture Depends
run dpkg -c "$deb_arm"
keep=12

mkdir "$tmp/user"
cp "$deb" "boids-$version.tar.gz" "$tmp/user/" || finish
find /usr/local ! -type d | sort >"$tmp/local.before"
cd "$tmp/user" || finish
k=0
while [ "$k" -lt "$blocks" ]; do
	k=$((k + 1))
	b=$tmp/blocks/$k
	grep -q '^make deb' "$b" && continue
	if grep -q 'apt-get install \./boids_' "$b"; then
		say "installing the package (README, block $k)"
		block "$b" || finish
		say "the package installed"
		dpkg -L boids >"$tmp/dpkg-L"
		installed /usr
		arm64
	elif grep -q 'apt-get purge boids' "$b"; then
		[ -s "$tmp/dpkg-L" ] || fail "README: a purge before an install"
		say "purging the package (README, block $k)"
		block "$b" || finish
		purged
	elif grep -q 'make install' "$b"; then
		say "the tarball built and installed (README, block $k)"
		block "$b" || finish
		say "the tarball's boids installed"
		hash -r
		installed /usr/local
	elif grep -q 'make uninstall' "$b"; then
		say "uninstalling (README, block $k)"
		block "$b" || finish
		find /usr/local ! -type d | sort >"$tmp/local.after"
		if cmp -s "$tmp/local.before" "$tmp/local.after"; then
			echo "    /usr/local holds the files it held before"
		else
			fail "make uninstall left /usr/local changed:"
			diff "$tmp/local.before" "$tmp/local.after" >&2
		fi
	else
		fail "README: block $k is run by no check here: $(cat "$b")"
	fi
done
cd "$top" || exit 1

say "done"
[ "$test_failures" -eq 0 ] &&
	printf 'ok    packages: made, installed, flown (amd64 and arm64), purged;\n' &&
	printf '      the tarball built, installed and uninstalled\n'
finish
