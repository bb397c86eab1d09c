//! The shard operations through the app alone (no front end): a snake count planned, run shard
//! by shard, and merged equals the one-machine count; runs are idempotent, and a merge before
//! every shard is done is refused.

use super::snake::{SnakeJob, SnakeMerged};
use super::{merge, plan, run, status, MergedJob, PlanDir, PlanRequest, Planned, Ran, ShardJob};
use crate::{Budget, Context, Silent};
use std::sync::atomic::AtomicBool;

#[test]
fn a_snake_count_in_shards_equals_the_one_machine_count() {
    let budget = Budget::unlimited();
    let cancel = AtomicBool::new(false);
    let ctx = Context {
        threads: 1,
        budget: &budget,
        cancel: &cancel,
        sink: &Silent,
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = PlanDir::new(tmp.path().join("plan"));
    let job = SnakeJob::count("standard", None).unwrap();
    let request = PlanRequest::Snake {
        job: &job,
        puzzle: "standard",
        shards: 3,
        oversplit: 4,
    };
    let Planned::Snake { tasks, .. } = plan(&ctx, &dir, request).unwrap() else {
        panic!("a snake plan");
    };
    assert!(tasks >= 3, "{tasks} tasks");
    // A second plan into the same directory is refused.
    let again = PlanRequest::Snake {
        job: &job,
        puzzle: "standard",
        shards: 3,
        oversplit: 4,
    };
    assert!(plan(&ctx, &dir, again).is_err());

    let p = dir.plan().unwrap();
    let job = ShardJob::of_plan(&p).unwrap();
    for i in 0..2 {
        assert!(matches!(
            run(&ctx, &dir, (&p, &job), i, "test").unwrap(),
            Ran::Done(_)
        ));
    }
    let st = status(&dir, &p).unwrap().status;
    assert_eq!((st.done.len(), st.missing.clone()), (2, vec![2]));
    let early = merge(&ctx, &dir, (&p, ShardJob::of_plan(&p).unwrap()), false);
    assert!(early.err().unwrap().message.contains("cannot merge"));
    assert!(matches!(
        run(&ctx, &dir, (&p, &job), 2, "test").unwrap(),
        Ran::Done(_)
    ));
    // Idempotent: a valid result is kept.
    assert!(matches!(
        run(&ctx, &dir, (&p, &job), 0, "test").unwrap(),
        Ran::Nothing
    ));

    let merged = merge(&ctx, &dir, (&p, job), false).unwrap();
    let MergedJob::Snake { job, merged, .. } = merged.job else {
        panic!("a snake merge");
    };
    let (SnakeJob::Count(named), SnakeMerged::Count(counts)) = (*job, *merged) else {
        panic!("a snake count");
    };
    let whole = crate::snake::count(&ctx, &named.problem).unwrap();
    assert!(whole.complete);
    assert_eq!(counts, whole.counts);
    assert!(counts.embeddings > 0);
}
