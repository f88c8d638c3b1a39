use crate::helpers::{
    BROTLI_ASSET, SINGLE_SITE, TestGateway, a_showing_movie, spawn_gateway, spawn_gateway_for_site,
};

#[tokio::test]
async fn known_pages_answer_200_with_the_html_shell() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let login = format!(
        "/{}/",
        site["settings"]["loginPage"]["slug"]
            .as_str()
            .expect("a login slug")
    );
    for path in [
        "/",
        "/movies/",
        movie["path"].as_str().expect("a path"),
        "/theaters/",
        "/showtimes/",
        "/events/",
        "/account/",
        login.as_str(),
    ] {
        let response = gateway.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .is_ok_and(|t| t.starts_with("text/html")),
            "{path}"
        );
        let body = response.text().await.expect("a body");
        assert!(body.contains("id=\"modal-root\""), "{path}");
    }
}

#[tokio::test]
async fn unknown_pages_answer_404_with_the_shell() {
    let gateway = spawn_gateway().await;
    for path in [
        "/no-such-page/",
        "/movies/999999-nothing/",
        "/movies/a/b/c/",
        "/theaters/nowhere/",
        "/a/b/c/",
    ] {
        let response = gateway.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert!(
            response.text().await.expect("a body").contains("<html"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_error_pages_exist_with_their_status() {
    let gateway = spawn_gateway().await;
    assert_eq!(gateway.get("/404.html").await.status(), 404);
    assert_eq!(gateway.get("/500.html").await.status(), 500);
}

#[tokio::test]
async fn paths_are_redirected_to_their_canonical_form() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let path = movie["path"].as_str().expect("a path");
    let id = movie["id"].as_str().expect("an id");
    for (asked, expected) in [
        (
            "/movies?utm_source=mail".to_owned(),
            "/movies/?utm_source=mail".to_owned(),
        ),
        (format!("/movies/{id}-old-title/"), path.to_owned()),
        (format!("/permalink/movie/{id}"), path.to_owned()),
        (format!("/movies/{id}-velocity/trailer"), path.to_owned()),
    ] {
        let response = gateway.get(&asked).await;
        assert_eq!(response.status(), 308, "{asked}");
        assert_eq!(response.headers()["location"], expected.as_str(), "{asked}");
    }
    assert_eq!(gateway.get("/permalink/movie/999999").await.status(), 404);
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_other_files_revalidate() {
    let gateway = spawn_gateway().await;
    let asset = gateway.get("/assets/app-3f9a1c.js").await;
    assert_eq!(asset.status(), 200);
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let robots = gateway.get("/robots.txt").await;
    assert_eq!(robots.status(), 200);
    assert_eq!(robots.headers()["cache-control"], "no-cache");
    assert_eq!(gateway.get("/assets/missing.js").await.status(), 404);
}

/// `path`, asked for by a client that takes the `encodings`.
async fn get_accepting(gateway: &TestGateway, path: &str, encodings: &str) -> reqwest::Response {
    gateway
        .client
        .get(gateway.url(path))
        .header("accept-encoding", encodings)
        .send()
        .await
        .expect("an answer")
}

#[tokio::test]
async fn an_asset_built_brotli_compressed_is_sent_so_to_clients_that_take_it() {
    let gateway = spawn_gateway().await;
    let response = get_accepting(&gateway, "/assets/app-3f9a1c.js", "gzip, br").await;
    assert_eq!(response.headers()["content-encoding"], "br");
    assert_eq!(response.headers()["vary"], "accept-encoding");
    assert_eq!(
        response.bytes().await.expect("a body").as_ref(),
        BROTLI_ASSET
    );
}

#[tokio::test]
async fn responses_are_compressed_when_the_client_accepts_it() {
    let gateway = spawn_gateway().await;
    let response = get_accepting(&gateway, "/api/v1/movies", "gzip").await;
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn cms_preview_pages_answer_as_the_page_under_the_prefix() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let movie_path = movie["path"].as_str().expect("a path");
    for path in [
        "/cms-preview",
        "/cms-preview/movies/",
        &format!("/cms-preview{movie_path}"),
    ] {
        assert_eq!(gateway.get(path).await.status(), 200, "{path}");
    }
    assert_eq!(
        gateway.get("/cms-preview/no-such-page/").await.status(),
        404
    );
}

#[tokio::test]
async fn a_movie_page_shell_preloads_its_data_poster_and_code() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let id = movie["id"].as_str().expect("an id");
    let body = gateway
        .get(movie["path"].as_str().expect("a path"))
        .await
        .text()
        .await
        .expect("a body");
    let head = body.split("</head>").next().expect("a head");
    for link in [
        r#"<link rel="preload" href="/api/v1/movies" as="fetch" crossorigin="anonymous" />"#
            .to_owned(),
        format!(
            r#"<link rel="preload" href="/api/v1/showtimes?movieId={id}" as="fetch" crossorigin="anonymous" />"#
        ),
        format!(
            r#"<link rel="preload" href="{}" as="image" fetchpriority="high" />"#,
            movie["posterUrl"].as_str().expect("a poster")
        ),
        r#"<link rel="modulepreload" href="/assets/movie-5d2e.js" crossorigin="" />"#.to_owned(),
        r#"<link rel="modulepreload" href="/assets/third-party-layer-8a1b.js" crossorigin="" />"#
            .to_owned(),
        r#"<link rel="preload" href="/assets/movie-5d2e.css" as="style" crossorigin="" />"#
            .to_owned(),
    ] {
        assert!(head.contains(&link), "{link} in {head}");
    }
}

#[tokio::test]
async fn the_home_shell_preloads_the_visitors_theater_lists() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let theater = theaters[1]["id"].as_str().expect("a theater id");
    let body = gateway
        .client
        .get(format!("{}/", gateway.address))
        .header("cookie", format!("selectedTheaterId={theater}"))
        .send()
        .await
        .expect("an answer")
        .text()
        .await
        .expect("a body");
    assert!(
        body.contains(&format!(r#"href="/api/v1/movies?theaterId={theater}""#)),
        "{body}"
    );
    // The theater's hero is not known from the chain's list: no poster is guessed.
    assert!(!body.contains(r#"as="image""#), "{body}");
}

#[tokio::test]
async fn every_shell_is_titled_with_the_site_name_before_the_app_runs() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    for path in [
        "/",
        movie["path"].as_str().expect("a path"),
        "/theaters/",
        "/no-such-page/",
    ] {
        let body = gateway.get(path).await.text().await.expect("a body");
        let head = body.split("</head>").next().expect("a head");
        assert_eq!(head.matches("<title>").count(), 1, "{path}: {head}");
        // The chain's own name is empty in the bundle: its related entity's serves.
        assert!(
            head.contains("<title>Marquee Cinemas</title>"),
            "{path}: {head}"
        );
    }
}

#[tokio::test]
async fn a_site_with_a_name_of_its_own_is_titled_with_it() {
    let gateway = spawn_gateway_for_site(SINGLE_SITE, &[], &[]).await;
    let body = gateway.get("/").await.text().await.expect("a body");
    assert!(body.contains("<title>The Bijou</title>"), "{body}");
}
