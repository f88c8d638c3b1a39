//! What a moviegoer chooses by: showtime attributes, language and availability, the
//! nearest theater, and site search.

use std::collections::BTreeSet;

use proto::catalogue::v1::{GeoPoint, ListShowtimesRequest, ListTheatersRequest, SearchRequest};
use proto::showtime::Attribute;
use tonic::Code;

use crate::helpers::spawn_demo;

#[tokio::test]
async fn the_demo_week_holds_every_attribute_and_every_availability() {
    let mut catalogue = spawn_demo().await;
    let showtimes = catalogue
        .client
        .list_showtimes(ListShowtimesRequest::default())
        .await
        .expect("this week's showtimes")
        .into_inner()
        .showtimes;
    let attributes: BTreeSet<&str> = showtimes
        .iter()
        .flat_map(|showtime| showtime.attributes.iter().map(String::as_str))
        .collect();
    let vocabulary: BTreeSet<&str> = Attribute::ALL.map(Attribute::code).into_iter().collect();
    assert_eq!(attributes, vocabulary);
    let availability: BTreeSet<&str> = showtimes.iter().map(|s| s.availability.as_str()).collect();
    assert_eq!(
        availability,
        BTreeSet::from(["available", "selling-fast", "sold-out"])
    );
    // The Quiet Garden plays in Spanish with subtitles; the rest in English, their
    // original language.
    for showtime in &showtimes {
        let expected = if showtime.movie_id == "1005" {
            "es"
        } else {
            "en"
        };
        assert_eq!(showtime.language, expected, "{}", showtime.id);
    }
    // The opening weekend of Midnight Carnival sells out its evenings.
    let opening = showtimes
        .iter()
        .find(|s| s.movie_id == "1011" && s.date == "2026-11-24" && s.time == "19:50")
        .expect("an opening-night showing");
    assert_eq!(opening.availability, "sold-out");
}

#[tokio::test]
async fn showtimes_filtered_by_attributes_have_all_of_them() {
    let mut catalogue = spawn_demo().await;
    let wanted = vec!["open-captions".to_owned(), "wheelchair".to_owned()];
    let showtimes = catalogue
        .client
        .list_showtimes(ListShowtimesRequest {
            attributes: wanted.clone(),
            ..Default::default()
        })
        .await
        .expect("captioned showtimes")
        .into_inner()
        .showtimes;
    assert!(!showtimes.is_empty());
    for showtime in &showtimes {
        assert!(
            wanted.iter().all(|a| showtime.attributes.contains(a)),
            "{showtime:?}"
        );
    }
    // Open-caption matinees play on weekdays only.
    assert!(
        showtimes
            .iter()
            .all(|s| s.date != "2026-11-22" && s.date != "2026-11-28")
    );

    let status = catalogue
        .client
        .list_showtimes(ListShowtimesRequest {
            attributes: vec!["4dx".to_owned()],
            ..Default::default()
        })
        .await
        .expect_err("an unknown attribute");
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(
        status
            .message()
            .starts_with("attribute: '4dx' is not one of open-captions")
    );
}

#[tokio::test]
async fn theaters_near_a_point_come_nearest_first_with_their_distance() {
    let mut catalogue = spawn_demo().await;
    // Warwick, RI: Cranston is nearer than downtown Providence.
    let near = |latitude, longitude| ListTheatersRequest {
        near: Some(GeoPoint {
            latitude,
            longitude,
        }),
    };
    let theaters = catalogue
        .client
        .list_theaters(near(41.7001, -71.4162))
        .await
        .expect("theaters near Warwick")
        .into_inner()
        .theaters;
    let ids: Vec<&str> = theaters.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids[0], "102");
    let distances: Vec<f64> = theaters.iter().filter_map(|t| t.distance_km).collect();
    assert_eq!(distances.len(), 3);
    assert!(
        distances.windows(2).all(|pair| pair[0] <= pair[1]),
        "{distances:?}"
    );
    assert!(theaters.iter().all(|t| !t.accessibility.is_empty()));

    let unordered = catalogue
        .client
        .list_theaters(ListTheatersRequest::default())
        .await
        .expect("theaters")
        .into_inner()
        .theaters;
    assert!(unordered.iter().all(|t| t.distance_km.is_none()));

    let status = catalogue
        .client
        .list_theaters(near(95.0, 0.0))
        .await
        .expect_err("a latitude past the pole");
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(status.message().starts_with("near: latitude 95"));
}

#[tokio::test]
async fn search_finds_movies_theaters_events_and_pages_despite_typos() {
    let mut catalogue = spawn_demo().await;
    let mut search = async |query: &str| {
        catalogue
            .client
            .search(SearchRequest {
                query: query.to_owned(),
                limit: 0,
            })
            .await
            .map(|reply| reply.into_inner().hits)
    };
    let hits = search("midnigt carnval").await.expect("hits");
    assert_eq!(hits[0].id, "1011");
    assert_eq!(hits[0].kind, "movie");
    assert_eq!(hits[0].path, "/movies/1011-midnight-carnival/");
    assert_eq!(hits[0].image_url, "/posters/1011.svg");

    let hits = search("cransto").await.expect("hits");
    assert_eq!(hits[0].kind, "theater");
    assert_eq!(hits[0].id, "102");

    // A globally excluded movie is never found.
    let excluded = search("Retrospective Reel").await.expect("an answer");
    assert!(excluded.iter().all(|hit| hit.id != "1020"), "{excluded:?}");

    let status = search("").await.expect_err("an empty query");
    assert_eq!(status.code(), Code::InvalidArgument);
}
