//! Veezi's public Web API, as the connector calls it: one cinema's token in the header
//! `VeeziAccessToken`, JSON answers in Veezi's own (PascalCase) shapes. A failure says
//! which call failed and how: its CDN's HTML error page, a time-out, JSON that is not
//! what Veezi documents.

use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

/// Why a call to Veezi failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    #[error("{call}: no answer within {seconds} s")]
    Timeout { call: &'static str, seconds: u64 },
    #[error("{call}: unreachable: {problem}")]
    Unreachable { call: &'static str, problem: String },
    #[error("{call}: HTTP {status}{}", html_note(.html))]
    Refused {
        call: &'static str,
        status: u16,
        html: bool,
    },
    #[error("{call}: not the JSON Veezi documents: {problem}")]
    Malformed { call: &'static str, problem: String },
}

fn html_note(html: &bool) -> &'static str {
    if *html {
        " with an HTML page (Veezi's CDN refused the call: is the token right?)"
    } else {
        ""
    }
}

/// The cinema's site: its time zone, as a Windows name ("Eastern Standard Time").
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Site {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub time_zone_identifier: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Screen {
    #[serde(deserialize_with = "id")]
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub total_seats: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Film {
    #[serde(deserialize_with = "id")]
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub synopsis: Option<String>,
    #[serde(default)]
    pub rating: Option<String>,
    /// Minutes.
    #[serde(default)]
    pub duration: Option<u32>,
    #[serde(default)]
    pub genre: Option<String>,
    /// A local date-time; its date is the release date.
    #[serde(default)]
    pub opening_date: Option<String>,
    /// "2D Film", "3D Digital", "IMAX"...
    #[serde(default)]
    pub format: Option<String>,
    /// The film's poster on Veezi's image host.
    #[serde(default)]
    pub film_poster_url: Option<String>,
}

/// One of the cinema's own session attributes.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Attribute {
    #[serde(deserialize_with = "id")]
    pub id: String,
    pub short_name: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Session {
    #[serde(deserialize_with = "id")]
    pub id: String,
    #[serde(deserialize_with = "id")]
    pub film_id: String,
    #[serde(deserialize_with = "id")]
    pub screen_id: String,
    /// Local wall-clock time in the site's time zone, without an offset.
    pub feature_start_time: String,
    #[serde(default)]
    pub seats_available: Option<u32>,
    /// "Open", "Planned", "Closed"...
    pub status: String,
    /// "Public", "Private"...
    pub show_type: String,
    /// The attributes' ids.
    #[serde(default, deserialize_with = "ids")]
    pub attributes: Vec<String>,
}

/// A session as sold online, with its purchase link.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct WebSession {
    #[serde(deserialize_with = "id")]
    pub id: String,
    #[serde(rename = "URL", default)]
    pub url: String,
}

/// Everything one sync reads of a cinema.
#[derive(Debug, Clone, PartialEq)]
pub struct Cinema {
    pub site: Site,
    pub screens: Vec<Screen>,
    pub films: Vec<Film>,
    pub attributes: Vec<Attribute>,
    pub sessions: Vec<Session>,
    pub web_sessions: Vec<WebSession>,
}

/// Ids come as numbers (sessions, screens) or strings (films, attributes).
fn id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Id {
        Number(u64),
        Text(String),
    }
    Ok(match Id::deserialize(deserializer)? {
        Id::Number(number) => number.to_string(),
        Id::Text(text) => text,
    })
}

fn ids<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    struct Wrapped(#[serde(deserialize_with = "id")] String);
    Ok(Option::<Vec<Wrapped>>::deserialize(deserializer)?
        .unwrap_or_default()
        .into_iter()
        .map(|Wrapped(id)| id)
        .collect())
}

/// A client of one Veezi API (VEEZI_API_URL).
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
    timeout: Duration,
}

impl Client {
    pub fn new(base: &str, timeout: Duration) -> Result<Client, reqwest::Error> {
        Ok(Client {
            http: platform::tls::http_client()
                .timeout(timeout)
                .redirect(reqwest::redirect::Policy::none())
                .build()?,
            base: base.trim_end_matches('/').to_owned(),
            timeout,
        })
    }

    /// Everything the cinema whose token is `token` says.
    pub async fn cinema(&self, token: &str) -> Result<Cinema, ApiError> {
        let (site, screens, films, attributes, sessions, web_sessions) = tokio::try_join!(
            self.get("/v1/site", token),
            self.get("/v1/screen", token),
            self.get("/v4/film", token),
            self.get("/v1/attribute", token),
            self.get("/v1/session", token),
            self.get("/v1/websession", token),
        )?;
        Ok(Cinema {
            site,
            screens,
            films,
            attributes,
            sessions,
            web_sessions,
        })
    }

    async fn get<T: DeserializeOwned>(
        &self,
        call: &'static str,
        token: &str,
    ) -> Result<T, ApiError> {
        let failed = |error: reqwest::Error| {
            if error.is_timeout() {
                ApiError::Timeout {
                    call,
                    seconds: self.timeout.as_secs(),
                }
            } else {
                ApiError::Unreachable {
                    call,
                    problem: error.to_string(),
                }
            }
        };
        let response = self
            .http
            .get(format!("{}{call}", self.base))
            .header("VeeziAccessToken", token)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(failed)?;
        let status = response.status();
        let html = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("text/html"));
        let body = response.bytes().await.map_err(failed)?;
        if !status.is_success() {
            return Err(ApiError::Refused {
                call,
                status: status.as_u16(),
                html,
            });
        }
        serde_json::from_slice(&body).map_err(|error| ApiError::Malformed {
            call,
            problem: error.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_read_from_numbers_and_strings() {
        let session: Session = serde_json::from_str(
            r#"{"Id": 1234, "FilmId": "ST00000042", "ScreenId": 3,
                "FeatureStartTime": "2026-11-27T19:30:00", "SeatsAvailable": 80,
                "Status": "Open", "ShowType": "Public", "Attributes": ["0000000001", 7],
                "FilmPackageId": null, "SalesCutOffTime": "2026-11-27T19:45:00"}"#,
        )
        .expect("a documented session");
        assert_eq!(session.id, "1234");
        assert_eq!(session.screen_id, "3");
        assert_eq!(session.attributes, vec!["0000000001", "7"]);
    }
}
