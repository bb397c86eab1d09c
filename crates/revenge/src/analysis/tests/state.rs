//! The analysis state is believed only when its checkpoint is sealed and its rows agree with
//! the table they describe (issue 26, item 1: edited rows once printed a wrong total as
//! complete). Every refusal leaves the files as they were.

use super::{json, run_to, space};
use crate::analysis::layered::{census, checksum, Analysis, Checkpoint, RunError};
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn read_cp(dir: &Path, d: u32) -> Checkpoint {
    Checkpoint::parse(&std::fs::read_to_string(json(dir, d)).unwrap(), d).unwrap()
}

fn write_cp(dir: &Path, d: u32, cp: &Checkpoint) {
    std::fs::write(json(dir, d), serde_json::to_string_pretty(cp).unwrap()).unwrap();
}

#[test]
fn the_census_of_every_depth_is_its_rows() {
    let sp = space();
    let free = (0..sp.reps.len()).filter(|&c| sp.class_is_free(c)).count();
    assert!(free > 0 && free < sp.reps.len(), "both kinds of classes");
    let dir = tempfile::tempdir().unwrap();
    for d in 0.. {
        run_to(&sp, dir.path(), Some(d)).unwrap();
        let cp = read_cp(dir.path(), d);
        if cp.complete {
            break;
        }
        let bits = std::fs::read(dir.path().join(format!("depth-{d:02}.bits"))).unwrap();
        let c = census(&sp, &bits).unwrap();
        assert_eq!(c.frontier, *cp.rows.last().unwrap(), "depth {d}");
        let (mut unique, mut positions) = (0, 0);
        for r in &cp.rows[..cp.rows.len() - 1] {
            unique += r.unique;
            positions += r.positions;
        }
        assert_eq!((c.reached.unique, c.reached.positions), (unique, positions));
        assert_eq!(c.unseen, cp.unseen);
        cp.check_census(&c).unwrap();
    }
}

/// Runs to depth 3, applies `edit` to the directory, and returns the refusal of a resumed run
/// (checking that the refused files were left as they were).
fn refusal(edit: impl FnOnce(&Path)) -> String {
    let sp = space();
    let dir = tempfile::tempdir().unwrap();
    run_to(&sp, dir.path(), Some(3)).unwrap();
    edit(dir.path());
    let before: Vec<Vec<u8>> = ["json", "bits"]
        .iter()
        .map(|e| std::fs::read(dir.path().join(format!("depth-03.{e}"))).unwrap())
        .collect();
    let err = run_to(&sp, dir.path(), None).unwrap_err();
    assert!(matches!(err, RunError::State(..)), "{err}");
    let after: Vec<Vec<u8>> = ["json", "bits"]
        .iter()
        .map(|e| std::fs::read(dir.path().join(format!("depth-03.{e}"))).unwrap())
        .collect();
    assert_eq!(before, after, "a refused state is left as it was");
    err.to_string()
}

#[test]
fn edited_rows_are_refused_sealed_or_not() {
    // The edit: 1000 positions more at distance 1 (here of a smaller space).
    let err = refusal(|dir| {
        let text = std::fs::read_to_string(json(dir, 3)).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let p = v["rows"][1]["positions"].as_u64().unwrap();
        v["rows"][1]["positions"] = (p + 1000).into();
        std::fs::write(json(dir, 3), serde_json::to_string_pretty(&v).unwrap()).unwrap();
    });
    assert!(err.contains("checksum does not match"), "{err}");
    // Someone who reseals the edited file is caught by the table.
    let reseal = |f: fn(&mut Checkpoint)| {
        move |dir: &Path| {
            let mut cp = read_cp(dir, 3);
            f(&mut cp);
            wurfel_files::seal(&mut cp);
            write_cp(dir, 3, &cp);
        }
    };
    let err = refusal(reseal(|cp| cp.rows[1].positions += 1000));
    assert!(err.contains("distances 0 to 2"), "{err}");
    assert!(err.contains("do not match its table"), "{err}");
    let err = refusal(reseal(|cp| cp.rows[3].unique += 1));
    assert!(err.contains("distance 3 (the frontier)"), "{err}");
    let err = refusal(reseal(|cp| cp.unseen -= 1));
    assert!(err.contains("unseen"), "{err}");
    let err = refusal(reseal(|cp| cp.rows.push(cp.rows[0])));
    assert!(err.contains("needs 4 rows"), "{err}");
    // Marked complete to skip the table: the rows are one too many for that.
    let err = refusal(reseal(|cp| cp.complete = true));
    assert!(err.contains("needs 3 rows"), "{err}");
}

#[test]
fn edited_tables_and_old_or_foreign_files_are_refused() {
    let flip = |dir: &Path, reseal: bool| {
        let bits = dir.join("depth-03.bits");
        let mut b = std::fs::read(&bits).unwrap();
        // An entry in no valid state (both bits set), or a reached entry made unseen.
        b[10] |= 0b11;
        std::fs::write(&bits, &b).unwrap();
        if reseal {
            let mut cp = read_cp(dir, 3);
            cp.table_checksum = checksum(&b);
            wurfel_files::seal(&mut cp);
            write_cp(dir, 3, &cp);
        }
    };
    let err = refusal(|d| flip(d, false));
    assert!(err.contains("not the table it was sealed with"), "{err}");
    let err = refusal(|d| flip(d, true));
    assert!(err.contains("no valid state"), "{err}");
    // A checkpoint as wurfel wrote it before checkpoints were sealed (no format, version or
    // seal) is refused by name.
    let err = refusal(|dir| {
        let text = std::fs::read_to_string(json(dir, 3)).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let m = v.as_object_mut().unwrap();
        for k in ["format", "version", "checksum"] {
            m.remove(k);
        }
        let sum = m.remove("table_checksum").unwrap();
        m.insert("checksum".into(), sum);
        std::fs::write(json(dir, 3), serde_json::to_string_pretty(&v).unwrap()).unwrap();
    });
    assert!(err.contains("no `format` field"), "{err}");
    let err = refusal(|dir| std::fs::write(json(dir, 3), "").unwrap());
    assert!(err.contains("depth-03.json refused"), "{err}");
}

#[test]
fn a_file_or_a_busy_directory_is_refused_at_once() {
    let sp = space();
    let dir = tempfile::tempdir().unwrap();
    // A file where the directory should be.
    let file = dir.path().join("state");
    std::fs::write(&file, "mine").unwrap();
    let err = run_to(&sp, &file, None).unwrap_err().to_string();
    assert!(err.contains("is not a directory"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    // Another run holds the lock.
    let state = dir.path().join("busy");
    run_to(&sp, &state, Some(1)).unwrap();
    let held = wurfel_files::try_lock(&state.join("lock"))
        .unwrap()
        .unwrap();
    let err = run_to(&sp, &state, None).unwrap_err().to_string();
    assert!(err.contains("another analysis is running"), "{err}");
    drop(held);
    // A FIFO in place of the newest checkpoint: `analysis_fifo.rs` (its own process, since
    // spawning `mkfifo` here would let the child hold other tests' lock files for a moment).
}

#[test]
fn a_join_whose_parts_lie_about_their_table_is_refused() {
    use crate::analysis::layered::{choose_pull, step_range, table_bytes, RangeTally};
    let sp = space();
    let dir = tempfile::tempdir().unwrap();
    run_to(&sp, dir.path(), Some(1)).unwrap();
    let a = Analysis::new(&sp, "test", wurfel_files::Dir::new(dir.path()));
    let prev = a.latest(&|_| {}).unwrap().unwrap();
    let map = a.map_depth(1).unwrap();
    let mut table = vec![0u8; table_bytes(sp.len())];
    let pull = choose_pull(&prev, a.pull_ratio, 1);
    let stop = AtomicBool::new(false);
    let t = step_range(&sp, Some(&map), pull, 0, &mut table, &stop, &|_, _| {}).unwrap();
    drop(map);
    // Consistent with the previous depth's unseen count, yet not what the table holds.
    let lie = RangeTally {
        row: crate::analysis::Tally {
            unique: t.row.unique + 1,
            positions: t.row.positions + 48,
        },
        unseen: t.unseen - 1,
    };
    let fill = |out: &mut [u8]| {
        out.copy_from_slice(&table);
        Ok(())
    };
    let err = a.join(2, lie, 0.0, fill).unwrap_err().to_string();
    assert!(err.contains("do not add up to their table"), "{err}");
    assert_eq!(
        a.latest(&|_| {}).unwrap().unwrap().depth,
        1,
        "nothing joined"
    );
    // The truth joins.
    let cp = a.join(2, t, 0.0, fill).unwrap();
    assert_eq!(cp.rows.last(), Some(&t.row));
}

/// `space.json` is sealed like every other state file; the unsealed one of older wurfels is
/// still read (their directories resume), an edited sealed one is refused. In memory: the
/// analysis sees its directory only as a `Store`.
#[test]
fn space_json_is_sealed_and_the_unsealed_one_of_older_wurfels_still_resumes() {
    use crate::analysis::layered::{parse_space, sealed_space};
    use crate::store::{MemoryStore, Store};
    let sp = space();
    let store = MemoryStore::default();
    let want = {
        let all = Analysis::new(&sp, "test", MemoryStore::default());
        all.run(&AtomicBool::new(false), &|_| {}).unwrap()
    };
    let mut a = Analysis::new(&sp, "test", store.clone());
    a.stop_after = Some(2);
    a.run(&AtomicBool::new(false), &|_| {}).unwrap();
    let text = String::from_utf8(store.read("space.json", 1 << 20).unwrap()).unwrap();
    assert!(text.starts_with("{\n  \"format\": \"wurfel-analysis-space\",\n  \"version\": 1,"));
    assert!(text.contains("\"checksum\": \""), "{text}");
    assert_eq!(parse_space(&text).unwrap(), a.id());
    assert_eq!(sealed_space(&a.id()), text);
    // Edited (another name, the seal left alone): refused, whatever it says.
    let edited = text.replace("\"test\"", "\"tesT\"");
    store.write("space.json", &[edited.as_bytes()]).unwrap();
    let err = a
        .run(&AtomicBool::new(false), &|_| {})
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("unreadable space.json") && err.contains("checksum"),
        "{err}"
    );
    // What wurfel wrote before the seal: the bare identity, its format a number.
    let old = serde_json::to_string_pretty(&a.id()).unwrap();
    assert!(old.starts_with("{\n  \"format\": 1,"), "{old}");
    assert_eq!(parse_space(&old).unwrap(), a.id());
    store.write("space.json", &[old.as_bytes()]).unwrap();
    a.stop_after = None;
    assert_eq!(a.run(&AtomicBool::new(false), &|_| {}).unwrap(), want);
    // An old file of another space is still another space.
    let other = old.replace("\"test\"", "\"other\"");
    store.write("space.json", &[other.as_bytes()]).unwrap();
    let err = a
        .run(&AtomicBool::new(false), &|_| {})
        .unwrap_err()
        .to_string();
    assert!(err.contains("holds another analysis (other)"), "{err}");
}
