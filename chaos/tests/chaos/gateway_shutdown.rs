//! The gateway stopped with SIGTERM under load: requests in flight finish, no new
//! connection is accepted, and the process exits within its grace period, even when
//! a client never finishes its request.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use chaos::load::{Members, Outcomes, PASSWORD, V3_LOGIN};
use chaos::process::Process;
use chaos::{free_port, test_dir, workspace_root};

/// An embedded gateway (the four services in-process) with `grace` for shutdowns.
async fn embedded_gateway(name: &str, grace: Duration) -> (Process, u16) {
    let dir = test_dir(name);
    let port = free_port();
    let env = [
        ("GATEWAY_ADDR", format!("127.0.0.1:{port}")),
        (
            "SITE_DIR",
            workspace_root().join("site/demo").display().to_string(),
        ),
        (
            "WEB_DIST",
            workspace_root().join("web/dist").display().to_string(),
        ),
        ("DATA_DIR", dir.join("data").display().to_string()),
        ("SHUTDOWN_GRACE_MS", grace.as_millis().to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let gateway = Process::start("gateway", "gateway", &["--embedded"], env, &dir);
    let members = Members::new(&format!("http://127.0.0.1:{port}"));
    let ready = chaos::eventually(Duration::from_secs(60), || async {
        members.get("/api/v1/site").await == Some(200)
    })
    .await;
    assert!(ready, "the gateway did not start: {}", gateway.log());
    (gateway, port)
}

/// Sends a login request's head and the first half of its body: a request in flight.
async fn start_slow_login(port: u16) -> (TcpStream, Vec<u8>) {
    let mut body = serde_json::json!({
        "reqMetadata": { "method": "POST", "route": V3_LOGIN },
        "username": "demo@marqueecinemas.example", "password": PASSWORD,
    })
    .to_string()
    .into_bytes();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    let head = format!(
        "POST /api/cypher HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("head sent");
    let rest = body.split_off(body.len() / 2);
    stream.write_all(&body).expect("half the body sent");
    // On a busy machine the connection may still wait in the listen queue; a stop then
    // would find no request in flight. Give the gateway time to take it up.
    tokio::time::sleep(Duration::from_millis(750)).await;
    (stream, rest)
}

fn refused(port: u16) -> bool {
    TcpStream::connect_timeout(
        &std::net::SocketAddr::from(([127, 0, 0, 1], port)),
        Duration::from_millis(500),
    )
    .is_err()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_finishes_requests_in_flight_refuses_new_connections_and_exits() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let grace = Duration::from_secs(10);
    let (mut gateway, port) = embedded_gateway("gateway-sigterm", grace).await;
    let members = Members::new(&format!("http://127.0.0.1:{port}"));
    let outcomes = Outcomes::default();
    let (stop, _) = tokio::sync::watch::channel(false);
    let mut load = Vec::new();
    for _ in 0..4 {
        let (members, outcomes, stop) = (members.clone(), outcomes.clone(), stop.subscribe());
        load.push(tokio::spawn(async move {
            while !*stop.borrow() {
                outcomes.record("browsing", members.get("/api/v1/movies").await);
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (mut in_flight, rest) = start_slow_login(port).await;

    gateway.terminate();
    let terminated = Instant::now();
    assert!(
        chaos::eventually(Duration::from_secs(2), || async { refused(port) }).await,
        "new connections are refused once stopping"
    );
    in_flight
        .write_all(&rest)
        .expect("the rest of the body sent");
    let mut answer = String::new();
    in_flight
        .read_to_string(&mut answer)
        .expect("the in-flight request is answered");
    let status = gateway.wait_exit(grace + Duration::from_secs(2));
    let exited = terminated.elapsed();
    stop.send_replace(true);
    for task in load {
        task.await.expect("a load task");
    }

    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains("\"peachCode\":0"),
        "a complete answer: {answer}"
    );
    assert!(
        status.is_some_and(|s| s.success()),
        "exit {status:?} after {exited:?}"
    );
    assert!(exited < grace, "exited after {exited:?}");
    let answered = outcomes.statuses(
        "browsing",
        terminated - Duration::from_secs(60),
        Instant::now(),
    );
    assert!(answered.contains(&Some(200)), "load was served");
    assert!(
        answered.iter().all(|s| matches!(s, Some(200) | None)),
        "every answer is complete and successful: {answered:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_never_finishes_does_not_hold_the_gateway_past_its_grace_period() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let grace = Duration::from_secs(1);
    let (mut gateway, port) = embedded_gateway("gateway-grace", grace).await;
    let (_stalled, _rest) = start_slow_login(port).await;
    gateway.terminate();
    let terminated = Instant::now();
    let status = gateway.wait_exit(grace + Duration::from_secs(3));
    assert!(
        status.is_some(),
        "still running {:?} after SIGTERM",
        terminated.elapsed()
    );
    assert!(
        terminated.elapsed() >= grace,
        "the request in flight was given its grace"
    );
    assert!(gateway.log().contains("grace period"), "{}", gateway.log());
}
