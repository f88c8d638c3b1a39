//! The draft's preview on the site's own host (docs/studio.md#preview), through
//! svc-studio, svc-catalogue and the real renderer: the page as the draft has it for the
//! token's holder, rendered for the request, never cached or indexed; the published page
//! for anyone else, and for the token once its holder's grant is gone.

use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use serde_json::json;
use svc_studio::domain::access::Role;

use super::{json_of, studio_may_frame};
use crate::helpers::{
    DEMO_SITE, Renderer, TestGateway, eventually, free_port, spawn_rendered_gateway,
};

const DRAFT_NAME: &str = "Marquee Preview Palace";

impl TestGateway {
    /// The path and query of the preview of `path` the studio gives `cookie`'s holder.
    async fn preview_address(&self, cookie: &str, path: &str) -> (StatusCode, String) {
        let (status, body) = self
            .studio_read(
                &format!("/studio/api/v1/sites/demo/preview?path={}", urlencode(path)),
                cookie,
            )
            .await;
        let url = body["url"].as_str().unwrap_or_default();
        let address = url
            .find("/cms-preview")
            .map(|at| url[at..].to_owned())
            .unwrap_or_else(|| body.to_string());
        (status, address)
    }

    async fn page_text(&self, path: &str) -> (StatusCode, reqwest::header::HeaderMap, String) {
        let response = self.get(path).await;
        let (status, headers) = (response.status(), response.headers().clone());
        (status, headers, response.text().await.expect("a body"))
    }
}

fn urlencode(text: &str) -> String {
    serde_urlencoded::to_string([("", text)]).expect("encoded")[1..].to_owned()
}

#[tokio::test]
async fn the_draft_shows_on_the_sites_host_for_the_tokens_holder_alone() {
    let renderer = Renderer::start(free_port()).await;
    let gateway = spawn_rendered_gateway(DEMO_SITE, &renderer.url()).await;
    assert!(
        eventually(30, || async {
            gateway.ops_json("/readyz").await.1["snapshot"]["rendered"] == true
        })
        .await,
        "the site is rendered"
    );
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, body) = gateway
        .patch_site(
            &editor,
            &json!({"name": DRAFT_NAME, "config": {"theme": {"palette": {"primary": "#0A7E8C"}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, address) = gateway.preview_address(&editor, "/").await;
    assert_eq!(status, StatusCode::OK, "{address}");
    assert!(address.starts_with("/cms-preview/?preview="), "{address}");
    let (status, headers, page) = gateway.page_text(&address).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(
        page.contains(&format!("{DRAFT_NAME}</title>")),
        "the draft's name: {page}"
    );
    assert!(
        page.to_ascii_uppercase().contains("#0A7E8C"),
        "the draft's colour in the page's style"
    );
    assert!(
        page.contains(r#"data-testid="hero""#),
        "rendered, readable without JavaScript"
    );
    assert!(page.contains(r#"<meta name="robots" content="noindex" />"#));
    assert_eq!(headers[CACHE_CONTROL], "no-store");
    assert_eq!(headers["x-robots-tag"], "noindex");
    assert!(
        headers[CONTENT_TYPE]
            .to_str()
            .expect("text")
            .starts_with("text/html")
    );
    let policy = headers[CONTENT_SECURITY_POLICY].to_str().expect("text");
    assert!(studio_may_frame(policy), "the studio frames it: {policy}");
    assert!(
        policy.contains("'sha256-"),
        "the inline data's hashes: {policy}"
    );

    let (_, _, published) = gateway.page_text("/").await;
    assert!(
        !published.contains(DRAFT_NAME),
        "the public page is the published one"
    );
    let (status, _, shell) = gateway.page_text("/cms-preview/?preview=not-a-token").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        !shell.contains(DRAFT_NAME),
        "a wrong token previews what is published"
    );
    let token = address.split_once("preview=").expect("a token").1;
    let (status, _, _) = gateway
        .page_text(&format!("/cms-preview/no-such-page/?preview={token}"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, body) = json_of(
        gateway
            .studio_get("/studio/api/v1/sites/demo/preview?path=movies")
            .header(reqwest::header::COOKIE, &editor)
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "path");
    let (status, body) = gateway
        .studio_read("/studio/api/v1/sites/demo/preview", &editor)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("path")),
        "names the missing query: {body}"
    );
    let (status, _) = json_of(
        gateway
            .studio_get("/studio/api/v1/sites/demo/preview")
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "a stranger, before the query"
    );
    let elsewhere = gateway
        .staff_cookie("el@chain.example", Role::Viewer, Some("other-chain"))
        .await;
    let (status, _) = gateway.preview_address(&elsewhere, "/").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another site's staff");

    let (_, me) = gateway.studio_read("/studio/api/v1/me", &editor).await;
    let admin = gateway
        .staff_cookie("ad@chain.example", Role::Admin, Some("demo"))
        .await;
    let removed = gateway
        .studio_delete(
            &format!(
                "/studio/api/v1/sites/demo/staff/{}",
                me["staff"]["id"].as_str().expect("an id")
            ),
            &admin,
        )
        .send()
        .await
        .expect("sent");
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let (_, _, page) = gateway.page_text(&address).await;
    assert!(
        !page.contains(DRAFT_NAME),
        "the grant removed, the token shows nothing more"
    );
}

#[tokio::test]
async fn a_token_shows_its_own_sites_draft_and_on_no_other_sites_host() {
    // No renderer: a token taken on its site's host fails to render (503
    // preview_unavailable); on another site's host it is no token at all.
    let gateway = crate::helpers::spawn_gateway().await;
    crate::sites::add_single(&gateway).await;
    let at = |host: &'static str, path: String| {
        let gateway = &gateway;
        async move {
            gateway
                .client
                .get(gateway.url(&path))
                .header(reqwest::header::HOST, format!("{host}:8080"))
                .send()
                .await
                .expect("sent")
        }
    };
    // Each host its own site's published app data (while single is not routed, the
    // demo answers every host).
    let app_data = |host: &'static str| async move {
        let response = at(host, "/page-data/app-data.json".to_owned()).await;
        (
            response.status(),
            response.bytes().await.unwrap_or_default(),
        )
    };
    assert!(
        eventually(15, || async {
            let single = app_data("single.localhost").await;
            single.0 == StatusCode::OK && single.1 != app_data("demo.localhost").await.1
        })
        .await,
        "single is published on its host"
    );
    let editor = gateway
        .staff_cookie("ed@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, address) = gateway.preview_address(&editor, "/").await;
    assert_eq!(status, StatusCode::OK, "{address}");

    let answer = |response: reqwest::Response| async move {
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let body: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        (
            status,
            body["error"]["code"].as_str().map(str::to_owned),
            text,
        )
    };
    let (status, code, _) = answer(at("demo.localhost", address.clone()).await).await;
    assert_eq!(
        (status, code.as_deref()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("preview_unavailable")),
        "the demo's host takes the token, and has no renderer to show the draft"
    );
    assert_eq!(
        answer(at("single.localhost", address).await).await,
        answer(at("single.localhost", "/cms-preview/".to_owned()).await).await,
        "single's host answers as without a token"
    );
}
