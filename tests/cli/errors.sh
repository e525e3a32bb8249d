#!/bin/sh
# errors.sh: every way to get the command line wrong.
#
# Each mistake must end in exit status 64 with exactly two lines on
# stderr, the first naming the option (and, for a bad value, its range as
# the parser words it), the second "Try 'boids --help'."; nothing on
# stdout, no escape sequence in either stream, and no file written.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
esc=$(printf '\033')

# usage FIRST ARG...: boids ARG... is a bad command line whose first line
# of complaint matches FIRST, a shell pattern (quote it to match exactly).
usage() {
	first=$1
	shift
	"$BOIDS" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	status=$?
	what="boids$(printf " '%s'" "$@")"
	[ "$status" -eq 64 ] || fail "$what: exit status $status, not 64"
	[ -s "$tmp/out" ] && fail "$what: wrote to stdout"
	if grep -q "$esc" "$tmp/out" "$tmp/err"; then
		fail "$what: escape sequences in the output"
	fi
	lines=$(wc -l <"$tmp/err")
	[ "$lines" -eq 2 ] || fail "$what: $lines lines on stderr, not 2"
	got=$(sed -n 1p "$tmp/err")
	case $got in
	$first) ;;
	*) fail "$what: first line '$got', not '$first'" ;;
	esac
	got=$(sed -n 2p "$tmp/err")
	[ "$got" = "Try 'boids --help'." ] ||
		fail "$what: second line '$got'"
}

# bad NAME RANGE VALUE [ARG...]: --NAME VALUE is refused with its range.
bad() {
	name=$1
	range=$2
	value=$3
	shift 3
	usage "boids: invalid value for --$name: '$value' (expected $range)" \
	    "$@" "--$name" "$value"
}

# junk NAME RANGE [ARG...]: values no option takes.
junk() {
	name=$1
	range=$2
	shift 2
	for v in abc 5x '' ' 5' '5 ' nan NaN inf -inf infinity 1e999 \
	    -1e999 99999999999999999999 0x; do
		bad "$name" "$range" "$v" "$@"
	done
}

INT_COUNT='an integer from 1 to 10000000'
INT_100='an integer from 0 to 100'
INT_SEED='an integer from 0 to 18446744073709551615'
WEIGHT='a number from -10 to 10'
LENGTH='a number from 0 to 100'
SPEED='a number from 0.01 to 10'
TURN='a number from 1 to 180'
FOV='a number from 1 to 360'
WIND='X,Y, each a number from -1 to 1'
GOAL='X,Y, each a number from 0 to 1'
FPS='an integer from 1 to 240'
STEPS='an integer from 1 to 1000000000'
SIZE='COLSxROWS, COLS an integer from 1 to 10000 and ROWS from 2 to 10000'

# Not numbers, trailing junk, blanks, NaN and infinity, for every option
# that takes a number; headless ones with --headless, so that it is the
# value that is refused.
junk count "$INT_COUNT"
junk predators "$INT_100"
junk obstacles "$INT_100"
junk seed "$INT_SEED"
for name in cohesion separation alignment goal-weight; do
	junk "$name" "$WEIGHT"
done
junk radius "$LENGTH"
junk distance "$LENGTH"
junk max-speed "$SPEED"
junk turn "$TURN"
junk fov "$FOV"
junk fps "$FPS"
junk steps "$STEPS" --headless
junk every "$STEPS" --headless
for v in abc 5x nan,0 0,nan inf,0 0,inf 1e999,0 0,1e999 ' 0,0' '0, 0' \
    '0,0 ' 0.5x,0; do
	bad wind "$WIND" "$v"
	bad goal "$GOAL" "$v"
done
for v in abc 80x24x '80x 24' ' 80x24' '80x24 ' 80X24 80.5x24 80x24.0 \
    nanxnan 99999999999999999999x24; do
	bad size "$SIZE" "$v" --headless
done

# Integers are whole numbers.
bad count "$INT_COUNT" 2.5
bad count "$INT_COUNT" 1e3
bad predators "$INT_100" 1.0
bad fps "$FPS" 30.0
bad seed "$INT_SEED" 1.5

# Negative where not allowed, and just outside each range.
bad count "$INT_COUNT" -1
bad count "$INT_COUNT" 0
bad count "$INT_COUNT" 10000001
bad predators "$INT_100" -1
bad predators "$INT_100" 101
bad obstacles "$INT_100" -1
bad obstacles "$INT_100" 101
bad seed "$INT_SEED" -1
bad seed "$INT_SEED" 18446744073709551616
for name in cohesion separation alignment goal-weight; do
	bad "$name" "$WEIGHT" -10.01
	bad "$name" "$WEIGHT" 10.01
done
bad radius "$LENGTH" -0.1
bad radius "$LENGTH" 100.1
bad distance "$LENGTH" -0.1
bad distance "$LENGTH" 100.5
bad max-speed "$SPEED" -1
bad max-speed "$SPEED" 0
bad max-speed "$SPEED" 0.005
bad max-speed "$SPEED" 10.5
bad turn "$TURN" -1
bad turn "$TURN" 0.5
bad turn "$TURN" 181
bad fov "$FOV" -1
bad fov "$FOV" 0.5
bad fov "$FOV" 360.5
bad wind "$WIND" 1.01,0
bad wind "$WIND" 0,-1.01
bad goal "$GOAL" 1.1,0.5
bad goal "$GOAL" 0.5,-0.1
bad fps "$FPS" -1
bad fps "$FPS" 0
bad fps "$FPS" 241
bad steps "$STEPS" -1 --headless
bad steps "$STEPS" 0 --headless
bad steps "$STEPS" 1000000001 --headless
bad every "$STEPS" -1 --headless
bad every "$STEPS" 0 --headless
bad every "$STEPS" 1000000001 --headless
bad size "$SIZE" -80x24 --headless
bad size "$SIZE" 0x24 --headless
bad size "$SIZE" 80x0 --headless
bad size "$SIZE" 10001x24 --headless
bad size "$SIZE" 80x10001 --headless
bad trace 'a file name' '' --headless

# Malformed pairs.
for v in 1 1, ,1 , 1,2,3 '1;2' 1,,2; do
	bad wind "$WIND" "$v"
done
for v in 0.5 0.5, ,0.5 0.5,0.5,0.5; do
	bad goal "$GOAL" "$v"
done
for v in 80 0x0 80x x24 x 80x24x3 80,24; do
	bad size "$SIZE" "$v" --headless
done

# The short forms and --name=value name the long option too.
usage "boids: invalid value for --count: 'abc' (expected $INT_COUNT)" -n abc
usage "boids: invalid value for --count: '5x' (expected $INT_COUNT)" \
    --count=5x
usage "boids: invalid value for --count: '' (expected $INT_COUNT)" \
    --count=
usage "boids: invalid value for --count: '0' (expected $INT_COUNT)" -n0
usage "boids: invalid value for --predators: '101' (expected $INT_100)" \
    -p 101
usage "boids: invalid value for --obstacles: '101' (expected $INT_100)" \
    -o 101
usage "boids: invalid value for --seed: '-1' (expected $INT_SEED)" -S -1
usage "boids: invalid value for --cohesion: 'x' (expected $WEIGHT)" -c x
usage "boids: invalid value for --separation: 'x' (expected $WEIGHT)" -s x
usage "boids: invalid value for --alignment: 'x' (expected $WEIGHT)" -a x
usage "boids: invalid value for --goal-weight: 'x' (expected $WEIGHT)" -G x
usage "boids: invalid value for --radius: 'x' (expected $LENGTH)" -r x
usage "boids: invalid value for --distance: 'x' (expected $LENGTH)" -d x
usage "boids: invalid value for --max-speed: 'x' (expected $SPEED)" -v x
usage "boids: invalid value for --turn: 'x' (expected $TURN)" -T x
usage "boids: invalid value for --fov: 'x' (expected $FOV)" -F x
usage "boids: invalid value for --wind: '1' (expected $WIND)" -w 1
usage "boids: invalid value for --goal: '1' (expected $GOAL)" -g 1
usage "boids: invalid value for --fps: '0' (expected $FPS)" -f 0
usage "boids: invalid value for --steps: '0' (expected $STEPS)" -H -t 0
usage "boids: invalid value for --every: '0' (expected $STEPS)" -H -e 0
usage "boids: invalid value for --size: '80' (expected $SIZE)" -H -W 80
usage "boids: invalid value for --size: '0x0' (expected $SIZE)" -W 0x0
usage "boids: invalid value for --size: '80x1' (expected $SIZE)" -H -W 80x1
usage "boids: invalid value for --glyphs: 'braille' (expected arrows, dots, pixels or auto)" \
    --glyphs braille
usage "boids: invalid value for --glyphs: '' (expected arrows, dots, pixels or auto)" \
    --glyphs=
usage "boids: invalid value for --start: 'middle' (expected edges, random or auto)" \
    --start middle
usage "boids: invalid value for --start: 'Random' (expected edges, random or auto)" \
    -H --start Random

# The first bad value is the one reported.
usage "boids: invalid value for --count: 'x' (expected $INT_COUNT)" \
    -n x -f 0
usage "boids: invalid value for --fps: '0' (expected $FPS)" -n 5 -f 0 -n x

# A missing value, at the end of the line, long and short.
needs() {
	name=$1
	range=$2
	shift 2
	for arg in "$@"; do
		usage "boids: option --$name needs a value ($range)" "$arg"
		usage "boids: option --$name needs a value ($range)" -H "$arg"
	done
}
needs count "$INT_COUNT" --count -n
needs predators "$INT_100" --predators -p
needs obstacles "$INT_100" --obstacles -o
needs seed "$INT_SEED" --seed -S
needs cohesion "$WEIGHT" --cohesion -c
needs separation "$WEIGHT" --separation -s
needs alignment "$WEIGHT" --alignment -a
needs goal-weight "$WEIGHT" --goal-weight -G
needs radius "$LENGTH" --radius -r
needs distance "$LENGTH" --distance -d
needs max-speed "$SPEED" --max-speed -v
needs turn "$TURN" --turn -T
needs fov "$FOV" --fov -F
needs wind "$WIND" --wind -w
needs goal "$GOAL" --goal -g
needs fps "$FPS" --fps -f
needs steps "$STEPS" --steps -t
needs every "$STEPS" --every -e
needs size "$SIZE" --size -W
needs trace 'a file name' --trace
needs glyphs 'arrows, dots, pixels or auto' --glyphs
needs start 'edges, random or auto' --start

# Unknown options, long and short; an ambiguous abbreviation is named as
# it was typed.
usage "boids: unknown option '--foo'" --foo
usage "boids: unknown option '--foo*'" --foo=1
usage "boids: unknown option '--colour'" --colour
usage "boids: ambiguous option '--co' (could be --count, --cohesion, --config)" --co 5
usage "boids: unknown option '-x'" -x
usage "boids: unknown option '-x'" -Px
usage "boids: unknown option '-5'" -5
usage "boids: unknown option '--foo'" -n 5 --foo

# A flag given a value: the message names the flag and does not call it
# unknown.
for name in perch ascii no-color headless help version picture; do
	usage "boids: *--$name*" "--$name=1"
	case $(sed -n 1p "$tmp/err") in
	*unknown*) fail "boids --$name=1: calls --$name unknown" ;;
	esac
done

# Operands.
usage "boids: unexpected argument 'x'" x
usage "boids: unexpected argument '200'" -n 5 200
usage "boids: unexpected argument '-'" -
usage "boids: unexpected argument '-n'" -- -n
usage "boids: unexpected argument 'x'" --headless x

# Headless options need --headless, and write nothing without it.
usage "boids: --steps works only with --headless" --steps 5
usage "boids: --every works only with --headless" -e 5
usage "boids: --picture works only with --headless" --picture
usage "boids: --trace works only with --headless" --trace "$tmp/t.csv"
[ -e "$tmp/t.csv" ] && fail "--trace without --headless wrote a file"

finish
