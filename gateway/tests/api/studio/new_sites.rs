//! New sites on the studio's host (docs/studio.md#sites-and-staff), through svc-studio and
//! svc-catalogue: an operator makes a site from a template, served on its host from its
//! first commit, listed, audited and in its history; an id or a host in use is 409 and
//! nothing is made; bad fields are 400 naming them; other roles are refused. An operator
//! moves a site to other host names and public URL.

use reqwest::header::COOKIE;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use svc_studio::domain::access::Role;

use super::json_of;
use crate::helpers::{TestGateway, error_of, eventually, spawn_gateway};
use crate::sites::site_name_at;

const SITES: &str = "/studio/api/v1/sites";

impl TestGateway {
    async fn create_site(&self, cookie: &str, body: &Value) -> (StatusCode, Value) {
        json_of(
            self.studio_post(SITES, body)
                .header(COOKIE, cookie)
                .send()
                .await
                .expect("sent"),
        )
        .await
    }

    async fn set_address(&self, site: &str, cookie: &str, body: &Value) -> (StatusCode, Value) {
        json_of(
            self.studio_change(Method::PATCH, &format!("{SITES}/{site}"), cookie)
                .json(body)
                .send()
                .await
                .expect("sent"),
        )
        .await
    }

    async fn site_ids(&self, cookie: &str) -> Vec<String> {
        let (_, sites) = self.studio_read(SITES, cookie).await;
        sites
            .as_array()
            .expect("a list")
            .iter()
            .map(|site| site["id"].as_str().expect("an id").to_owned())
            .collect()
    }
}

#[tokio::test]
async fn an_operator_makes_a_site_from_a_template_served_on_its_host_at_once() {
    let gateway = spawn_gateway().await;
    let operator = gateway
        .staff_cookie("op@chain.example", Role::Operator, None)
        .await;

    let (status, site) = gateway
        .create_site(
            &operator,
            &json!({
                "id": "riverside",
                "name": "Riverside Pictures",
                "template": "empty",
                "hosts": ["Riverside.Example", "www.riverside.example"],
                "publicUrl": "https://www.riverside.example/",
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{site}");
    assert_eq!(
        site,
        json!({
            "id": "riverside",
            "name": "Riverside Pictures",
            "hosts": ["riverside.example", "www.riverside.example"],
            "publicUrl": "https://www.riverside.example",
        })
    );
    assert!(
        eventually(15, || async {
            site_name_at(&gateway, "riverside.example").await == "Riverside Pictures"
        })
        .await,
        "served on its host"
    );
    assert!(
        gateway
            .site_ids(&operator)
            .await
            .contains(&"riverside".to_owned())
    );
    let (status, details) = gateway
        .studio_read(&format!("{SITES}/riverside"), &operator)
        .await;
    assert_eq!(status, StatusCode::OK, "{details}");
    assert_eq!(details["ownPublicUrl"], "https://www.riverside.example");
    let (status, _) = gateway
        .studio_read(&format!("{SITES}/nowhere"), &operator)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, audit) = gateway
        .studio_read("/studio/api/v1/audit?siteId=riverside", &operator)
        .await;
    assert_eq!(audit[0]["action"], "site.created", "{audit}");
    assert_eq!(audit[0]["changes"]["template"]["after"], "empty");
    let (_, revisions) = gateway
        .studio_read("/studio/api/v1/sites/riverside/revisions", &operator)
        .await;
    assert_eq!(revisions[0]["by"], "Staff", "{revisions}");

    let (status, body) = gateway
        .create_site(
            &operator,
            &json!({"id": "copy", "name": "A copy", "template": "demo", "hosts": []}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["hosts"], json!([]));
}

#[tokio::test]
async fn an_id_or_host_in_use_and_bad_fields_make_nothing_and_only_operators_create() {
    let gateway = spawn_gateway().await;
    let operator = gateway
        .staff_cookie("op@chain.example", Role::Operator, None)
        .await;
    let (status, body) = gateway
        .create_site(
            &operator,
            &json!({"id": "north", "name": "North", "template": "empty", "hosts": ["north.example"]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let refused = [
        (
            json!({"id": "demo", "name": "Again", "template": "empty", "hosts": []}),
            StatusCode::CONFLICT,
            "id",
        ),
        (
            json!({"id": "south", "name": "South", "template": "empty", "hosts": ["south.example", "north.example"]}),
            StatusCode::CONFLICT,
            "hosts",
        ),
        (
            json!({"id": "South Side", "name": "South", "template": "empty", "hosts": []}),
            StatusCode::BAD_REQUEST,
            "id",
        ),
        (
            json!({"id": "south", "name": " ", "template": "empty", "hosts": []}),
            StatusCode::BAD_REQUEST,
            "name",
        ),
        (
            json!({"id": "s".repeat(64), "name": "South", "template": "empty", "hosts": []}),
            StatusCode::BAD_REQUEST,
            "id",
        ),
        (
            json!({"id": "south", "name": "S".repeat(101), "template": "empty", "hosts": []}),
            StatusCode::BAD_REQUEST,
            "name",
        ),
        (
            json!({"id": "south", "name": "South\u{7}", "template": "empty", "hosts": []}),
            StatusCode::BAD_REQUEST,
            "name",
        ),
        (
            json!({"id": "south", "name": "South", "template": "empty", "hosts": ["south.example:8080"]}),
            StatusCode::BAD_REQUEST,
            "hosts",
        ),
        (
            json!({"id": "south", "name": "South", "template": "empty", "hosts": [], "publicUrl": "ftp://south.example"}),
            StatusCode::BAD_REQUEST,
            "publicUrl",
        ),
    ];
    for (body, status, field) in refused {
        let (answered, error) = gateway.create_site(&operator, &body).await;
        assert_eq!(answered, status, "{body}: {error}");
        assert_eq!(error["error"]["field"], field, "{body}: {error}");
    }
    let (status, error) = gateway
        .create_site(
            &operator,
            &json!({"id": "south", "name": "South", "template": "cinema", "hosts": []}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert!(error_of(&error).1.contains("template"), "{error}");
    assert!(
        !gateway
            .site_ids(&operator)
            .await
            .contains(&"south".to_owned()),
        "nothing made"
    );
    assert_eq!(
        site_name_at(&gateway, "north.example").await,
        "North",
        "the host stays its site's"
    );

    let admin = gateway
        .staff_cookie("ad@chain.example", Role::Admin, Some("demo"))
        .await;
    let body = json!({"id": "west", "name": "West", "template": "empty", "hosts": []});
    let (status, _) = gateway.create_site(&admin, &body).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for body in [body, json!({"id": 7})] {
        let (status, _) = json_of(
            gateway
                .studio_post(SITES, &body)
                .send()
                .await
                .expect("sent"),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "a stranger, whatever the body"
        );
    }
}

#[tokio::test]
async fn an_operator_moves_a_site_to_other_hosts_and_a_host_in_use_changes_nothing() {
    let gateway = spawn_gateway().await;
    let operator = gateway
        .staff_cookie("op@chain.example", Role::Operator, None)
        .await;
    for (id, host) in [("east", "east.example"), ("west", "west.example")] {
        let body = json!({"id": id, "name": id, "template": "empty", "hosts": [host]});
        let (status, made) = gateway.create_site(&operator, &body).await;
        assert_eq!(status, StatusCode::CREATED, "{made}");
    }

    let (status, site) = gateway
        .set_address(
            "east",
            &operator,
            &json!({"hosts": ["www.east.example", "East.Example"], "publicUrl": "https://www.east.example"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{site}");
    assert_eq!(site["hosts"], json!(["east.example", "www.east.example"]));
    assert_eq!(site["publicUrl"], "https://www.east.example");
    assert_eq!(site["ownPublicUrl"], "https://www.east.example");
    assert!(
        eventually(15, || async {
            site_name_at(&gateway, "www.east.example").await == "east"
        })
        .await,
        "served on its new host"
    );
    let (_, audit) = gateway
        .studio_read("/studio/api/v1/audit?siteId=east", &operator)
        .await;
    assert_eq!(audit[0]["action"], "site.address-set", "{audit}");
    assert_eq!(
        audit[0]["changes"]["hosts"]["before"],
        json!(["east.example"])
    );

    let (status, error) = gateway
        .set_address("east", &operator, &json!({"hosts": ["west.example"]}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{error}");
    assert_eq!(error["error"]["field"], "hosts");
    let (status, site) = gateway
        .set_address("east", &operator, &json!({"publicUrl": ""}))
        .await;
    assert_eq!(status, StatusCode::OK, "{site}");
    assert_eq!(
        site["hosts"],
        json!(["east.example", "www.east.example"]),
        "the hosts stay as they were"
    );
    assert_eq!(site["ownPublicUrl"], "", "the deployment's");
    let (status, _) = gateway
        .set_address("nowhere", &operator, &json!({"hosts": []}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for (body, field) in [
        (json!({}), None),
        (json!({"hosts": ["east.example:80"]}), Some("hosts")),
        (
            json!({"publicUrl": "https://east.example/path"}),
            Some("publicUrl"),
        ),
        (json!({"hosts": [], "colour": "red"}), Some("colour")),
    ] {
        let (status, error) = gateway.set_address("east", &operator, &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {error}");
        if let Some(field) = field {
            assert_eq!(error["error"]["field"], field, "{body}: {error}");
        }
    }

    let admin = gateway
        .staff_cookie("ad@chain.example", Role::Admin, Some("east"))
        .await;
    let (status, _) = gateway
        .set_address("east", &admin, &json!({"hosts": []}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
