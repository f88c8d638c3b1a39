//! The JSON API under `/api/v1/`, one module per area. Lists answer JSON arrays of
//! objects with an `id`; errors answer `{"error": {"code", "message"}}`.

mod ads;
mod consent;
mod content_pages;
mod context;
mod events;
mod ingest;
mod ingest_keys;
mod movies;
mod openapi;
mod query_parameters;
mod search;
mod showtimes;
mod site;
mod theaters;

use std::sync::Arc;

use axum::Router;
pub use context::ApiContext;
pub use openapi::openapi_document;

pub fn router(context: ApiContext) -> Router {
    // What the catalogue answers is the same for everyone until it changes: kept.
    let catalogue = Router::new()
        .merge(theaters::router())
        .merge(movies::router())
        .merge(showtimes::router())
        .merge(events::router())
        .merge(content_pages::router())
        .merge(search::router())
        .route_layer(axum::middleware::from_fn_with_state(
            context.kept_answers.clone(),
            crate::served::kept_answers::keep,
        ));
    let v1 = Router::new()
        .merge(site::router())
        .merge(catalogue)
        .merge(ads::router())
        .merge(consent::router())
        .merge(ingest::router())
        .merge(openapi::router())
        .route_layer(axum::middleware::from_fn(query_parameters::refuse_unknown))
        .with_state(Arc::new(context));
    Router::new().nest("/api/v1", v1)
}
