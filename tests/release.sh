#!/bin/sh
# release.sh: the release is named in one place, the file VERSION
# ("1.1.0 2026-11-27": the version, then the day), and every page that
# quotes it says the same: the man page's date and version (.Dd, .Os,
# what --version prints, the record shown), NEWS's newest entry,
# debian/changelog's newest entry (the package's version is VERSION's
# and a revision of its own) and the README's file names. The program,
# the tarball and the package read VERSION itself (tests/cli/help.sh
# and tests/dist.sh check those). The package's copyright file carries
# LICENSE's terms word for word. Run from the top of the repository.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# fail MESSAGE: note a failure; the notes are shown at the end.
fail() {
	printf '      %s\n' "$*" >>"$tmp/fails"
}

# has FILE LINE: FILE has LINE, whole.
has() {
	grep -qxF -- "$2" "$1" || fail "$1: no line '$2'"
}

if ! read -r version day rest <VERSION || [ -n "$rest" ] ||
    ! printf '%s\n' "$version" | grep -Eqx '[0-9]+\.[0-9]+\.[0-9]+' ||
    ! printf '%s\n' "$day" | grep -Eqx '[0-9]{4}-[0-9]{2}-[0-9]{2}' ||
    [ "$(wc -l <VERSION)" -ne 1 ]; then
	printf 'FAIL  VERSION is not one line "X.Y.Z YYYY-MM-DD"\n'
	exit 1
fi
mdoc_day=$(LC_ALL=C date -u -d "$day" '+%B %-d, %Y') || exit 1
deb_day=$(LC_ALL=C date -u -d "$day" '+%a, %d %b %Y') || exit 1

# The man page: its header, --version's line and the record shown; no
# other version of boids.
has man/boids.6 ".Dd $mdoc_day"
has man/boids.6 ".Os boids $version"
has man/boids.6 ".Ql boids $version ,"
grep -q "^build boids-$version src-" man/boids.6 ||
	fail "man/boids.6: the record shown is not of boids-$version"
grep -Eo 'boids[ -][0-9]+\.[0-9]+\.[0-9]+' man/boids.6 | sort -u |
    grep -v -e "^boids $version\$" -e "^boids-$version\$" >"$tmp/other"
[ -s "$tmp/other" ] &&
	fail "man/boids.6: other versions: $(tr '\n' ' ' <"$tmp/other")"

# NEWS: the newest entry is this release, on its day.
newest=$(grep -m 1 '^boids [0-9]' NEWS)
[ "$newest" = "boids $version ($day)" ] ||
	fail "NEWS: the newest entry is '$newest', not 'boids $version ($day)'"

# debian/changelog: the newest entry is VERSION-N, signed on the day.
head -n 1 debian/changelog >"$tmp/head"
grep -Eqx "boids \($version-[0-9]+\) [a-z-]+; urgency=[a-z]+" "$tmp/head" ||
	fail "debian/changelog: the newest entry is '$(cat "$tmp/head")'," \
	    "not boids ($version-N)"
revision=$(sed -n 's/^boids ([^-]*-\([0-9]*\)).*/\1/p' "$tmp/head")
signed=$(grep -m 1 '^ -- ' debian/changelog)
case $signed in
*">  $deb_day "*) ;;
*) fail "debian/changelog: the newest entry is signed '$signed', not on $deb_day" ;;
esac

# The README's file names: the tarball, its directory and the package.
grep -Eo 'boids(-|_)[0-9]+\.[0-9]+\.[0-9]+[^ `]*' README.md | sort -u \
    >"$tmp/named"
[ -s "$tmp/named" ] || fail "README.md names no tarball or package"
while read -r name; do
	case $name in
	"boids-$version" | "boids-$version.tar.gz") ;;
	"boids_${version}-${revision}_amd64.deb") ;;
	"boids_${version}-${revision}_arm64.deb") ;;
	*) fail "README.md: '$name' is not of $version-$revision" ;;
	esac
done <"$tmp/named"

# The copyright file: LICENSE's terms as the paragraph of the ISC
# licence, each line a blank in, a blank line as " .".
sed -n '/^Permission/,$p' LICENSE >"$tmp/license"
awk 'BEGIN { RS = "" } /^License: ISC\n/ { print; exit }' debian/copyright |
    sed '1d; s/^ //; s/^\.$//' >"$tmp/copyright"
if [ ! -s "$tmp/license" ] || ! cmp -s "$tmp/license" "$tmp/copyright"; then
	fail "debian/copyright: the ISC terms are not LICENSE's"
fi
grep -q '^Copyright: .*the boids developers' debian/copyright ||
	fail "debian/copyright: no copyright holder as LICENSE names them"

if [ -s "$tmp/fails" ]; then
	printf 'FAIL  the release is not %s of %s everywhere\n' "$version" "$day"
	cat "$tmp/fails"
	exit 1
fi
printf 'ok    release %s of %s: man page, NEWS, debian/changelog, README\n' \
    "$version" "$day"
