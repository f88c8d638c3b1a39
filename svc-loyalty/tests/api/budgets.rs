//! Budgets on the anonymous calls (the 429 of docs/loyalty.md#rate-limits): per client
//! address, an IPv6 address counted by its /64, and per target (the e-mail address or card
//! number a call names), whichever addresses the calls come from. Each test runs on SQLite
//! and on PostgreSQL.

use proto::loyalty::v1::CypherRequest;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestDatabase, peach, request, send, spawn_loyalty_with};
use crate::on_both_databases;

/// A call from `address`.
fn from(address: &str, method: &str, route: &str, payload: Value) -> CypherRequest {
    CypherRequest {
        client_address: address.to_owned(),
        ..request(method, route, payload)
    }
}

fn registration(email: &str) -> Value {
    json!({"username": email, "password": PASSWORD, "firstName": "Ada"})
}

async fn registrations_from_one_address_have_a_budget_an_hour(database: &TestDatabase) {
    let mut client =
        spawn_loyalty_with(database, &[("LOYALTY_REGISTRATION_LIMIT_PER_HOUR", "2")]).await;
    for n in 0..2 {
        let email = format!("joiner-{n}@example.com");
        let call = from(
            "198.51.100.7",
            "POST",
            "/Member/v3/Create",
            registration(&email),
        );
        assert_eq!(peach(&send(&mut client, call).await.1), 0);
    }
    let call = from(
        "198.51.100.7",
        "POST",
        "/Member/v3/Create",
        registration("joiner-2@example.com"),
    );
    let (status, body) = send(&mut client, call).await;
    assert_eq!((status, peach(&body)), (429, 429), "{body}");
    // Another address still registers.
    let call = from(
        "198.51.100.8",
        "POST",
        "/Member/v3/Create",
        registration("joiner-2@example.com"),
    );
    assert_eq!(peach(&send(&mut client, call).await.1), 0);
}

async fn member_searches_have_a_budget_per_address_and_per_e_mail_address(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "2")]).await;
    let search = |address: &str, email: &str| {
        from(
            address,
            "POST",
            "/Member/MemberSearch/MQ",
            json!({ "email": email }),
        )
    };
    for n in 0..2 {
        let (status, _) = send(
            &mut client,
            search("198.51.100.1", &format!("a{n}@example.com")),
        )
        .await;
        assert_eq!(status, 200);
    }
    let (status, body) = send(&mut client, search("198.51.100.1", "a2@example.com")).await;
    assert_eq!((status, peach(&body)), (429, 429), "per address: {body}");
    // One e-mail address probed from many addresses.
    for n in 0..2 {
        let (status, _) = send(
            &mut client,
            search(&format!("203.0.113.{n}"), "probed@example.com"),
        )
        .await;
        assert_eq!(status, 200);
    }
    let (status, body) = send(&mut client, search("203.0.113.9", "PROBED@example.com")).await;
    assert_eq!(
        (status, peach(&body)),
        (429, 429),
        "per e-mail address: {body}"
    );
}

async fn one_gift_card_is_checked_within_its_budget_whichever_addresses_ask(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "2")]).await;
    let check = |address: &str, card: &str| {
        from(
            address,
            "POST",
            "/GiftCard/CheckGiftCardBalance?cinemaId=101",
            json!({"cardNumber": card, "pin": "0000"}),
        )
    };
    for n in 0..2 {
        let (status, _) = send(&mut client, check(&format!("203.0.113.{n}"), "gc1000")).await;
        assert_eq!(status, 200);
    }
    let (status, body) = send(&mut client, check("203.0.113.50", "GC1000")).await;
    assert_eq!((status, peach(&body)), (429, 429), "{body}");
    let (status, _) = send(&mut client, check("203.0.113.51", "GC2000")).await;
    assert_eq!(status, 200, "another card has its own budget");
}

async fn e_voucher_listings_have_a_budget_per_address(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "1")]).await;
    let list = |address: &str| {
        from(
            address,
            "GET",
            "/Concession/GetAllEVoucherConcessions/101",
            json!({}),
        )
    };
    assert_eq!(send(&mut client, list("198.51.100.3")).await.0, 200);
    let (status, body) = send(&mut client, list("198.51.100.3")).await;
    assert_eq!((status, peach(&body)), (429, 429), "{body}");
}

async fn the_addresses_of_one_ipv6_64_share_one_budget(database: &TestDatabase) {
    let mut client = spawn_loyalty_with(database, &[("LOYALTY_RATE_LIMIT_PER_MINUTE", "2")]).await;
    let search = |address: &str, n: u32| {
        from(
            address,
            "POST",
            "/Member/MemberSearch/MQ",
            json!({ "email": format!("v6-{n}@example.com") }),
        )
    };
    assert_eq!(send(&mut client, search("2001:db8:7:7::1", 0)).await.0, 200);
    assert_eq!(send(&mut client, search("2001:db8:7:7::2", 1)).await.0, 200);
    let (status, _) = send(&mut client, search("2001:db8:7:7:abcd::3", 2)).await;
    assert_eq!(status, 429, "the same /64");
    assert_eq!(send(&mut client, search("2001:db8:7:8::1", 3)).await.0, 200);
}

on_both_databases!(
    registrations_from_one_address_have_a_budget_an_hour,
    member_searches_have_a_budget_per_address_and_per_e_mail_address,
    one_gift_card_is_checked_within_its_budget_whichever_addresses_ask,
    e_voucher_listings_have_a_budget_per_address,
    the_addresses_of_one_ipv6_64_share_one_budget,
);
