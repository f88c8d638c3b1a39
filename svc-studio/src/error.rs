//! The crate's one error type and its gRPC status (the platform's one mapping).

use proto::error::ErrorCode;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input; the message names the field.
    #[error("{0}")]
    InvalidArgument(String),
    /// No live session, or an invitation that cannot be used.
    #[error("{0}")]
    Unauthenticated(String),
    #[error("{0}")]
    FailedPrecondition(String),
    #[error("staff store: {0}")]
    Store(#[from] sqlx::Error),
    #[error("random token: {0}")]
    Random(#[from] getrandom::Error),
    #[error("'{path}': {source}")]
    File {
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
            Error::Unauthenticated(message) => ErrorCode::Unauthenticated.status(message),
            Error::FailedPrecondition(message) => ErrorCode::FailedPrecondition.status(message),
            Error::Store(ref cause) => {
                tracing::error!(%cause, "staff store failed");
                ErrorCode::ServiceUnavailable.status("the staff store is unavailable")
            }
            Error::Random(_) | Error::File { .. } | Error::Transport(_) => {
                tracing::error!(%error, "studio failed");
                ErrorCode::Internal.status("the studio failed")
            }
        }
    }
}
