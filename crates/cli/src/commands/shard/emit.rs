//! `wurfel shard emit`: job scripts for the cluster engines, made by
//! `wurfel_app::shard::emit` and written into the plan directory.

use super::{check_dir_name, plan_dir};
use crate::exit::Usage;
use crate::output::OutputPath;
use crate::{note, outln};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use wurfel_app::shard::emit::{EmitRequest, Engine as To};
use wurfel_app::shard::Kind;

/// The engines.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub(crate) enum Engine {
    /// A Slurm job array plus a merge job that depends on it (submit-slurm.sh).
    Slurm,
    /// GNU parallel with a job log, on this machine or over ssh (parallel.sh).
    Parallel,
    /// A Kubernetes Indexed Job (k8s-job.yaml).
    K8s,
}

/// Arguments of `wurfel shard emit`.
#[derive(clap::Args, Debug)]
pub(crate) struct EmitArgs {
    /// The plan directory.
    dir: PathBuf,
    /// Which engine to write for.
    #[arg(long = "to", value_enum)]
    engine: Engine,
    /// The wurfel binary as the nodes see it (default: this one).
    #[arg(long, value_name = "PATH")]
    wurfel: Option<PathBuf>,
    /// Threads per shard (default 1: one shard per core is the usual split).
    #[arg(long = "shard-threads", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    shard_threads: u16,
    /// Slurm: partition.
    #[arg(long, value_name = "NAME")]
    partition: Option<String>,
    /// Slurm: time limit per shard (e.g. 1:00:00).
    #[arg(long, value_name = "TIME")]
    time: Option<String>,
    /// Slurm: at most this many shards at once (the array's %N throttle).
    #[arg(long, value_name = "N")]
    max_parallel: Option<usize>,
    /// GNU parallel: jobs at once per host (default: one per core).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// GNU parallel: run on the hosts listed in FILE (they must see the plan directory at the
    /// same path).
    #[arg(long, value_name = "FILE")]
    sshloginfile: Option<String>,
    /// Kubernetes: the container image holding this wurfel version.
    #[arg(long, value_name = "IMAGE", default_value = "wurfel:latest")]
    image: String,
    /// Kubernetes: the persistent volume claim holding the plan directory.
    #[arg(long, value_name = "NAME", default_value = "wurfel-plans")]
    claim: String,
    /// Kubernetes: pods at once.
    #[arg(long, value_name = "N", default_value_t = 16)]
    parallelism: usize,
}

/// `wurfel shard emit`.
pub(crate) fn emit(args: EmitArgs) -> Result<()> {
    let dir = plan_dir(&args.dir);
    let plan = dir.plan()?;
    let rounds = Kind::of(&plan)?.in_rounds();
    let abs = std::fs::canonicalize(&args.dir)
        .with_context(|| format!("cannot resolve {}", args.dir.display()))?;
    // The directory may have been renamed since it was planned.
    check_dir_name(&abs)?;
    let wurfel = match &args.wurfel {
        Some(p) => p.clone(),
        None => std::env::current_exe().context("cannot find this program's path")?,
    };
    let Some(wurfel) = wurfel.to_str() else {
        return Err(Usage(format!(
            "the wurfel path {} is not UTF-8: job scripts could not name it",
            wurfel.display()
        ))
        .into());
    };
    let engine = match args.engine {
        Engine::Slurm => To::Slurm {
            partition: args.partition.as_deref(),
            time: args.time.as_deref(),
            max_parallel: args.max_parallel,
        },
        Engine::Parallel => To::Parallel {
            jobs: args.jobs,
            sshloginfile: args.sshloginfile.as_deref(),
        },
        Engine::K8s => To::K8s {
            image: &args.image,
            claim: &args.claim,
            parallelism: args.parallelism,
        },
    };
    let request = EmitRequest {
        wurfel,
        dir: &abs.to_string_lossy(),
        threads: usize::from(args.shard_threads),
        engine,
    };
    let scripts = wurfel_app::shard::emit::emit(&plan, &request)?;
    let mut last = abs.clone();
    for s in &scripts {
        last = abs.join(s.name);
        OutputPath::own(&last)?.write_all(s.text.as_bytes())?;
        if s.executable {
            make_executable(&last)?;
        }
    }
    outln!("{}", last.display());
    match args.engine {
        Engine::Slurm if rounds => note!(
            "run it where it may stay until the end (it waits for each depth's array and join); \
             run it again after a failure to redo only the missing parts"
        ),
        Engine::Slurm => note!(
            "run it to submit the array and the merge (and again to resubmit only the shards \
             that failed); the count lands in {}/merged.json",
            abs.display()
        ),
        Engine::Parallel => note!("run it (again after failures: only failed shards rerun)"),
        Engine::K8s => note!("apply with `kubectl apply -f {}`", last.display()),
    }
    Ok(())
}

fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .with_context(|| format!("cannot make {} executable", path.display()))
}
