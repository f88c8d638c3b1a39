//! The published site: every public page, its page data, the app data, the sitemap and
//! robots.txt served from the snapshot, compressed once, with strong ETags. These
//! gateways have no renderer: pages carry the web app's shell and their data (the
//! rendered markup is checked end to end in `rendered.rs`).

use std::io::Read;

use crate::helpers::{
    SINGLE_SITE, TestGateway, a_showing_movie, eventually, spawn_gateway, spawn_gateway_for_site,
};

async fn get_with(
    gateway: &TestGateway,
    path: &str,
    headers: &[(&str, &str)],
) -> reqwest::Response {
    let mut request = gateway.client.get(gateway.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("an answer")
}

#[tokio::test]
async fn a_published_page_comes_in_the_encoding_the_client_takes_and_revalidates() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let path = movie["path"].as_str().expect("a path");
    let plain = get_with(&gateway, path, &[]).await;
    assert_eq!(plain.status(), 200);
    assert_eq!(
        plain.headers()["cache-control"],
        "public, max-age=0, must-revalidate"
    );
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    assert!(plain.headers().get("content-encoding").is_none());
    let etag = plain.headers()["etag"].to_str().expect("ascii").to_owned();
    assert!(
        etag.starts_with('"') && !etag.starts_with("W/"),
        "a strong tag: {etag}"
    );
    let html = plain.text().await.expect("a body");

    let brotli = get_with(&gateway, path, &[("accept-encoding", "gzip, br")]).await;
    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert_ne!(brotli.headers()["etag"].to_str().expect("ascii"), etag);
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(
        &mut &brotli.bytes().await.expect("a body")[..],
        &mut decoded,
    )
    .expect("brotli");
    assert_eq!(String::from_utf8(decoded).expect("utf-8"), html);

    let gzip = get_with(&gateway, path, &[("accept-encoding", "gzip")]).await;
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let mut decoded = String::new();
    flate2::read::GzDecoder::new(&gzip.bytes().await.expect("a body")[..])
        .read_to_string(&mut decoded)
        .expect("gzip");
    assert_eq!(decoded, html);

    let again = get_with(&gateway, path, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status(), 304);
    assert!(again.text().await.expect("a body").is_empty());
}

#[tokio::test]
async fn a_page_carries_its_page_data_and_the_app_data_inline() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let path = movie["path"].as_str().expect("a path");
    let html = gateway.get(path).await.text().await.expect("a body");
    let inline = |id: &str| -> serde_json::Value {
        let open = format!(r#"<script type="application/json" id="{id}">"#);
        let start = html
            .find(&open)
            .unwrap_or_else(|| panic!("no #{id} in {html}"))
            + open.len();
        let end = html[start..].find("</script>").expect("closed") + start;
        serde_json::from_str(&html[start..end]).expect("JSON")
    };
    let page_data_path = format!("/page-data{path}page-data.json");
    let (status, served) = gateway.get_json(&page_data_path).await;
    assert_eq!(status, 200);
    assert_eq!(inline("page-data"), served);
    assert_eq!(served["templateName"], "movie");
    assert_eq!(served["data"]["movie"]["id"], movie["id"]);
    let (_, app_data) = gateway.get_json("/page-data/app-data.json").await;
    assert_eq!(inline("app-data"), app_data);
}

#[tokio::test]
async fn each_page_has_its_own_title_description_canonical_and_open_graph() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let path = movie["path"].as_str().expect("a path");
    let html = gateway.get(path).await.text().await.expect("a body");
    let title = movie["title"].as_str().expect("a title");
    assert!(
        html.contains(&format!("<title>{title} | Marquee Cinemas</title>")),
        "{html}"
    );
    for expected in [
        format!(r#"<link rel="canonical" href="http://127.0.0.1:8080{path}" />"#),
        format!(r#"<meta property="og:url" content="http://127.0.0.1:8080{path}" />"#),
        r#"<meta property="og:type" content="video.movie" />"#.to_owned(),
        r#"<meta property="og:site_name" content="Marquee Cinemas" />"#.to_owned(),
        r#"<meta name="twitter:card" content="summary_large_image" />"#.to_owned(),
        r#"<meta name="description" content=""#.to_owned(),
        r#"<script type="application/ld+json">"#.to_owned(),
        r#""@type":"ScreeningEvent""#.to_owned(),
    ] {
        assert!(html.contains(&expected), "{expected} in {html}");
    }
    // Screenings name their theater and movie by @id; each theater is described once.
    let start = html
        .find(r#"<script type="application/ld+json">"#)
        .expect("JSON-LD")
        + r#"<script type="application/ld+json">"#.len();
    let end = html[start..].find("</script>").expect("closed") + start;
    let graph: serde_json::Value = serde_json::from_str(&html[start..end]).expect("JSON");
    let nodes = graph["@graph"].as_array().expect("a graph");
    let of_type = |kind: &'static str| nodes.iter().filter(move |node| node["@type"] == kind);
    let theaters: Vec<&serde_json::Value> = of_type("MovieTheater").map(|t| &t["@id"]).collect();
    let mut unique = theaters.clone();
    unique.dedup();
    assert_eq!(theaters, unique, "each theater once");
    let movie_id = &of_type("Movie").next().expect("the Movie")["@id"];
    for screening in of_type("ScreeningEvent") {
        assert!(
            theaters.contains(&&screening["location"]["@id"]),
            "{screening}"
        );
        assert_eq!(&screening["workPresented"]["@id"], movie_id, "{screening}");
    }

    let home = gateway.get("/").await.text().await.expect("a body");
    assert!(home.contains("<title>Marquee Cinemas</title>"), "{home}");
    assert!(home.contains(r#""@type":"WebSite""#) && home.contains(r#""@type":"Organization""#));
    let theaters = gateway
        .get("/theaters/")
        .await
        .text()
        .await
        .expect("a body");
    assert!(
        theaters.contains("<title>Our theaters | Marquee Cinemas</title>"),
        "{theaters}"
    );
}

#[tokio::test]
async fn a_movie_is_previewed_with_a_png_of_its_poster_which_is_published_with_the_page() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let path = movie["path"].as_str().expect("a path");
    let poster = movie["posterUrl"].as_str().expect("a poster");
    let preview = poster.replace(".svg", ".png");
    let html = gateway.get(path).await.text().await.expect("a body");
    for expected in [
        format!(r#"<meta property="og:image" content="http://127.0.0.1:8080{preview}" />"#),
        r#"<meta property="og:image:width" content="1200" />"#.to_owned(),
        r#"<meta property="og:image:height" content="630" />"#.to_owned(),
    ] {
        assert!(html.contains(&expected), "{expected} in {html}");
    }

    let png = gateway.get(&preview).await;
    assert_eq!(png.status(), 200);
    assert_eq!(png.headers()["content-type"], "image/png");
    let etag = png.headers()["etag"].to_str().expect("ascii").to_owned();
    let bytes = png.bytes().await.expect("a body");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    // An image compressed already is sent as it is, whatever the client takes.
    let again = get_with(&gateway, &preview, &[("accept-encoding", "br, gzip")]).await;
    assert!(again.headers().get("content-encoding").is_none());
    let revalidated = get_with(&gateway, &preview, &[("if-none-match", &etag)]).await;
    assert_eq!(revalidated.status(), 304);

    // The SVG poster itself is published: no call to the catalogue per request.
    let svg = get_with(&gateway, poster, &[("accept-encoding", "br")]).await;
    assert_eq!(svg.status(), 200);
    assert_eq!(svg.headers()["content-type"], "image/svg+xml");
    assert_eq!(svg.headers()["content-encoding"], "br");
}

#[tokio::test]
async fn a_page_allows_only_its_own_inline_scripts_and_what_they_load() {
    let gateway = spawn_gateway().await;
    let response = gateway.get("/").await;
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(csp.starts_with("script-src 'sha256-"), "{csp}");
    assert!(csp.contains("'strict-dynamic'"), "{csp}");
    assert!(csp.contains("object-src 'none'"), "{csp}");
    assert!(csp.contains("base-uri 'none'"), "{csp}");
    let html = response.text().await.expect("a body");
    assert!(!html.contains(r#"<script type="module""#), "{html}");
    assert!(html.contains(r#"s.src="/assets/app-3f9a1c.js""#), "{html}");
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_and_robots_names_it() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let sitemap = gateway.get("/sitemap.xml").await;
    assert_eq!(sitemap.status(), 200);
    assert!(
        sitemap.headers()["content-type"]
            .to_str()
            .is_ok_and(|t| t.starts_with("application/xml"))
    );
    let sitemap = sitemap.text().await.expect("a body");
    let path = movie["path"].as_str().expect("a path");
    for page in ["/", "/movies/", "/theaters/", "/events/", path] {
        assert!(
            sitemap.contains(&format!("<loc>http://127.0.0.1:8080{page}</loc>")),
            "{page}: {sitemap}"
        );
    }
    assert!(!sitemap.contains("404.html"), "{sitemap}");
    assert!(sitemap.contains("<lastmod>"), "{sitemap}");
    let robots = gateway
        .get("/robots.txt")
        .await
        .text()
        .await
        .expect("a body");
    assert!(
        robots.contains("Sitemap: http://127.0.0.1:8080/sitemap.xml"),
        "{robots}"
    );
    assert!(
        robots.contains("Disallow: /account/") && robots.contains("Disallow: /search/"),
        "{robots}"
    );
}

#[tokio::test]
async fn readiness_shows_the_snapshot_and_a_missing_renderer() {
    let gateway = spawn_gateway().await;
    let (status, readiness) = gateway.ops_json("/readyz").await;
    assert_eq!(status, 200, "{readiness}");
    assert_eq!(readiness["status"], "degraded", "no renderer: {readiness}");
    assert_eq!(readiness["publishing"]["renderer"], "unavailable");
    assert!(
        readiness["snapshot"]["revision"]
            .as_str()
            .is_some_and(|r| !r.is_empty())
    );
    assert_eq!(readiness["snapshot"]["rendered"], false);
    assert!(
        readiness["snapshot"]["pages"]
            .as_u64()
            .is_some_and(|pages| pages > 20),
        "{readiness}"
    );
    assert_eq!(readiness["snapshot"]["pagesRendered"], 0, "{readiness}");
    assert!(readiness["snapshot"]["ageSeconds"].as_u64().is_some());
}

#[tokio::test]
async fn a_site_with_a_name_of_its_own_is_titled_with_it() {
    let gateway = spawn_gateway_for_site(SINGLE_SITE, &[], &[]).await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let name = site["config"]["name"].as_str().expect("a name").to_owned();
    let html = gateway.get("/").await.text().await.expect("a body");
    assert!(
        html.contains(&format!("<title>{name}</title>")),
        "{name}: {html}"
    );
}

/// The `content` of the head's `<meta {attribute}="{name}">`, unescaped.
fn meta(html: &str, attribute: &str, name: &str) -> Option<String> {
    let start = format!(r#"<meta {attribute}="{name}" content=""#);
    let from = html.find(&start)? + start.len();
    let content = &html[from..from + html[from..].find('"')?];
    Some(
        content
            .replace("&amp;", "&")
            .replace("&quot;", "\"")
            .replace("&#39;", "'"),
    )
}

/// The nodes of the page's JSON-LD graph (none without one).
fn structured_data(html: &str) -> Vec<serde_json::Value> {
    let open = r#"<script type="application/ld+json">"#;
    let Some(start) = html.find(open).map(|start| start + open.len()) else {
        return Vec::new();
    };
    let end = html[start..].find("</script>").expect("closed") + start;
    let graph: serde_json::Value = serde_json::from_str(&html[start..end]).expect("JSON-LD");
    graph["@graph"].as_array().expect("a graph").clone()
}

#[tokio::test]
async fn every_page_kind_says_what_it_is_in_its_head() {
    let gateway = spawn_gateway().await;
    let origin = "http://127.0.0.1:8080";
    let published = eventually(30, || async {
        gateway.get("/sitemap.xml").await.status() == 200
    })
    .await;
    assert!(published, "the site is published");
    let sitemap = gateway
        .get("/sitemap.xml")
        .await
        .text()
        .await
        .expect("a body");
    // Every page, and of the days' pages (tested in day_pages.rs) the first listed.
    let mut day_page_seen = false;
    let paths: Vec<String> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|entry| entry[..entry.find("</loc>").expect("closed")].replacen(origin, "", 1))
        .filter(|path| !path.contains("?date=") || !std::mem::replace(&mut day_page_seen, true))
        .collect();
    let mut titles = std::collections::HashSet::new();
    let mut kinds_seen = std::collections::HashSet::new();
    for path in &paths {
        let response = gateway.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let html = response.text().await.expect("a body");
        let title = html
            .split_once("<title>")
            .and_then(|(_, rest)| rest.split_once("</title>"))
            .map(|(title, _)| title.to_owned())
            .unwrap_or_default();
        assert!(title.ends_with("Marquee Cinemas"), "{path}: title {title}");
        assert!(
            titles.insert(title.clone()),
            "{path}: title {title} is another page's too"
        );
        let url = format!("{origin}{path}");
        assert!(
            html.contains(&format!(r#"<link rel="canonical" href="{url}" />"#)),
            "{path}: canonical"
        );
        for (attribute, name) in [
            ("name", "description"),
            ("property", "og:title"),
            ("property", "og:description"),
            ("property", "og:site_name"),
            ("property", "og:type"),
            ("name", "twitter:card"),
        ] {
            let content = meta(&html, attribute, name).unwrap_or_default();
            assert!(!content.trim().is_empty(), "{path}: {name}");
        }
        assert_eq!(
            meta(&html, "property", "og:url").as_deref(),
            Some(url.as_str()),
            "{path}"
        );
        assert_eq!(
            meta(&html, "name", "twitter:card").as_deref(),
            Some("summary_large_image"),
            "{path}"
        );
        // A raster image every link preview shows, published with the page.
        let image = meta(&html, "property", "og:image").unwrap_or_default();
        let image_path = image
            .strip_prefix(origin)
            .unwrap_or_else(|| panic!("{path}: og:image {image} is absolute on this site"));
        let png = gateway.get(image_path).await;
        assert_eq!(png.status(), 200, "{path}: {image}");
        assert_eq!(
            png.headers()["content-type"],
            "image/png",
            "{path}: {image}"
        );

        let nodes = structured_data(&html);
        let of_type = |kind: &str| nodes.iter().filter(|node| node["@type"] == kind).count();
        let kind = match path.as_str() {
            "/" => "home",
            _ if path.starts_with("/movies/") && path != "/movies/" => "movie",
            _ if path.starts_with("/theaters/") && path != "/theaters/" => "theater",
            _ if path.starts_with("/events/") && path != "/events/" => "event",
            _ => "other",
        };
        kinds_seen.insert(kind);
        match kind {
            "home" => assert!(
                of_type("WebSite") == 1 && of_type("Organization") == 1,
                "{path}"
            ),
            "theater" => {
                let theater = nodes
                    .iter()
                    .find(|n| n["@type"] == "MovieTheater")
                    .expect("a MovieTheater");
                assert!(
                    theater["address"]["streetAddress"].is_string(),
                    "{path}: {theater}"
                );
                assert!(theater["geo"]["latitude"].is_number(), "{path}: {theater}");
                assert!(theater["telephone"].is_string(), "{path}: {theater}");
            }
            "movie" => {
                assert_eq!(of_type("Movie"), 1, "{path}");
                if let Some(screening) = nodes.iter().find(|n| n["@type"] == "ScreeningEvent") {
                    assert!(screening["startDate"].is_string(), "{screening}");
                    assert!(screening["location"]["@id"].is_string(), "{screening}");
                    assert!(
                        screening["offers"]["url"]
                            .as_str()
                            .is_some_and(|u| u.starts_with("http")),
                        "{screening}"
                    );
                }
            }
            "event" => {
                let event = nodes
                    .iter()
                    .find(|n| n["@type"] == "Event")
                    .expect("an Event");
                assert!(
                    event["startDate"].is_string() && event["name"].is_string(),
                    "{event}"
                );
            }
            _ => {}
        }
    }
    for kind in ["home", "movie", "theater", "event", "other"] {
        assert!(kinds_seen.contains(kind), "the sitemap has a {kind} page");
    }
    // A now-showing movie's page describes its screenings.
    let movie = a_showing_movie(&gateway).await;
    let html = gateway
        .get(movie["path"].as_str().expect("a path"))
        .await
        .text()
        .await
        .expect("a body");
    assert!(
        structured_data(&html)
            .iter()
            .any(|n| n["@type"] == "ScreeningEvent")
    );

    // The error pages say what they are and ask not to be indexed.
    for (path, status) in [
        ("/404.html", 404),
        ("/500.html", 500),
        ("/no-such-page/", 404),
    ] {
        let response = gateway.get(path).await;
        assert_eq!(response.status().as_u16(), status, "{path}");
        let html = response.text().await.expect("a body");
        assert!(
            html.contains(r#"<meta name="robots" content="noindex" />"#),
            "{path}"
        );
        assert!(
            !meta(&html, "name", "description")
                .unwrap_or_default()
                .is_empty(),
            "{path}"
        );
        assert!(
            titles
                .iter()
                .all(|title| !html.contains(&format!("<title>{title}</title>"))),
            "{path}"
        );
    }
}
