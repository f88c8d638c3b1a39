//! The client address that svc-loyalty's rate limits key on, behind a proxy and not.

use gateway::client_address::{ForwardedHeader, TrustedProxies};
use serde_json::{Value, json};

use crate::helpers::{TestGateway, spawn_gateway_with_config};

/// Logins from each address a minute.
const LIMIT: &str = "2";

/// A login as a member nobody else tries (svc-loyalty also limits each account's logins,
/// whichever addresses they come from), with `forwarded_for` as X-Forwarded-For.
async fn login_from(gateway: &TestGateway, forwarded_for: &str) -> u16 {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let member = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let body = json!({
        "username": format!("nobody-{member}@example.com"),
        "password": "Wrong-Password-1",
        "reqMetadata": {"method": "POST", "route": "/Member/v3/Login?boxofficeCircuitId=MQ"},
    });
    let response = gateway
        .client
        .post(gateway.url("/api/cypher"))
        .header("x-forwarded-for", forwarded_for)
        .json(&body)
        .send()
        .await
        .expect("the gateway answers");
    let status = response.status().as_u16();
    let _: Value = response.json().await.expect("a JSON body");
    status
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_login_budget() {
    let gateway =
        spawn_gateway_with_config(&[("LOYALTY_RATE_LIMIT_PER_MINUTE", LIMIT)], |config| {
            config.trusted_proxies =
                TrustedProxies::parse("127.0.0.1", ForwardedHeader::XForwardedFor).expect("valid");
        })
        .await;
    for _ in 0..2 {
        assert_eq!(login_from(&gateway, "203.0.113.1").await, 200);
    }
    assert_eq!(login_from(&gateway, "203.0.113.1").await, 429);
    // Another visitor behind the same proxy is not held back by the first one.
    assert_eq!(login_from(&gateway, "203.0.113.2").await, 200);
    // Nor can the first dodge the limit by claiming another address in front of its own:
    // the proxy appended the address it saw, and that one is the client.
    assert_eq!(login_from(&gateway, "198.51.100.7, 203.0.113.1").await, 429);
}

#[tokio::test]
async fn without_trusted_proxies_a_forwarded_address_is_not_believed() {
    let gateway =
        spawn_gateway_with_config(&[("LOYALTY_RATE_LIMIT_PER_MINUTE", LIMIT)], |_| {}).await;
    assert_eq!(login_from(&gateway, "203.0.113.1").await, 200);
    assert_eq!(login_from(&gateway, "203.0.113.2").await, 200);
    // Every claim comes from the same peer, so it shares one budget.
    assert_eq!(login_from(&gateway, "203.0.113.3").await, 429);
}
