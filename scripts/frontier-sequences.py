#!/usr/bin/env python3
"""Counts of long boxes by `wurfel count --method frontier`, checked against the search
(`--method search`) where it finishes quickly and against the OEIS terms where they exist.

    scripts/frontier-sequences.py [--wurfel PATH] [--only NAME] [--bfiles DIR] > tables.md

Prints one Markdown table per sequence (the rows docs/FRONTIER.md quotes) and, with --bfiles,
writes every count as an OEIS-style b-file (`n a(n)` per line) into DIR. Each count is one
`wurfel count BOX.toml --method frontier --json` run on a generated puzzle file (the file is
printed with --show-toml NAME N, to reproduce a single count by hand).

The OEIS terms below are copied from the sequences' pages (oeis.org/Annnnnn), offset included.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

CUBE = [[0, 0, 0]]
DOMINO = [[0, 0, 0], [1, 0, 0]]
I3 = [[0, 0, 0], [1, 0, 0], [2, 0, 0]]
L3 = [[0, 0, 0], [1, 0, 0], [0, 1, 0]]
PLATE = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]
T4 = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]

# OEIS terms: (A-number, offset, terms). "length" maps the sequence index n to the box length.
A234833 = ("A234833", 0, [1, 44, 2800, 181952, 11835136, 769854464, 50077757440,
                          3257475448832, 211893401092096, 13783315988086784,
                          896581954180218880, 58321176214542221312,
                          3793696247386269024256, 246773678989074187157504])
A359885 = ("A359885", 0, [1, 44, 2512, 145088, 8383744, 484453376, 27994083328,
                          1617634967552, 93474855387136, 5401434047381504,
                          312121261353336832, 18035892123135377408,
                          1042202005934895529984, 60223526164332403490816,
                          3480009713100277581611008, 201091971436982107249836032])
A006253 = ("A006253", 0, [1, 2, 9, 32, 121, 450, 1681, 6272, 23409])
A028447 = ("A028447", 0, [1, 3, 32, 229, 1845, 14320, 112485, 880163, 6895792, 54003765,
                          422983905, 3312866080, 25947198337, 203223953179, 1591695681488,
                          12466511517581, 97640484615909, 764741896529104, 5989627994067061,
                          46912093390144139, 367425909133064576, 2877761124002870925])
A028452 = ("A028452", 0, [1, 229, 117805, 64647289, 35669566217, 19690797527709,
                          10870506600976757, 6001202979497804657, 3313042830624031354513,
                          1829008840116358153050197, 1009728374600381843221483965,
                          557433823481589253332775648233,
                          307738670509229621147710358375321])
A360064 = ("A360064", 0, [1, 5, 89, 1177, 16873, 237977, 3366793, 47599097, 673035625,
                          9516252633, 134553882441, 1902506043833, 26900227288361,
                          380352114739609, 5377937177440009, 76040613721296249,
                          1075165950495479017, 15202163218500810073, 214948926180739194569])
A360065 = ("A360065", 0, [1, 2, 45, 412, 4705, 50374, 549109, 5955544, 64683649, 702259786,
                          7625147293, 82791470836, 898931464993, 9760376329678,
                          105975828745957, 1150659965697328, 12493588746237697,
                          135652375422278290, 1472880803124594061, 15992184812239930060,
                          173639288800074705121])
A359886 = ("A359886", 0, [1, 1, 3, 49, 231, 789, 4771, 27225, 122799, 607469, 3255979,
                          16253649, 80098519, 409480005, 2079921395, 10411734921,
                          52523676351, 266059774429, 1341128940795, 6758479842689,
                          34138205819239, 172324729379509, 869131661400259,
                          4386075013348025, 22138673661637327])
A360066 = ("A360066", 0, [1, 11, 444, 13311, 422617, 13265660, 417336617, 13123557903,
                          412719195520, 12979269602143, 408175860119021, 12836425011761592,
                          403683424226081169, 12695147020245034099, 399240466722076292612,
                          12555423726269799691295, 394846409914451855949249])
A360644 = ("A360644", 0, [1, 12, 513, 16194, 547543, 18234354, 609298887, 20344385080,
                          679408772089, 22688284005780, 757662377924917, 25301659203704234,
                          844933359518672599, 28216027727373068302, 942256839186226313727,
                          31466085716246304261600, 1050790517091131646143477])
A233505 = ("A233505", 0, [1, 2, 9, 45, 201, 1062, 5564, 28859, 152012, 799387, 4202165,
                          22117465, 116385352, 612443308, 3223118545, 16961953022,
                          89264218645, 469766599585, 2472212575433, 13010374123502,
                          68468999197712, 360328057238019, 1896278913278432,
                          9979444454056631])
A359884 = ("A359884", 0, [1, 3, 24, 133, 839, 5056, 30969, 188603, 1150952, 7018621,
                          42811231, 261110416, 1592592465, 9713598835, 59245780536,
                          361354997685, 2203996629559, 13442737199456, 81990685695721,
                          500082110459883, 3050128402768520, 18603511408241453,
                          113467563119685583])

# name: (title, cross-section, pieces, box lengths, OEIS [(terms, length of index n)], search
# up to this length)
SEQUENCES = {
    "L-2x2": ("L-tricubes in 2x2xn", (2, 2), [("L", L3)], range(3, 301, 3),
              [(A234833, lambda n: 3 * n), (A359885, lambda n: 3 * n)], 9),
    "L-2x3": ("L-tricubes in 2x3xn", (2, 3), [("L", L3)], range(1, 301), [], 4),
    "domino-2x2": ("dominoes in 2x2xn", (2, 2), [("D", DOMINO)], range(1, 301),
                   [(A006253, lambda n: n)], 10),
    "domino-2x3": ("dominoes in 2x3xn", (2, 3), [("D", DOMINO)], range(1, 301),
                   [(A028447, lambda n: n)], 6),
    "domino-3x3": ("dominoes in 3x3xn", (3, 3), [("D", DOMINO)], range(2, 101, 2),
                   [(A028452, lambda n: 2 * n)], 4),
    "T-2x2": ("T-tetracubes in 2x2xn", (2, 2), [("T", T4)], range(1, 301), [], 12),
    "T-2x3": ("T-tetracubes in 2x3xn", (2, 3), [("T", T4)], range(2, 301, 2), [], 8),
    "T-2x4": ("T-tetracubes in 2x4xn", (2, 4), [("T", T4)], range(1, 201), [], 6),
    "T-3x4": ("T-tetracubes in 3x4xn", (3, 4), [("T", T4)], range(4, 101, 4), [], 4),
    "T-4x4": ("T-tetracubes in 4x4xn", (4, 4), [("T", T4)], range(1, 21), [], 5),
    "cube+L-2x2": ("cubes and L-tricubes in 2x2xn", (2, 2), [("C", CUBE), ("L", L3)],
                   range(1, 101), [(A360064, lambda n: n)], 4),
    "domino+L-2x2": ("dominoes and L-tricubes in 2x2xn", (2, 2), [("D", DOMINO), ("L", L3)],
                     range(1, 101), [(A360065, lambda n: n)], 6),
    "plate+L-2x2": ("plates (2x2x1) and L-tricubes in 2x2xn", (2, 2),
                    [("P", PLATE), ("L", L3)], range(1, 101), [(A359886, lambda n: n)], 9),
    "cube+domino+L-2x2": ("cubes, dominoes and L-tricubes in 2x2xn", (2, 2),
                          [("C", CUBE), ("D", DOMINO), ("L", L3)], range(1, 101),
                          [(A360066, lambda n: n)], 3),
    "cube+domino+plate+L-2x2": ("cubes, dominoes, plates and L-tricubes in 2x2xn", (2, 2),
                                [("C", CUBE), ("D", DOMINO), ("P", PLATE), ("L", L3)],
                                range(1, 101), [(A360644, lambda n: n)], 3),
    "I3+domino-2x2": ("I-tricubes and dominoes in 2x2xn", (2, 2), [("I", I3), ("D", DOMINO)],
                      range(1, 101), [(A233505, lambda n: n)], 6),
    "plate+domino-2x2": ("plates and dominoes in 2x2xn", (2, 2),
                         [("P", PLATE), ("D", DOMINO)], range(1, 101),
                         [(A359884, lambda n: n)], 7),
}

# Rows shown in the Markdown tables (every length is in the b-files).
SHOWN_LONG = {20, 30, 50, 100, 200, 300}


def toml(title, dims, pieces, n):
    """The puzzle file: `pieces` filling an a x b x n box (several kinds: each used any number
    of times, 0 included; one kind: exactly as many as fill the box)."""
    a, b = dims
    cells = a * b * n
    lines = [f'name = "{title} (n = {n})"', "[target]", f"box = [{a}, {b}, {n}]"]
    for name, shape in pieces:
        lines += ["[[piece]]", f'name = "{name}"', f"cells = {json.dumps(shape)}"]
        size = len(shape)
        if len(pieces) == 1:
            if cells % size:
                return None
            lines.append(f"count = {cells // size}")
        else:
            lines.append(f"min = 0\nmax = {cells // size}")
    return "\n".join(lines) + "\n"


def count(wurfel, path, method, timeout):
    args = [wurfel, "count", path, "--method", method, "--json", "--threads", "1"]
    start = time.monotonic()
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    # Parse the numbers as Python integers (exact whatever their size).
    return json.loads(out.stdout), time.monotonic() - start


def short(x):
    s = str(x)
    return s if len(s) <= 40 else f"{s[:12]}…{s[-6:]} ({len(s)} digits)"


def run(name, wurfel, tmp, bfiles):
    title, dims, pieces, lengths, oeis, search_max = SEQUENCES[name]
    expected = {}
    for (anum, offset, terms), length in oeis:
        for i, t in enumerate(terms):
            expected.setdefault(length(offset + i), []).append((anum, t))
    print(f"\n### {title}\n")
    heads = ["length", "frontier (raw)", "peak states", "KiB", "s"]
    heads += ["search"] + [a for (a, _, _), _ in oeis]
    print("| " + " | ".join(heads) + " |")
    print("|" + "---|" * len(heads))
    rows, disagree = [], []
    for n in lengths:
        text = toml(title, dims, pieces, n)
        if text is None:
            continue
        path = os.path.join(tmp, f"{name}-{n}.toml")
        with open(path, "w") as f:
            f.write(text)
        report, secs = count(wurfel, path, "frontier", 3600)
        raw = report["raw"]
        rows.append((n, raw))
        search = ""
        if n <= search_max:
            s = count(wurfel, path, "search", 600)
            search = "timeout" if s is None else ("= " if s[0]["raw"] == raw else "≠ ") + str(
                s[0]["raw"])
            if s is not None and s[0]["raw"] != raw:
                print(f"MISMATCH frontier/search at {name} n={n}", file=sys.stderr)
        cells = []
        for (anum, _, _), _ in oeis:
            t = [v for a, v in expected.get(n, []) if a == anum]
            if not t:
                cells.append("")
            elif t[0] == raw:
                cells.append("=")
            else:
                cells.append(f"**{t[0]}**")
                disagree.append((anum, n, t[0], raw))
        shown = n <= 12 * (lengths.step if isinstance(lengths, range) else 1) or n in SHOWN_LONG \
            or n in expected or search
        if shown:
            print("| " + " | ".join([str(n), short(raw), str(report["peak_states"]),
                                     str(report["peak_bytes"] // 1024), f"{secs:.2f}",
                                     search] + cells) + " |")
    if disagree:
        print("\nDisagreeing OEIS terms (box length: OEIS term → frontier count):\n")
        for anum, n, t, raw in disagree:
            print(f"- {anum}, length {n}: {t} → {raw}")
    if bfiles:
        os.makedirs(bfiles, exist_ok=True)
        with open(os.path.join(bfiles, f"{name}.txt"), "w") as f:
            f.write(f"# {title}: box length, raw count (wurfel count --method frontier)\n")
            for n, raw in rows:
                f.write(f"{n} {raw}\n")
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wurfel", default="target/release/wurfel")
    ap.add_argument("--only", action="append", choices=sorted(SEQUENCES))
    ap.add_argument("--bfiles", metavar="DIR")
    ap.add_argument("--show-toml", nargs=2, metavar=("NAME", "N"))
    args = ap.parse_args()
    if args.show_toml:
        title, dims, pieces, *_ = SEQUENCES[args.show_toml[0]]
        print(toml(title, dims, pieces, int(args.show_toml[1])), end="")
        return
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.only or SEQUENCES:
            run(name, args.wurfel, tmp, args.bfiles)


if __name__ == "__main__":
    main()
