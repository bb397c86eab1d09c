#!/usr/bin/env bash
# `wurfel estimate` against exact counts: 4 puzzles x 5 seeds at default settings; one line per
# run saying whether the exact node count and raw count lie inside the estimate's 95% interval.
# Usage: scripts/estimate-check.sh [WURFEL]   (default: target/release/wurfel)
set -euo pipefail
cd "$(dirname "$0")/.."
W=$(readlink -f "${1:-target/release/wurfel}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
for p in solid-pentominoes-3x4x5 bedlam tetris-cube pentominoes-6x10; do
  "$W" count $p --json > $p.count.json
  for seed in 1 2 3 4 5; do
    /usr/bin/time -f "%e %U" -o time.tmp "$W" estimate $p --seed $seed --json > est.tmp
    python3 - "$p" "$seed" <<'PY'
import json,sys
p,seed=sys.argv[1],sys.argv[2]
e=json.load(open('est.tmp')); c=json.load(open(p+'.count.json'))
t=open('time.tmp').read().split()
def chk(name, truth, i):
    ok = i['low'] <= truth <= i['high']
    return f"{name} {i['estimate']:.4g} [{i['low']:.4g},{i['high']:.4g}] truth {truth} {'IN' if ok else 'OUT'}"
print(p, seed, chk('nodes', c['stats']['nodes'], e['nodes']), '|', chk('raw', c['raw'], e['solutions']), '| estimate took', t[0], 's wall,', t[1], 'CPU-s')
PY
  done
done
