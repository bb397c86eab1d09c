#!/bin/sh
# The speed of `count` through the server against the command line, side by side in one run
# (issue 39: one code path, so the same speed). Each round runs the CLI's `count --json` and
# the API's `POST /api/v1/count` on the same puzzle with the same engine threads, alternating
# so that a loaded machine slows both alike; prints each time, the medians and their ratio,
# and checks the two answers are the same count.
#
#   scripts/serve-bench.sh [PUZZLE] [ROUNDS] [THREADS]     (default: pentominoes-6x10 5 2)
#
# Needs a release build (`cargo build --release`), curl and python3.
set -eu
PUZZLE=${1:-pentominoes-6x10}
ROUNDS=${2:-5}
THREADS=${3:-2}
W=${WURFEL:-target/release/wurfel}
PORT=${PORT:-18123}
TMP=$(mktemp -d)
"$W" serve --port "$PORT" --threads "$THREADS" >"$TMP/serve.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$PORT/api/v1/status" >/dev/null 2>&1 && break
  sleep 0.1
done
now() { python3 -c 'import time; print(time.time())'; }
for i in $(seq "$ROUNDS"); do
  t0=$(now)
  "$W" count "$PUZZLE" --json --threads "$THREADS" >"$TMP/cli.json" 2>/dev/null
  t1=$(now)
  curl -sf -H 'Content-Type: application/json' \
    -d "{\"puzzle\": \"$PUZZLE\", \"threads\": $THREADS}" \
    "http://127.0.0.1:$PORT/api/v1/count" >"$TMP/api.json"
  t2=$(now)
  echo "$t0 $t1 $t2" >>"$TMP/times"
done
python3 - "$TMP" "$PUZZLE" "$THREADS" <<'EOF'
import json, statistics, sys
tmp, puzzle, threads = sys.argv[1:]
cli, api = [], []
for line in open(f"{tmp}/times"):
    t0, t1, t2 = map(float, line.split())
    cli.append(t1 - t0)
    api.append(t2 - t1)
a, b = json.load(open(f"{tmp}/cli.json")), json.load(open(f"{tmp}/api.json"))
keys = ("raw", "rotations", "rotations_reflections")
same = all(a.get(k) == b.get(k) for k in keys)
print(f"{puzzle}, {threads} threads, {len(cli)} rounds")
print("cli s:", " ".join(f"{t:.2f}" for t in cli))
print("api s:", " ".join(f"{t:.2f}" for t in api))
mc, ma = statistics.median(cli), statistics.median(api)
print(f"median cli {mc:.2f} s, api {ma:.2f} s, api/cli {ma / mc:.3f}")
print("same counts:", same, {k: a.get(k) for k in keys})
sys.exit(0 if same else 1)
EOF
