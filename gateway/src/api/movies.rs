use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{GetMovieRequest, ListMoviesRequest, Movie};
use serde::Deserialize;
use utoipa::IntoParams;

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;

pub fn router() -> Router<ApiState> {
    Router::new()
        .route("/movies", get(list))
        .route("/movies/{id}", get(detail))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct MovieFilter {
    /// Only movies showing at this theater.
    #[serde(default)]
    theater_id: String,
    /// Only movies in this play-week bucket.
    #[param(value_type = Option<proto::vocabulary::PlayWeek>, inline)]
    play_week: Option<String>,
}

/// Movies in movieOrderIndex order, without globalExcludedMovieIds, each with its
/// play-week bucket.
#[utoipa::path(get, path = "/api/v1/movies", operation_id = "listMovies", params(MovieFilter), responses(
    (status = 200, description = "OK", body = Vec<Movie>),
    (status = 400, description = "A parameter given but empty, or not a play week", body = ErrorBody),
    (status = 404, description = "No theater with the theaterId given", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn list(
    State(state): State<ApiState>,
    Query(filter): Query<MovieFilter>,
) -> Result<Json<Vec<Movie>>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .list_movies(ListMoviesRequest {
            theater_id: filter.theater_id,
            play_week: crate::extract::optional("playWeek", filter.play_week)?,
        })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner().movies))
}

/// One movie.
#[utoipa::path(get, path = "/api/v1/movies/{id}", operation_id = "getMovie",
    params(("id" = String, Path, description = "Movie id")),
    responses(
        (status = 200, description = "OK", body = Movie),
        (status = 404, description = "No movie with this id", body = ErrorBody),
        (status = 503, description = "A service the route needs is down", body = ErrorBody),
    ))]
async fn detail(
    State(state): State<ApiState>,
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
