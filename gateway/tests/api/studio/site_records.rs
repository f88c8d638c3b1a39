//! A site's theaters and its movies' site fields in the studio (docs/studio.md#theaters,
//! docs/studio.md#movies): a theater's details drafted by its own manager and the site's
//! admins alone, checked field by field and published; the movies' order, exclusions,
//! featured movie and poster overrides drafted by editors, refused where they name what
//! the site lacks, and published.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use svc_studio::domain::access::{Grant, Role};

use super::json_of;
use super::media::photo;
use crate::helpers::{TestGateway, eventually, spawn_gateway};

const THEATERS: &str = "/studio/api/v1/sites/demo/draft/theaters";

impl TestGateway {
    async fn put_theater(&self, cookie: &str, id: &str, body: &Value) -> (StatusCode, Value) {
        json_of(
            self.studio_change(Method::PUT, &format!("{THEATERS}/{id}"), cookie)
                .json(body)
                .send()
                .await
                .expect("sent"),
        )
        .await
    }
}

#[tokio::test]
async fn a_theaters_details_are_drafted_by_its_own_manager_and_admins_and_published() {
    let gateway = spawn_gateway().await;
    let manager = gateway
        .staff_cookie_granted(
            "tm@chain.example",
            Grant::new(Role::TheaterManager, Some("demo"), &["101".to_owned()]).expect("a grant"),
        )
        .await;
    let (status, riverfront) = gateway
        .studio_read(&format!("{THEATERS}/101"), &manager)
        .await;
    assert_eq!(status, StatusCode::OK, "{riverfront}");
    assert_eq!(riverfront["name"], "Marquee Riverfront", "{riverfront}");
    assert!(
        riverfront.get("pointOfSale").is_none() && riverfront.get("code").is_none(),
        "identity and point of sale are not drafted: {riverfront}"
    );

    let mut details = riverfront.clone();
    details["parking"] = json!("Free in the Riverside garage after 6 pm; show your ticket.");
    details["openingHours"] = json!([
        {"days": ["Monday", "Tuesday", "Wednesday", "Thursday"], "opens": "11:00", "closes": "23:00"},
        {"days": ["Friday", "Saturday"], "opens": "10:00", "closes": "01:30"},
    ]);
    details["accessibility"] = json!(["Step-free entrance", "  ", "Hearing loop in every screen"]);
    let (status, drafted) = gateway.put_theater(&manager, "101", &details).await;
    assert_eq!(status, StatusCode::OK, "{drafted}");
    assert_eq!(drafted["parking"], details["parking"], "{drafted}");
    assert_eq!(
        drafted["accessibility"],
        json!(["Step-free entrance", "Hearing loop in every screen"]),
        "empty notes are left out"
    );
    assert_eq!(drafted["name"], "Marquee Riverfront");

    // Field by field refusals, nothing drafted by them.
    for (edit, field) in [
        (
            json!({"openingHours": [{"days": ["Friday"], "opens": "25:00", "closes": "23:00"}]}),
            "openingHours[0].opens",
        ),
        (
            json!({"openingHours": [{"days": ["Fri"], "opens": "10:00", "closes": "23:00"}]}),
            "openingHours[0].days",
        ),
        (json!({"latitude": 123.0}), "latitude"),
        (json!({"timeZone": "Mars/Olympus"}), "timeZone"),
        (json!({"code": "RF2"}), "code"),
    ] {
        let mut bad = details.clone();
        for (key, value) in edit.as_object().expect("an object") {
            bad[key] = value.clone();
        }
        let (status, body) = gateway.put_theater(&manager, "101", &bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{edit}: {body}");
        assert_eq!(body["error"]["field"], field, "{body}");
    }

    // Another theater, an editor, a stranger to the site.
    let (status, _) = gateway.put_theater(&manager, "102", &details).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "another's theater");
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, _) = gateway.put_theater(&editor, "101", &details).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an editor");
    let stranger = gateway
        .staff_cookie("other@chain.example", Role::Admin, Some("other-chain"))
        .await;
    let (status, _) = gateway.put_theater(&stranger, "101", &details).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another site's admin");
    let (status, _) = gateway.studio_read(THEATERS, &stranger).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let admin = gateway
        .staff_cookie("admin@chain.example", Role::Admin, Some("demo"))
        .await;
    let (status, _) = gateway.put_theater(&admin, "999", &details).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a theater the site lacks");

    let (status, listed) = gateway.studio_read(THEATERS, &editor).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        listed[0],
        json!({"id": "101", "name": "Marquee Riverfront", "state": "changed"})
    );
    assert_eq!(listed[1]["state"], "published");

    let (_, public) = gateway.get_json("/api/v1/theaters/101").await;
    assert!(
        public.get("parking").is_none_or(|parking| parking == ""),
        "unpublished: {public}"
    );
    let (status, body) = gateway.publish(&admin, &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, public) = gateway.get_json("/api/v1/theaters/101").await;
    assert_eq!(public["parking"], details["parking"], "{public}");
    assert_eq!(public["openingHours"][1]["closes"], "01:30", "{public}");
    assert_eq!(public["code"], riverfront_code(&gateway).await);

    // The point of sale's feed, which predates these fields, leaves them as they are.
    let (_, stored) = gateway.get_json("/api/v1/theaters/101").await;
    let pushed = json!({
        "id": "101", "name": stored["name"], "slug": stored["slug"], "code": stored["code"],
        "phone": "(401) 555-0199",
    });
    let response = gateway
        .client
        .put(gateway.url("/api/v1/ingest/theaters/101"))
        .bearer_auth(gateway.ingest_key("demo"))
        .json(&pushed)
        .send()
        .await
        .expect("sent");
    assert!(response.status().is_success(), "{}", response.status());
    let kept = eventually(20, || async {
        let (_, public) = gateway.get_json("/api/v1/theaters/101").await;
        public["phone"] == "(401) 555-0199"
    })
    .await;
    assert!(kept, "the push is served");
    let (_, public) = gateway.get_json("/api/v1/theaters/101").await;
    assert_eq!(public["parking"], details["parking"], "{public}");
    assert_eq!(public["openingHours"].as_array().map(Vec::len), Some(2));

    let (_, revisions) = gateway
        .studio_read("/studio/api/v1/sites/demo/revisions", &admin)
        .await;
    assert_eq!(
        revisions[1]["summary"], "Published the draft: theater '101' changed",
        "{revisions}"
    );
    let (_, audit) = gateway
        .studio_read(
            "/studio/api/v1/audit?siteId=demo&action=draft.theater.saved",
            &admin,
        )
        .await;
    assert_eq!(audit[0]["target"], "theater 101", "{audit}");
    assert_eq!(
        audit[0]["changes"]["parking"]["after"], details["parking"],
        "{audit}"
    );
}

/// Riverfront's ticketing code as the bundle gives it.
async fn riverfront_code(gateway: &TestGateway) -> Value {
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    theaters
        .as_array()
        .and_then(|theaters| theaters.iter().find(|theater| theater["id"] == "101"))
        .map(|theater| theater["code"].clone())
        .expect("Riverfront")
}

#[tokio::test]
async fn movies_are_ordered_excluded_featured_and_given_posters_in_the_draft_then_published() {
    let gateway = spawn_gateway().await;
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, movies) = gateway
        .studio_read("/studio/api/v1/sites/demo/movies", &editor)
        .await;
    assert_eq!(status, StatusCode::OK, "{movies}");
    let ids: Vec<String> = movies
        .as_array()
        .expect("movies")
        .iter()
        .map(|movie| movie["id"].as_str().expect("an id").to_owned())
        .collect();
    assert!(ids.len() >= 3, "{movies}");
    assert!(
        movies[0]["runtimeMinutes"]
            .as_u64()
            .is_some_and(|minutes| minutes > 0)
    );
    let (last, excluded) = (ids[ids.len() - 1].clone(), ids[1].clone());

    let (status, uploaded) = gateway
        .upload_photo(&editor, &photo(1200, 1800), "A poster of the festival cut")
        .await;
    assert_eq!(status, StatusCode::CREATED, "{uploaded}");
    let image = uploaded["id"].as_str().expect("an id").to_owned();
    let poster = format!("/media/{image}.jpg");

    for (patch, field) in [
        (
            json!({"config": {"featuredMovieId": excluded, "globalExcludedMovieIds": [excluded]}}),
            "config.featuredMovieId",
        ),
        (
            json!({"config": {"posterOverrides": {last.clone(): "https://posters.example/a.jpg"}}}),
            format!("config.posterOverrides.{last}").as_str(),
        ),
        (
            json!({"config": {"posterOverrides": {"nope": poster}}}),
            "config.posterOverrides.nope",
        ),
    ] {
        let (status, body) = gateway.patch_site(&editor, &patch).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{patch}: {body}");
        assert_eq!(body["error"]["field"], field, "{body}");
    }

    let mut order = vec![last.clone()];
    order.extend(ids.iter().filter(|id| **id != last).cloned());
    let (status, body) = gateway
        .patch_site(
            &editor,
            &json!({"config": {
                "movieOrderIndex": order,
                "globalExcludedMovieIds": [excluded],
                "featuredMovieId": last,
                "posterOverrides": {last.clone(): poster},
            }}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let viewer = gateway
        .staff_cookie("view@chain.example", Role::Viewer, Some("demo"))
        .await;
    let stranger = gateway
        .staff_cookie("other@chain.example", Role::Admin, Some("other-chain"))
        .await;
    for path in [
        "/studio/api/v1/sites/demo/movies",
        "/studio/api/v1/sites/demo/theaters",
        "/studio/api/v1/sites/demo/draft/events",
        "/studio/api/v1/sites/demo/draft/events/e1",
    ] {
        let (status, _) = gateway.studio_read(path, &stranger).await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "{path} for another site's admin"
        );
        let (status, _) = gateway.studio_read(path, &viewer).await;
        assert_ne!(status, StatusCode::FORBIDDEN, "{path} for a viewer");
    }
    let (status, _) = gateway
        .patch_site(&viewer, &json!({"config": {"featuredMovieId": ""}}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a viewer");

    let (status, body) = gateway.publish(&editor, &json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, listed) = gateway.get_json("/api/v1/movies").await;
    let listed = listed.as_array().expect("movies");
    assert_eq!(listed[0]["id"], json!(last), "moved to the top");
    assert_eq!(
        listed[0]["posterUrl"],
        json!(format!("/media/{image}-480.jpg")),
        "the override, at a poster's width"
    );
    assert!(
        listed.iter().all(|movie| movie["id"] != json!(excluded)),
        "excluded"
    );
    let featured = eventually(20, || async {
        let (_, site) = gateway.get_json("/api/v1/site").await;
        site["config"]["featuredMovieId"] == json!(last)
    })
    .await;
    assert!(featured, "the site's app data names the featured movie");

    // The studio still lists every movie, with the point of sale's poster.
    let (_, movies) = gateway
        .studio_read("/studio/api/v1/sites/demo/movies", &editor)
        .await;
    let in_studio: Vec<&Value> = movies.as_array().expect("movies").iter().collect();
    assert_eq!(in_studio.len(), ids.len());
    let overridden = in_studio
        .iter()
        .find(|movie| movie["id"] == json!(last))
        .expect("listed");
    assert!(
        !overridden["posterUrl"]
            .as_str()
            .is_some_and(|url| url.starts_with("/media/")),
        "{overridden}"
    );

    // The image is in use as a poster: it cannot be deleted.
    let response = gateway
        .studio_delete(&format!("/studio/api/v1/sites/demo/media/{image}"), &editor)
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_point_of_sale_is_linked_with_a_write_only_token_by_the_theaters_own_staff() {
    let gateway = spawn_gateway().await;
    let path = "/studio/api/v1/sites/demo/theaters/101/point-of-sale";
    let manager = gateway
        .staff_cookie_granted(
            "tm@chain.example",
            Grant::new(Role::TheaterManager, Some("demo"), &["101".to_owned()]).expect("a grant"),
        )
        .await;
    let (status, state) = gateway.studio_read(path, &manager).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["link"], Value::Null, "{state}");
    assert_eq!(state["tokenKept"], false);
    assert!(
        state["showtimesChangedLastHour"].as_i64().is_some(),
        "{state}"
    );

    let put = |cookie: &str, theater: &str, body: Value| {
        let path = format!("/studio/api/v1/sites/demo/theaters/{theater}/point-of-sale");
        let request = gateway
            .studio_change(Method::PUT, &path, cookie)
            .json(&body);
        async move { json_of(request.send().await.expect("sent")).await }
    };
    let secret = "veezi-secret-token-0042";
    let link = json!({"provider": "veezi", "attributes": {"OC": "open-captions"}});
    for (body, field) in [
        (json!({"link": link}), "token"),
        (
            json!({"link": {"provider": "vista"}, "token": secret}),
            "link.provider",
        ),
        (
            json!({"link": {"provider": "veezi", "attributes": {"OC": "subtitles-ish"}}, "token": secret}),
            "link.attributes.OC",
        ),
        (json!({"link": null, "token": secret}), "link"),
        (json!({"link": link, "token": "two\nlines"}), "token"),
        (json!({"token": secret}), "link"),
        (json!({}), "link"),
    ] {
        let (status, refused) = put(&manager, "101", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {refused}");
        assert_eq!(refused["error"]["field"], field, "{refused}");
    }
    let (status, _) = put(&manager, "102", json!({"link": link, "token": secret})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "another's theater");
    let (status, refused) = put(
        &manager,
        "101",
        json!({"link": {"provider": "veezi", "tokenFile": "eastside"}}),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a manager names no token file: {refused}"
    );
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, _) = put(&editor, "101", json!({"link": link, "token": secret})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an editor");
    let stranger = gateway
        .staff_cookie("other@chain.example", Role::Admin, Some("other-chain"))
        .await;
    let (status, _) = gateway.studio_read(path, &stranger).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another site's admin");

    let (status, linked) = put(&manager, "101", json!({"link": link, "token": secret})).await;
    assert_eq!(status, StatusCode::OK, "{linked}");
    assert_eq!(linked["tokenKept"], true);
    assert_eq!(linked["link"]["tokenFile"], "");
    assert_eq!(linked["tokenSetBy"], "Staff", "{linked}");
    let (_, read) = gateway.studio_read(path, &editor).await;
    assert!(
        !read.to_string().contains(secret),
        "never read back: {read}"
    );

    let admin = gateway
        .staff_cookie("admin@chain.example", Role::Admin, Some("demo"))
        .await;
    let (_, audit) = gateway
        .studio_read(
            "/studio/api/v1/audit?siteId=demo&action=theater.point-of-sale-set",
            &admin,
        )
        .await;
    assert_eq!(audit[0]["target"], "theater 101", "{audit}");
    assert_eq!(audit[0]["changes"]["token"]["after"], "uploaded", "{audit}");
    assert!(!audit.to_string().contains(secret), "{audit}");

    let (status, refused) = put(
        &admin,
        "101",
        json!({"link": {"provider": "veezi", "tokenFile": "riverfront"}, "token": secret}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["error"]["field"], "token", "{refused}");
    let (status, filed) = put(
        &admin,
        "101",
        json!({"link": {"provider": "veezi", "tokenFile": "riverfront"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{filed}");
    assert_eq!(
        filed["tokenKept"], false,
        "a token file: the upload is dropped"
    );
    let (status, relinked) = put(&admin, "101", json!({"link": link, "token": secret})).await;
    assert_eq!(status, StatusCode::OK, "{relinked}");
    assert_eq!(relinked["tokenKept"], true);

    let (status, unlinked) = put(&admin, "101", json!({"link": null})).await;
    assert_eq!(status, StatusCode::OK, "{unlinked}");
    assert_eq!(unlinked["link"], Value::Null);
    assert_eq!(unlinked["tokenKept"], false, "the token goes with the link");
}

#[tokio::test]
async fn operators_see_the_deployments_publishing_and_publish_a_site_again_in_full() {
    let gateway = spawn_gateway().await;
    let operator = gateway
        .staff_cookie("op@chain.example", Role::Operator, None)
        .await;
    let published = || async {
        let (status, body) = gateway
            .studio_read("/studio/api/v1/publishing", &operator)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let demo = body["sites"]
            .as_array()
            .and_then(|sites| sites.iter().find(|site| site["siteId"] == "demo"))
            .cloned()
            .unwrap_or(Value::Null);
        (body, demo)
    };
    assert!(
        eventually(30, || async {
            published().await.1["status"] == "published"
        })
        .await,
        "{}",
        published().await.0
    );
    let (body, demo) = published().await;
    assert_eq!(body["store"]["status"], "off", "{body}");
    assert!(
        demo["pages"].as_u64().is_some_and(|pages| pages > 0),
        "{demo}"
    );
    assert!(
        demo["revision"].is_string() && demo["publishedAt"].is_string(),
        "{demo}"
    );
    let before = demo["revision"].clone();

    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, _) = gateway
        .studio_read("/studio/api/v1/publishing", &editor)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an editor");
    let republish = |cookie: &str| {
        gateway
            .studio_change(Method::POST, "/studio/api/v1/sites/demo/republish", cookie)
            .json(&json!({}))
            .send()
    };
    let status = republish(&editor).await.expect("sent").status();
    assert_eq!(status, StatusCode::FORBIDDEN, "an editor");

    let (status, asked) = json_of(republish(&operator).await.expect("sent")).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{asked}");
    let revision = asked["revision"].clone();
    assert_ne!(revision, before);
    assert!(
        eventually(60, || async { published().await.1["revision"] == revision }).await,
        "published again: {}",
        published().await.0
    );
    // Published from the catalogue's new version (plan.rs's tests show it renders every
    // page, the last HTML standing in meanwhile).
    let (_, ready) = gateway.ops_json("/readyz").await;
    assert_eq!(ready["snapshot"]["revision"], revision, "{ready}");
    let (_, audit) = gateway
        .studio_read(
            "/studio/api/v1/audit?siteId=demo&action=site.republished",
            &operator,
        )
        .await;
    assert_eq!(audit.as_array().map(Vec::len), Some(1), "{audit}");
}
