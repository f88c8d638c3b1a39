//! The crate's one error type and its gRPC status (the platform's one mapping).

use proto::error::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input; the message names the field.
    #[error("{0}")]
    InvalidArgument(String),
    #[error("consent receipt store: {0}")]
    Store(#[from] sqlx::Error),
    #[error("DATA_DIR: cannot create '{path}': {source}")]
    DataDir {
        path: String,
        source: std::io::Error,
    },
    #[error("gRPC server failed: {0}")]
    Transport(#[from] tonic::transport::Error),
}

impl From<Error> for tonic::Status {
    fn from(error: Error) -> Self {
        match error {
            Error::InvalidArgument(message) => ErrorCode::InvalidArgument.status(message),
            Error::Store(ref cause) => {
                tracing::error!(%cause, "consent receipt store failed");
                ErrorCode::ServiceUnavailable.status("the consent receipt store is unavailable")
            }
            Error::DataDir { .. } | Error::Transport(_) => {
                ErrorCode::ServiceUnavailable.status(error.to_string())
            }
        }
    }
}
