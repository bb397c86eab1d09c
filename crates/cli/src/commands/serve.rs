//! `wurfel serve`: the web app (crate `wurfel-serve`) on this machine. Here only the flags,
//! the messages and opening a browser; the 4x4x4 tables live where `revenge solve` keeps them.

use crate::hiargs::Threads;
use crate::note;
use anyhow::{Context, Result};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

/// Arguments of `wurfel serve`.
#[derive(clap::Args, Debug)]
pub(crate) struct ServeArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, value_name = "N", default_value_t = 8023)]
    port: u16,
    /// Address to listen on. Anything but a loopback address makes the app reachable from other
    /// machines, with no login: only on a network you trust.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the app in the default web browser.
    #[arg(long)]
    open: bool,
    /// Jobs (solves, counts, estimates) running at once.
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u16).range(1..=64))]
    jobs: u16,
    /// Jobs waiting for a free slot at most; more are refused (HTTP 429).
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    queue: u16,
    /// Per job: engine threads (requests may ask for fewer).
    #[command(flatten)]
    threads: Threads,
    /// Per job: stop after this many search nodes (the answer then says what it has).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Per job: stop after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    max_seconds: Option<f64>,
    /// Solutions listed per request at most.
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_solutions: u32,
    /// Connections open at once [default: 512, or fewer under a low `ulimit -n`]. Beyond it a
    /// new connection closes the oldest one that has not sent a request yet, or is answered
    /// 503 when all are busy.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: Option<u32>,
    /// Seconds a client has to send a request's head (from connecting, or from the previous
    /// answer on a kept-alive connection) before the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    header_timeout: f64,
    /// Seconds a client has to send a request's body (answered 408 after it).
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_seconds)]
    body_timeout: f64,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 * 365.0 => Ok(x),
        _ => Err(format!("`{s}` is not a number of seconds above 0")),
    }
}

/// `wurfel serve`.
pub(crate) fn run(args: ServeArgs) -> Result<()> {
    let bind = SocketAddr::new(args.bind, args.port);
    let mut config = wurfel_serve::Config::new(bind);
    config.jobs = usize::from(args.jobs);
    config.queue = usize::from(args.queue);
    config.threads = crate::hiargs::threads(args.threads);
    config.max_nodes = args.max_nodes;
    config.max_seconds = args.max_seconds;
    config.max_solutions = args.max_solutions as usize;
    config.connections = wurfel_serve::ConnectionLimits {
        max_connections: args
            .max_connections
            .map_or_else(default_connections, |n| n as usize),
        header_timeout: Duration::from_secs_f64(args.header_timeout),
        body_timeout: Duration::from_secs_f64(args.body_timeout),
    };
    config.revenge_tables = Some(std::sync::Arc::new(crate::commands::revenge::table_store()));
    config.budget = crate::memory::budget().clone();
    let server = wurfel_serve::start(config).with_context(|| format!("cannot listen on {bind}"))?;
    let addr = server.addr();
    if !addr.ip().is_loopback() {
        note!(
            "warning: listening on {addr}: other machines can reach this server and run jobs on \
             it (there is no login); use it only on a network you trust"
        );
    }
    let url = if addr.ip().is_unspecified() {
        format!("http://localhost:{}/", addr.port())
    } else {
        format!("http://{addr}/")
    };
    note!("wurfel serve: the app is at {url} (Ctrl-C stops it)");
    if args.open {
        open_browser(&url);
    }
    server.wait().context("the server stopped")
}

/// 512 connections, or fewer when the descriptor limit (`ulimit -n`) would not leave 64
/// descriptors for everything else (table files, threads, the listener): a connection past the
/// limit would fail to be accepted at all.
fn default_connections() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes one `rlimit` through the pointer, which points to a live,
    // properly aligned local of that type; it has no other effect.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    let available = if ok {
        usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX)
    } else {
        usize::MAX
    };
    available.saturating_sub(64).clamp(16, 512)
}

/// Asks the desktop to open `url`; a failure is only a note (the address is printed).
fn open_browser(url: &str) {
    let (cmd, pre): (&str, &[&str]) = if cfg!(target_os = "macos") {
        ("open", &[])
    } else if cfg!(windows) {
        ("cmd", &["/C", "start", ""])
    } else {
        ("xdg-open", &[])
    };
    let spawned = std::process::Command::new(cmd)
        .args(pre)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        note!("note: cannot open a browser ({cmd}: {e}); open {url} yourself");
    }
}
