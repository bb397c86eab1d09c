mod common;
use wurfel_pack::Prepared;

#[test]
fn soma_counts() {
    let p = Prepared::new(&common::soma()).unwrap();
    let c = p.count(2);
    assert_eq!(
        (c.raw, c.rotations, c.rotations_reflections),
        (11_520, 480, 240)
    );
}

#[test]
#[ignore]
fn bedlam_counts() {
    let t = std::time::Instant::now();
    let p = Prepared::new(&common::bedlam()).unwrap();
    eprintln!(
        "restricted {:?} reps {}",
        p.restricted,
        p.restricted_placements()
    );
    let c = p.count(2);
    eprintln!("bedlam {:?} in {:?}", c, t.elapsed());
    assert_eq!(c.rotations, 19_186);
    assert_eq!(c.raw, 460_464);
}
