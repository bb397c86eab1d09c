//! The frontier counter on several threads and resumed from its checkpoints: the same counts
//! (and the same states after every layer) whatever the thread count, and from every layer
//! boundary it saved; checkpoints of another puzzle, other options or damaged ones refused.

mod common;
use common::{box_of, L_TRICUBE, T_TETRACUBE};
use num_bigint::BigUint;
use std::sync::Mutex;
use wurfel_pack::frontier::{self, FrontierOptions, FrontierReport};
use wurfel_pack::Prepared;

/// The three counts, and every run's count and states after each layer.
type Summary = (Vec<Option<BigUint>>, Vec<(BigUint, Vec<usize>)>);

fn summary(r: &FrontierReport) -> Summary {
    (
        vec![
            Some(r.raw.clone()),
            r.rotations.clone(),
            r.rotations_reflections.clone(),
        ],
        r.runs
            .iter()
            .map(|x| (x.fixed.clone(), x.layer_states.clone()))
            .collect(),
    )
}

fn count(prep: &Prepared, threads: usize, classes: bool) -> FrontierReport {
    let opts = FrontierOptions {
        threads,
        classes,
        ..Default::default()
    };
    frontier::count(prep, &opts).unwrap()
}

#[test]
fn any_thread_count_gives_the_same_counts_and_states() {
    for (p, classes) in [
        (box_of(&T_TETRACUBE, [4, 4, 6]), true),
        // Counts beyond 128 bits: the step is redone wider on every thread count.
        (box_of(&L_TRICUBE, [2, 2, 90]), false),
    ] {
        let prep = Prepared::new(&p).unwrap();
        let one = summary(&count(&prep, 1, classes));
        for threads in [2, 3, 8] {
            assert_eq!(
                summary(&count(&prep, threads, classes)),
                one,
                "{threads} threads"
            );
        }
    }
    let prep = Prepared::new(&box_of(&T_TETRACUBE, [4, 4, 6])).unwrap();
    assert_eq!(count(&prep, 2, true).raw, BigUint::from(43_384u32));
}

/// Every checkpoint the count hands out, as file bytes.
fn snapshots(
    prep: &Prepared,
    classes: bool,
    threads: usize,
    layers: bool,
) -> (FrontierReport, Vec<Vec<u8>>) {
    let mode = FrontierOptions {
        classes,
        layers,
        canonical: layers,
        ..Default::default()
    };
    let fp = frontier::fingerprint(prep, &mode).unwrap();
    let saved = Mutex::new(Vec::new());
    let save = |s: &frontier::Snapshot<'_>| -> Result<(), String> {
        let mut bytes = Vec::new();
        s.write("test", &fp, &mut bytes)
            .map_err(|e| e.to_string())?;
        saved.lock().unwrap().push(bytes);
        Ok(())
    };
    let opts = FrontierOptions {
        threads,
        checkpoint: Some(&save),
        ..mode
    };
    let r = frontier::count(prep, &opts).unwrap();
    (r, saved.into_inner().unwrap())
}

fn resume(
    prep: &Prepared,
    classes: bool,
    layers: bool,
    bytes: &[u8],
) -> Result<FrontierReport, String> {
    let opts = FrontierOptions {
        classes,
        layers,
        canonical: layers,
        ..Default::default()
    };
    let r = frontier::read_checkpoint(prep, &opts, &mut &bytes[..])?;
    frontier::count_from(prep, &opts, Some(r)).map_err(|e| e.to_string())
}

#[test]
fn a_count_resumed_from_any_layer_gives_the_same_answer() {
    for (p, classes) in [
        // Several runs (the fixed points of the symmetries), each resumed at every layer.
        (box_of(&T_TETRACUBE, [3, 4, 8]), true),
        // Counts saved as u64, u128 and big integers.
        (box_of(&L_TRICUBE, [2, 2, 90]), false),
    ] {
        let prep = Prepared::new(&p).unwrap();
        let (whole, saved) = snapshots(&prep, classes, 2, false);
        assert!(saved.len() > 10, "{} checkpoints", saved.len());
        for bytes in &saved {
            let again = resume(&prep, classes, false, bytes).unwrap();
            assert_eq!(summary(&again), summary(&whole));
        }
    }
}

#[test]
fn foreign_or_damaged_checkpoints_are_refused() {
    let prep = Prepared::new(&box_of(&T_TETRACUBE, [3, 4, 8])).unwrap();
    let (_, saved) = snapshots(&prep, true, 1, false);
    let bytes = &saved[saved.len() / 2];
    // Another box, and the same box counted without the classes.
    let other = Prepared::new(&box_of(&T_TETRACUBE, [4, 3, 8])).unwrap();
    let e = resume(&other, true, false, bytes).unwrap_err();
    assert!(e.contains("another puzzle"), "{e}");
    let e = resume(&prep, false, false, bytes).unwrap_err();
    assert!(e.contains("other options"), "{e}");
    // Cell by cell and a layer at a time keep different tables.
    let e = resume(&prep, true, true, bytes).unwrap_err();
    assert!(e.contains("other options"), "{e}");
    // A flipped bit in the states, a missing last byte, a byte more, an edited header.
    let mut flipped = bytes.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let e = resume(&prep, true, false, &flipped).unwrap_err();
    assert!(e.contains("damaged"), "{e}");
    let e = resume(&prep, true, false, &bytes[..bytes.len() - 1]).unwrap_err();
    assert!(e.contains("damaged"), "{e}");
    let mut longer = bytes.clone();
    longer.push(0);
    let e = resume(&prep, true, false, &longer).unwrap_err();
    assert!(e.contains("damaged"), "{e}");
    let text = String::from_utf8_lossy(bytes);
    let at = text.find("\"position\":").unwrap() + "\"position\":".len();
    let mut edited = bytes.clone();
    edited[at] = if edited[at] == b'1' { b'2' } else { b'1' };
    let e = resume(&prep, true, false, &edited).unwrap_err();
    assert!(e.contains("checksum"), "{e}");
    let e = resume(&prep, true, false, b"{}\n").unwrap_err();
    assert!(e.contains("not a wurfel"), "{e}");
}

/// A layer at a time (boundary states merged under symmetries): resumed from every layer, the
/// same counts and states after each layer.
#[test]
fn a_count_by_layers_resumed_from_any_layer_gives_the_same_answer() {
    for (p, classes) in [
        (box_of(&T_TETRACUBE, [4, 4, 7]), true),
        (box_of(&L_TRICUBE, [2, 2, 90]), false),
    ] {
        let prep = Prepared::new(&p).unwrap();
        let (whole, saved) = snapshots(&prep, classes, 2, true);
        assert!(saved.len() > 6, "{} checkpoints", saved.len());
        for bytes in &saved {
            let again = resume(&prep, classes, true, bytes).unwrap();
            assert_eq!(summary(&again), summary(&whole));
            assert!(resume(&prep, classes, false, bytes).is_err());
        }
    }
}
