#!/usr/bin/env python3
"""Writes the rhombic-grid BurrTools corpus (gridType 3): designs made of *pyramids* (the 4
sub-voxels of one face of a 5x5x5 block, the unit from which BurrTools builds its rhombic
dodecahedra), random but reproducible. Run here: `python3 make.py`, then `sh record.sh`."""
import gzip
import random

# Sub-voxels of the pyramid on each block face: axis, side (0 or 4).
def pyramid(block, axis, side):
    out = []
    for a, b in [(2, 1), (1, 2), (3, 2), (2, 3)]:
        c = [0, 0, 0]
        c[axis] = side
        o = [k for k in range(3) if k != axis]
        c[o[0]], c[o[1]] = a, b
        out.append(tuple(5 * block[k] + c[k] for k in range(3)))
    return out

def voxel(name, cells):
    # Keep the block alignment: shift by whole blocks only.
    lo = [5 * (min(c[i] for c in cells) // 5) for i in range(3)]
    d = [5 * ((max(c[i] for c in cells) - lo[i]) // 5 + 1) for i in range(3)]
    s = set((c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]) for c in cells)
    t = "".join("#" if (x, y, z) in s else "_"
                for z in range(d[2]) for y in range(d[1]) for x in range(d[0]))
    return f'<voxel x="{d[0]}" y="{d[1]}" z="{d[2]}" type="0" name="{name}">{t}</voxel>'

def write(fname, target, pieces):
    xml = '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="3"/><shapes>'
    for i, p in enumerate(pieces):
        xml += voxel(f"P{i + 1}", p)
    xml += voxel("target", target)
    xml += f'</shapes><problems><problem name="{fname}" state="0"><shapes>'
    for i in range(len(pieces)):
        xml += f'<shape id="{i}" count="1"/>'
    xml += f'</shapes><result id="{len(pieces)}"/><bitmap/></problem></problems>'
    xml += "<comment>wurfel rhombic test corpus</comment></puzzle>\n"
    with gzip.open(fname + ".xmpuzzle", "wb") as f:
        f.write(xml.encode())

def faces(blocks):
    return [(b, a, s) for b in blocks for a in range(3) for s in (0, 4)]

def design(name, blocks, sizes, seed):
    rnd = random.Random(seed)
    fs = faces(blocks)
    rnd.shuffle(fs)
    pieces, i = [], 0
    for n in sizes:
        pieces.append([c for f in fs[i:i + n] for c in pyramid(*f)])
        i += n
    assert i == len(fs)
    write(name, [c for f in fs for c in pyramid(*f)], pieces)

ONE = [(0, 0, 0)]
TWO = [(0, 0, 0), (1, 0, 0)]
L3 = [(0, 0, 0), (1, 0, 0), (0, 1, 0)]
design("block-2x3", ONE, [3, 3], 1)
design("block-3x2", ONE, [2, 2, 2], 2)
design("block-4-2", ONE, [4, 2], 3)
design("block-1-2-3", ONE, [1, 2, 3], 4)
design("block-2-2-1-1", ONE, [2, 2, 1, 1], 5)
design("two-4x3", TWO, [3, 3, 3, 3], 6)
design("two-6x2", TWO, [2, 2, 2, 2, 2, 2], 7)
design("two-4-4-4", TWO, [4, 4, 4], 8)
design("two-5-4-3", TWO, [5, 4, 3], 9)
design("ell-6x3", L3, [3, 3, 3, 3, 3, 3], 10)
design("ell-4-5-4-5", L3, [4, 5, 4, 5], 11)
