//! The published site with the real renderer (`web/renderer/`, run by Node from the web
//! app's build: `make web` first): every page's content is in its HTML for readers and
//! crawlers without JavaScript, and when the renderer goes away the last pages keep
//! serving until it is back, when what changed meanwhile is published.

use crate::helpers::{
    DEMO_SITE, Renderer, TestGateway, copy_site, eventually, free_port, spawn_rendered_gateway,
};

/// Gives movie `id` of the bundle in `site` a new synopsis (svc-catalogue reloads it).
/// Sets `field` of movie `id` in the bundle at `site` to `value`.
fn change_movie(site: &std::path::Path, id: &str, field: &str, value: &str) {
    let movies_file = site.join("movies.json");
    let mut bundle: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&movies_file).expect("read")).expect("JSON");
    let entry = bundle
        .as_array_mut()
        .expect("a list")
        .iter_mut()
        .find(|entry| entry["id"] == id)
        .expect("the movie in the bundle");
    entry[field] = value.into();
    std::fs::write(
        &movies_file,
        serde_json::to_string_pretty(&bundle).expect("JSON"),
    )
    .expect("write");
}

async fn rendered(gateway: &TestGateway) -> bool {
    gateway.ops_json("/readyz").await.1["snapshot"]["rendered"] == true
}

async fn html(gateway: &TestGateway, path: &str) -> String {
    let response = gateway.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.expect("a body")
}

#[tokio::test]
async fn every_page_shows_its_content_without_javascript() {
    let renderer = Renderer::start(free_port()).await;
    let gateway = spawn_rendered_gateway(DEMO_SITE, &renderer.url()).await;
    assert!(
        eventually(30, || rendered(&gateway)).await,
        "the site is rendered"
    );
    let (_, movies) = gateway
        .get_json("/api/v1/movies?playWeek=CURRENT_PLAYWEEK")
        .await;
    let movie = &movies[0];
    let page = html(&gateway, movie["path"].as_str().expect("a path")).await;
    let title = movie["title"].as_str().expect("a title");
    assert!(
        page.contains(&format!(">{title}</h1>")),
        "the heading: {page}"
    );
    let synopsis = movie["synopsis"].as_str().expect("a synopsis");
    assert!(page.contains(synopsis), "the synopsis");
    assert!(
        page.contains("/book?perfcode="),
        "showtimes as links to ticketing"
    );
    assert!(
        page.contains(r#"<img"#) && page.contains("/posters/"),
        "the poster"
    );

    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let theater = &theaters[0];
    let path = format!(
        "/theaters/{}-{}/",
        theater["id"].as_str().expect("an id"),
        theater["slug"].as_str().expect("a slug")
    );
    let page = html(&gateway, &path).await;
    let street = theater["address"]["street"].as_str().expect("a street");
    assert!(page.contains(street), "the address: {page}");

    let home = html(&gateway, "/").await;
    assert!(home.contains(r#"data-testid="hero""#), "the hero: {home}");
    assert!(
        !home.contains("<!--$?-->"),
        "no part left to reveal by script"
    );
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert_eq!(
        (status, &readiness["status"]),
        (200, &serde_json::json!("ready")),
        "{readiness}"
    );
}

#[tokio::test]
async fn without_the_renderer_the_last_pages_serve_and_a_change_is_published_on_its_return() {
    let port = free_port();
    let renderer = Renderer::start(port).await;
    let site = copy_site(DEMO_SITE);
    let gateway = spawn_rendered_gateway(&site.display().to_string(), &renderer.url()).await;
    assert!(
        eventually(30, || rendered(&gateway)).await,
        "the site is rendered"
    );
    let (_, movie) = gateway.get_json("/api/v1/movies/1001").await;
    let path = movie["path"].as_str().expect("a path").to_owned();
    let before = html(&gateway, &path).await;

    let mut renderer = renderer;
    renderer.child.kill().await.expect("the renderer stops");
    change_movie(
        &site,
        "1001",
        "synopsis",
        "Rewritten while the renderer was away.",
    );

    let waiting = eventually(15, || async {
        let (_, readiness) = gateway.ops_json("/readyz").await;
        readiness["publishing"]["pending"].is_object()
    })
    .await;
    assert!(waiting, "the new version waits for the renderer");
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert_eq!(
        (status, &readiness["status"]),
        (200, &serde_json::json!("degraded")),
        "{readiness}"
    );
    assert_eq!(
        readiness["publishing"]["renderer"], "unavailable",
        "{readiness}"
    );
    assert_eq!(
        html(&gateway, &path).await,
        before,
        "the last page keeps serving as it was"
    );

    let _back = Renderer::start(port).await;
    let published = eventually(30, || async {
        html(&gateway, &path)
            .await
            .contains("Rewritten while the renderer was away.")
    })
    .await;
    assert!(
        published,
        "the change is published once the renderer is back"
    );
}

#[tokio::test]
async fn a_changed_movie_renders_again_only_the_pages_that_show_it() {
    let renderer = Renderer::start(free_port()).await;
    let site = copy_site(DEMO_SITE);
    let gateway = spawn_rendered_gateway(&site.display().to_string(), &renderer.url()).await;
    assert!(
        eventually(30, || rendered(&gateway)).await,
        "the site is rendered"
    );
    let (_, before) = gateway.ops_json("/readyz").await;
    let pages = before["snapshot"]["pages"].as_u64().expect("a page count");
    assert_eq!(before["snapshot"]["pagesRendered"], pages, "{before}");
    let (_, movie) = gateway.get_json("/api/v1/movies/1001").await;
    let path = movie["path"].as_str().expect("a path").to_owned();
    let etag = |path: &'static str| {
        let gateway = &gateway;
        async move { gateway.get(path).await.headers()["etag"].clone() }
    };
    let about = etag("/about/").await;
    let movie_etag = gateway.get(&path).await.headers()["etag"].clone();

    change_movie(
        &site,
        "1001",
        "synopsis",
        "Now with a director's introduction.",
    );
    let republished = eventually(30, || async {
        let (_, now) = gateway.ops_json("/readyz").await;
        now["snapshot"]["revision"] != before["snapshot"]["revision"]
            && now["snapshot"]["rendered"] == true
    })
    .await;
    assert!(republished, "the change is published");
    let (_, after) = gateway.ops_json("/readyz").await;
    let again = after["snapshot"]["pagesRendered"]
        .as_u64()
        .expect("a count");
    // The movie's page and the lists that show its synopsis, not the whole site.
    assert!(
        again >= 1 && again < pages / 2,
        "{again} of {pages} rendered again"
    );
    assert!(after["snapshot"]["publishMs"].as_u64().is_some(), "{after}");
    assert_eq!(
        etag("/about/").await,
        about,
        "an unrelated page keeps its bytes"
    );
    assert_ne!(gateway.get(&path).await.headers()["etag"], movie_etag);
    assert!(
        html(&gateway, &path).await.contains("Now with a director"),
        "the new synopsis"
    );
    assert_eq!(
        before["snapshot"]["postersFetched"]
            .as_u64()
            .map(|fetched| fetched > 0),
        Some(true),
        "the first publish fetches every poster: {before}"
    );
    assert_eq!(
        after["snapshot"]["postersFetched"], 0,
        "a synopsis is on no poster: none fetched"
    );

    change_movie(&site, "1001", "title", "Retitled Feature");
    let (revision, poster) = (after["snapshot"]["revision"].clone(), "/posters/1001.svg");
    let retitled = eventually(30, || async {
        let (_, now) = gateway.ops_json("/readyz").await;
        now["snapshot"]["revision"] != revision && now["snapshot"]["rendered"] == true
    })
    .await;
    assert!(retitled, "the title is published");
    let (_, retitled) = gateway.ops_json("/readyz").await;
    assert_eq!(
        retitled["snapshot"]["postersFetched"], 1,
        "only the retitled movie's poster is fetched: {retitled}"
    );
    assert!(html(&gateway, poster).await.contains("Retitled"));
}

/// Seat counts are the JSON API's; pages show availability. A sale that leaves the
/// showtime available renders no page and fetches no poster; its selling out renders again only the pages
/// that show it (its theater's, its movie's, the showtimes list when it lists showtimes).
#[tokio::test]
async fn a_sale_renders_no_page_and_a_sell_out_only_the_pages_that_show_the_showtime() {
    let renderer = Renderer::start(free_port()).await;
    let gateway = spawn_rendered_gateway(DEMO_SITE, &renderer.url()).await;
    assert!(
        eventually(30, || rendered(&gateway)).await,
        "the site is rendered"
    );
    let (_, showtimes) = gateway.get_json("/api/v1/showtimes?theaterId=101").await;
    // The week's last: one of today's may start, and leave the pages, while the test runs.
    let showtime = showtimes
        .as_array()
        .expect("showtimes")
        .iter()
        .rev()
        .find(|showtime| showtime["availability"] == "available")
        .expect("an available showtime")
        .clone();
    let (_, movie) = gateway
        .get_json(&format!(
            "/api/v1/movies/{}",
            showtime["movieId"].as_str().expect("a movie")
        ))
        .await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let page_of = |index: usize| {
        format!(
            "/theaters/{}-{}/",
            theaters[index]["id"].as_str().expect("an id"),
            theaters[index]["slug"].as_str().expect("a slug")
        )
    };
    let (its_theater, other_theater) = (page_of(0), page_of(1));
    assert_eq!(theaters[0]["id"], "101");
    let movie_page = movie["path"].as_str().expect("a path").to_owned();
    let etag = async |path: &str| gateway.get(path).await.headers()["etag"].clone();
    let before = [
        etag(&its_theater).await,
        etag(&movie_page).await,
        etag(&other_theater).await,
        etag("/about/").await,
    ];
    let key = gateway.ingest_key("demo");
    let sell = async |left: u32| {
        let answer: serde_json::Value = gateway
            .client
            .post(gateway.url("/api/v1/ingest/availability"))
            .bearer_auth(&key)
            .json(&serde_json::json!({"updates": [{
                "theaterId": "101",
                "perfCode": showtime["perfCode"],
                "seatsAvailable": left,
                "seatsTotal": 200,
            }]}))
            .send()
            .await
            .expect("the gateway answers")
            .json()
            .await
            .expect("JSON");
        let revision = answer["revision"].as_str().expect("a revision").to_owned();
        let published = eventually(30, || async {
            let (_, now) = gateway.ops_json("/readyz").await;
            now["snapshot"]["revision"] == revision.as_str() && now["snapshot"]["rendered"] == true
        })
        .await;
        assert!(published, "revision {revision} is published");
        let (_, readiness) = gateway.ops_json("/readyz").await;
        assert_eq!(
            readiness["snapshot"]["postersFetched"], 0,
            "a sale changes no poster: {readiness}"
        );
        readiness["snapshot"]["pagesRendered"]
            .as_u64()
            .expect("a count")
    };

    assert_eq!(sell(150).await, 0, "a sale renders no page");
    let (_, now) = gateway.get_json("/api/v1/showtimes?theaterId=101").await;
    let counted = now
        .as_array()
        .expect("showtimes")
        .iter()
        .find(|now| now["perfCode"] == showtime["perfCode"])
        .expect("the showtime");
    assert_eq!(counted["seatsAvailable"], 150, "the API has the count");
    let rendered_again = sell(0).await;
    // Its theater's, its movie's and the showtimes page, each with its days' pages (they
    // carry the page's data).
    let sitemap = gateway
        .get("/sitemap.xml")
        .await
        .text()
        .await
        .expect("a sitemap");
    let pages_of = |path: &str| {
        sitemap.matches(&format!("{path}</loc>")).count()
            + sitemap.matches(&format!("{path}?date=")).count()
    };
    let showing_it =
        (pages_of(&its_theater) + pages_of(&movie_page) + pages_of("/showtimes/")) as u64;
    assert!(
        (2..=showing_it).contains(&rendered_again),
        "{rendered_again} pages rendered again, of {showing_it} showing it"
    );
    let after = [
        etag(&its_theater).await,
        etag(&movie_page).await,
        etag(&other_theater).await,
        etag("/about/").await,
    ];
    assert_ne!(after[0], before[0], "its theater's page shows it sold out");
    assert_ne!(after[1], before[1], "its movie's page shows it sold out");
    assert_eq!(after[2], before[2], "another theater's page is as it was");
    assert_eq!(after[3], before[3], "a content page is as it was");
}
