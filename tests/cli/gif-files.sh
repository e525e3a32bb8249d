#!/bin/sh
# gif-files.sh: the files of --gif and --png are kept as a record's or a
# trace's are.
#
# A name that cannot be written (a folder not there, a folder, a FIFO)
# is told before anything is flown: one line naming the file and why,
# exit status 1, no statistics. One file, one role: --gif and --png
# naming each other's file, or the trace's or the record replayed, by
# another path or through a link, are refused with exit status 64 and
# the file left as it was. A full disk (/dev/full) ends the run with
# exit status 1 and one line. An old file is not lost to a run that
# never began (a bad option, output refused at the first line) and
# nothing is left beside it; a run that begins replaces it whole. A GIF
# that outgrows the file size limit is cut back to its last whole
# frame, ends there, and still reads; TERM ends the run with the frames
# so far, a GIF that reads, and the shell sees the signal (not INT: a
# shell starts a job in the background with INT ignored).
# Either option runs headless: --record and --cast are refused with it.
. tests/lib.sh
need identify prlimit

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# said WANT WHAT TEXT ARGS...: boids ARGS ends with status WANT, its
# first line on stderr is TEXT, and nothing went to standard output.
said() {
	want=$1
	what=$2
	text=$3
	shift 3
	"$BOIDS" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	[ "$status" -eq "$want" ] || fail "$what: exit status $status, not $want"
	[ "$(head -n 1 "$tmp/err")" = "$text" ] ||
		fail "$what: said '$(head -n 1 "$tmp/err")'"
	[ ! -s "$tmp/out" ] || fail "$what: wrote '$(head -n 1 "$tmp/out")'"
}

for kind in gif png; do
	said 1 "--$kind in a folder not there" \
	    "boids: cannot write $kind file '$tmp/no/x.$kind': No such file or directory" \
	    --$kind "$tmp/no/x.$kind" -t 5
	said 1 "--$kind a folder" \
	    "boids: cannot write $kind file '$tmp': Is a directory" \
	    --$kind "$tmp" -t 5
	mkfifo "$tmp/fifo"
	said 1 "--$kind a FIFO" \
	    "boids: cannot write $kind file '$tmp/fifo': a FIFO, which would hold the session until read" \
	    --$kind "$tmp/fifo" -t 5
	rm -f "$tmp/fifo"
	[ -w /dev/full ] || { echo "missing /dev/full" >&2; exit 1; }
	"$BOIDS" --$kind /dev/full -t 10 -e 5 >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 1 ] || fail "--$kind /dev/full: exit status $status"
	[ "$(cat "$tmp/err")" = \
	    "boids: cannot write $kind file '/dev/full': No space left on device" ] ||
		fail "--$kind /dev/full: said '$(cat "$tmp/err")'"
done

# One file, one role.
printf 'precious\n' >"$tmp/old"
ln -s old "$tmp/link"
build=$("$BOIDS" --version | sed -n 's/^build //p')
printf 'boids-record 1\nbuild %s\nworld 80 46\nend 20\n' "$build" \
    >"$tmp/r.rec"
role() {
	what=$1
	shift
	"$BOIDS" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	[ "$status" -eq 64 ] || fail "$what: exit status $status"
	grep -q "^boids: --[a-z]* and --[a-z]* name the same file '" \
	    "$tmp/err" || fail "$what: said '$(head -n 1 "$tmp/err")'"
	[ "$(cat "$tmp/old")" = precious ] || fail "$what: the file changed"
}
role "--gif and --png" --gif "$tmp/old" --png "$tmp/old"
role "--gif and --trace through a link" --gif "$tmp/link" \
    --trace "$tmp/old"
role "--png and --trace by another path" --png "$tmp/old" \
    --trace "$tmp/../$(basename "$tmp")/old"
cp "$tmp/r.rec" "$tmp/r.keep"
"$BOIDS" --replay "$tmp/r.rec" --gif "$tmp/r.rec" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 64 ] && cmp -s "$tmp/r.rec" "$tmp/r.keep" ||
	fail "--gif over the replayed record: $(cat "$tmp/err")"

# Headless: no record, no cast.
said 64 "--gif with --record" \
    "boids: --record works only in the terminal, not with --gif" \
    --gif "$tmp/a.gif" --record "$tmp/a.rec"
said 64 "--png with --cast" \
    "boids: --cast works only in the terminal, not with --png" \
    --png "$tmp/a.png" --cast "$tmp/a.cast"

# Old files kept by runs that never began, and nothing beside them.
mkdir "$tmp/keep"
kept() {
	[ "$(cat "$tmp/keep/$2" 2>/dev/null)" = "precious $2" ] ||
		fail "$1: $2 now holds '$(head -c 40 "$tmp/keep/$2" | tr -c '[:print:]' '?')'"
	left=$(ls -A "$tmp/keep" | grep -v -x -e x.gif -e x.png)
	[ -z "$left" ] || fail "$1: left beside it: $left"
}
printf 'precious x.gif\n' >"$tmp/keep/x.gif"
printf 'precious x.png\n' >"$tmp/keep/x.png"
"$BOIDS" --gif "$tmp/keep/x.gif" --png "$tmp/keep/x.png" --count abc \
    >/dev/null 2>&1
[ $? -eq 64 ] || fail "a bad option: not 64"
kept "a bad option" x.gif
kept "a bad option" x.png
"$BOIDS" --gif "$tmp/keep/x.gif" --png "$tmp/keep/x.png" -n 50 -t 10 -e 1 \
    >/dev/full 2>"$tmp/err"
[ $? -eq 1 ] || fail "output refused: not 1: $(cat "$tmp/err")"
kept "output refused" x.gif
kept "output refused" x.png
# A run that begins replaces them whole.
"$BOIDS" --gif "$tmp/keep/x.gif" --png "$tmp/keep/x.png" -n 50 -t 10 -e 5 \
    >/dev/null 2>"$tmp/err" || fail "a good run: $(cat "$tmp/err")"
[ "$(identify -format '%n\n' "$tmp/keep/x.gif" | head -n 1)" = 10 ] ||
	fail "a good run: the GIF has not 10 frames"
identify "$tmp/keep/x.png" >/dev/null 2>&1 || fail "a good run: no PNG"
[ "$(ls -A "$tmp/keep" | tr '\n' ' ')" = "x.gif x.png " ] ||
	fail "a good run left: $(ls -A "$tmp/keep")"

# Past the file size limit: exit status 1, one line, the GIF cut back to
# whole frames, and readable.
printf 'precious\n' >"$tmp/cut.gif"
prlimit --fsize=40000 "$BOIDS" --gif "$tmp/cut.gif" -n 300 -S 2 -t 300 \
    -e 1 >/dev/null 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "file size limit: exit status $status"
[ "$(cat "$tmp/err")" = \
    "boids: cannot write gif file '$tmp/cut.gif': File too large" ] ||
	fail "file size limit: said '$(cat "$tmp/err")'"
size=$(wc -c <"$tmp/cut.gif")
[ "$size" -le 40000 ] && [ "$size" -gt 20000 ] ||
	fail "file size limit: cut to $size bytes"
frames=$(identify "$tmp/cut.gif" 2>"$tmp/err" | wc -l)
[ "$frames" -ge 2 ] && [ ! -s "$tmp/err" ] ||
	fail "the cut GIF: $frames frames, $(head -n 1 "$tmp/err")"
[ "$(tail -c 1 "$tmp/cut.gif" | od -An -tx1 | tr -d ' ')" = 3b ] ||
	fail "the cut GIF does not end with the trailer"

# TERM once the run has begun: the frames so far, in a GIF that reads.
"$BOIDS" --gif "$tmp/term.gif" -n 100 -t 1000000 -e 1 >"$tmp/lines" \
    2>"$tmp/err" &
pid=$!
deadline=$(( $(date +%s) + 20 ))
until [ "$(wc -l <"$tmp/lines")" -ge 3 ] ||
    [ "$(date +%s)" -ge "$deadline" ]; do
	sleep 0.1
done
kill -TERM "$pid"
wait "$pid"
status=$?
[ "$status" -eq 143 ] || fail "TERM: exit status $status"
frames=$(identify "$tmp/term.gif" 2>"$tmp/err" | wc -l)
[ "$frames" -ge 3 ] && [ ! -s "$tmp/err" ] ||
	fail "TERM: the GIF has $frames frames: $(head -n 1 "$tmp/err")"
finish
