//! Checkpoints: a resumed count equals the uninterrupted one, and no forged, damaged or foreign
//! checkpoint is ever turned into a result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use wurfel_cover::SearchOptions;
use wurfel_geom::Shape;
use wurfel_pack::checkpoint::{
    count_resumable, Checkpoint, CheckpointError, CountProgress, Fingerprint,
};
use wurfel_pack::{catalog, Counts, Prepared, Puzzle};

fn prepared(id: &str) -> Prepared {
    Prepared::new(&catalog::get(id).expect("catalog puzzle")).expect("prepares")
}

/// Counts `prep` from `start` and returns every checkpoint text saved on the way.
fn run(
    prep: &Prepared,
    fp: &Fingerprint,
    start: Option<CountProgress>,
    cancel: Option<&AtomicBool>,
) -> (CountProgress, Vec<String>) {
    let mut saved = Vec::new();
    let opts = SearchOptions {
        threads: 2,
        cancel,
        ..Default::default()
    };
    let out = count_resumable(prep, fp, &opts, start, Duration::ZERO, |p| {
        saved.push(Checkpoint::new(&prep.puzzle.id, fp, p).to_text());
        Ok(())
    })
    .expect("counts");
    (out.progress, saved)
}

#[test]
fn resuming_from_any_checkpoint_gives_the_full_count() {
    let prep = prepared("tetracubes-2x4x4");
    let fp = Fingerprint::of(&prep).unwrap();
    let full = prep.count(2);
    assert_eq!(full.raw, 11_120);
    let (end, saved) = run(&prep, &fp, None, None);
    assert_eq!(end.counts, full);
    assert_eq!(end.next_task, fp.tasks_total);
    assert!(saved.len() > 2, "a checkpoint after every task");
    // Every intermediate checkpoint carries the true total and resumes to the same counts.
    for text in saved.iter().step_by(saved.len() / 7 + 1) {
        let p = Checkpoint::parse(text, &prep, &fp).expect("own checkpoint is valid");
        assert_eq!(p.tasks_total, fp.tasks_total);
        let (resumed, _) = run(&prep, &fp, Some(p), None);
        assert_eq!(resumed.counts, full);
    }
}

#[test]
fn a_cancelled_count_saves_what_it_counted() {
    let prep = prepared("tetracubes-2x4x4");
    let fp = Fingerprint::of(&prep).unwrap();
    let cancel = AtomicBool::new(true);
    let (p, saved) = run(&prep, &fp, None, Some(&cancel));
    assert!(p.next_task < fp.tasks_total);
    let last = Checkpoint::parse(saved.last().unwrap(), &prep, &fp).unwrap();
    assert_eq!(last, p);
    cancel.store(false, Ordering::Relaxed);
    let (done, _) = run(&prep, &fp, Some(last), Some(&cancel));
    assert_eq!(done.counts, prep.count(1));
}

fn edit(text: &str, key: &str, f: impl Fn(&serde_json::Value) -> serde_json::Value) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v[key] = f(&v[key]);
    serde_json::to_string(&v).unwrap()
}

/// Rewrites the checksum so that only the semantic checks can catch the forgery.
fn reseal(text: &str) -> String {
    let mut cp: Checkpoint = serde_json::from_str(text).unwrap();
    cp.checksum = cp.checksum_of();
    cp.to_text()
}

/// Resuming from `start` must fail with an overflow.
fn assert_overflows(prep: &Prepared, fp: &Fingerprint, start: CountProgress) {
    let opts = SearchOptions::default();
    let hour = Duration::from_secs(3600);
    let err = count_resumable(prep, fp, &opts, Some(start), hour, |_| Ok(())).unwrap_err();
    assert!(matches!(err, CheckpointError::Overflow), "{err}");
}

#[test]
fn forged_checkpoints_are_refused() {
    let prep = prepared("tetracubes-2x4x4");
    let fp = Fingerprint::of(&prep).unwrap();
    let (_, saved) = run(&prep, &fp, None, None);
    let mid = &saved[saved.len() / 2];
    let plus = |v: &serde_json::Value| serde_json::json!(v.as_u64().unwrap() + 1000);
    // Edited counts: the checksum no longer matches.
    let forged = edit(mid, "raw", plus);
    assert!(matches!(
        Checkpoint::parse(&forged, &prep, &fp),
        Err(CheckpointError::Checksum)
    ));
    // Resealed (the checksum recomputed), impossible contents are still refused:
    type Edit = Box<dyn Fn(&serde_json::Value) -> serde_json::Value>;
    let last = saved.last().unwrap();
    let cases: Vec<(&str, &str, Edit)> = vec![
        (mid, "rotations", Box::new(|_| serde_json::json!(u64::MAX))),
        (
            mid,
            "rotations_reflections",
            Box::new(|_| serde_json::json!(u64::MAX)),
        ),
        (mid, "next_task", Box::new(|_| serde_json::json!(1_000_000))),
        (mid, "tasks_total", Box::new(|_| serde_json::json!(0))),
        (last, "raw", Box::new(plus)),
        (
            last,
            "rotations_reflections",
            Box::new(|v| serde_json::json!(v.as_u64().unwrap() / 3)),
        ),
    ];
    for (text, key, f) in cases {
        let forged = reseal(&edit(text, key, f));
        let err = Checkpoint::parse(&forged, &prep, &fp).unwrap_err();
        assert!(
            matches!(err, CheckpointError::Inconsistent(_)),
            "{key}: {err}"
        );
    }
    // A resealed huge raw count mid-way is consistent so far, but cannot be carried to a
    // wrapped total: the sum overflows.
    let huge = reseal(&edit(mid, "raw", |_| serde_json::json!(u64::MAX)));
    let start = Checkpoint::parse(&huge, &prep, &fp).unwrap();
    assert_overflows(&prep, &fp, start);
    for bad in [
        "",
        "{}",
        "[1]",
        "not json",
        &mid.replace("\"raw\"", "\"raww\""),
    ] {
        assert!(matches!(
            Checkpoint::parse(bad, &prep, &fp),
            Err(CheckpointError::Malformed(_))
        ));
    }
    let negative = mid.replacen("\"raw\": ", "\"raw\": -", 1);
    assert!(Checkpoint::parse(&negative, &prep, &fp).is_err());
}

/// The same pieces in a transposed box: an old fingerprint (rows, columns, restricted piece)
/// could not tell the two apart, this one must.
#[test]
fn a_checkpoint_of_a_transposed_box_is_foreign() {
    let prep = prepared("solid-pentominoes-3x4x5");
    let mut transposed: Puzzle = prep.puzzle.clone();
    transposed.target = Shape::new(
        prep.puzzle
            .target
            .cells()
            .iter()
            .map(|&[x, y, z]| [y, z, x]),
    )
    .unwrap();
    let other = Prepared::new(&transposed).unwrap();
    assert_eq!(prep.problem().rows.len(), other.problem().rows.len());
    assert_eq!(prep.problem().columns, other.problem().columns);
    assert_eq!(prep.restricted, other.restricted);
    let fp = Fingerprint::of(&prep).unwrap();
    let other_fp = Fingerprint::of(&other).unwrap();
    assert_ne!(fp.hex, other_fp.hex);
    let progress = CountProgress {
        tasks_total: other_fp.tasks_total,
        next_task: 0,
        counts: Counts::default(),
    };
    let text = Checkpoint::new(&transposed.id, &other_fp, &progress).to_text();
    assert!(matches!(
        Checkpoint::parse(&text, &prep, &fp),
        Err(CheckpointError::Foreign)
    ));
}

#[test]
fn overflowing_counts_are_an_error_not_a_wrapped_total() {
    let prep = prepared("soma");
    let fp = Fingerprint::of(&prep).unwrap();
    // Rotations close to the limit: consistent by every check, but the sum overflows.
    let g = prep.symmetry.rotations.len() as u64;
    let rot = u64::MAX / g;
    let start = CountProgress {
        tasks_total: fp.tasks_total,
        next_task: 1,
        counts: Counts {
            raw: rot * g,
            rotations: rot,
            rotations_reflections: rot / 2 + 1,
        },
    };
    let text = Checkpoint::new("soma", &fp, &start).to_text();
    let start = Checkpoint::parse(&text, &prep, &fp).expect("consistent");
    assert_overflows(&prep, &fp, start);
}
