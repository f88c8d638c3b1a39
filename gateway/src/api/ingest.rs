//! The ingest API of docs/ingest.md#ingest-api: a chain's point of sale writes its site's
//! catalogue. The key in `Authorization: Bearer` names the site; svc-catalogue checks the
//! key, the records and what they refer to, and writes all or nothing. Bodies are read
//! strictly: a field the API does not know is refused by name, like a bad one.

use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, State};
use axum::http::header;
use axum::http::request::Parts;
use axum::routing::{post, put};
use axum::{Json, Router};
use proto::catalogue::v1 as pb;
use proto::catalogue::v1::ingest_client::IngestClient;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::context::ApiState;
use crate::error::{AppError, ErrorBody};
use crate::extract::{Query, StrictJson, same_id};

/// The largest body a call may send (a large theater's month of showtimes, or 10,000
/// availability updates, fit many times over).
pub const MAX_INGEST_BYTES: usize = 16 * 1024 * 1024;

pub fn router() -> Router<ApiState> {
    Router::new()
        .route(
            "/ingest/theaters/{id}",
            put(put_theater).delete(delete_theater),
        )
        .route("/ingest/theaters/{id}/showtimes", put(put_schedule))
        .route("/ingest/movies/{id}", put(put_movie).delete(delete_movie))
        .route("/ingest/events/{id}", put(put_event).delete(delete_event))
        .route("/ingest/pages/{slug}", put(put_page).delete(delete_page))
        .route("/ingest/availability", post(update_availability))
        .layer(DefaultBodyLimit::max(MAX_INGEST_BYTES))
}

/// The caller's ingest key, checked with svc-catalogue before the body is read: a caller
/// without a valid key has none of its body read (docs/operations.md#threat-model).
struct IngestKey(String);

impl FromRequestParts<ApiState> for IngestKey {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &ApiState,
    ) -> Result<Self, Self::Rejection> {
        let key = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|key| !key.is_empty())
            .map(|key| IngestKey(key.to_owned()))
            .ok_or_else(|| {
                AppError::Unauthenticated(
                    "an ingest key is required: Authorization: Bearer <key>".to_owned(),
                )
            })?;
        if !state.ingest_keys.believed(&key.0) {
            client(state)
                .authenticate(key.request(pb::AuthenticateRequest {})?)
                .await
                .map_err(AppError::catalogue)?;
            state.ingest_keys.accepted(&key.0);
        }
        Ok(key)
    }
}

impl IngestKey {
    /// `message` as a request carrying the key.
    fn request<T>(&self, message: T) -> Result<tonic::Request<T>, AppError> {
        let mut request = tonic::Request::new(message);
        let value = format!("Bearer {}", self.0)
            .parse()
            .map_err(|_| AppError::Unauthenticated("the ingest key is malformed".to_owned()))?;
        request.metadata_mut().insert("authorization", value);
        Ok(request)
    }
}

/// What every ingest call may answer, listed once in the API document.
#[derive(utoipa::IntoResponses)]
#[expect(dead_code, reason = "describes the answers in the API document")]
enum IngestAnswers {
    /// Written: `changed` counts the records it added, changed or removed (0: it was
    /// already so, and the revision is the same)
    #[response(status = 200)]
    Written(pb::IngestReply),
    /// A bad field, named in `field` (`showtimes[3].startsAt`), or malformed JSON: nothing
    /// was written
    #[response(status = 400)]
    Invalid(ErrorBody),
    /// No ingest key, or an unknown or revoked one
    #[response(status = 401)]
    Unauthenticated(ErrorBody),
    /// The site has no such record (another site's theater is none of its own)
    #[response(status = 404)]
    NotFound(ErrorBody),
    /// A body over 16 MiB
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// The call refers to a record the site does not have (a showtime's movie, an
    /// update's showtime), or removes one others refer to; named in `field`
    #[response(status = 422)]
    Unprocessable(ErrorBody),
    /// The catalogue or its store is down: nothing was written; try again after
    /// `Retry-After`
    #[response(status = 503)]
    Unavailable(ErrorBody),
}

fn client(state: &ApiState) -> IngestClient<platform::trace::TracedChannel> {
    state.services.ingest.clone()
}

/// A write's answer. Once it answers, every JSON API read of this gateway shows it: the
/// catalogue's calls carry the version it made, and the answers kept before are not served.
fn written(
    state: &ApiState,
    reply: Result<tonic::Response<pb::IngestReply>, tonic::Status>,
) -> Result<Json<pb::IngestReply>, AppError> {
    let reply = reply.map_err(AppError::catalogue)?;
    state.services.written.saw(reply.metadata());
    if reply.get_ref().changed > 0 {
        state.kept_answers.moved();
    }
    Ok(Json(reply.into_inner()))
}

/// Adds or replaces a theater (its showtimes are kept).
#[utoipa::path(put, path = "/api/v1/ingest/theaters/{id}", tag = "ingest",
    params(("id" = String, Path, description = "The theater's id")),
    request_body = pb::TheaterRecord,
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn put_theater(
    State(state): State<ApiState>,
    Path(id): Path<String>,
    key: IngestKey,
    StrictJson(mut theater): StrictJson<pb::TheaterRecord>,
) -> Result<Json<pb::IngestReply>, AppError> {
    same_id(&id, &mut theater.id, "id")?;
    let request = key.request(pb::PutTheaterRequest {
        theater: Some(theater),
    })?;
    written(&state, client(&state).put_theater(request).await)
}

/// Adds or replaces a movie.
#[utoipa::path(put, path = "/api/v1/ingest/movies/{id}", tag = "ingest",
    params(("id" = String, Path, description = "The movie's id")),
    request_body = pb::MovieRecord,
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn put_movie(
    State(state): State<ApiState>,
    Path(id): Path<String>,
    key: IngestKey,
    StrictJson(mut movie): StrictJson<pb::MovieRecord>,
) -> Result<Json<pb::IngestReply>, AppError> {
    same_id(&id, &mut movie.id, "id")?;
    let request = key.request(pb::PutMovieRequest { movie: Some(movie) })?;
    written(&state, client(&state).put_movie(request).await)
}

/// Adds or replaces an event.
#[utoipa::path(put, path = "/api/v1/ingest/events/{id}", tag = "ingest",
    params(("id" = String, Path, description = "The event's id")),
    request_body = pb::EventRecord,
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn put_event(
    State(state): State<ApiState>,
    Path(id): Path<String>,
    key: IngestKey,
    StrictJson(mut event): StrictJson<pb::EventRecord>,
) -> Result<Json<pb::IngestReply>, AppError> {
    same_id(&id, &mut event.id, "id")?;
    let request = key.request(pb::PutEventRequest { event: Some(event) })?;
    written(&state, client(&state).put_event(request).await)
}

/// Adds or replaces a content page.
#[utoipa::path(put, path = "/api/v1/ingest/pages/{slug}", tag = "ingest",
    params(("slug" = String, Path, description = "The page's slug: lower-case letters, digits and '-'")),
    request_body = pb::PageRecord,
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn put_page(
    State(state): State<ApiState>,
    Path(slug): Path<String>,
    key: IngestKey,
    StrictJson(mut page): StrictJson<pb::PageRecord>,
) -> Result<Json<pb::IngestReply>, AppError> {
    same_id(&slug, &mut page.slug, "slug")?;
    let request = key.request(pb::PutPageRequest { page: Some(page) })?;
    written(&state, client(&state).put_page(request).await)
}

async fn delete(
    state: &ApiState,
    key: &IngestKey,
    kind: &str,
    id: String,
) -> Result<Json<pb::IngestReply>, AppError> {
    let request = key.request(pb::DeleteRequest {
        kind: kind.to_owned(),
        id,
    })?;
    written(state, client(state).delete(request).await)
}

/// Removes a theater with its showtimes (refused while an event is at it).
#[utoipa::path(delete, path = "/api/v1/ingest/theaters/{id}", tag = "ingest",
    params(("id" = String, Path, description = "The theater's id")),
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn delete_theater(
    State(state): State<ApiState>,
    Path(id): Path<String>,
    key: IngestKey,
) -> Result<Json<pb::IngestReply>, AppError> {
    delete(&state, &key, "theater", id).await
}

/// Removes a movie (refused while a showtime or an event shows it).
#[utoipa::path(delete, path = "/api/v1/ingest/movies/{id}", tag = "ingest",
    params(("id" = String, Path, description = "The movie's id")),
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn delete_movie(
    State(state): State<ApiState>,
    Path(id): Path<String>,
    key: IngestKey,
) -> Result<Json<pb::IngestReply>, AppError> {
    delete(&state, &key, "movie", id).await
}

/// Removes an event.
#[utoipa::path(delete, path = "/api/v1/ingest/events/{id}", tag = "ingest",
    params(("id" = String, Path, description = "The event's id")),
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn delete_event(
    State(state): State<ApiState>,
    Path(id): Path<String>,
    key: IngestKey,
) -> Result<Json<pb::IngestReply>, AppError> {
    delete(&state, &key, "event", id).await
}

/// Removes a content page.
#[utoipa::path(delete, path = "/api/v1/ingest/pages/{slug}", tag = "ingest",
    params(("slug" = String, Path, description = "The page's slug")),
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn delete_page(
    State(state): State<ApiState>,
    Path(slug): Path<String>,
    key: IngestKey,
) -> Result<Json<pb::IngestReply>, AppError> {
    delete(&state, &key, "page", slug).await
}

/// The local days a schedule call replaces.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ScheduleDays {
    /// The first day at the theater, YYYY-MM-DD.
    #[param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$")]
    from: String,
    /// The last day, YYYY-MM-DD, at most 61 days after `from`.
    #[param(format = Date, pattern = r"^\d{4}-\d{2}-\d{2}$")]
    to: String,
}

/// A theater's complete schedule for some of its days.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Schedule {
    #[serde(
        deserialize_with = "proto::limits::at_most::<{ proto::limits::MAX_SCHEDULE_SHOWTIMES }, _, _>"
    )]
    #[schema(max_items = 20000)]
    showtimes: Vec<pb::ShowtimeRecord>,
}

/// Makes `showtimes` the theater's complete schedule for its local days `from` to `to`:
/// showtimes of those days that the body does not name are removed.
#[utoipa::path(put, path = "/api/v1/ingest/theaters/{id}/showtimes", tag = "ingest",
    params(("id" = String, Path, description = "The theater's id"), ScheduleDays),
    request_body = Schedule,
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn put_schedule(
    State(state): State<ApiState>,
    Path(theater_id): Path<String>,
    Query(days): Query<ScheduleDays>,
    key: IngestKey,
    StrictJson(schedule): StrictJson<Schedule>,
) -> Result<Json<pb::IngestReply>, AppError> {
    let request = key.request(pb::PutScheduleRequest {
        theater_id,
        from: days.from,
        to: days.to,
        showtimes: schedule.showtimes,
    })?;
    written(&state, client(&state).put_schedule(request).await)
}

/// Sets the seats left (and the availability the point of sale gives) of up to 10,000
/// showtimes.
#[utoipa::path(post, path = "/api/v1/ingest/availability", tag = "ingest",
    request_body = pb::UpdateAvailabilityRequest,
    security(("ingest_key" = [])),
    responses(IngestAnswers))]
async fn update_availability(
    State(state): State<ApiState>,
    key: IngestKey,
    StrictJson(updates): StrictJson<pb::UpdateAvailabilityRequest>,
) -> Result<Json<pb::IngestReply>, AppError> {
    let request = key.request(updates)?;
    written(&state, client(&state).update_availability(request).await)
}

#[cfg(test)]
mod tests {
    use serde::de::DeserializeOwned;

    use super::*;
    use crate::extract::strict_json;

    fn refused<T: DeserializeOwned + std::fmt::Debug>(body: &str) -> (String, String) {
        match strict_json::<T>(body.as_bytes()).expect_err("refused") {
            AppError::InvalidField { field, problem } => (field, problem),
            other => (String::new(), other.to_string()),
        }
    }

    #[test]
    fn an_unknown_field_is_refused_by_its_path() {
        let (field, problem) = refused::<Schedule>(
            r#"{"showtimes": [{"perfCode": "1"}, {"perfCode": "2", "startz": "x"}]}"#,
        );
        assert_eq!(field, "showtimes[1].startz");
        assert_eq!(problem, "not a field of this API");
    }

    #[test]
    fn a_field_of_the_wrong_type_is_named() {
        let (field, _) =
            refused::<Schedule>(r#"{"showtimes": [{"perfCode": "1", "seatsAvailable": -3}]}"#);
        assert_eq!(field, "showtimes[0].seatsAvailable");
    }

    #[test]
    fn malformed_json_says_so() {
        let (field, problem) = refused::<Schedule>(r#"{"showtimes": ["#);
        assert_eq!(field, "");
        assert!(problem.starts_with("malformed JSON"), "{problem}");
        let (_, trailing) = refused::<Schedule>(r#"{"showtimes": []} x"#);
        assert!(trailing.starts_with("malformed JSON"), "{trailing}");
    }

    #[test]
    fn a_body_that_is_not_an_object_is_refused() {
        for body in ["[]", " [[]]", "null", "\"x\""] {
            assert!(
                matches!(
                    strict_json::<pb::UpdateAvailabilityRequest>(body.as_bytes()),
                    Err(AppError::BadRequest(_))
                ),
                "{body}"
            );
        }
    }

    #[test]
    fn the_body_id_is_the_address_id() {
        let mut left_out = String::new();
        same_id("101", &mut left_out, "id").expect("taken from the address");
        assert_eq!(left_out, "101");
        let mut other = "102".to_owned();
        assert!(same_id("101", &mut other, "id").is_err());
    }
}
