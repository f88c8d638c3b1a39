//! Single sign-on by OpenID Connect against a provider (wiremock) on loopback: the code
//! flow with PKCE and a nonce, the ID token verified, the verified address mapped to a
//! staff member; off without STUDIO_OIDC_ISSUER.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use proto::studio::v1::{
    AuthenticateRequest, BeginSingleSignOnRequest, SignInMethodsRequest,
    SignInWithSingleSignOnRequest, SingleSignOnStart,
};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use svc_studio::domain::access::Role;
use svc_studio::store::Store;
use svc_studio::store::single_sign_ons::{self, PendingSignOn};
use test_support::oidc_provider::{self, OidcProvider};
use tonic::Code;

use crate::helpers::{TestStudio, spawn_studio, spawn_studio_with, staff};

/// The studio signing in at `provider`, with Li (li@chain.example) a viewer of `demo`.
async fn studio_at(provider: &OidcProvider) -> TestStudio {
    let data_dir = test_support::dirs::fresh_dir("studio_sso");
    let secret = data_dir.join("oidc-client-secret");
    std::fs::create_dir_all(&data_dir).expect("the folder");
    std::fs::write(&secret, oidc_provider::CLIENT_SECRET).expect("the secret");
    let issuer = provider.issuer();
    let secret = secret.display().to_string();
    let mut studio = spawn_studio_with(
        &data_dir,
        &[
            ("STUDIO_OIDC_ISSUER", &issuer),
            ("STUDIO_OIDC_CLIENT_ID", oidc_provider::CLIENT_ID),
            ("STUDIO_OIDC_CLIENT_SECRET_FILE", &secret),
        ],
    )
    .await;
    staff(&mut studio, "li@chain.example", Role::Viewer, "demo").await;
    studio
}

/// A sign-on begun, and its authorisation URL's query.
async fn begin(studio: &mut TestStudio) -> (SingleSignOnStart, Vec<(String, String)>) {
    let begun = studio
        .client
        .begin_single_sign_on(BeginSingleSignOnRequest {})
        .await
        .expect("begun")
        .into_inner();
    let query = begun
        .authorization_url
        .split_once('?')
        .map(|(_, query)| serde_urlencoded::from_str(query).expect("a query"))
        .expect("a query");
    (begun, query)
}

fn field<'a>(query: &'a [(String, String)], name: &str) -> &'a str {
    query
        .iter()
        .find(|(field, _)| field == name)
        .map(|(_, value)| value.as_str())
        .unwrap_or_else(|| panic!("{name} in {query:?}"))
}

fn ending(begun: &SingleSignOnStart, code: &str) -> SignInWithSingleSignOnRequest {
    SignInWithSingleSignOnRequest {
        state: begun.state.clone(),
        code: code.to_owned(),
    }
}

#[tokio::test]
async fn a_staff_member_signs_in_with_the_address_their_provider_vouches_for_once() {
    let provider = OidcProvider::start().await;
    let mut studio = studio_at(&provider).await;
    let methods = studio
        .client
        .sign_in_methods(SignInMethodsRequest {})
        .await
        .expect("methods")
        .into_inner();
    assert!(methods.single_sign_on && methods.email_link);

    let (begun, query) = begin(&mut studio).await;
    assert!(
        begun
            .authorization_url
            .starts_with(&format!("{}/authorize?", provider.issuer())),
        "{}",
        begun.authorization_url
    );
    assert_eq!(field(&query, "response_type"), "code");
    assert_eq!(field(&query, "client_id"), oidc_provider::CLIENT_ID);
    assert_eq!(
        field(&query, "redirect_uri"),
        "http://studio.localhost:8080/sign-in/sso/callback"
    );
    let scopes: Vec<&str> = field(&query, "scope").split(' ').collect();
    assert!(
        scopes.contains(&"openid") && scopes.contains(&"email"),
        "{scopes:?}"
    );
    assert_eq!(field(&query, "state"), begun.state);
    assert_eq!(field(&query, "code_challenge_method"), "S256");
    let challenge = field(&query, "code_challenge").to_owned();
    let nonce = field(&query, "nonce");

    // The provider's address differs in case from the invited one: the same person.
    let id_token = provider.id_token(&provider.claims("Li@Chain.Example", nonce));
    provider.grants("code-1", &id_token).await;
    let signed_in = studio
        .client
        .sign_in_with_single_sign_on(ending(&begun, "code-1"))
        .await
        .expect("signed in")
        .into_inner();
    let me = studio
        .client
        .authenticate(AuthenticateRequest {
            session_token: signed_in.session_token,
        })
        .await
        .expect("a live session")
        .into_inner();
    assert_eq!(me.staff.expect("staff").email, "li@chain.example");
    assert_eq!(me.grants[0].site_id, "demo");

    // The code was exchanged with the client's secret and the PKCE verifier of the
    // challenge.
    let requests = provider.token_requests().await;
    let (fields, authorization) = &requests[0];
    let form = |name: &str| field(fields, name).to_owned();
    assert_eq!(form("grant_type"), "authorization_code");
    assert_eq!(form("code"), "code-1");
    assert_eq!(
        URL_SAFE_NO_PAD.encode(Sha256::digest(form("code_verifier").as_bytes())),
        challenge
    );
    let credentials = base64::engine::general_purpose::STANDARD.encode(format!(
        "{}:{}",
        oidc_provider::CLIENT_ID,
        oidc_provider::CLIENT_SECRET
    ));
    assert_eq!(authorization, &format!("Basic {credentials}"));

    // A state signs in once.
    let again = studio
        .client
        .sign_in_with_single_sign_on(ending(&begun, "code-1"))
        .await
        .expect_err("used");
    assert_eq!(again.code(), Code::Unauthenticated);
}

/// Ends a new sign-on with an ID token of the claims `shape` makes of good ones (the
/// nonce given): the refusal's code.
async fn refusal_of(
    studio: &mut TestStudio,
    provider: &OidcProvider,
    code: &str,
    shape: impl FnOnce(&mut Value),
) -> Code {
    let (begun, query) = begin(studio).await;
    let mut claims = provider.claims("li@chain.example", field(&query, "nonce"));
    shape(&mut claims);
    provider.grants(code, &provider.id_token(&claims)).await;
    studio
        .client
        .sign_in_with_single_sign_on(ending(&begun, code))
        .await
        .expect_err("refused")
        .code()
}

/// A change to an ID token's claims.
type Shape = Box<dyn FnOnce(&mut Value)>;

#[tokio::test]
async fn an_id_token_the_studio_cannot_trust_signs_nobody_in() {
    let provider = OidcProvider::start().await;
    let mut studio = studio_at(&provider).await;
    let now = jiff::Timestamp::now().as_second();
    let untrusted: [(&str, Shape); 4] = [
        (
            "nonce",
            Box::new(|claims| claims["nonce"] = json!("another")),
        ),
        (
            "aud",
            Box::new(|claims| claims["aud"] = json!("another-client")),
        ),
        (
            "iss",
            Box::new(|claims| claims["iss"] = json!("https://impostor.example")),
        ),
        (
            "exp",
            Box::new(move |claims| {
                claims["iat"] = json!(now - 7200);
                claims["exp"] = json!(now - 3600);
            }),
        ),
    ];
    for (claim, shape) in untrusted {
        let code = format!("code-{claim}");
        let refused = refusal_of(&mut studio, &provider, &code, shape).await;
        assert_eq!(refused, Code::Unauthenticated, "{claim}");
    }

    // A token whose claims were changed after signing: the signature no longer holds.
    let (begun, query) = begin(&mut studio).await;
    let signed = provider.id_token(&provider.claims("ana@chain.example", field(&query, "nonce")));
    let forged_claims = provider.claims("li@chain.example", field(&query, "nonce"));
    let mut parts: Vec<String> = signed.split('.').map(str::to_owned).collect();
    parts[1] = URL_SAFE_NO_PAD.encode(forged_claims.to_string());
    provider.grants("code-forged", &parts.join(".")).await;
    let refused = studio
        .client
        .sign_in_with_single_sign_on(ending(&begun, "code-forged"))
        .await
        .expect_err("forged");
    assert_eq!(refused.code(), Code::Unauthenticated);

    // The provider refusing the code.
    let (begun, _) = begin(&mut studio).await;
    provider
        .answers(
            "code-refused",
            wiremock::ResponseTemplate::new(400).set_body_json(json!({"error": "invalid_grant"})),
        )
        .await;
    let refused = studio
        .client
        .sign_in_with_single_sign_on(ending(&begun, "code-refused"))
        .await
        .expect_err("refused by the provider");
    assert_eq!(refused.code(), Code::Unauthenticated);
}

#[tokio::test]
async fn a_token_signed_by_a_key_the_provider_rotated_in_since_its_keys_were_read_verifies() {
    let provider = OidcProvider::start().await;
    let mut studio = studio_at(&provider).await;
    // Beginning reads the provider's keys (and keeps them five minutes)...
    let (begun, query) = begin(&mut studio).await;
    // ...then the provider signs with a new key.
    provider.rotate_key().await;
    let id_token = provider.id_token(&provider.claims("li@chain.example", field(&query, "nonce")));
    provider.grants("code-rotated", &id_token).await;
    studio
        .client
        .sign_in_with_single_sign_on(ending(&begun, "code-rotated"))
        .await
        .expect("verified with the keys read afresh");
}

#[tokio::test]
async fn the_provider_must_vouch_for_the_address_of_a_staff_member() {
    let provider = OidcProvider::start().await;
    let mut studio = studio_at(&provider).await;
    let unverified = refusal_of(&mut studio, &provider, "code-unverified", |claims| {
        claims["email_verified"] = json!(false);
    })
    .await;
    assert_eq!(unverified, Code::PermissionDenied);
    let unsaid = refusal_of(&mut studio, &provider, "code-unsaid", |claims| {
        claims
            .as_object_mut()
            .expect("claims")
            .remove("email_verified");
    })
    .await;
    assert_eq!(unsaid, Code::PermissionDenied);
    let stranger = refusal_of(&mut studio, &provider, "code-stranger", |claims| {
        claims["email"] = json!("stranger@elsewhere.example");
    })
    .await;
    assert_eq!(stranger, Code::PermissionDenied);
    let store = Store::connect(studio.config.database_url.expose())
        .await
        .expect("the store");
    let sessions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM studio_sessions")
        .fetch_one(store.pool())
        .await
        .expect("counted");
    assert_eq!(sessions, 1, "only Li's acceptance began a session");
}

#[tokio::test]
async fn a_state_unknown_or_expired_signs_nobody_in_and_the_provider_away_is_unavailable() {
    let provider = OidcProvider::start().await;
    let mut studio = studio_at(&provider).await;
    let store = Store::connect(studio.config.database_url.expose())
        .await
        .expect("the store");
    let now = jiff::Timestamp::now().as_second();
    let expired = "expired-state";
    single_sign_ons::insert(
        store.pool(),
        &platform::tokens::sha256_hex(expired),
        &PendingSignOn {
            nonce: "n".to_owned(),
            pkce_verifier: "v".repeat(43),
        },
        now - 900,
        now - 1,
    )
    .await
    .expect("stored");
    for state in [expired, "never-begun"] {
        let refused = studio
            .client
            .sign_in_with_single_sign_on(SignInWithSingleSignOnRequest {
                state: state.to_owned(),
                code: "code".to_owned(),
            })
            .await
            .expect_err("no such sign-on");
        assert_eq!(refused.code(), Code::Unauthenticated, "{state}");
    }

    let (begun, _) = begin(&mut studio).await;
    drop(provider);
    let away = studio
        .client
        .sign_in_with_single_sign_on(ending(&begun, "code"))
        .await
        .expect_err("the provider is away");
    assert_eq!(away.code(), Code::Unavailable);
}

#[tokio::test]
async fn without_an_issuer_single_sign_on_is_off() {
    let mut studio = spawn_studio().await;
    let methods = studio
        .client
        .sign_in_methods(SignInMethodsRequest {})
        .await
        .expect("methods")
        .into_inner();
    assert!(!methods.single_sign_on);
    let off = studio
        .client
        .begin_single_sign_on(BeginSingleSignOnRequest {})
        .await
        .expect_err("off");
    assert_eq!(off.code(), Code::FailedPrecondition);
    let off = studio
        .client
        .sign_in_with_single_sign_on(SignInWithSingleSignOnRequest {
            state: "s".to_owned(),
            code: "c".to_owned(),
        })
        .await
        .expect_err("off");
    assert_eq!(off.code(), Code::FailedPrecondition);
}
