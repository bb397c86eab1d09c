#!/usr/bin/env bash
# Prove the single-node Slurm cluster from scripts/slurm-up.sh does what sharded runs need:
#   1. a job array whose tasks write one file each, plus a merge job run with afterok on the array;
#   2. a task killed mid-run: the merge never runs, resubmitting only that index completes the set;
#   3. GNU parallel: a failed job is redone, and only it, by --joblog ... --resume-failed.
# Uses only the shell and the cluster. Every wait is bounded, so it cannot hang CI; it cancels the
# jobs it submitted and removes its files on exit. Exits non-zero on the first failed check.
set -euo pipefail

WAIT=${SLURM_SELFTEST_TIMEOUT:-120}   # seconds, per wait
work=$(mktemp -d /tmp/slurm-selftest.XXXXXX)
jobs_submitted=()
a="" m=""   # the current array and merge job ids, set by submit_set

say() { echo "slurm-selftest: $*"; }
fail() {
  echo "slurm-selftest: FAILED: $*" >&2
  squeue >&2 2>/dev/null || true
  local f
  for f in "$work"/*.out; do
    [ -f "$f" ] && { echo "----- $f -----" >&2; tail -n 5 "$f" >&2; }
  done
  exit 1
}
cleanup() {
  local j
  for j in "${jobs_submitted[@]}"; do scancel "$j" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

command -v sbatch >/dev/null || fail "sbatch not found: run scripts/slurm-up.sh first"
scontrol ping 2>/dev/null | grep -q UP || fail "slurmctld is not answering: run scripts/slurm-up.sh first"

# Submit with sbatch and store the job id in the variable named by $1. Not run in $(...): the id
# must reach jobs_submitted, so that the cleanup cancels it.
submit() { # var sbatch-arguments...
  local var=$1 id
  shift
  id=$(sbatch --parsable "$@") || fail "sbatch $* was refused"
  id=${id%%;*}
  jobs_submitted+=("$id")
  printf -v "$var" %s "$id"
}

# States of a job (for an array: one line per task, "TASKID STATE"), from slurmctld's memory:
# without an accounting database there is no sacct, but finished jobs stay for MinJobAge.
job_states() {
  scontrol show job -o "$1" 2>/dev/null \
    | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p;' | sort | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }'
}
job_state() { scontrol show job -o "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }

# Wait until no task of job $1 is pending or running.
wait_done() {
  local deadline=$((SECONDS + WAIT))
  while squeue -h -j "$1" -t PENDING,RUNNING,CONFIGURING,COMPLETING 2>/dev/null | grep -q .; do
    [ $SECONDS -lt $deadline ] || fail "job $1 still not finished after $WAIT s"
    sleep 1
  done
}

# A shard: writes its result to a temporary name and renames it, so a killed task leaves no
# result behind. Task 3 is slow unless $work/fast exists, so that it can be killed mid-run.
cat >"$work/shard.sh" <<'EOF'
#!/bin/bash
set -eu
i=$SLURM_ARRAY_TASK_ID
if [ "$i" = 3 ] && [ ! -e "$WORK/fast" ]; then sleep 300; fi
sleep 1
echo $((i * i)) >"$WORK/part-$i.tmp"
mv "$WORK/part-$i.tmp" "$WORK/part-$i"
EOF
cat >"$work/merge.sh" <<'EOF'
#!/bin/bash
set -eu
n=0; sum=0
for i in 0 1 2 3 4 5 6 7; do
  [ -f "$WORK/part-$i" ] || { echo "part $i missing" >&2; exit 1; }
  sum=$((sum + $(cat "$WORK/part-$i"))); n=$((n + 1))
done
echo "$n $sum" >"$WORK/merged"
EOF
chmod +x "$work/shard.sh" "$work/merge.sh"
common=(--export="ALL,WORK=$work" --chdir="$work" --time=5 --ntasks=1 --cpus-per-task=1)
expected="8 140" # 8 parts, 0^2 + 1^2 + ... + 7^2 = 140

# Submit the shards of --array=$1 (logs named $2-*) and a merge job that runs after all of them
# succeed; the ids go to $a and $m.
submit_set() { # array-spec log-prefix
  submit a "${common[@]}" --array="$1" --output="$work/$2-%A_%a.out" "$work/shard.sh"
  submit m "${common[@]}" --dependency=afterok:"$a" --output="$work/m-%j.out" "$work/merge.sh"
  say "   array $a (--array=$1), merge $m"
}

# Wait for $a and $m, then check the merge completed with the expected total.
expect_merged() {
  wait_done "$a"
  wait_done "$m"
  say "   array task states: $(job_states "$a"); merge: $(job_state "$m")"
  [ "$(job_state "$m")" = COMPLETED ] || fail "merge job $m did not complete"
  [ "$(cat "$work/merged")" = "$expected" ] || fail "merged '$(cat "$work/merged")', expected '$expected'"
  say "   merged: $(cat "$work/merged") (parts, sum of squares) = expected"
}

# --- 1. array + dependent merge -------------------------------------------------------------------
say "1. job array 0-7 and a merge job with --dependency=afterok"
t0=$SECONDS
touch "$work/fast"
submit_set 0-7 a
expect_merged
say "   took $((SECONDS - t0)) s"

# --- 2. kill one task mid-run, resubmit only that index -------------------------------------------
say "2. kill task 3 mid-run, resubmit only --array=3"
rm -f "$work"/part-* "$work/merged" "$work/fast"
submit_set 0-7 b
deadline=$((SECONDS + WAIT))
until [ "$(squeue -h -j "${a}_3" -t RUNNING -o %i 2>/dev/null)" = "${a}_3" ]; do
  [ $SECONDS -lt $deadline ] || fail "task ${a}_3 never started running"
  sleep 1
done
say "   ${a}_3 is running; scancel ${a}_3"
scancel "${a}_3"
wait_done "$a"
wait_done "$m"
say "   array task states: $(job_states "$a"); merge: $(job_state "$m")"
[ "$(job_state "${a}_3")" = CANCELLED ] || fail "task ${a}_3 is $(job_state "${a}_3"), not CANCELLED"
[ ! -e "$work/part-3" ] || fail "the killed task left a result file"
[ ! -e "$work/merged" ] || fail "the merge ran although a task was killed"
[ "$(job_state "$m")" = CANCELLED ] || fail "merge $m is $(job_state "$m"); expected CANCELLED (kill_invalid_depend)"
parts=("$work"/part-?)
[ ${#parts[@]} = 7 ] || fail "expected the 7 results of the tasks that were not killed"
say "   parts present: ${parts[*]##*/}"
touch "$work/fast"
submit_set 3 r
expect_merged

# --- 3. GNU parallel --joblog --resume-failed ------------------------------------------------------
say "3. GNU parallel --joblog --resume-failed"
command -v parallel >/dev/null || fail "GNU parallel not found (scripts/slurm-up.sh installs it)"
say "   $(parallel --version | head -n 1)"
# shellcheck disable=SC2016  # expanded by the shell parallel starts, not here
job='if [ {} = 3 ] && [ ! -e fixed ]; then exit 7; fi; echo $(({} * {})) > p-{}'
cd "$work"
rc=0
seq 0 7 | timeout "$WAIT" parallel --will-cite -j 2 --joblog joblog "$job" || rc=$?
[ "$rc" = 1 ] || fail "first parallel run: exit $rc, expected 1 (one failed job)"
outs=(p-?)
if [ -e p-3 ] || [ ${#outs[@]} != 7 ]; then fail "first parallel run: expected 7 outputs, all but p-3"; fi
touch fixed
rc=0
seq 0 7 | timeout "$WAIT" parallel --will-cite -j 2 --joblog joblog --resume-failed "$job" || rc=$?
[ "$rc" = 0 ] || fail "parallel --resume-failed: exit $rc, expected 0"
# The joblog has a header and one line per run: 8 from the first run, 1 rerun of job 3.
runs=$(tail -n +2 joblog | wc -l)
# Column 7 is the exit value, column 9 the command with {} substituted.
reruns=$(tail -n +2 joblog | awk -F'\t' '$9 ~ /^if \[ 3 = 3 \]/ { printf "%s ", $7 }')
[ "$runs" = 9 ] || fail "joblog has $runs runs, expected 9 (8 + the failed one once more)"
[ "$reruns" = "7 0 " ] || fail "job 3's exit values: '$reruns', expected '7 0 ' (failed, then redone)"
sum=0; for i in 0 1 2 3 4 5 6 7; do sum=$((sum + $(cat "p-$i"))); done
[ "$sum" = 140 ] || fail "parallel outputs sum to $sum, expected 140"
say "   first run: 7 ok + 1 failed (exit 1); --resume-failed reran only job 3; sum $sum = expected"
cd /

say "all checks passed in $SECONDS s"
