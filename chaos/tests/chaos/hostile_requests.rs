//! A stranger's requests against a real gateway process (docs/operations.md#threat-model):
//! a 16 MiB ingest body of `{}` with a wrong key is refused before it is read, and
//! thousands of made-up JSON API addresses are refused or answered without being kept.
//! Either way the gateway's resident memory stays where it was.

use std::time::Duration;

use chaos::stack::Stack;
use chaos::{http_client, test_dir};

/// The gateway's resident set, in bytes, from /proc.
fn resident_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc/PID/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .expect("VmRSS")
        * 1024
}

const MB: u64 = 1024 * 1024;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strangers_bodies_and_addresses_do_not_grow_the_gateway() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("hostile-requests");
    let stack = Stack::start(&dir, &[], &[]).await;
    let client = http_client(Duration::from_secs(30));
    let pid = stack.gateway.pid();
    // The first requests of each kind warm what the gateway keeps for good (connection
    // pools, the document's parameter table).
    let _ = client
        .get(format!("{}/api/v1/showtimes?theaterId=101", stack.url))
        .send()
        .await;

    // 16 MiB of empty objects, which would be millions of updates once read.
    let mut body = String::with_capacity(16 * MB as usize);
    body.push_str("{\"updates\":[");
    while body.len() < 16 * MB as usize - 8 {
        body.push_str("{},");
    }
    body.push_str("{}]}");
    let before = resident_bytes(pid);
    for _ in 0..3 {
        let refused = client
            .post(format!("{}/api/v1/ingest/availability", stack.url))
            .header("authorization", "Bearer not-a-key")
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await;
        // Refused before the body is read: the answer may come while it is still being
        // sent, and the connection closed under it.
        if let Ok(response) = refused {
            assert_eq!(response.status(), 401);
        }
    }
    assert_grew_less_than(pid, before, 8 * MB, "16 MiB bodies with a wrong key");

    // 2,000 made-up addresses: a parameter no route has, or a movie no site has.
    let before = resident_bytes(pid);
    for n in 0..2000 {
        let (query, status) = if n % 2 == 0 {
            (format!("theaterId=101&n={n}"), 400)
        } else {
            (format!("theaterId=101&movieId=no-such-{n}"), 404)
        };
        let response = client
            .get(format!("{}/api/v1/showtimes?{query}", stack.url))
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status(), status, "{query}");
    }
    assert_grew_less_than(pid, before, 16 * MB, "2,000 junk queries");
}

/// The process `pid` is resident in less than `limit` more than `before` now.
fn assert_grew_less_than(pid: u32, before: u64, limit: u64, what: &str) {
    let after = resident_bytes(pid);
    assert!(
        after < before + limit,
        "{what} grew the gateway from {} to {} MB",
        before / MB,
        after / MB
    );
}
