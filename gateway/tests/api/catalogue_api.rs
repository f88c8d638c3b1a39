use serde_json::Value;

use crate::helpers::{
    DEMO_SITE, a_showing_movie, copy_site, error_of, eventually, spawn_gateway,
    spawn_gateway_for_site,
};

#[tokio::test]
async fn theaters_list_and_detail() {
    let gateway = spawn_gateway().await;
    let (status, theaters) = gateway.get_json("/api/v1/theaters").await;
    assert_eq!(status, 200);
    let theaters = theaters.as_array().expect("a JSON array");
    assert_eq!(theaters.len(), 3);
    for theater in theaters {
        assert!(theater["id"].is_string());
        assert!(
            !theater["ticketingProvider"]["url"]
                .as_str()
                .unwrap_or_default()
                .is_empty()
        );
    }
    let id = theaters[0]["id"].as_str().expect("an id");
    let (status, theater) = gateway.get_json(&format!("/api/v1/theaters/{id}")).await;
    assert_eq!((status, theater["id"].as_str()), (200, Some(id)));
}

#[tokio::test]
async fn movies_come_ordered_without_excluded_ones_and_with_buckets() {
    let gateway = spawn_gateway().await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let (status, movies) = gateway.get_json("/api/v1/movies").await;
    assert_eq!(status, 200);
    let movies = movies.as_array().expect("a JSON array");
    assert!(movies.len() >= 15, "about 19 movies, got {}", movies.len());
    let excluded: Vec<&Value> = site["config"]["globalExcludedMovieIds"]
        .as_array()
        .expect("a list")
        .iter()
        .collect();
    assert!(movies.iter().all(|movie| !excluded.contains(&&movie["id"])));
    let order: Vec<&Value> = site["config"]["movieOrderIndex"]
        .as_array()
        .expect("a list")
        .iter()
        .filter(|id| !excluded.contains(id))
        .collect();
    let listed: Vec<&Value> = movies
        .iter()
        .map(|movie| &movie["id"])
        .take(order.len())
        .collect();
    assert_eq!(listed, order, "movies follow movieOrderIndex");
    let buckets = [
        "CURRENT_PLAYWEEK",
        "NEXT_PLAYWEEK_1",
        "NEXT_PLAYWEEK_2",
        "NEXT_PLAYWEEK_3",
        "BEYOND_NEXT_PLAYWEEK_3",
        "NEXT_PLAYWEEK_UNDETERMINED",
    ];
    for movie in movies {
        assert!(buckets.contains(&movie["playWeek"].as_str().unwrap_or_default()));
        assert!(
            movie["posterUrl"]
                .as_str()
                .unwrap_or_default()
                .starts_with("/posters/")
        );
    }
}

#[tokio::test]
async fn the_play_week_filter_keeps_only_that_bucket() {
    let gateway = spawn_gateway().await;
    let (status, movies) = gateway
        .get_json("/api/v1/movies?playWeek=CURRENT_PLAYWEEK")
        .await;
    assert_eq!(status, 200);
    let movies = movies.as_array().expect("a JSON array");
    assert!(!movies.is_empty(), "the demo always has movies showing");
    assert!(
        movies
            .iter()
            .all(|movie| movie["playWeek"] == "CURRENT_PLAYWEEK")
    );
}

#[tokio::test]
async fn an_unknown_movie_is_a_404_naming_it() {
    let gateway = spawn_gateway().await;
    let (status, body) = gateway.get_json("/api/v1/movies/no-such-movie").await;
    assert_eq!(status, 404);
    let (code, message) = error_of(&body);
    assert_eq!(code, "not_found");
    assert!(message.contains("no-such-movie"), "{message}");
}

#[tokio::test]
async fn unknown_theater_event_and_page_are_404_json() {
    let gateway = spawn_gateway().await;
    for path in [
        "/api/v1/theaters/no-such-theater",
        "/api/v1/events/no-such-event",
        "/api/v1/pages/no-such-page",
    ] {
        let (status, body) = gateway.get_json(path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(error_of(&body).0, "not_found", "{path}");
    }
}

#[tokio::test]
async fn showtimes_of_a_movie_carry_ticketing_links() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let id = movie["id"].as_str().expect("an id");
    let (status, showtimes) = gateway
        .get_json(&format!("/api/v1/showtimes?movieId={id}"))
        .await;
    assert_eq!(status, 200);
    let showtimes = showtimes.as_array().expect("a JSON array");
    assert!(!showtimes.is_empty());
    for showtime in showtimes {
        assert_eq!(showtime["movieId"].as_str(), Some(id));
        let url = showtime["ticketingUrl"].as_str().unwrap_or_default();
        let perf_code = showtime["perfCode"].as_str().unwrap_or_default();
        assert!(
            url.contains("/sales/") && url.ends_with(&format!("perfcode={perf_code}")),
            "{url}"
        );
    }
}

#[tokio::test]
async fn a_bad_showtime_date_is_a_400_naming_the_parameter() {
    let gateway = spawn_gateway().await;
    for (path, parameter) in [
        ("/api/v1/showtimes?from=tomorrow", "from"),
        ("/api/v1/showtimes?to=2026-13-45", "to"),
        // Given but empty is no default (the API's document says so).
        ("/api/v1/showtimes?to=", "to"),
        ("/api/v1/movies?playWeek=", "playWeek"),
    ] {
        let (status, body) = gateway.get_json(path).await;
        let query = path;
        assert_eq!(status, 400, "{query}");
        let (code, message) = error_of(&body);
        assert_eq!(code, "invalid_argument");
        assert!(message.contains(parameter), "{query}: {message}");
    }
}

#[tokio::test]
async fn events_and_pages_are_served() {
    let gateway = spawn_gateway().await;
    let (status, events) = gateway.get_json("/api/v1/events").await;
    assert_eq!(status, 200);
    let events = events.as_array().expect("a JSON array");
    assert!(!events.is_empty());
    let id = events[0]["id"].as_str().expect("an id");
    let (status, event) = gateway.get_json(&format!("/api/v1/events/{id}")).await;
    assert_eq!((status, event["id"].as_str()), (200, Some(id)));

    let (_, site) = gateway.get_json("/api/v1/site").await;
    let slug = site["settings"]["privacyPolicyPage"]["slug"]
        .as_str()
        .expect("a privacy policy slug");
    let (status, page) = gateway.get_json(&format!("/api/v1/pages/{slug}")).await;
    assert_eq!((status, page["slug"].as_str()), (200, Some(slug)));
}

#[tokio::test]
async fn posters_are_svg_with_an_etag() {
    let gateway = spawn_gateway().await;
    let movie = a_showing_movie(&gateway).await;
    let poster_url = movie["posterUrl"].as_str().expect("a poster URL");
    let response = gateway.get(poster_url).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    let etag = response.headers()["etag"].clone();
    let body = response.text().await.expect("a body");
    assert!(body.contains("<svg"), "{body}");
    let again = gateway
        .client
        .get(gateway.url(poster_url))
        .header("if-none-match", etag)
        .send()
        .await
        .expect("an answer");
    assert_eq!(again.status(), 304);
    assert_eq!(
        gateway.get("/posters/no-such-movie.svg").await.status(),
        404
    );
}

#[tokio::test]
async fn showtimes_carry_attributes_language_and_availability_and_filter_on_all_attributes() {
    let gateway = spawn_gateway().await;
    let (status, all) = gateway.get_json("/api/v1/showtimes").await;
    assert_eq!(status, 200);
    for showtime in all.as_array().expect("a JSON array") {
        assert!(showtime["attributes"].is_array(), "{showtime}");
        assert!(!showtime["language"].as_str().unwrap_or_default().is_empty());
        assert!(matches!(
            showtime["availability"].as_str(),
            Some("available" | "selling-fast" | "sold-out")
        ));
    }
    let path = "/api/v1/showtimes?attribute=audio-description&attribute=imax";
    let (status, found) = gateway.get_json(path).await;
    assert_eq!(status, 200);
    let found = found.as_array().expect("a JSON array");
    assert!(!found.is_empty());
    for showtime in found {
        let attributes = showtime["attributes"].as_array().expect("attributes");
        assert!(
            attributes.contains(&"audio-description".into()),
            "{showtime}"
        );
        assert!(attributes.contains(&"imax".into()), "{showtime}");
    }
    let (status, body) = gateway
        .get_json("/api/v1/showtimes?attribute=smell-o-vision")
        .await;
    assert_eq!(status, 400);
    assert!(error_of(&body).1.starts_with("attribute: 'smell-o-vision'"));
}

#[tokio::test]
async fn theaters_near_a_point_carry_their_distance_and_a_bad_point_is_a_400() {
    let gateway = spawn_gateway().await;
    let (status, theaters) = gateway
        .get_json("/api/v1/theaters?near=41.7001,-71.4162")
        .await;
    assert_eq!(status, 200);
    let distances: Vec<f64> = theaters
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|theater| theater["distanceKm"].as_f64().expect("a distance"))
        .collect();
    assert!(
        distances.windows(2).all(|pair| pair[0] <= pair[1]),
        "{distances:?}"
    );
    let (_, plain) = gateway.get_json("/api/v1/theaters").await;
    assert!(
        plain[0].get("distanceKm").is_none(),
        "no point, no distance"
    );
    for (near, problem) in [
        ("41.7", "is not LAT,LNG"),
        ("north,west", "is not LAT,LNG"),
        ("91,0", "latitude 91"),
        ("0,200", "longitude 200"),
    ] {
        let (status, body) = gateway
            .get_json(&format!("/api/v1/theaters?near={near}"))
            .await;
        assert_eq!(status, 400, "{near}");
        let (_, message) = error_of(&body);
        assert!(
            message.starts_with("near:") && message.contains(problem),
            "{message}"
        );
    }
}

#[tokio::test]
async fn search_answers_ranked_hits_and_names_a_bad_query() {
    let gateway = spawn_gateway().await;
    let (status, hits) = gateway.get_json("/api/v1/search?q=VELOCTY&limit=3").await;
    assert_eq!(status, 200);
    let hits = hits.as_array().expect("a JSON array");
    assert!(!hits.is_empty() && hits.len() <= 3);
    assert_eq!(hits[0]["kind"], "movie");
    assert_eq!(hits[0]["title"], "Velocity");
    assert_eq!(hits[0]["path"], "/movies/1004-velocity/");
    for field in ["id", "subtitle"] {
        assert!(hits[0][field].is_string(), "{field}");
    }
    let long = "a".repeat(101);
    for (path, parameter) in [
        ("/api/v1/search".to_owned(), "missing field `q`"),
        ("/api/v1/search?q=".to_owned(), "q:"),
        (format!("/api/v1/search?q={long}"), "q:"),
        ("/api/v1/search?q=night&limit=0".to_owned(), "limit:"),
        ("/api/v1/search?q=night&limit=51".to_owned(), "limit:"),
        ("/api/v1/search?q=night&limit=many".to_owned(), "limit"),
    ] {
        let (status, body) = gateway.get_json(&path).await;
        assert_eq!(status, 400, "{path}");
        assert!(error_of(&body).1.contains(parameter), "{path}: {body}");
    }
}

#[tokio::test]
async fn a_kept_search_answer_gives_way_to_the_changed_catalogue() {
    let site = copy_site(DEMO_SITE);
    let gateway = spawn_gateway_for_site(&site.display().to_string(), &[], &[]).await;
    let published = || async {
        let (_, ready) = gateway.ops_json("/readyz").await;
        ready["snapshot"]["revision"].as_str().map(str::to_owned)
    };
    assert!(
        eventually(30, || async { published().await.is_some() }).await,
        "a first snapshot"
    );
    let before = published().await;
    let first_title = || async {
        let (status, hits) = gateway.get_json("/api/v1/search?q=Velocity").await;
        assert_eq!(status, 200);
        hits[0]["title"].as_str().unwrap_or_default().to_owned()
    };
    assert_eq!(first_title().await, "Velocity");
    // Asked again, in another case: the same answer.
    let (_, again) = gateway.get_json("/api/v1/search?q=VELOCITY").await;
    assert_eq!(again[0]["title"], "Velocity");

    let movies_file = site.join("movies.json");
    let text = std::fs::read_to_string(&movies_file).expect("read movies.json");
    std::fs::write(
        &movies_file,
        text.replace("\"Velocity\"", "\"Velocity Redux\""),
    )
    .expect("write movies.json");
    assert!(
        eventually(30, || async { published().await != before }).await,
        "the change is published"
    );
    assert_eq!(first_title().await, "Velocity Redux");
}

/// The catalogue's answers are kept for the revision being served: the same bytes with an
/// entity tag (a 304 for a client that has them), and a committed change answered as soon
/// as the catalogue serves it. A client's error is answered, not kept.
#[tokio::test]
async fn catalogue_answers_are_kept_with_their_tag_until_the_catalogue_changes() {
    let gateway = spawn_gateway().await;
    let first = gateway.get("/api/v1/movies").await;
    assert_eq!(first.status(), 200);
    let etag = first
        .headers()
        .get("etag")
        .expect("a kept answer has an entity tag")
        .clone();
    assert_eq!(
        first.headers()["cache-control"],
        "public, max-age=0, must-revalidate"
    );
    assert!(first.headers().contains_key("content-security-policy"));
    assert!(
        first.headers().contains_key("x-request-id"),
        "asked of svc-catalogue"
    );
    let body = first.bytes().await.expect("a body");
    let again = gateway.get("/api/v1/movies").await;
    assert_eq!(again.headers().get("etag"), Some(&etag));
    // From the outermost layer, like a published file: before the request's span, which
    // names the request with its id.
    assert!(!again.headers().contains_key("x-request-id"));
    assert_eq!(again.bytes().await.expect("a body"), body);
    let revalidated = gateway
        .client
        .get(gateway.url("/api/v1/movies"))
        .header("if-none-match", etag.clone())
        .send()
        .await
        .expect("the gateway answers");
    assert_eq!(revalidated.status(), 304);

    for _ in 0..2 {
        let response = gateway.get("/api/v1/theaters/999").await;
        assert_eq!(response.status(), 404);
        assert!(
            response.headers().contains_key("x-request-id"),
            "an error is asked of svc-catalogue each time, never kept"
        );
    }

    let movies: Vec<Value> = serde_json::from_slice(&body).expect("JSON");
    let mut movie = movies[0].clone();
    let id = movie["id"].as_str().expect("an id").to_owned();
    let fields = movie.as_object_mut().expect("an object");
    fields.retain(|name, _| {
        [
            "id",
            "title",
            "synopsis",
            "runtimeMinutes",
            "rating",
            "genres",
        ]
        .contains(&name.as_str())
    });
    fields.insert("title".to_owned(), Value::from("A Title Changed Just Now"));
    let written = gateway
        .client
        .put(gateway.url(&format!("/api/v1/ingest/movies/{id}")))
        .bearer_auth(gateway.ingest_key("demo"))
        .json(&movie)
        .send()
        .await
        .expect("the gateway answers");
    assert_eq!(
        written.status(),
        200,
        "{}",
        written.text().await.unwrap_or_default()
    );
    let changed = eventually(10, || async {
        let (_, movies) = gateway.get_json("/api/v1/movies").await;
        movies.as_array().is_some_and(|movies| {
            movies
                .iter()
                .any(|movie| movie["title"] == "A Title Changed Just Now")
        })
    })
    .await;
    assert!(
        changed,
        "the kept answer of the revision before keeps serving"
    );
    let now = gateway.get("/api/v1/movies").await;
    assert_ne!(now.headers().get("etag"), Some(&etag));
}

/// A parameter the route's document does not list is refused by name, and the same
/// parameters in another order are the same kept answer.
#[tokio::test]
async fn an_unknown_parameter_is_refused_and_parameters_in_any_order_are_one_answer() {
    let gateway = spawn_gateway().await;
    let (status, error) = gateway
        .get_json("/api/v1/showtimes?theaterId=101&n=7")
        .await;
    assert_eq!(status, 400, "{error}");
    assert!(
        error_of(&error).1.starts_with("n: not a parameter"),
        "{error}"
    );
    let (status, error) = gateway.get_json("/api/v1/theaters/101?x=1").await;
    assert_eq!(status, 400, "{error}");

    let first = gateway
        .get("/api/v1/showtimes?theaterId=101&attribute=imax&attribute=3d")
        .await;
    assert_eq!(first.status(), 200);
    let reordered = gateway
        .get("/api/v1/showtimes?attribute=3d&theaterId=101&attribute=imax")
        .await;
    assert_eq!(reordered.status(), 200);
    assert_eq!(first.headers().get("etag"), reordered.headers().get("etag"));
    assert!(
        !reordered.headers().contains_key("x-request-id"),
        "the same answer, kept"
    );
}
