//! The symmetry-reduced analysis: Norskog's first rows for stages 2, 3 and 5 (both columns),
//! and every row of smaller variants against a plain breadth-first search that counts classes
//! by brute force; the on-disk runner resumed after an interruption.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;
use wurfel_revenge::analysis::{
    choose_pull, reduced_space, shard_range, sparse_first_depths, stage_space, step_range,
    table_bytes, Analysis, Event, Part, Prims, RangeTally, RunError, Space, Tally, MAX_PRIMS,
};
use wurfel_revenge::Stage;

/// Norskog's tables (positions, unique), first rows: "The 4x4x4 can be solved in 79 moves
/// (STM)", Bruce Norskog, 2006, on the speedsolving.com / cubezzz.dyndns.org forums.
const STAGE2: [(u64, u64); 5] = [(24, 14), (48, 11), (684, 99), (7_338, 997), (68_276, 8_824)];
const STAGE3: [(u64, u64); 6] = [
    (12, 7),
    (24, 6),
    (300, 47),
    (3_112, 427),
    (32_620, 4_241),
    (338_480, 42_806),
];
const STAGE5: [(u64, u64); 6] = [
    (4, 2),
    (48, 6),
    (420, 23),
    (3_456, 124),
    (27_168, 806),
    (203_752, 5_197),
];

fn rows(t: &[Tally]) -> Vec<(u64, u64)> {
    t.iter().map(|r| (r.positions, r.unique)).collect()
}

#[test]
fn stage2_first_rows_match_the_seed() {
    let sp = stage_space(2).unwrap();
    assert_eq!(sp.order(), 8);
    assert_eq!(rows(&sparse_first_depths(&sp, 4)), STAGE2);
}

#[test]
fn stage3_first_rows_match_the_seed() {
    let sp = stage_space(3).unwrap();
    assert_eq!(sp.order(), 8);
    assert_eq!(rows(&sparse_first_depths(&sp, 5)), STAGE3);
}

#[test]
fn stage5_first_rows_match_the_seed() {
    let sp = stage_space(5).unwrap();
    assert_eq!(sp.order(), 48);
    assert_eq!(rows(&sparse_first_depths(&sp, 5)), STAGE5);
}

/// Every row of a space by a plain search over full coordinate tuples; classes counted by
/// taking the least image of each position under the symmetries.
fn brute_force(sp: &Space) -> Vec<(u64, u64)> {
    let st = &sp.stage;
    let n = st.coord_sizes().len();
    let canon = |p: &Prims| -> Prims {
        (0..sp.syms.len())
            .map(|s| sp.apply(s, p))
            .min()
            .expect("the identity")
    };
    let mut depth: HashMap<Prims, u32> = HashMap::new();
    let mut frontier: Vec<Prims> = Vec::new();
    for t in st.goals().iter().flatten() {
        let mut p = [0u32; MAX_PRIMS];
        p[..n].copy_from_slice(t);
        if depth.insert(p, 0).is_none() {
            frontier.push(p);
        }
    }
    let mut out = Vec::new();
    let mut d = 0;
    while !frontier.is_empty() {
        let classes: HashSet<Prims> = frontier.iter().map(canon).collect();
        out.push((frontier.len() as u64, classes.len() as u64));
        d += 1;
        let mut next = Vec::new();
        for p in &frontier {
            for k in 0..st.moves().len() {
                let mut q = *p;
                st.step(&p[..n], k, &mut q[..n]);
                if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(q) {
                    e.insert(d);
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    out
}

fn run(sp: &Space, dir: &std::path::Path, ratio: f64) -> Vec<(u64, u64)> {
    let mut a = Analysis::new(sp, "test", wurfel_files::Dir::new(dir));
    a.pull_ratio = ratio;
    rows(&a.run(&AtomicBool::new(false), &|_| {}).unwrap().0)
}

fn check_variant(sp: Space) {
    let want = brute_force(&sp);
    let total: u64 = want.iter().map(|r| r.0).sum();
    assert!(total > 1000, "a variant worth checking");
    for ratio in [0.0, f64::INFINITY, 1.0 / 3.0] {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(run(&sp, dir.path(), ratio), want, "pull ratio {ratio}");
    }
}

#[test]
fn stage5_wings_alone_every_row() {
    // The three wing orbits under all 48 symmetries: one class of A, every entry's
    // stabiliser the whole group.
    let st = Stage::new(5).with_coords(&[1, 2, 3]);
    let sp = Space::new(
        st,
        vec![],
        vec![Part::Plain(0), Part::Plain(1), Part::Plain(2)],
    )
    .unwrap();
    assert_eq!(sp.order(), 48);
    check_variant(sp);
}

#[test]
fn stage5_corners_and_centres_every_row() {
    let st = Stage::new(5).with_coords(&[0, 4, 5, 6]);
    let sp = Space::new(st, vec![0, 1, 2, 3], vec![]).unwrap();
    check_variant(sp);
}

#[test]
fn stage3_centre_pair_and_parity_every_row() {
    let st = Stage::new(3).with_coords(&[0, 1, 3]);
    let sp = Space::new(st, vec![2], vec![Part::Pair(0, 1)]).unwrap();
    assert_eq!(sp.order(), 8);
    check_variant(sp);
}

#[test]
fn an_interrupted_analysis_resumes_where_it_stopped() {
    let st = Stage::new(5).with_coords(&[0, 1, 4]);
    let sp = Space::new(st, vec![0, 2], vec![Part::Plain(1)]).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let want = run(&sp, tempfile::tempdir().unwrap().path(), 1.0 / 3.0);
    let stop = AtomicBool::new(false);
    let a = Analysis::new(&sp, "test", wurfel_files::Dir::new(dir.path()));
    let r = a.run(&stop, &|e| {
        if let Event::Depth { depth: 3, .. } = e {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    assert!(matches!(r, Err(RunError::Interrupted(3))));
    // A half-written next depth, as a kill would leave it, is discarded.
    std::fs::write(dir.path().join("depth-04.bits.tmp"), b"junk").unwrap();
    let resumed = std::sync::Mutex::new(None);
    let got = a
        .run(&AtomicBool::new(false), &|e| {
            if let Event::Resumed(cp) = e {
                *resumed.lock().unwrap() = Some(cp.depth);
            }
        })
        .unwrap();
    assert_eq!(*resumed.lock().unwrap(), Some(3));
    assert_eq!(rows(&got.0), want);
    assert!(got.1);
    // Another space never resumes this directory.
    let other = stage_space(5).unwrap();
    let r = Analysis::new(&other, "other", wurfel_files::Dir::new(dir.path()))
        .run(&AtomicBool::new(false), &|_| {});
    assert!(matches!(r, Err(RunError::State(..))));
}

/// Computes the depth after the state in `a.dir` as `shards` cluster shards would (each its
/// range of the table, from the previous depth's file alone, in the order `order`), and
/// joins them. Returns the depth and whether it was pulled; `None` once complete.
fn shard_step(a: &Analysis, shards: usize, order: &[usize]) -> Option<(u32, bool)> {
    let cp = a.latest(&|_| {}).unwrap();
    if cp.as_ref().is_some_and(|c| c.complete) {
        return None;
    }
    let d = cp.as_ref().map_or(0, |c| c.depth + 1);
    let pull = cp
        .as_ref()
        .is_some_and(|c| choose_pull(c, a.pull_ratio, shards));
    let nbytes = a.table_bytes();
    let prev = cp.as_ref().map(|c| a.map_depth(c.depth).unwrap());
    let mut parts = vec![None; shards];
    for &i in order {
        let r = shard_range(nbytes, shards, i);
        let mut out = vec![0u8; r.len()];
        let stop = AtomicBool::new(false);
        let t = step_range(
            a.space,
            prev.as_deref().map(|b| &b[..]),
            pull,
            r.start,
            &mut out,
            &stop,
            &|_, _| {},
        )
        .unwrap();
        parts[i] = Some((r, out, t));
    }
    drop(prev);
    let mut total = RangeTally::default();
    for (_, _, t) in parts.iter().flatten() {
        total.row += t.row;
        total.unseen += t.unseen;
    }
    a.join(d, total, 0.0, |table| {
        for (r, out, _) in parts.iter().flatten() {
            table[r.clone()].copy_from_slice(out);
        }
        Ok(())
    })
    .unwrap();
    Some((d, pull))
}

fn depth_file(dir: &std::path::Path, d: u32, ext: &str) -> Vec<u8> {
    std::fs::read(dir.join(format!("depth-{d:02}.{ext}"))).unwrap_or_default()
}

#[test]
fn shards_give_the_local_tables_byte_for_byte() {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    // Every row of this space equals a brute-force count (`stage5_wings_alone_every_row`);
    // here each depth's table must equal the local run's, byte for byte.
    let (sp, name) = reduced_space(5, Some("wings")).unwrap();
    let nbytes = table_bytes(sp.len());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    let (mut pushed, mut pulled) = (0, 0);
    for shards in [1, 3, 40] {
        // The ranges cover the table once, in order.
        let ranges: Vec<_> = (0..shards)
            .map(|i| shard_range(nbytes, shards, i))
            .collect();
        assert_eq!((ranges[0].start, ranges[shards - 1].end), (0, nbytes));
        assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
        let (local_dir, shard_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut local = Analysis::new(&sp, &name, wurfel_files::Dir::new(local_dir.path()));
        let sharded = Analysis::new(&sp, &name, wurfel_files::Dir::new(shard_dir.path()));
        let mut order: Vec<usize> = (0..shards).collect();
        loop {
            order.shuffle(&mut rng);
            let Some((d, pull)) = shard_step(&sharded, shards, &order) else {
                break;
            };
            *(if pull { &mut pulled } else { &mut pushed }) += 1;
            local.stop_after = Some(d);
            local.run(&AtomicBool::new(false), &|_| {}).unwrap();
            assert_eq!(
                depth_file(local_dir.path(), d, "bits"),
                depth_file(shard_dir.path(), d, "bits"),
                "{shards} shards, depth {d}"
            );
            // The checkpoints differ in their timings only (and so in their seals).
            let untimed = |dir: &std::path::Path| {
                let mut v: serde_json::Value =
                    serde_json::from_slice(&depth_file(dir, d, "json")).unwrap();
                v["seconds"] = serde_json::Value::Null;
                v["checksum"] = serde_json::Value::Null;
                v
            };
            assert_eq!(untimed(local_dir.path()), untimed(shard_dir.path()));
        }
        let done = |a: &Analysis| a.latest(&|_| {}).unwrap().unwrap();
        assert!(done(&sharded).complete && done(&local).complete);
        assert_eq!(done(&sharded).rows, done(&local).rows, "{shards} shards");
    }
    // More shards pull earlier: both kinds of depth were computed in shards.
    assert!(pushed > 0 && pulled > 0, "pushed {pushed}, pulled {pulled}");
}

#[test]
fn local_and_sharded_runs_resume_each_other() {
    let (sp, name) = reduced_space(3, Some("centres")).unwrap();
    let want = run(&sp, tempfile::tempdir().unwrap().path(), 1.0 / 3.0);
    let dir = tempfile::tempdir().unwrap();
    let mut a = Analysis::new(&sp, &name, wurfel_files::Dir::new(dir.path()));
    // Three depths in shards, two locally, the next ones in shards, the rest locally.
    for _ in 0..3 {
        shard_step(&a, 4, &[2, 0, 3, 1]).unwrap();
    }
    a.stop_after = Some(4);
    assert!(!a.run(&AtomicBool::new(false), &|_| {}).unwrap().1);
    assert_eq!(shard_step(&a, 5, &[4, 3, 2, 1, 0]).map(|s| s.0), Some(5));
    a.stop_after = None;
    let (got, complete) = a.run(&AtomicBool::new(false), &|_| {}).unwrap();
    assert!(complete);
    assert_eq!(rows(&got), want);
    // A join must follow the latest complete depth, and refuses a table that does not add up.
    let e = a
        .join(3, RangeTally::default(), 0.0, |_| Ok(()))
        .unwrap_err();
    assert!(e.to_string().contains("complete"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let b = Analysis::new(&sp, &name, wurfel_files::Dir::new(dir.path()));
    shard_step(&b, 2, &[0, 1]).unwrap();
    let e = b
        .join(2, RangeTally::default(), 0.0, |_| Ok(()))
        .unwrap_err();
    assert!(e.to_string().contains("latest complete depth is 0"), "{e}");
    let e = b
        .join(1, RangeTally::default(), 0.0, |_| Ok(()))
        .unwrap_err();
    assert!(e.to_string().contains("unseen"), "{e}");
    let e = b
        .join(1, RangeTally::default(), 0.0, |_| {
            Err("part 3 damaged".into())
        })
        .unwrap_err();
    assert!(e.to_string().contains("part 3 damaged"), "{e}");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(
        left.iter().all(|n| !n.to_string_lossy().ends_with(".tmp")),
        "{left:?}"
    );
    // The state is still depth 0, and resumes.
    assert_eq!(b.latest(&|_| {}).unwrap().unwrap().depth, 0);
}
