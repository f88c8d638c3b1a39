//! Single sign-on by OpenID Connect on the studio's host (docs/studio.md#single-sign-on),
//! through svc-studio to a provider (wiremock) on loopback: `/sign-in/sso` sends the
//! browser to the provider keeping the state in a cookie; the way back signs in only the
//! browser that began, and says why it did not.

use reqwest::StatusCode;
use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};
use serde_json::{Value, json};
use test_support::oidc_provider::{self, OidcProvider};

use super::json_of;
use crate::helpers::{TestGateway, spawn_gateway, spawn_gateway_with_studio};

/// A sign-on begun at `/sign-in/sso`: the provider's URL, the state's cookie
/// (`name=value`) and the nonce.
async fn begin(gateway: &TestGateway) -> (String, String, String) {
    let begun = gateway
        .studio_get("/sign-in/sso")
        .send()
        .await
        .expect("sent");
    assert_eq!(begun.status(), StatusCode::SEE_OTHER);
    let location = begun.headers()[LOCATION].to_str().expect("text").to_owned();
    let set_cookie = begun.headers()[SET_COOKIE]
        .to_str()
        .expect("text")
        .to_owned();
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=600"] {
        assert!(
            set_cookie.contains(attribute),
            "{attribute} in {set_cookie}"
        );
    }
    let cookie = set_cookie.split(';').next().expect("name=value").to_owned();
    let query: Vec<(String, String)> = location
        .split_once('?')
        .map(|(_, query)| serde_urlencoded::from_str(query).expect("a query"))
        .expect("a query");
    let field = |name: &str| {
        query
            .iter()
            .find(|(field, _)| field == name)
            .map(|(_, value)| value.clone())
            .unwrap_or_else(|| panic!("{name} in {location}"))
    };
    assert_eq!(cookie, format!("studio-sign-on={}", field("state")));
    (location.clone(), cookie, field("nonce"))
}

/// The way back from the provider with `query`, in a browser holding `cookie`: where it
/// leads, and the cookies it sets.
async fn come_back(
    gateway: &TestGateway,
    query: &str,
    cookie: Option<&str>,
) -> (String, Vec<String>) {
    let mut request = gateway.studio_get(&format!("/sign-in/sso/callback?{query}"));
    if let Some(cookie) = cookie {
        request = request.header(COOKIE, cookie);
    }
    let back = request.send().await.expect("sent");
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    let set_cookies = back
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|value| value.to_str().expect("text").to_owned())
        .collect();
    (
        back.headers()[LOCATION].to_str().expect("text").to_owned(),
        set_cookies,
    )
}

fn state_of(cookie: &str) -> &str {
    cookie
        .split_once('=')
        .map(|(_, state)| state)
        .expect("a value")
}

#[tokio::test]
async fn the_browser_that_began_a_single_sign_on_comes_back_signed_in_and_others_are_told_why_not()
{
    let provider = OidcProvider::start().await;
    let secret_dir = test_support::dirs::fresh_dir("gateway_sso_secret");
    std::fs::create_dir_all(&secret_dir).expect("the folder");
    let secret = secret_dir.join("client-secret");
    std::fs::write(&secret, oidc_provider::CLIENT_SECRET).expect("the secret");
    let issuer = provider.issuer();
    let secret = secret.display().to_string();
    let gateway = spawn_gateway_with_studio(&[
        ("STUDIO_OIDC_ISSUER", &issuer),
        ("STUDIO_OIDC_CLIENT_ID", oidc_provider::CLIENT_ID),
        ("STUDIO_OIDC_CLIENT_SECRET_FILE", &secret),
    ])
    .await;
    let accepted = gateway
        .studio_post(
            "/studio/api/v1/invitations/accept",
            &json!({"token": gateway.first_operator_token(), "name": "Ana", "email": "ana@chain.example"}),
        )
        .send()
        .await
        .expect("sent");
    assert_eq!(accepted.status(), StatusCode::OK);
    let (status, methods) = json_of(
        gateway
            .studio_get("/studio/api/v1/sign-in/methods")
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(methods, json!({"emailLink": true, "singleSignOn": true}));

    let (location, cookie, nonce) = begin(&gateway).await;
    assert!(
        location.starts_with(&format!("{issuer}/authorize?")),
        "{location}"
    );
    let id_token = provider.id_token(&provider.claims("ana@chain.example", &nonce));
    provider.grants("code-1", &id_token).await;
    let answer = format!("code=code-1&state={}", state_of(&cookie));

    // Another browser (no cookie, or another sign-on's) cannot end it, nor use it up.
    let (led_to, _) = come_back(&gateway, &answer, None).await;
    assert_eq!(led_to, "/?sign-in=sso-unusable");
    let (led_to, _) = come_back(&gateway, &answer, Some("studio-sign-on=another")).await;
    assert_eq!(led_to, "/?sign-in=sso-unusable");

    let (led_to, set_cookies) = come_back(&gateway, &answer, Some(&cookie)).await;
    assert_eq!(led_to, "/");
    let session = set_cookies
        .iter()
        .find(|cookie| cookie.starts_with("studio-session="))
        .unwrap_or_else(|| panic!("a session cookie in {set_cookies:?}"));
    assert!(session.contains("SameSite=Strict"), "{session}");
    assert!(
        set_cookies
            .iter()
            .any(|cookie| cookie.starts_with("studio-sign-on=;") && cookie.contains("Max-Age=0")),
        "the state's cookie ends: {set_cookies:?}"
    );
    let session = session.split(';').next().expect("name=value");
    let (status, me) = gateway.studio_read("/studio/api/v1/me", session).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["staff"]["email"], "ana@chain.example");
    assert_eq!(me["grants"][0]["role"], "operator");

    // Used once.
    let (led_to, _) = come_back(&gateway, &answer, Some(&cookie)).await;
    assert_eq!(led_to, "/?sign-in=sso-unusable");

    // The person declined at the provider.
    let (_, cookie, _) = begin(&gateway).await;
    let (led_to, set_cookies) = come_back(
        &gateway,
        &format!("error=access_denied&state={}", state_of(&cookie)),
        Some(&cookie),
    )
    .await;
    assert_eq!(led_to, "/?sign-in=sso-declined");
    assert!(
        set_cookies
            .iter()
            .all(|cookie| !cookie.starts_with("studio-session="))
    );

    // The provider vouches for someone who is not staff.
    let (_, cookie, nonce) = begin(&gateway).await;
    let stranger = provider.id_token(&provider.claims("bo@elsewhere.example", &nonce));
    provider.grants("code-2", &stranger).await;
    let (led_to, _) = come_back(
        &gateway,
        &format!("code=code-2&state={}", state_of(&cookie)),
        Some(&cookie),
    )
    .await;
    assert_eq!(led_to, "/?sign-in=sso-not-staff");
}

#[tokio::test]
async fn without_single_sign_on_the_screen_offers_none_and_its_page_says_it_is_off() {
    let gateway = spawn_gateway().await;
    let (status, methods) = json_of(
        gateway
            .studio_get("/studio/api/v1/sign-in/methods")
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(methods["singleSignOn"], Value::Bool(false));
    let begun = gateway
        .studio_get("/sign-in/sso")
        .send()
        .await
        .expect("sent");
    assert_eq!(begun.status(), StatusCode::SEE_OTHER);
    assert_eq!(begun.headers()[LOCATION], "/?sign-in=sso-off");
    assert!(begun.headers().get(SET_COOKIE).is_none());
}
