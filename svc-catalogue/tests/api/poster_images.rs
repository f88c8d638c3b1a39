//! The point of sale's poster images: fetched once from the address a movie names, kept
//! in the store and served as the movie's poster; an address that fails (an HTML page, a
//! refusal) leaves the drawn poster. The server is wiremock on loopback, which the
//! service's own fetcher refuses (public https only): the test's catalogue allows it.

use std::path::Path;
use std::time::Duration;

use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::catalogue::v1::{GetMovieRequest, GetPosterRequest};
use svc_catalogue::Application;
use svc_catalogue::domain::records::RecordKind;
use svc_catalogue::store::Store;
use svc_catalogue::store::poster_images::PosterLimits;
use test_support::polling::eventually;
use tonic::transport::Channel;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::helpers::{DEMO, TEST_AUTHOR, config_in, serve};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR poster bytes";
const JPEG: &[u8] = b"\xFF\xD8\xFF\xE0\0\x10JFIF another poster";
const WITHIN: Duration = Duration::from_secs(10);

/// The demo, with a store the test writes as the ingest API would.
async fn catalogue() -> (CatalogueClient<Channel>, Store) {
    let data_dir = test_support::dirs::fresh_dir("catalogue_posters");
    let mut config = config_in(Path::new(DEMO), &data_dir);
    config.poster_images_from_local_addresses = true;
    let application = Application::build(config).await.expect("the demo loads");
    let store = application.store().clone();
    (serve(application, data_dir).await.client, store)
}

/// Makes movie `id` name `url` as its poster image.
async fn name_poster(store: &Store, id: &str, url: &str) {
    let site = store
        .load_site("demo")
        .await
        .expect("read")
        .expect("the demo");
    let mut movie = site
        .content
        .movies
        .into_iter()
        .find(|movie| movie.id == id)
        .expect("the movie");
    movie.poster_image_url = url.to_owned();
    store
        .put_record("demo", RecordKind::Movie, id, &movie, TEST_AUTHOR)
        .await
        .expect("written");
}

async fn poster_url(client: &CatalogueClient<Channel>, id: &str) -> String {
    client
        .clone()
        .get_movie(GetMovieRequest { id: id.to_owned() })
        .await
        .expect("the movie")
        .into_inner()
        .poster_url
}

#[tokio::test]
async fn a_movies_poster_image_is_fetched_once_and_served_and_a_failing_one_keeps_the_drawn_poster()
{
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/images/1001.png"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("content-type", "image/png")
                .set_body_bytes(PNG),
        )
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/images/1001-new.jpg"))
        .respond_with(ResponseTemplate::new(200).set_body_bytes(JPEG))
        .expect(1)
        .mount(&server)
        .await;
    // A CDN's refusal, and an HTML page served as if it were the image.
    Mock::given(method("GET"))
        .and(path("/images/1002.jpg"))
        .respond_with(ResponseTemplate::new(403).set_body_string("<html>Forbidden</html>"))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/images/1003.jpg"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("content-type", "image/jpeg")
                .set_body_string("<!DOCTYPE html><title>Sign in</title>"),
        )
        .mount(&server)
        .await;
    let (client, store) = catalogue().await;
    assert_eq!(poster_url(&client, "1001").await, "/posters/1001.svg");

    name_poster(&store, "1002", &format!("{}/images/1002.jpg", server.uri())).await;
    name_poster(&store, "1003", &format!("{}/images/1003.jpg", server.uri())).await;
    name_poster(&store, "1001", &format!("{}/images/1001.png", server.uri())).await;
    let served = eventually(WITHIN, || async {
        poster_url(&client, "1001")
            .await
            .starts_with("/posters/images/1001-")
    })
    .await;
    assert!(served, "the image is never served");
    let url = poster_url(&client, "1001").await;
    assert!(url.ends_with(".png"), "{url}");
    let poster = client
        .clone()
        .get_poster(GetPosterRequest {
            id: "1001".to_owned(),
        })
        .await
        .expect("the poster")
        .into_inner();
    assert_eq!(poster.content_type, "image/png");
    assert_eq!(poster.body, PNG);
    for failing in ["1002", "1003"] {
        assert_eq!(
            poster_url(&client, failing).await,
            format!("/posters/{failing}.svg"),
            "movie {failing} keeps its drawn poster"
        );
        let drawn = client
            .clone()
            .get_poster(GetPosterRequest {
                id: failing.to_owned(),
            })
            .await
            .expect("the drawn poster")
            .into_inner();
        assert_eq!(drawn.content_type, "image/svg+xml");
    }

    // The revisions since did not fetch the image again (`expect(1)`); a new address
    // is fetched, and the poster's address changes with its bytes.
    name_poster(
        &store,
        "1001",
        &format!("{}/images/1001-new.jpg", server.uri()),
    )
    .await;
    let replaced = eventually(WITHIN, || async {
        poster_url(&client, "1001").await.ends_with(".jpg")
    })
    .await;
    assert!(replaced, "the new image is never served");
    assert_ne!(poster_url(&client, "1001").await, url);
    server.verify().await;
}

#[tokio::test]
async fn a_site_keeps_poster_images_only_within_its_share() {
    let (_, store) = catalogue().await;
    let url = |id: &str| format!("https://posters.example/{id}.png");
    for id in ["1001", "1002", "1003"] {
        name_poster(&store, id, &url(id)).await;
    }
    let one_image = PosterLimits {
        images: 1,
        bytes: 1024 * 1024,
    };
    let keep = |id: &'static str, limits: PosterLimits, body: Vec<u8>| {
        let store = store.clone();
        let url = url(id);
        async move {
            store
                .put_poster_image("demo", id, &url, "image/png", &body, limits)
                .await
        }
    };
    keep("1001", one_image, PNG.to_vec())
        .await
        .expect("within the share");
    let refused = keep("1002", one_image, PNG.to_vec())
        .await
        .expect_err("past the share");
    assert!(
        refused.to_string().contains("POSTER_IMAGES_PER_SITE"),
        "{refused}"
    );
    // The movie's own image is replaced within the share.
    let mut replaced = PNG.to_vec();
    replaced.push(1);
    keep("1001", one_image, replaced).await.expect("replaced");
    // Bytes: one image of 600 KB fits 1 MB, a second does not.
    let large = |mark: u8| {
        let mut body = PNG.to_vec();
        body.resize(600 * 1024, mark);
        body
    };
    let one_megabyte = PosterLimits {
        images: 10,
        bytes: 1024 * 1024,
    };
    keep("1001", one_megabyte, large(2))
        .await
        .expect("within the share");
    let refused = keep("1003", one_megabyte, large(3))
        .await
        .expect_err("past the bytes");
    assert!(
        refused.to_string().contains("POSTER_IMAGES_MB_PER_SITE"),
        "{refused}"
    );
}
