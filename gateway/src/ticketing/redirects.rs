//! The server redirect endpoints of docs/pages-and-links.md#hand-offs-to-ticketing, one for
//! every hand-off: each answers 302 to the theater's ticketing provider (the site-wide one
//! when the theater names none, or for a chain's hand-off without a theater), carrying
//! theaterCode and perfCode; to the same path on the ticketing sandbox when
//! TICKETING_SANDBOX is on. A hand-off the provider does not offer is a 404. The target
//! is built by the catalogue from the site's configuration, never from the request, so
//! this is no open redirect.
//!
//! At the site's own route segment a hand-off is a page a browser follows: its failures
//! are the site's error pages (JSON only under `/api/`), and a signed-in member's token,
//! which the app adds to the link when it is clicked, goes on to the ticketing site, so
//! the member arrives signed in: only to the loyalty `ticketingUrl`'s origin (the
//! member's own ticketing service) or the stand-in on this site (TICKETING_SANDBOX),
//! never to a theater's own provider elsewhere, which has no business with a live
//! session token.

use std::sync::Arc;

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use proto::catalogue::v1::ResolveTicketingRequest;
use serde::Deserialize;
use site_paths::hand_off::HAND_OFFS;

use crate::clients::Services;
use crate::error::AppError;
use crate::extract::Query;
use crate::served::Published;
use crate::served::serve::error_page;
use crate::site_data::SiteCache;

/// What the redirect endpoints read: the catalogue, which builds each target (the
/// stand-in's while the sandbox is on), and the published error pages.
#[derive(Debug, Clone)]
struct Redirects {
    services: Services,
    published: Published,
    /// The site's loyalty settings: whose origin a member's token may go to.
    site: SiteCache,
}

/// The query parameters a member's token travels in, one per loyalty provider (README
/// "The member area and the ticketing hand-off"): the one the app added is passed on.
pub const TOKEN_PARAMETERS: [&str; 4] = ["sessionToken", "taposToken", "cgrSessionToken", "token"];

/// Each hand-off of [`site_paths::hand_off::HAND_OFFS`] at its redirect endpoint
/// `/api/{segment}/redirect`, and at the site's own route segment, where its links lead
/// (in the tapos_embedded context a booking link becomes
/// /startticketing/?theaterCode=&perfCode=), with or without the trailing slash.
pub fn router(services: Services, published: Published, site: SiteCache) -> Router {
    let mut router = Router::new();
    for hand_off in &HAND_OFFS {
        let segment = hand_off.segment;
        let endpoint = get(
            move |State(state): State<Arc<Redirects>>, Query(query): Query<HandOffQuery>| async move {
                redirect(&state, query, segment, None).await
            },
        );
        let page = get(
            move |state: State<Arc<Redirects>>,
                  method: Method,
                  headers: HeaderMap,
                  query: RawQuery| {
                hand_off_page(state, method, headers, query, segment)
            },
        );
        router = router
            .route(&format!("/api/{segment}/redirect"), endpoint)
            .route(&format!("/{segment}"), page.clone())
            .route(&format!("/{segment}/"), page);
    }
    router.with_state(Arc::new(Redirects {
        services,
        published,
        site,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct HandOffQuery {
    /// The theater's id; required (this or theaterCode) for a theater's hand-offs,
    /// optional for the chain's. Empty counts as absent.
    #[serde(default)]
    theater_id: String,
    /// The theater's ticketing code, the hand-off's own name for it; wins over theaterId.
    #[serde(default)]
    theater_code: String,
    #[serde(default)]
    perf_code: String,
}

/// A hand-off followed as a page: the redirect with the member's token passed on, or
/// the site's error page with the error's status.
async fn hand_off_page(
    State(state): State<Arc<Redirects>>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    segment: &'static str,
) -> Response {
    let query = query.unwrap_or_default();
    let answer = match serde_urlencoded::from_str::<HandOffQuery>(&query) {
        Ok(hand_off) => redirect(&state, hand_off, segment, member_token(&query)).await,
        Err(error) => Err(AppError::BadRequest(format!("invalid query: {error}"))),
    };
    match answer {
        Ok(redirect) => redirect,
        Err(error) => {
            let status = error.status();
            if status.is_server_error() {
                tracing::warn!(%error, "hand-off page failed");
            }
            error_page(&state.published, status, &headers, method == Method::HEAD).await
        }
    }
}

/// The member's token among the query's parameters, by its provider's name.
fn member_token(query: &str) -> Option<(String, String)> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .ok()?
        .into_iter()
        .find(|(name, value)| TOKEN_PARAMETERS.contains(&name.as_str()) && !value.is_empty())
}

async fn redirect(
    state: &Redirects,
    hand_off: HandOffQuery,
    segment: &'static str,
    member_token: Option<(String, String)>,
) -> Result<Response, AppError> {
    let well_formed =
        hand_off.perf_code.is_empty() || site_paths::hand_off::is_perf_code(&hand_off.perf_code);
    if !well_formed {
        return Err(AppError::BadRequest(
            "perfCode: up to 64 letters, digits, '-' or '_'".to_owned(),
        ));
    }
    let target = state
        .services
        .catalogue
        .clone()
        .resolve_ticketing(ResolveTicketingRequest {
            // The catalogue finds a theater by its id or its code.
            theater_id: if hand_off.theater_code.is_empty() {
                hand_off.theater_id
            } else {
                hand_off.theater_code
            },
            perf_code: hand_off.perf_code,
            kind: segment.to_owned(),
        })
        .await
        .map_err(AppError::catalogue)?
        .into_inner();
    let mut url = target.url;
    let loyalty_ticketing = state
        .site
        .cached()
        .and_then(|site| origin_of(&site.loyalty.ticketing_url));
    // The stand-in ticketing site (TICKETING_SANDBOX) is this site's own page.
    let to_the_sandbox = url.starts_with(crate::ticketing_sandbox::SANDBOX_PATH);
    if let Some((name, token)) = member_token
        && (to_the_sandbox || (loyalty_ticketing.is_some() && origin_of(&url) == loyalty_ticketing))
    {
        let pair = serde_urlencoded::to_string([(name, token)]).unwrap_or_default();
        url.push(if url.contains('?') { '&' } else { '?' });
        url.push_str(&pair);
    }
    let location = HeaderValue::from_str(&url).map_err(|_| AppError::Service {
        service: "catalogue",
        status: tonic::Status::internal("ticketing URL is not a valid header value"),
    })?;
    Ok((StatusCode::FOUND, [(header::LOCATION, location)]).into_response())
}

/// The origin (scheme, host and port) of an absolute URL.
fn origin_of(url: &str) -> Option<String> {
    let origin = reqwest::Url::parse(url).ok()?.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}
