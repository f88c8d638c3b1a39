//! Favourite films, which must be in the site's catalogue (code 72; the real svc-catalogue
//! serving the demo chain and The Bijou), and favourite theaters with their newsletter
//! flag, which need a version 3 session. Each test runs on SQLite and on PostgreSQL.

use std::path::Path;

use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::{Value, json};
use tonic::transport::Channel;

use crate::helpers::{
    PASSWORD, TestDatabase, V1_LOGIN, V3_LOGIN, create_member, cypher, get, login, member_session,
    peach, request, session_token, spawn_loyalty, spawn_loyalty_with,
};
use crate::on_both_databases;

const DEMO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/demo");
const SINGLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../site/single");

/// The real catalogue service on a random loopback port, serving the demo chain as its
/// default site and The Bijou (site/single) as the site `single`: its address.
async fn spawn_catalogue() -> String {
    let data_dir = test_support::dirs::fresh_dir("loyalty_catalogue")
        .display()
        .to_string();
    let config = svc_catalogue::Config::from_lookup(|name| match name {
        "SITE_DIR" => Some(DEMO.to_owned()),
        "DATA_DIR" => Some(data_dir.clone()),
        _ => None,
    })
    .expect("a valid configuration");
    let store = svc_catalogue::connect_store(&config)
        .await
        .expect("the catalogue store");
    let clock = svc_catalogue::version::Clock { fixed: None };
    svc_catalogue::import::import(&store, "single", Path::new(SINGLE), clock)
        .await
        .expect("single imported");
    let application = svc_catalogue::Application::build(config)
        .await
        .expect("the catalogue starts");
    test_support::net::spawn_on_loopback(|listener| {
        application.serve(listener, std::future::pending())
    })
    .await
}

/// `request` as a call about `site`: the reply's JSON body.
async fn call_on(client: &mut LoyaltyClient<Channel>, site: &str, request: CypherRequest) -> Value {
    let mut call = tonic::Request::new(request);
    call.metadata_mut()
        .insert(proto::site::METADATA, site.parse().expect("a site id"));
    let reply = client.cypher(call).await.expect("answered").into_inner();
    serde_json::from_str(&reply.body).expect("a JSON reply")
}

/// A new member of `site`, logged in: their session token.
async fn member_session_on(client: &mut LoyaltyClient<Channel>, site: &str, email: &str) -> String {
    let credentials = json!({"username": email, "password": PASSWORD});
    let created = call_on(
        client,
        site,
        request("POST", "/Member/v3/Create", credentials.clone()),
    )
    .await;
    assert_eq!(peach(&created), 0, "{created}");
    session_token(&call_on(client, site, request("POST", V3_LOGIN, credentials)).await)
}

/// Adds `film` to the favourites of the member of `token` on `site`: the peachCode.
async fn add_favourite_on(
    client: &mut LoyaltyClient<Channel>,
    site: &str,
    token: &str,
    film: &str,
) -> i64 {
    let add = CypherRequest {
        session_token: token.to_owned(),
        ..request(
            "POST",
            "/Member/v3/AddFavoriteFilm",
            json!({"externalFilmId": film}),
        )
    };
    peach(&call_on(client, site, add).await)
}

async fn a_favourite_film_must_be_in_the_catalogue(database: &TestDatabase) {
    let catalogue = spawn_catalogue().await;
    let mut client = spawn_loyalty_with(database, &[("CATALOGUE_ADDR", &catalogue)]).await;
    let token = member_session(&mut client, "ann@example.com").await;
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/AddFavoriteFilm",
        json!({"externalFilmId": "999999", "boxofficeId": 999999}),
        Some(&token),
    )
    .await;
    assert_eq!(peach(&body), 72);
    assert_eq!(
        body["clientErrorMessage"],
        "This movie can't be added to your watchlist yet (Code: 72)"
    );
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/AddFavoriteFilm",
        json!({"externalFilmId": "1001", "boxofficeId": 1001}),
        Some(&token),
    )
    .await;
    assert_eq!(peach(&body), 0, "{body}");
    let (_, body) = get(&mut client, "/Member/v3/GetFavoriteFilms", Some(&token)).await;
    assert_eq!(
        (&body["externalFilmIds"], &body["boxofficeIds"]),
        (&json!(["1001"]), &json!([1001]))
    );
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/RemoveFavoriteFilm",
        json!({"externalFilmId": "1001", "boxofficeId": 1001}),
        Some(&token),
    )
    .await;
    assert_eq!(body["externalFilmIds"], json!([]));
}

async fn a_favourite_film_must_be_in_its_own_sites_catalogue(database: &TestDatabase) {
    let catalogue = spawn_catalogue().await;
    let mut client = spawn_loyalty_with(database, &[("CATALOGUE_ADDR", &catalogue)]).await;
    let on_demo = member_session_on(&mut client, "demo", "ann@example.com").await;
    let on_single = member_session_on(&mut client, "single", "ann@example.com").await;
    // 1003 plays at the demo chain only; 1001 at both.
    assert_eq!(
        add_favourite_on(&mut client, "single", &on_single, "1003").await,
        72
    );
    assert_eq!(
        add_favourite_on(&mut client, "demo", &on_demo, "1003").await,
        0
    );
    assert_eq!(
        add_favourite_on(&mut client, "single", &on_single, "1001").await,
        0
    );
}

async fn favourite_theaters_keep_a_newsletter_flag_and_need_a_version_3_session(
    database: &TestDatabase,
) {
    let mut client = spawn_loyalty(database).await;
    let token = member_session(&mut client, "ann@example.com").await;
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/AddFavoriteCinema",
        json!({"favoriteCinemas": {"boxofficeCinemaId": "1", "subscribeToNewsletter": true}}),
        Some(&token),
    )
    .await;
    assert_eq!(
        body["favoriteCinemas"],
        json!([{"boxofficeCinemaId": "1", "subscribeToNewsletter": true}])
    );
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/UpdateFavoriteCinemas",
        json!({"favoriteCinemas": [{"boxofficeCinemaId": "1", "subscribeToNewsletter": false}]}),
        Some(&token),
    )
    .await;
    assert_eq!(body["favoriteCinemas"][0]["subscribeToNewsletter"], false);
    let (_, body) = cypher(
        &mut client,
        "POST",
        "/Member/v3/RemoveFavoriteCinema",
        json!({"boxofficeCinemaId": "1"}),
        Some(&token),
    )
    .await;
    assert_eq!(body["favoriteCinemas"], json!([]));
    let email = "old@example.com";
    create_member(&mut client, email).await;
    let v1 = login(&mut client, V1_LOGIN, email).await["userSessionId"].clone();
    let (status, body) = get(&mut client, "/Member/v3/GetFavoriteCinemas", v1.as_str()).await;
    assert_eq!((status, peach(&body)), (403, 403));
}

on_both_databases!(
    a_favourite_film_must_be_in_the_catalogue,
    a_favourite_film_must_be_in_its_own_sites_catalogue,
    favourite_theaters_keep_a_newsletter_flag_and_need_a_version_3_session,
);
