#!/usr/bin/env python3
"""Writes the tetrahedra-octahedra BurrTools corpus (gridType 4): designs made of whole units as
BurrTools builds them from its 3x3x3 blocks of sub-voxels (voxel_4.cpp): a *tetrahedron* is the
centre sub-voxel (1, 1, 1) of a block; an *octahedron* is the eight corner sub-voxels around a
lattice vertex V with x + y + z odd (cells 3V + {-1, 0}^3). Targets are solids of the
tetrahedral-octahedral honeycomb (units whose centroids lie strictly inside a polytope) or
random connected clumps; pieces are random connected (face-sharing: a tetrahedron touches the
four octahedra at its block's odd corners) parts of them, reproducible from a seed; pieces equal
up to the grid's rotations become one shape with a count. Run here: `python3 make.py`, then
`sh record.sh`."""
import gzip
import itertools
import random

def tetra(b):
    return [tuple(3 * b[k] + 1 for k in range(3))]

def octa(v):
    return [tuple(3 * v[k] + d[k] for k in range(3))
            for d in itertools.product((-1, 0), repeat=3)]

def cells(unit):
    kind, p = unit
    return tetra(p) if kind == "T" else octa(p)

def centroid(unit):
    kind, p = unit
    return tuple(x + 0.5 for x in p) if kind == "T" else tuple(p)

def neighbours(unit):
    kind, p = unit
    if kind == "T":
        return [("O", tuple(p[k] + d[k] for k in range(3)))
                for d in itertools.product((0, 1), repeat=3) if sum(p) + sum(d) & 1]
    return [("T", tuple(p[k] - d[k] for k in range(3)))
            for d in itertools.product((0, 1), repeat=3)]

def solid(inside, r=6):
    """The units whose centroids satisfy `inside` (strictly), within a box of radius r."""
    out = []
    for p in itertools.product(range(-r, r + 1), repeat=3):
        if inside(tuple(x + 0.5 for x in p)):
            out.append(("T", p))
        if sum(p) & 1 and inside(p):
            out.append(("O", p))
    return out

def big_tetrahedron(n):
    return solid(lambda c: c[0] + c[1] + c[2] < 2 * n and c[0] - c[1] - c[2] < 0
                 and -c[0] + c[1] - c[2] < 0 and -c[0] - c[1] + c[2] < 0)

def big_octahedron(n):
    return solid(lambda c: abs(c[0]) + abs(c[1]) + abs(c[2]) < n)

def stella():
    """One octahedron and the eight tetrahedra on its faces."""
    o = ("O", (1, 0, 0))
    return [o] + neighbours(o)

def clump(rnd, n):
    """A random connected set of n units."""
    units = [("T", (0, 0, 0))]
    while len(units) < n:
        u = rnd.choice(units)
        v = rnd.choice(neighbours(u))
        if v not in units:
            units.append(v)
    return units

def partition(rnd, units, k):
    """Random connected parts: k seeds, grown one unit at a time."""
    free = set(units)
    parts = [[u] for u in rnd.sample(units, k)]
    for p in parts:
        free.discard(p[0])
    while free:
        p = rnd.choice(parts)
        grow = [v for u in p for v in neighbours(u) if v in free]
        if grow:
            v = rnd.choice(sorted(grow))
            p.append(v)
            free.discard(v)
    return parts

# The grid's rotations (BurrTools' cube rotations about a block corner, (-1/2, -1/2, -1/2)) and
# translations (whole blocks, an even number in all), to merge congruent pieces.
def rotations():
    out = []
    for perm in itertools.permutations(range(3)):
        for sign in itertools.product((1, -1), repeat=3):
            inv = sum(perm[i] > perm[j] for i in range(3) for j in range(i + 1, 3))
            if (-1) ** inv * sign[0] * sign[1] * sign[2] == 1:
                out.append((perm, sign))
    return out

def rotate(rot, c):
    perm, sign = rot
    return tuple((sign[i] * (2 * c[perm[i]] + 1) - 1) // 2 for i in range(3))

def normal(cs):
    """Cells moved by a grid translation to a fixed representative position."""
    lo = [min(c[k] for c in cs) for k in range(3)]
    b = [x // 3 for x in lo]
    # Move the lowest corner's block to (0, 0, 0) or (1, 0, 0) (its parity decides).
    t = [3 * b[0] - 3 * ((b[0] + b[1] + b[2]) & 1), 3 * b[1], 3 * b[2]]
    return tuple(sorted(tuple(c[k] - t[k] for k in range(3)) for c in cs))

def congruent(a, b):
    nb = normal(b)
    return any(normal([rotate(r, c) for c in a]) == nb for r in rotations())

def voxel(name, cs):
    # Keep the parity: shift by multiples of 6 only; sizes multiples of 3.
    lo = [6 * (min(c[k] for c in cs) // 6) for k in range(3)]
    d = [3 * ((max(c[k] for c in cs) - lo[k]) // 3 + 1) for k in range(3)]
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
    xml = '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="4"/><shapes>'
    for i, (p, _) in enumerate(shapes):
        xml += voxel(f"P{i + 1}", p)
    xml += voxel("target", target)
    xml += f'</shapes><problems><problem name="{fname}" state="0"><shapes>'
    for i, (_, n) in enumerate(shapes):
        xml += f'<shape id="{i}" count="{n}"/>'
    xml += f'</shapes><result id="{len(shapes)}"/><bitmap/></problem></problems>'
    xml += "<comment>wurfel tetrahedra-octahedra test corpus</comment></puzzle>\n"
    with gzip.open(fname + ".xmpuzzle", "wb") as f:
        f.write(xml.encode())

def design(name, units, k, seed):
    rnd = random.Random(seed)
    parts = partition(rnd, sorted(units), k)
    write(name, [c for u in units for c in cells(u)],
          [[c for u in p for c in cells(u)] for p in parts])

design("stella-3", stella(), 3, 1)
design("stella-5", stella(), 5, 2)
design("tetra2-2", big_tetrahedron(2), 2, 3)
design("tetra3-4", big_tetrahedron(3), 4, 4)
design("tetra3-6", big_tetrahedron(3), 6, 5)
design("tetra4-6", big_tetrahedron(4), 6, 6)
design("octa2-3", big_octahedron(2), 3, 7)
design("octa2-5", big_octahedron(2), 5, 8)
design("octa2-7", big_octahedron(2), 7, 9)
design("clump12-3", clump(random.Random(10), 12), 3, 10)
design("clump16-5", clump(random.Random(11), 16), 5, 11)
design("clump20-6", clump(random.Random(12), 20), 6, 12)
