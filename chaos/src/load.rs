//! Requests under load: a small client of the gateway's member API (`/api/cypher`) and
//! browsing routes, and a log of every answer with when it arrived, so a test can ask
//! what was answered before, during and after an outage.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::http_client;

pub const PASSWORD: &str = "Popcorn#2024";
pub const V3_LOGIN: &str = "/Member/v3/Login?boxofficeCircuitId=MQ";

/// One answer (or failure to get one) of a request of some kind.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub kind: &'static str,
    pub at: Instant,
    /// The HTTP status, or `None` when no answer came (connection refused or reset).
    pub status: Option<u16>,
}

/// Every outcome of a load run, shared by the tasks producing it.
#[derive(Debug, Clone, Default)]
pub struct Outcomes(Arc<Mutex<Vec<Outcome>>>);

impl Outcomes {
    pub fn record(&self, kind: &'static str, status: Option<u16>) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(Outcome {
                kind,
                at: Instant::now(),
                status,
            });
    }

    /// The statuses of `kind` answered in `[from, to)`.
    pub fn statuses(&self, kind: &str, from: Instant, to: Instant) -> Vec<Option<u16>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .filter(|o| o.kind == kind && o.at >= from && o.at < to)
            .map(|o| o.status)
            .collect()
    }
}

/// The gateway's member API.
#[derive(Debug, Clone)]
pub struct Members {
    pub client: reqwest::Client,
    pub url: String,
}

impl Members {
    pub fn new(url: &str) -> Members {
        Members {
            client: http_client(Duration::from_secs(10)),
            url: url.to_owned(),
        }
    }

    /// One cypher call: HTTP status (None when no answer) and body.
    pub async fn cypher(
        &self,
        method: &str,
        route: &str,
        payload: Value,
        session: Option<&str>,
    ) -> (Option<u16>, Value) {
        let mut body = payload;
        body["reqMetadata"] = json!({ "method": method, "route": route });
        let mut request = self
            .client
            .post(format!("{}/api/cypher", self.url))
            .json(&body);
        if let Some(token) = session {
            request = request.header("Boxoffice-Session-Token", token);
        }
        match request.send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                (Some(status), response.json().await.unwrap_or(Value::Null))
            }
            Err(_) => (None, Value::Null),
        }
    }

    /// Creates a member; `true` when the platform acknowledged it (peachCode 0).
    pub async fn create(&self, email: &str) -> (Option<u16>, bool) {
        let (status, body) = self
            .cypher(
                "POST",
                "/Member/v3/Create",
                json!({
                    "email": email, "username": email, "password": PASSWORD,
                    "firstname": "Ann", "lastname": "Lee", "mobileNumber": "5550100",
                    "zipCode": "10001", "sendNewsletter": "False", "memberLevelId": 0
                }),
                None,
            )
            .await;
        (status, status == Some(200) && body["peachCode"] == json!(0))
    }

    /// Logs in; the session token when the platform acknowledged the login.
    pub async fn login(&self, email: &str) -> (Option<u16>, Option<String>) {
        let (status, body) = self
            .cypher(
                "POST",
                V3_LOGIN,
                json!({ "username": email, "password": PASSWORD }),
                None,
            )
            .await;
        let token = (status == Some(200) && body["peachCode"] == json!(0))
            .then(|| body["sessionManagementTokens"]["boxofficeSessionToken"].as_str())
            .flatten()
            .map(str::to_owned);
        (status, token)
    }

    /// The member's e-mail address as GetMember answers it for `session`.
    pub async fn member_email(&self, session: &str) -> Option<String> {
        let (status, body) = self
            .cypher(
                "GET",
                "/Member/v3/GetMember/?boxofficeCircuitId=MQ",
                json!({}),
                Some(session),
            )
            .await;
        (status == Some(200) && body["peachCode"] == json!(0))
            .then(|| body["memberDetails"]["email"].as_str().map(str::to_owned))
            .flatten()
    }

    /// A browsing call: the status of GET `path`.
    pub async fn get(&self, path: &str) -> Option<u16> {
        self.client
            .get(format!("{}{path}", self.url))
            .send()
            .await
            .ok()
            .map(|r| r.status().as_u16())
    }
}
