//! Favourite films, which must be in the catalogue (code 72), and favourite theaters with
//! their newsletter flag, which need a version 3 session. Each test runs on SQLite and on
//! PostgreSQL.

use proto::catalogue::v1 as pb;
use proto::catalogue::v1::catalogue_server::{Catalogue, CatalogueServer};
use serde_json::json;
use tonic::{Request, Response, Status};

use crate::helpers::{
    TestDatabase, V1_LOGIN, create_member, cypher, get, login, member_session, peach,
    spawn_loyalty, spawn_loyalty_with,
};
use crate::on_both_databases;

/// The films the stub catalogue has.
const FILMS: [&str; 1] = ["1001"];

/// The catalogue svc-loyalty asks whether a film exists: GetMovie answers [`FILMS`] and
/// NotFound for any other id; svc-loyalty makes no other call, and each is unimplemented.
#[derive(Debug)]
struct FilmsOnly;

macro_rules! films_only_catalogue {
    ($($call:ident($request:ident) -> $reply:ident),* $(,)?) => {
        #[tonic::async_trait]
        impl Catalogue for FilmsOnly {
            async fn get_movie(
                &self,
                request: Request<pb::GetMovieRequest>,
            ) -> Result<Response<pb::Movie>, Status> {
                let id = request.into_inner().id;
                if FILMS.contains(&id.as_str()) {
                    Ok(Response::new(pb::Movie { id, ..Default::default() }))
                } else {
                    Err(Status::not_found(format!("no movie {id}")))
                }
            }

            type WatchSiteStream = futures_util::stream::Empty<Result<pb::SiteVersion, Status>>;

            async fn watch_site(
                &self,
                _: Request<pb::WatchSiteRequest>,
            ) -> Result<Response<Self::WatchSiteStream>, Status> {
                Err(Status::unimplemented("watch_site"))
            }

            type WatchSitesStream =
                futures_util::stream::Empty<Result<pb::SiteAddresses, Status>>;

            async fn watch_sites(
                &self,
                _: Request<pb::WatchSitesRequest>,
            ) -> Result<Response<Self::WatchSitesStream>, Status> {
                Err(Status::unimplemented("watch_sites"))
            }

            $(
                async fn $call(
                    &self,
                    _: Request<pb::$request>,
                ) -> Result<Response<pb::$reply>, Status> {
                    Err(Status::unimplemented(stringify!($call)))
                }
            )*
        }
    };
}

films_only_catalogue!(
    get_site(GetSiteRequest) -> Site,
    list_theaters(ListTheatersRequest) -> ListTheatersResponse,
    get_theater(GetTheaterRequest) -> Theater,
    list_movies(ListMoviesRequest) -> ListMoviesResponse,
    list_showtimes(ListShowtimesRequest) -> ListShowtimesResponse,
    list_events(ListEventsRequest) -> ListEventsResponse,
    get_event(GetEventRequest) -> Event,
    list_pages(ListPagesRequest) -> ListPagesResponse,
    get_page(GetPageRequest) -> Page,
    get_messages(GetMessagesRequest) -> Messages,
    get_poster(GetPosterRequest) -> Poster,
    resolve_current_theater(ResolveCurrentTheaterRequest) -> CurrentTheater,
    resolve_ticketing(ResolveTicketingRequest) -> TicketingTarget,
    search(SearchRequest) -> SearchResponse,
);

/// [`FilmsOnly`] over gRPC on a random loopback port: its address.
async fn spawn_catalogue() -> String {
    test_support::net::spawn_on_loopback(|listener| {
        tonic::transport::Server::builder()
            .add_service(CatalogueServer::new(FilmsOnly))
            .serve_with_incoming(tonic::transport::server::TcpIncoming::from(listener))
    })
    .await
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
    favourite_theaters_keep_a_newsletter_flag_and_need_a_version_3_session,
);
