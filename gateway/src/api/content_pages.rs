use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use proto::catalogue::v1::{GetPageRequest, Page};

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};

pub fn router() -> Router<ApiState> {
    Router::new().route("/pages/{slug}", get(detail))
}

/// A content page.
#[utoipa::path(get, path = "/api/v1/pages/{slug}", operation_id = "getPage",
    params(("slug" = String, Path, description = "Page slug", example = "about")),
    responses(
        (status = 200, description = "OK", body = Page),
        (status = 404, description = "No page with this slug", body = ErrorBody),
        (status = 503, description = "A service the route needs is down", body = ErrorBody),
    ))]
async fn detail(
    State(state): State<ApiState>,
    Path(slug): Path<String>,
) -> Result<Json<Page>, AppError> {
    let reply = state
        .services
        .catalogue
        .clone()
        .get_page(GetPageRequest { slug })
        .await
        .map_err(AppError::catalogue)?;
    Ok(Json(reply.into_inner()))
}
