//! The crate's one error type and its gRPC status (the platform's one mapping).

use proto::error::ErrorCode;
use tonic_types::{ErrorDetails, StatusExt};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input; the message starts with the field it is about, `field: problem`, as
    /// every refusal of the domain does.
    #[error("{0}")]
    InvalidArgument(String),
    /// No live session, or an invitation that cannot be used.
    #[error("{0}")]
    Unauthenticated(String),
    #[error("{0}")]
    FailedPrecondition(String),
    #[error("{0}")]
    NotFound(String),
    /// A grant on the site without the permission the call needs.
    #[error("{0}")]
    PermissionDenied(String),
    #[error("{0}")]
    Conflict(String),
    /// More calls than the staff member's budget allows: try again shortly.
    #[error("{0}")]
    TooMany(String),
    /// svc-loyalty refused or did not answer a member-support call.
    #[error("loyalty: {}", .0.message())]
    Loyalty(tonic::Status),
    /// Too much under way: the caller should try again later.
    #[error("{0}")]
    Busy(String),
    /// The WebAuthn relying party could not begin a ceremony (its setting, or the
    /// platform's randomness).
    #[error("passkeys: {0}")]
    Webauthn(String),
    /// A stored value (a staff id, a passkey or a ceremony's state) that does not read.
    #[error("stored value: {0}")]
    Corrupt(String),
    #[error("staff store: {0}")]
    Store(#[from] sqlx::Error),
    #[error("stored value: {0}")]
    Json(#[from] serde_json::Error),
    #[error("random token: {0}")]
    Random(#[from] getrandom::Error),
    #[error("'{path}': {source}")]
    File {
        path: String,
        source: std::io::Error,
    },
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
    /// svc-catalogue refused or did not answer a call made for the staff member.
    #[error("catalogue: {}", .0.message())]
    Catalogue(tonic::Status),
    /// The single sign-on provider could not be reached, or answered what does not read
    /// (its discovery document, keys or token endpoint): the caller may try again.
    #[error("single sign-on provider: {0}")]
    Provider(String),
    /// A sign-in link that could not be mailed: the caller should ask again.
    #[error("mail: {0}")]
    Mail(#[from] platform::mail::MailError),
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        match error {
            Error::InvalidArgument(message) => invalid_argument(message),
            Error::Unauthenticated(message) => ErrorCode::Unauthenticated.status(message),
            Error::FailedPrecondition(message) => ErrorCode::FailedPrecondition.status(message),
            Error::NotFound(message) => ErrorCode::NotFound.status(message),
            Error::PermissionDenied(message) => ErrorCode::Forbidden.status(message),
            Error::Conflict(message) => ErrorCode::Conflict.status(message),
            Error::Busy(message) => ErrorCode::ServiceUnavailable.status(message),
            Error::TooMany(message) => ErrorCode::TooManyRequests.status(message),
            Error::Loyalty(status) => passed_on(status, "loyalty"),
            Error::Store(ref cause) => {
                tracing::error!(%cause, "staff store failed");
                ErrorCode::ServiceUnavailable.status("the staff store is unavailable")
            }
            Error::Catalogue(status) => passed_on(status, "catalogue"),
            Error::Provider(ref cause) => {
                tracing::error!(%cause, "the single sign-on provider failed");
                ErrorCode::ServiceUnavailable
                    .status("the single sign-on provider cannot be reached: try again")
            }
            Error::Mail(ref cause) => {
                tracing::error!(%cause, "a sign-in link was not mailed");
                ErrorCode::ServiceUnavailable
                    .status("the sign-in link could not be mailed: ask again")
            }
            Error::Random(_)
            | Error::File { .. }
            | Error::Transport(_)
            | Error::Webauthn(_)
            | Error::Corrupt(_)
            | Error::Json(_) => {
                tracing::error!(%error, "studio failed");
                ErrorCode::Internal.status("the studio failed")
            }
        }
    }
}

/// What the `service` (svc-catalogue, svc-loyalty) answered, passed on when it is about
/// the call (a refusal naming a field, a conflict); its being away or failing is the
/// studio's 503.
fn passed_on(status: tonic::Status, service: &str) -> tonic::Status {
    match status.code() {
        tonic::Code::InvalidArgument
        | tonic::Code::NotFound
        | tonic::Code::AlreadyExists
        | tonic::Code::Aborted
        | tonic::Code::FailedPrecondition => status,
        _ => {
            // The code alone: a service's message may carry a member's address (a mail
            // relay's refusal).
            tracing::error!(code = ?status.code(), service, "a service failed a studio call");
            ErrorCode::ServiceUnavailable.status(format!("the {service} service is unavailable"))
        }
    }
}

/// INVALID_ARGUMENT naming the field at fault as a google.rpc.BadRequest violation, which
/// the gateway answers as the error body's `field`.
fn invalid_argument(message: String) -> tonic::Status {
    let field = message
        .split_once(": ")
        .map(|(field, _)| field)
        .filter(|field| {
            !field.is_empty() && field.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
        });
    match field {
        Some(field) => {
            let details = ErrorDetails::with_bad_request_violation(field, message.clone());
            tonic::Status::with_error_details(tonic::Code::InvalidArgument, message, details)
        }
        None => ErrorCode::InvalidArgument.status(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_its_field_in_the_status_details() {
        let status = tonic::Status::from(Error::InvalidArgument(
            "email: 'ana' is not an e-mail address".to_owned(),
        ));
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        let violations = status
            .get_details_bad_request()
            .expect("a BadRequest detail")
            .field_violations;
        assert_eq!(violations[0].field, "email");
        let status = tonic::Status::from(Error::InvalidArgument("no field here".to_owned()));
        assert!(status.get_details_bad_request().is_none());
    }
}
