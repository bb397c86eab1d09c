#!/bin/sh
# Times wurfel against peer programs on the same puzzles, back to back, and prints a Markdown
# table (CPU seconds = user + system, as reported by /usr/bin/time).
#
# The peers are NOT built here: build them yourself from their public sources (see docs/PERFORMANCE.md's
# performance section) and pass the binaries:
#   BURRTXT=/path/to/burrTxt   BurrTools' text solver (optional)
#   DLX1=/path/to/dlx1         Knuth's DLX1 (optional)
#   WURFEL=target/release/wurfel (default)
#   PUZZLES="soma pentominoes-6x10 ..." (default: the five classics below)
#   DLX1_PUZZLES="..."         the puzzles DLX1 runs (default: all; it is slow on the big ones)
#
# Puzzle inputs for the peers are written from wurfel's catalog by the `peer_inputs` example
# (BurrTools XML; DLX1 rows = exactly the rows wurfel's engine searches).
set -eu
cd "$(dirname "$0")/.."
WURFEL=${WURFEL:-target/release/wurfel}
PUZZLES=${PUZZLES:-"soma pentominoes-6x10 solid-pentominoes-3x4x5 bedlam tetris-cube"}
DLX1_PUZZLES=${DLX1_PUZZLES:-$PUZZLES}
BURRTXT=${BURRTXT:-}
DLX1=${DLX1:-}
[ -x "$WURFEL" ] || { echo "no wurfel binary at $WURFEL (cargo build --release)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
cargo run -q --release -p wurfel-pack --example peer_inputs -- "$work" $PUZZLES

# cpu CMD... : runs CMD, prints "CPU WALL" seconds; CMD's output goes to $work/out.
cpu() {
    /usr/bin/time -f "%U %S %e" -o "$work/time" "$@" >"$work/out" 2>&1 </dev/null || true
    awk '{ printf "%.2f %.2f", $1 + $2, $3 }' "$work/time"
}
# cpu_in FILE CMD... : the same with FILE on stdin.
cpu_in() {
    f=$1
    shift
    /usr/bin/time -f "%U %S %e" -o "$work/time" "$@" <"$f" >"$work/out" 2>&1 || true
    awk '{ printf "%.2f %.2f", $1 + $2, $3 }' "$work/time"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else print "-" }'; }

echo "| puzzle | wurfel 1 thread (CPU s) | wurfel 2 threads (wall s) | 2-thread efficiency | BurrTools (CPU s) | vs wurfel | DLX1 (CPU s) | vs wurfel |"
echo "|---|---|---|---|---|---|---|---|"
for p in $PUZZLES; do
    set -- $(cpu "$WURFEL" count "$p" --threads 1)
    w1=$1
    set -- $(cpu "$WURFEL" count "$p" --threads 2)
    w2=$2
    eff=$(awk -v a="$w1" -v b="$w2" 'BEGIN { if (b > 0) printf "%.0f%%", 100 * a / (2 * b); else print "-" }')
    bt="-"
    btr="-"
    if [ -n "$BURRTXT" ]; then
        set -- $(cpu "$BURRTXT" -q "$work/$p.xmpuzzle")
        bt="$1 ($(grep -o '[0-9]* assemblies' "$work/out" || echo '?'))"
        btr=$(ratio "$1" "$w1")
    fi
    dl="-"
    dlr="-"
    if [ -n "$DLX1" ] && [ -f "$work/$p.dlx" ] && echo " $DLX1_PUZZLES " | grep -q " $p "; then
        set -- $(cpu_in "$work/$p.dlx" "$DLX1")
        dl="$1 ($(grep -o 'Altogether [0-9]* solutions' "$work/out" | grep -o '[0-9]*' || echo '?') covers)"
        dlr=$(ratio "$1" "$w1")
    fi
    echo "| $p | $w1 | $w2 | $eff | $bt | $btr | $dl | $dlr |"
done
