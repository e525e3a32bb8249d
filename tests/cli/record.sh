#!/bin/sh
# record.sh: records that must not fly, and the command line of a replay.
#
# A record written by hand (the build line is the one --version prints)
# replays; each way of damaging it ends in exit status 65 with exactly
# one line on stderr naming the file and the line, nothing on stdout;
# the record is read before any terminal is looked for. Options that shape
# the flight, set in the record or left at their defaults, are refused on
# the command line, as a usage error; those that only show it are not.
. tests/lib.sh

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

build=$("$BOIDS" --version | sed -n 's/^build //p')
[ -n "$build" ] || fail "--version names no build"
good=$tmp/good.rec
cat >"$good" <<EOF
boids-record 1
build $build
option count 60
option cohesion 2
option seed 4
world 80 46
key 20 115
click 40 20.5 11
resize 60 100 58
key 80 115
end 120
EOF

"$BOIDS" -H -e 20 --replay "$good" </dev/null >"$tmp/a" 2>"$tmp/err" ||
	fail "a good record: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/a")" -eq 6 ] || fail "not six lines: $(cat "$tmp/a")"
tail -n 1 "$tmp/a" | grep -q '^step=120 ' || fail "does not end at 120"
# --steps cuts it short, to the same lines; the last step is printed.
"$BOIDS" -H -e 20 -t 50 --replay "$good" </dev/null >"$tmp/b"
head -n 2 "$tmp/a" >"$tmp/a.2"
head -n 2 "$tmp/b" | cmp -s - "$tmp/a.2" || fail "-t 50 flies another flight"
tail -n 1 "$tmp/b" | grep -q '^step=50 ' || fail "-t 50 does not end at 50"
# Until the first input, the flight is the one without inputs; after
# it, another.
grep -v '^key\|^click\|^resize' "$good" >"$tmp/still.rec"
"$BOIDS" -H -e 20 --replay "$tmp/still.rec" </dev/null >"$tmp/c"
head -n 1 "$tmp/a" | cmp -s - "$(head -n 1 "$tmp/c" >"$tmp/c.1"; \
    echo "$tmp/c.1")" || fail "the replay differs before its first input"
sed -n 2p "$tmp/a" >"$tmp/a.l2"
sed -n 2p "$tmp/c" | cmp -s - "$tmp/a.l2" && fail "the inputs changed nothing"

# The extensions are options of the flight like the others: a record
# keeps them, and its replay flies them as the command line does, until
# the scatter key panics every boid.
cat >"$tmp/ext.rec" <<EOF
boids-record 1
build $build
option count 90
option predators 1
option fear
option leaders
option species 3
option seed 5
world 80 46
key 40 115
end 60
EOF
"$BOIDS" -H -e 20 --replay "$tmp/ext.rec" </dev/null >"$tmp/e" 2>"$tmp/err" ||
	fail "a record of the extensions: $(cat "$tmp/err")"
"$BOIDS" -H -e 20 -t 40 -n 90 -p 1 --fear --leaders --species 3 -S 5 \
    >"$tmp/f"
head -n 2 "$tmp/e" | cmp -s - "$tmp/f" ||
	fail "the replay of the extensions is not their flight"
grep -q 'afraid=.*leaders=.*species_groups=.*pure=' "$tmp/f" ||
	fail "no tokens of the extensions: $(cat "$tmp/f")"
tail -n 1 "$tmp/e" | grep -q ' afraid=1.00 ' ||
	fail "scattered, not every boid panics: $(tail -n 1 "$tmp/e")"

# damaged LINE WHAT: the record in $tmp/bad is refused at LINE.
damaged() {
	"$BOIDS" -H --replay "$tmp/bad" </dev/null >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 65 ] || fail "$2: exit status $status, not 65"
	[ -s "$tmp/out" ] && fail "$2: wrote to stdout"
	[ "$(wc -l <"$tmp/err")" -eq 1 ] ||
		fail "$2: not one line: $(cat "$tmp/err")"
	grep -q "^boids: $tmp/bad:$1: " "$tmp/err" ||
		fail "$2: not at line $1: $(cat "$tmp/err")"
}

# edit LINE SED WHAT: the good record with sed's change, refused at LINE.
edit() {
	sed "$2" "$good" >"$tmp/bad"
	damaged "$1" "$3"
}

{ head -n 5 "$good"; printf 'world 80'; } >"$tmp/bad"
damaged 6 "cut inside a line"
head -n 4 "$good" >"$tmp/bad"
damaged 5 "cut before its world"
: >"$tmp/bad"
damaged 1 "empty"
printf '\0\1\2\3' >"$tmp/bad"
damaged 1 "binary"
edit 1 's/^boids-record 1$/boids-record 2/' "another version"
edit 1 '1s/.*/hello/' "not a record"
edit 2 '2s/$/x/' "another build"
edit 3 's/^option count 60/option count 0/' "a count out of range"
edit 3 's/^option count 60/option count/' "a count without a value"
edit 3 's/^option count 60/option fps 10/' "an option not kept"
edit 3 's/^option count 60/option trace x/' "a file option"
edit 3 's/^option count 60/option coh 2/' "an abbreviation"
edit 4 's/^option cohesion 2/option count 60/' "an option twice"
edit 5 '/^option seed/d' "no seed"
edit 6 's/^world 80 46/world 0 46/' "an empty world"
edit 7 's/^key 20 115/key 20/' "a key without its code"
edit 7 's/^key 20 115/key -1 115/' "a negative step"
edit 7 's/^key 20 115/key 20 9999999/' "a key code out of range"
edit 8 's/^click 40 20.5 11/click 40 81 11/' "a click outside the world"
edit 8 's/^click 40 20.5 11/click 40 nan 11/' "a click at no number"
edit 8 's/^click 40/click 10/' "steps out of order"
edit 9 's/^resize 60 100 58/resize 60 100x58/' "a resize without its height"
edit 10 's/^key 80 115/key 80 115 /' "a blank at the end"
edit 10 's/^key 80 115/quit 80/' "an unknown input"
edit 11 's/^end 120/end 70/' "an end before the last input"
printf 'key 130 115\n' | cat "$good" - >"$tmp/bad"
damaged 12 "a line after the end"
tr '\n' '\r' <"$good" >"$tmp/bad"
damaged 1 "no newlines"

# Damaged is damaged in the terminal too, before any terminal is sought.
"$BOIDS" --replay "$tmp/bad" </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 65 ] || fail "interactive replay of a damaged record: not 65"

# A record cut where a crash cut it, after a whole line: it flies to its
# last input.
head -n 8 "$good" >"$tmp/cut"
"$BOIDS" -H -e 20 --replay "$tmp/cut" </dev/null >"$tmp/out" 2>"$tmp/err" ||
	fail "a record without its end: $(cat "$tmp/err")"
tail -n 1 "$tmp/out" | grep -q '^step=40 ' ||
	fail "a record without its end ends at $(tail -n 1 "$tmp/out")"

# usage WHAT ARG...: a replay's command line refused with status 64.
usage() {
	what=$1
	shift
	"$BOIDS" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 64 ] || fail "$what: exit status $status, not 64"
	grep -q '^boids: ' "$tmp/err" || fail "$what: no message"
}
usage "a seed the record sets" -H --replay "$good" -S 4
usage "a multiplier the record sets" -H --replay "$good" --cohesion 1
usage "a count the record leaves at its default" -H --replay "$good" -n 100
usage "a start the record leaves at its default" -H --replay "$good" \
    --start random
usage "a size" -H --replay "$good" -W 80x24
usage "--record with --replay" --replay "$good" --record "$tmp/x"
usage "--record headless" -H --record "$tmp/x"
usage "--cast headless" -H --cast "$tmp/x"
msg="^boids: --cohesion: the record '$good' sets the flight's options;"
"$BOIDS" -H --replay "$good" --cohesion 1 2>&1 | grep -q \
    "$msg leave it out\$" ||
	fail "no word of which option the record sets"
[ -e "$tmp/x" ] && fail "a refused command line wrote a record"
"$BOIDS" -H -e 20 -R 60 --glyphs dots --replay "$good" </dev/null \
    >"$tmp/c" 2>"$tmp/err" || fail "-R and --glyphs refused: $(cat "$tmp/err")"
cmp -s "$tmp/a" "$tmp/c" || fail "-R or --glyphs changed the replayed flight"

"$BOIDS" -H --replay "$tmp/none" </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "a missing record: not status 1"
grep -q "^boids: cannot read record file '$tmp/none': " "$tmp/err" ||
	fail "a missing record: $(cat "$tmp/err")"
finish
