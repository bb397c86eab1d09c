#!/usr/bin/env python3
"""Writes the BurrTools test corpus (.xmpuzzle, gzip XML) of colour and group designs.

Run from this directory: `python3 make.py`. Each design's burrTxt output is recorded next to
it in NAME.burrtxt (see record.sh); the test `burr_corpus.rs` compares wurfel's counts with it.
"""
import gzip
import itertools

RED, BLACK, GREEN = 1, 2, 3


def voxel(name, cells):
    """cells: dict (x, y, z) -> colour (0 neutral); normalized to the minimum corner."""
    lo = [min(c[i] for c in cells) for i in range(3)]
    hi = [max(c[i] for c in cells) for i in range(3)]
    d = [hi[i] - lo[i] + 1 for i in range(3)]
    s = ""
    for z in range(d[2]):
        for y in range(d[1]):
            for x in range(d[0]):
                c = (x + lo[0], y + lo[1], z + lo[2])
                if c in cells:
                    s += "#" + (str(cells[c]) if cells[c] else "")
                else:
                    s += "_"
    return f'<voxel x="{d[0]}" y="{d[1]}" z="{d[2]}" type="0" name="{name}">{s}</voxel>'


def write(fname, target, pieces, rules=(), ncolors=3):
    """pieces: list of (name, cells dict, count, group)."""
    xml = '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><colors>'
    pal = [(220, 40, 40), (30, 30, 30), (40, 160, 60), (40, 80, 220)]
    for i in range(ncolors):
        r, g, b = pal[i]
        xml += f'<color red="{r}" green="{g}" blue="{b}"/>'
    xml += "</colors><shapes>"
    for name, cells, _, _ in pieces:
        xml += voxel(name, cells)
    xml += voxel("target", target)
    xml += f'</shapes><problems><problem name="{fname}" state="0"><shapes>'
    for i, (_, _, count, group) in enumerate(pieces):
        if isinstance(group, list):  # copies split among groups: (group, copies) pairs
            inner = "".join(f'<group group="{g}" count="{c}"/>' for g, c in group)
            xml += f'<shape id="{i}" count="{count}">{inner}</shape>'
        else:
            g = f' group="{group}"' if group else ""
            xml += f'<shape id="{i}" count="{count}"{g}/>'
    xml += f'</shapes><result id="{len(pieces)}"/><bitmap>'
    for a, b in rules:
        xml += f'<pair piece="{a - 1}" result="{b - 1}"/>'
    xml += "</bitmap></problem></problems><comment>wurfel test corpus</comment></puzzle>\n"
    with gzip.open(fname + ".xmpuzzle", "wb") as f:
        f.write(xml.encode())


def box(x, y, z, colour=lambda c: 0):
    return {c: colour(c) for c in itertools.product(range(x), range(y), range(z))}


def col(cells, colours):
    return dict(zip(cells, colours))


SAME = [(RED, RED), (BLACK, BLACK)]
DOMINO = [(0, 0, 0), (1, 0, 0)]
L3 = [(0, 0, 0), (1, 0, 0), (0, 1, 0)]
TRIPOD = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
L4 = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]
checker = lambda c: RED if sum(c) % 2 == 0 else BLACK

# 1. Half red, half black 2x2x2 (x = 0 red), dominoes red-black.
write("halves-2x2x2", box(2, 2, 2, lambda c: RED if c[0] == 0 else BLACK),
      [("RB", col(DOMINO, [RED, BLACK]), 4, 0)], SAME)
# 2. Half red (y = 0), half black 2x2x3; L trominoes with two red cells and one black.
write("halves-2x2x3", box(2, 2, 3, lambda c: RED if c[1] == 0 else BLACK),
      [("L", col(L3, [RED, RED, BLACK]), 2, 0), ("M", col(L3, [BLACK, BLACK, RED]), 2, 0)], SAME)
# 3. Checkerboard 2x2x2: two L trominoes (corner red / corner black) and a domino.
write("checker-2x2x2", box(2, 2, 2, checker),
      [("A", col(L3, [RED, BLACK, BLACK]), 1, 0), ("B", col(L3, [BLACK, RED, RED]), 1, 0),
       ("D", col(DOMINO, [RED, BLACK]), 1, 0)], SAME)
# 4. Checkerboard 3x3x3 with the Soma pieces, each coloured as a checkerboard of its own.
SOMA = [
    ("V", [(0, 0, 0), (0, 1, 0), (1, 0, 0)]),
    ("L", [(0, 0, 0), (0, 1, 0), (1, 0, 0), (2, 0, 0)]),
    ("T", [(0, 0, 0), (0, 1, 0), (1, 0, 0), (0, -1, 0)]),
    ("Z", [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, -1, 0)]),
    ("A", [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 0, 1)]),
    ("B", [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 0, -1)]),
    ("P", [(0, 0, 0), (0, 1, 0), (1, 0, 0), (0, 0, 1)]),
]
write("checker-soma", box(3, 3, 3, checker),
      [(n, {c: checker(c) for c in cells}, 1, 0) for n, cells in SOMA], SAME)
# 5. Soma with one red corner: only the red cell of piece P may go there (else black, neutral).
write("soma-red-corner", box(3, 3, 3, lambda c: RED if c == (0, 0, 0) else BLACK),
      [(n, {c: (RED if (n == "P" and c == (0, 0, 1)) else 0) for c in cells}, 1, 0)
       for n, cells in SOMA], [(RED, RED)])
# 6. Coloured target, neutral pieces: the colours restrict nothing, symmetry does change.
write("neutral-pieces", box(2, 2, 3, lambda c: RED if c[2] == 0 else 0),
      [("L", col(L4, [0, 0, 0, 0]), 3, 0)], SAME)
# 7. Coloured pieces, neutral target: orientations differing in colour are distinct.
write("neutral-target", box(2, 2, 2), [("RB", col(DOMINO, [RED, BLACK]), 4, 0)], SAME)
# 8. No rules: a coloured piece cell may lie only on a neutral target cell.
write("no-rules", box(2, 2, 3, lambda c: RED if c[2] == 0 else 0),
      [("L", col(L3, [RED, 0, 0]), 2, 0), ("M", col(L3, [0, 0, 0]), 2, 0)], [])
# 9. Tripods chiral by colour only, a mirror pair: reflections merge classes.
write("tripods-mirror", box(2, 2, 2),
      [("P", col(TRIPOD, [0, RED, BLACK, GREEN]), 1, 0),
       ("Q", col(TRIPOD, [0, BLACK, RED, GREEN]), 1, 0)], [])
# 10. Two equal colour-chiral tripods (not mirror-closed), on a checkerboard.
write("tripods-same", box(2, 2, 2, lambda c: GREEN if sum(c) == 1 else 0),
      [("P", col(TRIPOD, [0, RED, BLACK, GREEN]), 2, 0)], [(GREEN, GREEN)])

# Interlocked rings: ring A in the xy-plane, ring B in the yz-plane through A's hole, in a
# 3x4x3 box filled up with unit cubes.
RING_A = [(x, y, 1) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
RING_B = [(1, y, z) for y in range(1, 4) for z in range(3) if (y, z) != (2, 1)]
CUBE = [(0, 0, 0)]
# 11. The rings in one group: the interlocked assemblies are solutions.
write("rings-group", box(3, 4, 3),
      [("A", col(RING_A, [0] * 8), 1, 1), ("B", col(RING_B, [0] * 8), 1, 1),
       ("c", col(CUBE, [0]), 20, 0)], [], ncolors=0)
# 12. The same without groups: they are not.
write("rings-nogroup", box(3, 4, 3),
      [("A", col(RING_A, [0] * 8), 1, 0), ("B", col(RING_B, [0] * 8), 1, 0),
       ("c", col(CUBE, [0]), 20, 0)], [], ncolors=0)
# 13. The rings in different groups: not either.
write("rings-twogroups", box(3, 4, 3),
      [("A", col(RING_A, [0] * 8), 1, 1), ("B", col(RING_B, [0] * 8), 1, 2),
       ("c", col(CUBE, [0]), 20, 0)], [], ncolors=0)

# Copies of one ring split among groups (BurrTools' <group> elements). RING_B is RING_A turned,
# so one ring piece with copies serves.
RING = col(RING_A, [0] * 8)
# 14. Two ring copies, one in group 1 and one in group 2: an interlocked pair cannot be grouped.
write("rings-split", box(3, 4, 3),
      [("R", RING, 2, [(1, 1), (2, 1)]), ("c", col(CUBE, [0]), 20, 0)], [], ncolors=0)
# 15. Both copies in group 1, written as a <group> element: the pair may stay together.
write("rings-element", box(3, 4, 3),
      [("R", RING, 2, [(1, 2)]), ("c", col(CUBE, [0]), 20, 0)], [], ncolors=0)
# 16. One copy in group 1, the other in none: BurrTools still treats a piece with one group
# entry as wholly in it.
write("rings-partial", box(3, 4, 3),
      [("R", RING, 2, [(1, 1)]), ("c", col(CUBE, [0]), 20, 0)], [], ncolors=0)
# Not here: four rings in two interlocked pairs in a 6x4x3 box. burrTxt's counts of such
# designs depend on the order of the assemblies: its grouping_c::reSet clears the stuck parts
# but not the copies they took, so one disassembler (burrTxt uses one for all assemblies) runs
# out of group copies after the first few (copies 2+2 in groups 1 and 2: 1,791 solutions, 2
# more than without groups; all four in group 1: 1,951; wurfel, per assembly: 1,951).
