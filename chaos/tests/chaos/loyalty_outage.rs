//! svc-loyalty killed under load: only the member routes fail (503), browsing goes
//! on, and the member routes answer again within 5 s of the service's restart.

use std::time::{Duration, Instant};

use chaos::load::{Members, Outcomes};
use chaos::stack::Stack;
use chaos::test_dir;

const BROWSING: [&str; 3] = [
    "/api/v1/movies",
    "/api/v1/theaters",
    "/page-data/app-data.json",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_loyalty_service_fails_only_member_routes_and_recovers_after_a_restart() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("loyalty-outage");
    let mut stack = Stack::start(&dir, &[], &[]).await;
    let members = Members::new(&stack.url);
    let email = "load@example.com";
    assert!(members.create(email).await.1, "a member to log in with");

    let outcomes = Outcomes::default();
    let (stop, _) = tokio::sync::watch::channel(false);
    let mut load = Vec::new();
    for worker in 0..3 {
        let (members, outcomes, stop) = (members.clone(), outcomes.clone(), stop.subscribe());
        load.push(tokio::spawn(async move {
            let mut i = worker;
            while !*stop.borrow() {
                let status = members.get(BROWSING[i % BROWSING.len()]).await;
                outcomes.record("browsing", status);
                i += 1;
            }
        }));
    }
    for _ in 0..2 {
        let (members, outcomes, stop) = (members.clone(), outcomes.clone(), stop.subscribe());
        load.push(tokio::spawn(async move {
            while !*stop.borrow() {
                let (status, _) = members.login(email).await;
                outcomes.record("member", status);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }

    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(1)).await;
    // Calls in flight may fail as soon as the signal lands, before kill() returns.
    let killing = Instant::now();
    stack.loyalty.kill();
    let killed = Instant::now();
    tokio::time::sleep(Duration::from_secs(2)).await;
    stack.loyalty.restart();
    let restarted = Instant::now();
    let recovered = chaos::eventually(Duration::from_secs(10), || async {
        members.login(email).await.1.is_some()
    })
    .await;
    let recovery = restarted.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.send_replace(true);
    for task in load {
        task.await.expect("a load task");
    }
    let ended = Instant::now();

    let before = outcomes.statuses("member", started, killing);
    assert!(
        !before.is_empty() && before.iter().all(|s| *s == Some(200)),
        "{before:?}"
    );
    // Calls in flight at the kill may still have been answered; later ones are 503.
    let during = outcomes.statuses("member", killed + Duration::from_millis(100), restarted);
    assert!(!during.is_empty(), "member calls during the outage");
    assert!(during.iter().all(|s| *s == Some(503)), "{during:?}");
    let browsing = outcomes.statuses("browsing", started, ended);
    assert!(browsing.len() > 20, "browsing went on: {}", browsing.len());
    assert!(browsing.iter().all(|s| *s == Some(200)), "{browsing:?}");
    assert!(recovered, "member routes answer again after the restart");
    assert!(
        recovery < Duration::from_secs(5),
        "recovered {recovery:?} after the restart"
    );
    let after = outcomes.statuses("member", restarted + recovery, ended);
    assert!(after.iter().all(|s| *s == Some(200)), "{after:?}");
}
