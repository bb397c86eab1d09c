#!/usr/bin/env python3
"""Writes designs with piece groups from designs of the corpus.

For DIR/NAME.xmpuzzle and two of its pieces A and B, the design with A and B in group 1
(BurrTools' piece groups: pieces of one group need not come apart from each other for an
assembly to count as a solution) becomes DIR/NAME-gAB.xmpuzzle, through `wurfel convert` and a
TOML file in between (removed). Its counts and levels are then recorded by BurrTools
(`record.sh` in the folder), not by wurfel.

Usage (from the repository root, with a release build):
    python3 crates/pack/tests/data/burr/groups.py triangle/corridor6-3-s225:P1:P3 ...
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
WURFEL = os.environ.get("WURFEL", "target/release/wurfel")


def group(spec):
    design, a, b = spec.split(":")
    folder, name = design.split("/")
    source = os.path.join(HERE, folder, name + ".xmpuzzle")
    out_name = f"{name}-g{a.lstrip('P')}{b.lstrip('P')}"
    with tempfile.TemporaryDirectory() as tmp:
        toml = os.path.join(tmp, "design.toml")
        subprocess.run([WURFEL, "convert", source, toml], check=True, capture_output=True)
        text = open(toml).read()
        for piece in (a, b):
            marker = f'name = "{piece}"\n'
            if marker not in text:
                sys.exit(f"{design} has no piece {piece}")
            text = text.replace(marker, marker + "group = 1\n", 1)
        text = re.sub(r"^id = .*\n", "", text, flags=re.M)
        text = text.replace(f'name = "{name}"', f'name = "{out_name}"', 1)
        grouped = os.path.join(tmp, out_name + ".toml")
        with open(grouped, "w") as f:
            f.write(text)
        target = os.path.join(HERE, folder, out_name + ".xmpuzzle")
        if os.path.exists(target):
            os.remove(target)
        subprocess.run([WURFEL, "convert", grouped, target], check=True, capture_output=True)


for spec in sys.argv[1:]:
    group(spec)
