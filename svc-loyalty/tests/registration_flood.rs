//! A flood of anonymous registrations does not lock members out: new passwords take only
//! their share of the password-hashing queue, so logins still find room. A test binary of
//! its own because the hashing workers belong to the process: the flood would otherwise
//! turn other tests' registrations away.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use svc_loyalty::{Application, Config};
use test_support::dirs::fresh_dir;

/// The demo chain's catalogue, from which the service learns its loyalty settings (the
/// API tests' own, of which this test needs only the address).
#[allow(dead_code)]
#[path = "api/catalogue.rs"]
mod catalogue;

/// Registrations sent before the member logs in; the flood goes on while they do.
const REGISTRATIONS: usize = 500;
const SENDERS: usize = 200;
/// The most registrations sent in all, so the test ends whatever happens.
const MOST_SENT: usize = 50_000;

fn call(address: String, route: &str, payload: Value) -> CypherRequest {
    CypherRequest {
        method: "POST".to_owned(),
        route: route.to_owned(),
        payload: payload.as_object().cloned().map(proto::json::to_struct),
        client_address: address,
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_members_login_succeeds_while_500_registrations_arrive_from_many_addresses() {
    let data_dir = fresh_dir("registration_flood");
    let config = Config::from_lookup(|name| match name {
        "DATA_DIR" => Some(data_dir.display().to_string()),
        "LOYALTY_DEMO_SEED" => Some("true".to_owned()),
        "CATALOGUE_ADDR" => Some(catalogue::address()),
        _ => None,
    })
    .expect("configuration");
    let application = Application::build(config).await.expect("build the service");
    let addr = test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await;
    let client = LoyaltyClient::connect(format!("http://{addr}"))
        .await
        .expect("connect to the service");

    // Senders keep registrations coming, each from an address of its own, until the
    // member has logged in.
    let sent = Arc::new(AtomicUsize::new(0));
    let logged_in = Arc::new(AtomicBool::new(false));
    let mut flood = tokio::task::JoinSet::new();
    for _ in 0..SENDERS {
        let (mut client, sent, logged_in) = (client.clone(), sent.clone(), logged_in.clone());
        flood.spawn(async move {
            let mut registered = 0;
            loop {
                let index = sent.fetch_add(1, Ordering::Relaxed);
                if index >= MOST_SENT || logged_in.load(Ordering::Relaxed) {
                    return registered;
                }
                let address = format!("10.{}.{}.1", index / 256, index % 256);
                let payload = json!({"username": format!("flood-{index}@example.com"),
                                     "password": "Popcorn#2024"});
                let answer = client
                    .cypher(call(address, "/Member/v3/Create", payload))
                    .await;
                if answer.is_ok_and(|reply| reply.into_inner().http_status == 200) {
                    registered += 1;
                }
            }
        });
    }
    // 500 registrations have arrived, and more keep coming.
    while sent.load(Ordering::Relaxed) < REGISTRATIONS {
        tokio::task::yield_now().await;
    }

    let mut member = client.clone();
    for attempt in 0..5 {
        let login = call(
            "192.0.2.10".to_owned(),
            "/Member/v3/Login?boxofficeCircuitId=MQ",
            json!({"username": svc_loyalty::seed::DEMO_EMAIL, "password": "Popcorn#2024"}),
        );
        let reply = member
            .cypher(login)
            .await
            .unwrap_or_else(|status| panic!("login {attempt} during the flood: {status}"))
            .into_inner();
        let body: Value = serde_json::from_str(&reply.body).expect("JSON");
        assert_eq!(
            body["peachCode"], 0,
            "login {attempt} during the flood: {body}"
        );
    }
    let flood_was_on = sent.load(Ordering::Relaxed) < MOST_SENT;
    logged_in.store(true, Ordering::Relaxed);
    let mut registered = 0;
    while let Some(count) = flood.join_next().await {
        registered += count.expect("a sender");
    }
    assert!(
        flood_was_on,
        "the logins ran while registrations still arrived"
    );
    assert!(
        registered > 0,
        "the flood's registrations were served too, within their share"
    );
}
