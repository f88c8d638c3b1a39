//! `/api/v1/alerts/unsubscribe?token=` (docs/loyalty.md#alerts): the link of a member's
//! alert e-mail, which works without signing in and only for its own member and kind.
//! A mail client's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`) turns the
//! alerts off and is answered in JSON; a person who opens the link gets a page asking
//! them to confirm (a GET changes nothing: link scanners open links), whose form posts
//! back and is answered with a page.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use proto::loyalty::v1::UnsubscribeRequest;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::LoyaltyContext;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;
use crate::html::escape;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The link's token, as mailed.
    #[param(min_length = 1)]
    token: String,
}

impl UnsubscribeQuery {
    fn token(self) -> Result<String, AppError> {
        if self.token.is_empty() {
            return Err(AppError::BadRequest("token: required".to_owned()));
        }
        Ok(self.token)
    }
}

/// What was turned off.
#[derive(Debug, Serialize, ToSchema)]
pub struct Unsubscribed {
    /// The kind of alert: `on-sale` or `last-chance`.
    kind: String,
}

/// The page that asks a person to confirm; nothing is changed.
#[utoipa::path(get, path = "/api/v1/alerts/unsubscribe", params(UnsubscribeQuery), responses(
    (status = 200, description = "A page asking to confirm, whose form posts to this address", body = String, content_type = "text/html"),
    (status = 400, description = "No token", body = ErrorBody),
))]
pub async fn confirm(Query(query): Query<UnsubscribeQuery>) -> Result<Response, AppError> {
    let token = query.token()?;
    let action = format!(
        "/api/v1/alerts/unsubscribe?{}",
        serde_urlencoded::to_string([("token", &token)]).unwrap_or_default()
    );
    Ok(page(
        StatusCode::OK,
        "Stop these alerts?",
        &format!(
            "<p>You will no longer be told of the alerts this link came with, by e-mail or \
             on your devices. You can turn alerts on again in your account.</p>\n<form method=\"post\" action=\"{}\">\
             <button type=\"submit\">Stop these alerts</button></form>",
            escape(&action)
        ),
    ))
}

/// Turns off the kind of alert the token's link is for.
#[utoipa::path(post, path = "/api/v1/alerts/unsubscribe", params(UnsubscribeQuery), responses(
    (status = 200, description = "Turned off (a page when the request accepts text/html, as a form's does)", body = Unsubscribed),
    (status = 400, description = "No token", body = ErrorBody),
    (status = 404, description = "The token names no member of this site", body = ErrorBody),
    (status = 503, description = "The loyalty service is down", body = ErrorBody),
))]
pub async fn unsubscribe(
    State(state): State<Arc<LoyaltyContext>>,
    headers: HeaderMap,
    Query(query): Query<UnsubscribeQuery>,
) -> Response {
    let wants_page = headers
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"));
    let answer = match query.token() {
        Ok(token) => state
            .services
            .loyalty
            .clone()
            .unsubscribe(UnsubscribeRequest { token })
            .await
            .map(|reply| reply.into_inner().kind)
            .map_err(AppError::loyalty),
        Err(error) => Err(error),
    };
    match (answer, wants_page) {
        (Ok(kind), false) => no_store(Json(Unsubscribed { kind }).into_response()),
        (Ok(kind), true) => page(
            StatusCode::OK,
            "Alerts stopped",
            &format!(
                "<p>You will no longer be told {}. You can turn these alerts on again in your \
                 account.</p>",
                match kind.as_str() {
                    "last-chance" => "when a film on your watchlist is about to leave",
                    _ => "when tickets go on sale for a film on your watchlist",
                }
            ),
        ),
        (Err(error), false) => no_store(error.into_response()),
        (Err(error), true) => page(
            error.status(),
            "This link does not work",
            "<p>This link is not one of this site's, or no longer works. Choose your alerts \
             in your account instead.</p>",
        ),
    }
}

/// A small page of the gateway's own: no script, no style, never kept, never indexed,
/// its address (which holds the token) never sent on as a referrer.
fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title}</title></head>\n\
         <body><main><h1>{title}</h1>\n{body}\n<p><a href=\"/account/alerts/\">Your alerts</a></p>\
         </main></body></html>\n",
        title = escape(title)
    );
    let mut response = (status, Html(html)).into_response();
    response.headers_mut().insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    no_store(response)
}

fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
