#!/usr/bin/env python3
"""Writes the triangular-prism BurrTools corpus (gridType 1): every voxel (x, y, z) is a prism on
the triangle (x, y) of the plane's tiling, pointing up when x + y is even, down when odd
(triangle_voxel.cpp), z its layer. Targets are hexagons, large triangles, strips and random
clumps, one or more layers high; pieces are random connected (face-sharing) parts of them,
reproducible from a seed; pieces equal up to the grid's rotations become one shape with a count.
Run here: `python3 make.py`, then `sh record.sh`."""
import gzip
import random

def neighbours(c):
    x, y, z = c
    return [(x - 1, y, z), (x + 1, y, z), (x, y - 1 if (x + y) % 2 == 0 else y + 1, z),
            (x, y, z - 1), (x, y, z + 1)]

# The grid's 12 rotations, on centroid coordinates u = x + 1, v = 3y + 1 (up) or 3y + 2 (down).
def transform(i, c):
    x, y, z = c
    u, v = x + 1, 3 * y + 1 + (x + y) % 2
    if i // 6 == 1:
        u, z = -u, -z
    for _ in range(i % 6):
        u, v = (u - v) // 2, (3 * u + v) // 2
    return (u - 1, (v - 1) // 3, z)

def normal(cs):
    """Cells moved by a grid translation (x + y even) to a fixed representative position."""
    lo = [min(c[k] for c in cs) for k in range(3)]
    t = (lo[0] - (lo[0] + lo[1]) % 2, lo[1], lo[2])
    return tuple(sorted(tuple(c[k] - t[k] for k in range(3)) for c in cs))

def congruent(a, b):
    nb = normal(b)
    return any(normal([transform(i, c) for c in a]) == nb for i in range(12))

def hexagon(h):
    return [transform(i, (0, 0, z)) for i in range(6) for z in range(h)]

def big_triangle(n, h):
    # Rows y = 0..n-1; row y holds the triangles x = y .. 2n - 2 - y (up at the ends).
    return [(x, y, z) for y in range(n) for x in range(y, 2 * n - 1 - y) for z in range(h)]

def strip(w, rows, h):
    return [(x, y, z) for y in range(rows) for x in range(w) for z in range(h)]

def clump(rnd, n):
    cells = [(0, 0, 0)]
    while len(cells) < n:
        c = rnd.choice(neighbours(rnd.choice(cells)))
        if c not in cells:
            cells.append(c)
    return cells

def partition(rnd, cells, k):
    free = set(cells)
    parts = [[c] for c in rnd.sample(sorted(cells), k)]
    for p in parts:
        free.discard(p[0])
    while free:
        p = rnd.choice(parts)
        grow = sorted(set(v for c in p for v in neighbours(c) if v in free))
        if grow:
            v = rnd.choice(grow)
            p.append(v)
            free.discard(v)
    return parts

def voxel(name, cs):
    # Keep the triangles' directions: shift by an even x + y only.
    lo = [min(c[k] for c in cs) for k in range(3)]
    lo[0] -= (lo[0] + lo[1]) % 2
    d = [max(c[k] for c in cs) - lo[k] + 1 for k in range(3)]
    s = set(tuple(c[k] - lo[k] for k in range(3)) for c in cs)
    t = "".join("#" if (x, y, z) in s else "_"
                for z in range(d[2]) for y in range(d[1]) for x in range(d[0]))
    return f'<voxel x="{d[0]}" y="{d[1]}" z="{d[2]}" type="0" name="{name}">{t}</voxel>'

def write(fname, target, pieces):
    shapes = []  # [cells, count]
    for p in pieces:
        for s in shapes:
            if congruent(s[0], p):
                s[1] += 1
                break
        else:
            shapes.append([p, 1])
    xml = '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="1"/><shapes>'
    for i, (p, _) in enumerate(shapes):
        xml += voxel(f"P{i + 1}", p)
    xml += voxel("target", target)
    xml += f'</shapes><problems><problem name="{fname}" state="0"><shapes>'
    for i, (_, n) in enumerate(shapes):
        xml += f'<shape id="{i}" count="{n}"/>'
    xml += f'</shapes><result id="{len(shapes)}"/><bitmap/></problem></problems>'
    xml += "<comment>wurfel triangular-prism test corpus</comment></puzzle>\n"
    with gzip.open(fname + ".xmpuzzle", "wb") as f:
        f.write(xml.encode())

def design(name, cells, k, seed):
    rnd = random.Random(seed)
    write(name, cells, partition(rnd, cells, k))

design("hexagon1-2", hexagon(1), 2, 1)
design("hexagon2-3", hexagon(2), 3, 2)
design("hexagon2-4", hexagon(2), 4, 3)
design("triangle3-3", big_triangle(3, 1), 3, 4)
design("triangle3x2-4", big_triangle(3, 2), 4, 5)
design("triangle4-4", big_triangle(4, 1), 4, 6)
design("strip6x2-4", strip(6, 2, 1), 4, 7)
design("strip4x2x2-5", strip(4, 2, 2), 5, 8)
design("hexagon3-6", hexagon(3), 6, 9)
design("clump10-3", clump(random.Random(10), 10), 3, 10)
design("clump14-4", clump(random.Random(11), 14), 4, 11)
design("clump18-6", clump(random.Random(12), 18), 6, 12)

# For the disassembler: a frame round a corridor (row 1 of layer 1) with holes in its roof and
# bars in the corridor, some with a prism up into a hole. The bars must slide along the corridor
# to a hole to leave, so some assemblies need several moves and some are stuck (BurrTools'
# levels recorded by record.sh). Seeds picked for a mix of levels and stuck assemblies.
def corridor(rnd, w):
    bars, x = [], 1
    while x < w - 1:
        n = rnd.randint(1, 3)
        bar = [(i, 1, 1) for i in range(x, min(x + n, w - 1))]
        if rnd.random() < 0.8:
            bars.append(bar)
        x += n
    holes = set(rnd.sample(range(1, w - 1), min(w - 2, rnd.randint(2, 4))))
    pieces = []
    for b in bars:
        up = [(c[0], 1, 2) for c in b if c[0] in holes]
        if up and rnd.random() < 0.5:
            b = b + up[:1]
        pieces.append(b)
    frame = [(x, y, z) for x in range(w) for y in range(3) for z in range(3)
             if not (y == 1 and z == 1 and 0 < x < w - 1)
             and not (y == 1 and z == 2 and x in holes)]
    return frame + sorted(set(c for p in pieces for c in p)), [frame] + pieces

def corridor_design(seed):
    rnd = random.Random(seed)
    w = rnd.randint(5, 8)
    target, pieces = corridor(rnd, w)
    write(f"corridor{w}-{len(pieces)}-s{seed}", target, pieces)

for seed in [202, 225, 253, 267, 285, 300, 302, 317, 329, 388]:
    corridor_design(seed)
