#!/bin/sh
# Garbage at the keyboard: a few thousand bytes typed into the terminal in
# 150 bursts, from a fixed seed: random bytes (NUL and the high half
# included), invalid and valid UTF-8, the keys the table binds, and
# escape sequences a terminal might send or mangle: mouse reports in the
# X10 and SGR encodings with cells far off the screen, function keys with
# modifiers, bracketed paste, OSC and DCS strings, CSI with a hundred
# parameters, sequences cut short. Left out are only the bytes that ask
# the terminal itself for something (Ctrl-C, Ctrl-Z, Ctrl-\, Ctrl-S,
# Ctrl-Q), and q and a lone Esc, which quit. The program must live
# through it, show a status line whose values are all inside their
# limits, and then quit on q with status 0, the terminal restored.
. tests/lib.sh
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

# The bursts, one line of hex bytes each.
awk -v seed=77 '
function rnd(n) { state = state * 16807 % 2147483647
	return int(state / 65536) % n }
function hex(b) { return sprintf("%02x", b) }
function str(s,   i, out) { out = ""
	for (i = 1; i <= length(s); i++) out = out " " hex(ord[substr(s, i, 1)])
	return out }
# A byte that may be typed: not 03 1a 1c 11 13 (the terminal takes them),
# not q or Esc.
function safe(   b) { do b = rnd(256); while (b == 3 || b == 26 ||
	b == 28 || b == 17 || b == 19 || b == 113 || b == 27); return b }
function safetext(n,   i, out) { out = ""
	for (i = 0; i < n; i++) out = out " " hex(safe())
	return out }
function num() { return rnd(4) == 0 ? "99999" : rnd(300) "" }
BEGIN {
	state = seed
	for (i = 0; i < 256; i++) ord[sprintf("%c", i)] = i
	split("20 2e 73 77 67 47 09 2b 3d 2d 70 50 72 3f 0c", bound, " ")
	split("41 42 43 44", arrow, " ")
	for (k = 0; k < 150; k++) {
		kind = rnd(10)
		if (kind < 3)
			line = safetext(1 + rnd(40))
		else if (kind < 5) {
			line = ""
			for (j = 0; j < 1 + rnd(12); j++)
				line = line " " (rnd(3) ? bound[1 + rnd(15)] : \
				    "1b 4f " arrow[1 + rnd(4)])
		} else if (kind == 5)
			line = " 1b 5b 4d" safetext(3)
		else if (kind == 6)
			line = str("\033[<" rnd(128) ";" num() ";" num() \
			    (rnd(2) ? "M" : "m"))
		else if (kind == 7) {
			split("1b5b31353b357e 1b5b313b3541 1b5b32307e 1b4f50 " \
			    "1b5b5a 1b5b33337e 1b5b313b3248", fk, " ")
			f = fk[1 + rnd(7)]
			line = ""
			for (j = 1; j < length(f); j += 2)
				line = line " " substr(f, j, 2)
			line = line safetext(rnd(3))
		} else if (kind == 8) {
			p = rnd(4)
			if (p == 0)
				line = str("\033[200~") safetext(20) str("\033[201~")
			else if (p == 1)
				line = str("\033]0;") safetext(30) " 07"
			else if (p == 2)
				line = str("\033P") safetext(10) " 1b 5c"
			else {
				line = str("\033[")
				for (j = 0; j < 100; j++) line = line str(num() ";")
				line = line " 6d"
			}
		} else {
			split("c3a9 e282ac f09f90a6 ff fe 80 c3 e282 " \
			    "c0af eda080", u, " ")
			f = u[1 + rnd(10)]
			line = ""
			for (j = 1; j < length(f); j += 2)
				line = line " " substr(f, j, 2)
			line = line safetext(rnd(2))
		}
		print line
	}
}' >"$work/bursts"
[ "$(wc -l <"$work/bursts")" -eq 150 ] || fail "the bursts were not made"
grep -Eq '(^| )(03|1a|1c|11|13|71)( |$)' "$work/bursts" &&
	fail "a burst holds a byte it should not"

# Ended by q, so a sanitized build may look for leaks at exit.
boids_start 100 30 "ASAN_OPTIONS=detect_leaks=1" --seed 5 --obstacles 2
pid=$(boids_pid)
started="$started $pid"
n=0
while read -r line; do
	# shellcheck disable=SC2086
	keys -H $line
	n=$((n + 1))
	[ $((n % 5)) -eq 0 ] && sleep 0.02
done <"$work/bursts"
sleep 0.5
alive "$pid" || fail "died of the garbage: exit status $(cat "$work/exit" 2>/dev/null)"

# An unbound key closes the overlay, should one be open.
keys x
sleep 0.3
line=$(status_line)
printf '%s\n' "$line" | awk '
function bad(v, lim) { return v + 0 < -lim || v + 0 > lim }
$1 != "coh" || $3 != "sep" || $5 != "ali" || $7 != "wind" { exit 1 }
bad($2, 10) || bad($4, 10) || bad($6, 10) { exit 1 }
{ split($8, w, ","); if (bad(w[1], 1) || bad(w[2], 1)) exit 1 }' ||
	fail "status line after the garbage: '$line'"
keys q
[ "$(wait_exit)" = 0 ] || fail "q after the garbage: exit status $(cat "$work/exit")"
[ "$(modes)" = "$normal" ] || fail "after the garbage: terminal left as: $(modes)"
finish
