//! A site's ingest keys on the studio's host (docs/studio.md#ingest-keys), through
//! svc-studio and svc-catalogue: an admin makes a key that the ingest API takes at once
//! and whose writes the history names by its label, lists keys without their text and
//! revokes one, which the ingest API refuses from then on; other roles and sites are
//! refused; each change audited.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use svc_studio::domain::access::Role;

use super::json_of;
use crate::helpers::{TestGateway, spawn_gateway};

const KEYS: &str = "/studio/api/v1/sites/demo/ingest-keys";

impl TestGateway {
    async fn put_page_with(&self, key: &str, title: &str) -> StatusCode {
        self.client
            .put(self.url("/api/v1/ingest/pages/about"))
            .bearer_auth(key)
            .json(&json!({"title": title, "sections": []}))
            .send()
            .await
            .expect("sent")
            .status()
    }
}

fn labels(keys: &Value) -> Vec<&str> {
    keys.as_array()
        .expect("a list")
        .iter()
        .filter_map(|key| key["label"].as_str())
        .collect()
}

#[tokio::test]
async fn an_admin_makes_a_key_the_ingest_api_takes_and_revokes_it() {
    let gateway = spawn_gateway().await;
    let admin = gateway
        .staff_cookie("ad@chain.example", Role::Admin, Some("demo"))
        .await;
    let (status, before) = gateway.studio_read(KEYS, &admin).await;
    assert_eq!(status, StatusCode::OK, "{before}");

    let (status, body) = json_of(
        gateway
            .studio_change(Method::POST, KEYS, &admin)
            .json(&json!({"label": " "}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "label");
    let (status, made) = json_of(
        gateway
            .studio_change(Method::POST, KEYS, &admin)
            .json(&json!({"label": "Box office feed"}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let key = made["key"]
        .as_str()
        .expect("the key, shown once")
        .to_owned();
    assert!(key.starts_with("cik_"), "{made}");
    let id = made["id"].as_str().expect("an id").to_owned();

    assert_eq!(
        gateway.put_page_with(&key, "About, from the feed").await,
        StatusCode::OK
    );
    let (_, revisions) = gateway
        .studio_read("/studio/api/v1/sites/demo/revisions", &admin)
        .await;
    assert_eq!(revisions[0]["by"], "Box office feed", "{revisions}");
    let (_, listed) = gateway.studio_read(KEYS, &admin).await;
    assert_eq!(labels(&listed).len(), labels(&before).len() + 1);
    assert!(labels(&listed).contains(&"Box office feed"));
    assert!(
        !listed.to_string().contains(&key),
        "never the key's text again"
    );

    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, _) = gateway.studio_read(KEYS, &editor).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "an editor leaves keys to admins"
    );
    let elsewhere = gateway
        .staff_cookie("el@chain.example", Role::Admin, Some("other-chain"))
        .await;
    let (status, _) = gateway.studio_read(KEYS, &elsewhere).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another site's admin");
    let refused = gateway
        .studio_change(Method::DELETE, &format!("{KEYS}/{id}"), &elsewhere)
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);

    let revoked = gateway
        .studio_change(Method::DELETE, &format!("{KEYS}/{id}"), &admin)
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        gateway
            .put_page_with(&key, "About, from a revoked key")
            .await,
        StatusCode::UNAUTHORIZED
    );
    let again = gateway
        .studio_change(Method::DELETE, &format!("{KEYS}/{id}"), &admin)
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    let (_, listed) = gateway.studio_read(KEYS, &admin).await;
    assert_eq!(labels(&listed), labels(&before));

    let (_, audit) = gateway
        .studio_read("/studio/api/v1/audit?siteId=demo", &admin)
        .await;
    let entries: Vec<(&str, &str)> = audit
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|entry| Some((entry["action"].as_str()?, entry["target"].as_str()?)))
        .collect();
    let target = format!("ingest key {id}");
    assert_eq!(
        entries,
        [
            ("ingest-key.revoked", target.as_str()),
            ("ingest-key.created", target.as_str()),
        ]
    );
    assert!(
        !audit.to_string().contains(&key),
        "the key's text is in no entry"
    );
}
