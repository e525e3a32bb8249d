#!/bin/sh
# config.sh: the config file and --print-config, against the command line.
#
# A file with every option a file may hold flies the same bytes headless
# as the same flags; the command line wins over --config's file, which
# replaces the default one; presets lie beneath every option given; each
# kind of bad line, and a file that is not there or cannot be read, gets
# its own message and exit status; and what --print-config prints, read
# back with --config, flies the same bytes again.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# A default file of the test's own, absent until a test writes it.
XDG_CONFIG_HOME=$tmp/xdg
export XDG_CONFIG_HOME
mkdir -p "$tmp/xdg/boids"
xdg=$tmp/xdg/boids/config
H='-H -t 240 -e 60'
# --clock among every option: the same time for every run.
BOIDS_CLOCK=12:00
export BOIDS_CLOCK

# run ARGS...: boids ARGS, its output in $tmp/out and $tmp/err.
run() {
	"$BOIDS" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	status=$?
}

# same WHAT ARGS1 -- ARGS2: the two runs print the same bytes, and some.
same() {
	what=$1
	shift
	a=
	while [ "$1" != -- ]; do a="$a $1"; shift; done
	shift
	# shellcheck disable=SC2086
	"$BOIDS" $a >"$tmp/a" 2>&1 || fail "$what: boids$a failed: $(cat "$tmp/a")"
	"$BOIDS" "$@" >"$tmp/b" 2>&1 || fail "$what: boids $* failed: $(cat "$tmp/b")"
	[ -s "$tmp/a" ] || fail "$what: no output"
	cmp -s "$tmp/a" "$tmp/b" || fail "$what: boids$a and boids $* differ"
}

# The options a file may not hold: those of one run.
once='help version print-config config no-config headless steps every
trace picture record replay cast screensaver gif png'
# A value, not the default, for every other option; a flag has none.
value_of() {
	case $1 in
	count) echo 150 ;; predators) echo 2 ;; obstacles) echo 2 ;;
	seed) echo 42 ;; start) echo random ;; cohesion) echo 1.3 ;;
	separation) echo 0.8 ;; alignment) echo 1.1 ;; radius) echo 8 ;;
	distance) echo 2.5 ;; max-speed) echo 0.6 ;; turn) echo 20 ;;
	fov) echo 300 ;; nearest) echo 5 ;; wander) echo 0.2 ;;
	wind) echo 0.05,-0.02 ;; goal) echo 0.3,0.6 ;; goal-weight) echo 1.5 ;;
	rate) echo 40 ;; fps) echo 20 ;; speed) echo 2 ;; glyphs) echo dots ;;
	size) echo 90x30 ;; preset) echo school ;; theme) echo crowd ;;
	background) echo light ;;
	species) echo 3 ;; say) echo HI ;;
	perch | ascii | no-color | fear | leaders | clock | trails) echo FLAG ;;
	*) echo NONE ;;
	esac
}

help_options "$tmp"
: >"$tmp/every"
flags=
for opt in $(sed 's/^--//' "$tmp/longs"); do
	case " $(echo $once) " in
	*" $opt "*) continue ;;
	esac
	v=$(value_of "$opt")
	case $v in
	NONE) fail "--$opt: no value for it in this test" ;;
	FLAG) echo "$opt" >>"$tmp/every"; flags="$flags --$opt" ;;
	*) echo "$opt = $v" >>"$tmp/every"; flags="$flags --$opt $v" ;;
	esac
done
[ "$(wc -l <"$tmp/every")" -ge 25 ] || fail "too few options for a file"

# Every option in a file flies as the same flags, the picture too.
same "a file of every option" $H --picture --config "$tmp/every" -- \
    $H --picture --no-config $flags
# ... and not as the defaults: the file was read.
"$BOIDS" $H --no-config -S 42 >"$tmp/a"
cmp -s "$tmp/a" "$tmp/b" && fail "the file of every option changed nothing"

# Comments, blanks, CRLF ends and a repeated option (the last wins).
printf '# comment\r\n\r\n  count = 90   # trailing comment\r\nseed=5\ncount = 120\n\tperch\n' \
    >"$tmp/c"
same "comments and blanks" $H --config "$tmp/c" -- $H -n 120 -S 5 -P

# Precedence: flags over --config's file, which replaces the default.
printf 'count = 60\ncohesion = 1.5\nseed = 7\n' >"$xdg"
printf 'count = 70\nseed = 7\n' >"$tmp/b.conf"
same "the default file" $H -- $H --no-config -n 60 -c 1.5 -S 7
same "--config replaces it" $H --config "$tmp/b.conf" -- \
    $H --no-config -n 70 -S 7
same "flags over --config" $H --config "$tmp/b.conf" -n 80 -- \
    $H --no-config -n 80 -S 7
same "flags over the default file" $H -c 0.5 -- \
    $H --no-config -n 60 -c 0.5 -S 7
same "--no-config reads none" $H --no-config -S 7 -- $H --config /dev/null -S 7
rm -f "$xdg"

# A preset lies beneath every option given: before it, after it, or in
# the file, and the file's preset beneath the command line's options.
same "flags before and after a preset" $H -S 3 -n 40 --preset murmuration -- \
    $H -S 3 --preset murmuration -n 40
printf 'count = 40\n' >"$tmp/p.conf"
same "a file's option over the command line's preset" \
    $H -S 3 --config "$tmp/p.conf" --preset murmuration -- \
    $H -S 3 --no-config --preset murmuration -n 40
printf 'preset = murmuration\n' >"$tmp/p.conf"
same "a file's preset beneath the command line" \
    $H -S 3 --config "$tmp/p.conf" -n 40 -- $H -S 3 --preset murmuration -n 40
same "--preset none over a file's preset" \
    $H -S 3 --config "$tmp/p.conf" --preset none -- $H -S 3 --no-config
"$BOIDS" $H -S 3 --preset murmuration >"$tmp/a"
cmp -s "$tmp/a" "$tmp/b" && fail "--preset murmuration changed nothing"

# bad TEXT STATUS MESSAGE: a file of TEXT is refused with exit status
# STATUS and MESSAGE (after "boids: FILE:"), nothing on stdout.
bad() {
	printf '%b' "$1" >"$tmp/bad"
	run -H -t 1 --config "$tmp/bad"
	[ "$status" -eq "$2" ] || fail "'$1': exit status $status, not $2"
	[ "$(head -n 1 "$tmp/err")" = "boids: $tmp/bad:$3" ] ||
		fail "'$1': said '$(head -n 1 "$tmp/err")', not '$3'"
	[ ! -s "$tmp/out" ] || fail "'$1': wrote to stdout"
	if [ "$2" -eq 64 ]; then
		[ "$(sed -n 2p "$tmp/err")" = "Try 'boids --help'." ] ||
		    fail "'$1': no hint to --help"
	fi
}
bad 'colour = 3\n' 64 "1: unknown option 'colour'"
bad '# one\n\ncount = abc\n' 64 "3: invalid value for count: 'abc' (expected an integer from 1 to 10000000)"
bad 'count =\n' 64 "1: invalid value for count: '' (expected an integer from 1 to 10000000)"
bad 'wind = 2,0\n' 64 "1: invalid value for wind: '2,0' (expected X,Y, each a number from -1 to 1)"
bad 'preset = list\n' 64 "1: invalid value for preset: 'list' (expected murmuration, school, swarm, hunt, parker or none)"
bad 'perch = yes\n' 64 '1: option perch takes no value'
bad 'seed = 1\ncount\n' 64 '2: option count needs a value (an integer from 1 to 10000000)'
bad ' = 3\n' 64 "1: no option before '='"
bad '--count = 3\n' 64 "1: unknown option '--count'"
bad 'cou = 3\n' 64 "1: unknown option 'cou'"
bad 'count = 3\nco\0unt = 4\n' 64 '2: not a line of text'
for opt in $once; do
	bad "$opt\n" 64 "1: $opt belongs on the command line, not in a config file"
done
# The same words as the command line's, range and all.
"$BOIDS" --count abc 2>&1 | sed -n "s/.*'abc' //p" >"$tmp/cli"
printf 'count = abc\n' >"$tmp/bad"
"$BOIDS" --config "$tmp/bad" 2>&1 | sed -n "s/.*'abc' //p" >"$tmp/file"
[ -s "$tmp/cli" ] && cmp -s "$tmp/cli" "$tmp/file" ||
	fail "the file's range '$(cat "$tmp/file")' is not the flag's '$(cat "$tmp/cli")'"
awk 'BEGIN { printf "count = 1 #"; for (i = 0; i < 1100; i++) printf "x"; print "" }' \
    >"$tmp/bad"
run -H -t 1 --config "$tmp/bad"
[ "$status" -eq 64 ] && grep -q ":1: a line longer than 1024 characters$" "$tmp/err" ||
	fail "a long line: status $status, '$(cat "$tmp/err")'"

# Files: named and missing, a directory, unreadable, endless, and the
# default one missing (no word) or a directory (a word).
# cannot FILE REASON ARGS...: exit 66, one line naming the file.
cannot() {
	file=$1 why=$2
	shift 2
	run -H -t 1 "$@"
	[ "$status" -eq 66 ] || fail "$file: exit status $status, not 66"
	[ "$(cat "$tmp/err")" = "boids: cannot read config file '$file': $why" ] ||
		fail "$file: said '$(cat "$tmp/err")'"
}
cannot "$tmp/none" 'No such file or directory' --config "$tmp/none"
cannot "$tmp" 'Is a directory' --config "$tmp"
cannot /dev/zero 'larger than a config file can be' --config /dev/zero
# An output named for the config file, by its name or a link, is
# refused before anything is written: boids never writes the file.
printf 'count = 50\n' >"$tmp/kept.conf"
ln -s kept.conf "$tmp/link.conf"
sum=$(cksum <"$tmp/kept.conf")
for out in --trace --record --cast; do
	# A trace is headless's, records and casts the terminal's.
	h=; [ $out = --trace ] && h=-H
	run $h --config "$tmp/kept.conf" $out "$tmp/link.conf"
	[ "$status" -eq 64 ] && grep -q "^boids: $out names the config file '$tmp/link.conf', which boids only reads\$" "$tmp/err" ||
		fail "$out over the config file: status $status, '$(cat "$tmp/err")'"
done
[ "$(cksum <"$tmp/kept.conf")" = "$sum" ] || fail "the config file was written"
# A FIFO would hold the start until something wrote to it: refused at
# once (timeout ends the run of a build that waits, with 124).
mkfifo "$tmp/fifo"
timeout 10 "$BOIDS" -H -t 1 --config "$tmp/fifo" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 66 ] && [ "$(cat "$tmp/err")" = "boids: cannot read config file '$tmp/fifo': a FIFO, which would hold the session until written" ] ||
	fail "a FIFO: status $status, '$(cat "$tmp/err")'"
if [ "$(id -u)" -ne 0 ]; then
	printf 'count = 5\n' >"$tmp/locked"
	chmod 000 "$tmp/locked"
	cannot "$tmp/locked" 'Permission denied' --config "$tmp/locked"
fi
run -H -t 1 -e 1
[ "$status" -eq 0 ] && [ ! -s "$tmp/err" ] ||
	fail "no default file: status $status, '$(cat "$tmp/err")'"
mkdir "$xdg"
cannot "$xdg" 'Is a directory'
rmdir "$xdg"
# Without XDG_CONFIG_HOME, or with a relative one, ~/.config/boids.
mkdir -p "$tmp/home/.config/boids"
printf 'count = 33\nseed = 2\n' >"$tmp/home/.config/boids/config"
for x in '' relative/dir; do
	XDG_CONFIG_HOME=$x HOME=$tmp/home "$BOIDS" $H >"$tmp/a"
	"$BOIDS" $H --no-config -n 33 -S 2 >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" || fail "XDG_CONFIG_HOME='$x': ~/.config unread"
done
run -H --config "$tmp/every" --no-config
[ "$status" -eq 64 ] && grep -q '^boids: --config and --no-config cannot be used together$' "$tmp/err" ||
	fail "--config with --no-config: status $status, '$(cat "$tmp/err")'"

# --print-config: the options given, no defaults, none of one run's,
# exit 0; read back, the same flight.
run --print-config --no-config
[ "$status" -eq 0 ] || fail "--print-config: exit status $status"
[ -z "$(grep -v '^#' "$tmp/out")" ] || fail "--print-config of nothing: $(cat "$tmp/out")"
run -H -t 5 --trace "$tmp/t.csv" --print-config -n 50 -P --preset swarm -S 9 \
    -c 0.75 --no-config
[ "$status" -eq 0 ] || fail "--print-config: exit status $status"
[ ! -e "$tmp/t.csv" ] || fail "--print-config flew: the trace was written"
grep -v '^#' "$tmp/out" >"$tmp/lines"
printf 'preset = swarm\ncount = 50\nperch\nseed = 9\ncohesion = 0.75\n' |
	cmp -s - "$tmp/lines" || fail "--print-config printed: $(cat "$tmp/lines")"
cp "$tmp/out" "$tmp/printed"
same "--print-config read back" $H --config "$tmp/printed" -- \
    $H --no-config -n 50 -P --preset swarm -S 9 -c 0.75
run --config "$tmp/every" --print-config
same "--print-config of a file read back" $H --picture --config "$tmp/every" -- \
    $H --picture --config "$tmp/out"
# It says what the file and the command line give together.
printf 'count = 70\nseed = 7\n' >"$xdg"
run --print-config -n 80
grep -v '^#' "$tmp/out" | tr '\n' ' ' >"$tmp/lines"
[ "$(cat "$tmp/lines")" = "seed = 7 count = 80 " ] ||
	fail "--print-config over the default file: $(cat "$tmp/lines")"
rm -f "$xdg"

# --preset list: a line a preset, the names --help gives, and none.
run --preset list
[ "$status" -eq 0 ] && [ ! -s "$tmp/err" ] || fail "--preset list: $status"
names=$(cut -d' ' -f1 "$tmp/out" | tr '\n' ' ')
want="none $(sed -n '/--preset NAME/{n;p;}' "$tmp/help" | sed 's/,//g; s/ or / /' | tr -s ' ' | sed 's/^ //') "
[ "$names" = "$want" ] || fail "--preset list names '$names', --help '$want'"
[ "$(wc -l <"$tmp/out")" -ge 6 ] || fail "--preset list: too few presets"
run --preset bogus
[ "$status" -eq 64 ] || fail "--preset bogus: exit status $status"

finish
