//! Member support on the studio's host (docs/studio.md#member-support), through svc-studio
//! to svc-loyalty: support staff find a member of their site by exact e-mail or card
//! number (never a whole card number), unlock them after failed sign-ins, mail an
//! activation code or a reset link, delete the account saying why; each call audited
//! (on NATS without the member); other roles and other sites refused; a budget per staff
//! member.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use svc_studio::domain::access::Role;

use super::json_of;
use crate::helpers::{PASSWORD, TestGateway, error_of, spawn_gateway};

const MEMBERS: &str = "/studio/api/v1/sites/demo/members";
const V3_LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";

impl TestGateway {
    async fn find_members(&self, query: &str, cookie: &str) -> (StatusCode, Value) {
        self.studio_read(&format!("{MEMBERS}?{query}"), cookie)
            .await
    }

    async fn support(&self, member: &str, action: &str, cookie: &str) -> (StatusCode, Value) {
        json_of(
            self.studio_change(
                Method::POST,
                &format!("{MEMBERS}/{member}/{action}"),
                cookie,
            )
            .json(&json!({}))
            .send()
            .await
            .expect("sent"),
        )
        .await
    }

    async fn audit_of(&self, cookie: &str) -> Vec<Value> {
        let (status, entries) = self
            .studio_read("/studio/api/v1/audit?siteId=demo", cookie)
            .await;
        assert_eq!(status, StatusCode::OK, "{entries}");
        entries.as_array().cloned().unwrap_or_default()
    }
}

#[tokio::test]
async fn support_staff_find_unlock_and_help_a_member_of_their_site_and_each_call_is_audited() {
    let gateway = spawn_gateway().await;
    let support = gateway
        .staff_cookie("sam@chain.example", Role::Support, Some("demo"))
        .await;
    let email = gateway.create_member("locked-out").await;
    for _ in 0..5 {
        gateway
            .cypher(
                "POST",
                V3_LOGIN,
                json!({"username": email, "password": "Wrong#2024x"}),
                None,
            )
            .await;
    }

    let (status, found) = gateway
        .find_members(&format!("email={}", email.to_uppercase()), &support)
        .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let member = &found[0];
    assert_eq!(member["email"], email);
    assert_eq!(member["status"], "locked");
    assert_eq!(member["lastLoginAt"], Value::Null);
    let id = member["id"].as_str().expect("an id").to_owned();

    let (status, demo) = gateway.find_members("card=mq00012345", &support).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(demo[0]["email"], "demo@marqueecinemas.example");
    assert_eq!(demo[0]["cards"], json!(["••••••2345"]));
    assert!(
        !demo.to_string().contains("MQ00012345"),
        "never a whole card"
    );
    let (status, none) = gateway.find_members("card=MQ0001234", &support).await;
    assert_eq!(
        (status, none),
        (StatusCode::OK, json!([])),
        "exact matches only"
    );
    for (query, field) in [
        ("", "email"),
        ("email=ann@", "email"),
        ("card=12-34", "card"),
    ] {
        let (status, body) = gateway.find_members(query, &support).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_eq!(body["error"]["field"], field, "{query}: {body}");
    }

    let (status, unlocked) = gateway.support(&id, "unlock", &support).await;
    assert_eq!(status, StatusCode::OK, "{unlocked}");
    assert_eq!(unlocked["status"], "active");
    let (status, body) = gateway
        .cypher(
            "POST",
            V3_LOGIN,
            json!({"username": email, "password": PASSWORD}),
            None,
        )
        .await;
    assert_eq!(
        (status, &body["peachCode"]),
        (200, &json!(0)),
        "signs in at once: {body}"
    );

    let (status, body) = gateway.support(&id, "activation", &support).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "active already: {body}"
    );
    let (status, body) = gateway.support(&id, "password-reset", &support).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mailed = std::fs::read_dir(gateway.data_dir.join("mail"))
        .expect("mail written")
        .filter_map(Result::ok)
        .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
        .any(|mail| {
            mail.contains(&format!("To: {email}"))
                && mail.contains("/account/reset-password?resetCode=")
        });
    assert!(mailed, "a reset link is mailed to the member");

    let delete = |body: Value| {
        gateway
            .studio_change(Method::DELETE, &format!("{MEMBERS}/{id}"), &support)
            .json(&body)
            .send()
    };
    let (status, body) = json_of(delete(json!({"reason": ""})).await.expect("sent")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["field"], "reason", "{body}");
    let deleted = delete(json!({"reason": "Asked at the box office to close the account"}))
        .await
        .expect("sent");
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let (_, gone) = gateway
        .find_members(&format!("email={email}"), &support)
        .await;
    assert_eq!(gone, json!([]));
    let (status, _) = gateway.support(&id, "unlock", &support).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Each call is in the site's audit log: the member by id, the deletion with its reason.
    let admin = gateway
        .staff_cookie("ed@chain.example", Role::Admin, Some("demo"))
        .await;
    let entries = gateway.audit_of(&admin).await;
    let actions: Vec<&str> = entries
        .iter()
        .filter_map(|entry| entry["action"].as_str())
        .filter(|action| action.starts_with("member."))
        .collect();
    for action in [
        "member.searched",
        "member.unlocked",
        "member.password-reset-sent",
        "member.deleted",
    ] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
    let deletion = entries
        .iter()
        .find(|entry| entry["action"] == "member.deleted")
        .expect("the deletion");
    assert_eq!(deletion["target"], format!("member {id}"));
    assert_eq!(deletion["role"], "support");
    assert_eq!(
        deletion["changes"]["reason"]["after"],
        "Asked at the box office to close the account"
    );
    assert!(
        !entries
            .iter()
            .any(|entry| entry.to_string().contains(&email)),
        "no member's address in the audit"
    );
}

#[tokio::test]
async fn other_roles_other_sites_and_strangers_are_refused_and_a_staff_member_has_a_budget() {
    let gateway = spawn_gateway().await;
    let viewer = gateway
        .staff_cookie("vi@chain.example", Role::Viewer, Some("demo"))
        .await;
    let (status, body) = gateway.find_members("card=MQ00012345", &viewer).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = gateway.support("demo-member", "unlock", &viewer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let elsewhere = gateway
        .staff_cookie("bo@chain.example", Role::Support, Some("other-chain"))
        .await;
    let (status, _) = gateway.find_members("card=MQ00012345", &elsewhere).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "no grant on demo: as if there were none"
    );
    let (status, body) = gateway
        .find_members("card=MQ00012345", "studio-session=stranger")
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(error_of(&body).0, "unauthenticated");

    let support = gateway
        .staff_cookie("sam@chain.example", Role::Support, Some("demo"))
        .await;
    // Thirty calls a minute: the budget starts full and earns one call back every two
    // seconds, so a slow machine may fit a few more before the first refusal.
    let began = std::time::Instant::now();
    let mut answers = Vec::new();
    while answers.len() < 100 && answers.last() != Some(&StatusCode::TOO_MANY_REQUESTS) {
        answers.push(gateway.find_members("card=MQ00012345", &support).await.0);
    }
    let earned_back = usize::try_from(began.elapsed().as_secs() / 2).unwrap_or(usize::MAX);
    let (refused, taken) = answers.split_last().expect("answers");
    assert_eq!(*refused, StatusCode::TOO_MANY_REQUESTS, "{answers:?}");
    assert!(
        taken.iter().all(|status| *status == StatusCode::OK),
        "{answers:?}"
    );
    assert!(
        (30..=31 + earned_back).contains(&taken.len()),
        "{} calls before the first refusal",
        taken.len()
    );
    // Another staff member's budget is their own.
    let admin = gateway
        .staff_cookie("ed@chain.example", Role::Admin, Some("demo"))
        .await;
    assert_eq!(
        gateway.find_members("card=MQ00012345", &admin).await.0,
        StatusCode::OK
    );
}
