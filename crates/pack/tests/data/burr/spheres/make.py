#!/usr/bin/env python3
"""Writes the spheres BurrTools corpus (gridType 2): balls of the face-centred cubic packing as
BurrTools stores them (sphere_voxel.cpp): the voxels (x, y, z) with x + y + z even, neighbours
differing by (+-1, +-1, 0) and its permutations. Targets are solids of the packing (pyramids
with triangular or square bases, an octahedral cluster, flat layers, a slab, random clumps);
pieces are random connected parts of them, reproducible from a seed; pieces equal up to
BurrTools' rotations (its 120 matrices, tabs_2/rotmatrix.inc: the orthogonal matrices with
entries 0, +-1/3, +-2/3, +-1, applied when the image lands on the lattice) become one shape with
a count. Some designs carry colour constraints or piece groups. Run here: `python3 make.py`,
then `sh record.sh`."""
import gzip
import itertools
import random

STEPS = [d for d in itertools.product((-1, 0, 1), repeat=3)
         if sum(map(abs, d)) == 2]


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def neighbours(c):
    return [add(c, d) for d in STEPS]


def lattice(r):
    return [c for c in itertools.product(range(-r, r + 1), repeat=3) if sum(c) % 2 == 0]


def tetra_pyramid(n):
    """The tetrahedral pyramid of n layers (n(n+1)(n+2)/6 balls)."""
    u = [(1, 1, 0), (1, 0, 1), (0, 1, 1)]
    return sorted({tuple(a * u[0][k] + b * u[1][k] + c * u[2][k] for k in range(3))
                   for a in range(n) for b in range(n) for c in range(n) if a + b + c < n})


def square_pyramid(n):
    """A pyramid on an n x n square of balls (base in the plane z = 0)."""
    out = []
    for h in range(n):
        for i in range(n - h):
            for j in range(n - h):
                out.append((i - j, i + j + h, h))
    return sorted(out)


def octahedron(r):
    return sorted(c for c in lattice(r) if sum(map(abs, c)) <= r)


def triangle(n):
    """A flat triangle of n rows in the layer x + y + z = 0."""
    u, w = (1, -1, 0), (1, 0, -1)
    return sorted(tuple(i * u[k] + j * w[k] for k in range(3))
                  for i in range(n) for j in range(n) if i + j < n)


def hexagon(r):
    """A flat hexagon of radius r in the layer x + y + z = 0."""
    return sorted(c for c in lattice(2 * r) if sum(c) == 0 and max(map(abs, c)) <= r)


def slab(x, y, z):
    return sorted(c for c in itertools.product(range(x), range(y), range(z)) if sum(c) % 2 == 0)


def clump(rnd, n):
    cells = [(0, 0, 0)]
    while len(cells) < n:
        v = rnd.choice(neighbours(rnd.choice(cells)))
        if v not in cells:
            cells.append(v)
    return sorted(cells)


def partition(rnd, cells, k):
    """Random connected parts: k seeds, grown one ball at a time."""
    free = set(cells)
    parts = [[c] for c in rnd.sample(cells, k)]
    for p in parts:
        free.discard(p[0])
    while free:
        p = rnd.choice(parts)
        grow = sorted({v for c in p for v in neighbours(c) if v in free})
        if grow:
            v = rnd.choice(grow)
            p.append(v)
            free.discard(v)
    return parts


def matrices():
    """BurrTools' 120 rotations, times 3."""
    rows = [v for v in itertools.product(range(-3, 4), repeat=3) if sum(x * x for x in v) == 9]
    out = []
    for a in rows:
        for b in rows:
            if sum(x * y for x, y in zip(a, b)) == 0:
                c = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
                out.append((a, b, tuple(v // 3 for v in c)))
    assert len(out) == 120
    return out


ROTATIONS = matrices()


def rotate(m, cells):
    """The image about the first cell, or None off the lattice (SphereVoxel::transform)."""
    f = cells[0]
    out = []
    for c in cells:
        d = [c[k] - f[k] for k in range(3)]
        e = [sum(m[r][k] * d[k] for k in range(3)) for r in range(3)]
        if any(v % 3 for v in e) or sum(e) // 3 % 2:
            return None
        out.append(tuple(v // 3 for v in e))
    return out


def normal(cells):
    """Cells moved by a translation of the grid (x + y + z even) to a fixed position."""
    lo = [min(c[k] for c in cells) for k in range(3)]
    if sum(lo) % 2:
        lo[0] -= 1
    return tuple(sorted(tuple(c[k] - lo[k] for k in range(3)) for c in cells))


def congruent(a, b):
    nb = normal(b)
    return any(normal(r) == nb for m in ROTATIONS for r in [rotate(m, list(a))] if r)


def voxel(name, cells):
    """cells: dict cell -> colour (0 neutral). The corner keeps the parity (an even sum)."""
    lo = [min(c[k] for c in cells) for k in range(3)]
    if sum(lo) % 2:
        lo[0] -= 1
    d = [max(c[k] for c in cells) - lo[k] + 1 for k in range(3)]
    t = ""
    for z in range(d[2]):
        for y in range(d[1]):
            for x in range(d[0]):
                c = (x + lo[0], y + lo[1], z + lo[2])
                t += "_" if c not in cells else "#" + (str(cells[c]) if cells[c] else "")
    return f'<voxel x="{d[0]}" y="{d[1]}" z="{d[2]}" type="0" name="{name}">{t}</voxel>'


def write(fname, target, pieces, colour=None, rules=(), groups=None):
    """target, pieces: cell lists; colour(cell) a cell's colour; groups[i] the i-th shape's group."""
    colour = colour or (lambda c: 0)
    shapes = []  # [cells, count]
    for p in pieces:
        for s in shapes:
            if s[0] and [colour(c) for c in sorted(s[0])] == [colour(c) for c in sorted(p)] \
                    and congruent(s[0], p) and not any(colour(c) for c in p):
                s[1] += 1
                break
        else:
            shapes.append([p, 1])
    xml = '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="2"/><colors>'
    if rules:
        xml += '<color red="220" green="40" blue="40"/><color red="30" green="30" blue="30"/>'
    xml += "</colors><shapes>"
    for i, (p, _) in enumerate(shapes):
        xml += voxel(f"P{i + 1}", {c: colour(c) for c in p})
    xml += voxel("target", {c: colour(c) for c in target})
    xml += f'</shapes><problems><problem name="{fname}" state="0"><shapes>'
    for i, (_, n) in enumerate(shapes):
        g = f' group="{groups[i]}"' if groups and groups[i] else ""
        xml += f'<shape id="{i}" count="{n}"{g}/>'
    xml += f'</shapes><result id="{len(shapes)}"/><bitmap>'
    for a, b in rules:
        xml += f'<pair piece="{a - 1}" result="{b - 1}"/>'
    xml += "</bitmap></problem></problems><comment>wurfel spheres test corpus</comment></puzzle>\n"
    with gzip.open(fname + ".xmpuzzle", "wb") as f:
        f.write(xml.encode())
    return len(shapes)


def design(name, cells, k, seed, **kw):
    rnd = random.Random(seed)
    n = write(name, cells, partition(rnd, list(cells), k), **kw)
    print(f"{name}: {len(cells)} balls, {k} pieces, {n} shapes")


RED, BLACK = 1, 2
SAME = [(RED, RED), (BLACK, BLACK)]
design("pyramid3-3", tetra_pyramid(3), 3, 1)
design("pyramid4-7", tetra_pyramid(4), 7, 2)
design("pyramid5-6", tetra_pyramid(5), 6, 3)
design("square3-4", square_pyramid(3), 4, 4)
design("square4-9", square_pyramid(4), 9, 5)
design("octahedron2-5", octahedron(2), 5, 6)
design("triangle4-3", triangle(4), 3, 7)
design("hexagon1-3", hexagon(1), 3, 8)
design("hexagon2-6", hexagon(2), 6, 9)
design("slab4x4x2-5", slab(4, 4, 2), 5, 10)
design("clump14-4", clump(random.Random(11), 14), 4, 11)
design("clump18-5", clump(random.Random(12), 18), 5, 12)
# Colour constraints: the pyramid's layers alternately red and black (by x + y + z / 2 mod 2
# seen from its apex), each piece's balls coloured as where it was cut from, red on red only.
layers = lambda c: RED if (sum(c) // 2) % 2 == 0 else BLACK
design("pyramid4-6-layers", tetra_pyramid(4), 6, 2, colour=layers, rules=SAME)
design("octahedron2-5-halves", octahedron(2), 5, 6,
       colour=lambda c: RED if c[2] > 0 or (c[2] == 0 and c[0] >= 0) else BLACK, rules=SAME)
# Piece groups (BurrTools' disassembler uses them; it has none on this grid, so they must not
# change the assemblies).
design("pyramid4-7-groups", tetra_pyramid(4), 7, 2, groups=[1, 1, 0, 0, 2, 2, 0])
design("square3-4-groups", square_pyramid(3), 4, 4, groups=[1, 2, 1, 2])
