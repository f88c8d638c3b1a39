//! The JSON API under `/api/v1/`, one module per area. Lists answer JSON arrays of
//! objects with an `id`; errors answer `{"error": {"code", "message"}}`.

mod ads;
mod consent;
mod events;
mod movies;
mod openapi;
mod pages;
mod search;
mod showtimes;
mod site;
mod theaters;

use axum::Router;
pub use openapi::openapi_document;
pub use search::SearchAnswers;

use crate::error::AppError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    let v1 = Router::new()
        .merge(site::router())
        .merge(theaters::router())
        .merge(movies::router())
        .merge(showtimes::router())
        .merge(events::router())
        .merge(pages::router())
        .merge(search::router())
        .merge(ads::router())
        .merge(consent::router())
        .merge(openapi::router());
    Router::new().nest("/api/v1", v1)
}

/// An optional query value with a default: absent is "" (the default), given but empty
/// is a 400 naming it, as the API's document says.
fn optional(name: &str, value: Option<String>) -> Result<String, AppError> {
    match value {
        Some(value) if value.is_empty() => Err(AppError::BadRequest(format!(
            "{name}: empty; leave it out for the default"
        ))),
        value => Ok(value.unwrap_or_default()),
    }
}
