//! The JSON API under `/api/v1/`, one module per area. Lists answer JSON arrays of
//! objects with an `id`; errors answer `{"error": {"code", "message"}}`.

mod ads;
mod consent;
mod events;
mod movies;
mod openapi;
mod pages;
mod showtimes;
mod site;
mod theaters;

use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    let v1 = Router::new()
        .merge(site::router())
        .merge(theaters::router())
        .merge(movies::router())
        .merge(showtimes::router())
        .merge(events::router())
        .merge(pages::router())
        .merge(ads::router())
        .merge(consent::router())
        .merge(openapi::router());
    Router::new().nest("/api/v1", v1)
}
