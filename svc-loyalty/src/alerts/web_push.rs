//! Web Push (RFC 8030) to members' browsers: each message encrypted for its subscription
//! (RFC 8291, aes128gcm) and signed with the deployment's VAPID key (RFC 8292) by
//! web-push-native, posted over our own HTTP client to public addresses only (a member
//! names the endpoint: it must not reach into the network the service runs in), and the
//! push service's answer read: delivered, gone (404, 410, and 401/403 for a key it was
//! not made with: the subscription is dropped), refused, or worth trying again
//! (time-outs, 429, 5xx).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use web_push_native::jwt_simple::algorithms::ES256KeyPair;
use web_push_native::{Auth, WebPushBuilder};

use super::Outcome;
use crate::store::alerts::StoredSubscription;

/// How long a push service may take to answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How long a push service keeps a message for a browser that is away, and how long the
/// VAPID signature holds (RFC 8292 allows 24 hours at most: a clock a little ahead
/// would pass it).
const KEPT_FOR: Duration = Duration::from_secs(12 * 60 * 60);

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("WEB_PUSH_VAPID_KEY_FILE {file}: {problem}")]
    Unreadable { file: String, problem: String },
    #[error("the push client: {0}")]
    Client(#[from] reqwest::Error),
}

/// The deployment's push sender.
#[derive(Clone)]
pub struct WebPush {
    key: Arc<ES256KeyPair>,
    /// The VAPID public key as browsers subscribe with it: base64url, uncompressed.
    public_key: String,
    /// The VAPID `sub`: mailto: or https:.
    contact: String,
    http: reqwest::Client,
    /// Whether plain http and local addresses are posted to (tests' push services).
    local: bool,
}

impl std::fmt::Debug for WebPush {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebPush")
            .field("public_key", &self.public_key)
            .field("contact", &self.contact)
            .finish_non_exhaustive()
    }
}

impl WebPush {
    /// The sender signing with the key in `file`, made there first when missing and
    /// `make_if_missing` (the embedded demo). `local` also posts to plain http and local
    /// addresses: for tests against a local push service only.
    pub fn from_file(
        file: &Path,
        make_if_missing: bool,
        contact: String,
        local: bool,
    ) -> Result<WebPush, KeyError> {
        let unreadable = |problem: String| KeyError::Unreadable {
            file: file.display().to_string(),
            problem,
        };
        if make_if_missing && !file.exists() {
            write_new_key(file).map_err(unreadable)?;
            tracing::info!(file = %file.display(), "a VAPID key for the demo's push notifications was made");
        }
        let pem = std::fs::read_to_string(file).map_err(|error| unreadable(error.to_string()))?;
        let secret = p256::SecretKey::from_pkcs8_pem(&pem)
            .or_else(|_| p256::SecretKey::from_sec1_pem(&pem))
            .map_err(|_| {
                unreadable("not a P-256 private key in PEM (PKCS#8 or SEC1)".to_owned())
            })?;
        let key = ES256KeyPair::from_bytes(&secret.to_bytes())
            .map_err(|error| unreadable(error.to_string()))?;
        let public_key =
            URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
        let mut http = platform::tls::http_client()
            .timeout(TIMEOUT)
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none());
        if !local {
            http = http
                .https_only(true)
                .dns_resolver(Arc::new(platform::public_addresses::PublicOnly));
        }
        Ok(WebPush {
            key: Arc::new(key),
            public_key,
            contact,
            http: http.build()?,
            local,
        })
    }

    pub fn public_key(&self) -> &str {
        &self.public_key
    }

    /// Posts `message` (the notification's JSON) to `subscription`.
    pub async fn send(&self, subscription: &StoredSubscription, message: &[u8]) -> Outcome {
        let request = match self.request(subscription, message) {
            Ok(request) => request,
            Err(problem) => return Outcome::Refused(problem),
        };
        match self.http.execute(request).await {
            Ok(answer) => match answer.status().as_u16() {
                200..=299 => Outcome::Delivered,
                // 401, 403: the subscription was made with another key.
                401 | 403 | 404 | 410 => Outcome::Gone,
                429 => Outcome::Retry("the push service answered 429".to_owned()),
                status @ 500.. => Outcome::Retry(format!("the push service answered {status}")),
                status => Outcome::Refused(format!("the push service answered {status}")),
            },
            Err(error) => Outcome::Retry(format!(
                "the push service did not answer: {}",
                error.without_url()
            )),
        }
    }

    /// The encrypted, signed request; a subscription whose keys cannot be used is named.
    fn request(
        &self,
        subscription: &StoredSubscription,
        message: &[u8],
    ) -> Result<reqwest::Request, String> {
        let url = reqwest::Url::parse(&subscription.endpoint)
            .map_err(|_| "the subscription's endpoint is not a URL".to_owned())?;
        if !self.local {
            platform::public_addresses::check_url(&url)?;
        }
        let endpoint = subscription
            .endpoint
            .parse()
            .map_err(|_| "the subscription's endpoint is not a URL".to_owned())?;
        let browser_key = URL_SAFE_NO_PAD
            .decode(&subscription.p256dh)
            .ok()
            .and_then(|bytes| p256::PublicKey::from_sec1_bytes(&bytes).ok())
            .ok_or("the subscription's p256dh is not a P-256 key")?;
        let auth = URL_SAFE_NO_PAD
            .decode(&subscription.auth)
            .ok()
            .filter(|secret| secret.len() == 16)
            .ok_or("the subscription's auth is not 16 bytes")?;
        let built = WebPushBuilder::new(endpoint, browser_key, Auth::clone_from_slice(&auth))
            .with_valid_duration(KEPT_FOR)
            .with_vapid(&self.key, &self.contact)
            .build(message.to_vec())
            .map_err(|error| format!("the message cannot be encrypted: {error}"))?;
        reqwest::Request::try_from(built).map_err(|error| error.without_url().to_string())
    }
}

/// A new P-256 private key, PKCS#8 PEM, in `file` (its owner's to read only).
fn write_new_key(file: &Path) -> Result<(), String> {
    let secret = loop {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|error| error.to_string())?;
        // Out of the curve's order: about one time in 2^32; draw again.
        if let Ok(secret) = p256::SecretKey::from_slice(&bytes) {
            break secret;
        }
    };
    let pem = secret
        .to_pkcs8_pem(LineEnding::LF)
        .map_err(|error| error.to_string())?;
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).map_err(|error| error.to_string())?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut opened = options.open(file).map_err(|error| error.to_string())?;
    std::io::Write::write_all(&mut opened, pem.as_bytes()).map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_key_is_made_once_and_read_back_the_same() {
        let dir = std::env::temp_dir().join(format!(
            "vapid-{}",
            platform::tokens::random_hex::<8>().expect("random")
        ));
        let file = dir.join("web-push-vapid.pem");
        let made = WebPush::from_file(&file, true, "mailto:ops@cinema.example".into(), false)
            .expect("made");
        let again = WebPush::from_file(&file, true, "mailto:ops@cinema.example".into(), false)
            .expect("read back");
        assert_eq!(made.public_key(), again.public_key());
        let key = URL_SAFE_NO_PAD
            .decode(made.public_key())
            .expect("base64url");
        assert_eq!((key.len(), key[0]), (65, 4), "an uncompressed point");
        let error = WebPush::from_file(&dir.join("none.pem"), false, String::new(), false)
            .expect_err("no such file");
        assert!(
            error.to_string().starts_with("WEB_PUSH_VAPID_KEY_FILE"),
            "{error}"
        );
        std::fs::write(dir.join("bad.pem"), "not a key").expect("written");
        let error = WebPush::from_file(&dir.join("bad.pem"), false, String::new(), false)
            .expect_err("not a key");
        assert!(
            error.to_string().contains("not a P-256 private key"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
