//! Members' alerts with NATS away (docs/loyalty.md#alerts), on real processes: the point of
//! sale gives a watchlisted film its first showtime while NATS is down; the catalogue's
//! event waits in its outbox, goes out when NATS is back, and the member gets one e-mail,
//! not two, though svc-loyalty is restarted and the catalogue publishes again.

use std::time::Duration;

use chaos::deployment::{as_role, private_nats};
use chaos::load::Members;
use chaos::stack::Stack;
use chaos::test_dir;
use serde_json::json;

/// A coming film of the demo chain, scheduled nowhere.
const FILM: &str = "1019";

/// The e-mails to `address` among the files svc-loyalty wrote, by their subject line.
fn subjects_to(dir: &std::path::Path, address: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join("loyalty-data/mail")) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
        .filter(|mail| mail.contains(&format!("To: {address}\r\n")))
        .filter_map(|mail| {
            mail.lines()
                .find_map(|line| line.strip_prefix("Subject: ").map(str::to_owned))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_alert_waits_for_nats_and_is_mailed_once_when_it_returns() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("alerts-outage");
    let (mut nats, nats_url) = private_nats(&dir);
    let mut stack = Stack::start_with(
        &dir,
        &chaos::workspace_root().join("site/demo"),
        &[],
        &[("NATS_URL", as_role(&nats_url, "catalogue"))],
        &[
            ("NATS_URL", as_role(&nats_url, "loyalty")),
            ("ALERTS_CONSUMER", "chaos-alerts".to_owned()),
        ],
    )
    .await;

    let members = Members::new(&stack.url);
    let email = "alerted@example.com";
    assert!(members.create(email).await.1, "a member");
    let session = members.login(email).await.1.expect("signed in");
    let every = json!({"onSale": true, "lastChance": true, "email": true, "push": false});
    let (_, chosen) = members
        .cypher(
            "POST",
            "/Member/v3/UpdateAlertPreferences",
            every,
            Some(&session),
        )
        .await;
    assert_eq!(chosen["alertPreferences"]["chosen"], true, "{chosen}");
    let (_, watched) = members
        .cypher(
            "POST",
            "/Member/v3/AddFavoriteFilm",
            json!({"externalFilmId": FILM}),
            Some(&session),
        )
        .await;
    assert_eq!(watched["peachCode"], 0, "{watched}");
    // svc-loyalty's durable consumer is made once it reaches NATS: reads from then on.
    let ops = chaos::ops_url(&stack.url);
    let client = chaos::http_client(Duration::from_secs(5));
    let flowing = chaos::eventually(Duration::from_secs(20), || async {
        let readiness: serde_json::Value = match client.get(format!("{ops}/readyz")).send().await {
            Ok(response) => response.json().await.unwrap_or_default(),
            Err(_) => serde_json::Value::Null,
        };
        readiness["catalogueEvents"] == "connected" && readiness["memberEvents"] == "connected"
    })
    .await;
    assert!(flowing, "both services reach the scenario's NATS");
    tokio::time::sleep(Duration::from_secs(3)).await;

    nats.kill();
    let key = std::fs::read_to_string(dir.join("catalogue-data/ingest/demo.key"))
        .expect("the demo's ingest key")
        .trim()
        .to_owned();
    let day = jiff::Zoned::now()
        .checked_add(jiff::Span::new().days(2))
        .expect("a day")
        .date()
        .to_string();
    let written = client
        .put(format!(
            "{}/api/v1/ingest/theaters/101/showtimes?from={day}&to={day}",
            stack.url
        ))
        .bearer_auth(&key)
        .json(&json!({"showtimes": [{"perfCode": "CHAOS1", "movieId": FILM, "startsAt": format!("{day}T20:00")}]}))
        .send()
        .await
        .expect("the ingest API answers with NATS away");
    assert_eq!(written.status(), 200);
    let waiting = chaos::eventually(Duration::from_secs(10), || async {
        let readiness: serde_json::Value = match client.get(format!("{ops}/readyz")).send().await {
            Ok(response) => response.json().await.unwrap_or_default(),
            Err(_) => serde_json::Value::Null,
        };
        readiness["catalogueEvents"] == "unreachable"
    })
    .await;
    assert!(waiting, "the event waits in the catalogue's outbox");
    assert!(subjects_to(&dir, email).is_empty(), "nothing is mailed yet");

    // NATS back, and svc-loyalty restarted meanwhile: the event goes out once.
    stack.loyalty.restart();
    nats.restart();
    let mailed = chaos::eventually(Duration::from_secs(30), || async {
        !subjects_to(&dir, email).is_empty()
    })
    .await;
    assert!(mailed, "the alert is mailed; logs in {}", dir.display());
    // The catalogue commits again (the same schedule plus one): told already.
    let again = client
        .put(format!(
            "{}/api/v1/ingest/theaters/101/showtimes?from={day}&to={day}",
            stack.url
        ))
        .bearer_auth(&key)
        .json(&json!({"showtimes": [
            {"perfCode": "CHAOS1", "movieId": FILM, "startsAt": format!("{day}T20:00")},
            {"perfCode": "CHAOS2", "movieId": FILM, "startsAt": format!("{day}T22:00")},
        ]}))
        .send()
        .await
        .expect("the ingest API answers");
    assert_eq!(again.status(), 200);
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        subjects_to(&dir, email),
        ["Tickets are on sale: Frostbound"],
        "one e-mail, not two"
    );
}
