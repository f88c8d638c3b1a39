//! Favourite films, which must be in the site's catalogue (code 72; the real svc-catalogue
//! serving the demo chain and The Bijou, tests/api/catalogue.rs), and favourite theaters with their newsletter
//! flag, which need a version 3 session. Each test runs on SQLite and on PostgreSQL.

use proto::loyalty::v1::CypherRequest;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use serde_json::json;
use tonic::transport::Channel;

use crate::catalogue;
use crate::helpers::{
    PASSWORD, TestDatabase, V1_LOGIN, V3_LOGIN, create_member, cypher, get, login, member_session,
    peach, request, send_on, session_token, spawn_loyalty,
};
use crate::on_both_databases;

/// A new member of `site`, logged in: their session token.
async fn member_session_on(client: &mut LoyaltyClient<Channel>, site: &str, email: &str) -> String {
    let credentials = json!({"username": email, "password": PASSWORD});
    let (_, created) = send_on(
        client,
        site,
        request("POST", "/Member/v3/Create", credentials.clone()),
    )
    .await;
    assert_eq!(peach(&created), 0, "{created}");
    session_token(
        &send_on(client, site, request("POST", V3_LOGIN, credentials))
            .await
            .1,
    )
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
    peach(&send_on(client, site, add).await.1)
}

async fn a_favourite_film_must_be_in_the_catalogue(database: &TestDatabase) {
    let mut client = spawn_loyalty(database).await;
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
    let mut client = spawn_loyalty(database).await;
    let on_demo = member_session_on(&mut client, "demo", "ann@example.com").await;
    let on_single = member_session_on(&mut client, catalogue::OPEN_BIJOU, "ann@example.com").await;
    // 1003 plays at the demo chain only; 1001 at both.
    assert_eq!(
        add_favourite_on(&mut client, catalogue::OPEN_BIJOU, &on_single, "1003").await,
        72
    );
    assert_eq!(
        add_favourite_on(&mut client, "demo", &on_demo, "1003").await,
        0
    );
    assert_eq!(
        add_favourite_on(&mut client, catalogue::OPEN_BIJOU, &on_single, "1001").await,
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
