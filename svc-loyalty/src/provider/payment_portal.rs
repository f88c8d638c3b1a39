//! `POST /Member/GetPaymentProviderPortalSession` (docs/loyalty.md#payment-portal): a one-time link
//! to the payment provider's portal, where members manage their saved cards. The
//! portal is a third party behind [`PaymentPortal`]: none (PAYMENT_PORTAL_URL unset:
//! the call answers peachCode 501), or an HTTP API asked for a session.
//!
//! The HTTP protocol: `POST {PAYMENT_PORTAL_URL}` with `Authorization: Bearer {secret}`
//! and the JSON body `{customerReference, email, firstName, lastName, circuitId,
//! cinemaId, returnUrl}`; a 2xx answer `{"url": "https://..."}` names the page the
//! browser opens. Anything else is a failure: logged with its cause, answered with
//! peachCode 502.

use std::time::Duration;

use serde_json::{Value, json};

use super::{Envelope, Provider};
use crate::Error;
use crate::domain::codes::PeachCode;
use crate::domain::member::text;
use crate::domain::reset::is_allowed_root;
use crate::domain::route::Route;

/// What the portal is told about the member and where to send them back.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PortalRequest {
    /// The member's id: the portal's reference for its customer.
    pub customer_reference: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub circuit_id: String,
    pub cinema_id: String,
    /// Where the portal sends the member back to: a page of the site.
    pub return_url: String,
}

#[tonic::async_trait]
pub trait PaymentPortal: std::fmt::Debug + Send + Sync {
    /// The URL of a new portal session for the member; `None` when no portal is
    /// configured.
    async fn open_session(&self, request: &PortalRequest) -> Result<Option<String>, Error>;
}

/// No payment portal: the site does not offer payment-method management.
#[derive(Debug)]
pub struct NoPaymentPortal;

#[tonic::async_trait]
impl PaymentPortal for NoPaymentPortal {
    async fn open_session(&self, _request: &PortalRequest) -> Result<Option<String>, Error> {
        Ok(None)
    }
}

/// A payment portal's HTTP API.
pub struct HttpPaymentPortal {
    url: String,
    secret: String,
    client: reqwest::Client,
}

impl std::fmt::Debug for HttpPaymentPortal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpPaymentPortal")
            .field("url", &self.url)
            .finish_non_exhaustive()
    }
}

#[derive(serde::Deserialize)]
struct PortalSession {
    url: String,
}

impl HttpPaymentPortal {
    pub fn new(url: String, secret: String, timeout: Duration) -> Result<HttpPaymentPortal, Error> {
        let client = platform::tls::http_client()
            .timeout(timeout)
            .connect_timeout(timeout)
            .build()
            .map_err(|error| Error::PaymentPortal(error.to_string()))?;
        Ok(HttpPaymentPortal {
            url,
            secret,
            client,
        })
    }
}

#[tonic::async_trait]
impl PaymentPortal for HttpPaymentPortal {
    async fn open_session(&self, request: &PortalRequest) -> Result<Option<String>, Error> {
        let response = self
            .client
            .post(&self.url)
            .bearer_auth(&self.secret)
            .json(request)
            .send()
            .await
            .map_err(|error| Error::PaymentPortal(error.without_url().to_string()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(Error::PaymentPortal(format!(
                "the portal answered {status}"
            )));
        }
        let session: PortalSession = response.json().await.map_err(|error| {
            Error::PaymentPortal(format!(
                "the portal's answer is not {{\"url\": ...}}: {error}"
            ))
        })?;
        if !(session.url.starts_with("https://") || session.url.starts_with("http://")) {
            return Err(Error::PaymentPortal(
                "the portal's url is not an http(s) URL".to_owned(),
            ));
        }
        Ok(Some(session.url))
    }
}

impl Provider {
    /// `{portalUrl}` for the member of the session; `returnUrl` in the payload may name
    /// a page of the site to come back to (the account page otherwise: at the site's
    /// public URL, else at the first of the deployment's origins on its hosts).
    pub(super) async fn payment_portal_session(
        &self,
        route: &Route,
        envelope: &Envelope,
    ) -> Result<Value, Error> {
        let owner = self.session_owner(route, envelope).await?;
        let member = self.member(&owner.member_id).await?;
        let asked = text(&envelope.payload, &["returnUrl"]);
        let site = &envelope.loyalty;
        let return_url = if asked.is_empty() {
            format!("{}/account/", site.origin(&self.site_origins))
        } else if is_allowed_root(&asked, &self.site_origins) && site.reaches(&asked) {
            asked
        } else {
            return Err(Error::BadInput(
                "payload.returnUrl must be a page of the site (LOYALTY_SITE_ORIGINS)".into(),
            ));
        };
        let request = PortalRequest {
            customer_reference: member.id,
            email: member.email,
            first_name: member.profile.first_name,
            last_name: member.profile.last_name,
            circuit_id: route.circuit_id.clone(),
            cinema_id: route.cinema_id.clone(),
            return_url,
        };
        match self.payment_portal.open_session(&request).await {
            Ok(Some(url)) => Ok(json!({ "portalUrl": url })),
            Ok(None) => Err(PeachCode::PaymentPortalNotConfigured.into()),
            Err(error) => {
                tracing::error!(%error, "no payment portal session");
                Err(PeachCode::PaymentPortalFailed.into())
            }
        }
    }
}
