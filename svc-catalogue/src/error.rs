//! The crate's one error type and its gRPC status.

use crate::bundle::BundleError;
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
    #[error(
        "the '{0}' hand-off is not offered: the ticketing provider's handOffs does not name it"
    )]
    HandOffNotOffered(String),
    #[error("search failed: {0}")]
    Search(#[from] tantivy::TantivyError),
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        match &error {
            Error::NotFound { .. } | Error::HandOffNotOffered(_) => {
                tonic::Status::not_found(error.to_string())
            }
            Error::InvalidArgument(_) => tonic::Status::invalid_argument(error.to_string()),
            Error::Bundle(_) | Error::NoSite(_) => {
                tonic::Status::failed_precondition(error.to_string())
            }
            Error::Store(_) => tonic::Status::unavailable(error.to_string()),
            Error::Unreadable { .. } | Error::DataDir { .. } => {
                tonic::Status::internal(error.to_string())
            }
            Error::Transport(_) => tonic::Status::unavailable(error.to_string()),
            Error::Search(_) => tonic::Status::internal(error.to_string()),
        }
    }
}
