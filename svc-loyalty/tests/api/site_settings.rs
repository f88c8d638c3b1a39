//! svc-loyalty learns each site's loyalty settings from the catalogue itself
//! (docs/architecture.md#sites): a change to a site's bundle applies to its next calls with
//! no word from the gateway, a site the catalogue does not have is refused, and a catalogue
//! that does not answer is said to be the reason.

use std::time::Duration;

use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::json;
use test_support::polling::eventually;
use tonic::transport::Channel;

use crate::catalogue;
use crate::helpers::{
    PASSWORD, TestDatabase, V3_LOGIN, peach, request, send_on, spawn_loyalty, spawn_loyalty_with,
};

/// Registers `email` on the changing site and logs in: the login's peachCode.
async fn join_and_log_in(client: &mut LoyaltyClient<Channel>, email: &str) -> i64 {
    let site = catalogue::CHANGING;
    let credentials = json!({"username": email, "password": PASSWORD});
    let create = request("POST", "/Member/v3/Create", credentials.clone());
    let (_, created) = send_on(client, site, create).await;
    assert_eq!(peach(&created), 0, "{created}");
    let (_, logged_in) = send_on(client, site, request("POST", V3_LOGIN, credentials)).await;
    peach(&logged_in)
}

#[tokio::test]
async fn a_change_to_a_sites_loyalty_settings_applies_to_its_next_calls() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty_with(
        &database,
        &[("LOYALTY_REGISTRATION_LIMIT_PER_HOUR", "1000")],
    )
    .await;
    let site = catalogue::CHANGING;
    assert_eq!(join_and_log_in(&mut client, "first@example.com").await, 0);

    // The chain turns membership activation on: new members must now be activated.
    catalogue::change_loyalty(
        &catalogue::bundle(site),
        &json!({"includeActivation": true}),
    );
    let mut joined = 0;
    let applied = eventually(Duration::from_secs(10), || {
        joined += 1;
        let email = format!("member-{joined}@example.com");
        let mut client = client.clone();
        async move { join_and_log_in(&mut client, &email).await == 26 }
    })
    .await;
    catalogue::change_loyalty(
        &catalogue::bundle(site),
        &json!({"includeActivation": false}),
    );
    assert!(
        applied,
        "a new member is not activated once the site says so"
    );
    // Members from before keep their standing.
    let credentials = json!({"username": "first@example.com", "password": PASSWORD});
    let (_, body) = send_on(&mut client, site, request("POST", V3_LOGIN, credentials)).await;
    assert_eq!(peach(&body), 0, "{body}");
    database.drop().await;
}

#[tokio::test]
async fn a_call_about_a_site_the_catalogue_does_not_have_is_not_found() {
    let database = TestDatabase::sqlite();
    let mut client = spawn_loyalty(&database).await;
    let call = proto::site::about(
        "elsewhere",
        request("GET", "/Member/v3/GetMember/", json!({})),
    )
    .expect("a site id");
    let refused = client.cypher(call).await.expect_err("refused");
    assert_eq!(refused.code(), tonic::Code::NotFound);
    assert_eq!(refused.message(), "no site 'elsewhere' in the catalogue");
    database.drop().await;
}

#[tokio::test]
async fn without_the_catalogue_a_call_is_unavailable_and_says_why() {
    let database = TestDatabase::sqlite();
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let nowhere = closed.local_addr().expect("its address").to_string();
    drop(closed);
    let mut client = spawn_loyalty_with(&database, &[("CATALOGUE_ADDR", &nowhere)]).await;
    let refused = client
        .cypher(request("GET", "/Member/v3/GetMember/", json!({})))
        .await
        .expect_err("refused");
    assert_eq!(refused.code(), tonic::Code::Unavailable);
    assert!(
        refused
            .message()
            .contains("the loyalty settings of site 'demo' are not known yet"),
        "{}",
        refused.message()
    );
    database.drop().await;
}
