use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{GetMovieRequest, ListMoviesRequest, Movie};
use serde::Deserialize;

use crate::error::AppError;
use crate::extract::Query;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/movies", get(list))
        .route("/movies/{id}", get(detail))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MovieFilter {
    #[serde(default)]
    theater_id: String,
    play_week: Option<String>,
}

/// Movies in movieOrderIndex order, without globalExcludedMovieIds.
async fn list(
    State(state): State<AppState>,
    Query(filter): Query<MovieFilter>,
) -> Result<Json<Vec<Movie>>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .list_movies(ListMoviesRequest {
            theater_id: filter.theater_id,
            play_week: super::optional("playWeek", filter.play_week)?,
        })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner().movies))
}

async fn detail(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Movie>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .get_movie(GetMovieRequest { id })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner()))
}
