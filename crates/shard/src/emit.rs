//! Ready-to-submit job scripts for the engines researchers already run: Slurm job arrays,
//! GNU parallel (one machine or several over ssh), Kubernetes Indexed Jobs. Each runs
//! `wurfel shard run DIR` once per shard index and then `wurfel shard merge DIR`; reruns only
//! redo what has no valid result (`shard run` skips finished shards).
//!
//! A job computed in rounds (a breadth-first analysis: one array of the shards per depth, then
//! a join) gets a driver instead, which loops: the shards without a valid part for the round
//! under way, then the join (`shard merge`), until `shard status --next-depth` says
//! `complete`.
//!
//! Scripts are injection-proof: every string from outside (paths, partition, time limit, host
//! file, image, claim) is refused when it holds a control character (a newline would end a
//! comment line or a command) and is otherwise shell-quoted ([`sh_quote`]) wherever it is
//! interpolated, comments included; the job name is reduced to letters, digits and dashes.
//! The scripts pass `shellcheck` (`crates/cli/tests/scripts.rs`).

/// What every script needs.
pub struct Emit<'a> {
    /// The wurfel binary, as the nodes will find it.
    pub wurfel: &'a str,
    /// The plan directory, as the nodes will find it (absolute).
    pub dir: &'a str,
    /// Number of shards.
    pub shards: usize,
    /// A short name for the jobs (the puzzle id).
    pub name: &'a str,
    /// Threads per shard.
    pub threads: usize,
    /// The job runs in rounds, each one array of the shards followed by a join.
    pub rounds: bool,
}

/// The Slurm scripts: one shard per array task, the merge, and the submitter that chains them.
pub struct SlurmScripts {
    /// `slurm-shard.sh`.
    pub shard: String,
    /// `slurm-merge.sh`.
    pub merge: String,
    /// `submit-slurm.sh`.
    pub submit: String,
}

/// Refuses a string holding a control character (newline, carriage return, tab, escape,
/// ...): `what` names it in the message.
pub fn check_text(what: &str, s: &str) -> Result<(), String> {
    match s.chars().find(|c| c.is_control()) {
        Some(c) => Err(format!(
            "{what} {s:?} holds a control character ({c:?}), which no job script can carry \
             safely: rename it"
        )),
        None => Ok(()),
    }
}

impl Emit<'_> {
    /// Refuses paths and names no script can carry (see [`check_text`]).
    fn check(&self) -> Result<(), String> {
        check_text("the wurfel path", self.wurfel)?;
        check_text("the plan directory", self.dir)?;
        check_text("the job name", self.name)
    }
}

/// Quotes a YAML scalar (double-quoted style); `s` holds no control character.
fn yaml_quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Quotes `s` for a POSIX shell: as is when it is plainly safe, else in single quotes.
pub fn sh_quote(s: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c);
    if !s.is_empty() && s.chars().all(safe) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// A name Slurm and Kubernetes both accept: lower-case letters, digits and dashes.
fn job_name(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    s.truncate(40);
    format!("wurfel-{}", s.trim_matches('-'))
}

/// The Slurm job array: `submit-slurm.sh` submits the shards without a valid result (all of
/// them the first time; only the failed or killed ones when run again) and a merge job that
/// runs once they all succeeded (and is cancelled if one fails). An error when a path or option
/// holds a control character.
pub fn emit_slurm(
    e: &Emit<'_>,
    partition: Option<&str>,
    time: Option<&str>,
    max_parallel: Option<usize>,
) -> Result<SlurmScripts, String> {
    e.check()?;
    let (w, d, name) = (sh_quote(e.wurfel), sh_quote(e.dir), job_name(e.name));
    let shard = format!(
        "#!/bin/bash\n\
         {SC}\n\
         # One shard of the plan in {d}: Slurm runs this once per array task and sets\n\
         # SLURM_ARRAY_TASK_ID, which `wurfel shard run` reads. Submit with submit-slurm.sh.\n\
         exec {w} shard run {d} --threads \"${{SLURM_CPUS_PER_TASK:-{t}}}\"\n",
        t = e.threads
    );
    let merge = format!(
        "#!/bin/bash\n\
         {SC}\n\
         # Merges every shard of the plan in {d} into merged.json (refused unless every shard\n\
         # has a valid result). Submitted by submit-slurm.sh to run after the array.\n\
         exec {w} shard merge {d} --json --out {out}\n",
        out = sh_quote(&format!("{}/merged.json", e.dir))
    );
    let mut opts = format!("--job-name={name} --cpus-per-task={}", e.threads);
    if let Some(p) = partition {
        check_text("the partition", p)?;
        opts += &format!(" --partition={}", sh_quote(p));
    }
    if let Some(t) = time {
        check_text("the time limit", t)?;
        opts += &format!(" --time={}", sh_quote(t));
    }
    let throttle = max_parallel.map_or(String::new(), |m| format!("%{m}"));
    if e.rounds {
        return Ok(SlurmScripts {
            shard,
            merge,
            submit: slurm_rounds(e, &opts, &throttle),
        });
    }
    let submit = format!(
        r#"#!/bin/bash
{SC}
# Submits the shards of {name} ({n} in all) that have no valid result yet as one Slurm job
# array, and the merge as a job that runs when all of them have succeeded. Run it again after a
# failure: only the shards without a result are submitted again.
set -euo pipefail
{need_sbatch}
wurfel={w}
dir={d}
mkdir -p "$dir/logs"
todo=$("$wurfel" shard status "$dir" --not-done)
dep=()
if [ -n "$todo" ]; then
  array=$(sbatch --parsable {opts} --array="$todo{throttle}" --output="$dir/logs/shard-%a.out" "$dir/slurm-shard.sh")
  array=${{array%%;*}}
  echo "submitted shards $todo as job array $array"
  dep=(--dependency="afterok:$array" --kill-on-invalid-dep=yes)
fi
merge=$(sbatch --parsable "${{dep[@]}}" --job-name={name}-merge --output="$dir/logs/merge.out" "$dir/slurm-merge.sh")
echo "submitted the merge as job ${{merge%%;*}}; it writes $dir/merged.json"
"#,
        n = e.shards,
        need_sbatch = NEED_SBATCH,
    );
    Ok(SlurmScripts {
        shard,
        merge,
        submit,
    })
}

/// The first line after `#!`: paths are single-quoted on purpose, so that nothing in them
/// expands (`shellcheck` would otherwise suggest double quotes, or take a backslash before a
/// closing quote for an attempted escape).
const SC: &str =
    "# shellcheck disable=SC2016,SC1003 # quoted paths: nothing in them expands or escapes";

/// Stops a submitting script at once, with a message, where Slurm is not installed.
const NEED_SBATCH: &str = r#"if ! command -v sbatch >/dev/null 2>&1; then
  echo "$0: sbatch not found: run this where Slurm is installed (a login node)" >&2
  exit 1
fi"#;

/// Stops a GNU parallel script at once, with a message, where GNU parallel is not installed
/// (or another program of that name is: moreutils' takes other options).
const NEED_PARALLEL: &str = r#"if ! command -v parallel >/dev/null 2>&1; then
  echo "$0: GNU parallel is not installed (Debian/Ubuntu: apt-get install parallel)" >&2
  exit 1
fi
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
  echo "$0: the parallel on PATH is not GNU parallel (moreutils' parallel takes other options)" >&2
  exit 1
fi"#;

/// The Slurm driver of a job in rounds: per round, an array of the shards without a valid part
/// and then the join, each waited for (`sbatch --wait`).
fn slurm_rounds(e: &Emit<'_>, opts: &str, throttle: &str) -> String {
    let (w, d, name) = (sh_quote(e.wurfel), sh_quote(e.dir), job_name(e.name));
    format!(
        r#"#!/bin/bash
{SC}
# Runs {name} ({n} shards per depth) on Slurm, depth by depth: a job array of the shards of the
# depth under way that have no valid part yet, then the join as a job, until the analysis is
# complete. It waits for every job (sbatch --wait), so run it where it may stay until the end
# (tmux, nohup, or a small job of its own). Run it again after a failure: only the missing
# parts of the depth under way are submitted.
set -euo pipefail
{need_sbatch}
wurfel={w}
dir={d}
mkdir -p "$dir/logs"
while :; do
  depth=$("$wurfel" shard status "$dir" --next-depth)
  [ "$depth" != complete ] || break
  todo=$("$wurfel" shard status "$dir" --not-done)
  if [ -n "$todo" ]; then
    array=$(sbatch --parsable --wait {opts} --array="$todo{throttle}" --output="$dir/logs/depth-$depth-shard-%a.out" "$dir/slurm-shard.sh")
    echo "depth $depth: shards $todo ran as job array ${{array%%;*}}"
  fi
  merge=$(sbatch --parsable --wait --job-name={name}-merge --output="$dir/logs/merge-$depth.out" "$dir/slurm-merge.sh")
  echo "depth $depth: joined by job ${{merge%%;*}}"
  if [ "$("$wurfel" shard status "$dir" --next-depth)" = "$depth" ]; then
    echo "depth $depth was not joined (see $dir/logs/merge-$depth.out)" >&2
    exit 1
  fi
done
echo "complete: the rows are in $dir/merged.json"
"#,
        n = e.shards,
        need_sbatch = NEED_SBATCH,
    )
}

/// A GNU parallel script: every shard, `jobs` at a time (on the hosts of `sshloginfile` if
/// given, which must see the plan directory at the same path), with a job log so that running
/// it again redoes only the shards that failed or never ran; then the merge. It stops with a
/// message where GNU parallel is missing. An error when a path holds a control character.
pub fn emit_parallel(
    e: &Emit<'_>,
    jobs: Option<usize>,
    sshloginfile: Option<&str>,
) -> Result<String, String> {
    e.check()?;
    let (w, d) = (sh_quote(e.wurfel), sh_quote(e.dir));
    let name = sh_quote(e.name);
    let jobs = jobs.map_or("100%".to_string(), |j| j.to_string());
    let ssh = match sshloginfile {
        Some(f) => {
            check_text("the ssh login file", f)?;
            format!(" --sshloginfile {}", sh_quote(f))
        }
        None => String::new(),
    };
    if e.rounds {
        return Ok(format!(
            r#"#!/bin/bash
{SC}
# Runs the {n} shards of {name} with GNU parallel, depth by depth: the shards of the depth under
# way that have no valid part yet, then the join, until the analysis is complete; the rows go
# to merged.json. Run it again after a failure: only the missing parts are computed.
set -euo pipefail
{need_parallel}
wurfel={w}
dir={d}
while :; do
  depth=$("$wurfel" shard status "$dir" --next-depth)
  [ "$depth" != complete ] || break
  todo=$("$wurfel" shard status "$dir" --not-done)
  # Slurm's range list (0-3,7) as indices.
  indices=()
  IFS=, read -r -a ranges <<< "$todo"
  for r in "${{ranges[@]}}"; do
    mapfile -t -O "${{#indices[@]}}" indices < <(seq "${{r%-*}}" "${{r#*-}}")
  done
  if [ "${{#indices[@]}}" -gt 0 ]; then
    parallel -q --jobs {jobs}{ssh} "$wurfel" shard run "$dir" --index {{}} --threads {t} ::: "${{indices[@]}}"
  fi
  "$wurfel" shard merge "$dir" --json --out "$dir/merged.json"
  if [ "$("$wurfel" shard status "$dir" --next-depth)" = "$depth" ]; then
    echo "depth $depth was not joined" >&2
    exit 1
  fi
done
"$wurfel" shard merge "$dir"
"#,
            n = e.shards,
            t = e.threads,
            need_parallel = NEED_PARALLEL,
        ));
    }
    Ok(format!(
        r#"#!/bin/bash
{SC}
# Runs the {n} shards of {name} with GNU parallel, then merges them into merged.json. Run it
# again after a failure: --resume-failed redoes only the shards that failed or never ran.
set -euo pipefail
{need_parallel}
wurfel={w}
dir={d}
mapfile -t indices < <(seq 0 {last})
parallel -q --joblog "$dir/parallel.joblog" --resume-failed --jobs {jobs}{ssh} \
  "$wurfel" shard run "$dir" --index {{}} --threads {t} ::: "${{indices[@]}}"
"$wurfel" shard merge "$dir" --json --out "$dir/merged.json"
"$wurfel" shard merge "$dir"
"#,
        n = e.shards,
        t = e.threads,
        last = e.shards - 1,
        need_parallel = NEED_PARALLEL,
    ))
}

/// A Kubernetes Indexed Job: one pod per shard (`JOB_COMPLETION_INDEX` picks it), the plan
/// directory on a persistent volume claim mounted at `/plan` in every pod, `image` holding the
/// same wurfel version. The merge is one more command once the Job completes. An error when
/// the image, claim or name holds a control character.
pub fn emit_k8s(
    e: &Emit<'_>,
    image: &str,
    claim: &str,
    parallelism: usize,
) -> Result<String, String> {
    check_text("the job name", e.name)?;
    check_text("the image", image)?;
    check_text("the volume claim", claim)?;
    Ok(format!(
        r#"# Kubernetes Indexed Job for the {n} shards of {name}. Every pod mounts the volume claim
# {claim_q} at /plan, which must hold the plan directory; the image must contain wurfel (the
# same version that made the plan) on its PATH. Kubernetes sets JOB_COMPLETION_INDEX in each
# pod; `wurfel shard run` reads it. When the Job is complete, merge with:
#   wurfel shard merge /plan --json --out /plan/merged.json
apiVersion: batch/v1
kind: Job
metadata:
  name: {job}
spec:
  completionMode: Indexed
  completions: {n}
  parallelism: {parallelism}
  backoffLimitPerIndex: 3
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: shard
          image: {image_q}
          command: ["wurfel", "shard", "run", "/plan", "--threads", "{t}"]
          resources:
            requests:
              cpu: "{t}"
          volumeMounts:
            - name: plan
              mountPath: /plan
      volumes:
        - name: plan
          persistentVolumeClaim:
            claimName: {claim_q}
"#,
        n = e.shards,
        name = yaml_quote(e.name),
        job = job_name(e.name),
        t = e.threads,
        claim_q = yaml_quote(claim),
        image_q = yaml_quote(image),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emit() -> Emit<'static> {
        Emit {
            wurfel: "/opt/wurfel bin/wurfel",
            dir: "/shared/plans/tetris",
            shards: 64,
            name: "tetris-cube",
            threads: 2,
            rounds: false,
        }
    }

    #[test]
    fn quoting() {
        assert_eq!(sh_quote("/a/b-c_d.e"), "/a/b-c_d.e");
        assert_eq!(sh_quote("a b"), "'a b'");
        assert_eq!(sh_quote("it's"), r"'it'\''s'");
        assert_eq!(sh_quote(""), "''");
        assert_eq!(job_name("Bedlam Cube!"), "wurfel-bedlam-cube");
    }

    #[test]
    fn slurm_scripts_chain_the_merge_after_the_array() {
        let s = emit_slurm(&emit(), Some("short"), Some("1:00:00"), Some(16)).unwrap();
        assert!(s
            .shard
            .contains("exec '/opt/wurfel bin/wurfel' shard run /shared/plans/tetris"));
        assert!(s.submit.contains("--array=\"$todo%16\""));
        assert!(s.submit.contains("--partition=short --time=1:00:00"));
        assert!(s.submit.contains("--dependency=\"afterok:$array\""));
        assert!(s.submit.contains("shard status \"$dir\" --not-done"));
        assert!(s
            .merge
            .contains("shard merge /shared/plans/tetris --json --out"));
    }

    #[test]
    fn drivers_of_jobs_in_rounds_loop_until_complete() {
        let e = Emit {
            rounds: true,
            ..emit()
        };
        let s = emit_slurm(&e, None, None, Some(4)).unwrap();
        assert!(s.submit.contains("--next-depth"));
        assert!(s.submit.contains("sbatch --parsable --wait"));
        assert!(s.submit.contains("--array=\"$todo%4\""));
        assert!(s.shard.contains("shard run /shared/plans/tetris"));
        let p = emit_parallel(&e, Some(2), None).unwrap();
        assert!(p.contains("while :; do"));
        assert!(p.contains("shard merge \"$dir\" --json --out \"$dir/merged.json\""));
        assert!(!p.contains("--resume-failed"));
    }

    #[test]
    fn control_characters_are_refused_everywhere() {
        let bad = "q\ntouch PWNED\n#";
        let with = |wurfel, dir, name| Emit {
            wurfel,
            dir,
            name,
            ..emit()
        };
        for e in [
            with(bad, "/d", "n"),
            with("/w", bad, "n"),
            with("/w", "/d", bad),
        ] {
            assert!(emit_slurm(&e, None, None, None).is_err());
            assert!(emit_parallel(&e, None, None).is_err());
        }
        assert!(emit_k8s(&with("/w", "/d", bad), "i", "c", 1).is_err());
        assert!(emit_slurm(&emit(), Some(bad), None, None).is_err());
        assert!(emit_slurm(&emit(), None, Some("1:00\r"), None).is_err());
        assert!(emit_parallel(&emit(), None, Some(bad)).is_err());
        assert!(emit_k8s(&emit(), bad, "c", 1).is_err());
        assert!(emit_k8s(&emit(), "i", "c\t", 1).is_err());
        let err = emit_parallel(&with("/w", bad, "n"), None, None).unwrap_err();
        assert!(err.contains("control character"), "{err}");
    }

    #[test]
    fn parallel_and_k8s() {
        let p = emit_parallel(&emit(), Some(8), Some("hosts.txt")).unwrap();
        assert!(p.contains(
            "--joblog \"$dir/parallel.joblog\" --resume-failed --jobs 8 --sshloginfile hosts.txt"
        ));
        assert!(p.contains("mapfile -t indices < <(seq 0 63)"));
        let k = emit_k8s(&emit(), "registry/wurfel:0.1", "plans", 16).unwrap();
        assert!(k.contains("completionMode: Indexed\n  completions: 64\n  parallelism: 16"));
        assert!(k.contains("name: wurfel-tetris-cube"));
    }
}
