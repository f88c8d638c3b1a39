//! Extractors whose rejections are [`AppError`]s, so malformed input reads like every
//! other error: JSON, 400, naming what is wrong.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
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

/// A JSON body read strictly: a malformed one, a field of the wrong type and a field the
/// API does not know are each refused naming the field.
pub struct StrictJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for StrictJson<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("application/json"));
        if !json {
            return Err(AppError::BadRequest(
                "the body must be JSON (Content-Type: application/json)".to_owned(),
            ));
        }
        let bytes = axum::body::Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    AppError::PayloadTooLarge(format!(
                        "the body is larger than this call takes: {}",
                        rejection.body_text()
                    ))
                } else {
                    AppError::BadRequest(format!("the body could not be read: {rejection}"))
                }
            })?;
        strict_json(&bytes).map(StrictJson)
    }
}

/// `bytes`, a JSON object, as a `T`, refusing fields `T` does not have. (serde would
/// also read a struct from an array of its fields in order, which no body here is.)
pub(crate) fn strict_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    if bytes.iter().find(|byte| !byte.is_ascii_whitespace()) != Some(&b'{') {
        return Err(AppError::BadRequest(
            "invalid body: a JSON object is required".to_owned(),
        ));
    }
    let mut unknown = None;
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let mut note = |path: serde_ignored::Path<'_>| {
        unknown.get_or_insert_with(|| field_path(&path));
    };
    let ignoring = serde_ignored::Deserializer::new(&mut deserializer, &mut note);
    let value: T = serde_path_to_error::deserialize(ignoring).map_err(|error| {
        let field = error.path().to_string();
        let problem = error.inner().to_string();
        if error.inner().is_syntax() || error.inner().is_eof() {
            AppError::BadRequest(format!("malformed JSON: {problem}"))
        } else {
            AppError::InvalidField {
                field: if field == "." { String::new() } else { field },
                problem,
            }
        }
    })?;
    deserializer
        .end()
        .map_err(|error| AppError::BadRequest(format!("malformed JSON: {error}")))?;
    match unknown {
        Some(field) => Err(AppError::InvalidField {
            field,
            problem: "not a field of this API".to_owned(),
        }),
        None => Ok(value),
    }
}

/// A path as the errors name it: `showtimes[3].startsAt`.
fn field_path(path: &serde_ignored::Path<'_>) -> String {
    use serde_ignored::Path as At;
    match path {
        At::Root => String::new(),
        At::Seq { parent, index } => format!("{}[{index}]", field_path(parent)),
        At::Map { parent, key } => match field_path(parent) {
            parent if parent.is_empty() => key.clone(),
            parent => format!("{parent}.{key}"),
        },
        At::Some { parent } | At::NewtypeStruct { parent } | At::NewtypeVariant { parent } => {
            field_path(parent)
        }
    }
}

/// `body`'s id, which is the address's: given, it must be the same; left out, the
/// address's applies.
pub fn same_id(in_address: &str, in_body: &mut String, field: &str) -> Result<(), AppError> {
    if in_body.is_empty() {
        in_address.clone_into(in_body);
        Ok(())
    } else if in_body == in_address {
        Ok(())
    } else {
        Err(AppError::InvalidField {
            field: field.to_owned(),
            problem: format!("'{in_body}' is not the {field} in the address ('{in_address}')"),
        })
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
