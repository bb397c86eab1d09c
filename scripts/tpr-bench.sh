#!/bin/sh
# Runs the TPR 4x4x4 solver (Chen Shuang's three-phase reduction solver, the one the WCA
# scrambler uses; Java, GPLv3) on the positions `wurfel revenge bench` solves, checks every
# solution with `wurfel revenge verify`, and prints TPR's lengths (OBTM, STM), time per solve
# and start-up: the side-by-side row for `wurfel revenge bench --method both`.
#
# TPR is NOT fetched or built here. Build it yourself from its public repository:
#   git clone https://github.com/cs0x7f/TPR-4x4x4-Solver && (cd TPR-4x4x4-Solver && sh make.sh)
# then pass its directory (the one holding threephase.jar and twophase.jar):
#   scripts/tpr-bench.sh /path/to/TPR-4x4x4-Solver [--random N] [--seed S] [--out FILE]
# or TPR_DIR=/path/to/TPR-4x4x4-Solver scripts/tpr-bench.sh [...]
#   --random N, --seed S  which positions, as for `wurfel revenge bench` (default 100 and 1)
#   --out FILE            also keep TPR's raw results (FACELETS<TAB>SOLUTION<TAB>MILLISECONDS)
# Settings:
#   WURFEL: the wurfel binary (default: target/release/wurfel in this repository)
#   JAVA, JAVAC: the Java runtime and compiler (default: java and javac from PATH)
#   TPR_CACHE: where TPR's table files go (twophase.data, threephase.data, about 11 MB, written
#     by its first run): default $WURFEL_CACHE/tpr, else ~/.cache/wurfel/tpr. Never the repository.
#
# TPR runs in one JVM (scripts/tpr/TprBench.java, our own driver, compiled here against TPR's
# jars into a temporary directory): tables are set up once and timed on their own, then every
# position is solved and timed.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)

TPR_DIR=${TPR_DIR:-}
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
    TPR_DIR=$1
    shift
fi
RANDOM_N=100
SEED=1
OUT=
while [ $# -gt 0 ]; do
    case $1 in
        --random) RANDOM_N=${2:?--random needs a number}; shift 2 ;;
        --seed) SEED=${2:?--seed needs a number}; shift 2 ;;
        --out) OUT=${2:?--out needs a file name}; shift 2 ;;
        *) echo "tpr-bench: unknown argument $1 (see the comment at the top of $0)" >&2; exit 2 ;;
    esac
done

how_to_build="Build TPR from its public repository:
  git clone https://github.com/cs0x7f/TPR-4x4x4-Solver && (cd TPR-4x4x4-Solver && sh make.sh)
then run: scripts/tpr-bench.sh /path/to/TPR-4x4x4-Solver   (or set TPR_DIR)"
if [ -z "$TPR_DIR" ]; then
    echo "tpr-bench: no TPR directory given (argument or TPR_DIR).
$how_to_build" >&2
    exit 1
fi
[ -d "$TPR_DIR" ] || {
    echo "tpr-bench: no directory $TPR_DIR.
$how_to_build" >&2
    exit 1
}
TPR_DIR=$(cd "$TPR_DIR" && pwd)
for j in threephase.jar twophase.jar; do
    [ -f "$TPR_DIR/$j" ] || {
        echo "tpr-bench: $TPR_DIR/$j is missing (TPR not built there?).
$how_to_build" >&2
        exit 1
    }
done
JAVA=${JAVA:-java}
JAVAC=${JAVAC:-javac}
command -v "$JAVA" >/dev/null || { echo "tpr-bench: no Java runtime ($JAVA); install a JDK (Debian: apt-get install default-jdk)" >&2; exit 1; }
command -v "$JAVAC" >/dev/null || { echo "tpr-bench: no Java compiler ($JAVAC); install a JDK (Debian: apt-get install default-jdk)" >&2; exit 1; }
WURFEL=${WURFEL:-$repo/target/release/wurfel}
[ -x "$WURFEL" ] || { echo "tpr-bench: no wurfel binary at $WURFEL (cargo build --release)" >&2; exit 1; }
WURFEL=$(cd "$(dirname "$WURFEL")" && pwd)/$(basename "$WURFEL")

if [ -n "${TPR_CACHE:-}" ]; then
    cache=$TPR_CACHE
elif [ -n "${WURFEL_CACHE:-}" ]; then
    cache=$WURFEL_CACHE/tpr
else
    cache=${XDG_CACHE_HOME:-$HOME/.cache}/wurfel/tpr
fi
case $cache in
    /*) ;;
    *) cache=$(pwd)/$cache ;;
esac
case $cache/ in
    "$repo"/*) echo "tpr-bench: TPR_CACHE $cache is inside the repository; choose another directory" >&2; exit 1 ;;
esac
mkdir -p "$cache"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp="$TPR_DIR/threephase.jar:$TPR_DIR/twophase.jar"
"$JAVAC" -nowarn -d "$work/classes" -cp "$cp" "$repo/scripts/tpr/TprBench.java"

"$WURFEL" revenge positions --random "$RANDOM_N" --seed "$SEED" >"$work/positions"
n=$(wc -l <"$work/positions")

# Start-up alone, tables present (built now if they are not): a JVM that reads no position.
(cd "$cache" && "$JAVA" -cp "$work/classes:$cp" TprBench </dev/null >/dev/null 2>"$work/first.err") || {
    cat "$work/first.err" >&2
    echo "tpr-bench: TPR's table set-up failed (above)" >&2
    exit 1
}
tables_first=$(awk '/^startup-ms/ { print $6 }' "$work/first.err")

timed=
[ -x /usr/bin/time ] && timed="/usr/bin/time -f %M -o $work/rss"
start=$(date +%s.%N)
# shellcheck disable=SC2086
(cd "$cache" && $timed "$JAVA" -cp "$work/classes:$cp" TprBench <"$work/positions" >"$work/results" 2>"$work/run.err") || {
    cat "$work/run.err" >&2
    echo "tpr-bench: TPR failed (above)" >&2
    exit 1
}
wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
[ -n "$OUT" ] && cp "$work/results" "$OUT"
got=$(wc -l <"$work/results")
if [ "$got" -ne "$n" ]; then
    cat "$work/run.err" >&2
    echo "tpr-bench: TPR answered $got of $n positions" >&2
    exit 1
fi

echo "TPR 4x4x4 solver ($TPR_DIR) on the $n positions of \`wurfel revenge bench --random $RANDOM_N --seed $SEED\`:"
# Every solution applied to its position; any wrong one stops here with the verifier's error.
"$WURFEL" revenge verify --summary "$work/results"
awk -v first="$tables_first" -v cache="$cache" '/^startup-ms/ {
    printf "start-up: %.2f s from JVM start to tables ready (table set-up %.2f s; tables read from %s%s)\n",
        $2 / 1000, $4 / 1000, cache,
        first == "built" ? ", built there by this run" : ""
}' "$work/run.err"
rss=
[ -f "$work/rss" ] && rss=$(awk '{ printf ", peak resident memory %.0f MB", $1 / 1024 }' "$work/rss")
echo "whole run: $wall s wall in one JVM$rss"
