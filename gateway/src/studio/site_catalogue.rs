//! A site's theaters and movies as published, on the studio's host, for its forms (an
//! event's theater and movie) and its movies screen: every role of the site, through
//! svc-studio.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::Serialize;
use utoipa::ToSchema;

use super::{SiteRefusals, StudioContext};
use crate::error::AppError;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new()
        .route("/sites/{site_id}/theaters", get(list_theaters))
        .route("/sites/{site_id}/movies", get(list_movies))
}

/// A theater of the site.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioTheater)]
struct TheaterBody {
    id: String,
    name: String,
}

/// A movie of the site, excluded or not, with its point of sale's fields (read-only in the
/// studio; the site's own fields are in its document, `config`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioMovie)]
struct MovieBody {
    id: String,
    title: String,
    /// YYYY-MM-DD; null when not announced.
    #[schema(required = true)]
    release_date: Option<String>,
    runtime_minutes: u32,
    rating: String,
    /// The point of sale's poster once kept, else the drawn one; never the site's override.
    poster_url: String,
}

/// The site's theaters as published, in the site's order.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/theaters", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The theaters", body = [TheaterBody]), SiteRefusals))]
async fn list_theaters(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<TheaterBody>>, AppError> {
    let theaters = studio
        .client
        .clone()
        .list_site_theaters(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner()
        .theaters;
    Ok(Json(
        theaters
            .into_iter()
            .map(|theater| TheaterBody {
                id: theater.id,
                name: theater.name,
            })
            .collect(),
    ))
}

/// Every movie of the site as published, excluded ones too, in the point of sale's order.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/movies", tag = "studio",
    params(("siteId" = String, Path, description = "The site")),
    responses((status = 200, description = "The movies", body = [MovieBody]), SiteRefusals))]
async fn list_movies(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Vec<MovieBody>>, AppError> {
    let movies = studio
        .client
        .clone()
        .list_site_movies(studio::SiteRequest {
            session_token: studio.session_token(&headers)?,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner()
        .movies;
    Ok(Json(
        movies
            .into_iter()
            .map(|movie| MovieBody {
                id: movie.id,
                title: movie.title,
                release_date: Some(movie.release_date).filter(|date| !date.is_empty()),
                runtime_minutes: movie.runtime_minutes,
                rating: movie.rating,
                poster_url: movie.poster_url,
            })
            .collect(),
    ))
}
