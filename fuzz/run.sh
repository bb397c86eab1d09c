#!/usr/bin/env bash
# Fuzzes every parser of user input for a bounded time with AFL++ (stable toolchain).
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Needs `cargo install cargo-afl` once (it builds AFL++ with `cargo afl config --build`).
# Prints, per target, the inputs tried and the crashes found; crashes are kept in
# $OUT/TARGET/default/crashes (turn each into a regression test next to the parser it hit).
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-120}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(puzzle_toml burrtools snake_chain scramble facelets checkpoint)
out=${OUT:-${TMPDIR:-/tmp}/wurfel-fuzz}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$out/target}
cargo afl build --release --quiet
# AFL_AUTORESUME: a second run continues from the first one's queue.
export AFL_AUTORESUME=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_QUIET=1
for t in "${targets[@]}"; do
    mkdir -p "$out/$t"
    # -V: stop after that many seconds; -c0 is added by cargo afl.
    cargo afl fuzz -V "$secs" -i "corpus/$t" -o "$out/$t" "$CARGO_TARGET_DIR/release/$t" \
        > "$out/$t.log" 2>&1 || { echo "$t: afl-fuzz failed, see $out/$t.log"; continue; }
    stats="$out/$t/default/fuzzer_stats"
    execs=$(awk -F' *: *' '$1=="execs_done"{print $2}' "$stats")
    crashes=$(awk -F' *: *' '$1=="saved_crashes"{print $2}' "$stats")
    hangs=$(awk -F' *: *' '$1=="saved_hangs"{print $2}' "$stats")
    paths=$(awk -F' *: *' '$1=="corpus_count"{print $2}' "$stats")
    echo "$t: $execs inputs in ${secs}s, corpus $paths, crashes $crashes, hangs $hangs"
done
