//! Extractors whose rejections are [`AppError`]s, so malformed input reads like every
//! other error: JSON, 400, naming what is wrong.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::AppError;

/// Request bodies larger than this are refused with 413 by the body extractors.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// `axum::Json` of a JSON object with an [`AppError`] rejection: serde would also read a
/// struct from an array of its fields in order, which no body of this API is.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<serde_json::Value>::from_request(request, state).await {
            Ok(axum::Json(value)) if value.is_object() => serde_path_to_error::deserialize(value)
                .map(Json)
                .map_err(|error| {
                    // The field at fault first, e.g. "choices.ads: invalid type: ...".
                    let path = error.path().to_string();
                    let at = if path == "." {
                        String::new()
                    } else {
                        format!("{path}: ")
                    };
                    AppError::BadRequest(format!("invalid body: {at}{}", error.inner()))
                }),
            Ok(_) => Err(AppError::BadRequest(
                "invalid body: a JSON object is required".to_owned(),
            )),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(AppError::PayloadTooLarge(format!(
                    "the body is larger than {} bytes",
                    MAX_BODY_BYTES
                )))
            }
            Err(rejection) => Err(AppError::BadRequest(json_problem(&rejection))),
        }
    }
}

fn json_problem(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "the body must be JSON (Content-Type: application/json)".to_owned()
        }
        JsonRejection::JsonSyntaxError(error) => format!("malformed JSON: {}", error.body_text()),
        JsonRejection::JsonDataError(error) => format!("invalid body: {}", error.body_text()),
        other => other.body_text(),
    }
}

/// `axum::extract::Query` with an [`AppError`] rejection naming the parameter.
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(error)) => Err(
                AppError::BadRequest(format!("invalid query: {}", error.body_text())),
            ),
            Err(other) => Err(AppError::BadRequest(other.body_text())),
        }
    }
}

/// An optional query value with a default: absent is "" (the default), given but empty
/// is a 400 naming it, as the API's document says.
pub fn optional(name: &str, value: Option<String>) -> Result<String, AppError> {
    match value {
        Some(value) if value.is_empty() => Err(AppError::BadRequest(format!(
            "{name}: empty; leave it out for the default"
        ))),
        value => Ok(value.unwrap_or_default()),
    }
}
