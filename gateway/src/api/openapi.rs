//! The OpenAPI 3 document of the JSON API, kept beside the crate as openapi.json and
//! checked against the router by the integration tests.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::state::AppState;

pub const DOCUMENT: &str = include_str!("../../openapi.json");

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(document))
}

async fn document() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT)
}
