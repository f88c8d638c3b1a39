//! An OpenID Connect provider for the studio's single sign-on tests: a wiremock server
//! publishing its discovery document and signing key, and answering the token requests
//! of the codes a test names with ID tokens it shapes, signed RS256 by that key.

use std::sync::OnceLock;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

/// The studio's client id at the provider.
pub const CLIENT_ID: &str = "studio";
/// The studio's client secret there.
pub const CLIENT_SECRET: &str = "provider-client-secret";
/// A signing key of the provider's: the RSA key and its public half as a JWK.
struct SigningKey {
    id: &'static str,
    private: EncodingKey,
    jwk: Value,
}

/// The provider's first signing key, or (`rotated`) the one it rotates in; each made
/// once per test binary, as it takes a moment.
fn signing_key(rotated: bool) -> &'static SigningKey {
    static KEYS: [OnceLock<SigningKey>; 2] = [OnceLock::new(), OnceLock::new()];
    let (slot, id) = if rotated {
        (&KEYS[1], "test-key-2")
    } else {
        (&KEYS[0], "test-key-1")
    };
    slot.get_or_init(|| {
        use rsa::pkcs1::EncodeRsaPrivateKey;
        use rsa::traits::PublicKeyParts;
        let private =
            rsa::RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).expect("an RSA key");
        let der = private.to_pkcs1_der().expect("PKCS #1");
        let public = private.to_public_key();
        let jwk = json!({
            "kty": "RSA",
            "use": "sig",
            "alg": "RS256",
            "kid": id,
            "n": URL_SAFE_NO_PAD.encode(public.n().to_bytes_be()),
            "e": URL_SAFE_NO_PAD.encode(public.e().to_bytes_be()),
        });
        SigningKey {
            id,
            private: EncodingKey::from_rsa_der(der.as_bytes()),
            jwk,
        }
    })
}

/// A running provider; it stops when dropped.
pub struct OidcProvider {
    server: MockServer,
    /// Whether it signs with the key it rotated in.
    rotated: std::sync::atomic::AtomicBool,
}

impl OidcProvider {
    /// A provider on a random loopback port, its discovery document and keys published.
    pub async fn start() -> OidcProvider {
        let server = MockServer::start().await;
        let issuer = server.uri();
        let discovery = json!({
            "issuer": issuer,
            "authorization_endpoint": format!("{issuer}/authorize"),
            "token_endpoint": format!("{issuer}/token"),
            "jwks_uri": format!("{issuer}/keys"),
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "scopes_supported": ["openid", "email", "profile"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic"],
        });
        Mock::given(method("GET"))
            .and(path("/.well-known/openid-configuration"))
            .respond_with(ResponseTemplate::new(200).set_body_json(discovery))
            .mount(&server)
            .await;
        Mock::given(method("GET"))
            .and(path("/keys"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({ "keys": [signing_key(false).jwk] })),
            )
            .mount(&server)
            .await;
        OidcProvider {
            server,
            rotated: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Rotates its signing key: it publishes and signs with a new one from now on.
    pub async fn rotate_key(&self) {
        Mock::given(method("GET"))
            .and(path("/keys"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(json!({ "keys": [signing_key(true).jwk] })),
            )
            .with_priority(1)
            .mount(&self.server)
            .await;
        self.rotated
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Its issuer, as its ID tokens name it (STUDIO_OIDC_ISSUER).
    pub fn issuer(&self) -> String {
        self.server.uri()
    }

    /// The claims of an ID token for the studio that vouches for `email`, carrying
    /// `nonce` and valid for five minutes: change them to shape a bad one.
    pub fn claims(&self, email: &str, nonce: &str) -> Value {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_secs();
        json!({
            "iss": self.issuer(),
            "sub": format!("subject-of-{email}"),
            "aud": CLIENT_ID,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            "email": email,
            "email_verified": true,
        })
    }

    /// `claims` as an ID token signed RS256 by the provider's current key.
    pub fn id_token(&self, claims: &Value) -> String {
        let key = signing_key(self.rotated.load(std::sync::atomic::Ordering::SeqCst));
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(key.id.to_owned());
        jsonwebtoken::encode(&header, claims, &key.private).expect("a signed ID token")
    }

    /// Answers the token request of `code` with `id_token` (and an access token).
    pub async fn grants(&self, code: &str, id_token: &str) {
        self.answers(
            code,
            ResponseTemplate::new(200).set_body_json(json!({
                "access_token": format!("access-{code}"),
                "token_type": "Bearer",
                "expires_in": 300,
                "id_token": id_token,
            })),
        )
        .await;
    }

    /// Answers the token request of `code` with `response`.
    pub async fn answers(&self, code: &str, response: ResponseTemplate) {
        Mock::given(method("POST"))
            .and(path("/token"))
            .and(carries_code(code.to_owned()))
            .respond_with(response)
            .mount(&self.server)
            .await;
    }

    /// The form fields and `Authorization` header of the token requests received.
    pub async fn token_requests(&self) -> Vec<(Vec<(String, String)>, String)> {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .into_iter()
            .filter(|request| request.url.path() == "/token")
            .map(|request| {
                let fields = url_form(&request.body);
                let authorization = crate::http_stub::header(&request, "authorization").to_owned();
                (fields, authorization)
            })
            .collect()
    }
}

/// The fields of an `application/x-www-form-urlencoded` body.
fn url_form(body: &[u8]) -> Vec<(String, String)> {
    serde_urlencoded::from_bytes(body).unwrap_or_default()
}

/// Matches a token request for `code`.
fn carries_code(code: String) -> impl Fn(&wiremock::Request) -> bool + Send + Sync {
    move |request| {
        url_form(&request.body)
            .iter()
            .any(|(field, value)| field == "code" && *value == code)
    }
}
