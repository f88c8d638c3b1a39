//! Captcha checks on login and gift-card calls (docs/loyalty.md#captcha), behind
//! [`CaptchaVerifier`]: off (the embedded default, CAPTCHA_SECRET unset), or a
//! reCAPTCHA-compatible `siteverify` endpoint asked over HTTP.

use std::time::Duration;

use crate::Error;

#[tonic::async_trait]
pub trait CaptchaVerifier: std::fmt::Debug + Send + Sync {
    /// Whether `token` (the browser's g-recaptcha-response) proves a human.
    async fn verify(&self, token: &str, client_address: &str) -> Result<bool, Error>;
}

/// Accepts every call: no captcha is configured.
#[derive(Debug)]
pub struct CaptchaOff;

#[tonic::async_trait]
impl CaptchaVerifier for CaptchaOff {
    async fn verify(&self, _token: &str, _client_address: &str) -> Result<bool, Error> {
        Ok(true)
    }
}

/// A reCAPTCHA-compatible verifier: POSTs `secret`, `response` and `remoteip` as a form
/// and reads `{"success": bool}`.
pub struct Recaptcha {
    url: String,
    secret: String,
    client: reqwest::Client,
}

impl std::fmt::Debug for Recaptcha {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Recaptcha")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

#[derive(serde::Deserialize)]
struct SiteVerify {
    success: bool,
}

impl Recaptcha {
    pub fn new(url: String, secret: String) -> Result<Recaptcha, Error> {
        let client = platform::tls::http_client()
            .timeout(Duration::from_secs(5))
            .build()
            .map_err(|error| Error::Captcha(error.to_string()))?;
        Ok(Recaptcha {
            url,
            secret,
            client,
        })
    }
}

#[tonic::async_trait]
impl CaptchaVerifier for Recaptcha {
    async fn verify(&self, token: &str, client_address: &str) -> Result<bool, Error> {
        if token.is_empty() {
            return Ok(false);
        }
        let form = [
            ("secret", self.secret.as_str()),
            ("response", token),
            ("remoteip", client_address),
        ];
        let answer: SiteVerify = self
            .client
            .post(&self.url)
            .form(&form)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(|error| Error::Captcha(error.without_url().to_string()))?
            .json()
            .await
            .map_err(|error| Error::Captcha(error.to_string()))?;
        Ok(answer.success)
    }
}
