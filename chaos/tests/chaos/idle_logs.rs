//! A platform at rest says nothing: once the stack is up, a minute without a request
//! writes no line at INFO or above in any process's log (INFO is for lifecycle and state
//! changes; polling, health checks and the event relay's passes log at DEBUG).

use std::time::Duration;

use chaos::stack::Stack;
use chaos::test_dir;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_minute_writes_nothing_at_info() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("idle-logs");
    // The catalogue's clock stands still (midnight of a fixed day): a showtime starting
    // during the minute would rightly publish the pages without it, and say so at INFO.
    let stack = Stack::start(
        &dir,
        &[
            ("RUST_LOG", "info".to_owned()),
            ("CATALOGUE_TODAY", "2026-06-15".to_owned()),
        ],
        &[],
    )
    .await;
    // Start-up's own lines (the event relay's first connection among them) come first.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let processes = [
        &stack.gateway,
        &stack.catalogue,
        &stack.loyalty,
        &stack.ads,
        &stack.consent,
        &stack.renderer,
    ];
    let before: Vec<usize> = processes.iter().map(|p| p.log().len()).collect();

    tokio::time::sleep(Duration::from_secs(60)).await;

    for (process, start) in processes.iter().zip(before) {
        let log = process.log();
        let idle = log.get(start..).unwrap_or_default();
        assert!(
            idle.trim().is_empty(),
            "an idle minute was logged in {}:\n{idle}",
            dir.display()
        );
    }
}
