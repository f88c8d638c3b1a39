//! The unsubscribe link of members' alert e-mails through the gateway
//! (docs/loyalty.md#alerts): a person who opens it gets a page to confirm (nothing
//! changes), a mail client's one-click POST (RFC 8058) turns that kind of alert off, a
//! token that names no member is a 404, and the page never sends its address on.

use serde_json::json;
use svc_loyalty::domain::alerts::AlertKind;

use crate::helpers::{DEMO_SITE, error_of, spawn_gateway_for_site};

const V3_LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";
const UNSUBSCRIBE: &str = "/api/v1/alerts/unsubscribe";

#[tokio::test]
async fn an_unsubscribe_link_confirms_on_a_page_and_one_click_turns_its_kind_off() {
    let dir = test_support::dirs::fresh_dir("gateway_member_store");
    let store_url = format!("sqlite://{}?mode=rwc", dir.join("loyalty.db").display());
    let gateway = spawn_gateway_for_site(DEMO_SITE, &[], &[("DATABASE_URL", &store_url)]).await;
    let email = gateway.create_member("alerted").await;
    let login = gateway.login(V3_LOGIN, &email).await;
    let member = login["memberDetails"]["memberId"]
        .as_str()
        .expect("an id")
        .to_owned();
    let session = login["sessionManagementTokens"]["boxofficeSessionToken"]
        .as_str()
        .expect("a session")
        .to_owned();
    let every = json!({"onSale": true, "lastChance": true, "email": true, "push": false});
    let (status, _) = gateway
        .cypher(
            "POST",
            "/Member/v3/UpdateAlertPreferences",
            every,
            Some(&session),
        )
        .await;
    assert_eq!(status, 200);
    let store = svc_loyalty::store::Store::connect(&store_url, 1)
        .await
        .expect("the store opens");
    let token = "a".repeat(64);
    svc_loyalty::store::alerts::keep_unsubscribe_token(
        store.pool(),
        &platform::tokens::sha256_hex(&token),
        &member,
        AlertKind::OnSale,
    )
    .await
    .expect("a link mailed");
    store.close().await;

    // Opened: a page with a form, nothing changed.
    let link = gateway.url(&format!("{UNSUBSCRIBE}?token={token}"));
    let page = gateway.client.get(&link).send().await.expect("answered");
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["referrer-policy"], "no-referrer");
    assert_eq!(page.headers()["cache-control"], "no-store");
    assert!(page.headers().contains_key("content-security-policy"));
    let html = page.text().await.expect("a page");
    assert!(
        html.contains(&format!(
            "<form method=\"post\" action=\"{UNSUBSCRIBE}?token={token}\">"
        )),
        "{html}"
    );
    let (_, chosen) = gateway
        .cypher(
            "GET",
            "/Member/v3/GetAlertPreferences",
            json!({}),
            Some(&session),
        )
        .await;
    assert_eq!(
        chosen["alertPreferences"]["onSale"], true,
        "a GET changes nothing"
    );

    // A mail client's one click.
    let clicked = gateway
        .client
        .post(&link)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .expect("answered");
    assert_eq!(clicked.status(), 200);
    assert_eq!(
        clicked.json::<serde_json::Value>().await.expect("JSON"),
        json!({"kind": "on-sale"})
    );
    let (_, chosen) = gateway
        .cypher(
            "GET",
            "/Member/v3/GetAlertPreferences",
            json!({}),
            Some(&session),
        )
        .await;
    assert_eq!(
        chosen["alertPreferences"],
        json!({"onSale": false, "lastChance": true, "email": true, "push": false, "chosen": true})
    );

    // The form of the page, from a browser: a page again.
    let confirmed = gateway
        .client
        .post(&link)
        .header("Accept", "text/html")
        .send()
        .await
        .expect("answered");
    assert_eq!(confirmed.status(), 200);
    assert!(
        confirmed
            .text()
            .await
            .expect("a page")
            .contains("Alerts stopped")
    );

    // A token that names no member; none at all.
    let unknown = gateway
        .client
        .post(gateway.url(&format!("{UNSUBSCRIBE}?token={}", "b".repeat(64))))
        .send()
        .await
        .expect("answered");
    assert_eq!(unknown.status(), 404);
    let body = unknown.json::<serde_json::Value>().await.expect("JSON");
    assert_eq!(error_of(&body).0, "not_found");
    let unknown = gateway
        .client
        .post(gateway.url(&format!("{UNSUBSCRIBE}?token={}", "b".repeat(64))))
        .header("Accept", "text/html")
        .send()
        .await
        .expect("answered");
    assert_eq!(unknown.status(), 404);
    assert!(
        unknown
            .text()
            .await
            .expect("a page")
            .contains("This link does not work")
    );
    let missing = gateway
        .client
        .post(gateway.url(UNSUBSCRIBE))
        .send()
        .await
        .expect("answered");
    assert_eq!(missing.status(), 400);
}
