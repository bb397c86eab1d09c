//! The HTML viewer in a real browser: headless Chromium driven by playwright-core
//! (`browser-test/test.mjs`). Loads the page from a file, checks there are no page errors or
//! network requests, takes screenshots, drags, zooms, clicks, and checks the pictures change.
//!
//! When Chromium (or Node) is not installed the test cannot run: under CI (`CI` set to anything
//! but `false`/`0`) that is a failure, elsewhere it says loudly that it was skipped.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use wurfel_render::{demo, render_html, Options};

fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("WURFEL_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    for name in ["chromium", "chromium-browser"] {
        if let Some(dirs) = std::env::var_os("PATH") {
            for dir in std::env::split_paths(&dirs) {
                let p = dir.join(name);
                if p.is_file() {
                    return Some(p);
                }
            }
        }
    }
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
}

fn has(cmd: &str) -> bool {
    Command::new(cmd)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// Whether we run under CI, where a missing browser must fail the test instead of passing it
/// unseen.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

fn skip(why: &str) {
    assert!(
        !under_ci(),
        "the HTML viewer browser test cannot run under CI: {why}"
    );
    eprintln!();
    eprintln!("############################################################");
    eprintln!("## SKIPPED: HTML viewer browser test: {why}");
    eprintln!("############################################################");
    eprintln!();
}

/// Runs a command with a deadline; returns (success, stdout, stderr).
fn run(cmd: &mut Command, limit: Duration) -> (bool, String, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_path = dir.path().join("out");
    let err_path = dir.path().join("err");
    let out = std::fs::File::create(&out_path).expect("stdout file");
    let err = std::fs::File::create(&err_path).expect("stderr file");
    let mut child = cmd
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err))
        .spawn()
        .expect("spawn");
    let start = Instant::now();
    let ok = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.success();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break false;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    (
        ok,
        std::fs::read_to_string(&out_path).unwrap_or_default(),
        std::fs::read_to_string(&err_path).unwrap_or_default(),
    )
}

fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path).expect("screenshot exists");
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().expect("png");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("frame");
    buf.truncate(info.buffer_size());
    let step = info.color_type.samples();
    let rgb = buf
        .chunks_exact(step)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, rgb)
}

#[test]
fn viewer_works_in_headless_chromium() {
    let Some(chromium) = find_chromium() else {
        skip("Chromium is not installed (apt-get install chromium)");
        return;
    };
    if !has("node") {
        skip("Node.js is not installed");
        return;
    }
    let harness = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("browser-test");
    if !harness
        .join("node_modules/playwright-core/package.json")
        .is_file()
    {
        let (ok, out, err) = run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(&harness),
            Duration::from_secs(300),
        );
        assert!(ok, "npm ci failed in {}:\n{out}\n{err}", harness.display());
    }

    let dir = tempfile::tempdir().expect("tempdir");
    // The first scene also carries a disassembly: the first piece lifts out, then the second.
    let mut first = demo::partition("bedlam-like 4×4×4 — solution 1", 4, 4, 4, 13, 1);
    let n = first.pieces.len();
    let mut lifted = vec![vec![[0; 3]; n]];
    for k in 0..2 {
        let mut f = lifted[k].clone();
        f[k] = [0, 0, 8];
        lifted.push(f);
    }
    first.moves = Some(lifted);
    let scenes = vec![
        first,
        demo::partition("6×6×6 — solution 2", 6, 6, 6, 54, 2),
        demo::snake(3),
    ];
    let html = render_html(&scenes, &Options::default()).expect("html");
    let page = dir.path().join("viewer.html");
    std::fs::write(&page, html).expect("write page");

    let (ok, out, err) = run(
        Command::new("node")
            .arg(harness.join("test.mjs"))
            .arg(&page)
            .arg(dir.path())
            .env("WURFEL_CHROMIUM", &chromium),
        Duration::from_secs(90),
    );
    eprintln!("browser report: {out}");
    assert!(ok, "browser test failed:\n{out}\n{err}");

    let (w, h, before) = decode(&dir.path().join("before.png"));
    assert!(w >= 300 && h >= 300, "canvas screenshot too small: {w}×{h}");
    let colours: HashSet<&[u8]> = before.chunks_exact(3).collect();
    assert!(colours.len() >= 20, "only {} colours", colours.len());
    let (_, _, after) = decode(&dir.path().join("after-drag.png"));
    assert_ne!(before, after, "dragging did not change the picture");
    if let Ok(keep) = std::env::var("WURFEL_KEEP_SCREENSHOTS") {
        let keep = PathBuf::from(keep);
        let _ = std::fs::create_dir_all(&keep);
        for name in [
            "before",
            "after-drag",
            "after-zoom",
            "highlight",
            "assemble-2",
            "exploded",
            "second",
        ] {
            let _ = std::fs::copy(
                dir.path().join(format!("{name}.png")),
                keep.join(format!("{name}.png")),
            );
        }
    }
}
