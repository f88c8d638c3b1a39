use crate::helpers::{BROTLI_ASSET, TestGateway, a_showing_movie, spawn_gateway};

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
        "/account/reset-password/",
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
async fn unknown_pages_answer_404_with_the_404_page() {
    let gateway = spawn_gateway().await;
    for path in [
        "/no-such-page/",
        "/movies/999999-nothing/",
        "/movies/a/b/c/",
        "/theaters/nowhere/",
        "/a/b/c/",
        "/account/no-such-screen/",
        "/account/cards/extra/",
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
    let icon = gateway.get("/favicon.svg").await;
    assert_eq!(icon.status(), 200);
    assert_eq!(icon.headers()["cache-control"], "no-cache");
    // The icon's conventional address leads to it.
    let conventional = gateway.get("/favicon.ico").await;
    assert_eq!(conventional.status(), 308);
    assert_eq!(conventional.headers()["location"], "/favicon.svg");
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
