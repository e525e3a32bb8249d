"""shapes.py: the shapes of a flock's picture, for the tests and the
bench: its lit cells, their connected parts (eight neighbours) and how
far the parts of one picture lie from those of another."""


def lit(rows):
    """The (row, column) of each cell of rows that is not blank."""
    return {(r, c) for r, line in enumerate(rows)
            for c, ch in enumerate(line) if not ch.isspace()}


def centres(cells, least=4):
    """The centre of each connected part of cells of least cells or more."""
    seen, out = set(), []
    for s in cells:
        if s in seen:
            continue
        seen.add(s)
        stack, got = [s], []
        while stack:
            r, c = stack.pop()
            got.append((r, c))
            for q in ((r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1)):
                if q in cells and q not in seen:
                    seen.add(q)
                    stack.append(q)
        if len(got) >= least:
            out.append((sum(p[0] for p in got) / len(got),
                        sum(p[1] for p in got) / len(got)))
    return out


def moves(a, b):
    """How far each centre of a lies from the nearest of b, in cells."""
    return [min(((x - u) ** 2 + (y - v) ** 2) ** 0.5 for u, v in b)
            for x, y in a] if a and b else []


def lonely(cells):
    """The lit cells with no lit cell among their eight neighbours."""
    return sum(1 for r, c in cells if not any(
        (r + dr, c + dc) in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)
        if dr or dc))
