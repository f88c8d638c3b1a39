//! The JSON API under `/api/v1/`, one module per area. Lists answer JSON arrays of
//! objects with an `id`; errors answer `{"error": {"code", "message"}}`.

mod ads;
mod consent;
mod context;
mod events;
mod ingest;
mod movies;
mod openapi;
mod pages;
mod search;
mod search_answers;
mod showtimes;
mod site;
mod theaters;

use std::sync::Arc;

use axum::Router;
pub use context::ApiContext;
pub use openapi::openapi_document;
pub use search_answers::SearchAnswers;

pub fn router(context: ApiContext) -> Router {
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
        .merge(ingest::router())
        .merge(openapi::router())
        .with_state(Arc::new(context));
    Router::new().nest("/api/v1", v1)
}
