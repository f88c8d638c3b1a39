//! The studio on its own host (docs/studio.md): its page and API there and nowhere else,
//! sign-in by invitation, the session cookie, the cross-site guard, svc-studio away.
//! [`drafts`]: a site's draft, publishing and history.

mod drafts;
mod ingest_keys;
mod media;
mod members;
mod new_sites;
mod preview;
mod single_sign_on;
mod site_records;

use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, COOKIE, HOST, ORIGIN, SET_COOKIE};
use serde_json::{Value, json};
use svc_studio::domain::access::{Grant, Role};
use svc_studio::domain::staff::StaffEmail;

use crate::helpers::{
    STUDIO_HOST, STUDIO_PAGE, Service, TestGateway, error_of, eventually, spawn_gateway,
    spawn_gateway_without,
};

const STUDIO_ORIGIN: &str = "http://studio.localhost:8080";

impl TestGateway {
    /// The first operator's invitation token, from the file svc-studio wrote.
    fn first_operator_token(&self) -> String {
        let url = std::fs::read_to_string(self.data_dir.join("studio/first-operator.url"))
            .expect("the first operator's link");
        url.trim()
            .split_once("/invitation?token=")
            .map(|(_, token)| token.to_owned())
            .expect("an invitation link")
    }

    fn studio_get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client
            .get(self.url(path))
            .header(HOST, format!("{STUDIO_HOST}:8080"))
    }

    /// GET `path` on the studio's host in the session of `cookie` (`name=value`).
    async fn studio_read(&self, path: &str, cookie: impl AsRef<str>) -> (StatusCode, Value) {
        json_of(
            self.studio_get(path)
                .header(COOKIE, cookie.as_ref())
                .send()
                .await
                .expect("sent"),
        )
        .await
    }

    /// A DELETE sent as the studio's own page sends it, in the session of `cookie`.
    fn studio_delete(&self, path: &str, cookie: &str) -> reqwest::RequestBuilder {
        self.client
            .delete(self.url(path))
            .header(HOST, format!("{STUDIO_HOST}:8080"))
            .header(ORIGIN, STUDIO_ORIGIN)
            .header(COOKIE, cookie)
            .json(&json!({}))
    }

    /// A change sent as the studio's own page sends it.
    fn studio_post(&self, path: &str, body: &Value) -> reqwest::RequestBuilder {
        self.client
            .post(self.url(path))
            .header(HOST, format!("{STUDIO_HOST}:8080"))
            .header(ORIGIN, STUDIO_ORIGIN)
            .json(body)
    }
}

async fn json_of(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Whether the Content-Security-Policy `csp` lets the studio's origin frame the page.
fn studio_may_frame(csp: &str) -> bool {
    csp.split(';')
        .map(str::trim)
        .find(|directive| directive.starts_with("frame-ancestors"))
        .is_some_and(|ancestors| ancestors.split(' ').any(|source| source == STUDIO_ORIGIN))
}

/// The `name=value` part of a `Set-Cookie`.
fn cookie_pair(set_cookie: &str) -> String {
    set_cookie
        .split(';')
        .next()
        .expect("a pair")
        .trim()
        .to_owned()
}

#[tokio::test]
async fn the_studio_answers_on_its_host_and_a_site_host_answers_404() {
    let gateway = spawn_gateway().await;

    let page = gateway
        .studio_get("/sites/demo/look")
        .send()
        .await
        .expect("sent");
    assert_eq!(page.status(), StatusCode::OK);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .expect("text")
        .to_owned();
    for directive in [
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        // The live preview frames the sites (the demo on http in the tests).
        "frame-src http: https:",
    ] {
        assert!(csp.contains(directive), "{directive} in {csp}");
    }
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(page.headers()["cache-control"], "no-cache");
    assert_eq!(page.text().await.expect("text"), STUDIO_PAGE);
    let asset = gateway
        .studio_get("/assets/app-3f9a1c.js")
        .send()
        .await
        .expect("sent");
    assert_eq!(asset.status(), StatusCode::OK);

    let (status, body) = json_of(
        gateway
            .studio_get("/studio/api/v1/me")
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(error_of(&body).0, "unauthenticated");
    let (status, body) = json_of(
        gateway
            .studio_get("/studio/api/v1/no-such-call")
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // The site's host: no studio, and the site's own routes as ever.
    for path in [
        "/studio/api/v1/me",
        "/studio",
        "/studio/",
        "/studio/invitation",
    ] {
        let (status, body) = json_of(gateway.get(path).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
    }
    // The probes answer on the studio's host too.
    let health = gateway.studio_get("/healthz").send().await.expect("sent");
    assert_eq!(health.headers()[CONTENT_TYPE], "application/json");
    let (status, _) = gateway.get_json("/api/v1/movies").await;
    assert_eq!(status, 200);
    // And the studio's host serves no site.
    let movies = gateway
        .studio_get("/api/v1/movies")
        .send()
        .await
        .expect("sent");
    assert_ne!(movies.headers()[CONTENT_TYPE], "application/json");
}

#[tokio::test]
async fn an_invitation_is_read_then_accepted_and_the_cookie_carries_the_session_until_sign_out() {
    let gateway = spawn_gateway().await;
    let token = gateway.first_operator_token();

    let (status, invitation) = json_of(
        gateway
            .studio_post("/studio/api/v1/invitation", &json!({"token": token}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{invitation}");
    assert_eq!(invitation["email"], Value::Null);
    assert_eq!(invitation["role"], "operator");
    assert_eq!(invitation["siteId"], Value::Null);
    assert_eq!(invitation["acceptWithoutPasskey"], true);
    let expires: jiff::Timestamp = invitation["expiresAt"]
        .as_str()
        .expect("a time")
        .parse()
        .expect("RFC 3339");
    assert!(expires > jiff::Timestamp::now());

    let accepted = gateway
        .studio_post(
            "/studio/api/v1/invitations/accept",
            &json!({"token": token, "name": "Ana Ruiz", "email": "Ana@Chain.Example"}),
        )
        .send()
        .await
        .expect("sent");
    assert_eq!(accepted.status(), StatusCode::OK);
    let set_cookie = accepted.headers()[SET_COOKIE]
        .to_str()
        .expect("text")
        .to_owned();
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43"] {
        assert!(
            set_cookie.contains(attribute),
            "{attribute} in {set_cookie}"
        );
    }
    assert!(!set_cookie.contains("Domain"), "host-only: {set_cookie}");
    let me: Value = accepted.json().await.expect("JSON");
    assert_eq!(me["staff"]["email"], "ana@chain.example");
    assert_eq!(me["staff"]["name"], "Ana Ruiz");
    assert_eq!(
        me["grants"],
        json!([{"role": "operator", "siteId": null, "theaterIds": []}])
    );

    let cookie = cookie_pair(&set_cookie);
    let (status, again) = gateway.studio_read("/studio/api/v1/me", &cookie).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again, me);

    // Used once.
    let (status, body) = json_of(
        gateway
            .studio_post("/studio/api/v1/invitation", &json!({"token": token}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    let signed_out = gateway
        .studio_post("/studio/api/v1/sign-out", &json!({}))
        .header(COOKIE, &cookie)
        .send()
        .await
        .expect("sent");
    assert_eq!(signed_out.status(), StatusCode::NO_CONTENT);
    let cleared = signed_out.headers()[SET_COOKIE].to_str().expect("text");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    let (status, body) = gateway.studio_read("/studio/api/v1/me", &cookie).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the session ended: {body}"
    );
}

#[tokio::test]
async fn a_change_needs_the_studios_origin_and_a_json_body_and_bad_input_names_its_field() {
    let gateway = spawn_gateway().await;
    let token = gateway.first_operator_token();
    let acceptance = json!({"token": token, "name": "Ana", "email": "ana@chain.example"});
    let accept = "/studio/api/v1/invitations/accept";

    let no_origin = gateway
        .client
        .post(gateway.url(accept))
        .header(HOST, STUDIO_HOST)
        .json(&acceptance)
        .send()
        .await
        .expect("sent");
    assert_eq!(no_origin.status(), StatusCode::FORBIDDEN);
    for origin in [
        "http://demo.localhost:8080",
        "null",
        "http://studio.localhost.evil.example",
    ] {
        let (status, body) = json_of(
            gateway
                .client
                .post(gateway.url(accept))
                .header(HOST, STUDIO_HOST)
                .header(ORIGIN, origin)
                .json(&acceptance)
                .send()
                .await
                .expect("sent"),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {body}");
        assert_eq!(error_of(&body).0, "forbidden");
    }
    // A second Origin beside the studio's, as no browser sends.
    let twice = gateway
        .studio_post(accept, &acceptance)
        .header(ORIGIN, "http://demo.localhost:8080")
        .send()
        .await
        .expect("sent");
    assert_eq!(twice.status(), StatusCode::FORBIDDEN);
    let (status, body) = json_of(
        gateway
            .client
            .post(gateway.url(accept))
            .header(HOST, STUDIO_HOST)
            .header(ORIGIN, STUDIO_ORIGIN)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(format!("token={token}&name=Ana&email=ana%40chain.example"))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");

    let (status, body) = json_of(
        gateway
            .studio_post(
                accept,
                &json!({"token": token, "name": " ", "email": "ana@chain.example"}),
            )
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "name");
    let (status, body) = json_of(
        gateway
            .studio_post(
                accept,
                &json!({"token": token, "name": "Ana", "email": "ana"}),
            )
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "email");
    let (status, body) = json_of(
        gateway
            .studio_post(
                accept,
                &json!({"token": token, "name": "Ana", "role": "operator"}),
            )
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "unknown field: {body}");
    assert!(error_of(&body).1.contains("role"), "{body}");

    // Nothing refused used the invitation up.
    let accepted = gateway
        .studio_post(accept, &acceptance)
        .send()
        .await
        .expect("sent");
    assert_eq!(accepted.status(), StatusCode::OK);
}

#[tokio::test]
async fn with_svc_studio_away_the_studio_says_so_and_the_site_serves_on() {
    let gateway = spawn_gateway_without(&[Service::Studio]).await;
    let (status, body) = gateway
        .studio_read(
            "/studio/api/v1/me",
            format!("studio-session={}", "a".repeat(64)),
        )
        .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error_of(&body).1.contains("studio"), "{body}");
    let (status, _) = gateway.get_json("/api/v1/movies").await;
    assert_eq!(status, 200);
    let (status, ready) = gateway.get_json("/readyz").await;
    assert_eq!(
        status, 200,
        "the sites are ready without the studio: {ready}"
    );
}

/// The links to `page` (`/sign-in`, `/invitation`) mailed to `to` under the gateway's
/// DATA_DIR, as their tokens.
fn mailed_links(gateway: &TestGateway, to: &str, page: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(gateway.data_dir.join("mail")) else {
        return Vec::new();
    };
    entries
        .map(|entry| std::fs::read_to_string(entry.expect("entry").path()).expect("text"))
        .filter(|message| message.contains(&format!("To: {to}")))
        .filter_map(|message| {
            let (_, rest) = message.split_once(&format!("{page}?token="))?;
            Some(rest.chars().take_while(char::is_ascii_hexdigit).collect())
        })
        .collect()
}

#[tokio::test]
async fn a_mailed_link_sets_the_cookie_and_opens_the_studio_once() {
    let gateway = spawn_gateway().await;
    let accepted = gateway
        .studio_post(
            "/studio/api/v1/invitations/accept",
            &json!({"token": gateway.first_operator_token(), "name": "Ana", "email": "ana@chain.example"}),
        )
        .send()
        .await
        .expect("sent");
    assert_eq!(accepted.status(), StatusCode::OK);

    for email in ["ana@chain.example", "nobody@chain.example"] {
        let asked = gateway
            .studio_post("/studio/api/v1/sign-in/link", &json!({"email": email}))
            .send()
            .await
            .expect("sent");
        assert_eq!(
            asked.status(),
            StatusCode::ACCEPTED,
            "{email}: the same answer"
        );
    }
    // Mailed after the answer, so that staff and strangers wait alike.
    let arrived = eventually(10, || async {
        !mailed_links(&gateway, "ana@chain.example", "/sign-in").is_empty()
    })
    .await;
    assert!(arrived, "Ana's link is mailed");
    assert!(mailed_links(&gateway, "nobody@chain.example", "/sign-in").is_empty());
    let links = mailed_links(&gateway, "ana@chain.example", "/sign-in");
    assert_eq!(links.len(), 1);

    // A mail scanner's HEAD uses nothing up.
    let scanned = gateway
        .client
        .head(gateway.url(&format!("/sign-in?token={}", links[0])))
        .header(HOST, STUDIO_HOST)
        .send()
        .await
        .expect("sent");
    assert_eq!(scanned.status(), StatusCode::OK);
    assert!(scanned.headers().get(SET_COOKIE).is_none());

    let opened = gateway
        .studio_get(&format!("/sign-in?token={}", links[0]))
        .send()
        .await
        .expect("sent");
    assert!(opened.status().is_redirection(), "{}", opened.status());
    assert_eq!(opened.headers()["location"], "/");
    let set_cookie = opened.headers()[SET_COOKIE].to_str().expect("text");
    assert!(set_cookie.contains("HttpOnly"), "{set_cookie}");
    let cookie = cookie_pair(set_cookie);
    let (status, me) = gateway.studio_read("/studio/api/v1/me", &cookie).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["staff"]["email"], "ana@chain.example");

    let again = gateway
        .studio_get(&format!("/sign-in?token={}", links[0]))
        .send()
        .await
        .expect("sent");
    assert!(again.status().is_redirection());
    assert_eq!(again.headers()["location"], "/?sign-in=unusable");
    assert!(again.headers().get(SET_COOKIE).is_none());
}

#[tokio::test]
async fn passkey_options_come_in_webauthns_json_forms_and_a_bad_answer_is_refused() {
    let gateway = spawn_gateway().await;
    let token = gateway.first_operator_token();

    // No session and no invitation: nobody to register a passkey for.
    let (status, body) = json_of(
        gateway
            .studio_post("/studio/api/v1/passkeys/options", &json!({}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    let (status, options) = json_of(
        gateway
            .studio_post(
                "/studio/api/v1/passkeys/options",
                &json!({"invitation": token, "name": "Ana Ruiz", "email": "ana@chain.example"}),
            )
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{options}");
    // PublicKeyCredentialCreationOptionsJSON itself, as parseCreationOptionsFromJSON takes it.
    assert_eq!(options["rp"]["id"], STUDIO_HOST);
    assert_eq!(options["user"]["name"], "ana@chain.example");
    assert!(options["challenge"].is_string());
    assert_eq!(options["authenticatorSelection"]["residentKey"], "required");

    let (status, body) = json_of(
        gateway
            .studio_post(
                "/studio/api/v1/passkeys/options",
                &json!({"invitation": token, "name": "Ana Ruiz"}),
            )
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["field"], "email");

    let (status, options) = json_of(
        gateway
            .studio_post("/studio/api/v1/sign-in/passkey/options", &json!({}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{options}");
    assert_eq!(options["rpId"], STUDIO_HOST);
    assert_eq!(options["userVerification"], "required");
    let refused = gateway
        .client
        .post(gateway.url("/studio/api/v1/sign-in/passkey/options"))
        .header(HOST, format!("{STUDIO_HOST}:8080"))
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(refused.status(), StatusCode::FORBIDDEN, "no Origin");

    for credential in [json!({}), json!("text")] {
        let (status, body) = json_of(
            gateway
                .studio_post(
                    "/studio/api/v1/sign-in/passkey",
                    &json!({"credential": credential}),
                )
                .send()
                .await
                .expect("sent"),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"]["field"], "credential");
    }

    // Signed in (by the invitation, without a passkey): none listed, none to remove.
    let accepted = gateway
        .studio_post(
            "/studio/api/v1/invitations/accept",
            &json!({"token": token, "name": "Ana Ruiz", "email": "ana@chain.example"}),
        )
        .send()
        .await
        .expect("sent");
    let cookie = cookie_pair(accepted.headers()[SET_COOKIE].to_str().expect("text"));
    let (status, listed) = gateway
        .studio_read("/studio/api/v1/passkeys", &cookie)
        .await;
    assert_eq!((status, listed), (StatusCode::OK, json!([])));
    let (status, body) = json_of(
        gateway
            .studio_delete(
                "/studio/api/v1/passkeys/00112233445566778899aabbccddeeff",
                &cookie,
            )
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = json_of(
        gateway
            .studio_get("/studio/api/v1/passkeys")
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

impl TestGateway {
    /// A session cookie (`name=value`) of a new staff member with `role` on `site`, invited
    /// as `svc-studio invite` invites and accepted without a passkey.
    async fn staff_cookie(&self, email: &str, role: Role, site: Option<&str>) -> String {
        self.staff_cookie_granted(email, Grant::new(role, site, &[]).expect("a grant"))
            .await
    }

    /// The session cookie of a new staff member holding `grant`.
    async fn staff_cookie_granted(&self, email: &str, grant: Grant) -> String {
        let data_dir = self.data_dir.display().to_string();
        let config =
            svc_studio::Config::from_lookup(|name| (name == "DATA_DIR").then(|| data_dir.clone()))
                .expect("the studio's configuration");
        let email = StaffEmail::parse(email).expect("an address");
        let link = svc_studio::studio(&config)
            .await
            .expect("the studio's store")
            .invite(Some(&email), &grant, None)
            .await
            .expect("invited");
        let token = link.split_once("token=").expect("a token").1;
        let accepted = self
            .studio_post(
                "/studio/api/v1/invitations/accept",
                &json!({"token": token, "name": "Staff"}),
            )
            .send()
            .await
            .expect("sent");
        assert_eq!(accepted.status(), StatusCode::OK);
        cookie_pair(accepted.headers()[SET_COOKIE].to_str().expect("text"))
    }
}

#[tokio::test]
async fn the_sites_listed_are_those_the_staff_member_holds_a_grant_on() {
    let gateway = spawn_gateway().await;
    let sites = |cookie: Option<String>| {
        let mut request = gateway.studio_get("/studio/api/v1/sites");
        if let Some(cookie) = cookie {
            request = request.header(COOKIE, cookie);
        }
        async move { json_of(request.send().await.expect("sent")).await }
    };

    let operator = gateway
        .staff_cookie("ana@chain.example", Role::Operator, None)
        .await;
    let (status, listed) = sites(Some(operator)).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let (_, site) = gateway.get_json("/api/v1/site").await;
    assert_eq!(
        listed,
        json!([{
            "id": "demo",
            "name": site["config"]["name"],
            "hosts": listed[0]["hosts"],
            "publicUrl": "http://127.0.0.1:8080",
        }])
    );
    assert!(
        listed[0]["name"]
            .as_str()
            .is_some_and(|name| !name.is_empty())
    );

    let viewer = gateway
        .staff_cookie("li@chain.example", Role::Viewer, Some("demo"))
        .await;
    let (_, listed) = sites(Some(viewer)).await;
    assert_eq!(listed[0]["id"], "demo");
    let elsewhere = gateway
        .staff_cookie("bo@chain.example", Role::Editor, Some("other-chain"))
        .await;
    let (status, listed) = sites(Some(elsewhere)).await;
    assert_eq!((status, listed), (StatusCode::OK, json!([])));

    let (status, _) = sites(None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_admin_invites_onto_their_site_by_mail_and_may_not_invite_beyond_it() {
    let gateway = spawn_gateway().await;
    let admin = gateway
        .staff_cookie("ed@chain.example", Role::Admin, Some("demo"))
        .await;
    let invite = |cookie: &str, body: Value| {
        gateway
            .studio_post("/studio/api/v1/invitations", &body)
            .header(COOKIE, cookie)
            .send()
    };

    let (status, sent) = json_of(
        invite(
            &admin,
            json!({"email": "Vi@Chain.Example", "role": "viewer", "siteId": "demo"}),
        )
        .await
        .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(sent["email"], "vi@chain.example");
    assert_eq!(
        (&sent["role"], &sent["siteId"]),
        (&json!("viewer"), &json!("demo"))
    );
    assert!(sent.get("link").is_none() && !sent.to_string().contains("token"));
    let tokens = mailed_links(&gateway, "vi@chain.example", "/invitation");
    assert_eq!(tokens.len(), 1, "one invitation mailed");
    let (status, offered) = json_of(
        gateway
            .studio_post("/studio/api/v1/invitation", &json!({"token": tokens[0]}))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{offered}");
    assert_eq!(offered["email"], "vi@chain.example");
    let (_, pending) = gateway
        .studio_read("/studio/api/v1/sites/demo/invitations", &admin)
        .await;
    assert_eq!(pending[0]["email"], "vi@chain.example");

    for (body, status, field) in [
        (
            json!({"email": "vi", "role": "viewer", "siteId": "demo"}),
            StatusCode::BAD_REQUEST,
            Some("email"),
        ),
        (
            json!({"email": "mo@chain.example", "role": "theater-manager", "siteId": "demo"}),
            StatusCode::BAD_REQUEST,
            Some("theaterIds"),
        ),
        (
            json!({"email": "mo@chain.example", "role": "owner", "siteId": "demo"}),
            StatusCode::BAD_REQUEST,
            Some("role"),
        ),
        (
            json!({"email": "op@chain.example", "role": "operator"}),
            StatusCode::FORBIDDEN,
            None,
        ),
        (
            json!({"email": "al@chain.example", "role": "admin", "siteId": "other-chain"}),
            StatusCode::NOT_FOUND,
            None,
        ),
    ] {
        let (answered, refusal) = json_of(invite(&admin, body.clone()).await.expect("sent")).await;
        assert_eq!(answered, status, "{body}: {refusal}");
        if let Some(field) = field {
            assert_eq!(refusal["error"]["field"], field, "{body}");
        }
    }
    let editor = gateway
        .staff_cookie("jo@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, _) = json_of(
        invite(
            &editor,
            json!({"email": "x@chain.example", "role": "viewer", "siteId": "demo"}),
        )
        .await
        .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an editor manages no staff");
    // An operator may invite onto any site that exists, and none that does not.
    let operator = gateway
        .staff_cookie("ana@chain.example", Role::Operator, None)
        .await;
    let (status, _) = json_of(
        invite(
            &operator,
            json!({"email": "al@chain.example", "role": "admin", "siteId": "no-such-site"}),
        )
        .await
        .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(mailed_links(&gateway, "al@chain.example", "/invitation").is_empty());
}

#[tokio::test]
async fn every_staff_change_is_in_the_audit_log_as_json_and_csv_for_those_who_may_read_it() {
    let gateway = spawn_gateway().await;
    let admin = gateway
        .staff_cookie("ed@chain.example", Role::Admin, Some("demo"))
        .await;
    let viewer = gateway
        .staff_cookie("vi@chain.example", Role::Viewer, Some("demo"))
        .await;
    let invited = gateway
        .studio_post(
            "/studio/api/v1/invitations",
            &json!({"email": "=cmd@chain.example", "role": "editor", "siteId": "demo"}),
        )
        .header(COOKIE, &admin)
        .send()
        .await
        .expect("sent");
    assert_eq!(invited.status(), StatusCode::CREATED);
    let (_, staff) = gateway
        .studio_read("/studio/api/v1/sites/demo/staff", &admin)
        .await;
    let viewer_id = staff
        .as_array()
        .expect("a list")
        .iter()
        .find(|held| held["email"] == "vi@chain.example")
        .expect("the viewer")["id"]
        .clone();
    let removed = gateway
        .studio_delete(
            &format!(
                "/studio/api/v1/sites/demo/staff/{}",
                viewer_id.as_str().expect("an id")
            ),
            &admin,
        )
        .send()
        .await
        .expect("sent");
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);

    let (status, entries) = gateway
        .studio_read("/studio/api/v1/audit?siteId=demo", &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{entries}");
    let entries = entries.as_array().expect("a list");
    assert_eq!(entries.len(), 2, "{entries:?}");
    let (removal, invitation) = (&entries[0], &entries[1]);
    assert_eq!(removal["action"], "staff.removed");
    assert_eq!(removal["target"], "vi@chain.example");
    assert_eq!(
        removal["changes"]["role"],
        json!({"before": "viewer", "after": null})
    );
    assert_eq!(invitation["action"], "invitation.sent");
    assert_eq!(invitation["staff"]["email"], "ed@chain.example");
    assert_eq!(
        (&invitation["role"], &invitation["siteId"]),
        (&json!("admin"), &json!("demo"))
    );
    assert_eq!(invitation["changes"]["role"]["after"], "editor");
    assert_eq!(invitation["clientAddress"], "127.0.0.1");
    assert!(
        invitation["requestId"]
            .as_str()
            .is_some_and(|id| !id.is_empty())
    );
    let at: jiff::Timestamp = invitation["at"]
        .as_str()
        .expect("a time")
        .parse()
        .expect("RFC 3339");
    let (_, only) = json_of(
        gateway
            .studio_get(&format!(
                "/studio/api/v1/audit?siteId=demo&action=invitation.sent&from={at}"
            ))
            .header(COOKIE, &admin)
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(only.as_array().map(Vec::len), Some(1), "{only}");

    let csv = gateway
        .studio_get("/studio/api/v1/audit?siteId=demo")
        .header(COOKIE, &admin)
        .header("accept", "text/csv")
        .send()
        .await
        .expect("sent");
    assert_eq!(csv.status(), StatusCode::OK);
    assert!(
        csv.headers()[CONTENT_TYPE]
            .to_str()
            .expect("text")
            .starts_with("text/csv")
    );
    let text = csv.text().await.expect("text");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("at,staffId,staffEmail"), "{text}");
    // A target that would start a formula is kept as text.
    assert!(lines[2].contains(",'=cmd@chain.example,"), "{text}");

    for (query, status) in [
        ("?siteId=demo&from=yesterday", StatusCode::BAD_REQUEST),
        ("", StatusCode::BAD_REQUEST),
        ("?siteId=other-chain", StatusCode::NOT_FOUND),
        ("?siteId=demo&colour=red", StatusCode::BAD_REQUEST),
    ] {
        let (answered, body) = gateway
            .studio_read(&format!("/studio/api/v1/audit{query}"), &admin)
            .await;
        assert_eq!(answered, status, "{query}: {body}");
    }
    let editor = gateway
        .staff_cookie("jo@chain.example", Role::Editor, Some("demo"))
        .await;
    let (status, _) = gateway
        .studio_read("/studio/api/v1/audit?siteId=demo", &editor)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "an editor reads no audit");
    let (status, _) = gateway
        .studio_read("/studio/api/v1/audit?siteId=demo", &viewer)
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the removed viewer's session ended"
    );
    let operator = gateway
        .staff_cookie("ana@chain.example", Role::Operator, None)
        .await;
    let (status, every) = gateway.studio_read("/studio/api/v1/audit", &operator).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(every.as_array().map(Vec::len), Some(2));
}
