//! The draft's preview for the studio (docs/studio.md#preview): an address on the site's
//! own host showing a page as the draft has it, with a token svc-studio gives for the
//! site and an hour.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{SiteRefusals, StudioContext};
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;

type StudioState = Arc<StudioContext>;

/// The longest page path a preview is asked for.
const MAX_PATH: usize = 1024;

pub fn router() -> Router<StudioState> {
    Router::new().route("/sites/{site_id}/preview", get(open_preview))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PreviewQuery {
    /// The page, site-rooted: `/`, `/movies/`, `/about/`.
    path: String,
}

/// Where the draft's preview of a page is.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StudioPreview)]
struct PreviewBody {
    /// `{the site's origin}/cms-preview{path}?preview={token}`: the page as the draft has
    /// it, for an hour.
    url: String,
}

/// The address of a page of the site as it will be once its draft is published, on the
/// site's own host, for an hour: rendered like the published pages, never cached or
/// indexed. Every role of the site.
#[utoipa::path(get, path = "/studio/api/v1/sites/{siteId}/preview", tag = "studio",
    params(("siteId" = String, Path, description = "The site"), PreviewQuery),
    responses(
        (status = 200, description = "The preview's address", body = PreviewBody),
        (status = 400, description = "`path` is not a page path of the site; `field` names it", body = ErrorBody),
        SiteRefusals,
    ))]
async fn open_preview(
    State(studio): State<StudioState>,
    Path(site_id): Path<String>,
    headers: HeaderMap,
    query: Result<Query<PreviewQuery>, AppError>,
) -> Result<Json<PreviewBody>, AppError> {
    // A stranger learns nothing of the query's rules: no session is 401 first.
    let session_token = studio.session_token(&headers)?;
    let Query(query) = query?;
    let path = page_path(&query.path)?;
    let preview = studio
        .client
        .clone()
        .open_preview(studio::SiteRequest {
            session_token,
            site_id,
        })
        .await
        .map_err(AppError::studio)?
        .into_inner();
    let site = preview.site.unwrap_or_default();
    let origin = crate::sites::public_origin(
        &studio.public_url,
        &site.public_url,
        &site.hosts,
        site.is_default,
    );
    Ok(Json(PreviewBody {
        url: format!("{origin}/cms-preview{path}?preview={}", preview.token),
    }))
}

/// `path` when it is a site-rooted page path: no query, fragment, scheme or other host.
fn page_path(path: &str) -> Result<&str, AppError> {
    let problem = if !path.starts_with('/') || path.starts_with("//") {
        Some("a page path starts with one '/': /movies/")
    } else if path.len() > MAX_PATH {
        Some("a page path is at most 1024 characters")
    } else if path
        .chars()
        .any(|c| c.is_control() || c.is_whitespace() || matches!(c, '?' | '#' | '\\'))
    {
        Some("a page path has no query, fragment, space or backslash")
    } else {
        None
    };
    match problem {
        Some(problem) => Err(AppError::InvalidField {
            field: "path".to_owned(),
            problem: problem.to_owned(),
        }),
        None => Ok(path),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_page_path_of_the_site_is_previewed() {
        for path in ["/", "/movies/", "/movies/1004-velocity/", "/about"] {
            assert_eq!(page_path(path).ok(), Some(path));
        }
        for path in [
            "",
            "movies/",
            "//evil.test/",
            "/movies/?date=1",
            "/a#b",
            "/a b",
            "/a\\b",
        ] {
            assert!(page_path(path).is_err(), "{path}");
        }
        assert!(page_path(&format!("/{}", "a".repeat(MAX_PATH))).is_err());
    }
}
