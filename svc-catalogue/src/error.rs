//! The crate's one error type and its gRPC status. A rule a write breaks travels as a
//! google.rpc.BadRequest detail naming the field, so the gateway can name it too.

use tonic_types::{ErrorDetails, StatusExt};

use crate::bundle::BundleError;
use crate::domain::checks::Invalid;
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

/// A status of `code` naming the field at fault.
fn naming(code: tonic::Code, invalid: &Invalid) -> tonic::Status {
    tonic::Status::with_error_details(
        code,
        invalid.to_string(),
        ErrorDetails::with_bad_request_violation(invalid.field.clone(), invalid.problem.clone()),
    )
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        match &error {
            Error::NotFound { .. } | Error::HandOffNotOffered(_) => {
                tonic::Status::not_found(error.to_string())
            }
            Error::InvalidArgument(_) => tonic::Status::invalid_argument(error.to_string()),
            Error::Invalid(invalid) => naming(tonic::Code::InvalidArgument, invalid),
            Error::Unauthenticated(_) => tonic::Status::unauthenticated(error.to_string()),
            Error::Bundle(_) | Error::NoSite(_) => {
                tonic::Status::failed_precondition(error.to_string())
            }
            Error::Store(store) => match store {
                StoreError::NotFound { .. } => tonic::Status::not_found(store.to_string()),
                StoreError::Conflict(invalid) => naming(tonic::Code::FailedPrecondition, invalid),
                StoreError::NoSite(_) => tonic::Status::failed_precondition(store.to_string()),
                StoreError::Database(_) | StoreError::Migrate(_) => {
                    tonic::Status::unavailable(store.to_string())
                }
                StoreError::Corrupt { .. } | StoreError::Random(_) => {
                    tonic::Status::internal(store.to_string())
                }
            },
            Error::Unreadable { .. } | Error::DataDir { .. } => {
                tonic::Status::internal(error.to_string())
            }
            Error::Transport(_) => tonic::Status::unavailable(error.to_string()),
            Error::Search(_) => tonic::Status::internal(error.to_string()),
        }
    }
}
