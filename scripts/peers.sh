#!/bin/sh
# Times wurfel against peer programs on the same puzzles and prints a Markdown table: CPU
# seconds (user + system, as reported by /usr/bin/time), the median of RUNS runs, each peer's
# ratio to wurfel on one thread. The runs are interleaved (wurfel, the peers, wurfel, ...) so
# that load from other processes falls on every program alike.
#
# The peers are NOT built here: build them yourself from their public sources (see
# docs/PERFORMANCE.md) and pass the binaries (each optional):
#   SSXCC=/path/to/ssxcc       Knuth's SSXCC (dancing cells)
#   DLX1=/path/to/dlx1         Knuth's DLX1 (dancing links)
#   DLX6=/path/to/dlx6         Knuth's DLX6 (DXZ: memo cache + ZDD)
#   BURRTXT=/path/to/burrTxt   BurrTools' text solver
#   WURFEL=target/release/wurfel (default)
#   PUZZLES="soma pentominoes-6x10 ..." (default: the five classics below)
#   SSXCC_PUZZLES, DLX1_PUZZLES, DLX6_PUZZLES="..."  the puzzles each runs (default: all)
#   RUNS=3                     runs per program and puzzle; the table shows the median
#
# Puzzle inputs for the peers are written from wurfel's catalog by the `peer_inputs` example
# (BurrTools XML; for the exact-cover programs exactly the rows wurfel's engine searches). The
# counts must agree: every exact-cover program's solution count must equal wurfel's engine
# covers (`count --stats`), BurrTools' assemblies wurfel's classes. A disagreement is marked in
# the table, reported on standard error, and makes the script exit 1.
set -eu
cd "$(dirname "$0")/.."
WURFEL=${WURFEL:-target/release/wurfel}
PUZZLES=${PUZZLES:-"soma pentominoes-6x10 solid-pentominoes-3x4x5 bedlam tetris-cube"}
SSXCC_PUZZLES=${SSXCC_PUZZLES:-$PUZZLES}
DLX1_PUZZLES=${DLX1_PUZZLES:-$PUZZLES}
DLX6_PUZZLES=${DLX6_PUZZLES:-$PUZZLES}
BURRTXT=${BURRTXT:-}
SSXCC=${SSXCC:-}
DLX1=${DLX1:-}
DLX6=${DLX6:-}
RUNS=${RUNS:-3}
[ -x "$WURFEL" ] || { echo "no wurfel binary at $WURFEL (cargo build --release)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
case $RUNS in '' | *[!0-9]* | 0) echo "RUNS must be a positive integer" >&2; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
cargo run -q --release -p wurfel-pack --example peer_inputs -- "$work" $PUZZLES

# run [-i FILE] CMD... : runs CMD (stdin FILE, else /dev/null), appends "CPU WALL" seconds to
# $work/times; CMD's output (stdout and stderr) goes to $work/out.
run() {
    input=/dev/null
    if [ "$1" = -i ]; then
        input=$2
        shift 2
    fi
    /usr/bin/time -f "%U %S %e" -o "$work/time" "$@" <"$input" >"$work/out" 2>&1 || true
    awk '{ printf "%.2f %.2f\n", $1 + $2, $3 }' "$work/time"
}
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)]; else print "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.1fx", a / b; else print "-" }'; }
runs_on() { echo " $1 " | grep -q " $2 "; }
status=0
# check NAME COUNT EXPECTED : prints COUNT, marked (and reported) when it is not EXPECTED.
check() {
    if [ "$2" = "$3" ]; then
        echo "$2"
    else
        echo "$p: $1 counts $2, wurfel $3" >&2
        echo "$2 ≠ $3" >"$work/mismatch"
        echo "**$2 ≠ wurfel's $3**"
    fi
}
# xcc NAME BINARY : one run of an exact-cover peer on $p: appends its CPU time to
# $work/NAME.cpu and leaves its count (or why none) in $work/NAME.count.
xcc() {
    # shellcheck disable=SC2046 # "CPU WALL" is split into two arguments on purpose
    set -- "$1" "$2" $(run -i "$work/$p.dlx" "$2" m0)
    if grep -qi 'overflow' "$work/out"; then
        echo "hash table overflows" >"$work/$1.count"
        return
    fi
    echo "$3" >>"$work/$1.cpu"
    grep -o 'Altogether [0-9]* solution' "$work/out" | grep -o '[0-9]*' >"$work/$1.count" ||
        echo "failed: $(tail -n 1 "$work/out")" >"$work/$1.count"
}
# cell NAME : "median (count) | ratio" of an exact-cover peer, the count checked.
cell() {
    if [ ! -f "$work/$1.count" ]; then
        echo "- | -"
        return
    fi
    c=$(cat "$work/$1.count")
    case $c in
    [0-9]*)
        t=$(median <"$work/$1.cpu")
        echo "$t ($(check "$1" "$c" "$covers")) | $(ratio "$t" "$w1")"
        ;;
    *) echo "$c | -" ;;
    esac
}

echo "| puzzle | engine covers | wurfel 1 thread | wurfel 2 threads (wall s) | 2-thread efficiency | SSXCC | vs wurfel | DLX1 | vs wurfel | DLX6 | vs wurfel | BurrTools | vs wurfel |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for p in $PUZZLES; do
    rm -f "$work"/*.cpu "$work"/*.count "$work"/*.wall "$work/mismatch"
    classes=
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        i=$((i + 1))
        run "$WURFEL" count "$p" --threads 1 --stats --json | cut -d' ' -f1 >>"$work/wurfel.cpu"
        json=$(grep '"covers"' "$work/out" || true)
        covers=$(echo "$json" | grep -o '"covers":[0-9]*' | cut -d: -f2)
        # BurrTools counts classes up to rotation (and reflection when the set is mirror-closed).
        if echo "$json" | grep -q '"mirror_closed":true'; then
            classes=$(echo "$json" | grep -o '"rotations_reflections":[0-9]*' | cut -d: -f2)
        else
            classes=$(echo "$json" | grep -o '"rotations":[0-9]*' | cut -d: -f2)
        fi
        run "$WURFEL" count "$p" --threads 2 | cut -d' ' -f2 >>"$work/wurfel.wall"
        if [ -f "$work/$p.dlx" ]; then
            if [ -n "$SSXCC" ] && runs_on "$SSXCC_PUZZLES" "$p"; then xcc ssxcc "$SSXCC"; fi
            if [ -n "$DLX1" ] && runs_on "$DLX1_PUZZLES" "$p"; then xcc dlx1 "$DLX1"; fi
            if [ -n "$DLX6" ] && runs_on "$DLX6_PUZZLES" "$p"; then xcc dlx6 "$DLX6"; fi
        fi
        if [ -n "$BURRTXT" ]; then
            run "$BURRTXT" -q "$work/$p.xmpuzzle" | cut -d' ' -f1 >>"$work/burr.cpu"
            grep -o '[0-9]* assemblies' "$work/out" | grep -o '[0-9]*' >"$work/burr.count" ||
                echo "failed" >"$work/burr.count"
        fi
    done
    w1=$(median <"$work/wurfel.cpu")
    w2=$(median <"$work/wurfel.wall")
    eff=$(awk -v a="$w1" -v b="$w2" 'BEGIN { if (b > 0) printf "%.0f%%", 100 * a / (2 * b); else print "-" }')
    if [ -n "$BURRTXT" ]; then
        engine_covers=$covers
        covers=$classes
        cell burr >"$work/burr.cell"
        covers=$engine_covers
    else
        echo "- | -" >"$work/burr.cell"
    fi
    echo "| $p | $covers | $w1 | $w2 | $eff | $(cell ssxcc) | $(cell dlx1) | $(cell dlx6) | $(sed 's/ (\([0-9]*\))/ (\1 assemblies)/' "$work/burr.cell") |"
    [ ! -f "$work/mismatch" ] || status=1
done
exit $status
