//! The ingest API over HTTP: keys, refusals that name the field and write nothing,
//! replace semantics and idempotency, and every accepted write on the JSON API and in
//! the published page data with no restart.

use serde_json::{Value, json};

use crate::helpers::{TestGateway, error_of, eventually, spawn_gateway_with_catalogue};

/// How long a test waits for an accepted write to be served (how fast it is, bench/
/// measures).
const SERVED_WITHIN_SECONDS: u64 = 10;

async fn send(
    gateway: &TestGateway,
    method: reqwest::Method,
    path: &str,
    key: Option<&str>,
    body: Option<String>,
) -> (u16, Value, reqwest::header::HeaderMap) {
    let mut request = gateway.client.request(method, gateway.url(path));
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    if let Some(body) = body {
        request = request
            .header("content-type", "application/json")
            .body(body);
    }
    let response = request.send().await.expect("the gateway answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body, headers)
}

/// The demo chain at 8 AM on a fixed day (CATALOGUE_NOW), so that the evening shows
/// the tests push have not started whenever the tests run.
async fn at_8_am() -> TestGateway {
    spawn_gateway_with_catalogue(&[("CATALOGUE_NOW", "2026-11-22T08:00")]).await
}

/// Today at the demo chain, as its showtimes say.
async fn today(gateway: &TestGateway) -> String {
    let (_, showtimes) = gateway.get_json("/api/v1/showtimes?theaterId=101").await;
    showtimes[0]["date"].as_str().expect("a date").to_owned()
}

fn schedule_path(day: &str) -> String {
    format!("/api/v1/ingest/theaters/101/showtimes?from={day}&to={day}")
}

async fn showtimes_on(gateway: &TestGateway, day: &str) -> Vec<Value> {
    let (_, showtimes) = gateway
        .get_json(&format!(
            "/api/v1/showtimes?theaterId=101&from={day}&to={day}"
        ))
        .await;
    showtimes.as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn without_a_valid_key_nothing_is_written() {
    let gateway = at_8_am().await;
    let day = today(&gateway).await;
    let body = Some(json!({"showtimes": []}).to_string());
    let (status, error, headers) = send(
        &gateway,
        reqwest::Method::PUT,
        &schedule_path(&day),
        None,
        body.clone(),
    )
    .await;
    assert_eq!(status, 401);
    assert_eq!(error_of(&error).0, "unauthenticated");
    assert_eq!(headers["www-authenticate"], "Bearer");
    let (status, error, _) = send(
        &gateway,
        reqwest::Method::PUT,
        &schedule_path(&day),
        Some("cik_not-a-key"),
        body,
    )
    .await;
    assert_eq!(status, 401, "{error}");
    assert!(!showtimes_on(&gateway, &day).await.is_empty());
}

#[tokio::test]
async fn a_wrong_key_is_refused_before_the_body_is_read() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let gateway = at_8_am().await;
    let address = gateway
        .url("")
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let mut connection = tokio::net::TcpStream::connect(&address)
        .await
        .expect("a connection");
    // A body announced at 16 MB of which only the start is ever sent: were the gateway
    // to read it before the key, it would wait for the rest.
    let head = format!(
        "POST /api/v1/ingest/availability HTTP/1.1\r\nHost: {address}\r\n\
         Authorization: Bearer cik_not-a-key\r\nContent-Type: application/json\r\n\
         Content-Length: 16000000\r\n\r\n{{\"updates\": [{{}}, {{}}, "
    );
    connection.write_all(head.as_bytes()).await.expect("sent");
    let mut answer = vec![0; 512];
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        connection.read(&mut answer),
    )
    .await
    .expect("answered without the rest of the body")
    .expect("read");
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
}

#[tokio::test]
async fn a_list_past_its_limit_is_refused_while_it_is_read() {
    let gateway = at_8_am().await;
    let key = gateway.ingest_key("demo");
    let updates = vec!["{}"; 10_001].join(",");
    let (status, error, _) = send(
        &gateway,
        reqwest::Method::POST,
        "/api/v1/ingest/availability",
        Some(&key),
        Some(format!("{{\"updates\": [{updates}]}}")),
    )
    .await;
    assert_eq!(status, 400, "{error}");
    assert_eq!(error["error"]["field"], "updates", "{error}");
    assert!(error_of(&error).1.contains("at most 10000"), "{error}");
}

#[tokio::test]
async fn a_refusal_names_the_field_and_writes_nothing() {
    let gateway = at_8_am().await;
    let key = gateway.ingest_key("demo");
    let day = today(&gateway).await;
    let before = showtimes_on(&gateway, &day).await;
    let path = schedule_path(&day);
    let put = |body: Value| {
        send(
            &gateway,
            reqwest::Method::PUT,
            &path,
            Some(&key),
            Some(body.to_string()),
        )
    };
    let good = json!({"perfCode": "A1", "movieId": "1001", "startsAt": format!("{day}T20:00")});
    let (status, error, _) =
        put(json!({"showtimes": [good, {"perfCode": "A2", "movieId": "1001", "startsAt": "8pm"}]}))
            .await;
    assert_eq!(status, 400, "{error}");
    assert_eq!(error["error"]["field"], "showtimes[1].startsAt");

    let (status, error, _) = put(json!({"showtimes": [{"perfCode": "A1", "movieId": "1001", "startsAt": format!("{day}T20:00"), "seats": 3}]})).await;
    assert_eq!(status, 400, "{error}");
    assert_eq!(error["error"]["field"], "showtimes[0].seats");

    let (status, error, _) = put(json!({"showtimes": [good, {"perfCode": "A2", "movieId": "no-such-movie", "startsAt": format!("{day}T21:00")}]})).await;
    assert_eq!(status, 422, "{error}");
    assert_eq!(error["error"]["field"], "showtimes[1].movieId");

    let (status, _, _) = send(
        &gateway,
        reqwest::Method::PUT,
        &format!("/api/v1/ingest/theaters/999/showtimes?from={day}&to={day}"),
        Some(&key),
        Some(json!({"showtimes": []}).to_string()),
    )
    .await;
    assert_eq!(status, 404);

    let (status, error, _) = send(
        &gateway,
        reqwest::Method::PUT,
        &schedule_path(&day),
        Some(&key),
        Some("{\"showtimes\": [".to_owned()),
    )
    .await;
    assert_eq!(status, 400);
    assert!(error_of(&error).1.starts_with("malformed JSON"), "{error}");

    let huge = format!(
        "{{\"showtimes\": [{}]}}",
        vec![good.to_string(); 300_000].join(",")
    );
    assert!(huge.len() > 16 * 1024 * 1024);
    let (status, error, _) = send(
        &gateway,
        reqwest::Method::PUT,
        &schedule_path(&day),
        Some(&key),
        Some(huge),
    )
    .await;
    assert_eq!(status, 413, "{error}");

    assert_eq!(showtimes_on(&gateway, &day).await, before);
}

/// Where `perf_code` is in a published page's data, wherever it is nested.
fn find_showtime<'a>(value: &'a Value, perf_code: &str) -> Option<&'a Value> {
    match value {
        Value::Object(fields)
            if fields.get("perfCode").and_then(Value::as_str) == Some(perf_code) =>
        {
            Some(value)
        }
        Value::Object(fields) => fields
            .values()
            .find_map(|field| find_showtime(field, perf_code)),
        Value::Array(items) => items.iter().find_map(|item| find_showtime(item, perf_code)),
        _ => None,
    }
}

#[tokio::test]
async fn a_pushed_schedule_is_served_then_sells_out_and_the_same_again_changes_nothing() {
    let gateway = at_8_am().await;
    let key = gateway.ingest_key("demo");
    let day = today(&gateway).await;
    let body = json!({"showtimes": [
        {"perfCode": "POS-1", "movieId": "1001", "startsAt": format!("{day}T20:00"),
         "auditorium": "3", "format": "IMAX", "seatsAvailable": 140, "seatsTotal": 150},
    ]})
    .to_string();
    let (status, written, _) = send(
        &gateway,
        reqwest::Method::PUT,
        &schedule_path(&day),
        Some(&key),
        Some(body.clone()),
    )
    .await;
    assert_eq!(status, 200, "{written}");
    assert!(
        written["changed"]
            .as_u64()
            .is_some_and(|changed| changed >= 1)
    );

    let served = eventually(SERVED_WITHIN_SECONDS, || async {
        let showtimes = showtimes_on(&gateway, &day).await;
        showtimes.len() == 1 && showtimes[0]["perfCode"] == "POS-1"
    })
    .await;
    assert!(served, "the theater's day is the pushed schedule");
    let showtime = showtimes_on(&gateway, &day).await.remove(0);
    assert_eq!(showtime["availability"], "available");
    assert!(
        showtime["ticketingUrl"]
            .as_str()
            .is_some_and(|url| url.ends_with("perfcode=POS-1")),
        "{showtime}"
    );

    let (status, again, _) = send(
        &gateway,
        reqwest::Method::PUT,
        &schedule_path(&day),
        Some(&key),
        Some(body),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(again["changed"], 0);
    assert_eq!(again["revision"], written["revision"]);

    let (status, sold, _) = send(
        &gateway,
        reqwest::Method::POST,
        "/api/v1/ingest/availability",
        Some(&key),
        Some(
            json!({"updates": [{"theaterId": "101", "perfCode": "POS-1", "seatsAvailable": 0}]})
                .to_string(),
        ),
    )
    .await;
    assert_eq!(status, 200, "{sold}");
    assert_eq!(sold["changed"], 1);
    let (_, movie) = gateway.get_json("/api/v1/movies/1001").await;
    let page_data = format!(
        "/page-data{}page-data.json",
        movie["path"].as_str().expect("a path")
    );
    let sold_out = eventually(SERVED_WITHIN_SECONDS, || async {
        let on_api = showtimes_on(&gateway, &day).await[0]["availability"] == "sold-out";
        let (_, data) = gateway.get_json(&page_data).await;
        on_api
            && find_showtime(&data, "POS-1")
                .is_some_and(|showtime| showtime["availability"] == "sold-out")
    })
    .await;
    assert!(sold_out, "sold out on the API and in the page data");
}

#[tokio::test]
async fn every_read_right_after_a_write_answered_shows_it() {
    let gateway = at_8_am().await;
    let key = gateway.ingest_key("demo");
    let day = today(&gateway).await;
    for round in 0..12_u64 {
        // The answer before the write is kept, as a visitor's read would keep it.
        showtimes_on(&gateway, &day).await;
        let seats = 100 - round;
        let (status, written, _) = if round % 2 == 0 {
            let body = json!({"showtimes": [
                {"perfCode": format!("RYW-{round}"), "movieId": "1001",
                 "startsAt": format!("{day}T21:00"), "auditorium": "1", "format": "2D",
                 "seatsAvailable": seats, "seatsTotal": 150},
            ]});
            send(
                &gateway,
                reqwest::Method::PUT,
                &schedule_path(&day),
                Some(&key),
                Some(body.to_string()),
            )
            .await
        } else {
            let body = json!({"updates": [
                {"theaterId": "101", "perfCode": format!("RYW-{}", round - 1),
                 "seatsAvailable": seats},
            ]});
            send(
                &gateway,
                reqwest::Method::POST,
                "/api/v1/ingest/availability",
                Some(&key),
                Some(body.to_string()),
            )
            .await
        };
        assert_eq!(status, 200, "{written}");
        assert!(
            written["changed"]
                .as_u64()
                .is_some_and(|changed| changed >= 1),
            "{written}"
        );
        let read = showtimes_on(&gateway, &day).await;
        let perf_code = format!("RYW-{}", round - round % 2);
        assert_eq!(read.len(), 1, "round {round}: {read:?}");
        assert_eq!(read[0]["perfCode"], perf_code.as_str(), "round {round}");
        assert_eq!(read[0]["seatsAvailable"], seats, "round {round}");
    }
}
