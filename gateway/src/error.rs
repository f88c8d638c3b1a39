//! The gateway's one error type. Every failure answers `{"error": {"code", "message"}}`
//! with a fitting status: never an HTML page, never a stack trace.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use proto::error::ErrorCode;
use tonic_types::StatusExt;

/// What a caller refused because a service or the gateway is busy or down is told to
/// wait before trying again, in seconds (`Retry-After`).
pub const RETRY_AFTER_SECONDS: u32 = 1;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Bad input from the client; the message names what is wrong.
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    /// A field of the body breaks a rule; the error body names it in `field`.
    #[error("{field}: {problem}")]
    InvalidField { field: String, problem: String },
    /// No credentials, or credentials that are not (or no longer) valid.
    #[error("{0}")]
    Unauthenticated(String),
    /// A service answered with an error, or could not be reached in time.
    #[error("{service}: {status}")]
    Service {
        service: &'static str,
        status: tonic::Status,
    },
}

impl AppError {
    pub fn catalogue(status: tonic::Status) -> AppError {
        AppError::Service {
            service: "catalogue",
            status,
        }
    }

    pub fn ads(status: tonic::Status) -> AppError {
        AppError::Service {
            service: "ads",
            status,
        }
    }

    pub fn consent(status: tonic::Status) -> AppError {
        AppError::Service {
            service: "consent",
            status,
        }
    }

    pub fn studio(status: tonic::Status) -> AppError {
        AppError::Service {
            service: "studio",
            status,
        }
    }

    pub fn loyalty(status: tonic::Status) -> AppError {
        AppError::Service {
            service: "loyalty",
            status,
        }
    }

    /// The HTTP status this error answers with.
    pub fn status(&self) -> StatusCode {
        self.parts().0
    }

    /// The field at fault, when the error names one: of the body, or as a service named
    /// it (a google.rpc.BadRequest detail of its status).
    fn field(&self) -> Option<String> {
        match self {
            AppError::InvalidField { field, .. } => Some(field.clone()),
            AppError::Service { status, .. } => status
                .get_details_bad_request()
                .and_then(|details| details.field_violations.into_iter().next())
                .map(|violation| violation.field)
                .filter(|field| !field.is_empty()),
            _ => None,
        }
    }

    fn parts(&self) -> (StatusCode, &'static str, String) {
        match self {
            AppError::InvalidField { .. } => (
                StatusCode::BAD_REQUEST,
                "invalid_argument",
                self.to_string(),
            ),
            AppError::Unauthenticated(message) => {
                (StatusCode::UNAUTHORIZED, "unauthenticated", message.clone())
            }
            AppError::BadRequest(message) => {
                (StatusCode::BAD_REQUEST, "invalid_argument", message.clone())
            }
            AppError::NotFound(message) => (StatusCode::NOT_FOUND, "not_found", message.clone()),
            AppError::PayloadTooLarge(message) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                message.clone(),
            ),
            AppError::Service { service, status } => {
                let code = effective_code(status);
                let error = ErrorCode::from_grpc(code);
                let http = StatusCode::from_u16(error.http_status())
                    .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
                let message = match code {
                    tonic::Code::Unavailable
                    | tonic::Code::DeadlineExceeded
                    | tonic::Code::Cancelled => {
                        format!("the {service} service is unavailable, please try again shortly")
                    }
                    // Internal details stay in the logs.
                    tonic::Code::Internal | tonic::Code::Unknown | tonic::Code::DataLoss => {
                        format!("the {service} service failed")
                    }
                    _ => status.message().to_owned(),
                };
                (http, error.as_str(), message)
            }
        }
    }
}

/// What a service call's failure counts as. A status that tonic made on this side of the
/// wire from a broken connection (the service went away mid-call) carries the transport
/// error as its source and says Unknown: to the visitor that is the service being
/// unavailable (503, try again), not the service failing (500). A status the service
/// itself sent has no source.
fn effective_code(status: &tonic::Status) -> tonic::Code {
    let code = status.code();
    let local = std::error::Error::source(status).is_some();
    if local && matches!(code, tonic::Code::Unknown | tonic::Code::Internal) {
        tonic::Code::Unavailable
    } else {
        code
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code, message) = self.parts();
        if status.is_server_error() {
            tracing::warn!(error = %self, "request failed");
        }
        let mut response = error_body(status, code, &message, self.field());
        // RFC 9110: a 401 says how to authenticate.
        if status == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Bearer"),
            );
        }
        // A service down or busy: worth trying again shortly.
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, RETRY_AFTER_SECONDS.into());
        }
        response
    }
}

/// The JSON error body every failing route answers with: `{"error": {"code", "message"}}`.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ErrorDetail {
    /// A stable, machine-readable code: invalid_argument, not_found, payload_too_large,
    /// service_unavailable, ...
    code: String,
    /// What is wrong, naming the field or parameter at fault.
    message: String,
    /// The field at fault, where the error is about one field of the body, such as
    /// `showtimes[3].startsAt`.
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<String>,
}

pub fn error_response(status: StatusCode, code: &str, message: &str) -> Response {
    error_body(status, code, message, None)
}

fn error_body(status: StatusCode, code: &str, message: &str, field: Option<String>) -> Response {
    let body = ErrorBody {
        error: ErrorDetail {
            code: code.to_owned(),
            message: message.to_owned(),
            field,
        },
    };
    (status, Json(body)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_broken_mid_call_is_503_and_a_failure_the_service_sent_is_500() {
        let broken = tonic::Status::from_error(Box::new(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "connection reset by peer",
        )));
        assert_eq!(broken.code(), tonic::Code::Unknown);
        assert_eq!(
            AppError::loyalty(broken).parts().0,
            StatusCode::SERVICE_UNAVAILABLE
        );
        let sent = tonic::Status::unknown("the member store failed");
        assert_eq!(
            AppError::loyalty(sent).parts().0,
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    #[test]
    fn a_service_that_cannot_be_reached_is_a_503_naming_the_service() {
        let error = AppError::catalogue(tonic::Status::unavailable("tcp connect error"));
        let (status, code, message) = error.parts();
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(code, "service_unavailable");
        assert!(message.contains("catalogue"), "{message}");
        assert!(!message.contains("tcp"), "{message}");
    }

    #[test]
    fn a_service_not_found_keeps_its_message() {
        let error = AppError::catalogue(tonic::Status::not_found("no movie with id 'm-9'"));
        let (status, _, message) = error.parts();
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(message, "no movie with id 'm-9'");
    }

    #[test]
    fn internal_details_do_not_reach_the_client() {
        let error = AppError::ads(tonic::Status::internal("panic at src/x.rs:12"));
        let (status, _, message) = error.parts();
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!message.contains("src/x.rs"), "{message}");
    }
}
