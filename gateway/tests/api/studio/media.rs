//! A site's media library on the studio's host (docs/studio.md#media), through svc-studio
//! to svc-catalogue: an upload kept at each width as JPEG and WebP without its metadata
//! and served from the site's host; a page naming it renders its widths; files that are
//! not the image they say, bombs, SVGs and oversized bodies refused with nothing kept;
//! an image in use not removed; each role held to its permissions.

use image::codecs::jpeg::JpegEncoder;
use image::{ExtendedColorType, ImageEncoder, RgbImage};
use reqwest::header::CONTENT_TYPE;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use svc_studio::domain::access::Role;

use super::json_of;
use crate::helpers::{TestGateway, error_of, eventually, spawn_gateway};

const MEDIA: &str = "/studio/api/v1/sites/demo/media";
const BOUNDARY: &str = "media-test-boundary";

/// A form's part: its name, and for a file its name, content type and bytes.
enum Part<'a> {
    Text(&'a str, &'a str),
    File {
        file_name: &'a str,
        content_type: &'a str,
        body: &'a [u8],
    },
}

/// `parts` as `multipart/form-data` with [`BOUNDARY`].
fn form(parts: &[Part<'_>]) -> Vec<u8> {
    let mut body = Vec::new();
    for part in parts {
        body.extend(format!("--{BOUNDARY}\r\n").as_bytes());
        match part {
            Part::Text(name, value) => {
                body.extend(
                    format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                        .as_bytes(),
                );
            }
            Part::File {
                file_name,
                content_type,
                body: bytes,
            } => {
                body.extend(
                    format!(
                        "Content-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
                         Content-Type: {content_type}\r\n\r\n"
                    )
                    .as_bytes(),
                );
                body.extend(*bytes);
                body.extend(b"\r\n");
            }
        }
    }
    body.extend(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// A `width` x `height` JPEG carrying an EXIF block with a camera's location.
pub(super) fn photo(width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 251) as u8, (y % 241) as u8, 90])
    });
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, 85)
        .write_image(image.as_raw(), width, height, ExtendedColorType::Rgb8)
        .expect("encoded");
    let exif = b"Exif\0\0GPS 51.5072 N 0.1276 W";
    let mut with_exif = jpeg[..2].to_vec();
    with_exif.extend([0xFF, 0xE1]);
    with_exif.extend(u16::try_from(exif.len() + 2).expect("short").to_be_bytes());
    with_exif.extend(exif);
    with_exif.extend(&jpeg[2..]);
    with_exif
}

impl TestGateway {
    async fn upload(&self, cookie: &str, parts: &[Part<'_>]) -> (StatusCode, Value) {
        json_of(
            self.studio_change(Method::POST, MEDIA, cookie)
                .header(
                    CONTENT_TYPE,
                    format!("multipart/form-data; boundary={BOUNDARY}"),
                )
                .body(form(parts))
                .send()
                .await
                .expect("sent"),
        )
        .await
    }

    pub(super) async fn upload_photo(
        &self,
        cookie: &str,
        body: &[u8],
        alt: &str,
    ) -> (StatusCode, Value) {
        self.upload(
            cookie,
            &[
                Part::File {
                    file_name: "lobby.jpg",
                    content_type: "image/jpeg",
                    body,
                },
                Part::Text("alt", alt),
            ],
        )
        .await
    }

    /// The site's file at `path` once it is published (within seconds).
    async fn published_file(&self, path: &str) -> reqwest::Response {
        let served = eventually(20, || async {
            self.get(path).await.status() == StatusCode::OK
        })
        .await;
        assert!(served, "{path} is served");
        self.get(path).await
    }
}

#[tokio::test]
async fn an_upload_is_kept_at_each_width_without_its_metadata_served_and_rendered_with_its_widths()
{
    let gateway = spawn_gateway().await;
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, uploaded) = gateway
        .upload_photo(&editor, &photo(3000, 2000), "The lobby's popcorn counter")
        .await;
    assert_eq!(status, StatusCode::CREATED, "{uploaded}");
    let id = uploaded["id"].as_str().expect("an id").to_owned();
    assert_eq!(
        uploaded.as_object().map(|body| body.len()),
        Some(4),
        "the contract's four fields: {uploaded}"
    );
    assert_eq!(
        (uploaded["width"].as_u64(), uploaded["height"].as_u64()),
        (Some(2400), Some(1600))
    );
    let path = format!("/media/{id}.jpg");
    assert!(
        uploaded["url"]
            .as_str()
            .is_some_and(|url| url.starts_with("http") && url.ends_with(&path)),
        "on the site's host: {uploaded}"
    );

    let largest = gateway.published_file(&path).await;
    assert_eq!(largest.headers()["content-type"], "image/jpeg");
    let jpeg = largest.bytes().await.expect("a body");
    assert!(jpeg.starts_with(&[0xFF, 0xD8]));
    assert!(
        !jpeg.windows(4).any(|window| window == b"Exif")
            && !jpeg.windows(3).any(|window| window == b"GPS"),
        "the camera's metadata is not kept"
    );
    for width in [480, 960, 1600] {
        let file = gateway
            .published_file(&format!("/media/{id}-{width}.webp"))
            .await;
        assert_eq!(file.headers()["content-type"], "image/webp");
        let decoded =
            image::load_from_memory(&file.bytes().await.expect("a body")).expect("a WebP");
        assert_eq!(decoded.width(), width);
    }

    let (status, listed) = gateway
        .studio_read(&format!("{MEDIA}?q=POPCORN"), &editor)
        .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["path"], path.as_str());
    assert_eq!(listed[0]["fileName"], "lobby.jpg");
    let (_, none) = gateway
        .studio_read(&format!("{MEDIA}?q=parking"), &editor)
        .await;
    assert_eq!(none, json!([]));

    // A page names it: published, it renders its widths; the image cannot go while named.
    let page = json!({
        "slug": "lobby",
        "title": "Our lobby",
        "seoImage": path,
        "blocks": [{"type": "image", "src": path, "alt": "The popcorn counter", "caption": "Open daily"}],
    });
    let (status, body) = json_of(
        gateway
            .studio_change(
                Method::PUT,
                "/studio/api/v1/sites/demo/draft/pages/lobby",
                &editor,
            )
            .json(&page)
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = json_of(
        gateway
            .studio_change(Method::DELETE, &format!("{MEDIA}/{id}"), &editor)
            .json(&json!({}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        error_of(&body).1.contains("the draft's page lobby"),
        "{body}"
    );
    let (status, body) = json_of(
        gateway
            .studio_change(
                Method::POST,
                "/studio/api/v1/sites/demo/draft/publish",
                &editor,
            )
            .json(&json!({}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let page_data = gateway
        .published_file("/page-data/lobby/page-data.json")
        .await;
    let page_data = page_data.text().await.expect("a body");
    assert!(
        page_data.contains(&format!("/media/{id}-480.webp 480w"))
            && page_data.contains(&format!("/media/{id}.jpg 2400w")),
        "{page_data}"
    );
    let html = gateway.get("/lobby/").await.text().await.expect("a body");
    assert!(
        html.contains(&path),
        "the page's link preview shows it: {html}"
    );
}

#[tokio::test]
async fn a_file_that_is_not_the_image_it_says_a_bomb_an_svg_or_too_much_is_refused_and_nothing_kept()
 {
    let gateway = spawn_gateway().await;
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let file = |content_type: &'static str, body: &'static [u8]| Part::File {
        file_name: "upload",
        content_type,
        body,
    };
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
    let (status, body) = gateway
        .upload(
            &editor,
            &[file("image/svg+xml", svg), Part::Text("alt", "A logo")],
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(error_of(&body).0, "invalid_argument");
    assert_eq!(body["error"]["field"], "file", "{body}");
    assert!(error_of(&body).1.contains("SVG"), "{body}");

    let (status, body) = gateway
        .upload(
            &editor,
            &[
                file("image/jpeg", b"GIF89a not really"),
                Part::Text("alt", "A logo"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "file", "{body}");

    let jpeg = photo(64, 48);
    let (status, body) = gateway
        .upload(
            &editor,
            &[
                Part::File {
                    file_name: "logo.png",
                    content_type: "image/png",
                    body: &jpeg,
                },
                Part::Text("alt", "A logo"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        error_of(&body)
            .1
            .contains("says it is image/png but it is a JPEG"),
        "{body}"
    );

    // A PNG of 40 bytes declaring 100,000 x 100,000 pixels.
    let mut bomb = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bomb.extend(100_000u32.to_be_bytes());
    bomb.extend(100_000u32.to_be_bytes());
    bomb.extend([8, 2, 0, 0, 0, 0, 0, 0, 0]);
    let (status, body) = gateway
        .upload(
            &editor,
            &[
                Part::File {
                    file_name: "bomb.png",
                    content_type: "image/png",
                    body: &bomb,
                },
                Part::Text("alt", "A bomb"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "file", "{body}");

    let (status, body) = gateway.upload_photo(&editor, &jpeg, "  ").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "alt", "{body}");

    let (status, body) = gateway
        .upload(&editor, &[Part::Text("alt", "Nothing")])
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "file", "{body}");

    let huge = vec![0xFF; 10 * 1024 * 1024 + 1];
    let (status, body) = gateway.upload_photo(&editor, &huge, "Too much").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");

    let (status, body) = json_of(
        gateway
            .studio_change(Method::POST, MEDIA, &editor)
            .json(&json!({"file": "lobby.jpg", "alt": "JSON"}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");

    let (status, listed) = gateway.studio_read(MEDIA, &editor).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed, json!([]), "nothing kept");
}

#[tokio::test]
async fn each_role_is_held_to_its_permissions_and_another_sites_library_is_not_found() {
    let gateway = spawn_gateway().await;
    let jpeg = photo(640, 480);
    let viewer = gateway
        .staff_cookie("vi@chain.example", Role::Viewer, Some("demo"))
        .await;
    let (status, body) = gateway.upload_photo(&viewer, &jpeg, "A lobby").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let elsewhere = gateway
        .staff_cookie("el@chain.example", Role::Editor, Some("other-chain"))
        .await;
    let (status, body) = gateway.upload_photo(&elsewhere, &jpeg, "A lobby").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = gateway.studio_read(MEDIA, &elsewhere).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = gateway
        .upload_photo(&viewer.replace('=', "=x"), &jpeg, "A lobby")
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    let admin = gateway
        .staff_cookie("ad@chain.example", Role::Admin, Some("demo"))
        .await;
    let (status, uploaded) = gateway.upload_photo(&admin, &jpeg, "A lobby").await;
    assert_eq!(status, StatusCode::CREATED, "{uploaded}");
    let id = uploaded["id"].as_str().expect("an id");
    assert_eq!(
        (uploaded["width"].as_u64(), uploaded["height"].as_u64()),
        (Some(640), Some(480))
    );

    let (status, listed) = gateway.studio_read(MEDIA, &viewer).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a viewer reads the library: {listed}"
    );
    assert_eq!(listed[0]["alt"], "A lobby");
    let describe = |cookie: &str, alt: &str| {
        gateway
            .studio_change(Method::PATCH, &format!("{MEDIA}/{id}"), cookie)
            .json(&json!({"alt": alt}))
            .send()
    };
    let (status, _) = json_of(describe(&viewer, "Mine now").await.expect("sent")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, described) =
        json_of(describe(&admin, "The lobby at night").await.expect("sent")).await;
    assert_eq!(status, StatusCode::OK, "{described}");
    assert_eq!(described["alt"], "The lobby at night");

    // Replaced: the same id and path, the new size.
    let (status, replaced) = json_of(
        gateway
            .studio_change(Method::PUT, &format!("{MEDIA}/{id}/file"), &admin)
            .header(
                CONTENT_TYPE,
                format!("multipart/form-data; boundary={BOUNDARY}"),
            )
            .body(form(&[Part::File {
                file_name: "lobby-2.jpg",
                content_type: "image/jpeg",
                body: &photo(320, 320),
            }]))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{replaced}");
    assert_eq!(
        (replaced["id"].as_str(), replaced["width"].as_u64()),
        (Some(id), Some(320))
    );
    assert_eq!(replaced["alt"], "The lobby at night");

    let (status, body) = json_of(
        gateway
            .studio_change(Method::DELETE, &format!("{MEDIA}/{id}"), &admin)
            .json(&json!({}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (_, listed) = gateway.studio_read(MEDIA, &admin).await;
    assert_eq!(listed, json!([]));
    let (_, entries) = gateway
        .studio_read("/studio/api/v1/audit?siteId=demo", &admin)
        .await;
    let actions: Vec<&str> = entries
        .as_array()
        .map(|entries| {
            entries
                .iter()
                .filter_map(|entry| entry["action"].as_str())
                .collect()
        })
        .unwrap_or_default();
    for action in [
        "media.uploaded",
        "media.described",
        "media.replaced",
        "media.deleted",
    ] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
}
