use crate::helpers::{a_showing_movie, spawn_gateway};

#[tokio::test]
async fn app_data_has_the_site_theaters_and_messages_with_an_etag() {
    let gateway = spawn_gateway().await;
    let response = gateway.get("/page-data/app-data.json").await;
    assert_eq!(response.status(), 200);
    let etag = response.headers()["etag"].clone();
    let body: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(body["site"]["config"]["locale"], "en-US");
    assert_eq!(body["theaters"].as_array().map(Vec::len), Some(3));
    assert!(
        body["messages"]["messages"]
            .as_object()
            .is_some_and(|m| !m.is_empty())
    );

    let again = gateway
        .client
        .get(gateway.url("/page-data/app-data.json"))
        .header("if-none-match", etag.clone())
        .send()
        .await
        .expect("an answer");
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], etag);
    assert!(again.text().await.expect("a body").is_empty());
}

#[tokio::test]
async fn a_movie_page_has_its_context_movie_and_showtimes() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let path = movie["path"].as_str().expect("a path");
    let page_data_path = format!("/page-data{path}page-data.json");
    let (status, page) = gateway.get_json(&page_data_path).await;
    assert_eq!(status, 200, "{page_data_path}");
    assert_eq!(page["templateName"], "movie");
    assert_eq!(page["pageContext"]["pagePath"], path);
    assert_eq!(page["pageContext"]["intl"]["locale"]["short"], "en");
    assert_eq!(page["pageContext"]["intl"]["country"]["iso31661A2"], "US");
    assert_eq!(page["pageContext"]["isSingleLocation"], false);
    assert_eq!(page["pageContext"]["betaFeaturesEnabled"], false);
    assert_eq!(page["data"]["movie"]["id"], movie["id"]);
    assert!(
        page["data"]["showtimes"]
            .as_array()
            .is_some_and(|s| !s.is_empty())
    );
}

#[tokio::test]
async fn the_home_page_data_is_at_index_and_revalidates() {
    let gateway = spawn_gateway().await;
    let response = gateway.get("/page-data/index/page-data.json").await;
    assert_eq!(response.status(), 200);
    let etag = response.headers()["etag"].clone();
    let page: serde_json::Value = response.json().await.expect("JSON");
    assert_eq!(page["templateName"], "home");
    assert!(
        page["data"]["movies"]
            .as_array()
            .is_some_and(|m| !m.is_empty())
    );
    let again = gateway
        .client
        .get(gateway.url("/page-data/index/page-data.json"))
        .header("if-none-match", etag)
        .send()
        .await
        .expect("an answer");
    assert_eq!(again.status(), 304);
}

#[tokio::test]
async fn a_theater_page_fixes_the_theater_id_of_its_context() {
    let gateway = spawn_gateway().await;
    let (_, theaters) = gateway.get_json("/api/v1/theaters").await;
    let theater = &theaters[0];
    let path = format!(
        "/page-data/theaters/{}-{}/page-data.json",
        theater["id"].as_str().expect("id"),
        theater["slug"].as_str().expect("slug")
    );
    let (status, page) = gateway.get_json(&path).await;
    assert_eq!(status, 200, "{path}");
    assert_eq!(page["templateName"], "theater");
    assert_eq!(page["pageContext"]["theaterId"], theater["id"]);
}

#[tokio::test]
async fn page_data_of_an_unknown_page_is_a_404_json() {
    let gateway = spawn_gateway().await;
    for path in [
        "/page-data/movies/999999-no-such-movie/page-data.json",
        "/page-data/no-such-page/page-data.json",
        "/page-data/movies/page-data.txt",
    ] {
        let (status, body) = gateway.get_json(path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(body["error"]["code"], "not_found", "{path}");
    }
}
