//! Job scripts for a plan: a Slurm job array (and its merge), a GNU parallel script or a
//! Kubernetes Indexed Job, made from the plan; the front end writes them beside it.

use super::Kind;
use crate::error::AppError;
use wurfel_shard::{emit_k8s, emit_parallel, emit_slurm, Emit, Plan};

/// The engine to write for, with its options.
pub enum Engine<'a> {
    /// A Slurm job array plus a merge job that depends on it.
    Slurm {
        partition: Option<&'a str>,
        time: Option<&'a str>,
        max_parallel: Option<usize>,
    },
    /// GNU parallel with a job log, on this machine or over ssh.
    Parallel {
        jobs: Option<usize>,
        sshloginfile: Option<&'a str>,
    },
    /// A Kubernetes Indexed Job.
    K8s {
        image: &'a str,
        claim: &'a str,
        parallelism: usize,
    },
}

/// Where the scripts run.
pub struct EmitRequest<'a> {
    /// The wurfel binary as the nodes see it.
    pub wurfel: &'a str,
    /// The plan directory as the nodes see it (absolute).
    pub dir: &'a str,
    /// Threads per shard.
    pub threads: usize,
    pub engine: Engine<'a>,
}

/// One file to write into the plan directory.
pub struct Script {
    pub name: &'static str,
    pub text: String,
    /// A shell script (made executable), not a manifest.
    pub executable: bool,
}

/// The scripts of `plan` for `req.engine`; the last is the one to run (or apply). An analysis
/// (in rounds) gets a driver that loops over the depths.
pub fn emit(plan: &Plan, req: &EmitRequest<'_>) -> Result<Vec<Script>, AppError> {
    let rounds = Kind::of(plan)?.in_rounds();
    let e = Emit {
        wurfel: req.wurfel,
        dir: req.dir,
        shards: plan.shards.len(),
        name: &plan.job.puzzle,
        threads: req.threads,
        rounds,
    };
    let script = |name, text| Script {
        name,
        text,
        executable: true,
    };
    Ok(match req.engine {
        Engine::Slurm {
            partition,
            time,
            max_parallel,
        } => {
            let s = emit_slurm(&e, partition, time, max_parallel).map_err(AppError::usage)?;
            vec![
                script("slurm-shard.sh", s.shard),
                script("slurm-merge.sh", s.merge),
                script("submit-slurm.sh", s.submit),
            ]
        }
        Engine::Parallel { jobs, sshloginfile } => vec![script(
            "parallel.sh",
            emit_parallel(&e, jobs, sshloginfile).map_err(AppError::usage)?,
        )],
        Engine::K8s { .. } if rounds => {
            return Err(AppError::input(
                "an analysis runs depth by depth, with a join between depths: use --to slurm or \
                 --to parallel (a Kubernetes Indexed Job runs one array only)",
            ))
        }
        Engine::K8s {
            image,
            claim,
            parallelism,
        } => vec![Script {
            name: "k8s-job.yaml",
            text: emit_k8s(&e, image, claim, parallelism).map_err(AppError::usage)?,
            executable: false,
        }],
    })
}
