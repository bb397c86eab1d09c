#!/usr/bin/env python3
"""Writes colour-constrained designs on BurrTools' other grids from designs of the corpus.

For a design DIR/NAME.xmpuzzle, one assembly that wurfel
finds (`wurfel solve --json`) is coloured: the target's cells below the middle height get
colour 1, the others colour 2, and each piece is written *as placed* in that assembly with the
colours of the cells it covers (copies of a piece become pieces of their own, as their
colours may differ); `color_rules` allow colour 1 on 1 and 2 on 2 only. The design
becomes DIR/NAME-colours.toml and, through `wurfel convert`, DIR/NAME-colours.xmpuzzle (the
TOML is removed: the corpus is BurrTools files). With `--one` only the first piece is
coloured (the others go anywhere: a neutral cell fits every colour), so that several
assemblies survive: DIR/NAME-colour1.xmpuzzle. Its counts are then recorded by BurrTools
(`record.sh` in each folder), not by wurfel: the assembly used here only makes sure the design
has a solution.

Usage (from the repository root, with a release build):
    python3 crates/pack/tests/data/burr/colour.py [--one] rhombic/block-1-2-3 tetra-octa/octa2-3 ...
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WURFEL = os.environ.get("WURFEL", "target/release/wurfel")
GRIDS = {
    "rhombic": "rhombic-dodecahedra",
    "tetra-octa": "tetrahedra-octahedra",
    "triangle": "triangular-prisms",
    "spheres": "spheres",
}


def cells_toml(cells, colours=None):
    if colours is None:
        return "[" + ", ".join(f"[{x}, {y}, {z}]" for x, y, z in cells) + "]"
    return "[" + ", ".join(f"[{x}, {y}, {z}, {colours[(x, y, z)]}]" for x, y, z in cells) + "]"


def colour(design, one):
    folder, name = design.split("/")
    source = os.path.join(HERE, folder, name + ".xmpuzzle")
    out = subprocess.run([WURFEL, "solve", source, "--json"], check=True, capture_output=True)
    pieces = json.loads(out.stdout)["pieces"]
    # Copies of one piece may be coloured differently: each becomes a piece of its own.
    seen = {}
    for p in pieces:
        seen[p["name"]] = seen.get(p["name"], 0) + 1
        if seen[p["name"]] > 1:
            p["name"] += f"-{seen[p['name']]}"
    target = sorted(tuple(c) for p in pieces for c in p["cells"])
    zs = [c[2] for c in target]
    middle = (min(zs) + max(zs)) / 2
    colours = {c: 1 if c[2] < middle else 2 for c in target}
    lines = [
        f'name = "{name} in two colours"',
        f'grid = "{GRIDS[folder]}"',
        "color_rules = [[1, 1], [2, 2]]",
        "",
        "[target]",
        f"cells = {cells_toml(target)}",
        f"cell_colors = {cells_toml(target, colours)}",
    ]
    for i, p in enumerate(pieces):
        cells = [tuple(c) for c in p["cells"]]
        lines += ["", "[[piece]]", f'name = "{p["name"]}"', f"cells = {cells_toml(cells)}"]
        if i == 0 or not one:
            lines.append(f"cell_colors = {cells_toml(cells, colours)}")
    name += "-colour1" if one else "-colours"
    toml = os.path.join(HERE, folder, name + ".toml")
    with open(toml, "w") as f:
        f.write("\n".join(lines) + "\n")
    target_file = os.path.join(HERE, folder, name + ".xmpuzzle")
    if os.path.exists(target_file):
        os.remove(target_file)
    subprocess.run([WURFEL, "convert", toml, target_file], check=True, capture_output=True)
    os.remove(toml)


one = "--one" in sys.argv
for d in sys.argv[1:]:
    if d != "--one":
        colour(d, one)
