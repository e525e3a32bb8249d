#!/bin/sh
# shapes.sh: how fast the flock's shapes move on screen. Starts the real
# binary in a 120x40 tmux pane, lets the flock fly WARM seconds, captures
# the pane twice GAP seconds apart, and from the lit cells' connected
# components (8 neighbours, CELLS cells or more) matched by nearest
# centroid reports the median displacement in cells a second, and the
# share of lit cells that changed. A measurement, not a test.
#
# usage: sh bench/shapes.sh N [SEED] [WARM] [GAP] [pause]
#   pause: press space before the captures (the figure should be 0).
set -eu
n=${1:?boids}
seed=${2:-3}
warm=${3:-10}
gap=${4:-4}
pause=${5:-}
boids=${BOIDS:-./boids}
sock=shapes-$$
tmp=${TMPDIR:-/tmp}/shapes-$$
mkdir -p "$tmp"
trap 'tmux -L "$sock" kill-server 2>/dev/null || :; rm -rf "$tmp"' EXIT
tmux -L "$sock" new-session -d -x 120 -y 40 \
	"$boids -n $n -S $seed; sleep 60"
sleep "$warm"
if [ "$pause" = pause ]; then
	tmux -L "$sock" send-keys ' '
	until tmux -L "$sock" capture-pane -p | grep -q PAUSED; do
		sleep 0.2
	done
fi
tmux -L "$sock" capture-pane -p >"$tmp/a"
t0=$(date +%s.%N)
sleep "$gap"
tmux -L "$sock" capture-pane -p >"$tmp/b"
t1=$(date +%s.%N)
PYTHONPATH="$(dirname "$0")/../tests" python3 - "$tmp/a" "$tmp/b" "$t0" "$t1" "${CELLS:-4}" <<'PY'
import sys
from shapes import centres, lit, moves
def picture(path):
    rows = open(path, encoding="utf-8", errors="replace").read().split("\n")
    return lit(rows[:39])  # not the status line
a, b = picture(sys.argv[1]), picture(sys.argv[2])
dt = float(sys.argv[4]) - float(sys.argv[3])
least = int(sys.argv[5])
pa, pb = centres(a, least), centres(b, least)
ms = sorted(moves(pa, pb))
med = ms[len(ms) // 2] if ms else float("nan")
changed = len(a ^ b) / max(1, len(a | b))
print("shapes %d  lit %d/%d  median move %.2f cells in %.1f s: "
      "%.2f cells/s  changed %.2f" % (len(pa), len(a), len(b), med, dt,
                                      med / dt, changed))
PY
