use proto::catalogue::v1::{
    GetMovieRequest, GetPosterRequest, GetSiteRequest, GetTheaterRequest, ListMoviesRequest,
    ListShowtimesRequest, ListTheatersRequest, ResolveCurrentTheaterRequest,
    ResolveTicketingRequest,
};
use tonic::Code;

use crate::helpers::{DEMO, SINGLE, copy_bundle, edit_json, spawn_catalogue, spawn_demo};

#[tokio::test]
async fn the_site_takes_its_name_from_the_related_chain() {
    let mut catalogue = spawn_demo().await;
    let site = catalogue
        .client
        .get_site(GetSiteRequest {})
        .await
        .expect("a site")
        .into_inner();
    let config = site.config.expect("a config");
    assert_eq!(config.name, "Marquee Cinemas");
    assert_eq!(config.related_entity_type, "Chain");
    assert_eq!(config.theater_ids, vec!["101", "102", "103"]);
    let loyalty = proto::json::from_struct(site.loyalty_settings.expect("loyalty settings"));
    assert_eq!(loyalty["provider"], "BOOST_POS");
    assert_eq!(site.revision.len(), 24);
}

#[tokio::test]
async fn movies_are_ordered_excluded_and_bucketed_for_today() {
    let mut catalogue = spawn_demo().await;
    let movies = catalogue
        .client
        .list_movies(ListMoviesRequest::default())
        .await
        .expect("movies")
        .into_inner()
        .movies;
    assert_eq!(movies.len(), 19);
    let ids: Vec<&str> = movies.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(&ids[..3], ["1004", "1001", "1009"]);
    assert!(!ids.contains(&"1020"), "excluded globally");
    let bucket = |id: &str| {
        movies
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.play_week.clone())
    };
    assert_eq!(bucket("1004").as_deref(), Some("CURRENT_PLAYWEEK"));
    // A sneak preview on Wednesday puts it in this week.
    assert_eq!(bucket("1012").as_deref(), Some("CURRENT_PLAYWEEK"));
    // First showtimes on Fridays 2026-12-04 and 2026-12-11.
    assert_eq!(bucket("1013").as_deref(), Some("NEXT_PLAYWEEK_2"));
    assert_eq!(bucket("1014").as_deref(), Some("NEXT_PLAYWEEK_3"));
    assert_eq!(bucket("1017").as_deref(), Some("BEYOND_NEXT_PLAYWEEK_3"));
    assert_eq!(
        bucket("1019").as_deref(),
        Some("NEXT_PLAYWEEK_UNDETERMINED")
    );
    let velocity = movies.iter().find(|m| m.id == "1004").expect("Velocity");
    assert_eq!(velocity.flags, vec!["NEW"]);
    assert_eq!(velocity.path, "/movies/1004-velocity/");
    assert!(velocity.formats.contains(&"IMAX".to_owned()));
    // An early show before release day makes a preview.
    let brightwater = movies.iter().find(|m| m.id == "1012").expect("Brightwater");
    assert!(brightwater.flags.contains(&"PREVIEW".to_owned()));
}

#[tokio::test]
async fn an_unknown_play_week_or_theater_filter_is_refused() {
    let mut catalogue = spawn_demo().await;
    let status = catalogue
        .client
        .list_movies(ListMoviesRequest {
            play_week: "SOON".to_owned(),
            ..Default::default()
        })
        .await
        .expect_err("an unknown bucket");
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(status.message().starts_with("playWeek:"));
    let status = catalogue
        .client
        .list_movies(ListMoviesRequest {
            theater_id: "999".to_owned(),
            ..Default::default()
        })
        .await
        .expect_err("an unknown theater");
    assert_eq!(status.code(), Code::NotFound);
}

#[tokio::test]
async fn showtimes_cover_the_range_with_booking_links_of_the_theaters_provider() {
    let mut catalogue = spawn_demo().await;
    let showtimes = catalogue
        .client
        .list_showtimes(ListShowtimesRequest {
            theater_id: "103".to_owned(),
            from: "2026-11-22".to_owned(),
            to: "2026-11-22".to_owned(),
            ..Default::default()
        })
        .await
        .expect("showtimes")
        .into_inner()
        .showtimes;
    assert!(!showtimes.is_empty());
    for showtime in &showtimes {
        assert_eq!(showtime.date, "2026-11-22");
        assert!(
            showtime.starts_at.ends_with("-05:00"),
            "{}",
            showtime.starts_at
        );
        assert_eq!(
            showtime.ticketing_url,
            format!(
                "https://boxoffice.harborimax.example/sales/HBNP/book?perfcode={}",
                showtime.perf_code
            )
        );
    }
    let sorted = showtimes
        .windows(2)
        .all(|pair| pair[0].starts_at <= pair[1].starts_at);
    assert!(sorted, "showtimes come in time order");
}

#[tokio::test]
async fn bad_showtime_ranges_name_the_field() {
    let mut catalogue = spawn_demo().await;
    for (from, to, field) in [
        ("2026-11-31", "", "from"),
        ("2026-11-22", "22/11/2026", "to"),
    ] {
        let status = catalogue
            .client
            .list_showtimes(ListShowtimesRequest {
                from: from.to_owned(),
                to: to.to_owned(),
                ..Default::default()
            })
            .await
            .expect_err("a bad range");
        assert_eq!(status.code(), Code::InvalidArgument, "{from}..{to}");
        assert!(
            status.message().starts_with(&format!("{field}:")),
            "{}",
            status.message()
        );
    }
}

#[tokio::test]
async fn a_range_of_more_than_62_days_is_cut_and_one_ending_before_it_starts_is_empty() {
    let mut catalogue = spawn_demo().await;
    let mut days_between = async |from: &str, to: &str| {
        let showtimes = catalogue
            .client
            .list_showtimes(ListShowtimesRequest {
                from: from.to_owned(),
                to: to.to_owned(),
                ..Default::default()
            })
            .await
            .expect("a range of two valid dates is answered")
            .into_inner()
            .showtimes;
        showtimes
            .into_iter()
            .map(|showtime| showtime.date)
            .collect::<std::collections::BTreeSet<_>>()
    };
    // 62 days from 2026-11-22 end on 2027-01-22.
    let cut = days_between("2026-11-22", "9426-07-12").await;
    assert!(cut.len() > 7, "{cut:?}");
    assert_eq!(cut, days_between("2026-11-22", "2027-01-22").await);
    assert!(days_between("2026-11-25", "2026-11-22").await.is_empty());
}

#[tokio::test]
async fn theaters_fall_back_to_the_site_wide_ticketing_provider() {
    let mut catalogue = spawn_demo().await;
    let theaters = catalogue
        .client
        .list_theaters(ListTheatersRequest::default())
        .await
        .expect("theaters")
        .into_inner()
        .theaters;
    let url = |id: &str| {
        theaters
            .iter()
            .find(|t| t.id == id)
            .and_then(|t| t.ticketing_provider.clone())
            .map(|p| p.url)
    };
    assert_eq!(
        url("101").as_deref(),
        Some("https://tickets.marqueecinemas.example")
    );
    assert_eq!(
        url("103").as_deref(),
        Some("https://boxoffice.harborimax.example")
    );
    let target = catalogue
        .client
        .resolve_ticketing(ResolveTicketingRequest {
            theater_id: "102".to_owned(),
            perf_code: "123".to_owned(),
            kind: "startticketing".to_owned(),
        })
        .await
        .expect("a target")
        .into_inner();
    assert_eq!(
        target.url,
        "https://tickets.marqueecinemas.example/startticketing?theaterCode=MQES&perfCode=123"
    );
    let status = catalogue
        .client
        .resolve_ticketing(ResolveTicketingRequest {
            theater_id: "102".to_owned(),
            perf_code: String::new(),
            kind: "elsewhere".to_owned(),
        })
        .await
        .expect_err("an unknown kind");
    assert_eq!(status.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn the_current_theater_follows_page_then_selection() {
    let catalogue = spawn_demo().await;
    let current = |page: &str, selected: &str| {
        let request = ResolveCurrentTheaterRequest {
            page_theater_id: page.to_owned(),
            selected_theater_id: selected.to_owned(),
        };
        let mut client = catalogue.client.clone();
        async move {
            client
                .resolve_current_theater(request)
                .await
                .expect("an answer")
                .into_inner()
                .theater
                .map(|t| t.id)
        }
    };
    assert_eq!(current("102", "101").await.as_deref(), Some("102"));
    assert_eq!(current("", "101").await.as_deref(), Some("101"));
    assert_eq!(current("", "").await, None);

    let mut single = spawn_catalogue(std::path::Path::new(SINGLE)).await;
    let theater = single
        .client
        .resolve_current_theater(ResolveCurrentTheaterRequest::default())
        .await
        .expect("an answer")
        .into_inner()
        .theater;
    assert!(
        theater.is_some(),
        "a single-location site always has its theater"
    );
}

#[tokio::test]
async fn unknown_ids_are_not_found_with_the_id_named() {
    let mut catalogue = spawn_demo().await;
    let status = catalogue
        .client
        .get_movie(GetMovieRequest {
            id: "42".to_owned(),
        })
        .await
        .expect_err("no such movie");
    assert_eq!(status.code(), Code::NotFound);
    assert_eq!(status.message(), "no movie with id '42'");
    let status = catalogue
        .client
        .get_movie(GetMovieRequest {
            id: "1020".to_owned(),
        })
        .await
        .expect_err("an excluded movie");
    assert_eq!(status.code(), Code::NotFound);
}

#[tokio::test]
async fn movies_and_events_have_generated_posters() {
    let mut catalogue = spawn_demo().await;
    for id in ["1001", "5001"] {
        let poster = catalogue
            .client
            .get_poster(GetPosterRequest { id: id.to_owned() })
            .await
            .expect("a poster")
            .into_inner();
        assert_eq!(poster.content_type, "image/svg+xml");
        assert!(String::from_utf8(poster.body).is_ok_and(|svg| svg.starts_with("<svg")));
    }
}

#[tokio::test]
async fn a_theater_in_another_time_zone_shows_its_own_local_times() {
    let dir = copy_bundle(DEMO);
    edit_json(&dir, "theaters.json", |theaters| {
        theaters[2]["timeZone"] = "America/Chicago".into()
    });
    let mut catalogue = spawn_catalogue(&dir).await;
    let theater = catalogue
        .client
        .get_theater(GetTheaterRequest {
            id: "103".to_owned(),
        })
        .await
        .expect("the theater")
        .into_inner();
    assert_eq!(theater.time_zone, "America/Chicago");
    let showtimes = catalogue
        .client
        .list_showtimes(ListShowtimesRequest {
            theater_id: "103".to_owned(),
            from: "2026-11-22".to_owned(),
            to: "2026-11-22".to_owned(),
            ..Default::default()
        })
        .await
        .expect("showtimes")
        .into_inner()
        .showtimes;
    // The schedule's 20:00 is 20:00 at the theater, an hour after 20:00 in New York.
    let evening = showtimes
        .iter()
        .find(|showtime| showtime.time == "20:00")
        .expect("the 20:00 showing");
    assert_eq!(evening.starts_at, "2026-11-22T20:00:00-06:00");
    assert_eq!(evening.id, format!("103-{}", evening.perf_code));
    // The others keep the site's zone.
    let elsewhere = catalogue
        .client
        .list_showtimes(ListShowtimesRequest {
            theater_id: "101".to_owned(),
            from: "2026-11-22".to_owned(),
            to: "2026-11-22".to_owned(),
            ..Default::default()
        })
        .await
        .expect("showtimes")
        .into_inner()
        .showtimes;
    assert!(elsewhere.iter().all(|s| s.starts_at.ends_with("-05:00")));
}
