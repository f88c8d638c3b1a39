//! The crate's one error type and its gRPC status. A rule a write breaks travels as a
//! google.rpc.BadRequest detail naming the field, so the gateway can name it too.

use proto::error::ErrorCode;
use tonic_types::{ErrorDetails, StatusExt};

use crate::bundle::BundleError;
use crate::domain::invalid::Invalid;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Bundle(#[from] BundleError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(
        "the catalogue store has no site '{0}': import a bundle (svc-catalogue import DIR) or write one through the ingest API"
    )]
    NoSite(String),
    #[error("DATA_DIR {dir}: cannot be made: {source}")]
    DataDir { dir: String, source: std::io::Error },
    #[error("site {site}: the stored catalogue cannot be served: {problem}")]
    Unreadable { site: String, problem: String },
    #[error("no {kind} with id '{id}'")]
    NotFound { kind: &'static str, id: String },
    #[error("{0}")]
    InvalidArgument(String),
    /// A written record breaks a rule.
    #[error("{0}")]
    Invalid(Invalid),
    /// No ingest key, or one that is unknown or revoked.
    #[error("{0}")]
    Unauthenticated(&'static str),
    #[error(
        "the '{0}' hand-off is not offered: the ticketing provider's handOffs does not name it"
    )]
    HandOffNotOffered(String),
    #[error("the showtime '{0}' has started: it is no longer sold")]
    Started(String),
    /// A site template this deployment has not installed (SITE_TEMPLATES_DIR).
    #[error("{0}")]
    NoTemplate(String),
    #[error("search failed: {0}")]
    Search(#[from] tantivy::TantivyError),
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
}

impl From<Invalid> for Error {
    fn from(invalid: Invalid) -> Self {
        Error::Invalid(invalid)
    }
}

impl Error {
    /// The kind of failure, as the platform's one mapping tells it to gRPC and HTTP.
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::NotFound { .. } | Error::HandOffNotOffered(_) => ErrorCode::NotFound,
            Error::InvalidArgument(_) | Error::Invalid(_) => ErrorCode::InvalidArgument,
            Error::Unauthenticated(_) => ErrorCode::Unauthenticated,
            Error::Bundle(_) | Error::NoSite(_) | Error::Started(_) | Error::NoTemplate(_) => {
                ErrorCode::FailedPrecondition
            }
            Error::Store(store) => match store {
                StoreError::NotFound { .. } => ErrorCode::NotFound,
                StoreError::Stale(_) | StoreError::Exists(_) => ErrorCode::Conflict,
                StoreError::EmptyDraft => ErrorCode::FailedPrecondition,
                StoreError::Conflict(_) | StoreError::NoSite(_) | StoreError::Limit(_) => {
                    ErrorCode::FailedPrecondition
                }
                StoreError::Database(_) | StoreError::Migrate(_) => ErrorCode::ServiceUnavailable,
                StoreError::Corrupt { .. } | StoreError::Random(_) => ErrorCode::Internal,
            },
            Error::Unreadable { .. } | Error::DataDir { .. } | Error::Search(_) => {
                ErrorCode::Internal
            }
            Error::Transport(_) => ErrorCode::ServiceUnavailable,
        }
    }

    /// The field at fault, when the error names one.
    fn invalid(&self) -> Option<&Invalid> {
        match self {
            Error::Invalid(invalid)
            | Error::Store(StoreError::Conflict(invalid) | StoreError::Exists(invalid)) => {
                Some(invalid)
            }
            _ => None,
        }
    }
}

impl From<Error> for tonic::Status {
    /// A status of the error's code; one that names a field carries it as a
    /// google.rpc.BadRequest violation.
    fn from(error: Error) -> Self {
        let code = error.code().grpc_code();
        match error.invalid() {
            Some(invalid) => tonic::Status::with_error_details(
                code,
                invalid.to_string(),
                ErrorDetails::with_bad_request_violation(
                    invalid.field.clone(),
                    invalid.problem.clone(),
                ),
            ),
            None => tonic::Status::new(code, error.to_string()),
        }
    }
}
