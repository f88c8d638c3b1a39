//! Upstream mode (LOYALTY_UPSTREAM_URL): each cypher call goes to a real
//! cypher-compatible HTTP API instead of the built-in provider, as the browser would
//! have sent it: the route under the upstream's base URL, the method, the session
//! headers, the captcha token and the payload as JSON. Its answer comes back as it is.

use std::time::Duration;

use crate::Error;
use crate::provider::{Envelope, Reply};

#[derive(Debug, Clone)]
pub struct Upstream {
    base: String,
    brand: String,
    client: reqwest::Client,
}

impl Upstream {
    pub fn new(base: &str, brand: &str, timeout: Duration) -> Result<Upstream, Error> {
        let client = platform::tls::http_client()
            .timeout(timeout)
            .connect_timeout(timeout)
            .build()
            .map_err(|error| Error::Upstream(error.to_string()))?;
        Ok(Upstream {
            base: base.trim_end_matches('/').to_owned(),
            brand: capitalised(brand),
            client,
        })
    }

    pub async fn forward(&self, envelope: &Envelope) -> Result<Reply, Error> {
        if !envelope.route.starts_with('/') {
            return Ok(Reply::error(
                400,
                "invalid_argument",
                "the route must start with '/'",
            ));
        }
        let method = reqwest::Method::from_bytes(envelope.method.as_bytes())
            .map_err(|_| Error::BadInput("the method is not an HTTP method".into()))?;
        let mut request = self
            .client
            .request(method.clone(), format!("{}{}", self.base, envelope.route))
            .header("Accept", "application/json");
        for (suffix, token) in [
            ("Session-Token", &envelope.session_token),
            ("Refresh-Session-Token", &envelope.refresh_token),
        ] {
            if !token.is_empty() {
                request = request.header(format!("{}-{suffix}", self.brand), token.as_str());
            }
        }
        if !envelope.captcha_token.is_empty() {
            request = request.header("g-recaptcha-response", envelope.captcha_token.as_str());
        }
        if method != reqwest::Method::GET {
            request = request
                .header("Content-Type", "application/json")
                .body(envelope.payload.to_string());
        }
        let response = request
            .send()
            .await
            .map_err(|error| Error::Upstream(error.without_url().to_string()))?;
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .unwrap_or("application/json")
            .to_owned();
        let body = response
            .text()
            .await
            .map_err(|error| Error::Upstream(error.without_url().to_string()))?;
        Ok(Reply {
            status,
            content_type,
            body,
        })
    }
}

/// `boxoffice` -> `Boxoffice`, as the header names are written.
fn capitalised(brand: &str) -> String {
    let mut letters = brand.chars();
    letters
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + letters.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brand_is_capitalised_for_header_names() {
        assert_eq!(capitalised("boxoffice"), "Boxoffice");
        assert_eq!(capitalised(""), "");
    }
}
