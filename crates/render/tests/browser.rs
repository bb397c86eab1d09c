//! The HTML viewer in a real browser: headless Chromium driven by playwright-core
//! (`browser-test/test.mjs`). Loads the page from a file, checks there are no page errors or
//! network requests, takes screenshots, drags, zooms, clicks, and checks the pictures change.
//!
//! When Chromium (or Node) is not installed the test cannot run: under CI (`CI` set to anything
//! but `false`/`0`) that is a failure, elsewhere it says loudly that it was skipped
//! (`wurfel_testkit::browser`, shared with the web app's browser test).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use wurfel_render::{demo, render_html, Options};
use wurfel_testkit::browser::{self, run};

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
    let harness = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("browser-test");
    let Some(chromium) = browser::chromium("HTML viewer browser test", &harness) else {
        return;
    };

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
