//! A site's draft, publishing and history on the studio's host
//! (docs/studio.md#drafts-and-publishing), through svc-studio and svc-catalogue over
//! gRPC: each role held to its permissions, another site's draft not found, a theme
//! change kept apart from the public site until published, a publish over a page the
//! feed changed refused, a schedule, a restore, each change audited.

use reqwest::header::{CONTENT_TYPE, COOKIE, HOST, ORIGIN};
use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::{Value, json};
use svc_studio::domain::access::{Grant, Role};

use super::{STUDIO_ORIGIN, json_of, studio_may_frame};
use crate::helpers::{STUDIO_HOST, TestGateway, error_of, eventually, spawn_gateway};

const MERGE_PATCH: &str = "application/merge-patch+json";

impl TestGateway {
    /// A change to `path` as the studio's own page sends it, in the session of `cookie`.
    pub(super) fn studio_change(&self, method: Method, path: &str, cookie: &str) -> RequestBuilder {
        self.client
            .request(method, self.url(path))
            .header(HOST, format!("{STUDIO_HOST}:8080"))
            .header(ORIGIN, STUDIO_ORIGIN)
            .header(COOKIE, cookie)
    }

    pub(super) async fn patch_site(&self, cookie: &str, patch: &Value) -> (StatusCode, Value) {
        json_of(
            self.studio_change(
                Method::PATCH,
                "/studio/api/v1/sites/demo/draft/site",
                cookie,
            )
            .header(CONTENT_TYPE, MERGE_PATCH)
            .body(patch.to_string())
            .send()
            .await
            .expect("sent"),
        )
        .await
    }

    pub(super) async fn publish(&self, cookie: &str, body: &Value) -> (StatusCode, Value) {
        json_of(
            self.studio_change(
                Method::POST,
                "/studio/api/v1/sites/demo/draft/publish",
                cookie,
            )
            .json(body)
            .send()
            .await
            .expect("sent"),
        )
        .await
    }

    async fn public_primary(&self) -> Value {
        self.get_json("/api/v1/site").await.1["config"]["theme"]["palette"]["primary"].clone()
    }
}

#[tokio::test]
async fn a_theme_change_waits_in_the_draft_then_is_published_restored_and_audited() {
    let gateway = spawn_gateway().await;
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let published_primary = gateway.public_primary().await;

    let (status, body) = gateway
        .patch_site(
            &editor,
            &json!({"config": {"theme": {"palette": {"primary": "teal"}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"]["field"], "config.theme.palette.primary",
        "{body}"
    );

    let (status, document) = gateway
        .patch_site(
            &editor,
            &json!({"config": {"theme": {"palette": {"primary": "#0A7E8C"}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{document}");
    assert_eq!(document["config"]["theme"]["palette"]["primary"], "#0A7E8C");
    let (status, draft) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft", &editor)
        .await;
    assert_eq!(status, StatusCode::OK, "{draft}");
    assert_eq!(draft["changes"][0]["kind"], "site");
    assert_eq!(draft["changes"][0]["by"], "Staff");
    assert_eq!(draft["schedule"], Value::Null);
    let (_, drafted) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/site", &editor)
        .await;
    assert_eq!(drafted, document);
    assert_eq!(
        gateway.public_primary().await,
        published_primary,
        "not public yet"
    );

    let (status, published) = gateway.publish(&editor, &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{published}");
    let revision = published["revision"]
        .as_str()
        .expect("a revision")
        .to_owned();
    assert!(
        eventually(10, || async { gateway.public_primary().await == "#0A7E8C" }).await,
        "the public site shows the published theme"
    );
    let (_, revisions) = gateway
        .studio_read("/studio/api/v1/sites/demo/revisions", &editor)
        .await;
    assert_eq!(revisions[0]["revision"], revision.as_str());
    assert_eq!(revisions[0]["by"], "Staff");
    assert_eq!(
        revisions[0]["summary"],
        "Published the draft: site: config.theme"
    );
    let before = revisions[1]["revision"]
        .as_str()
        .expect("the import's")
        .to_owned();

    let restored = gateway
        .studio_change(
            Method::POST,
            &format!("/studio/api/v1/sites/demo/revisions/{before}/restore"),
            &editor,
        )
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(restored.status(), StatusCode::OK);
    assert!(
        eventually(10, || async {
            gateway.public_primary().await == published_primary
        })
        .await,
        "the earlier theme is public again"
    );

    let admin = gateway
        .staff_cookie("ad@chain.example", Role::Admin, Some("demo"))
        .await;
    let (_, audit) = gateway
        .studio_read("/studio/api/v1/audit?siteId=demo", &admin)
        .await;
    let actions: Vec<&str> = audit
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|entry| entry["action"].as_str())
        .collect();
    assert_eq!(
        actions,
        ["site.restored", "site.published", "draft.site.changed"],
        "the refused patch made no entry"
    );
    let changed = &audit[2];
    assert_eq!(changed["role"], "editor");
    assert_eq!(
        changed["changes"]["config.theme.palette.primary"],
        json!({"before": published_primary, "after": "#0A7E8C"})
    );
}

#[tokio::test]
async fn each_role_is_held_to_its_permissions_and_another_sites_draft_is_not_found() {
    let gateway = spawn_gateway().await;
    let elsewhere = gateway
        .staff_cookie("el@chain.example", Role::Editor, Some("other-chain"))
        .await;
    let (status, body) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft", &elsewhere)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = gateway
        .patch_site(&elsewhere, &json!({"name": "Mine now"}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, body) = gateway
        .studio_read("/studio/api/v1/sites/demo/staff", &editor)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = gateway
        .patch_site(&editor, &json!({"loyalty": {"provider": "NONE"}}))
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "an editor leaves loyalty to admins: {body}"
    );

    let viewer = gateway
        .staff_cookie("vi@chain.example", Role::Viewer, Some("demo"))
        .await;
    let (status, _) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft", &viewer)
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = gateway
        .patch_site(&viewer, &json!({"name": "Viewer's"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = gateway.publish(&viewer, &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, body) = json_of(
        gateway
            .studio_get("/studio/api/v1/sites/demo/revisions")
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(error_of(&body).0, "unauthenticated");
}

#[tokio::test]
async fn a_publish_over_a_page_the_feed_changed_is_409_and_one_for_later_is_202() {
    let gateway = spawn_gateway().await;
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let page = json!({
        "title": "About Marquee",
        "sections": [{"heading": "Since 1927", "paragraphs": ["Four screens on Main Street."]}],
    });
    let (status, drafted) = json_of(
        gateway
            .studio_change(
                Method::PUT,
                "/studio/api/v1/sites/demo/draft/pages/about",
                &editor,
            )
            .json(&page)
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{drafted}");
    assert_eq!(drafted["slug"], "about");
    let (status, body) = json_of(
        gateway
            .studio_change(
                Method::PUT,
                "/studio/api/v1/sites/demo/draft/pages/movies",
                &editor,
            )
            .json(&page)
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "slug");

    let fed = gateway
        .client
        .put(gateway.url("/api/v1/ingest/pages/about"))
        .bearer_auth(gateway.ingest_key("demo"))
        .json(&json!({"title": "About us", "sections": []}))
        .send()
        .await
        .expect("sent");
    assert_eq!(fed.status(), StatusCode::OK);
    let (status, body) = gateway.publish(&editor, &json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        error_of(&body).1.contains("page 'about'"),
        "names the record: {body}"
    );

    let later = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(1);
    let (status, body) = gateway
        .publish(
            &editor,
            &json!({"publishAt": later.to_string(), "overwrite": true}),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let (_, draft) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft", &editor)
        .await;
    assert_eq!(draft["schedule"]["publishAt"], body["publishAt"]);
    let (status, body) = gateway
        .publish(&editor, &json!({"publishAt": "tomorrow"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["field"], "publishAt");

    let discarded = gateway
        .studio_change(Method::DELETE, "/studio/api/v1/sites/demo/draft", &editor)
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(discarded.status(), StatusCode::NO_CONTENT);
    let (_, draft) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft", &editor)
        .await;
    assert_eq!(draft, json!({"changes": [], "schedule": null}));
}

#[tokio::test]
async fn the_sites_pages_let_the_studio_frame_them_and_name_its_origin() {
    let gateway = spawn_gateway().await;
    let (_, app_data) = gateway.get_json("/page-data/app-data.json").await;
    assert_eq!(app_data["studioOrigin"], STUDIO_ORIGIN);
    let page = gateway.get("/").await;
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .expect("text")
        .to_owned();
    assert!(studio_may_frame(&csp), "{csp}");
}

#[tokio::test]
async fn an_event_with_its_picture_and_booking_link_reads_back_and_is_published_with_them() {
    let gateway = spawn_gateway().await;
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, theaters) = gateway
        .studio_read("/studio/api/v1/sites/demo/theaters", &editor)
        .await;
    assert_eq!(status, StatusCode::OK, "{theaters}");
    let (_, public) = gateway.get_json("/api/v1/theaters").await;
    assert_eq!(
        theaters[0]["id"], public[0]["id"],
        "the site's own theaters"
    );
    assert!(theaters[0]["name"].is_string(), "{theaters}");
    let (status, movies) = gateway
        .studio_read("/studio/api/v1/sites/demo/movies", &editor)
        .await;
    assert_eq!(status, StatusCode::OK, "{movies}");
    assert!(movies[0]["title"].is_string(), "{movies}");
    let elsewhere = gateway
        .staff_cookie("el@chain.example", Role::Editor, Some("other-chain"))
        .await;
    let (status, _) = gateway
        .studio_read("/studio/api/v1/sites/demo/theaters", &elsewhere)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another site's staff");
    let theater = theaters[0]["id"].as_str().expect("an id").to_owned();
    let event = |image: &str, booking: &str| {
        json!({
            "title": "Silent film night",
            "description": "With a live organ.",
            "theaterId": theater,
            "startsAt": "2030-01-10T19:00",
            "image": image,
            "bookingUrl": booking,
        })
    };
    let put = |body: Value| {
        gateway
            .studio_change(
                Method::PUT,
                "/studio/api/v1/sites/demo/draft/events/silent",
                &editor,
            )
            .json(&body)
            .send()
    };
    for (body, field) in [
        (event("/media/organ.svg", ""), "image"),
        (
            event("/media/organ.jpg", "javascript:alert(1)"),
            "bookingUrl",
        ),
    ] {
        let (status, refused) = json_of(put(body).await.expect("sent")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert_eq!(refused["error"]["field"], field, "{refused}");
    }
    let booking = "https://tickets.example.org/silent-film-night";
    let (status, body) = json_of(
        put(event("/media/0123456789abcdef.jpg", booking))
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, read) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/events/silent", &editor)
        .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["image"], "/media/0123456789abcdef.jpg");
    assert_eq!(read["bookingUrl"], booking);
    let (_, events) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/events", &editor)
        .await;
    assert!(
        events.as_array().is_some_and(|events| events
            .contains(&json!({"id": "silent", "title": "Silent film night", "state": "added"}))),
        "{events}"
    );
    let (status, _) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/events/nothing", &editor)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, body) = gateway.publish(&editor, &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let published = eventually(10, || async {
        gateway.get_json("/api/v1/events/silent").await.0 == 200
    })
    .await;
    assert!(published, "the event is published");
    let (_, public) = gateway.get_json("/api/v1/events/silent").await;
    assert_eq!(
        public["posterUrl"], "/media/0123456789abcdef.jpg",
        "{public}"
    );
    assert_eq!(public["ticketingUrl"], booking, "{public}");
}

#[tokio::test]
async fn a_theater_manager_drafts_the_events_of_their_theaters_alone() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let theater = |index: usize| theaters[index]["id"].as_str().expect("an id").to_owned();
    let (mine, other) = (theater(0), theater(1));
    let manager = gateway
        .staff_cookie_granted(
            "tm@chain.example",
            Grant::new(
                Role::TheaterManager,
                Some("demo"),
                std::slice::from_ref(&mine),
            )
            .expect("a grant"),
        )
        .await;
    let event = |theater_id: &str| {
        json!({
            "title": "Members' night",
            "description": "A preview for members.",
            "theaterId": theater_id,
            "startsAt": "2030-01-10T19:00",
        })
    };
    let put = |id: &str, body: Value| {
        gateway
            .studio_change(
                Method::PUT,
                &format!("/studio/api/v1/sites/demo/draft/events/{id}"),
                &manager,
            )
            .json(&body)
            .send()
    };
    let (status, body) = json_of(put("tmnight", event(&mine)).await.expect("sent")).await;
    assert_eq!(status, StatusCode::OK, "at their theater: {body}");
    let status = put("tmnight", event(&other)).await.expect("sent").status();
    assert_eq!(status, StatusCode::FORBIDDEN, "moved to another's");
    let status = put("tmelsewhere", event(&other))
        .await
        .expect("sent")
        .status();
    assert_eq!(status, StatusCode::FORBIDDEN, "at another's theater");

    let (_, events) = gateway.get_json("/api/v1/events").await;
    let others = events
        .as_array()
        .expect("events")
        .iter()
        .find(|event| event["theaterId"].as_str() != Some(mine.as_str()))
        .and_then(|event| event["id"].as_str())
        .expect("an event at another theater")
        .to_owned();
    let remove = |id: String| {
        gateway
            .studio_change(
                Method::DELETE,
                &format!("/studio/api/v1/sites/demo/draft/events/{id}"),
                &manager,
            )
            .json(&json!({}))
            .send()
    };
    assert_eq!(
        remove(others.clone()).await.expect("sent").status(),
        StatusCode::FORBIDDEN
    );
    // Removed in the draft by an editor, the other theater's event is still theirs.
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let removed = gateway
        .studio_change(
            Method::DELETE,
            &format!("/studio/api/v1/sites/demo/draft/events/{others}"),
            &editor,
        )
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let status = put(&others, event(&mine)).await.expect("sent").status();
    assert_eq!(status, StatusCode::FORBIDDEN, "taking over another's event");
    assert_eq!(
        remove("tmnight".to_owned()).await.expect("sent").status(),
        StatusCode::NO_CONTENT,
        "their own event, removed from the draft"
    );
    let (status, _) = gateway
        .patch_site(&manager, &json!({"name": "Managed"}))
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "the site's look is the editors'"
    );
}

#[tokio::test]
async fn a_page_of_blocks_reads_back_as_it_is_written_and_a_script_link_is_refused() {
    let gateway = spawn_gateway().await;
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let viewer = gateway
        .staff_cookie("vi@chain.example", Role::Viewer, Some("demo"))
        .await;
    let page = |link: &str| {
        json!({
            "slug": "parking",
            "title": "Parking",
            "seoDescription": "Where to park.",
            "blocks": [
                {"type": "heading", "level": 2, "text": [{"text": "Riverfront"}]},
                {"type": "paragraph", "text": [
                    {"text": "Free after 6 pm at "},
                    {"text": "the theater", "italic": true, "link": link},
                ]},
                {"type": "list", "ordered": true, "items": [{"text": [{"text": "Level 1"}]}]},
                {"type": "quote", "text": [{"text": "Easiest parking in town"}], "caption": "A member"},
                {"type": "divider"},
            ],
        })
    };
    let put = |body: Value| {
        gateway
            .studio_change(
                Method::PUT,
                "/studio/api/v1/sites/demo/draft/pages/parking",
                &editor,
            )
            .json(&body)
            .send()
    };
    let (status, body) = json_of(put(page("javascript:alert(1)")).await.expect("sent")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "blocks[1].text[1].link");
    let (status, body) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/pages/parking", &editor)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nothing half-saved: {body}");

    let (status, body) = json_of(put(page("/theaters/riverfront/")).await.expect("sent")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, pages) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/pages", &viewer)
        .await;
    assert_eq!(status, StatusCode::OK, "a viewer reads the pages: {pages}");
    assert_eq!(
        pages.as_array().and_then(|pages| pages.last()),
        Some(&json!({"slug": "parking", "title": "Parking", "state": "added"}))
    );
    let (status, read) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/pages/parking", &viewer)
        .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(
        read["blocks"][1]["text"][1]["link"],
        "/theaters/riverfront/"
    );
    assert_eq!(read["blocks"][3]["caption"], "A member");

    // What the studio read is what it writes back: the same page, no change in the draft.
    let (status, again) = json_of(put(read.clone()).await.expect("sent")).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    let (_, reread) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/pages/parking", &viewer)
        .await;
    assert_eq!(reread, read);

    let (status, body) = json_of(
        gateway
            .studio_change(
                Method::PUT,
                "/studio/api/v1/sites/demo/draft/pages/parking",
                &viewer,
            )
            .json(&page("/theaters/"))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");

    // A long page is more than the studio's other bodies; a page past 1 MiB is not taken.
    let paragraphs = |count: usize| {
        json!({
            "title": "Terms",
            "blocks": vec![json!({"type": "paragraph", "text": [{"text": "Tickets are sold subject to these terms and the theater's rules."}]}); count],
        })
    };
    let terms = |body: Value| {
        gateway
            .studio_change(
                Method::PUT,
                "/studio/api/v1/sites/demo/draft/pages/terms",
                &editor,
            )
            .json(&body)
            .send()
    };
    let (status, body) = json_of(terms(paragraphs(1_500)).await.expect("sent")).await;
    assert_eq!(status, StatusCode::OK, "a page of about 150 KB: {body}");
    let (status, body) = json_of(terms(paragraphs(12_000)).await.expect("sent")).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");

    let (status, body) = json_of(
        gateway
            .studio_change(
                Method::DELETE,
                "/studio/api/v1/sites/demo/draft/pages/parking",
                &editor,
            )
            .json(&json!({}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert!(status.is_success(), "{body}");
    let (status, body) = gateway
        .studio_read("/studio/api/v1/sites/demo/draft/pages/parking", &editor)
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "removed in the draft: {body}"
    );
}
