#!/usr/bin/env bash
# The shard contract on real cluster engines (run by CI after the test suite):
#   1. Slurm: `shard plan` solid pentominoes 3x4x5 in 16 shards, `shard emit --to slurm`, submit the
#      array and its dependent merge job, wait, and compare the merged counts with `wurfel count`.
#   2. Slurm: the Tetris Cube in 16 shards; one array task is killed mid-run (while its shard is
#      computing): no result appears, the merge job is cancelled, `submit-slurm.sh` run again
#      resubmits only the killed shard, and the merged counts equal `wurfel count`.
#   3. GNU parallel: the same kill (SIGKILL of one running shard), rerun with --resume-failed
#      (only the failed shard runs again), merged counts equal `wurfel count`.
#   4. Slurm: a 4x4x4 stage analysis (stage 5's wings, 12 depths) in 3 shards per depth through
#      the emitted driver (an array and a join job per depth), killed after depth 3 and run
#      again (it goes on from the depth under way); the rows equal `revenge analyse`.
#   5. Slurm: the frontier count of T-tetracubes in 4x4x6 in 4 slices (`shard plan --method
#      frontier --layers --slices 4`): status before and after the array, the dependent merge
#      job; the counts equal `count --method frontier` (and the search's).
# Before that it checks that a stale pid file (its pid reused by another program) kills nothing.
# Starts the single-node Slurm cluster with scripts/slurm-up.sh (apt: slurm-wlm, munge, parallel).
# When that is impossible it fails loudly: CI never skips this silently. Every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
WAIT=${CLUSTER_TEST_TIMEOUT:-300}   # seconds, per wait

say() { echo "cluster-test: $*"; }
fail() {
  echo "cluster-test: FAILED: $*" >&2
  squeue >&2 2>/dev/null || true
  for f in "$work"/*/logs/*.out; do
    [ -f "$f" ] && { echo "----- $f -----" >&2; tail -n 8 "$f" >&2; }
  done
  exit 1
}

WURFEL=${WURFEL:-$root/target/release/wurfel}
if [ ! -x "$WURFEL" ]; then
  say "building wurfel (release)"
  cargo build --release --quiet
fi
WURFEL=$(readlink -f "$WURFEL")

# A stale pid file must never stop an unrelated process: CI machines keep /run while the daemons
# are gone, and the pid may since be reused (a CI run once killed its own new munged that way).
check_stale_pid_file() (
  # shellcheck source=scripts/slurm-common.sh
  . "$root/scripts/slurm-common.sh"
  sleep 300 & other=$!
  trap 'kill $other 2>/dev/null || true' EXIT
  f=$(mktemp /tmp/wurfel-stale.XXXXXX.pid)
  echo "$other" >"$f"
  pid_alive slurmctld "$f" && { echo "a sleep counted as slurmctld" >&2; exit 1; }
  stop_daemon slurmctld "$f" 2>/dev/null
  proc_alive "$other" || { echo "stop_daemon killed a process that was not slurmctld" >&2; exit 1; }
  [ ! -e "$f" ] || { echo "the stale pid file $f was kept" >&2; exit 1; }
  daemon_alive sleep "$other" || { echo "daemon_alive does not recognise a live sleep" >&2; exit 1; }
)
check_stale_pid_file || { echo "cluster-test: FAILED: stale pid file handling" >&2; exit 1; }
say "stale pid files: removed, their pids left alone"

if ! bash "$root/scripts/slurm-up.sh"; then
  echo "cluster-test: FAILED: could not start a single-node Slurm cluster (scripts/slurm-up.sh); the Slurm and GNU parallel shard tests cannot run here" >&2
  exit 1
fi

# The shared plan directories must be readable by the Slurm job user: keep them under /tmp.
work=$(mktemp -d /tmp/wurfel-cluster-test.XXXXXX)
chmod 755 "$work"
jobs_submitted=()
cleanup() {
  for j in "${jobs_submitted[@]}"; do scancel "$j" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The counts `wurfel count --json` prints, as "raw rotations rotations_reflections".
counts_of() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["raw"], d["rotations"], d["rotations_reflections"])' "$1"; }

expected() { # puzzle -> counts on one machine
  "$WURFEL" count "$1" --json >"$work/$1.count.json"
  counts_of "$work/$1.count.json"
}

# Submit through the emitted script; remember the job ids for the cleanup.
submit() { # dir
  local out
  out=$(bash "$1/submit-slurm.sh") || fail "submit-slurm.sh failed: $out"
  echo "$out" | sed 's/^/cluster-test:    /'
  array=$(echo "$out" | sed -n 's/^submitted shards .* as job array \([0-9]*\).*/\1/p')
  merge=$(echo "$out" | sed -n 's/^submitted the merge as job \([0-9]*\).*/\1/p')
  [ -n "$merge" ] || fail "no merge job id in: $out"
  jobs_submitted+=("$merge" ${array:+"$array"})
}

job_state() { scontrol show job -o "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }

wait_done() { # job id
  local deadline=$((SECONDS + WAIT))
  while squeue -h -j "$1" -t PENDING,RUNNING,CONFIGURING,COMPLETING 2>/dev/null | grep -q .; do
    [ $SECONDS -lt $deadline ] || fail "job $1 still not finished after $WAIT s"
    sleep 1
  done
}

# Waits until some shard of the plan in $1 is computing (its running marker exists) and prints
# its index.
running_shard() { # dir
  local deadline=$((SECONDS + WAIT)) f
  while :; do
    for f in "$1"/running/shard-*.json; do
      [ -f "$f" ] || continue
      f=${f##*/shard-}; f=${f%.json}
      echo $((10#$f))
      return 0
    done
    [ $SECONDS -lt $deadline ] || fail "no shard of $1 started computing within $WAIT s"
    sleep 0.05
  done
}

# --- 1. Slurm: plan, emit, submit, merge ----------------------------------------------------------
say "1. Slurm: solid pentominoes 3x4x5 in 16 shards"
want=$(expected solid-pentominoes-3x4x5)
d=$work/p345
"$WURFEL" shard plan solid-pentominoes-3x4x5 --shards 16 --dir "$d"
"$WURFEL" shard emit "$d" --to slurm >/dev/null
submit "$d"
wait_done "$array"; wait_done "$merge"
[ "$(job_state "$merge")" = COMPLETED ] || fail "merge job $merge is $(job_state "$merge")"
got=$(counts_of "$d/merged.json")
[ "$got" = "$want" ] || fail "Slurm merge gives '$got', one machine '$want'"
say "   merged through Slurm: $got = wurfel count"

# --- 2. Slurm: kill one task mid-run, resubmit only it --------------------------------------------
say "2. Slurm: the Tetris Cube in 16 shards, one task killed mid-run"
want=$(expected tetris-cube)
d=$work/tetris
"$WURFEL" shard plan tetris-cube --shards 16 --dir "$d"
"$WURFEL" shard emit "$d" --to slurm >/dev/null
submit "$d"
first_array=$array first_merge=$merge
victim=$(running_shard "$d")
scancel "${first_array}_${victim}"
say "   shard $victim was computing: scancel ${first_array}_${victim}"
wait_done "$first_array"; wait_done "$first_merge"
state=$(job_state "${first_array}_${victim}")
[ "$state" = CANCELLED ] || fail "task ${first_array}_${victim} is $state, not CANCELLED"
[ ! -e "$d/results/shard-$(printf %06d "$victim").json" ] || fail "the killed shard left a result"
[ "$(job_state "$first_merge")" = CANCELLED ] || fail "merge $first_merge is $(job_state "$first_merge"), expected CANCELLED"
todo=$("$WURFEL" shard status "$d" --not-done)
[ "$todo" = "$victim" ] || fail "shard status --not-done says '$todo', expected '$victim'"
say "   merge cancelled; not done: $todo; resubmitting"
submit "$d"
[ "$array" != "$first_array" ] || fail "no new array was submitted"
[ "$(scontrol show job -o "$array" | grep -c .)" = 1 ] || fail "the resubmission ran more than the missing shard"
wait_done "$array"; wait_done "$merge"
[ "$(job_state "$merge")" = COMPLETED ] || fail "second merge job $merge is $(job_state "$merge")"
got=$(counts_of "$d/merged.json")
[ "$got" = "$want" ] || fail "Slurm merge gives '$got', one machine '$want'"
say "   after resubmitting shard $victim only: $got = wurfel count"

# --- 3. GNU parallel: the same, with --joblog --resume-failed -------------------------------------
say "3. GNU parallel: the Tetris Cube in 16 shards, one shard killed mid-run"
d=$work/tetris-parallel
"$WURFEL" shard plan tetris-cube --shards 16 --dir "$d"
"$WURFEL" shard emit "$d" --to parallel --jobs 2 >/dev/null
rc=0
(
  victim=$(running_shard "$d")
  pkill -KILL -f -- "shard run $d --index $victim " || true
  echo "$victim" >"$work/parallel-victim"
) &
timeout "$WAIT" bash "$d/parallel.sh" >"$work/parallel-1.log" 2>&1 || rc=$?
wait
victim=$(cat "$work/parallel-victim")
[ "$rc" != 0 ] || fail "parallel.sh succeeded although shard $victim was killed"
[ ! -e "$d/merged.json" ] || fail "merged although a shard was killed"
todo=$("$WURFEL" shard status "$d" --not-done)
[ "$todo" = "$victim" ] || fail "shard status --not-done says '$todo', expected '$victim'"
say "   shard $victim killed: parallel.sh exited $rc; rerunning"
timeout "$WAIT" bash "$d/parallel.sh" >"$work/parallel-2.log" 2>&1 || fail "second parallel.sh failed: $(tail -n 5 "$work/parallel-2.log")"
reruns=$(tail -n +2 "$d/parallel.joblog" | wc -l)
[ "$reruns" = 17 ] || fail "the job log has $reruns runs, expected 17 (16, then the killed shard again)"
got=$(counts_of "$d/merged.json")
[ "$got" = "$want" ] || fail "parallel merge gives '$got', one machine '$want'"
say "   rerun redid only shard $victim: $got = wurfel count"

# --- 4. Slurm: an analysis depth by depth through the emitted driver ------------------------------
say "4. Slurm: stage 5's wings analysed in 3 shards per depth"
rows_of() { python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["distance"]))' "$1"; }
"$WURFEL" revenge analyse --stage 5 --variant wings --state-dir "$work/wings-local" --json --quiet >"$work/wings.json"
want=$(rows_of "$work/wings.json")
d=$work/wings
"$WURFEL" shard plan --revenge-stage 5 --variant wings --shards 3 --dir "$d"
"$WURFEL" shard emit "$d" --to slurm >/dev/null
start=$SECONDS
# The driver is killed (with its jobs) once depth 3 is joined, then run again: it goes on from
# the depth under way.
setsid bash "$d/submit-slurm.sh" >"$work/wings-driver-1.log" 2>&1 &
driver=$!
deadline=$((SECONDS + WAIT))
until [ "$("$WURFEL" shard status "$d" --next-depth)" -ge 4 ] 2>/dev/null; do
  [ $SECONDS -lt $deadline ] || fail "depth 3 not joined within $WAIT s: $(tail -n 5 "$work/wings-driver-1.log")"
  sleep 0.5
done
kill -- -"$driver" 2>/dev/null || true
wait "$driver" 2>/dev/null || true
scancel --name=wurfel-revenge-stage-5-wings 2>/dev/null || true
scancel --name=wurfel-revenge-stage-5-wings-merge 2>/dev/null || true
resumed=$("$WURFEL" shard status "$d" --next-depth)
say "   driver killed with depth $resumed under way; running it again"
timeout "$((4 * WAIT))" bash "$d/submit-slurm.sh" >"$work/wings-driver.log" 2>&1 || fail "the analysis driver failed: $(tail -n 5 "$work/wings-driver.log")"
first=$(sed -n 's/^depth \([0-9]*\): .*/\1/p' "$work/wings-driver.log" | head -n 1)
[ "$first" = "$resumed" ] || fail "the rerun started at depth $first, not at $resumed"
[ "$("$WURFEL" shard status "$d" --next-depth)" = complete ] || fail "the driver ended before the analysis was complete"
got=$(rows_of "$d/merged.json")
[ "$got" = "$want" ] || fail "Slurm analysis gives $got, one machine $want"
say "   rerun from depth $resumed to the end; $((SECONDS - start)) s in all through Slurm: rows = revenge analyse"

# --- 5. Slurm: a frontier count in slices ---------------------------------------------------------
say "5. Slurm: T-tetracubes in 4x4x6, the frontier count in 4 slices"
t446=$work/t446.toml
printf '%s\n' 'name = "T-tetracubes in 4x4x6"' '[target]' 'box = [4, 4, 6]' '[[piece]]' \
  'name = "T"' 'cells = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]' 'count = 24' >"$t446"
"$WURFEL" count "$t446" --method frontier --json >"$work/t446.count.json"
want=$(counts_of "$work/t446.count.json")
"$WURFEL" count "$t446" --json >"$work/t446.search.json"
[ "$(counts_of "$work/t446.search.json")" = "$want" ] || fail "count --method frontier gives '$want', the search '$(counts_of "$work/t446.search.json")'"
d=$work/t446-frontier
"$WURFEL" shard plan "$t446" --method frontier --layers --slices 4 --dir "$d"
todo=$("$WURFEL" shard status "$d" --not-done)
[ "$todo" = 0-3 ] || fail "a new frontier plan: shard status --not-done says '$todo', expected '0-3'"
"$WURFEL" shard emit "$d" --to slurm >/dev/null
submit "$d"
[ -n "$array" ] || fail "no array job was submitted for the frontier plan"
wait_done "$array"; wait_done "$merge"
for i in 0 1 2 3; do
  state=$(job_state "${array}_$i")
  [ "$state" = COMPLETED ] || fail "frontier shard task ${array}_$i is $state"
done
todo=$("$WURFEL" shard status "$d" --not-done)
[ -z "$todo" ] || fail "after the array: shard status --not-done says '$todo', expected nothing"
[ "$(job_state "$merge")" = COMPLETED ] || fail "frontier merge job $merge is $(job_state "$merge")"
got=$(counts_of "$d/merged.json")
[ "$got" = "$want" ] || fail "Slurm frontier merge gives '$got', one machine '$want'"
method=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["method"])' "$d/merged.json")
[ "$method" = frontier ] || fail "the merged frontier count says method '$method'"
say "   4 array tasks, status all done, merged through Slurm: $got = wurfel count --method frontier = the search"

say "all checks passed in $SECONDS s"
