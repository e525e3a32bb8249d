#!/usr/bin/env python3
"""motion.py: how fast the flock's shapes move on the screen.

Runs the program in a tmux pane of the given size with N boids, lets it
fly for a while, then captures the pane every half second for a few
seconds. In each capture the lit cells (any glyph) are split into shapes
(8-connected); each shape of a capture is matched to the nearest shape of
the next one of about the same size, and the distance between their
centres (in cells across, rows counted twice, as the world counts them)
is how far it moved. The figure is the median over shapes and captures,
in cells a second, with the status line of the last capture.

    motion.py BOIDS N [COLSxROWS] [WARMUP_S] [SPAN_S] [ARGS...]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", *args],
                          capture_output=True, text=True).stdout


def shapes(rows):
    lit = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line)
           if not ch.isspace()}
    seen, out = set(), []
    for cell in lit:
        if cell in seen:
            continue
        stack, members = [cell], []
        seen.add(cell)
        while stack:
            r, c = stack.pop()
            members.append((r, c))
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    n = (r + dr, c + dc)
                    if n in lit and n not in seen:
                        seen.add(n)
                        stack.append(n)
        if len(members) >= 4:
            cr = sum(m[0] for m in members) / len(members)
            cc = sum(m[1] for m in members) / len(members)
            out.append((cc, 2 * cr, len(members)))
    return out


def moves(a, b):
    """Distances from each shape of a to its match in b."""
    got = []
    for (x, y, n) in a:
        best = None
        for (u, v, m) in b:
            if not 0.5 <= m / n <= 2:
                continue
            d = ((u - x) ** 2 + (v - y) ** 2) ** 0.5
            if best is None or d < best:
                best = d
        if best is not None and best < 12:
            got.append(best)
    return got


def main():
    boids, n = sys.argv[1], sys.argv[2]
    size = sys.argv[3] if len(sys.argv) > 3 else "120x40"
    warm = float(sys.argv[4]) if len(sys.argv) > 4 else 5
    span = float(sys.argv[5]) if len(sys.argv) > 5 else 4
    extra = sys.argv[6:]
    cols, rows = size.split("x")
    sock = "motion-%d" % os.getpid()
    cmd = " ".join([boids, "-n", n, "-S", "1", *extra])
    env = "LC_ALL=C.UTF-8 "
    tmux(sock, "new-session", "-d", "-x", cols, "-y", rows, env + cmd)
    try:
        time.sleep(warm)
        caps = []
        t0 = time.time()
        while time.time() - t0 <= span + 0.01:
            t = time.time()
            text = tmux(sock, "capture-pane", "-p").split("\n")
            caps.append((t, text[: int(rows) - 1], text[int(rows) - 1]
                         if len(text) >= int(rows) else ""))
            time.sleep(0.5)
        speeds = []
        for (t1, a, _), (t2, b, _) in zip(caps, caps[1:]):
            speeds += [d / (t2 - t1) for d in moves(shapes(a), shapes(b))]
        med = statistics.median(speeds) if speeds else 0.0
        print("n=%s size=%s shapes=%d cells_per_s=%.2f status=%s" % (
            n, size, len(speeds), med, caps[-1][2].strip()))
    finally:
        tmux(sock, "kill-server")


if __name__ == "__main__":
    main()
